//! `position`: positions printed in full and on one line, read back from files, from the
//! command line and from records; one-line positions accepted where positions are.

mod common;

use common::*;

/// A record of a seeded bot game cut after `keep` steps (no `end`): a game in progress.
fn record_in_progress(dir: &std::path::Path, game: &str, players: &str, keep: usize) -> String {
    let whole = dir.join(format!("{game}-whole.json"));
    play_recorded(game, players, "5", "random", &whole);
    let path = dir.join(format!("{game}-part.json"));
    cut_record(&whole, keep, &path);
    path.to_str().unwrap().to_owned()
}

#[test]
fn positions_print_in_full_and_on_one_line_and_read_back() {
    let dir = temp_dir("positions");
    for (game, players) in [("tigris", "3"), ("cards", "2"), ("sumeria", "4")] {
        let record = record_in_progress(&dir, game, players, 60);
        let o = run(&["position", &record]);
        assert!(o.status.success(), "{}", stderr(&o));
        let full = stdout(&o);
        assert!(full.lines().count() > 5, "{full}");
        let o = run(&["position", &record, "--compact"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let line = stdout(&o);
        assert_eq!(line.lines().count(), 1, "{line}");
        assert!(line.starts_with(game) && line.contains(" | "), "{line}");

        // The one-line form, from a file and from the command line, prints the same position.
        let file = dir.join(format!("{game}.txt"));
        std::fs::write(&file, &line).unwrap();
        assert_eq!(stdout(&run(&["position", file.to_str().unwrap()])), full);
        assert_eq!(stdout(&run(&["position", line.trim_end()])), full);
        let full_file = dir.join(format!("{game}-full.txt"));
        std::fs::write(&full_file, &full).unwrap();
        assert_eq!(
            stdout(&run(&[
                "position",
                full_file.to_str().unwrap(),
                "--compact"
            ])),
            line
        );

        // Where a position is taken, the one-line form is too.
        let o = run(&["render", line.trim_end()]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).starts_with("<svg"), "{}", stdout(&o));
        let o = run(&[
            "play",
            game,
            "--from",
            file.to_str().unwrap(),
            "--bots",
            "random",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).contains("standings"), "{}", stdout(&o));
        let o = run(&["play", game, "--from", line.trim_end(), "--bots", "random"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).contains("standings"), "{}", stdout(&o));
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_broken_one_line_position_names_its_part() {
    let o = run(&[
        "position",
        "tigris players 2 board classic variant standard | 16.Z",
    ]);
    assert!(!o.status.success());
    assert_eq!(
        stderr(&o),
        "error: the one-line position: line 1: part 2: 1 rows in the board, expected 11 (rows are separated by `/`)\n"
    );
    refused(&["position", "no such file"], "cannot read no such file");
    refused(
        &["position", "chess x | y"],
        "neither a position (first line `tigris ...`, `cards ...` or `sumeria ...`) nor a game record",
    );
}
