//! The executable rule examples: every `tests/cases/*.case` file is run, its expectations
//! asserted, and its transcript snapshotted (same format as the other games' cases).

use std::fmt::Write as _;
use std::path::Path;

use mesopotamia_core::{Colour, Game, Seat, ToMove};
use tigris_euphrates_cards::{Action, Card, Cards, Chance, Piece, Place, Position};

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
            _ if !t.is_empty() && !t.starts_with('#') => scenarios
                .last_mut()
                .expect("a scenario")
                .1
                .push((i + 1, t.to_owned())),
            _ => {}
        }
    }
    (header, scenarios)
}

fn seat(w: &str) -> Seat {
    Seat::new(w.parse().expect("a seat number")).expect("a seat")
}

fn card_text(c: &Card) -> String {
    match c {
        Card::Civ(Colour::Red) => "r".into(),
        Card::Civ(Colour::Blue) => "b".into(),
        Card::Civ(Colour::Green) => "g".into(),
        Card::Civ(Colour::Black) => "k".into(),
        Card::Treasure => "T".into(),
    }
}

fn piece_text(p: &Piece) -> String {
    match p {
        Piece::Card(c) => card_text(&Card::Civ(*c)),
        Piece::Boat(b) => format!("B-{}", card_text(&Card::Civ(b.other()))),
    }
}

fn check(game: &Cards, fact: &str, at: &str) {
    let words: Vec<&str> = fact.split_whitespace().collect();
    let p = game.public();
    let num = |w: &str| w.parse::<usize>().expect("a number");
    match words.as_slice() {
        ["to-move", "chance"] => assert_eq!(game.to_move(), ToMove::Chance, "{at}"),
        ["to-move", "over"] => assert_eq!(game.to_move(), ToMove::Terminal, "{at}"),
        ["to-move", s] => assert_eq!(game.to_move(), ToMove::Seat(seat(s)), "{at}"),
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
        ["pile", s, cards @ ..] => {
            let pile: Vec<String> = game.pile(seat(s)).iter().map(card_text).collect();
            assert_eq!(pile, cards, "{at}");
        }
        ["hand", s, c, n] => assert_eq!(
            game.hand(seat(s))[c.parse::<Colour>().unwrap()] as usize,
            num(n),
            "{at}"
        ),
        ["leader", s, c, "none"] => assert_eq!(p.leader(seat(s), c.parse().unwrap()), None, "{at}"),
        ["leader", s, c, place] => assert_eq!(
            p.leader(seat(s), c.parse().unwrap()),
            Some(place.parse::<Place>().unwrap()),
            "{at}"
        ),
        ["column", c, pieces @ ..] => {
            let column: Vec<String> = p.column(num(c) - 1).iter().map(piece_text).collect();
            assert_eq!(column, pieces, "{at}");
        }
        ["head", c, h] => assert_eq!(p.treasure_head(num(c) - 1), *h == "T", "{at}"),
        ["link", l, "none"] => {
            let Ok(Place::Link(l)) = l.parse::<Place>() else {
                panic!("{at}: a link slot")
            };
            assert_eq!(p.link(l as usize), None, "{at}");
        }
        ["link", l, card] => {
            let Ok(Place::Link(l)) = l.parse::<Place>() else {
                panic!("{at}: a link slot")
            };
            let (colour, up) = p.link(l as usize).expect("a link card");
            assert_eq!(
                (card_text(&Card::Civ(colour)), up),
                ((*card).to_owned(), true),
                "{at}"
            );
        }
        ["discarded", n] => assert_eq!(p.discarded() as usize, num(n), "{at}"),
        ["kingdoms", ranges @ ..] => {
            let got: Vec<String> = p
                .kingdom_ranges()
                .iter()
                .map(|&(a, b)| {
                    if a == b {
                        format!("{}", a + 1)
                    } else {
                        format!("{}-{}", a + 1, b + 1)
                    }
                })
                .collect();
            assert_eq!(got, ranges, "{at}");
        }
        ["rank", s, n] => assert_eq!(
            game.standings().expect("over").rank(seat(s)),
            Some(num(n)),
            "{at}"
        ),
        _ => panic!("{at}: unknown expectation `{fact}`"),
    }
}

fn run_case(path: &Path) -> String {
    let id = path.file_stem().unwrap().to_string_lossy().into_owned();
    let (header, scenarios) = parse_case(&std::fs::read_to_string(path).unwrap());
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
            "\n== scenario {} ==\n-- before --\n{game}-- script --",
            n + 1
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
        writeln!(out, "-- after --\n{game}").unwrap();
        if let Some(standings) = game.standings() {
            for s in standings.seats_by_rank() {
                writeln!(
                    out,
                    "rank {}: seat {s}, key {:?}",
                    standings.rank(s).unwrap_or(0) + 1,
                    game.keys()[s.index()]
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
    assert_eq!(paths.len(), 8, "the eight CARDS examples");
    for path in paths {
        let id = path.file_stem().unwrap().to_string_lossy().into_owned();
        let transcript = run_case(&path);
        insta::with_settings!({ snapshot_path => "cases/snapshots", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(id, transcript);
        });
    }
}
