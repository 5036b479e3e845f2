//! Hostile numbers (issue 24): the saved forms of real mid-game states, positions, public
//! parts, views, records and configurations, with numbers replaced by extreme values (in
//! the JSON and inside the position text and the notation), are read back into a value or
//! an error, never a panic. What is accepted plays on, is written out and reads back.

use std::sync::OnceLock;

use mesopotamia_core::observation::Observe;
use mesopotamia_core::record::{GameRecord, Step};
use mesopotamia_core::{Colour, Game, Seat};
use mesopotamia_testkit::hostile::{
    Kind, Read, Snapshot, read, read_each_extreme, read_picked, saved_forms,
};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use serde_json::Value;
use tigris_euphrates::{Config, Position, Public, Tigris, TigrisView, Violation};

mod common;

/// Saved forms of seeded random games (every 61 steps, at the first conflict, at the end),
/// with the position and the public part beside the state: a 2-player base game, 3 players
/// with every 2009 option on the alternative board, 4 players with the English variant.
fn corpus() -> &'static [Snapshot] {
    static CORPUS: OnceLock<Vec<Snapshot>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let mut out = Vec::new();
        for (seed, players, options) in [(1u64, 2u8, 0u8), (2, 3, 7), (3, 4, 8)] {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            out.extend(saved_forms(
                &common::config(players, options),
                &mut rng,
                61,
                |game: &Tigris| game.public().conflict().is_some(),
                |game| {
                    let position = Position::from_game(game);
                    vec![
                        (
                            Kind::Other("position"),
                            serde_json::to_value(position).unwrap(),
                        ),
                        (
                            Kind::Other("public"),
                            serde_json::to_value(game.public()).unwrap(),
                        ),
                    ]
                },
            ));
        }
        out
    })
}

/// Reads `value` as `kind`: whatever is accepted is usable (see `hostile::read`), and
/// its views are written and observed.
fn read_form(kind: Kind, value: Value, rng: &mut ChaCha8Rng) {
    match read::<Tigris, _>(kind, value, 20, rng) {
        Read::Refused => {}
        Read::Game(game) => {
            for seat in Seat::all(game.seat_count()) {
                let _ = game.view(seat).to_string();
                let _ = game.observation(seat);
            }
        }
        Read::View(view) => {
            let _ = view.to_string();
            Tigris::write_observation(&view, &mut Vec::new());
        }
        Read::Other("position", value) => {
            if let Ok(position) = serde_json::from_value::<Position>(value) {
                let _ = position.to_string();
                if let Ok(game) = position.into_game() {
                    read_form(Kind::State, serde_json::to_value(game).unwrap(), rng);
                }
            }
        }
        Read::Other(_, value) => {
            if let Ok(public) = serde_json::from_value::<Public>(value) {
                let text = serde_json::to_string(&public).unwrap();
                assert_eq!(serde_json::from_str::<Public>(&text).unwrap(), public);
            }
        }
    }
}

// 256 cases unless PROPTEST_CASES says otherwise.
proptest! {
    #[test]
    fn extreme_numbers_are_read_or_refused_never_a_panic(
        pick in any::<usize>(),
        picks in prop::collection::vec((any::<usize>(), any::<usize>()), 1..=4),
        seed in any::<u64>(),
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        read_picked(corpus(), pick, &picks, &mut rng, read_form);
    }
}

/// Every number of the remarkable snapshots, one at a time, takes each extreme value: at
/// each game's first conflict, the state, the position, the public part and the record; at
/// its end, the state, the position, the public part and one view; the configurations. (A
/// record is replayed at each reading: the records of whole games are left to the test
/// above.)
#[test]
fn each_number_alone_takes_each_extreme_value() {
    read_each_extreme(corpus(), &mut ChaCha8Rng::seed_from_u64(24), read_form);
}

// Regressions: each input below panicked before it was checked (or would have, on the next
// step), and is now refused with a typed error naming the field and the bound.

/// A 3-player game after the deal and a few actions.
fn mid_game() -> Tigris {
    let mut game = Tigris::new(Config::new(3)).unwrap();
    mesopotamia_testkit::walk(&mut game, 60);
    game
}

