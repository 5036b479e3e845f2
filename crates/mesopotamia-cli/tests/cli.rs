//! The `mesopotamia` binary, run as a user would.

mod common;

use common::*;

#[test]
fn games_lists_the_three_games() {
    let o = run(&["games"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "tigris\ncards\nsumeria\n");
}

#[test]
fn play_prints_turns_position_and_standings() {
    let o = run(&["play", "tigris", "--players", "4", "--seed", "7"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // One line per turn, as the game text writes them.
    assert!(out.starts_with("0. * draw "), "{out}");
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
    let figures: serde_json::Value = serde_json::from_str(&out).unwrap();
    let number = |key: &str| {
        figures[key]
            .as_f64()
            .unwrap_or_else(|| panic!("{key} missing or not a number in {out}"))
    };
    for key in [
        "seconds",
        "games_per_sec",
        "decisions_per_sec",
        "ns_per_decision",
        "legal_gens_per_sec",
        "clone_ns",
    ] {
        assert!(number(key) > 0.0, "{key} in {out}");
    }
    assert_eq!(figures["game"], "tigris");
    assert_eq!(number("games"), 20.0);
    assert_eq!(number("players"), 2.0);
    assert_eq!(
        number("state_bytes"),
        std::mem::size_of::<mesopotamia::tigris::Tigris>() as f64
    );
    // Seeded playouts and positions: the same counts on every run.
    let again: serde_json::Value = serde_json::from_str(&stdout(&run(&[
        "bench",
        "tigris",
        "--players",
        "2",
        "--games",
        "20",
        "--seed",
        "1",
        "--json",
    ])))
    .unwrap();
    for key in [
        "mean_decisions",
        "mean_chance_events",
        "positions",
        "mean_legal_actions",
    ] {
        assert!(number(key) > 1.0, "{key} in {out}");
        assert_eq!(figures[key], again[key], "{key}");
    }
    // Time per decision and decisions per second describe the same playouts.
    let product = number("ns_per_decision") * number("decisions_per_sec");
    assert!((product / 1e9 - 1.0).abs() < 1e-6, "{out}");
    // CPU time is a number on Linux, null where /proc cannot be read.
    match &figures["cpu_seconds"] {
        serde_json::Value::Number(n) => assert!(n.as_f64().unwrap() >= 0.0),
        serde_json::Value::Null => assert!(!std::path::Path::new("/proc/self/stat").exists()),
        other => panic!("cpu_seconds is {other}"),
    }
}

#[test]
fn bench_prints_every_figure() {
    let o = run(&["bench", "sumeria", "--players", "3", "--games", "5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for line in [
        "5 games of sumeria (3 players) in ",
        "games/s:",
        "decisions/s:",
        "ns per decision:",
        "mean decisions per game:",
        "fixed positions (every decision of 8 games):",
        "legal generations/s:",
        "mean legal actions:",
        "clone:",
        "state size:",
    ] {
        assert!(out.contains(line), "`{line}` missing in\n{out}");
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
    let o = run(&["play", "tigris", "--frobnicate"]);
    assert_eq!(o.status.code(), Some(2), "clap's usage error");
    assert!(
        stderr(&o).contains("unexpected argument '--frobnicate'"),
        "{}",
        stderr(&o)
    );
    refused(&["play", "chess"], "invalid value 'chess'");
    refused(
        &["play", "sumeria", "--players", "3", "--ziggurat"],
        "--ziggurat is an option of tigris, not of sumeria",
    );
    refused(
        &["play", "tigris", "--open-piles"],
        "--open-piles is an option of cards, not of tigris",
    );
    let o = run(&[
        "play",
        "cards",
        "--players",
        "3",
        "--open-piles",
        "--seed",
        "1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("cards players 3 piles open"),
        "{}",
        stdout(&o)
    );
    refused(
        &["play", "tigris", "--board", "hexagonal"],
        "invalid value 'hexagonal'",
    );
    let o = run(&["replay", "/nonexistent/record.json"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
}

/// Issue 24 end to end: numbers beyond their bounds in files and arguments are clear errors,
/// never a panic (exit code 101).
#[test]
fn hostile_numbers_in_files_and_arguments_are_clear_errors() {
    let dir = std::env::temp_dir().join(format!("mesopotamia-cli-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = mesopotamia::tigris::Tigris::new(mesopotamia::tigris::Config::new(2)).unwrap();
    let text = game.to_string();
    let line = text.lines().find(|l| l.starts_with("seat 0 hand")).unwrap();
    let words: Vec<&str> = line.split_whitespace().collect();
    let tampered = format!("seat 0 hand 200 100 {}", words[5..].join(" "));
    let position = dir.join("position.txt");
    std::fs::write(&position, text.replace(line, &tampered)).unwrap();
    let from = ["play", "tigris", "--from", position.to_str().unwrap()];
    refused(&from, "seat 0 holds more than 6 tiles");
    let record = dir.join("record.json");
    std::fs::write(
        &record,
        r#"{"game":"tigris","config":{"players":2,"turn_limit":18446744073709551615},"steps":[]}"#,
    )
    .unwrap();
    refused(
        &["replay", record.to_str().unwrap()],
        "expected a whole number from 0 to 4294967295",
    );
    for (args, message) in [
        (
            &["play", "tigris", "--players", "256"][..],
            "invalid value '256'",
        ),
        (
            &["play", "tigris", "--turn-limit", "4294967296"],
            "invalid value '4294967296'",
        ),
        (
            &["play", "tigris", "--turn-limit", "0"],
            "--turn-limit is 1 to 100000, not 0",
        ),
        (
            &["play", "tigris", "--human", "4"],
            "the table has seats 0 to 3",
        ),
        (
            &["play", "tigris", "--bots", "mcts:4294967296"],
            "bad iteration count",
        ),
        (
            &[
                "simulate",
                "sumeria",
                "--games",
                "18446744073709551616",
                "--bots",
                "random",
            ],
            "invalid value '18446744073709551616'",
        ),
    ] {
        let o = run(args);
        assert_ne!(
            o.status.code(),
            Some(101),
            "{args:?} panicked: {}",
            stderr(&o)
        );
        refused(args, message);
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn simulate_reports_win_rates_the_same_on_any_thread_count() {
    let args = |threads: &'static str| {
        run(&[
            "simulate",
            "sumeria",
            "--players",
            "3",
            "--games",
            "30",
            "--bots",
            "greedy,random,random",
            "--threads",
            threads,
            "--json",
        ])
    };
    let one = args("1");
    assert!(one.status.success(), "{}", stderr(&one));
    assert_eq!(stdout(&one), stdout(&args("3")));
    let out = stdout(&one);
    for key in [
        "\"win_rate\":",
        "\"ci95\":[",
        "\"mean_score\":",
        "\"mean_steps\":",
    ] {
        assert!(out.contains(key), "{key} missing in {out}");
    }
    let o = run(&[
        "simulate",
        "tigris",
        "--players",
        "2",
        "--games",
        "4",
        "--bots",
        "greedy,random",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("95% interval"), "{out}");
    assert!(out.contains("greedy 1"), "{out}");
    refused(
        &["simulate", "cards", "--games", "2", "--bots", "clever"],
        "unknown bot `clever`",
    );
}

#[test]
fn examples_are_listed_and_shown() {
    let o = run(&["examples"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let list = stdout(&o);
    insta::assert_snapshot!("examples_list", list);
    for id in ["TE-ZIGGURAT", "CARDS-EXTERNAL", "SUMERIA-MOVE"] {
        let o = run(&["examples", id]);
        assert!(o.status.success(), "{}", stderr(&o));
        insta::assert_snapshot!(format!("example_{id}"), stdout(&o));
    }
    // Each line gives an identifier and a title; case does not matter; every listed
    // example runs.
    for line in list.lines() {
        let (id, title) = line.split_once(' ').unwrap();
        assert!(title.trim().len() > 10, "{line}");
        let o = run(&["examples", &id.to_lowercase()]);
        assert!(o.status.success(), "{id}: {}", stderr(&o));
        assert!(stdout(&o).contains("-- after --"), "{id}");
    }
    refused(&["examples", "TE-NOTHING"], "no rule example `TE-NOTHING`");
}

/// `case FILE`: a case of one's own, with every failing expectation reported (not only the
/// first) and the scenarios after a failure still played.
#[test]
fn case_files_report_every_failure() {
    let dir = std::env::temp_dir().join(format!("mesopotamia-case-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("MINE.case");
    let text = "# two wrong facts, one right, then a second scenario\n\
        [start]\ntigris players 2 board classic variant standard\n\
        [script]\nexpect bag-size 999\nexpect bag red 47\nexpect turn 7\n\
        [start]\ntigris players 3 board classic variant standard\n\
        [script]\nexpect legal-count 1\n";
    std::fs::write(&file, text).unwrap();
    let o = run(&["case", file.to_str().unwrap()]);
    assert!(!o.status.success());
    let out = stdout(&o);
    assert!(
        out.contains("FAILED MINE:5: `expect bag-size 999`: found 143, expected 999"),
        "{out}"
    );
    assert!(out.contains("FAILED MINE:7: `expect turn 7`"), "{out}");
    assert!(out.contains("ok: bag red 47"), "{out}");
    assert!(
        out.contains("FAILED MINE:11: `expect legal-count 1`: found 0"),
        "{out}"
    );
    assert!(out.contains("3 failing expectation(s)"), "{out}");
    // A case that holds exits 0.
    std::fs::write(
        &file,
        "[start]\ntigris players 2 board classic variant standard\n[script]\nexpect turn 0\n",
    )
    .unwrap();
    let o = run(&["case", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

fn assert_svg(text: &str, what: &str) {
    let doc = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg", "{what}");
    assert!(
        doc.descendants().filter(|n| n.is_element()).count() > 20,
        "{what}: too few shapes"
    );
}

#[test]
fn every_picture_is_well_formed_svg() {
    let dir = std::env::temp_dir().join(format!("mesopotamia-cli-svg-{}", std::process::id()));
    let o = run(&["render", "--examples-dir", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        assert_svg(
            &std::fs::read_to_string(&path).unwrap(),
            &path.display().to_string(),
        );
        n += 1;
    }
    let ids: Vec<String> = stdout(&run(&["examples"]))
        .lines()
        .map(|l| l.split_whitespace().next().unwrap().to_owned())
        .collect();
    assert_eq!(n, ids.len());
    // The committed pictures are current.
    let docs = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/examples");
    let o = run(&["render", "--examples-dir", docs, "--check"]);
    assert!(o.status.success(), "{}", stderr(&o));

    // Each game's page in docs/ shows every one of its examples' pictures.
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/");
    let pages: String = ["tigris-euphrates.md", "cards.md", "sumeria.md"]
        .iter()
        .map(|p| std::fs::read_to_string(format!("{root}{p}")).unwrap())
        .collect();
    for id in &ids {
        assert!(
            pages.contains(&format!("(examples/{id}.svg)")),
            "{id} missing from docs/"
        );
    }
    // The action space the docs state is the compiled one.
    let space = mesopotamia::tigris::ACTION_SPACE;
    let stated = format!("{},{:03}", space / 1000, space % 1000);
    for page in ["formats.md", "tigris-euphrates.md"] {
        let text = std::fs::read_to_string(format!("{root}{page}")).unwrap();
        assert!(
            text.contains(&stated),
            "docs/{page} does not give ACTION_SPACE {stated}"
        );
    }

    // From a game record and from a position file, for each game.
    for game in ["tigris", "cards", "sumeria"] {
        let record = dir.join(format!("{game}.json"));
        let o = run(&[
            "play",
            game,
            "--players",
            "3",
            "--seed",
            "2",
            "--record",
            record.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let o = run(&["render", record.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_svg(&stdout(&o), game);
        // The position printed at the end of the game renders too.
        let out = stdout(&run(&["play", game, "--players", "3", "--seed", "2"]));
        let start = out
            .find(&format!("\n{game} players"))
            .expect("the final position")
            + 1;
        let end = out.find("standings").unwrap();
        let position = dir.join(format!("{game}.txt"));
        std::fs::write(&position, &out[start..end]).unwrap();
        let svg = dir.join(format!("{game}.svg"));
        let o = run(&[
            "render",
            position.to_str().unwrap(),
            "--output",
            svg.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_svg(&std::fs::read_to_string(&svg).unwrap(), game);
    }
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "tigris players 9 board classic variant standard\n").unwrap();
    let o = run(&["render", bad.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("bad.txt"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).ok();
}

/// A record labelled with the wrong game says so plainly, and a huge file is refused
/// before it is read.
#[test]
fn mislabelled_and_oversized_records_are_refused_plainly() {
    let dir = std::env::temp_dir().join(format!("mesopotamia-cli-label-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("cards.json");
    let o = run(&[
        "play",
        "cards",
        "--players",
        "2",
        "--seed",
        "4",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains(r#""game": "cards""#), "{text:.80}");
    for (label, other) in [("sumeria", "cards"), ("tigris", "cards")] {
        let relabelled = dir.join(format!("as-{label}.json"));
        std::fs::write(
            &relabelled,
            text.replace(r#""game": "cards""#, &format!(r#""game": "{label}""#)),
        )
        .unwrap();
        let o = run(&["replay", relabelled.to_str().unwrap()]);
        assert!(!o.status.success());
        assert!(
            stderr(&o).contains(&format!(
                "the record is labelled `{label}` but holds a `{other}` configuration"
            )),
            "{}",
            stderr(&o)
        );
    }

    // A sparse file of 300 MiB: refused by its size, not read.
    let huge = dir.join("huge.json");
    let file = std::fs::File::create(&huge).unwrap();
    file.set_len(300 << 20).unwrap();
    refused(
        &["replay", huge.to_str().unwrap()],
        "records above 268435456 bytes (256 MiB) are refused",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Rule G1: `--turn-limit` ends the game on the limit; the standings and the record say
/// so; Sumeria has no turn limit.
#[test]
fn the_turn_limit_ends_the_game_and_says_so() {
    let dir = std::env::temp_dir().join(format!("mesopotamia-cli-limit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for game in ["tigris", "cards"] {
        let record = dir.join(format!("{game}.json"));
        let o = run(&[
            "play",
            game,
            "--players",
            "2",
            "--turn-limit",
            "3",
            "--seed",
            "2",
            "--record",
            record.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(
            stdout(&o).contains("the game ended on the turn limit (rule G1), not by the rules"),
            "{game}: {}",
            stdout(&o)
        );
        let text = std::fs::read_to_string(&record).unwrap();
        assert!(
            text.contains(r#""end": "turn-limit""#),
            "{game}: {text:.400}"
        );
        assert!(text.contains(r#""turn_limit": 3"#), "{game}: {text:.400}");
        let o = run(&["replay", record.to_str().unwrap()]);
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        let o = run(&["play", game, "--turn-limit", "0"]);
        assert!(!o.status.success());
        assert!(
            stderr(&o).contains("--turn-limit is 1 to 100000, not 0"),
            "{game}: {}",
            stderr(&o)
        );
    }
    refused(
        &["play", "sumeria", "--players", "3", "--turn-limit", "5"],
        "--turn-limit is an option of tigris and cards, not of sumeria",
    );
    // Even at the default value: an option given for the wrong game is named.
    refused(
        &["play", "sumeria", "--players", "3", "--turn-limit", "1000"],
        "--turn-limit is an option of tigris and cards, not of sumeria",
    );
    refused(
        &["play", "cards", "--board", "classic"],
        "--board is an option of tigris, not of cards",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// The search bot plays in `play` and `simulate` (`mcts` and `mcts:N`), and a person can ask
/// it for a hint.
#[test]
fn the_search_bot_plays_and_hints() {
    let o = run(&[
        "simulate",
        "sumeria",
        "--players",
        "3",
        "--bots",
        "mcts:30,greedy,random",
        "--games",
        "2",
        "--seed",
        "3",
        "--threads",
        "1",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains(r#""bot":"mcts:30""#), "{}", stdout(&o));
    // Any letter case; the record names the bots and the seed.
    let record = std::env::temp_dir().join(format!("mesopotamia-mcts-{}.json", std::process::id()));
    let o = run(&[
        "play",
        "tigris",
        "--players",
        "2",
        "--bots",
        "MCTS:20",
        "--seed",
        "1",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    std::fs::remove_file(&record).ok();
    assert_eq!(json["version"], 3);
    assert_eq!(json["seed"], 1);
    assert_eq!(json["bots"], serde_json::json!(["mcts:20", "mcts:20"]));
    refused(
        &["play", "cards", "--players", "2", "--bots", "mcts:0"],
        "bad iteration count in `mcts:0`",
    );
    refused(
        &["play", "cards", "--players", "2", "--bots", "alphazero"],
        "unknown bot `alphazero` (expected random, greedy, level1 to level5, mcts, mcts:ITERATIONS, mcts:MILLISECONDSms, mcts:SECONDSs, mcts:MILLISECONDSms-cpu (CPU time of the deciding thread), or mcts-v1 with the same budgets)",
    );
    refused(
        &["play", "cards", "--players", "2", "--bots", "mcts:0.0001s"],
        "bad time budget in `mcts:0.0001s`",
    );
    // A time per decision, in milliseconds or seconds: written back as given.
    let o = run(&[
        "simulate",
        "cards",
        "--players",
        "2",
        "--bots",
        "mcts:2ms,mcts:0.002s",
        "--games",
        "1",
        "--threads",
        "1",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains(r#""bot":"mcts:0.002s""#),
        "{}",
        stdout(&o)
    );
    refused(
        &["play", "cards", "--players", "2", "--bots", "person"],
        "bot `person`: a person plays at the terminal with --human SEAT",
    );
    let o = run_with_input(
        &[
            "play",
            "sumeria",
            "--players",
            "3",
            "--human",
            "0",
            "--seed",
            "2",
        ],
        "hint\nhint\n",
    );
    let out = stdout(&o);
    assert_eq!(out.matches("hint: ").count(), 2, "{out}");
    assert!(out.contains("share of its visits:"), "{out}");
}

/// `cpu_seconds` is the process's CPU time over the playouts: positive for a busy run, and
/// within a sane factor of their wall time (one thread: never much above it; below it only
/// when other work takes the cores).
#[test]
fn bench_cpu_time_is_the_processes() {
    if !std::path::Path::new("/proc/self/stat").exists() {
        return;
    }
    let mut games = 100;
    loop {
        let o = run(&[
            "bench",
            "tigris",
            "--players",
            "2",
            "--games",
            &games.to_string(),
            "--json",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let figures: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        let wall = figures["seconds"].as_f64().unwrap();
        let cpu = figures["cpu_seconds"]
            .as_f64()
            .expect("CPU time is read on Linux");
        // Short runs say little at a resolution of 10 ms: play longer ones.
        if wall < 0.3 && games < 100_000 {
            games *= 4;
            continue;
        }
        assert!(cpu > 0.0, "{cpu} s of CPU for {wall} s of playouts");
        assert!(
            cpu <= wall * 1.1 + 0.05,
            "{cpu} s of CPU in {wall} s on one thread: the tick rate is wrong"
        );
        // A machine shared with other work gives the process a fraction of a core (a
        // quarter at a load of 10 on 2 cores); a tick rate 10 times off shows even then.
        assert!(
            cpu >= wall * 0.02,
            "{cpu} s of CPU in {wall} s of busy playouts"
        );
        break;
    }
}

/// Tied seats share a rank and the next rank skips (1, 1, 3), as people count places.
#[test]
fn tied_seats_share_a_rank() {
    let dir = std::env::temp_dir().join(format!("mesopotamia-cli-ties-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A real finished game of three, then seat 2's VP made equal to seat 0's.
    let out = stdout(&run(&[
        "play",
        "tigris",
        "--players",
        "3",
        "--seed",
        "3",
        "--turn-limit",
        "20",
        "--bots",
        "greedy",
    ]));
    let start = out.rfind("tigris players 3").unwrap();
    let end = out[start..].find("\nover").unwrap() + start;
    let position = &out[start..end + 1];
    let end_line = out[end + 1..].lines().next().unwrap();
    let position = format!("{position}{end_line}\n");
    let vp_of = |seat: usize| -> String {
        let line = position
            .lines()
            .find(|l| l.starts_with(&format!("seat {seat} ")))
            .unwrap();
        line[line.find(" vp ").unwrap()..line.find(" treasures").unwrap()].to_owned()
    };
    let (vp0, vp2) = (vp_of(0), vp_of(2));
    let line2 = position.lines().find(|l| l.starts_with("seat 2 ")).unwrap();
    let tied = position.replace(line2, &line2.replace(&vp2, &vp0));
    assert!(tied.contains("over"), "{tied}");
    let record = serde_json::json!({
        "version": 2, "game": "tigris",
        "config": {"players": 3, "turn_limit": 20},
        "start": tied, "steps": [],
    });
    let path = dir.join("tied.json");
    std::fs::write(&path, record.to_string()).unwrap();
    let o = run(&["replay", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let standings = stdout(&o);
    let standings = standings.split("standings:").nth(1).unwrap();
    let ranks: Vec<&str> = standings
        .lines()
        .filter_map(|l| l.trim().split_once(". seat").map(|(rank, _)| rank))
        .collect();
    assert_eq!(ranks, ["1", "1", "3"], "{standings}");
    std::fs::remove_dir_all(&dir).ok();
}
