//! `mesopotamia play` with people at the terminal, driven through standard input: the
//! table each person sees, the prompt and its commands, narration, hot seat.

mod common;

use std::process::{Command, Output};

use common::*;

#[test]
fn a_person_gets_a_clear_message_and_a_new_prompt() {
    let input = "tile purple Z9\ncatastrophe B2\n?\npass\n";
    let o = run_with_input(
        &[
            "play",
            "tigris",
            "--players",
            "2",
            "--human",
            "0",
            "--bots",
            "greedy",
            "--seed",
            "1",
        ],
        input,
    );
    let out = stdout(&o);
    // The person sees his own hand only, its colours named, and the tiles he drew.
    assert!(
        out.contains("seat 0 (you): hand red 2 blue 2 green 1 black 1 | vp red 0"),
        "{out}"
    );
    assert!(out.contains("seat 1: 6 tiles in hand | vp"), "{out}");
    assert!(out.contains("bag 131 tiles"), "{out}");
    assert!(
        out.contains("you drew: blue, blue, black, red, red, green"),
        "{out}"
    );
    // A short prompt; the legal list only on `?`, grouped.
    assert!(
        out.contains("750 legal actions (? to list them)\nseat 0> "),
        "{out}"
    );
    assert_eq!(out.matches("legal actions (750):").count(), 1, "{out}");
    assert!(
        out.contains("seat 0> legal actions (750):\n  pass\n  tile red: A1 B1"),
        "{out}"
    );
    assert!(
        out.contains("\n  swap: black:1, green:1, blue:1, "),
        "swaps on one line: {out}"
    );
    // The bot's moves and what they cause are told.
    assert!(out.contains("seat 0 (you): pass\n"), "{out}");
    assert!(!out.contains('\x1b'), "no colour when NO_COLOR is set");
    // A typo and an illegal action each get a clear message and a new prompt.
    assert!(
        out.contains("seat 0> `tile purple Z9` is not an action: unknown colour `purple`"),
        "{out}"
    );
    assert!(
        out.contains(
            "seat 0> `catastrophe B2` is not legal now: a catastrophe cannot hit a treasure"
        ),
        "{out}"
    );
    assert!(out.contains("seat 1 (greedy): "), "{out}");
    // The input ended before the game did: an error, not a hang.
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("the input ended before the game did"),
        "{}",
        stderr(&o)
    );
    let o = run_with_input(&["play", "cards", "--players", "2", "--human", "2"], "");
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("--human 2: the table has seats 0 to 1"),
        "{}",
        stderr(&o)
    );
}

