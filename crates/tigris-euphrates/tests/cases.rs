//! The executable rule examples: every `tests/cases/*.case` file is run, its
//! expectations asserted, and its transcript (positions before and after, actions,
//! events) snapshotted.
//!
//! A case file: `#` lines (source and the choices made), then one or more scenarios,
//! each a `[position]` section (the position format) and a `[script]` section of
//! actions in notation, chance outcomes (`draw red`), and `expect ...` lines checked at
//! that point.

use std::fmt::Write as _;
use std::path::Path;

use mesopotamia_core::{Colour, Game, Seat, ToMove};
use tigris_euphrates::{Action, Draw, Event, Monument, Pending, Position, Square, Tigris};

struct Scenario {
    position: String,
    script: Vec<(usize, String)>,
}

fn parse_case(text: &str) -> (Vec<String>, Vec<Scenario>) {
    let mut header = Vec::new();
    let mut scenarios: Vec<Scenario> = Vec::new();
    let mut section = "";
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        match trimmed {
            "[position]" => {
                scenarios.push(Scenario {
                    position: String::new(),
                    script: Vec::new(),
                });
                section = "position";
            }
            "[script]" => section = "script",
            _ if section.is_empty() => {
                if let Some(c) = trimmed.strip_prefix('#') {
                    header.push(c.trim().to_owned());
                }
            }
            _ if section == "position" => {
                let s = scenarios.last_mut().expect("a scenario");
                s.position.push_str(line);
                s.position.push('\n');
            }
            _ => {
                if !trimmed.is_empty() && !trimmed.starts_with('#') {
                    scenarios
                        .last_mut()
                        .expect("a scenario")
                        .script
                        .push((i + 1, trimmed.to_owned()));
                }
            }
        }
    }
    (header, scenarios)
}

fn seat(w: &str) -> Seat {
    Seat::new(w.parse().expect("a seat number")).expect("a seat")
}

fn check(game: &Tigris, last_events: &[Event], fact: &str, at: &str) {
    let words: Vec<&str> = fact.split_whitespace().collect();
    let p = game.public();
    let colour = |w: &str| w.parse::<Colour>().expect("a colour");
    let square = |w: &str| w.parse::<Square>().expect("a square");
    let num = |w: &str| w.parse::<u32>().expect("a number");
    match words.as_slice() {
        ["vp", s, c, n] => assert_eq!(p.vp(seat(s))[colour(c)] as u32, num(n), "{at}"),
        ["leader", s, c, "none"] => assert_eq!(p.leader(seat(s), colour(c)), None, "{at}"),
        ["leader", s, c, q] => assert_eq!(p.leader(seat(s), colour(c)), Some(square(q)), "{at}"),
        ["removed", c, n] => assert_eq!(p.removed()[colour(c)] as u32, num(n), "{at}"),
        ["tile", q, "none"] => {
            assert!(
                Colour::ALL
                    .iter()
                    .all(|&c| !p.tiles(c).contains(square(q).space())),
                "{at}"
            )
        }
        ["tile", q, c] => assert!(p.tiles(colour(c)).contains(square(q).space()), "{at}"),
        ["flipped", q] => assert!(p.flipped().contains(square(q).space()), "{at}"),
        ["treasures", s, n] => assert_eq!(p.treasures_taken(seat(s)) as u32, num(n), "{at}"),
        ["treasure", q, "none"] => assert!(!p.treasures().contains(square(q).space()), "{at}"),
        ["treasure", q] => assert!(p.treasures().contains(square(q).space()), "{at}"),
        ["hand", s, c, n] => assert_eq!(game.hand(seat(s))[colour(c)] as u32, num(n), "{at}"),
        ["monument", m, q] => {
            let m: Monument = m.parse().expect("a monument");
            assert_eq!(p.monument(m), Some(square(q)), "{at}");
        }
        ["building", c, "none"] => assert_eq!(p.building(colour(c)), None, "{at}"),
        ["building", c, q] => assert_eq!(p.building(colour(c)), Some(square(q)), "{at}"),
        ["ziggurat", "none"] => assert_eq!(p.ziggurat(), None, "{at}"),
        ["ziggurat", q] => assert_eq!(p.ziggurat(), Some(square(q)), "{at}"),
        ["pending", what] => {
            let name = match p.pending() {
                Pending::Action => "action",
                Pending::Support(_) => "support",
                Pending::WarOrder => "war",
                Pending::Monument => "monument",
                Pending::Ziggurat => "ziggurat",
                Pending::Building => "building",
                Pending::ZigguratVp => "ziggurat-vp",
                Pending::Treasure(_) => "treasure",
                Pending::Draw(_) => "draw",
                Pending::Over => "over",
            };
            assert_eq!(name, *what, "{at}");
        }
        ["legal", rest @ ..] | ["illegal", rest @ ..] => {
            let action: Action = rest.join(" ").parse().expect("an action");
            let legal = game.legal_action_vec().contains(&action);
            assert_eq!(legal, words[0] == "legal", "{at}: {action} legal={legal}");
            let mut copy = game.clone();
            assert_eq!(
                copy.apply(action).is_ok(),
                legal,
                "{at}: apply disagrees with the legal list"
            );
        }
        ["only", rest @ ..] => {
            let action: Action = rest.join(" ").parse().expect("an action");
            assert_eq!(game.legal_action_vec(), vec![action], "{at}");
        }
        ["to-move", "chance"] => assert_eq!(game.to_move(), ToMove::Chance, "{at}"),
        ["to-move", "over"] => assert_eq!(game.to_move(), ToMove::Terminal, "{at}"),
        ["to-move", s] => assert_eq!(game.to_move(), ToMove::Seat(seat(s)), "{at}"),
        ["rank", s, n] => {
            let standings = game.standings().expect("the game is over");
            assert_eq!(standings.rank(seat(s)), Some(num(n) as usize), "{at}");
        }
        ["event", ..] => {
            let text = fact.trim_start_matches("event").trim();
            assert!(
                last_events.iter().any(|e| e.to_string() == text),
                "{at}: no event `{text}` among {:?}",
                last_events
                    .iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
            );
        }
        ["no-event", ..] => {
            let text = fact.trim_start_matches("no-event").trim();
            assert!(
                last_events.iter().all(|e| e.to_string() != text),
                "{at}: unexpected event `{text}`"
            );
        }
        _ => panic!("{at}: unknown expectation `{fact}`"),
    }
}

