//! The `mesopotamia` binary, run as a user would.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mesopotamia"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn play_prints_turns_position_and_standings() {
    let o = run(&["play", "tigris", "--players", "4", "--seed", "7"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("turn   1 seat 0: "), "{out}");
    assert!(out.contains("tigris players 4 board classic"), "{out}");
    assert!(out.contains("standings:\n  1. seat "), "{out}");
    // The same seed plays the same game.
    assert_eq!(
        stdout(&run(&["play", "tigris", "--players", "4", "--seed", "7"])),
        out
    );
}

#[test]
fn the_2009_options_play_record_and_replay() {
    let dir = std::env::temp_dir().join(format!("mesopotamia-cli-2009-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.json");
    let args = [
        "play",
        "tigris",
        "--players",
        "3",
        "--seed",
        "5",
        "--board",
        "alternative",
        "--buildings",
        "--ziggurat",
        "--english-variant",
    ];
    let o = run(&[&args[..], &["--record", record.to_str().unwrap()]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("tigris players 3 board alternative variant english buildings ziggurat"),
        "{out}"
    );
    // This seed's game puts buildings on the board.
    assert!(out.contains("\nbuilding "), "{out}");
    let o = run(&["replay", record.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.ends_with(&stdout(&o)));
    let o = run(&[
        "bench",
        "tigris",
        "--players",
        "2",
        "--games",
        "10",
        "--board",
        "alternative",
        "--buildings",
        "--ziggurat",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bench_json_has_every_key() {
    let o = run(&[
        "bench",
        "tigris",
        "--players",
        "2",
        "--games",
        "20",
        "--seed",
        "1",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1);
    for key in [
        "games_per_sec",
        "decisions_per_sec",
        "legal_gens_per_sec",
        "mean_legal_actions",
        "mean_decisions",
    ] {
        assert!(
            out.contains(&format!("\"{key}\":")),
            "{key} missing in {out}"
        );
    }
}

#[test]
fn records_replay_and_corrupt_ones_are_refused() {
    let dir = std::env::temp_dir().join(format!("mesopotamia-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("game.json");
    let o = run(&[
        "play",
        "tigris",
        "--players",
        "2",
        "--seed",
        "3",
        "--record",
        good.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let played = stdout(&o);
    let o = run(&["replay", good.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        played.ends_with(&stdout(&o)),
        "replay prints the same final position and standings"
    );

    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        r#"{"game":"tigris","config":{"players":2},"steps":[{"action":[0,"pass"]}]}"#,
    )
    .unwrap();
    let o = run(&["replay", bad.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("step 1"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_is_a_clear_error() {
    let o = run(&["play", "tigris", "--players", "5"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("5 players"), "{}", stderr(&o));
    let o = run(&["play", "chess"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("invalid value 'chess'"),
        "{}",
        stderr(&o)
    );
    let o = run(&["play", "sumeria", "--players", "3", "--ziggurat"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("--ziggurat is an option of tigris, not of sumeria"),
        "{}",
        stderr(&o)
    );
    let o = run(&["play", "tigris", "--board", "hexagonal"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("invalid value 'hexagonal'"),
        "{}",
        stderr(&o)
    );
    let o = run(&["replay", "/nonexistent/record.json"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
}
