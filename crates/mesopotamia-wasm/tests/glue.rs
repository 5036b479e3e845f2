//! The package's glue, natively: what every JavaScript function returns and refuses.
//! (`tests/*.test.mjs` run the same API in Node against the built package.)

use mesopotamia::table::Budget;
use mesopotamia_core::rand_core::SeedableRng;
use mesopotamia_core::{Seat, ToMove};
use mesopotamia_wasm::api;
use mesopotamia_wasm::games::{Options, WebGame, new_game};
use mesopotamia_wasm::pictures;
use mesopotamia_wasm::table::{BotSpec, Session, Table};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

const GAMES: [(&str, &str); 3] = [
    ("tigris", r#"{"players": 3, "seed": 7}"#),
    ("cards", r#"{"players": 3, "seed": 7}"#),
    ("sumeria", r#"{"players": 3, "seed": 7}"#),
];

/// Plays `steps` steps (or to the end) with the random bot and the seeded sampler.
fn play_some(table: &mut dyn Table, steps: usize) {
    for _ in 0..steps {
        match table.to_move()["kind"].as_str() {
            Some("chance") => {
                table.sample_chance().unwrap();
            }
            Some("seat") => {
                let choice = table.bot("random").unwrap();
                table.play(choice["action"].as_str().unwrap()).unwrap();
            }
            _ => break,
        }
    }
}

#[test]
fn every_game_is_created_played_and_refuses_bad_actions_unchanged() {
    for (name, options) in GAMES {
        let mut table = api::create(name, options).unwrap();
        assert_eq!(table.name(), name);
        assert_eq!(table.players(), 3);
        assert_eq!(
            table.to_move()["kind"],
            "chance",
            "{name} starts with draws"
        );
        assert!(table.legal().is_empty());
        let drawn = table.advance().unwrap();
        assert!(!drawn.as_array().unwrap().is_empty());
        assert_eq!(table.to_move()["kind"], "seat");
        let legal = table.legal();
        let indices = table.legal_indices();
        assert_eq!(legal.len(), indices.len());
        assert!(indices.windows(2).all(|w| w[0] < w[1]));
        assert!(indices.iter().all(|&i| i < table.action_space_size()));
        // A refused action: the engine's message, nothing changed.
        let before = table.position();
        let steps = table.steps();
        for bad in ["no such action", "", "pass pass"] {
            let error = table.play(bad).unwrap_err();
            assert!(!error.is_empty());
            assert_eq!(table.position(), before, "{name}: `{bad}`");
        }
        assert!(table.play_index(-1.0).is_err());
        assert!(table.play_index(0.5).is_err());
        assert!(table.play_index(f64::NAN).is_err());
        assert!(table.play_index(1e12).is_err());
        assert!(table.play_chance("draw red").is_err());
        assert!(table.sample_chance().is_err());
        assert_eq!(table.position(), before);
        assert_eq!(table.steps(), steps);
        // An action by index is the same as by notation.
        let mut by_index = table.clone_table();
        let events = table.play(&legal[0]).unwrap();
        by_index.play_index(f64::from(indices[0])).unwrap();
        assert_eq!(table.position(), by_index.position());
        assert!(events.as_array().is_some());
        let last = table.steps().as_array().unwrap().last().cloned().unwrap();
        assert_eq!(last["step"], legal[0].as_str());
    }
}

#[test]
fn options_unknown_names_and_counts_are_refused_with_a_message() {
    let refused = |name: &str, options: &str, says: &str| {
        let error = api::create(name, options).err().unwrap_or_default();
        assert!(error.contains(says), "{name} {options}: {error}");
    };
    refused("chess", "{}", "no game `chess`");
    refused(
        "tigris",
        r#"{"openPiles": true}"#,
        "`openPiles` is not an option of tigris",
    );
    refused(
        "cards",
        r#"{"board": "classic"}"#,
        "`board` is not an option of cards",
    );
    refused(
        "sumeria",
        r#"{"turnLimit": 5}"#,
        "`turnLimit` is not an option of sumeria",
    );
    refused("tigris", r#"{"colour": "red"}"#, "unknown field `colour`");
    refused("tigris", r#"{"board": "round"}"#, "unknown board `round`");
    refused("tigris", r#"{"players": 9}"#, "");
    refused("tigris", r#"{"players": -1}"#, "bad options");
    refused("tigris", r#"{"seed": 1.5}"#, "bad options");
    refused("tigris", r#""tigris""#, "bad options");
    refused("sumeria", r#"{"boardText": "not a board"}"#, "the board");
    for (name, _) in GAMES {
        assert!(api::create(name, r#"{"players": 1}"#).is_err());
        assert!(api::create(name, r#"{"players": 7}"#).is_err());
        assert!(api::create(name, "").is_ok());
        assert!(api::create(name, "null").is_ok());
    }
    let table = api::create(
        "tigris",
        r#"{"players": 2, "board": "alternative", "englishVariant": true, "buildings": true, "ziggurat": true, "turnLimit": 50}"#,
    )
    .unwrap();
    assert!(
        table.position().contains("alternative"),
        "{}",
        table.position()
    );
}

#[test]
fn records_round_trip_and_corrupt_ones_are_refused() {
    for (name, options) in GAMES {
        let mut table = api::create(name, options).unwrap();
        play_some(table.as_mut(), 60);
        let record = table.record().unwrap();
        let again = api::from_record(name, &record).unwrap();
        assert_eq!(again.position(), table.position(), "{name}");
        assert_eq!(again.steps(), table.steps());
        // The record is the CLI's form: game, config, steps.
        let json: Value = serde_json::from_str(&record).unwrap();
        assert_eq!(json["game"], name);
        assert_eq!(json["seed"], 7);
        // Corrupt records: cut short, another game's, a step changed.
        assert!(api::from_record(name, &record[..record.len() / 2]).is_err());
        let other = if name == "tigris" { "cards" } else { "tigris" };
        let error = api::from_record(other, &record).err().unwrap();
        assert!(error.contains(&format!("of game `{name}`")), "{error}");
        let mut steps = json.clone();
        let first_action = steps["steps"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|s| s.get("action").is_some())
            .unwrap();
        first_action["action"][1] = Value::String("pass pass pass".into());
        let error = api::from_record(name, &steps.to_string()).err().unwrap();
        assert!(!error.is_empty());
        assert!(api::from_record(name, "{}").is_err());
        assert!(api::from_record(name, "[1, 2]").is_err());
    }
}

#[test]
fn positions_round_trip_and_bad_ones_are_refused() {
    for (name, options) in GAMES {
        let mut table = api::create(name, options).unwrap();
        play_some(table.as_mut(), 25);
        let text = table.position();
        let copy = api::from_position(name, &text, 3).unwrap();
        assert_eq!(copy.position(), text);
        assert_eq!(copy.legal(), table.legal());
        // A game from a position has a record: its start position, then its steps.
        let mut copy = copy;
        play_some(copy.as_mut(), 10);
        let record = copy.record().unwrap();
        let json: Value = serde_json::from_str(&record).unwrap();
        assert_eq!(json["start"], text.as_str(), "{name}");
        let again = api::from_record(name, &record).unwrap();
        assert_eq!(again.position(), copy.position(), "{name}");
        assert_eq!(again.steps(), copy.steps());
        // Read back, it writes the same record, and it undoes to its start.
        assert_eq!(again.record().unwrap(), record);
        assert_eq!(again.at_step(0.0).unwrap().position(), text);
        // A start position that does not read is refused with the reason.
        let mut broken = json.clone();
        broken["start"] = Value::from("not a position");
        let error = api::from_record(name, &broken.to_string())
            .err()
            .unwrap_or_default();
        assert!(
            error.starts_with("the record's start position: "),
            "{error}"
        );
        // A record without `start` writes none (records read as before).
        let plain: Value = serde_json::from_str(&table.record().unwrap()).unwrap();
        assert!(plain.get("start").is_none());
        assert!(api::from_position(name, "not a position", 0).is_err());
        // A line dropped: refused, never a panic.
        let cut: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
        assert!(api::from_position(name, &cut, 0).is_err());
    }
}

#[test]
fn undo_replays_every_step_but_the_last() {
    for (name, options) in GAMES {
        let mut table = api::create(name, options).unwrap();
        assert!(table.undo().is_err());
        play_some(table.as_mut(), 20);
        let before = table.position();
        let count = table.steps().as_array().unwrap().len();
        play_some(table.as_mut(), 1);
        assert_ne!(table.position(), before);
        table.undo().unwrap();
        assert_eq!(table.position(), before, "{name}");
        assert_eq!(table.steps().as_array().unwrap().len(), count);
    }
}

#[test]
fn views_and_their_text_and_pictures() {
    for (name, options) in GAMES {
        let mut table = api::create(name, options).unwrap();
        play_some(table.as_mut(), 30);
        for seat in 0..3 {
            let view = table.view(f64::from(seat)).unwrap();
            assert!(view.is_object(), "{name}: {view}");
            let pieces = table.view_text(f64::from(seat)).unwrap();
            let text: String = pieces
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["text"].as_str().unwrap())
                .collect();
            assert!(!text.is_empty());
            assert!(
                pieces
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|p| !p["mark"].is_null())
            );
            assert!(table.view_svg(f64::from(seat)).unwrap().starts_with("<svg"));
        }
        for bad in [3.0, -1.0, 0.5, f64::NAN] {
            assert!(table.view(bad).is_err());
            assert!(table.view_text(bad).is_err());
            assert!(table.view_svg(bad).is_err());
        }
        assert!(table.svg().starts_with("<svg"));
    }
}

/// The picture of a seat's view shows nothing it may not know: states it cannot tell
/// apart (what it cannot see redrawn) give the same picture. (The games' position
/// pictures draw only what every seat sees, and so pass it too.)
#[test]
fn a_view_picture_does_not_change_with_what_the_seat_cannot_see() {
    /// `hidden`: whether the game hides anything (Sumeria hides nothing the redraw changes).
    fn check<G: WebGame>(hidden: bool) {
        let options: Options = serde_json::from_str(r#"{"players": 3}"#).unwrap();
        let mut session = Session::new(new_game::<G>(&options).unwrap(), 11);
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut redrawn = 0;
        for _ in 0..40 {
            play_some(&mut session, 5);
            if session.game().is_terminal() {
                break;
            }
            for seat in Seat::all(3) {
                let other = session.game().resample_hidden(seat, &mut rng);
                assert_eq!(
                    pictures::view_svg(session.game(), seat),
                    pictures::view_svg(&other, seat),
                    "{}",
                    G::NAME
                );
                redrawn += usize::from(session.game() != &other);
            }
        }
        assert_eq!(
            redrawn > 20,
            hidden,
            "{}: {redrawn} states redrawn",
            G::NAME
        );
    }
    check::<tigris_euphrates::Tigris>(true);
    check::<tigris_euphrates_cards::Cards>(true);
    check::<sumeria::Sumeria>(false);
}

#[test]
fn every_rule_example_runs_step_by_step_to_the_case_runners_end() {
    for (name, _) in GAMES {
        let list = api::examples(name).unwrap();
        let list = list.as_array().unwrap();
        assert!(!list.is_empty());
        for entry in list {
            let id = entry["id"].as_str().unwrap();
            assert!(!entry["title"].as_str().unwrap().is_empty(), "{id}");
            let run = api::run_example(name, id).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(run["id"], id);
            for scenario in run["scenarios"].as_array().unwrap() {
                if scenario.get("refused").is_some() {
                    continue;
                }
                let steps = scenario["steps"].as_array().unwrap();
                let end = steps
                    .last()
                    .map_or(&scenario["before"]["position"], |s| &s["position"]);
                assert_eq!(end, &scenario["after"]["position"], "{id}");
                assert!(
                    scenario["after"]["svg"]
                        .as_str()
                        .unwrap()
                        .starts_with("<svg")
                );
            }
            assert!(api::example_svg(name, id).unwrap().starts_with("<svg"));
        }
        assert!(api::run_example(name, "NO-SUCH-EXAMPLE").is_err());
        assert!(api::example_svg(name, "NO-SUCH-EXAMPLE").is_err());
    }
}

#[test]
fn bots_choose_legal_actions_and_mcts_reports_its_visits() {
    for (name, options) in GAMES {
        let mut table = api::create(name, options).unwrap();
        assert!(table.bot("random").is_err(), "chance is to move");
        table.advance().unwrap();
        let legal = table.legal();
        let before = table.position();
        for spec in ["random", "greedy", "mcts:200", "mcts:20ms", "mcts:0.02s"] {
            let choice = table.bot(spec).unwrap();
            assert!(legal.contains(&choice["action"].as_str().unwrap().to_owned()));
            assert_eq!(table.position(), before, "a bot plays nothing");
            if spec.starts_with("mcts") {
                let rows = choice["analysis"].as_array().unwrap();
                let share: f64 = rows.iter().map(|r| r["share"].as_f64().unwrap()).sum();
                assert!((share - 1.0).abs() < 1e-9, "{name} {spec}: {share}");
                assert_eq!(rows[0]["action"], choice["action"]);
                assert!(choice["iterations"].as_u64().unwrap() > 0);
            } else {
                assert!(choice["analysis"].is_null());
            }
        }
        for bad in [
            "mcts:0",
            "mcts:abc",
            "mcts:0ms",
            "mcts:99999999ms",
            "alphazero",
            "",
            "person",
        ] {
            assert!(table.bot(bad).is_err(), "{bad}");
        }
    }
    assert_eq!(
        "mcts:500ms".parse::<BotSpec>(),
        Ok(BotSpec::Mcts(Budget::Milliseconds(500)))
    );
    assert_eq!(
        "mcts:1.5s".parse::<BotSpec>(),
        Ok(BotSpec::Mcts(Budget::Seconds { millis: 1500 }))
    );
}

#[test]
fn whole_games_reach_their_standings() {
    for (name, options) in GAMES {
        let mut table = api::create(name, options).unwrap();
        assert!(table.standings().is_null());
        assert!(table.end_reason().is_null());
        play_some(table.as_mut(), 100_000);
        assert_eq!(table.to_move()["kind"], "over", "{name}");
        let standings = table.standings();
        let standings = standings.as_array().unwrap();
        assert_eq!(standings.len(), 3);
        assert!(standings.iter().any(|s| s["rank"] == 1));
        assert!(table.end_reason().is_string());
        let again = api::from_record(name, &table.record().unwrap()).unwrap();
        assert_eq!(again.standings(), table.standings());
        assert_eq!(
            table.to_move(),
            mesopotamia_wasm::table::to_move_json(ToMove::Terminal)
        );
    }
}

#[test]
fn seat_specs_are_checked_when_given_and_written_in_the_record() {
    let table = api::create(
        "cards",
        r#"{"players": 3, "seats": ["person", "mcts:1.5s", "greedy"]}"#,
    )
    .unwrap();
    assert_eq!(table.seats(), ["person", "mcts:1.5s", "greedy"]);
    let record: Value = serde_json::from_str(&table.record().unwrap()).unwrap();
    assert_eq!(
        record["bots"],
        serde_json::json!(["person", "mcts:1.5s", "greedy"])
    );
    let again = api::from_record("cards", &table.record().unwrap()).unwrap();
    assert_eq!(again.seats(), table.seats());
    for (seats, says) in [
        (
            r#"["person", "mcts:0", "greedy"]"#,
            "seat 1: bad iteration count in `mcts:0`",
        ),
        (
            r#"["person", "greedy", "oracle"]"#,
            "seat 2: unknown bot `oracle`",
        ),
        (
            r#"["person", "mcts:0ms", "random"]"#,
            "seat 1: bad time budget",
        ),
        (r#"["person"]"#, "1 seat specs for 3 seats"),
    ] {
        let options = format!(r#"{{"players": 3, "seats": {seats}}}"#);
        let error = api::create("cards", &options).err().unwrap_or_default();
        assert!(error.contains(says), "{seats}: {error}");
    }
    // Said later: checked then, and a refusal changes nothing.
    let mut table = api::create("sumeria", r#"{"players": 3}"#).unwrap();
    assert!(table.seats().is_empty());
    let record: Value = serde_json::from_str(&table.record().unwrap()).unwrap();
    assert!(record.get("bots").is_none(), "no bots said: none written");
    table
        .set_seats(&["random".into(), "mcts".into(), "person".into()])
        .unwrap();
    let error = table
        .set_seats(&["random".into(), "mcts:-1".into(), "person".into()])
        .unwrap_err();
    assert!(error.starts_with("seat 1: bad iteration count"), "{error}");
    assert_eq!(table.seats(), ["random", "mcts", "person"]);
}

#[test]
fn undo_rewinds_the_generator_so_a_draw_comes_again() {
    for (name, options) in GAMES {
        let mut table = api::create(name, options).unwrap();
        let first = table.sample_chance().unwrap();
        let second = table.sample_chance().unwrap();
        table.undo().unwrap();
        assert_eq!(table.sample_chance().unwrap(), second, "{name}");
        table.undo().unwrap();
        table.undo().unwrap();
        assert_eq!(table.sample_chance().unwrap(), first, "{name}");
        // A bot's draws before a step are undone with it too.
        table.advance().unwrap();
        let position = table.position();
        let choice = table.bot("random").unwrap();
        table.play(choice["action"].as_str().unwrap()).unwrap();
        let after: Vec<Value> = (0..3).map(|_| table.bot("random").unwrap()).collect();
        table.undo().unwrap();
        assert_eq!(table.position(), position);
        table.play(choice["action"].as_str().unwrap()).unwrap();
        let again: Vec<Value> = (0..3).map(|_| table.bot("random").unwrap()).collect();
        assert_eq!(after, again, "{name}");
    }
}

#[test]
fn at_step_gives_the_state_after_the_first_steps() {
    for (name, options) in GAMES {
        let mut table = api::create(name, options).unwrap();
        table.set_seats(&vec!["greedy".to_owned(); 3]).unwrap();
        let mut positions = vec![table.position()];
        for _ in 0..30 {
            play_some(table.as_mut(), 1);
            positions.push(table.position());
        }
        let steps = table.steps();
        let steps = steps.as_array().unwrap();
        for n in [0, 1, 7, 30] {
            let at = table.at_step(n as f64).unwrap();
            assert_eq!(at.position(), positions[n], "{name} after {n}");
            assert_eq!(at.steps().as_array().unwrap().as_slice(), &steps[..n]);
            assert_eq!(at.seats(), table.seats());
        }
        // The copy is independent, and the generator is where it stood then.
        let mut at = table.at_step(5.0).unwrap();
        let mut undone = table.clone_table();
        while undone.steps().as_array().unwrap().len() > 5 {
            undone.undo().unwrap();
        }
        play_some(at.as_mut(), 10);
        play_some(undone.as_mut(), 10);
        assert_eq!(at.position(), undone.position(), "{name}");
        assert_eq!(table.position(), positions[30]);
        for bad in [-1.0, 31.0, 2.5, f64::NAN] {
            let error = table.at_step(bad).err().unwrap_or_default();
            assert!(
                error.contains("the game has steps 0 to 30"),
                "{bad}: {error}"
            );
        }
    }
}
