//! The executable rule examples: every `tests/cases/*.case` file (embedded as
//! `sumeria::examples::EXAMPLES`) is run by the core's case runner, its expectations
//! checked, and its transcript (positions before and after, steps, events) snapshotted.
//! The positions that validation must refuse (`tests/cases/refused/*.case`, one file per
//! check, not rule examples) are run and snapshotted apart.

use std::path::Path;

use mesopotamia_core::cases::{self, Case, CaseGame};
use mesopotamia_testkit::{check_example_positions, run_examples, run_refused};
use sumeria::{Sumeria, examples::EXAMPLES};

#[test]
fn rule_examples() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    for (id, transcript) in run_examples::<Sumeria>(EXAMPLES, &dir) {
        insta::with_settings!({ snapshot_path => "cases/snapshots", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(id, transcript);
        });
    }
}

/// A case whose expectation does not hold is an error naming the line.
#[test]
fn a_false_expectation_is_reported_with_its_line() {
    let (id, text) = EXAMPLES[0];
    let broken = text.replacen("[script]\n", "[script]\nexpect rank 0 9\n", 1);
    let case = Case::parse(id, &broken).unwrap();
    let err = cases::run::<Sumeria>(&case).unwrap_err().to_string();
    assert!(err.contains("expect rank 0 9"), "{err}");
    assert!(err.starts_with(&format!("{id}:")), "{err}");
}

/// Every state the rule examples pass through reads back from its position's text as the
/// same game: validation accepts every legal position it is shown, and the text loses nothing.
#[test]
fn every_state_of_the_rule_examples_reads_back() {
    assert!(check_example_positions::<Sumeria>(EXAMPLES) > EXAMPLES.len());
}

/// The random-play fast paths hold in every state of the rule examples, which reach decisions
/// random games seldom do: each draw is legal (the reference draw itself, for an exact
/// sampler), and playing it leaves the state `apply` leaves.
#[test]
fn the_samplers_hold_in_every_state_of_the_rule_examples() {
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    mesopotamia_testkit::check_example_samplers::<Sumeria, _>(EXAMPLES, 4, &mut rng);
}

/// Every check of position validation has a case in `tests/cases/refused`: a real position
/// with the smallest change that trips it, refused for exactly that violation.
#[test]
fn refused_positions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/refused");
    let (transcripts, names) = run_refused::<Sumeria>(&dir);
    for (id, transcript) in transcripts {
        insta::with_settings!({ snapshot_path => "cases/refused/snapshots", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(id, transcript);
        });
    }
    let every_check = [
        "display",
        "display-phase",
        "influence",
        "no-choice",
        "order",
        "order-drawn",
        "phase",
        "placed",
        "players",
        "seat-lines",
        "tiles-out",
        "traders",
        "turn",
        "unknown-seat",
    ];
    assert_eq!(names.into_iter().collect::<Vec<_>>(), every_check);
}

/// `expect refused` on a position that validation accepts fails the case at that line.
#[test]
fn a_false_refusal_is_reported_with_its_line() {
    let (id, text) = EXAMPLES
        .iter()
        .find(|(_, text)| text.contains("[position]"))
        .copied()
        .unwrap();
    let position = Case::parse(id, text).unwrap().scenarios[0]
        .start
        .text()
        .to_owned();
    let accepted = format!("[position]\n{position}[script]\nexpect refused traders\n");
    let err = cases::run::<Sumeria>(&Case::parse(id, &accepted).unwrap())
        .unwrap_err()
        .to_string();
    let line = 3 + position.lines().count();
    assert!(
        err.starts_with(&format!(
            "{id}:{line}: `expect refused traders`: the position is accepted"
        )),
        "{err}"
    );
}

