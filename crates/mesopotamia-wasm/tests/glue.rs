//! The package's glue, natively: what every JavaScript function returns and refuses.
//! (`tests/*.test.mjs` run the same API in Node against the built package.)

use mesopotamia_wasm::api::{self, Game};
use serde_json::{Value, json};

/// Every game of the library, by name.
fn games() -> Vec<String> {
    api::game_names()
}

/// Plays `steps` steps (or to the end): chance by the game's generator, seats by `bot`'s
/// suggestion.
fn play_some(game: &mut Game, steps: usize, bot: &str) {
    for _ in 0..steps {
        match game.to_move()["kind"].as_str() {
            Some("chance") => {
                game.sample_chance().unwrap();
            }
            Some("seat") => {
                let choice = game.bot(bot).unwrap();
                game.play(choice["action"].as_str().unwrap()).unwrap();
            }
            _ => break,
        }
    }
}

fn create(name: &str, options: Value) -> Game {
    api::create(name, &options.to_string()).unwrap_or_else(|e| panic!("{name} {options}: {e}"))
}

#[test]
fn the_games_are_the_librarys_descriptions_in_camel_case() {
    let described = api::games();
    let described = described.as_array().unwrap();
    assert_eq!(described.len(), mesopotamia::games::all().len());
    for (value, game) in described.iter().zip(mesopotamia::games::all()) {
        assert_eq!(value["name"], game.name);
        assert_eq!(value["title"], game.title);
        assert_eq!(value["about"], game.about);
        assert_eq!(value["minPlayers"], game.min_players);
        assert_eq!(value["maxPlayers"], game.max_players);
        assert_eq!(value["defaultPlayers"], game.default_players);
        assert_eq!(value["score"], game.score);
        let options = value["options"].as_array().unwrap();
        assert_eq!(options.len(), game.options.len());
        for (option, spec) in options.iter().zip(game.options) {
            assert_eq!(option["name"], spec.camel_case());
            assert_eq!(option["help"], spec.help);
            let kind = option["kind"].as_str().unwrap();
            assert!(["flag", "number", "choice", "text"].contains(&kind));
            assert_eq!(option.get("min").is_some(), kind == "number");
            assert_eq!(option.get("values").is_some(), kind == "choice");
            assert_eq!(option.get("file").is_some(), kind == "text");
        }
    }
    assert_eq!(
        api::game_names(),
        described
            .iter()
            .map(|g| g["name"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    );
    let tigris = &described[0];
    assert_eq!(
        tigris["options"][1],
        json!({
            "name": "englishVariant",
            "kind": "flag",
            "default": false,
            "help": mesopotamia::games::find("tigris").unwrap().options[1].help,
        })
    );
}

#[test]
fn every_game_is_created_played_and_refuses_bad_actions_unchanged() {
    for name in games() {
        let mut game = create(&name, json!({ "players": 3, "seed": 7 }));
        assert_eq!(game.name(), name);
        assert_eq!(game.players(), 3);
        assert_eq!(game.to_move()["kind"], "chance", "{name} starts with draws");
        assert!(game.legal().is_empty());
        let drawn = game.advance().unwrap();
        assert!(!drawn.as_array().unwrap().is_empty());
        assert!(drawn[0]["outcome"].is_string() && drawn[0]["events"].is_array());
        assert_eq!(game.to_move()["kind"], "seat");
        let legal = game.legal();
        let indices = game.legal_indices();
        assert_eq!(legal.len(), indices.len());
        assert!(indices.windows(2).all(|w| w[0] < w[1]));
        assert!(indices.iter().all(|&i| i < game.action_space_size()));
        // A refused action: the engine's message, nothing changed.
        let before = game.position();
        let steps = game.steps();
        for bad in ["no such action", "", "pass pass"] {
            let error = game.play(bad).unwrap_err();
            assert!(!error.is_empty());
            assert_eq!(game.position(), before, "{name}: `{bad}`");
        }
        for bad in [-1.0, 0.5, f64::NAN, 1e12] {
            let error = game.play_index(bad).unwrap_err();
            assert!(error.starts_with("no action "), "{error}");
        }
        assert!(game.play_chance("draw red").is_err());
        assert!(game.sample_chance().unwrap_err().contains("is to move"));
        assert_eq!(game.position(), before);
        assert_eq!(game.steps(), steps);
        // An action by index is the same as by notation.
        let mut by_index = game.clone();
        let events = game.play(&legal[0]).unwrap();
        by_index.play_index(f64::from(indices[0])).unwrap();
        assert_eq!(game.position(), by_index.position());
        for event in events.as_array().unwrap() {
            let text: String = event["pieces"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["text"].as_str().unwrap())
                .collect();
            assert_eq!(event["text"], text.as_str());
        }
        let last = game.steps().as_array().unwrap().last().cloned().unwrap();
        assert_eq!(last["step"], legal[0].as_str());
        assert!(last["seat"].is_number());
    }
}

#[test]
fn options_are_read_against_the_chosen_games_description() {
    let refused = |name: &str, options: &str, says: &str| {
        let error = api::create(name, options).err().unwrap_or_default();
        assert!(error.contains(says), "{name} {options}: {error}");
    };
    refused("chess", "{}", "unknown game `chess`");
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
    refused(
        "tigris",
        r#"{"colour": "red"}"#,
        "`colour` is not an option of tigris",
    );
    // JavaScript's names only: the snake-case name is not one.
    refused(
        "tigris",
        r#"{"english_variant": true}"#,
        "`english_variant` is not an option of tigris",
    );
    refused(
        "tigris",
        r#"{"board": "round"}"#,
        "`board` is classic or alternative, not `round`",
    );
    refused(
        "tigris",
        r#"{"turnLimit": 0}"#,
        "`turnLimit` is 1 to 100000, not 0",
    );
    refused(
        "tigris",
        r#"{"turnLimit": 1.5}"#,
        "`turnLimit` takes a whole number from 1 to 100000, not 1.5",
    );
    refused(
        "tigris",
        r#"{"englishVariant": "yes"}"#,
        "`englishVariant` takes true or false, not `yes`",
    );
    refused("tigris", r#"{"players": 9}"#, "");
    refused(
        "tigris",
        r#"{"players": -1}"#,
        "`players` takes a whole number",
    );
    refused("tigris", r#"{"seed": 1.5}"#, "`seed` takes a whole number");
    refused("tigris", r#"{"seed": 9007199254740992}"#, "`seed`");
    refused("tigris", r#"{"seats": "greedy"}"#, "`seats` takes an array");
    refused("tigris", r#""tigris""#, "the options must be an object");
    refused("tigris", "[1]", "the options must be an object");
    refused("sumeria", r#"{"boardText": "not a board"}"#, "`boardText`");
    for name in games() {
        let range = mesopotamia::games::find(&name).unwrap();
        let below = format!(r#"{{"players": {}}}"#, range.min_players - 1);
        let above = format!(r#"{{"players": {}}}"#, range.max_players + 1);
        assert!(api::create(&name, &below).is_err());
        assert!(api::create(&name, &above).is_err());
        for empty in ["", "null", "{}", r#"{"seed": null, "players": null}"#] {
            let game = api::create(&name, empty).unwrap();
            assert_eq!(game.players(), usize::from(range.default_players));
        }
    }
    let game = create(
        "tigris",
        json!({ "players": 2, "board": "alternative", "englishVariant": true, "buildings": true,
                "ziggurat": true, "turnLimit": 50 }),
    );
    assert!(
        game.position().contains("alternative"),
        "{}",
        game.position()
    );
    let config = &serde_json::from_str::<Value>(&game.record().unwrap()).unwrap()["config"];
    assert_eq!(config["turn_limit"], 50, "{config}");
    let cards = create("cards", json!({ "players": 2, "openPiles": true }));
    let config = serde_json::from_str::<Value>(&cards.record().unwrap()).unwrap()["config"].clone();
    assert_eq!(config["open_piles"], true, "{config}");
}

#[test]
fn records_round_trip_with_the_generator_and_corrupt_ones_are_refused() {
    for name in games() {
        let mut game = create(&name, json!({ "players": 3, "seed": 7 }));
        play_some(&mut game, 60, "random");
        let record = game.record().unwrap();
        let again = api::from_record(Some(&name), &record).unwrap();
        assert_eq!(again.position(), game.position(), "{name}");
        assert_eq!(again.steps(), game.steps());
        assert_eq!(again.record().unwrap(), record);
        // The record names its game: no name needed.
        assert_eq!(
            api::from_record(None, &record).unwrap().position(),
            game.position()
        );
        let json: Value = serde_json::from_str(&record).unwrap();
        assert_eq!(json["game"], name.as_str());
        assert_eq!(json["seed"], 7);
        assert!(json["rng_position"].as_u64().unwrap() > 0);
        // Corrupt records: cut short, another game's, a step changed.
        assert!(api::from_record(Some(&name), &record[..record.len() / 2]).is_err());
        let other = if name == "tigris" { "cards" } else { "tigris" };
        let error = api::from_record(Some(other), &record).err().unwrap();
        assert!(error.contains(&format!("of game `{name}`")), "{error}");
        let mut steps = json.clone();
        let first_action = steps["steps"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|s| s.get("action").is_some())
            .unwrap();
        first_action["action"][1] = Value::String("pass pass pass".into());
        assert!(api::from_record(Some(&name), &steps.to_string()).is_err());
        assert!(api::from_record(Some(&name), "{}").is_err());
        assert!(api::from_record(Some(&name), "[1, 2]").is_err());
    }
}

#[test]
fn positions_round_trip_and_bad_ones_are_refused() {
    for name in games() {
        let mut game = create(&name, json!({ "players": 3, "seed": 7 }));
        play_some(&mut game, 25, "random");
        let text = game.position();
        let mut copy = api::from_position(&name, &text, 3).unwrap();
        assert_eq!(copy.position(), text);
        assert_eq!(copy.legal(), game.legal());
        // A game from a position has a record: its start position, then its steps.
        play_some(&mut copy, 10, "random");
        let record = copy.record().unwrap();
        let json: Value = serde_json::from_str(&record).unwrap();
        assert_eq!(json["start"], text.as_str(), "{name}");
        let again = api::from_record(Some(&name), &record).unwrap();
        assert_eq!(again.position(), copy.position(), "{name}");
        assert_eq!(again.record().unwrap(), record);
        assert_eq!(again.at_step(0.0).unwrap().position(), text);
        let mut broken = json.clone();
        broken["start"] = Value::from("not a position");
        let error = api::from_record(Some(&name), &broken.to_string())
            .err()
            .unwrap_or_default();
        assert!(
            error.starts_with("the record's start position: "),
            "{error}"
        );
        let plain: Value = serde_json::from_str(&game.record().unwrap()).unwrap();
        assert!(plain.get("start").is_none());
        assert!(api::from_position(&name, "not a position", 0).is_err());
        let cut: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
        assert!(api::from_position(&name, &cut, 0).is_err());
    }
}

#[test]
fn undo_drops_the_last_step_and_undo_decision_a_seats_last_decision() {
    for name in games() {
        let mut game = create(
            &name,
            json!({ "players": 3, "seed": 7, "seats": ["person", "random", "random"] }),
        );
        assert!(game.undo().unwrap_err().starts_with("nothing to undo"));
        assert!(
            game.undo_decision(0.0)
                .unwrap_err()
                .starts_with("nothing to undo")
        );
        game.play_bots().unwrap();
        assert_eq!(
            game.to_move(),
            json!({ "kind": "seat", "seat": 0 }),
            "{name}"
        );
        let before = game.position();
        let count = game.steps().as_array().unwrap().len();
        let legal = game.legal();
        game.play(&legal[0]).unwrap();
        game.play_bots().unwrap();
        assert_ne!(game.steps().as_array().unwrap().len(), count);
        // Back to seat 0's decision: the same position, the same choices, the same draws
        // to come.
        let after = game.record().unwrap();
        let taken = game.undo_decision(0.0).unwrap();
        assert_eq!(game.steps().as_array().unwrap().len(), count, "{name}");
        assert!(taken >= 1);
        assert_eq!(game.position(), before, "{name}");
        game.play(&legal[0]).unwrap();
        game.play_bots().unwrap();
        assert_eq!(game.record().unwrap(), after, "{name}");
        // One step back.
        let steps = game.steps().as_array().unwrap().len();
        game.undo().unwrap();
        assert_eq!(game.steps().as_array().unwrap().len(), steps - 1);
        for bad in [3.0, -1.0, 0.5] {
            assert!(game.undo_decision(bad).unwrap_err().starts_with("seat "));
        }
    }
}

#[test]
fn views_and_their_text_and_pictures() {
    for name in games() {
        let mut game = create(&name, json!({ "players": 3, "seed": 7 }));
        play_some(&mut game, 30, "random");
        for seat in 0..3 {
            let view = game.view(f64::from(seat)).unwrap();
            assert!(view.is_object(), "{name}: {view}");
            let pieces = game.view_text(f64::from(seat)).unwrap();
            let pieces = pieces.as_array().unwrap();
            assert!(pieces.iter().any(|p| !p["mark"].is_null()));
            assert!(game.view_svg(f64::from(seat)).unwrap().starts_with("<svg"));
        }
        for bad in [3.0, -1.0, 0.5, f64::NAN] {
            for error in [
                game.view(bad).unwrap_err(),
                game.view_text(bad).unwrap_err(),
                game.view_svg(bad).unwrap_err(),
            ] {
                assert!(error.contains("the table has seats 0 to 2"), "{error}");
            }
        }
        assert!(game.svg().starts_with("<svg"));
    }
}

#[test]
fn gestures_pieces_and_facts_of_the_seat_to_move() {
    for name in games() {
        let mut game = create(&name, json!({ "players": 3, "seed": 7 }));
        play_some(&mut game, 30, "random");
        game.advance().unwrap();
        let seat = game.to_move()["seat"].as_f64().unwrap();
        let pieces = game.pieces(seat).unwrap();
        let ids: Vec<&str> = pieces
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["piece"].as_str().unwrap())
            .collect();
        let gestures = game.gestures();
        let gestures = gestures.as_array().unwrap();
        assert_eq!(gestures.len(), game.legal().len(), "{name}");
        for gesture in gestures {
            let action = gesture["action"].as_str().unwrap();
            if let Some(piece) = gesture["piece"].as_str() {
                assert!(ids.contains(&piece), "{name}: {action}: {piece}");
            }
            let alone = game.gesture_of(action).unwrap();
            assert_eq!(alone["piece"], gesture["piece"]);
            assert_eq!(alone["place"], gesture["place"]);
        }
        assert!(game.gesture_of("no such action").is_err());
        let facts = game.facts(Some(seat)).unwrap();
        assert_eq!(facts["seats"].as_array().unwrap().len(), 3, "{name}");
        assert!(!facts["table"].as_array().unwrap().is_empty());
        assert!(game.facts(None).is_ok());
        for bad in [3.0, -1.0, 0.5] {
            assert!(
                game.pieces(bad)
                    .unwrap_err()
                    .contains("the table has seats 0 to 2")
            );
            assert!(game.facts(Some(bad)).is_err());
        }
        let text = game.record_text().unwrap();
        assert_eq!(
            api::from_record(None, &text).unwrap().position(),
            game.position(),
            "{name}: the game text reads back"
        );
    }
}

#[test]
fn rule_examples_run_step_by_step() {
    for name in games() {
        let list = api::examples(&name).unwrap();
        let list = list.as_array().unwrap();
        assert!(!list.is_empty());
        let id = list[0]["id"].as_str().unwrap();
        assert!(!list[0]["title"].as_str().unwrap().is_empty());
        let run = api::run_example(&name, id).unwrap();
        assert_eq!(run["id"], id);
        assert_eq!(run["title"], list[0]["title"]);
        for scenario in run["scenarios"].as_array().unwrap() {
            if scenario.get("refused").is_some() {
                assert!(scenario["refused"]["violations"][0]["name"].is_string());
                continue;
            }
            let steps = scenario["steps"].as_array().unwrap();
            let end = steps
                .last()
                .map_or(&scenario["before"]["position"], |s| &s["position"]);
            assert_eq!(end, &scenario["after"]["position"], "{id}");
            for step in steps {
                assert!(step["by"]["kind"].is_string());
                assert!(step["svg"].as_str().unwrap().starts_with("<svg"));
                assert!(step["events"].is_array());
            }
        }
        assert!(api::example_svg(&name, id).unwrap().starts_with("<svg"));
        let error = api::run_example(&name, "NO-SUCH-EXAMPLE").unwrap_err();
        assert!(
            error.starts_with("no rule example `NO-SUCH-EXAMPLE`"),
            "{error}"
        );
        assert!(api::example_svg(&name, "NO-SUCH-EXAMPLE").is_err());
    }
    assert!(api::examples("chess").is_err());
}

#[test]
fn a_bots_suggestion_moves_nothing_and_is_what_it_plays_on_its_turn() {
    for name in games() {
        for spec in ["random", "greedy", "mcts:100"] {
            let mut game = create(
                &name,
                json!({ "players": 3, "seed": 5, "seats": [spec, spec, spec] }),
            );
            assert!(game.bot("random").is_err(), "chance is to move");
            game.advance().unwrap();
            let record = game.record().unwrap();
            let choice = game.bot(spec).unwrap();
            assert_eq!(game.bot(spec).unwrap(), choice, "{name} {spec}");
            assert_eq!(game.record().unwrap(), record, "a suggestion moves nothing");
            let played = game.bot_turn().unwrap();
            assert_eq!(played["action"], choice["action"], "{name} {spec}");
            assert!(played["events"].is_array());
            if spec.starts_with("mcts") {
                let rows = choice["analysis"].as_array().unwrap();
                let share: f64 = rows.iter().map(|r| r["share"].as_f64().unwrap()).sum();
                assert!((share - 1.0).abs() < 1e-9, "{name} {spec}: {share}");
                assert_eq!(rows[0]["action"], choice["action"]);
                assert_eq!(choice["iterations"], 100);
            } else {
                assert!(choice["analysis"].is_null() && choice["iterations"].is_null());
            }
        }
        let mut game = create(&name, json!({ "players": 3, "seed": 5 }));
        game.advance().unwrap();
        for bad in [
            "mcts:0",
            "mcts:abc",
            "mcts:0ms",
            "mcts:99999999ms",
            "alphazero",
            "",
        ] {
            assert!(game.bot(bad).is_err(), "{bad}");
        }
        assert_eq!(
            game.bot("person").unwrap_err(),
            "`person` is not a bot: a person chooses that seat's actions"
        );
        // Nobody said who plays: no bot's turn.
        assert!(game.bot_turn().unwrap_err().contains("is not a bot's"));
        assert!(game.play_bots().is_err());
    }
}

#[test]
fn a_game_rebuilt_from_its_record_at_any_step_goes_on_the_same() {
    for name in games() {
        let seats = json!(["greedy", "random", "greedy"]);
        let mut whole = create(&name, json!({ "players": 3, "seed": 13, "seats": seats }));
        whole.play_bots().unwrap();
        assert_eq!(whole.end_reason(), "rules", "{name}");
        let record = whole.record().unwrap();
        let total = whole.steps().as_array().unwrap().len();
        for at in [0, 1, total / 3, total / 2, total - 1] {
            // Played step by step to `at`, then rebuilt from its record and played on.
            let mut game = create(&name, json!({ "players": 3, "seed": 13, "seats": seats }));
            while game.steps().as_array().unwrap().len() < at {
                if game.to_move()["kind"] == "chance" {
                    game.sample_chance().unwrap();
                } else {
                    game.bot_turn().unwrap();
                }
            }
            let mut rebuilt = api::from_record(None, &game.record().unwrap()).unwrap();
            assert_eq!(rebuilt.seats(), ["greedy", "random", "greedy"]);
            rebuilt.play_bots().unwrap();
            assert_eq!(
                rebuilt.record().unwrap(),
                record,
                "{name} rebuilt at step {at}"
            );
        }
    }
}

#[test]
fn bot_games_end_by_the_rules() {
    // Greedy against greedy, Tigris & Euphrates, 2 players, seed 7: the game the page
    // played to the turn limit when it rebuilt the bots' generator at its seed each turn.
    let mut game = create(
        "tigris",
        json!({ "players": 2, "seed": 7, "seats": ["greedy", "greedy"] }),
    );
    game.play_bots().unwrap();
    assert_eq!(game.to_move()["kind"], "over");
    assert_eq!(game.end_reason(), "rules");
    let standings = game.standings();
    let standings = standings.as_array().unwrap();
    assert_eq!(standings.len(), 2);
    assert!(standings.iter().any(|s| s["rank"] == 1));
    assert_eq!(
        api::from_record(None, &game.record().unwrap())
            .unwrap()
            .standings(),
        game.standings()
    );
}

#[test]
fn the_hint_is_the_librarys_and_moves_nothing() {
    for name in games() {
        let mut game = create(&name, json!({ "players": 3, "seed": 4 }));
        assert!(game.hint().is_err(), "chance is to move");
        game.advance().unwrap();
        let record = game.record().unwrap();
        let hint = game.hint().unwrap();
        assert_eq!(game.record().unwrap(), record);
        let action = hint["action"].as_str().unwrap();
        assert!(game.legal().iter().any(|a| a == action), "{name}: {action}");
        let shares = hint["shares"].as_array().unwrap();
        assert_eq!(shares[0]["action"], action);
        let sum: f64 = shares.iter().map(|s| s["share"].as_f64().unwrap()).sum();
        assert!((sum - 1.0).abs() < 1e-9);
        assert_eq!(hint["legal"], game.legal().len());
        assert!(hint["iterations"].as_u64().unwrap() > 0);
    }
}

#[test]
fn seats_are_checked_when_given_and_written_in_the_record() {
    let game = create(
        "cards",
        json!({ "players": 3, "seats": ["person", "mcts:1.5s", "greedy"] }),
    );
    assert_eq!(game.seats(), ["person", "mcts:1.5s", "greedy"]);
    let record: Value = serde_json::from_str(&game.record().unwrap()).unwrap();
    assert_eq!(record["bots"], json!(["person", "mcts:1.5s", "greedy"]));
    let again = api::from_record(Some("cards"), &game.record().unwrap()).unwrap();
    assert_eq!(again.seats(), game.seats());
    for (seats, says) in [
        (
            json!(["person", "mcts:0", "greedy"]),
            "seat 1: bad iteration count in `mcts:0`",
        ),
        (
            json!(["person", "greedy", "oracle"]),
            "seat 2: unknown bot `oracle`",
        ),
        (
            json!(["person", "mcts:0ms", "random"]),
            "seat 1: bad time budget",
        ),
        (json!(["person"]), "1 seat specs for 3 seats"),
    ] {
        let options = json!({ "players": 3, "seats": seats }).to_string();
        let error = api::create("cards", &options).err().unwrap_or_default();
        assert!(error.contains(says), "{seats}: {error}");
    }
    let mut game = create("sumeria", json!({ "players": 3 }));
    assert!(game.seats().is_empty());
    let record: Value = serde_json::from_str(&game.record().unwrap()).unwrap();
    assert!(record.get("bots").is_none(), "no bots said: none written");
    game.set_seats(&["random".into(), "mcts".into(), "person".into()])
        .unwrap();
    let error = game
        .set_seats(&["random".into(), "mcts:-1".into(), "person".into()])
        .unwrap_err();
    assert!(error.starts_with("seat 1: bad iteration count"), "{error}");
    assert_eq!(game.seats(), ["random", "mcts", "person"]);
}

#[test]
fn at_step_gives_the_game_after_its_first_steps() {
    for name in games() {
        let mut game = create(
            &name,
            json!({ "players": 3, "seed": 7, "seats": ["greedy", "greedy", "greedy"] }),
        );
        let mut positions = vec![game.position()];
        for _ in 0..30 {
            if game.to_move()["kind"] == "chance" {
                game.sample_chance().unwrap();
            } else {
                game.bot_turn().unwrap();
            }
            positions.push(game.position());
        }
        let steps = game.steps();
        let steps = steps.as_array().unwrap();
        for n in [0, 1, 7, 30] {
            let at = game.at_step(n as f64).unwrap();
            assert_eq!(at.position(), positions[n], "{name} after {n}");
            assert_eq!(at.steps().as_array().unwrap().as_slice(), &steps[..n]);
            assert_eq!(at.seats(), game.seats());
        }
        // The copy goes on as the original did from there: its generator is where it stood.
        let mut at = game.at_step(5.0).unwrap();
        while at.steps().as_array().unwrap().len() < 30 {
            if at.to_move()["kind"] == "chance" {
                at.sample_chance().unwrap();
            } else {
                at.bot_turn().unwrap();
            }
        }
        assert_eq!(at.position(), game.position(), "{name}");
        for bad in [-1.0, 31.0, 2.5, f64::NAN] {
            let error = game.at_step(bad).err().unwrap_or_default();
            assert!(
                error.contains("the game has steps 0 to 30"),
                "{bad}: {error}"
            );
        }
    }
}
