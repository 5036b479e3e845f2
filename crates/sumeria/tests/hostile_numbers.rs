//! Hostile numbers (issue 24): the saved forms of real mid-game states, public parts, views,
//! records, configurations and the board file, with numbers replaced by extreme values (in
//! the JSON and inside the position text, the notation and the board's location names), are
//! read back into a value or an error, never a panic. What is accepted plays on, is written
//! out and reads back.

use std::sync::{Arc, OnceLock};

use mesopotamia_core::cases::{self, Case, CaseError};
use mesopotamia_core::observation::Observe;
use mesopotamia_core::record::{GameRecord, Step};
use mesopotamia_core::{Game, Seat};
use mesopotamia_testkit::hostile::{
    Kind, Read, Snapshot, read, read_each_extreme, read_picked, saved_forms,
};
use mesopotamia_testkit::play_on;
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use serde_json::Value;
use sumeria::{
    Action, Board, BoardError, Chance, Config, InvalidData, Phase, Position, Public, Sumeria,
    SumeriaView, Violation,
};

/// Saved forms of seeded random games (every 53 steps, at the first choice of a
/// controller, at the end), with the public part and the board file beside the state: 3
/// and 4 players.
fn corpus() -> &'static [Snapshot] {
    static CORPUS: OnceLock<Vec<Snapshot>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let mut out = Vec::new();
        for (seed, players) in [(1u64, 3u8), (2, 4)] {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            out.extend(saved_forms(
                &Config::new(players),
                &mut rng,
                53,
                |game: &Sumeria| matches!(game.public().phase(), Phase::Take(_)),
                |game| {
                    vec![(
                        Kind::Other("public"),
                        serde_json::to_value(game.public()).unwrap(),
                    )]
                },
            ));
        }
        let board = Board::reconstructed().source().to_owned();
        out.push(Snapshot {
            forms: vec![(Kind::Other("board"), Value::String(board))],
            remarkable: true,
            end: true,
        });
        out
    })
}