/// Plays `play sumeria` with people in `humans` who ask for the legal list (`?`) and type
/// the first legal action listed, and press Enter at each hand-off screen; returns
/// everything printed, the number of prompts per seat, and the record.
/// A watchdog kills the game if it hangs (people waiting on each other's input).
fn first_legal_players(
    humans: &[&str],
    seed: &str,
    name: &str,
) -> (String, Vec<usize>, std::path::PathBuf) {
    use std::io::{BufRead as _, Read as _, Write as _};
    let dir = std::env::temp_dir().join(format!("mesopotamia-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.json");
    let mut command = Command::new(env!("CARGO_BIN_EXE_mesopotamia"));
    command.args([
        "play",
        "sumeria",
        "--players",
        "3",
        "--seed",
        seed,
        "--bots",
        "greedy",
    ]);
    for h in humans {
        command.args(["--human", h]);
    }
    let mut child = command
        .args(["--record", record.to_str().unwrap()])
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut output = std::io::BufReader::new(child.stdout.take().unwrap());
    let child = std::sync::Arc::new(std::sync::Mutex::new(child));
    let watched = std::sync::Arc::clone(&child);
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let finished = std::sync::Arc::clone(&done);
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(120));
        if !finished.load(std::sync::atomic::Ordering::Relaxed) {
            let _ = watched.lock().unwrap().kill();
        }
    });
    let (mut first_legal, mut prompts, mut all) = (None, vec![0; 3], String::new());
    let mut line = Vec::new();
    loop {
        // Read up to a newline, or up to a prompt (which has none).
        line.clear();
        let mut byte = [0u8];
        while output.read(&mut byte).unwrap_or(0) == 1 {
            line.push(byte[0]);
            if byte[0] == b'\n' || (line.starts_with(b"seat ") && line.ends_with(b"> ")) {
                break;
            }
        }
        if line.is_empty() {
            break;
        }
        let text = String::from_utf8_lossy(&line).into_owned();
        all.push_str(&text);
        if text.starts_with("legal actions") {
            let mut next = String::new();
            output.read_line(&mut next).unwrap();
            all.push_str(&next);
            let entry = next.trim();
            let action = match entry.split_once(": ") {
                // `move: A B, C D, ...` (many forms) or `add: A B C ...` (one form).
                Some((head, rest)) if rest.contains(',') => {
                    format!("{head} {}", rest.split(',').next().unwrap())
                }
                Some((head, rest)) => format!("{head} {}", rest.split(' ').next().unwrap()),
                None => entry.to_owned(),
            };
            first_legal = Some(action);
        } else if text.contains("who presses Enter") {
            writeln!(stdin).unwrap();
        } else if let Some(seat) = text
            .strip_prefix("seat ")
            .and_then(|t| t.strip_suffix("> "))
        {
            prompts[seat.parse::<usize>().unwrap()] += 1;
            match first_legal.take() {
                Some(action) => writeln!(stdin, "{action}").unwrap(),
                None => writeln!(stdin, "?").unwrap(),
            }
        }
    }
    let status = child.lock().unwrap().wait().unwrap();
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    assert!(status.success(), "the game failed or hung\n{all}");
    (all, prompts, record)
}