fn run_case(path: &Path) -> String {
    let id = path.file_stem().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).unwrap();
    let (header, scenarios) = parse_case(&text);
    assert!(!scenarios.is_empty(), "{id}: no scenario");
    let mut out = String::new();
    writeln!(out, "{id}").unwrap();
    for h in &header {
        writeln!(out, "# {h}").unwrap();
    }
    for (n, scenario) in scenarios.iter().enumerate() {
        let position: Position = scenario
            .position
            .parse()
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let mut game = position
            .into_game()
            .unwrap_or_else(|v| panic!("{id}: invalid position: {v:?}"));
        writeln!(
            out,
            "\n== scenario {} ==\n-- before --\n{}",
            n + 1,
            Position::from_game(&game)
        )
        .unwrap();
        writeln!(out, "-- script --").unwrap();
        let mut events = Vec::new();
        for (line, step) in &scenario.script {
            let at = format!("{id}:{line}");
            if let Some(fact) = step.strip_prefix("expect ") {
                check(&game, &events, fact, &at);
                writeln!(out, "ok: {fact}").unwrap();
                continue;
            }
            events.clear();
            if step.starts_with("draw ") {
                let draw: Draw = step.parse().unwrap_or_else(|e| panic!("{at}: {e}"));
                game.apply_chance_with_events(draw, &mut events)
                    .unwrap_or_else(|e| panic!("{at}: {e}"));
            } else {
                let action: Action = step.parse().unwrap_or_else(|e| panic!("{at}: {e}"));
                let who = game.to_move();
                game.apply_with_events(action, &mut events)
                    .unwrap_or_else(|e| panic!("{at}: {e}"));
                writeln!(out, "{who}: {action}").unwrap();
            }
            if step.starts_with("draw ") {
                writeln!(out, "chance: {step}").unwrap();
            }
            for e in &events {
                writeln!(out, "  * {e}").unwrap();
            }
        }
        writeln!(out, "-- after --\n{}", Position::from_game(&game)).unwrap();
        if let Some(standings) = game.standings() {
            writeln!(out, "-- standings --").unwrap();
            for s in standings.seats_by_rank() {
                let p = game.public();
                writeln!(
                    out,
                    "rank {}: seat {s}, vp {:?} + {} treasures",
                    standings.rank(s).unwrap_or(0) + 1,
                    p.vp(s).values(),
                    p.treasures_taken(s)
                )
                .unwrap();
            }
        }
    }
    out
}

#[test]
fn rule_examples() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.retain(|p| p.extension().is_some_and(|e| e == "case"));
    paths.sort();
    assert!(
        paths.len() >= 10,
        "expected every rule example, found {}",
        paths.len()
    );
    for path in paths {
        let id = path.file_stem().unwrap().to_string_lossy().into_owned();
        let transcript = run_case(&path);
        insta::with_settings!({ snapshot_path => "cases/snapshots", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(id, transcript);
        });
    }
}
