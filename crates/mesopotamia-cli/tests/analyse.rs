//! `analyse`: a record's decisions judged by the search, as text and as JSON.

mod common;

use common::*;

#[test]
fn a_record_is_annotated_as_text_and_json() {
    let dir = temp_dir("analyse");
    let record = dir.join("game.json");
    play_recorded("sumeria", "3", "2", "greedy", &record);
    let path = record.to_str().unwrap();

    let o = run(&[
        "analyse", path, "--bots", "mcts:30", "--seat", "2", "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(json["game"], "sumeria");
    assert_eq!(json["bot"], "mcts:30");
    let decisions = json["decisions"].as_array().unwrap();
    assert!(decisions.len() > 5, "{json}");
    for d in decisions {
        assert_eq!(d["seat"], 2);
        let rank = d["played_rank"].as_u64().unwrap();
        assert!(rank >= 1 && rank <= d["legal"].as_u64().unwrap(), "{d}");
        assert_eq!(rank == 1, d["played"] == d["best"], "{d}");
    }

    // The text: one line per decision, then a summary; the same judgements for the same seed.
    let o = run(&["analyse", path, "--bots", "mcts:30", "--seat", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), decisions.len() + 2, "{text}");
    for (line, d) in lines.iter().zip(decisions) {
        let step = d["step"].as_u64().unwrap();
        let played = d["played"].as_str().unwrap();
        assert!(
            line.starts_with(&format!("step {step:>4} seat 2: {played} ranks ")),
            "{line}"
        );
    }
    assert_eq!(lines[lines.len() - 2], "summary:");
    assert!(lines[lines.len() - 1].starts_with("  seat 2: "), "{text}");

    refused(
        &["analyse", path, "--bots", "greedy"],
        "the analysis needs a search bot",
    );
    refused(
        &["analyse", path, "--seat", "3"],
        "--seat 3: the game has seats 0 to 2",
    );
    std::fs::remove_dir_all(&dir).ok();
}