/// A person who always types the first legal action listed plays a whole game of
/// Sumeria to the end, and the record replays.
#[test]
fn a_person_plays_a_whole_game() {
    let (all, prompts, record) = first_legal_players(&["1"], "4", "one");
    assert!(prompts[1] > 10, "{prompts:?} prompts\n{all}");
    assert!(all.contains("standings:"), "{all}");
    let o = run(&["replay", record.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(all.ends_with(&stdout(&o)), "replay prints the same end");
    std::fs::remove_dir_all(record.parent().unwrap()).ok();
}

/// Two people share the terminal (hot seat): neither holds the input for good, and a
/// hand-off screen stands between one person's table and the other's.
#[test]
fn two_people_share_the_input() {
    let (all, prompts, record) = first_legal_players(&["0", "2"], "5", "two");
    assert!(
        prompts[0] > 10 && prompts[2] > 10 && prompts[1] == 0,
        "{prompts:?}\n{all}"
    );
    assert!(all.contains("standings:"), "{all}");
    // Each table after a hand-off is the view of the seat handed the terminal.
    let screens: Vec<&str> = all.split("-- seat ").skip(1).collect();
    assert!(screens.len() > 10, "{all}");
    for screen in &screens {
        let seat = &screen[..1];
        let table = screen.split("> ").next().unwrap();
        assert!(
            table.contains(&format!(
                "'s decision: pass the terminal to seat {seat}, who presses Enter --"
            )),
            "{screen}"
        );
        assert!(table.contains(&format!("seat {seat} (you): ")), "{screen}");
        assert_eq!(table.matches("(you)").count(), 2, "{screen}");
    }
    std::fs::remove_dir_all(record.parent().unwrap()).ok();
}

fn tigris_against_greedy(input: &str, extra: &[&str]) -> Output {
    let args = [
        &[
            "play",
            "tigris",
            "--players",
            "2",
            "--human",
            "0",
            "--bots",
            "greedy",
            "--seed",
            "1",
        ][..],
        extra,
    ]
    .concat();
    run_with_input(&args, input)
}

/// `undo` goes back to the person's previous decision; input in any letter case.
#[test]
fn undo_goes_back_to_the_previous_decision() {
    let o = tigris_against_greedy("undo\nTILE RED h4\nundo\nLeader King F4\n", &[]);
    let out = stdout(&o);
    assert!(
        out.contains("seat 0> nothing to undo: this is your first decision"),
        "{out}"
    );
    // The tile was played (any case), then taken back: the hand is whole again.
    assert!(out.contains("seat 0 (you): tile red H4\n"), "{out}");
    assert!(out.contains("hand red 1 blue 2 green 1 black 1"), "{out}");
    let back = out
        .split("-- back to your previous decision")
        .nth(1)
        .expect("undone");
    assert!(
        back.contains("seat 0 (you): hand red 2 blue 2 green 1 black 1"),
        "{back}"
    );
    assert!(
        back.contains("\n 4  ~  ~  ~  ~  .  .  .  .  ."),
        "H4 empty again: {back}"
    );
    assert!(back.contains("seat 0 (you): leader king F4"), "{back}");
    // With two people, undo would take back the other's decisions: refused.
    let o = run_with_input(
        &[
            "play",
            "sumeria",
            "--players",
            "3",
            "--human",
            "0",
            "--human",
            "1",
            "--seed",
            "1",
        ],
        "\nadd ur:t2\n\nundo\n",
    );
    let out = stdout(&o);
    assert!(
        out.contains("seat 0 (person): add Ur:T2"),
        "any case: {out}"
    );
    assert!(
        out.contains("seat 1> undo is for games against bots"),
        "{out}"
    );
}

/// `quit` saves the record (with `--record`), which `--from` continues; a position file
/// continues too, and the hand-off, refusals and reasons are plain.
#[test]
fn quit_saves_and_from_continues() {
    let dir = std::env::temp_dir().join(format!("mesopotamia-cli-quit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.json");
    let o = tigris_against_greedy(
        "tile red H4\nquit\n",
        &["--record", record.to_str().unwrap()],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains(&format!(
            "game saved in {} (13 steps): continue it with `mesopotamia play tigris --from {}`",
            record.display(),
            record.display()
        )),
        "{out}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(json["steps"].as_array().unwrap().len(), 13);
    assert!(json.get("end").is_none(), "an unfinished game has no end");
    // Continued where it stopped: one action left in the turn, the tile on H4.
    let o = run_with_input(
        &[
            "play",
            "tigris",
            "--from",
            record.to_str().unwrap(),
            "--human",
            "0",
        ],
        "quit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("to act (1 action left)"), "{out}");
    assert!(out.contains("hand red 1 blue 2 green 1 black 1"), "{out}");
    // A position file continues too.
    let o = run(&["replay", record.to_str().unwrap()]);
    let position_text = stdout(&o).replace("the game is not over\n", "");
    let position = dir.join("position.txt");
    std::fs::write(&position, &position_text).unwrap();
    // A person continues from a file and quits at once: the position's turn is shown.
    let continue_and_quit = |from: &std::path::Path, extra: &[&str]| {
        let mut args = vec![
            "play",
            "tigris",
            "--from",
            from.to_str().unwrap(),
            "--human",
            "0",
        ];
        args.extend_from_slice(extra);
        let o = run_with_input(&args, "quit\n");
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(
            stdout(&o).contains("to act (1 action left)"),
            "{}",
            stdout(&o)
        );
    };
    // Recorded from a position, the record starts there: it replays to that position, and
    // play continues from it.
    let from_position = dir.join("from-position.json");
    continue_and_quit(&position, &["--record", from_position.to_str().unwrap()]);
    let saved = std::fs::read_to_string(&from_position).unwrap();
    assert!(saved.contains("\"start\""), "{saved}");
    let o = run(&["replay", from_position.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o).replace("the game is not over\n", ""),
        position_text
    );
    continue_and_quit(&from_position, &[]);
    refused(
        &["play", "cards", "--from", record.to_str().unwrap()],
        "a record of a `tigris` game, not of `cards`",
    );
    refused(
        &[
            "play",
            "tigris",
            "--players",
            "3",
            "--from",
            record.to_str().unwrap(),
        ],
        "--from continues the game with the file's configuration",
    );
    // Even the default number of players, given, is an option the file's configuration
    // would silently overrule.
    refused(
        &[
            "play",
            "tigris",
            "--players",
            "4",
            "--from",
            record.to_str().unwrap(),
        ],
        "--from continues the game with the file's configuration",
    );
    // With no person (`--human none`), --from plays the game out between bots.
    let o = run(&[
        "play",
        "tigris",
        "--from",
        record.to_str().unwrap(),
        "--human",
        "none",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("standings:"), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).ok();
}

/// The card game says why an action is refused.
#[test]
fn a_refused_card_action_gives_its_reason() {
    let o = run_with_input(
        &[
            "play",
            "cards",
            "--players",
            "2",
            "--human",
            "0",
            "--seed",
            "1",
        ],
        "catastrophe 1/0\nBANK\nplay black 1\n",
    );
    let out = stdout(&o);
    assert!(
        out.contains("seat 0> `catastrophe 1/0` is not legal now: a catastrophe hits only a card without a leader below the column heads"),
        "{out}"
    );
    assert!(
        out.contains("seat 0> `bank` is not legal now: the decision now is an action"),
        "{out}"
    );
    // The hand's colours are named; the other hand is a count; the pile shows its top.
    assert!(out.contains("seat 0 (you): hand red "), "{out}");
    assert!(
        out.contains("seat 1: 8 cards in hand | pile empty"),
        "{out}"
    );
    assert!(out.contains("seat 0 (you): play black 1"), "{out}");
}

/// Colours come through anstream: forced on with `CLICOLOR_FORCE`, always off with
/// `NO_COLOR`, off by default when the output is not a terminal (as here).
#[test]
fn colours_follow_the_environment() {
    use std::io::Write as _;
    let play = |env: &[(&str, &str)]| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_mesopotamia"));
        command
            .args([
                "play",
                "tigris",
                "--players",
                "2",
                "--human",
                "0",
                "--seed",
                "1",
            ])
            .env_remove("NO_COLOR")
            .env_remove("CLICOLOR_FORCE")
            .env_remove("CLICOLOR")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        for (k, v) in env {
            command.env(k, v);
        }
        let mut child = command.spawn().unwrap();
        let _ = child.stdin.take().unwrap().write_all(b"quit\n");
        stdout(&child.wait_with_output().unwrap())
    };
    let forced = play(&[("CLICOLOR_FORCE", "1")]);
    assert!(forced.contains("\x1b[31mred\x1b[0m 2"), "{forced}");
    // The pieces the game marks: a temple with its treasure, the seat, `(you)`.
    assert!(forced.contains("\x1b[31mr*\x1b[0m"), "{forced}");
    assert!(forced.contains("\x1b[1m\x1b[33mseat 0\x1b[0m"), "{forced}");
    assert!(forced.contains("\x1b[1m(you)\x1b[0m"), "{forced}");
    let plain = play(&[]);
    assert!(!plain.contains('\x1b'), "not a terminal: {plain}");
    // Styles only wrap the game's text: without them it is the plain output.
    let mut stripped = String::new();
    let mut rest = forced.as_str();
    while let Some(at) = rest.find("\x1b[") {
        stripped.push_str(&rest[..at]);
        let end = rest[at..].find('m').map_or(rest.len(), |m| at + m + 1);
        rest = &rest[end..];
    }
    stripped.push_str(rest);
    assert_eq!(stripped, plain);
    let no_color = play(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]);
    assert!(!no_color.contains('\x1b'), "NO_COLOR wins: {no_color}");
}

/// After `quit`, the suggested `play GAME --from FILE` continues with the record's seats:
/// the same person, the same bot, recording to the same file; `--record`, `--human` and
/// `--bots` given explicitly win. A position file has no seats: bots only, as before.
#[test]
fn from_a_record_continues_with_its_seats_and_its_file() {
    let dir = std::env::temp_dir().join(format!("mesopotamia-cli-seats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.json");
    let path = record.to_str().unwrap();
    let o = tigris_against_greedy("tile red H4\nquit\n", &["--record", path]);
    assert!(o.status.success(), "{}", stderr(&o));
    let suggested = format!("continue it with `mesopotamia play tigris --from {path}`");
    assert!(stdout(&o).contains(&suggested), "{}", stdout(&o));
    let steps = |file: &std::path::Path| -> (usize, serde_json::Value) {
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        (
            json["steps"].as_array().unwrap().len(),
            json["bots"].clone(),
        )
    };
    assert_eq!(steps(&record).0, 13);
    // Exactly the suggested command: seat 0 is the person again, seat 1 the greedy bot,
    // and the game goes on being recorded in the same file.
    let o = run_with_input(&["play", "tigris", "--from", path], "pass\nquit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("seat 0 (you): pass\n"), "{out}");
    assert!(out.contains("seat 1 (greedy): "), "{out}");
    assert!(out.contains(&suggested), "{out}");
    let (after, bots) = steps(&record);
    assert!(after > 13, "{after} steps: the continuation was recorded");
    assert_eq!(bots, serde_json::json!(["person", "greedy"]));
    // `--record` elsewhere keeps the original as it was.
    let copy = dir.join("copy.json");
    let o = run_with_input(
        &[
            "play",
            "tigris",
            "--from",
            path,
            "--record",
            copy.to_str().unwrap(),
        ],
        "pass\nquit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(steps(&record).0, after, "the original is untouched");
    assert!(steps(&copy).0 > after);
    // `--bots` replaces the bots and keeps the person; `--human` moves the person.
    let o = run_with_input(
        &[
            "play",
            "tigris",
            "--from",
            path,
            "--bots",
            "random",
            "--record",
            copy.to_str().unwrap(),
        ],
        "quit\n",
    );
    assert!(stdout(&o).contains("seat 0> "), "{}", stdout(&o));
    assert_eq!(steps(&copy).1, serde_json::json!(["person", "random"]));
    let o = run_with_input(
        &[
            "play",
            "tigris",
            "--from",
            path,
            "--human",
            "1",
            "--record",
            copy.to_str().unwrap(),
        ],
        "quit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("seat 1> "), "{}", stdout(&o));
    assert_eq!(steps(&copy).1, serde_json::json!(["random", "person"]));
    // `--human none`: the bots play it out, and the record ends.
    let o = run(&["play", "tigris", "--from", path, "--human", "none"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("standings:"), "{}", stdout(&o));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(json["end"], "rules");
    assert_eq!(json["bots"], serde_json::json!(["random", "greedy"]));
    refused(
        &[
            "play", "tigris", "--from", path, "--human", "none", "--human", "0",
        ],
        "--human none means no person at all",
    );
    refused(
        &["play", "tigris", "--from", path],
        "the game is over: nothing to continue",
    );
    let help = stdout(&run(&["play", "--help"]));
    assert!(
        help.contains("With `--from RECORD` the default is that record's own file"),
        "{help}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A position file continues with the seats the command line gives (it records none), and
/// is never written to.
#[test]
fn from_a_position_keeps_the_command_lines_seats() {
    let dir = std::env::temp_dir().join(format!("mesopotamia-cli-pos-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.json");
    let o = tigris_against_greedy("quit\n", &["--record", record.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text =
        stdout(&run(&["replay", record.to_str().unwrap()])).replace("the game is not over\n", "");
    let position = dir.join("position.txt");
    std::fs::write(&position, &text).unwrap();
    let o = run(&["play", "tigris", "--from", position.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("standings:"),
        "bots only: {}",
        stdout(&o)
    );
    assert_eq!(std::fs::read_to_string(&position).unwrap(), text);
    std::fs::remove_dir_all(&dir).ok();
}

/// `play GAME --legend` prints the library's legend of the board's symbols, and `?` at the
/// prompt shows it with the legal actions.
#[test]
fn the_legend_explains_the_board() {
    let legends: [(&str, &[(&str, &str)]); 3] = [
        ("tigris", mesopotamia::tigris::position::LEGEND),
        ("cards", mesopotamia::cards::position::LEGEND),
        ("sumeria", mesopotamia::sumeria::position::LEGEND),
    ];
    for (game, legend) in legends {
        let o = run(&["play", game, "--legend"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        for (symbols, meaning) in legend {
            let line = out
                .lines()
                .find(|l| l.trim_start().starts_with(symbols))
                .unwrap_or_else(|| panic!("{game}: no line for `{symbols}` in {out}"));
            assert!(line.ends_with(meaning), "{line}");
        }
        assert_eq!(out.lines().count(), legend.len() + 1, "{out}");
    }
    let o = tigris_against_greedy("?\nquit\n", &[]);
    let out = stdout(&o);
    let listed = out.split("seat 0> ").nth(1).unwrap();
    assert!(listed.contains("legal actions (750):"), "{listed}");
    assert!(
        listed.contains("legend of the board's symbols:"),
        "{listed}"
    );
    assert!(listed.contains("NP NF NT NK"), "{listed}");
}

/// Whether a board diagram (the table a seat sees) has a piece next to `square` (`F3`).
fn touches_a_piece(table: &str, square: &str) -> bool {
    let mut lines = table.lines();
    lines
        .by_ref()
        .find(|l| l.trim_start().starts_with("A  B  C"))
        .expect("a diagram");
    let rows: Vec<Vec<&str>> = lines
        .take(11)
        .map(|l| l.split_whitespace().skip(1).collect())
        .collect();
    let column = (square.as_bytes()[0] - b'A') as i32;
    let row = square[1..].parse::<i32>().unwrap() - 1;
    [(0, 1), (0, -1), (1, 0), (-1, 0)].iter().any(|(dc, dr)| {
        let (c, r) = (column + dc, row + dr);
        (0..16).contains(&c)
            && (0..11).contains(&r)
            && !matches!(rows[r as usize][c as usize], "." | "~")
    })
}

/// On the first decision of Tigris & Euphrates (some 700 legal actions), `hint` is no
/// longer about the first action of the legal list (`tile red A1`, a corner touching
/// nothing): it is a leader, or a tile next to a piece on the board; and it shows the search's
/// shares of its visits for its best candidates, adding up to at most 100%.
#[test]
fn a_hint_on_the_first_move_is_sensible() {
    for seed in ["1", "5"] {
        let o = run_with_input(
            &[
                "play",
                "tigris",
                "--players",
                "2",
                "--human",
                "0",
                "--seed",
                seed,
            ],
            "hint\nquit\n",
        );
        let out = stdout(&o);
        let (table, hint) = out.split_once("seat 0> hint: ").expect("a hint");
        let action = hint.lines().next().unwrap();
        let words: Vec<&str> = action.split_whitespace().collect();
        match words.as_slice() {
            ["leader", _, _] => {}
            ["tile", _, square] => assert!(
                touches_a_piece(table, square),
                "seed {seed}: `{action}` touches nothing\n{table}"
            ),
            _ => panic!("seed {seed}: `{action}` on the first move"),
        }
        let shares: Vec<(f64, &str)> = hint
            .lines()
            .skip(2)
            .take_while(|l| l.ends_with(|c: char| c.is_ascii_alphanumeric()) && l.contains("%  "))
            .map(|l| {
                let (share, candidate) = l.trim().split_once("%  ").unwrap();
                (share.parse().unwrap(), candidate)
            })
            .collect();
        assert!((1..=5).contains(&shares.len()), "{hint}");
        assert_eq!(shares[0].1, action, "the hint is the most visited: {hint}");
        assert!(shares.windows(2).all(|w| w[0].0 >= w[1].0), "{hint}");
        assert!(shares.iter().map(|s| s.0).sum::<f64>() <= 100.05, "{hint}");
        assert!(
            hint.lines().nth(1).unwrap().contains(&format!(
                "{} iterations",
                mesopotamia::tigris::bots::MCTS_ITERATIONS
            )),
            "the default budget: {hint}"
        );
    }
}