/// Reads `value` as `kind`: whatever is accepted is usable (see `hostile::read`), and
/// its views are written and observed; a board read is played on.
fn read_form(kind: Kind, value: Value, rng: &mut ChaCha8Rng) {
    match read::<Sumeria, _>(kind, value, 20, rng) {
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
            Sumeria::write_observation(&view, &mut Vec::new());
        }
        Read::Other("board", Value::String(text)) => {
            if let Ok(board) = Board::parse(&text) {
                let config = Config::new(3).with_board(Arc::new(board));
                let mut game = Sumeria::new(config).expect("a board read is playable");
                play_on(&mut game, 60, &text, rng);
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
/// each game's first choice of a controller, the state, the public part and the record; at
/// its end, the state, the public part and one view; the configurations; the board file.
/// (A record is replayed at each reading: the records of whole games are left to the test
/// above.)
#[test]
fn each_number_alone_takes_each_extreme_value() {
    read_each_extreme(corpus(), &mut ChaCha8Rng::seed_from_u64(24), read_form);
}

// Regressions: the input below panicked before it was checked, and is now refused with a
// typed error; the other numbers were already refused, and stay so.

/// A case's `expect score SEAT N` indexed the scores with the seat read: seat 3 at a table
/// of 3 was out of bounds.
#[test]
fn a_score_of_a_seat_not_at_the_table_is_a_failed_expectation() {
    let case = Case::parse(
        "X",
        "[start]\nsumeria players 3\n[script]\nexpect score 3 0\n",
    )
    .unwrap();
    match cases::run::<Sumeria>(&case) {
        Err(CaseError::Step { message, line, .. }) => {
            assert_eq!((message.as_str(), line), ("seat 3 is not at the table", 4));
        }
        other => panic!("{other:?}"),
    }
}

/// A 4-player game in its first round, traders on the board.
fn mid_game() -> Sumeria {
    let mut game = Sumeria::new(Config::new(4)).unwrap();
    mesopotamia_testkit::walk(&mut game, 70);
    game
}

/// `text` with the line starting with `prefix` replaced by `line`.
fn with_line(text: &str, prefix: &str, line: &str) -> String {
    let old = text.lines().find(|l| l.starts_with(prefix)).unwrap();
    text.replace(old, line)
}

/// Positions (in a state's JSON), views, records, configurations, board files and
/// notation: numbers beyond their types or bounds are refused with their reason.
#[test]
fn numbers_everywhere_are_bounded() {
    let game = mid_game();
    let text = game.to_string();
    let violations = |text: &str| text.parse::<Position>().unwrap().into_game().unwrap_err();
    let tampered = with_line(
        &text,
        "seat 0",
        "seat 0 supply 255 influence 255 255 255 255",
    );
    let found = violations(&tampered);
    assert!(
        found
            .iter()
            .any(|v| matches!(v, Violation::Influence { found: 255.., .. })),
        "{found:?}"
    );
    let tampered = with_line(&text, "round", "round 255 turn 255 first 0 phase turns");
    assert!(
        violations(&tampered)
            .iter()
            .any(|v| matches!(v, Violation::Turn { round: 255, .. }))
    );
    for (prefix, line, why) in [
        (
            "round",
            "round 256 turn 0 first 0 phase turns",
            "bad number `256`",
        ),
        (
            "round",
            "round 0 turn 0 first 8 phase turns",
            "bad seat `8`",
        ),
        ("discarded", "discarded -1 0 0 0", "bad number `-1`"),
        (
            "sumeria",
            "sumeria players 65536",
            "bad player count `65536`",
        ),
    ] {
        let err = with_line(&text, prefix, line)
            .parse::<Position>()
            .unwrap_err();
        assert!(err.to_string().contains(why), "{line}: {err}");
    }
    // The same text in a state's JSON.
    let mut json = serde_json::to_value(&game).unwrap();
    json["position"] = with_line(&text, "sumeria", "sumeria players 255").into();
    let err = serde_json::from_value::<Sumeria>(json).unwrap_err();
    assert!(err.to_string().contains("255 players"), "{err}");
    // A view's JSON.
    let view = serde_json::to_value(game.view(Seat::new(0).unwrap())).unwrap();
    let refused = |change: &dyn Fn(&mut Value), why: &str| {
        let mut v = view.clone();
        change(&mut v);
        let err = serde_json::from_value::<SumeriaView>(v).unwrap_err();
        assert!(err.to_string().contains(why), "{why}: {err}");
    };
    refused(&|v| v["bag"] = (1u64 << 32).into(), "u32");
    refused(&|v| v["round"] = 255.into(), "round 255");
    refused(&|v| v["seats"][0]["supply"] = 256.into(), "u8");
    refused(
        &|v| v["seats"][0]["traders"][0] = "Ur:T65536".into(),
        "Ur:T65536",
    );
    refused(&|v| v["config"]["players"] = 255.into(), "255 players");
    // A record's JSON.
    let mut record = GameRecord::<Sumeria>::new(Config::new(3));
    record.steps.push(Step::Chance("order Ur".parse().unwrap()));
    let record = serde_json::to_value(&record).unwrap();
    for (change, why) in [
        (serde_json::json!({"chance": "first 255"}), "first 255"),
        (
            serde_json::json!({"action": [256, "take economy"]}),
            "seat 256 is out of range",
        ),
    ] {
        let mut v = record.clone();
        v["steps"][0] = change;
        let err = serde_json::from_value::<GameRecord<Sumeria>>(v).unwrap_err();
        assert!(err.to_string().contains(why), "{why}: {err}");
    }
    let mut v = record.clone();
    v["steps"][0] = serde_json::json!({"chance": "first 7"});
    let record: GameRecord<Sumeria> = serde_json::from_value(v).unwrap();
    assert!(
        record.replay().is_err(),
        "seat 7 drawn first at a table of 3"
    );
    // Configurations, board files, notation.
    let err = serde_json::from_value::<Config>(serde_json::json!({"players": 255})).unwrap_err();
    assert!(
        err.to_string()
            .contains(&InvalidData::Players(255).to_string()),
        "{err}"
    );
    let board = Board::reconstructed()
        .source()
        .replacen("Kish:T1 ", "Kish:T65536 ", 1);
    assert!(matches!(
        Board::parse(&board),
        Err(BoardError::UnknownLocation { .. })
    ));
    for action in ["add Ur:T4", "add Ur:T18446744073709551616", "take 255"] {
        assert!(action.parse::<Action>().is_err(), "{action}");
    }
    assert!("first 4294967296".parse::<Chance>().is_err());
}
