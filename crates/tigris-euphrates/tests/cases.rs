//! The executable rule examples: every `tests/cases/*.case` file (embedded as
//! `tigris_euphrates::examples::EXAMPLES`) is run by the core's case runner, its expectations
//! checked, and its transcript (positions before and after, steps, events) snapshotted.
//! The positions that validation must refuse (`tests/cases/refused/*.case`, one file per
//! check, not rule examples) are run and snapshotted apart.

use std::path::Path;

use mesopotamia_core::cases::{self, Case};
use mesopotamia_testkit::{check_example_positions, run_examples, run_refused};
use tigris_euphrates::{Config, Position, Tigris, Violation, examples::EXAMPLES};

#[test]
fn rule_examples() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    for (id, transcript) in run_examples::<Tigris>(EXAMPLES, &dir) {
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
    let err = cases::run::<Tigris>(&case).unwrap_err().to_string();
    assert!(err.contains("expect rank 0 9"), "{err}");
    assert!(err.starts_with(&format!("{id}:")), "{err}");
}

/// Every state the rule examples pass through reads back from its position's text as the
/// same game: validation accepts every legal position it is shown, and the text loses nothing.
#[test]
fn every_state_of_the_rule_examples_reads_back() {
    assert!(check_example_positions::<Tigris>(EXAMPLES) > EXAMPLES.len());
}

/// The random-play fast paths hold in every state of the rule examples, which reach decisions
/// random games seldom do: each draw is legal (the reference draw itself, for an exact
/// sampler), and playing it leaves the state `apply` leaves.
#[test]
fn the_samplers_hold_in_every_state_of_the_rule_examples() {
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    mesopotamia_testkit::check_example_samplers::<Tigris, _>(EXAMPLES, 4, &mut rng);
}

/// Every check of position validation has a case in `tests/cases/refused`: a real position
/// with the smallest change that trips it, refused for exactly that violation.
#[test]
fn refused_positions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/refused");
    let (transcripts, names) = run_refused::<Tigris>(&dir);
    for (id, transcript) in transcripts {
        insta::with_settings!({ snapshot_path => "cases/refused/snapshots", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(id, transcript);
        });
    }
    // `cells` cannot be written in the text format (its rows are parsed 16 squares wide):
    // `a_board_of_the_wrong_size_is_refused` checks it.
    let every_check = [
        "bag-not-exhausted",
        "building-placement",
        "catastrophes",
        "catastrophes-left",
        "committed-not-removed",
        "conflict",
        "conflict-bases",
        "conflict-strength",
        "draws",
        "draws-overfill-hand",
        "duplicate-leader",
        "hand-too-large",
        "leader-on-river",
        "leader-without-temple",
        "loose-flipped-tile",
        "monument-placement",
        "option-off",
        "over-without-end",
        "past-turn-limit",
        "players",
        "seat-lines",
        "tile-terrain",
        "tiles-missing",
        "too-many-tiles",
        "too-many-vp",
        "treasure-off-temple",
        "treasures",
        "turn",
        "turn-limit",
        "two-leaders-in-kingdom",
        "unknown-seat",
        "ziggurat-placement",
        "ziggurat-vp",
    ];
    assert_eq!(names.into_iter().collect::<Vec<_>>(), every_check);
}

/// A board without its 176 squares (only a program can build one) is refused.
#[test]
fn a_board_of_the_wrong_size_is_refused() {
    let game = Tigris::new(Config::new(2)).unwrap();
    let mut position = Position::from_game(&game);
    position.cells.pop();
    let violations = position.into_game().unwrap_err();
    assert_eq!(violations, vec![Violation::Cells(175)]);
    assert_eq!(violations[0].name(), "cells");
}

/// `expect refused` on a position that validation accepts fails the case at that line, and
/// says so; a refusal for another violation fails it too, naming what was reported.
#[test]
fn a_false_refusal_is_reported_with_its_line() {
    let (id, text) = EXAMPLES
        .iter()
        .find(|(_, text)| text.contains("[position]"))
        .copied()
        .unwrap();
    let case = Case::parse(id, text).unwrap();
    let position = case.scenarios[0].start.text();
    let accepted =
        format!("[position]\n{position}[script]\nexpect refused leader-without-temple\n");
    let err = cases::run::<Tigris>(&Case::parse(id, &accepted).unwrap())
        .unwrap_err()
        .to_string();
    let line = 3 + position.lines().count();
    assert!(
        err.starts_with(&format!(
            "{id}:{line}: `expect refused leader-without-temple`: the position is accepted"
        )),
        "{err}"
    );
    let wrong = format!(
        "[position]\n{}[script]\nexpect refused leader-without-temple\n",
        position.replacen("actions 2", "actions 3", 1)
    );
    let err = cases::run::<Tigris>(&Case::parse(id, &wrong).unwrap())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("refused for turn (active seat 0 or 3 actions left is out of range), but the case expects leader-without-temple"),
        "{err}"
    );
    // run_all goes on and shows the failure in the transcript.
    let (transcript, failures) = cases::run_all::<Tigris>(&Case::parse(id, &wrong).unwrap());
    assert_eq!(failures.len(), 1);
    let shown = transcript.unwrap().to_string();
    assert!(shown.contains("-- refused --\n"), "{shown}");
    assert!(
        shown.contains("\nturn: active seat 0 or 3 actions left is out of range\n"),
        "{shown}"
    );
    assert!(
        shown.contains("\nFAILED: refused leader-without-temple: "),
        "{shown}"
    );
}

/// `expect refused` comes first, under a `[position]`, names a violation, and nothing
/// follows it: anything else is an error naming the line.
#[test]
fn a_misplaced_refusal_is_an_error() {
    let (id, text) = EXAMPLES
        .iter()
        .find(|(_, text)| text.contains("[position]"))
        .copied()
        .unwrap();
    let position = Case::parse(id, text).unwrap().scenarios[0]
        .start
        .text()
        .to_owned();
    for (script, wanted) in [
        (
            "expect to-move 0\nexpect refused turn\n",
            "comes only as a script's first lines",
        ),
        (
            "expect refused turn\nexpect to-move 0\n",
            "only `expect refused` lines",
        ),
        ("expect refused\n", "names at least one violation"),
    ] {
        let case = format!("[position]\n{position}[script]\n{script}");
        let err = cases::run::<Tigris>(&Case::parse(id, &case).unwrap())
            .unwrap_err()
            .to_string();
        assert!(err.contains(wanted), "{script}: {err}");
    }
    let start =
        "[start]\ntigris players 2 board classic variant standard\n[script]\nexpect refused turn\n";
    let err = cases::run::<Tigris>(&Case::parse(id, start).unwrap())
        .unwrap_err()
        .to_string();
    assert!(err.contains("checks a [position], not a [start]"), "{err}");
}
