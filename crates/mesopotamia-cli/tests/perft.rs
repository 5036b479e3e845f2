//! `mesopotamia perft`, run as a user would: counts from a game's start, from the positions
//! of the games' perft files and from a record, split by first step, in JSON; refusals.

mod common;

use common::*;
use mesopotamia::core::cases::Start;
use mesopotamia::core::perft::data::parse_perft_file;

/// Sumeria's order of 8 city-states is drawn one tile at a time: 8, 8 x 7, 8 x 7 x 6.
#[test]
fn perft_counts_each_depth_from_the_start() {
    let o = run(&["perft", "sumeria", "--players", "3", "--depth", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    for (line, (depth, count)) in lines.iter().zip([(1, 8), (2, 56), (3, 336)]) {
        assert!(
            line.starts_with(&format!("depth {depth}: {count} (")) && line.ends_with(" s)"),
            "{out}"
        );
    }
}

/// Each first step with the count under it, in the game's notation, then the total; the
/// same in JSON.
#[test]
fn divide_splits_by_first_step() {
    let o = run(&[
        "perft",
        "tigris",
        "--players",
        "2",
        "--depth",
        "3",
        "--divide",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The deal: one of 4 colours per draw.
    assert_eq!(
        stdout(&o),
        "draw red: 16\ndraw blue: 16\ndraw green: 16\ndraw black: 16\ntotal: 64\n"
    );
    let o = run(&[
        "perft",
        "tigris",
        "--players",
        "2",
        "--depth",
        "3",
        "--divide",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(json["game"], "tigris");
    assert_eq!(json["depth"], 3);
    assert_eq!(json["total"], 64);
    assert_eq!(json["divide"][0]["step"], "draw red");
    assert_eq!(json["divide"][3]["count"], 16);
    let o = run(&["perft", "cards", "--players", "3", "--depth", "2", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 1);
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(json["game"], "cards");
    assert_eq!(json["depths"][1]["depth"], 2);
    assert_eq!(json["depths"][1]["count"], 16);
    assert!(json["depths"][1]["seconds"].as_f64().is_some());
}

/// Every position of the games' perft files, given to `--from`, counts what the file says
/// (depths 1 and 2), and its divide adds up to the same.
#[test]
fn from_counts_the_positions_of_the_perft_files() {
    let dir = temp_dir("perft-files");
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let mut checked = 0;
    for (game, file) in [
        ("tigris", "tigris-euphrates"),
        ("cards", "tigris-euphrates-cards"),
        ("sumeria", "sumeria"),
    ] {
        let text = std::fs::read_to_string(format!("{root}/{file}/tests/perft.txt")).unwrap();
        for entry in parse_perft_file(&text).unwrap() {
            let Start::Position(position) = &entry.start else {
                continue;
            };
            let path = dir.join(format!("{game}-{}.txt", entry.line));
            std::fs::write(&path, position).unwrap();
            let path = path.to_str().unwrap();
            let o = run(&["perft", game, "--from", path, "--depth", "2"]);
            assert!(o.status.success(), "{}", stderr(&o));
            let out = stdout(&o);
            for &(depth, count) in entry.counts.iter().filter(|(d, _)| *d <= 2) {
                assert!(
                    out.contains(&format!("depth {depth}: {count} (")),
                    "{game} {}: {out}",
                    entry.label()
                );
            }
            let o = run(&["perft", game, "--from", path, "--depth", "1", "--divide"]);
            assert!(o.status.success(), "{}", stderr(&o));
            let out = stdout(&o);
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(
                lines.last().copied(),
                Some(format!("total: {}", entry.counts[0].1).as_str()),
                "{out}"
            );
            assert_eq!(lines.len() as u64, entry.counts[0].1 + 1, "{out}");
            checked += 1;
        }
    }
    assert!(checked >= 15, "{checked} positions");
    std::fs::remove_dir_all(&dir).ok();
}

/// A game record counts from its last state: here Sumeria's after one city-state is
/// drawn, so 7 are left, then 6.
#[test]
fn from_counts_from_the_last_state_of_a_record() {
    let dir = temp_dir("perft-record");
    let record = dir.join("game.json");
    play_recorded("sumeria", "3", "0", "random", &record);
    // The finished game: nothing to count beyond its end.
    let o = run(&[
        "perft",
        "sumeria",
        "--from",
        record.to_str().unwrap(),
        "--depth",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("depth 1: 0 ("), "{}", stdout(&o));
    // Its first step only.
    cut_record(&record, 1, &record);
    let o = run(&[
        "perft",
        "sumeria",
        "--from",
        record.to_str().unwrap(),
        "--depth",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("depth 1: 7 ("), "{out}");
    assert!(out.contains("\ndepth 2: 42 ("), "{out}");
    // With game options, or as another game's record: refused.
    refused(
        &[
            "perft",
            "sumeria",
            "--players",
            "3",
            "--from",
            record.to_str().unwrap(),
            "--depth",
            "2",
        ],
        "--from counts from the file's position: leave out --players and the game options",
    );
    refused(
        &[
            "perft",
            "cards",
            "--from",
            record.to_str().unwrap(),
            "--depth",
            "2",
        ],
        "a record of a `sumeria` game, not of `cards`",
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn absurd_depths_and_wrong_options_are_refused() {
    for depth in ["0", "21", "1000000"] {
        refused(
            &["perft", "tigris", "--depth", depth],
            &format!("--depth {depth}: give a depth from 1 to 20"),
        );
    }
    refused(
        &["perft", "tigris", "--depth", "three"],
        "invalid value 'three' for '--depth <DEPTH>'",
    );
    refused(&["perft", "tigris"], "--depth <DEPTH>");
    refused(
        &["perft", "sumeria", "--open-piles", "--depth", "1"],
        "--open-piles",
    );
    refused(
        &["perft", "sumeria", "--players", "2", "--depth", "1"],
        "Sumeria seats 3 or 4",
    );
}