/// `text` with the words after `prefix` on the line that starts with it replaced by `words`.
fn with_words(text: &str, prefix: &str, words: &[&str]) -> String {
    let mut out = String::new();
    for line in text.lines() {
        match line.strip_prefix(prefix) {
            Some(rest) => {
                let old: Vec<&str> = rest.split_whitespace().collect();
                let new: Vec<&str> = words
                    .iter()
                    .copied()
                    .chain(old.iter().skip(words.len()).copied())
                    .collect();
                out.push_str(&format!("{prefix} {}", new.join(" ")));
            }
            None => out.push_str(line),
        }
        out.push('\n');
    }
    assert_ne!(out, format!("{text}\n"), "no line starts with `{prefix}`");
    out
}

fn seat(i: usize) -> Seat {
    Seat::new(i).unwrap()
}

/// Issue 24: a hand of 200 red and 100 blue tiles summed in `u8` and overflowed; in the
/// position text and in a state's JSON (which holds that text).
#[test]
fn a_hand_summing_past_255_is_refused() {
    let text = with_words(&mid_game().to_string(), "seat 0 hand", &["200", "100"]);
    let violations = text.parse::<Position>().unwrap().into_game().unwrap_err();
    assert!(
        violations.contains(&Violation::HandTooLarge(seat(0))),
        "{violations:?}"
    );
    let err = serde_json::from_value::<Tigris>(Value::String(text)).unwrap_err();
    assert!(
        err.to_string().contains("seat 0 holds more than 6 tiles"),
        "{err}"
    );
}

/// Discards summed in `u8` likewise.
#[test]
fn discards_summing_past_255_are_refused() {
    let text = mid_game().to_string();
    let line = text.lines().find(|l| l.starts_with("seat 1 ")).unwrap();
    let tampered = line.replace(
        &line[line.find("discarded").unwrap()..],
        "discarded 200 100 0 0",
    );
    let text = text.replace(line, &tampered);
    let violations = text.parse::<Position>().unwrap().into_game().unwrap_err();
    assert!(
        violations.iter().any(|v| matches!(
            v,
            Violation::TooManyTiles {
                colour: Colour::Red,
                ..
            }
        )),
        "{violations:?}"
    );
}

/// The position of TE-2009-REVOLT: seat 0's priest is to enter seat 1's kingdom at K6.
fn revolt_position() -> String {
    let case = tigris_euphrates::examples::example("TE-2009-REVOLT").unwrap();
    let start = case.split("[position]").nth(1).unwrap();
    start.split("[script]").next().unwrap().to_owned()
}

/// The revolt of TE-2009-REVOLT started: a conflict pending.
fn revolt() -> Tigris {
    let mut game = revolt_position()
        .parse::<Position>()
        .unwrap()
        .into_game()
        .unwrap();
    game.apply("leader priest K6".parse().unwrap()).unwrap();
    assert!(game.public().conflict().is_some());
    game
}

/// Conflict strengths of 255 and a commitment of 255 were accepted and added in `u8` when
/// the conflict was resolved.
#[test]
fn conflict_strengths_beyond_the_tiles_are_refused() {
    let game = revolt();
    let text = game.to_string();
    assert!(text.contains("bases 2 1\n"), "{text}");
    let text = text.replace("bases 2 1\n", "bases 255 255 committed 255\n");
    let violations = text.parse::<Position>().unwrap().into_game().unwrap_err();
    assert_eq!(
        violations,
        vec![Violation::ConflictStrength {
            attacker: 255,
            defender: 255,
            committed: 255
        }]
    );
    // In the view's JSON.
    let mut view = serde_json::to_value(game.view(seat(1))).unwrap();
    view["conflict"]["attacker_base"] = 255.into();
    view["conflict"]["attacker_commit"] = 255.into();
    let err = serde_json::from_value::<TigrisView>(view).unwrap_err();
    assert!(err.to_string().contains("bases go up to 57"), "{err}");
}

/// 255 treasures taken were accepted, and the next one taken overflowed.
#[test]
fn more_treasures_than_the_board_has_are_refused() {
    let text = mid_game().to_string();
    let line = text.lines().find(|l| l.starts_with("seat 2 ")).unwrap();
    let tampered = line.replace(
        &line[line.find("treasures").unwrap()..line.find(" catastrophes").unwrap()],
        "treasures 255",
    );
    let text = text.replace(line, &tampered);
    let violations = text.parse::<Position>().unwrap().into_game().unwrap_err();
    assert!(
        violations.iter().any(|v| matches!(
            v,
            Violation::Treasures {
                taken: 255,
                total: 14,
                ..
            }
        )),
        "{violations:?}"
    );
}

