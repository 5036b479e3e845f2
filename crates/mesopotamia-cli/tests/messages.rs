//! What a newcomer gets wrong is answered in plain words: malformed records, failing case
//! files and out-of-range numbers give messages in the formats' own terms, never Rust's
//! (`Some(..)`, `None`, enum variants, `::` paths), and never a panic or a hang.

mod common;

use common::*;

/// Words that only Rust's debug output or serde's derived messages would write.
const INTERNALS: [&str; 4] = ["Some(", "None", "variant", "::"];

fn assert_plain(what: &str, message: &str) {
    for word in INTERNALS {
        assert!(
            !message.contains(word),
            "{what}: `{word}` in the message: {message}"
        );
    }
    assert!(!message.contains("panicked"), "{what}: {message}");
}

/// A record of a short game, as JSON, to break in various ways.
fn record(dir: &std::path::Path) -> serde_json::Value {
    let path = dir.join("good.json");
    let o = run(&[
        "play",
        "tigris",
        "--players",
        "2",
        "--turn-limit",
        "2",
        "--seed",
        "3",
        "--record",
        path.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

#[test]
fn malformed_records_are_refused_in_the_formats_words() {
    use serde_json::json;
    let dir = std::env::temp_dir().join(format!("mesopotamia-cli-messages-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = record(&dir);
    let with_step = |step: serde_json::Value| {
        let mut r = good.clone();
        r["steps"].as_array_mut().unwrap().insert(3, step);
        r
    };
    let with = |key: &str, value: serde_json::Value| {
        let mut r = good.clone();
        r[key] = value;
        r
    };
    let mut config = good["config"].clone();
    config["board"] = json!("hex");
    let bad_board = with("config", config);
    let mut config = good["config"].clone();
    config["players"] = json!("two");
    let bad_players = with("config", config);
    // (what is wrong, the record, what the message must say)
    let cases = [
        (
            "an action that is not [seat, action]",
            with_step(json!({"action": "x"})),
            "step 4's action as [SEAT, \"ACTION\"]",
        ),
        (
            "an action without its seat",
            with_step(json!({"action": ["pass"]})),
            "step 4",
        ),
        (
            "an action with only a seat",
            with_step(json!({"action": [0]})),
            "has a seat but no action",
        ),
        (
            "an unknown kind of step",
            with_step(json!({"move": [0, "pass"]})),
            "`move` is not a kind of step",
        ),
        (
            "a step that is text",
            with_step(json!("draw red")),
            "step 4 as {\"action\"",
        ),
        ("an empty step", with_step(json!({})), "step 4 is empty"),
        (
            "two kinds in one step",
            with_step(json!({"action": [0, "pass"], "chance": "draw red"})),
            "in one step",
        ),
        (
            "a chance outcome that is a number",
            with_step(json!({"chance": 5})),
            "step 4's notation",
        ),
        (
            "a seat out of range",
            with_step(json!({"action": [9, "pass"]})),
            "seat 9 is out of range",
        ),
        (
            "a negative seat",
            with_step(json!({"action": [-1, "pass"]})),
            "step 4's seat, a whole number",
        ),
        (
            "an unknown end",
            with("end", json!("whenever")),
            "`end` is `rules` or `turn-limit`",
        ),
        (
            "an end the replay does not reach",
            with("end", json!("rules")),
            "the record says the game ended",
        ),
        ("an unknown board", bad_board, "unknown board `hex`"),
        (
            "players as text",
            bad_players,
            "a whole number from 0 to 255",
        ),
        (
            "a negative seed",
            with("seed", json!(-1)),
            "the seed, a whole number",
        ),
        (
            "bots that are not a list",
            with("bots", json!("person")),
            "who played each seat",
        ),
        (
            "no configuration",
            with("config", json!(null)),
            "a Tigris & Euphrates configuration",
        ),
        (
            "a version that is text",
            with("version", json!("two")),
            "the format's version",
        ),
    ];
    for (what, record, expected) in cases {
        let path = dir.join("bad.json");
        std::fs::write(&path, record.to_string()).unwrap();
        for args in [
            vec!["replay", path.to_str().unwrap()],
            vec![
                "play",
                "tigris",
                "--from",
                path.to_str().unwrap(),
                "--human",
                "none",
            ],
        ] {
            let o = run(&args);
            let message = stderr(&o);
            assert!(!o.status.success(), "{what}: accepted by {args:?}");
            assert!(message.contains(expected), "{what}: {message}");
            assert_plain(what, &message);
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The failures of a case file's expectations name values as the case files write them.
#[test]
fn failing_expectations_are_in_the_case_files_words() {
    let dir =
        std::env::temp_dir().join(format!("mesopotamia-cli-case-words-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        (
            "tigris",
            "[start]\ntigris players 2 board classic variant standard\n[script]\n\
             expect to-move 1\nexpect end rules\nexpect only pass\nexpect rank 0 1\n\
             expect leader 0 red F3\nexpect building red F3\nexpect hand 0 1 2 3 4\n",
            &[
                "found chance, expected seat 1",
                "found none, expected rules",
                "found none, expected F3",
                "found 0 0 0 0, expected 1 2 3 4",
            ][..],
        ),
        (
            "cards",
            "[start]\ncards players 2 piles closed\n[script]\n\
             expect leader 0 red 3/1\nexpect link 1-2 g\nexpect link 1-2 g face-down\nexpect pile 0 r b\n",
            &[
                "found none, expected 3/1",
                "found none, expected g",
                "found nothing, expected r b",
            ][..],
        ),
        (
            "sumeria",
            "[start]\nsumeria players 3\n[script]\n\
             expect moves-from Ur:T1 = Ur:T2\nexpect phase setup\nexpect display 1 economy\n",
            &[
                "found nothing, expected Ur:T2",
                "found order, expected setup",
                "found nothing, expected economy",
            ][..],
        ),
    ];
    for (game, script, expected) in cases {
        let path = dir.join(format!("{game}.case"));
        std::fs::write(&path, format!("# words\n{script}")).unwrap();
        let o = run(&["case", path.to_str().unwrap()]);
        assert!(!o.status.success());
        let out = stdout(&o);
        for e in expected {
            assert!(out.contains(e), "{game}: `{e}` missing in {out}");
        }
        let failures: String = out
            .lines()
            .filter(|l| l.starts_with("FAILED"))
            .collect::<Vec<_>>()
            .join("\n");
        assert_plain(game, &failures);
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Counts out of range are refused with the range, never a panic, a hang or empty figures.
#[test]
fn counts_out_of_range_name_the_range() {
    let cases: [(&[&str], &str); 12] = [
        (
            &["bench", "tigris", "--games", "0"],
            "--games 0: play at least 1 game",
        ),
        (
            &["simulate", "tigris", "--games", "0", "--bots", "random"],
            "--games 0: play at least 1 game",
        ),
        (
            &[
                "simulate",
                "tigris",
                "--threads",
                "0",
                "--bots",
                "random",
                "--games",
                "1",
            ],
            "give 1 to 256 worker threads",
        ),
        (
            &[
                "simulate",
                "tigris",
                "--threads",
                "1000",
                "--bots",
                "random",
                "--games",
                "1",
            ],
            "give 1 to 256 worker threads",
        ),
        (
            &[
                "simulate",
                "tigris",
                "--players",
                "9",
                "--bots",
                "random",
                "--games",
                "1",
            ],
            "Tigris & Euphrates seats 2 to 4",
        ),
        (
            &[
                "simulate",
                "tigris",
                "--players",
                "1",
                "--bots",
                "random",
                "--games",
                "1",
            ],
            "Tigris & Euphrates seats 2 to 4",
        ),
        (
            &[
                "simulate",
                "sumeria",
                "--players",
                "2",
                "--bots",
                "random",
                "--games",
                "1",
            ],
            "Sumeria seats 3 or 4",
        ),
        (
            &[
                "simulate",
                "sumeria",
                "--players",
                "5",
                "--bots",
                "random",
                "--games",
                "1",
            ],
            "Sumeria seats 3 or 4",
        ),
        (
            &["bench", "cards", "--players", "9", "--games", "1"],
            "the card game seats 2 to 4",
        ),
        (
            &["bench", "sumeria", "--players", "1", "--games", "1"],
            "Sumeria seats 3 or 4",
        ),
        (
            &["play", "tigris", "--players", "0"],
            "Tigris & Euphrates seats 2 to 4",
        ),
        (
            &[
                "simulate",
                "cards",
                "--bots",
                "random,random,random,random,random",
                "--games",
                "1",
            ],
            "the card game seats 2 to 4",
        ),
    ];
    for (args, message) in cases {
        let o = run(args);
        assert!(!o.status.success(), "{args:?} was accepted: {}", stdout(&o));
        let err = stderr(&o);
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(
            stdout(&o).is_empty(),
            "{args:?}: no figures: {}",
            stdout(&o)
        );
        assert_plain(&format!("{args:?}"), &err);
    }
}

/// `simulate` takes the number of players from a list of bots; a `--players` that disagrees
/// with it is refused naming both numbers; one bot name for every seat keeps the default.
#[test]
fn simulate_counts_the_players_from_the_bots() {
    let players = |args: &[&str]| -> u64 {
        let o = run(&[
            &["simulate", "--games", "1", "--threads", "1", "--json"][..],
            args,
        ]
        .concat());
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        json["players"].as_u64().unwrap()
    };
    assert_eq!(players(&["tigris", "--bots", "greedy,random,random"]), 3);
    assert_eq!(players(&["cards", "--bots", "greedy,random"]), 2);
    assert_eq!(players(&["sumeria", "--bots", "random,random,random"]), 3);
    assert_eq!(players(&["tigris", "--bots", "random"]), 4, "the default");
    assert_eq!(
        players(&["tigris", "--bots", "random", "--players", "2"]),
        2
    );
    assert_eq!(
        players(&["tigris", "--bots", "random,greedy", "--players", "2"]),
        2
    );
    refused(
        &[
            "simulate",
            "tigris",
            "--players",
            "2",
            "--bots",
            "greedy,random,random",
            "--games",
            "1",
        ],
        "--players 2 but 3 bots",
    );
    refused(
        &[
            "simulate",
            "sumeria",
            "--bots",
            "random,random",
            "--games",
            "1",
        ],
        "one seat per bot in --bots: 2 players: Sumeria seats 3 or 4",
    );
}
