//! Hostile numbers (issue 24): the saved forms of real mid-game states, public parts, views,
//! records and configurations, with numbers replaced by extreme values (in the JSON and
//! inside the position text and the notation), are read back into a value or an error,
//! never a panic. What is accepted plays on, is written out and reads back.

use std::sync::OnceLock;

use mesopotamia_core::observation::Observe;
use mesopotamia_core::record::{GameRecord, Step};
use mesopotamia_core::{Game, Seat};
use mesopotamia_testkit::hostile::{
    Kind, Read, Snapshot, read, read_each_extreme, read_picked, saved_forms,
};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use serde_json::Value;
use tigris_euphrates_cards::{Action, Cards, CardsView, Config, Position, Public, Violation};

/// Saved forms of seeded random games (every 97 steps, at the first conflict, at the end),
/// with the public part beside the state: 2 players, 3 with open piles, 4.
fn corpus() -> &'static [Snapshot] {
    static CORPUS: OnceLock<Vec<Snapshot>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let mut out = Vec::new();
        for (seed, config) in [
            (1u64, Config::new(2)),
            (2, Config::new(3).with_open_piles(true)),
            (3, Config::new(4)),
        ] {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            out.extend(saved_forms(
                &config,
                &mut rng,
                97,
                |game: &Cards| game.public().conflict().is_some(),
                |game| {
                    vec![(
                        Kind::Other("public"),
                        serde_json::to_value(game.public()).unwrap(),
                    )]
                },
            ));
        }
        out
    })
}

