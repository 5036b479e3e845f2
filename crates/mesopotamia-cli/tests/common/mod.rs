//! What the CLI tests share: running the binary as a user would.
// Each test file uses its own part of these.
#![allow(dead_code)]

use std::process::{Command, Output};

pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mesopotamia"))
        .args(args)
        .output()
        .expect("the binary runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs the command, which must fail with `message` in its error output.
pub fn refused(args: &[&str], message: &str) {
    let o = run(args);
    assert!(!o.status.success(), "{args:?} was accepted");
    assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
}

/// Runs the binary with `input` on its standard input.
pub fn run_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_mesopotamia"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    // The game may end (or fail) before reading everything: a closed pipe is fine.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("the binary ends")
}

/// A fresh folder for one test's files (named after the test and the process).
pub fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mesopotamia-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays a whole seeded game between `bots` and records it to `record`; the game must play.
/// Returns what `play` printed.
pub fn play_recorded(
    game: &str,
    players: &str,
    seed: &str,
    bots: &str,
    record: &std::path::Path,
) -> String {
    let o = run(&[
        "play",
        game,
        "--players",
        players,
        "--seed",
        seed,
        "--bots",
        bots,
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o)
}

/// Writes to `to` the JSON record `from` cut after its first `keep` steps, without `end`:
/// a game in progress.
pub fn cut_record(from: &std::path::Path, keep: usize, to: &std::path::Path) {
    let mut record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(from).unwrap()).unwrap();
    let steps = record["steps"].as_array_mut().unwrap();
    assert!(steps.len() > keep, "the game is longer than {keep} steps");
    steps.truncate(keep);
    record.as_object_mut().unwrap().remove("end");
    std::fs::write(to, record.to_string()).unwrap();
}
