//! `convert`: records between JSON and the game text; the game text read wherever a record
//! is (`replay`, `position`, `render`).

mod common;

use common::*;

#[test]
fn records_convert_to_the_game_text_and_back() {
    let dir = temp_dir("game-text");
    for (game, players) in [("tigris", "2"), ("cards", "3"), ("sumeria", "3")] {
        let json = dir.join(format!("{game}.json"));
        play_recorded(game, players, "9", "greedy", &json);
        let o = run(&["convert", json.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
        let text = stdout(&o);
        assert!(text.starts_with(&format!("[Game \"{game}\"]\n")), "{text}");
        assert!(
            text.contains("[Seed \"9\"]") && text.contains("[Ranks "),
            "{text}"
        );
        let text_file = dir.join(format!("{game}.txt"));
        std::fs::write(&text_file, &text).unwrap();

        // Back to JSON: the record as `play` wrote it.
        let o = run(&["convert", text_file.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(
            stdout(&o).trim_end(),
            std::fs::read_to_string(&json).unwrap().trim_end()
        );
        assert_eq!(
            stdout(&run(&["convert", json.to_str().unwrap(), "--to", "json"])).trim_end(),
            stdout(&o).trim_end()
        );
        assert_eq!(
            stdout(&run(&[
                "convert",
                text_file.to_str().unwrap(),
                "--to",
                "text"
            ])),
            text
        );

        // Read wherever a record is.
        for command in [&["replay"][..], &["position"], &["render"]] {
            let mut args = command.to_vec();
            let (a, b) = (text_file.to_str().unwrap(), json.to_str().unwrap());
            args.push(a);
            let from_text = run(&args);
            args.pop();
            args.push(b);
            let from_json = run(&args);
            assert!(
                from_text.status.success(),
                "{command:?}: {}",
                stderr(&from_text)
            );
            assert_eq!(stdout(&from_text), stdout(&from_json), "{command:?}");
        }

        // `play --record FILE.txt` writes the game text; it reads back as the JSON does.
        let written = dir.join(format!("{game}-played.txt"));
        play_recorded(game, players, "9", "greedy", &written);
        assert_eq!(std::fs::read_to_string(&written).unwrap(), text);

        // A changed step is refused with its line.
        let broken = dir.join(format!("{game}-broken.txt"));
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        let last = lines.len() - 1;
        lines[last] = format!("{}; nonsense", lines[last]);
        std::fs::write(&broken, lines.join("\n")).unwrap();
        let o = run(&["replay", broken.to_str().unwrap()]);
        assert!(!o.status.success());
        assert!(
            stderr(&o).contains(&format!("line {}: `nonsense`", last + 1)),
            "{}",
            stderr(&o)
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