/// Reads `value` as `kind`: whatever is accepted is usable (see `hostile::read`), and
/// its views are written and observed.
fn read_form(kind: Kind, value: Value, rng: &mut ChaCha8Rng) {
    match read::<Cards, _>(kind, value, 20, rng) {
        Read::Refused => {}
        Read::Game(game) => {
            let _ = game.to_string();
            for seat in Seat::all(game.seat_count()) {
                let _ = game.view(seat).to_string();
                let _ = game.observation(seat);
            }
        }
        Read::View(view) => {
            let _ = view.to_string();
            Cards::write_observation(&view, &mut Vec::new());
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
/// each game's first conflict, the state, the public part and the record; at its end, the
/// state, the public part and one view; the configurations. (A record is replayed at each
/// reading: the records of whole games are left to the test above.)
#[test]
fn each_number_alone_takes_each_extreme_value() {
    read_each_extreme(corpus(), &mut ChaCha8Rng::seed_from_u64(24), read_form);
}

// Regressions: the input below panicked before it was checked, and is now refused with a
// typed error naming the field and the bound; the other numbers were already refused, and
// stay so.

/// A 3-player game after the deal: every treasure still heads its column.
fn dealt() -> Cards {
    let mut game = Cards::new(Config::new(3)).unwrap();
    while game.to_move() == mesopotamia_core::ToMove::Chance {
        let mut outcomes = Vec::new();
        game.chance_outcomes(&mut outcomes);
        game.apply_chance(outcomes[0].0).unwrap();
    }
    game
}

/// A view's pile of 2^63 + 1 cards showing one: the 2^63 hidden cards to deal were counted
/// in `i64` (`i64::MIN`) and overflowed.
#[test]
fn a_pile_beyond_every_card_is_refused() {
    let mut view = serde_json::to_value(dealt().view(Seat::new(0).unwrap())).unwrap();
    view["seats"][1]["pile_size"] = (1u64 << 63 | 1).into();
    view["seats"][1]["pile_shown"] = serde_json::json!([{"Civ": "red"}]);
    let err = serde_json::from_value::<CardsView>(view).unwrap_err();
    assert_eq!(
        err.to_string(),
        "pile 1 of 9223372036854775809 cards: a pile holds at most 193"
    );
}

/// A public part's `conflicts` of 16 (bit 4) was accepted and, settled at an action, taken
/// for a colour's bit: `Colour::from_index(4)` found none.
#[test]
fn conflict_colour_bits_beyond_the_four_colours_are_refused() {
    let mut game = Cards::new(Config::new(3)).unwrap();
    mesopotamia_testkit::walk(&mut game, 40);
    assert_eq!(
        game.public().pending(),
        tigris_euphrates_cards::Pending::Action
    );
    let mut public = serde_json::to_value(game.public()).unwrap();
    public["conflicts"] = 16.into();
    let err = serde_json::from_value::<Public>(public.clone()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "conflicts 16 or boat banking 0: colour bits are 0 to 3 (boat banking also 7)"
    );
    public["conflicts"] = 0.into();
    public["boat_banking"] = 0x90.into();
    assert!(serde_json::from_value::<Public>(public).is_err());
}

/// `text` with the line starting with `prefix` replaced by `line`.
fn with_line(text: &str, prefix: &str, line: &str) -> String {
    let old = text.lines().find(|l| l.starts_with(prefix)).unwrap();
    text.replace(old, line)
}

/// Positions, records, configurations and notation: numbers beyond their types or bounds
/// are refused with their reason.
#[test]
fn numbers_in_positions_records_configurations_and_notation_are_bounded() {
    let game = dealt();
    let text = game.to_string();
    let violations = |text: &str| text.parse::<Position>().unwrap().into_game().unwrap_err();
    let tampered = with_line(&text, "discarded", "discarded 65535");
    assert!(
        violations(&tampered)
            .iter()
            .any(|v| matches!(v, Violation::Count { found: 65720, .. })),
        "{:?}",
        violations(&tampered)
    );
    // The same text in a state's JSON.
    let err = serde_json::from_value::<Cards>(Value::String(tampered)).unwrap_err();
    assert!(
        err.to_string().contains("65720 civilization cards"),
        "{err}"
    );
    let tampered =
        format!("{text}conflict internal red attacker 0 defender 1 bases 255 255 committed 255\n");
    assert!(
        violations(&tampered).contains(&Violation::ConflictStrength {
            attacker: 255,
            defender: 255,
            committed: 255
        })
    );
    let tampered = with_line(&text, "turn", "turn 4294967295 active 0 actions 2");
    assert!(violations(&tampered).contains(&Violation::PastTurnLimit {
        turn: u32::MAX,
        limit: 1000
    }));
    let tampered = with_line(
        &text,
        "seat 0 hand",
        "seat 0 hand 255 255 255 255 catastrophe yes pile",
    );
    assert!(violations(&tampered).contains(&Violation::Hand(Seat::new(0).unwrap())));
    for (prefix, line, why) in [
        ("discarded", "discarded 65536", "bad number `65536`"),
        (
            "seat 0 hand",
            "seat 0 hand 256 0 0 0 catastrophe yes pile",
            "count 256 too large",
        ),
        ("turn", "turn 4294967296 active 0 actions 2", "bad turn"),
    ] {
        let err = with_line(&text, prefix, line)
            .parse::<Position>()
            .unwrap_err();
        assert!(err.to_string().contains(why), "{line}: {err}");
    }
    let err = format!("{text}removals 256\n")
        .parse::<Position>()
        .unwrap_err();
    assert!(err.to_string().contains("count 256 too large"), "{err}");
    let mut record = GameRecord::<Cards>::new(*game.config());
    record.steps.push(Step::Chance("draw red".parse().unwrap()));
    let record = serde_json::to_value(&record).unwrap();
    let refused = |change: &dyn Fn(&mut Value), why: &str| {
        let mut v = record.clone();
        change(&mut v);
        let err = serde_json::from_value::<GameRecord<Cards>>(v).unwrap_err();
        assert!(err.to_string().contains(why), "{why}: {err}");
    };
    refused(
        &|v| v["version"] = u64::MAX.into(),
        "record format version 18446744073709551615",
    );
    refused(&|v| v["config"]["players"] = 255.into(), "255 players");
    refused(
        &|v| v["config"]["turn_limit"] = 0.into(),
        "a turn limit of 0",
    );
    refused(
        &|v| v["steps"][0] = serde_json::json!({"action": [255, "pass"]}),
        "seat",
    );
    refused(
        &|v| v["steps"][0] = serde_json::json!({"action": [0, "play red 4294967296"]}),
        "4294967296",
    );
    assert_eq!(
        "cards players 256 piles closed"
            .parse::<Config>()
            .unwrap_err()
            .to_string(),
        "bad player count `256`"
    );
    for action in [
        "support 255",
        "play red 256",
        "play red 9",
        "leader king 9/1",
        "leader king 1/255",
        "catastrophe 18446744073709551615-18446744073709551616",
        "treasure 0",
    ] {
        assert!(action.parse::<Action>().is_err(), "{action}");
    }
}
