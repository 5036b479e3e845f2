//! The executable rule examples: every `tests/cases/*.case` file is run, its
//! expectations asserted, and its transcript (positions before and after, actions)
//! snapshotted. The format is that of the Tigris & Euphrates cases: `#` header lines,
//! then `[position]` and `[script]` sections; `expect ...` lines are checked in place.

use std::fmt::Write as _;
use std::path::Path;

use mesopotamia_core::{Game, Seat, ToMove};
use sumeria::{Action, Chance, Influence, Location, Phase, Position, Sumeria};

/// A position's text and its script lines (with line numbers).
type Scenario = (String, Vec<(usize, String)>);

fn parse_case(text: &str) -> (Vec<String>, Vec<Scenario>) {
    let mut header = Vec::new();
    let mut scenarios: Vec<Scenario> = Vec::new();
    let mut section = "";
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        match t {
            "[position]" => {
                scenarios.push((String::new(), Vec::new()));
                section = "position";
            }
            "[script]" => section = "script",
            _ if section.is_empty() => {
                if let Some(h) = t.strip_prefix('#') {
                    header.push(h.trim().to_owned());
                }
            }
            _ if section == "position" => {
                let s = scenarios.last_mut().expect("a scenario");
                s.0.push_str(line);
                s.0.push('\n');
            }
            _ if !t.is_empty() && !t.starts_with('#') => {
                scenarios
                    .last_mut()
                    .expect("a scenario")
                    .1
                    .push((i + 1, t.to_owned()));
            }
            _ => {}
        }
    }
    (header, scenarios)
}

fn seat(w: &str) -> Seat {
    Seat::new(w.parse().expect("a seat number")).expect("a seat")
}

fn check(game: &Sumeria, fact: &str, at: &str) {
    let words: Vec<&str> = fact.split_whitespace().collect();
    let p = game.public();
    let num = |w: &str| w.parse::<u32>().expect("a number");
    match words.as_slice() {
        ["moves-from", from, "=", to @ ..] => {
            let from: Location = from.parse().expect("a location");
            let expected: Vec<Location> =
                to.iter().map(|t| t.parse().expect("a location")).collect();
            assert_eq!(game.destinations(from), expected, "{at}");
            let listed: Vec<Location> = game
                .legal_action_vec()
                .into_iter()
                .filter_map(|a| match a {
                    Action::Move(a, b) if a == from => Some(b),
                    _ => None,
                })
                .collect();
            assert_eq!(listed, expected, "{at}: legal moves");
        }
        ["legal", rest @ ..] | ["illegal", rest @ ..] => {
            let action: Action = rest.join(" ").parse().expect("an action");
            let legal = game.legal_action_vec().contains(&action);
            assert_eq!(legal, words[0] == "legal", "{at}: {action} legal={legal}");
            assert_eq!(
                game.clone().apply(action).is_ok(),
                legal,
                "{at}: apply disagrees"
            );
        }
        ["order", names @ ..] => {
            let order: Vec<String> = p.order().map(|n| n.to_string()).collect();
            assert_eq!(order, names, "{at}");
        }
        ["first", s] => assert_eq!(p.first(), seat(s), "{at}"),
        ["phase", "draw"] => assert_eq!(p.phase(), Phase::Draw, "{at}"),
        ["phase", "turns"] => assert_eq!(p.phase(), Phase::Turns, "{at}"),
        ["held", s, a, b, c, d] => {
            let held: Vec<u32> = Influence::ALL
                .iter()
                .map(|&k| p.held(seat(s), k) as u32)
                .collect();
            assert_eq!(held, [num(a), num(b), num(c), num(d)], "{at}");
        }
        ["discarded", a, b, c, d] => {
            let discarded: Vec<u32> = Influence::ALL
                .iter()
                .map(|&k| p.discarded(k) as u32)
                .collect();
            assert_eq!(discarded, [num(a), num(b), num(c), num(d)], "{at}");
        }
        ["to-move", "chance"] => assert_eq!(game.to_move(), ToMove::Chance, "{at}"),
        ["to-move", "over"] => assert_eq!(game.to_move(), ToMove::Terminal, "{at}"),
        ["to-move", s] => assert_eq!(game.to_move(), ToMove::Seat(seat(s)), "{at}"),
        ["score", s, n] => assert_eq!(game.scores()[seat(s).index()].0, num(n), "{at}"),
        ["rank", s, n] => {
            let standings = game.standings().expect("the game is over");
            assert_eq!(standings.rank(seat(s)), Some(num(n) as usize), "{at}");
        }
        _ => panic!("{at}: unknown expectation `{fact}`"),
    }
}

fn run_case(path: &Path) -> String {
    let id = path.file_stem().unwrap().to_string_lossy().into_owned();
    let (header, scenarios) = parse_case(&std::fs::read_to_string(path).unwrap());
    assert!(!scenarios.is_empty(), "{id}: no scenario");
    let mut out = format!("{id}\n");
    for h in &header {
        writeln!(out, "# {h}").unwrap();
    }
    for (n, (position, script)) in scenarios.iter().enumerate() {
        let position: Position = position.parse().unwrap_or_else(|e| panic!("{id}: {e}"));
        let mut game = position
            .into_game()
            .unwrap_or_else(|v| panic!("{id}: invalid position: {v:?}"));
        writeln!(
            out,
            "\n== scenario {} ==\n-- before --\n{}-- script --",
            n + 1,
            Position::from_game(&game)
        )
        .unwrap();
        for (line, step) in script {
            let at = format!("{id}:{line}");
            if let Some(fact) = step.strip_prefix("expect ") {
                check(&game, fact, &at);
                writeln!(out, "ok: {fact}").unwrap();
            } else if let Ok(chance) = step.parse::<Chance>() {
                game.apply_chance(chance)
                    .unwrap_or_else(|e| panic!("{at}: {e}"));
                writeln!(out, "chance: {chance}").unwrap();
            } else {
                let action: Action = step.parse().unwrap_or_else(|e| panic!("{at}: {e}"));
                let who = game.to_move();
                game.apply(action).unwrap_or_else(|e| panic!("{at}: {e}"));
                writeln!(out, "{who}: {action}").unwrap();
            }
        }
        writeln!(out, "-- after --\n{}", Position::from_game(&game)).unwrap();
        if let Some(standings) = game.standings() {
            let scores = game.scores();
            for s in standings.seats_by_rank() {
                let (points, most) = scores[s.index()];
                writeln!(
                    out,
                    "rank {}: seat {s}, {points} points, most of one kind {most}",
                    standings.rank(s).unwrap_or(0) + 1
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
    assert_eq!(
        paths.len(),
        4,
        "SUMERIA-MOVE, -ROUND-SCORING, -REORDER, -FINAL-SCORING"
    );
    for path in paths {
        let id = path.file_stem().unwrap().to_string_lossy().into_owned();
        let transcript = run_case(&path);
        insta::with_settings!({ snapshot_path => "cases/snapshots", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(id, transcript);
        });
    }
}
