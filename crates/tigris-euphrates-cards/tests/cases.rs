//! The executable rule examples: every `tests/cases/*.case` file (embedded as
//! `tigris_euphrates_cards::examples::EXAMPLES`) is run by the core's case runner, its expectations
//! checked, and its transcript (positions before and after, steps, events) snapshotted.
//! The positions that validation must refuse (`tests/cases/refused/*.case`, one file per
//! check, not rule examples) are run and snapshotted apart.

use std::path::Path;

use mesopotamia_core::cases::{self, Case, CaseGame};
use mesopotamia_testkit::{check_example_positions, run_examples, run_refused};
use tigris_euphrates_cards::{Cards, Config, examples, examples::EXAMPLES};

#[test]
fn rule_examples() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    for (id, transcript) in run_examples::<Cards>(EXAMPLES, &dir) {
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
    let err = cases::run::<Cards>(&case).unwrap_err().to_string();
    assert!(err.contains("expect rank 0 9"), "{err}");
    assert!(err.starts_with(&format!("{id}:")), "{err}");
}

/// Every state the rule examples pass through reads back from its position's text as the
/// same game: validation accepts every legal position it is shown, and the text loses nothing.
#[test]
fn every_state_of_the_rule_examples_reads_back() {
    assert!(check_example_positions::<Cards>(EXAMPLES) > EXAMPLES.len());
}

/// The random-play fast paths hold in every state of the rule examples, which reach decisions
/// random games seldom do: each draw is legal (the reference draw itself, for an exact
/// sampler), and playing it leaves the state `apply` leaves.
#[test]
fn the_samplers_hold_in_every_state_of_the_rule_examples() {
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    mesopotamia_testkit::check_example_samplers::<Cards, _>(EXAMPLES, 4, &mut rng);
}

/// Every check of position validation has a case in `tests/cases/refused`: a real position
/// with the smallest change that trips it, refused for exactly that violation.
#[test]
fn refused_positions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/refused");
    let (transcripts, names) = run_refused::<Cards>(&dir);
    for (id, transcript) in transcripts {
        insta::with_settings!({ snapshot_path => "cases/refused/snapshots", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(id, transcript);
        });
    }
    let every_check = [
        "boat",
        "conflict-strength",
        "count",
        "draws",
        "duplicate-leader",
        "gap",
        "hand",
        "leader-place",
        "past-turn-limit",
        "pending",
        "pending-seat",
        "seats",
        "self-conflict",
        "turn",
        "turn-limit",
        "two-leaders",
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
    let accepted = format!("[position]\n{position}[script]\nexpect refused two-leaders\n");
    let err = cases::run::<Cards>(&Case::parse(id, &accepted).unwrap())
        .unwrap_err()
        .to_string();
    let line = 3 + position.lines().count();
    assert!(
        err.starts_with(&format!(
            "{id}:{line}: `expect refused two-leaders`: the position is accepted"
        )),
        "{err}"
    );
}

/// A `[start]` section is a configuration, the position format's first line; bad text is
/// an error that says what was expected.
#[test]
fn a_start_section_reads_the_configuration() {
    let game = Cards::from_start("  cards players 2 piles closed\n").unwrap();
    assert_eq!(game, Cards::new(Config::new(2)).unwrap());
    let open = Config::new(4).with_open_piles(true);
    assert_eq!(open.to_string(), "cards players 4 piles open");
    assert_eq!(open.to_string().parse::<Config>(), Ok(open));
    let first_line = game.to_string();
    assert_eq!(
        first_line.lines().next(),
        Some(Config::new(2).to_string().as_str())
    );
    for (text, message) in [
        (
            "cards players 5 piles closed",
            "5 players: the card game seats 2 to 4",
        ),
        (
            "cards players 2",
            "expected `cards players N piles open|closed [turn-limit N]`",
        ),
        (
            "tigris players 2 piles closed",
            "expected `cards players N piles open|closed [turn-limit N]`",
        ),
        (
            "cards players 2 piles closed turn-limit 0",
            "a turn limit of 0: it must be 1 to 100000",
        ),
        (
            "cards players 2 piles closed turn-limit many",
            "bad turn limit `many`",
        ),
        (
            "cards players 2 piles closed ziggurat",
            "unknown options `ziggurat`",
        ),
        ("cards players x piles closed", "bad player count `x`"),
        (
            "cards players 2 piles shut",
            "piles are open or closed, not `shut`",
        ),
    ] {
        let err = Cards::from_start(text).unwrap_err();
        assert!(err.contains(message), "{text}: {err}");
    }
}