/// A `[start]` section is the configuration line; anything else is a clear error, and a
/// good one gives the new game, before any chance outcome.
#[test]
fn start_sections_read_the_configuration_line() {
    use mesopotamia_core::Game;
    use sumeria::{Config, Phase};

    let game = <Sumeria as CaseGame>::from_start("sumeria players 4\n").unwrap();
    assert_eq!(game, Sumeria::new(Config::new(4)).unwrap());
    assert_eq!(game.public().phase(), Phase::Order);
    let commented = <Sumeria as CaseGame>::from_start("# four\n\n  sumeria players 3  \n").unwrap();
    assert_eq!(commented.seat_count(), 3);
    for (text, wanted) in [
        ("", "found 0 lines"),
        ("sumeria players 3\nsumeria players 3\n", "found 2 lines"),
        ("sumeria players 5", "5 players: Sumeria seats 3 or 4"),
        ("sumeria players 2", "2 players: Sumeria seats 3 or 4"),
        ("sumeria players three", "bad player count `three`"),
        ("sumeria players 300", "bad player count `300`"),
        ("tigris players 3", "expected `sumeria players N`"),
        (
            "sumeria players 3 board alternative",
            "expected `sumeria players N`",
        ),
    ] {
        let err = <Sumeria as CaseGame>::from_start(text).unwrap_err();
        assert!(err.contains(wanted), "{text:?}: {err}");
    }
}

/// The configuration line is the position format's header: both go through one parser.
#[test]
fn the_position_header_is_the_configuration_line() {
    use sumeria::{Config, Position};

    let position = Position::from_game(&Sumeria::new(Config::new(4)).unwrap()).to_string();
    let header = position.lines().next().unwrap();
    assert_eq!(header, Config::new(4).to_string());
    assert_eq!(header.parse::<Config>().unwrap(), Config::new(4));
    let broken = position.replacen("sumeria players 4", "sumeria players four", 1);
    let err = broken.parse::<Position>().unwrap_err();
    assert_eq!(err.line, 1);
    assert!(err.message.contains("bad player count `four`"), "{err}");
}

fn game_of(id: &str) -> Sumeria {
    let case = Case::parse(id, sumeria::examples::example(id).unwrap()).unwrap();
    match &case.scenarios[0].start {
        cases::Start::Position(text) => <Sumeria as CaseGame>::from_position(text).unwrap(),
        cases::Start::Configuration(text) => <Sumeria as CaseGame>::from_start(text).unwrap(),
    }
}

/// `moves-from` compares sets: any order of the right destinations holds, a missing,
/// extra or wrong one does not.
#[test]
fn moves_from_is_a_set() {
    let game = game_of("SUMERIA-MOVE");
    for order in [
        "Kish:C Nippur:T2 Nippur:T3",
        "Nippur:T3 Kish:C Nippur:T2",
        "Nippur:T2 Nippur:T3 Kish:C",
    ] {
        let fact = format!("moves-from Kish:V1 = {order}");
        assert_eq!(game.check_fact(&fact), Some(Ok(())), "{fact}");
    }
    for wrong in [
        "Kish:C Nippur:T2",
        "Kish:C Nippur:T2 Nippur:T3 Kish:V1",
        "Kish:C Nippur:T2 Nippur:T1",
        "Kish:C Nippur:T2 Nippur:T2 Nippur:T3",
    ] {
        let fact = format!("moves-from Kish:V1 = {wrong}");
        assert!(matches!(game.check_fact(&fact), Some(Err(_))), "{fact}");
    }
}

/// The supply, display and phase facts hold exactly when the game says so, and bad
/// words are errors, not panics.
#[test]
fn supply_display_and_phase_facts() {
    let game = game_of("SUMERIA-MOVE");
    let holds = |fact: &str| game.check_fact(fact);
    for fact in [
        "supply 0 13",
        "supply 1 12",
        "display 1 religion economy military",
        "display 2 economy politics",
        "display 3 military",
        "phase turns",
    ] {
        assert_eq!(holds(fact), Some(Ok(())), "{fact}");
    }
    for fact in [
        "supply 0 12",
        "supply 3 0",
        "supply x 1",
        "display 1 economy military",
        "display 1 economy military religion religion",
        "display 3 -",
        "display 0 -",
        "display 4 -",
        "display 2 economy wealth",
        "phase draw",
        "phase take 0",
        "phase take 2",
        "phase",
    ] {
        assert!(matches!(holds(fact), Some(Err(_))), "{fact}");
    }
    assert_eq!(holds("supplies 0 13"), None);
}