/// VP were kept in `u16`: seat 1's 65,535 red VP and the VP of winning the revolt
/// overflowed. A seat that passes its turns with three red monuments in its priest's
/// kingdom gains that many in about 44,000 turns of a 2-player game, within the longest
/// turn limit (100,000). VP beyond `MAX_VP` are refused.
#[test]
fn vp_past_65535_are_counted_and_vp_past_the_bound_refused() {
    let text = with_words(
        &revolt_position(),
        "seat 1 hand",
        &["4", "1", "1", "0", "vp", "65535"],
    );
    let mut game = text.parse::<Position>().unwrap().into_game().unwrap();
    for action in ["leader priest K6", "support 2", "support 3"] {
        game.apply(action.parse().unwrap()).unwrap();
    }
    assert_eq!(game.public().vp(seat(1))[Colour::Red], 65_536);
    let text = with_words(
        &revolt_position(),
        "seat 0 hand",
        &["3", "1", "1", "1", "vp", "0", "100000001"],
    );
    let violations = text.parse::<Position>().unwrap().into_game().unwrap_err();
    assert_eq!(
        violations,
        vec![Violation::TooManyVp {
            seat: seat(0),
            colour: Colour::Blue,
            vp: 100_000_001
        }]
    );
}

/// A monument read by its index from a position's JSON indexed the table of six.
#[test]
fn a_monument_index_beyond_the_six_is_refused() {
    let mut json = serde_json::to_value(Position::from_game(&mid_game())).unwrap();
    json["monuments"] = serde_json::json!([[255, "A1"]]);
    let err = serde_json::from_value::<Position>(json).unwrap_err();
    assert!(err.to_string().contains("unknown monument `255`"), "{err}");
}

/// Records, configurations and notation: numbers beyond their types or bounds are refused
/// with their reason.
#[test]
fn numbers_in_records_configurations_and_notation_are_bounded() {
    let game = mid_game();
    let mut record = GameRecord::<Tigris>::new(*game.config());
    record.steps.push(Step::Chance("draw red".parse().unwrap()));
    let record = serde_json::to_value(&record).unwrap();
    let refused = |change: &dyn Fn(&mut Value), why: &str| {
        let mut v = record.clone();
        change(&mut v);
        let err = serde_json::from_value::<GameRecord<Tigris>>(v).unwrap_err();
        assert!(err.to_string().contains(why), "{why}: {err}");
    };
    refused(
        &|v| v["version"] = u64::MAX.into(),
        "record format version 18446744073709551615",
    );
    refused(
        &|v| v["config"]["players"] = 256.into(),
        "a whole number from 0 to 255",
    );
    refused(&|v| v["config"]["players"] = 255.into(), "255 players");
    refused(
        &|v| v["config"]["turn_limit"] = 100_001.into(),
        "a turn limit of 100001",
    );
    refused(
        &|v| v["steps"][0] = serde_json::json!({"action": [255, "pass"]}),
        "seat",
    );
    refused(
        &|v| v["steps"][0] = serde_json::json!({"action": [0, "swap red:256"]}),
        "`256`",
    );
    for (text, why) in [
        (
            "tigris players 256 board classic variant standard",
            "bad player count `256`",
        ),
        (
            "tigris players 2 board classic variant standard turn-limit 4294967296",
            "bad turn limit `4294967296`",
        ),
    ] {
        assert_eq!(text.parse::<Config>().unwrap_err().to_string(), why);
    }
    let config: Config = "tigris players 2 board classic variant standard turn-limit 0"
        .parse()
        .unwrap();
    assert!(Tigris::new(config).is_err());
    let position = with_words(&game.to_string(), "tigris players", &["255"]);
    assert_eq!(
        position
            .parse::<Position>()
            .unwrap()
            .into_game()
            .unwrap_err(),
        vec![Violation::Players(255)]
    );
    for action in ["swap red:255", "swap red:256", "support 255", "support -1"] {
        assert!(
            action.parse::<tigris_euphrates::Action>().is_err(),
            "{action}"
        );
    }
}