/// Rule C14: while the winner of an external conflict decides whether to bank a card, the
/// cards he won wait on the display; the position says so (`spoils`) and reads back.
#[test]
fn spoils_wait_for_the_bank_decision_and_round_trip() {
    use mesopotamia_core::Game;
    use tigris_euphrates_cards::{Action, Position};
    let case = Case::parse(
        "CARDS-PILE-ORDER",
        examples::example("CARDS-PILE-ORDER").unwrap(),
    )
    .unwrap();
    let mut game = Cards::from_position(case.scenarios[0].start.text()).unwrap();
    for action in ["play blue 1-2", "support 0", "support 0"] {
        game.apply(action.parse::<Action>().unwrap()).unwrap();
    }
    let text = game.to_string();
    assert!(text.contains("\nspoils 0 green 2\n"), "{text}");
    let back = text.parse::<Position>().unwrap().into_game().unwrap();
    assert_eq!(back, game);
    game.apply(Action::Bank).unwrap();
    assert!(!game.to_string().contains("spoils"));
}

/// The position of `refused/conflict-strength.case`'s first scenario with other bases and
/// commitment in its conflict line.
fn conflict_position(bases: &str) -> String {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/refused/conflict-strength.case"),
    )
    .unwrap();
    let position = text.split("[position]\n").nth(1).unwrap();
    let position = position.split("\n[script]").next().unwrap();
    position.replace("bases 80 1", bases)
}

/// The bounds of a conflict's strengths are reached, not passed: bases of 79 (every card of
/// the display and the links in one kingdom) and a whole hand of 8 committed are read.
#[test]
fn the_largest_strengths_are_accepted() {
    use tigris_euphrates_cards::Position;
    let at_bounds = conflict_position("bases 79 79 committed 8");
    let position: Position = at_bounds.parse().unwrap();
    assert!(position.into_game().is_ok(), "{at_bounds}");
    for past in [
        "bases 80 79 committed 8",
        "bases 79 80 committed 8",
        "bases 79 79 committed 9",
    ] {
        let position: Position = conflict_position(past).parse().unwrap();
        let names: Vec<_> = position
            .into_game()
            .unwrap_err()
            .iter()
            .map(|v| v.name())
            .collect();
        assert_eq!(names, ["conflict-strength"], "{past}");
    }
}

/// Every card of one colour out of the deck (all 40 black cards on the display and in the
/// hands), with nothing discarded and no `deck` line: the deck is worked out as what each
/// colour lacks, and the position is read.
#[test]
fn a_colour_wholly_out_of_the_deck_is_read() {
    use tigris_euphrates_cards::Position;
    let base = conflict_position("bases 1 1");
    let cell = |text: &str| format!("{text:<7}");
    let mut text = String::new();
    for line in base.lines() {
        // A display row starts with its number; the header, with spaces.
        let row = line.split(' ').next().and_then(|r| r.parse::<usize>().ok());
        match row {
            // Rows 3 to 8 of column 1 and rows 1 to 8 of columns 2 to 5: 38 black cards.
            Some(r @ 1..=8) => {
                let first = match r {
                    1 => "r@0T",
                    2 => "k@1T",
                    _ => "k",
                };
                let mut cells = vec![cell(first)];
                cells.extend((0..4).map(|_| cell("k")));
                cells.extend((0..3).map(|_| cell(".")));
                text.push_str(format!("{r}    {}", cells.concat()).trim_end());
            }
            _ => text.push_str(line),
        }
        text.push('\n');
    }
    // One black card in a hand: 40 in all.
    let text = text
        .replace("seat 0 hand 1 2 2 3", "seat 0 hand 3 2 2 1")
        .replace("seat 1 hand 3 2 2 1", "seat 1 hand 4 2 2 0");
    let position: Position = text.parse().unwrap();
    if let Err(violations) = position.into_game() {
        panic!("{text}{violations:?}");
    }
}
