//! The conformance kit exercised on a toy game: it passes a game that keeps the contract
//! and catches each way the toy can be broken.

use mesopotamia_testkit::{ConformanceOptions, check_conformance};
use mesopotamia_toy::{Broken, TokenConfig, TokenGame};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

fn config(seats: usize, broken: Option<Broken>) -> TokenConfig {
    TokenConfig {
        seats,
        per_colour: 3,
        broken,
    }
}

#[test]
fn a_conforming_game_passes_the_kit() {
    for seats in 2..=4 {
        let mut rng = ChaCha8Rng::seed_from_u64(seats as u64);
        let report = check_conformance::<TokenGame, _>(
            &config(seats, None),
            &ConformanceOptions::default(),
            &mut rng,
        );
        assert_eq!(report.games, 20);
        assert!(report.decisions > 0 && report.chance_events > 0);
        // 12 tokens are drawn in every game.
        assert_eq!(report.chance_events, 20 * 12);
        assert!(report.illegal_refused > 0);
        assert!(report.chance_seen_checked > 0, "{report:?}");
    }
}

/// The kit run on the toy game broken in one way (for a test that expects it to panic).
fn run_broken(seats: usize, broken: Broken) {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    check_conformance::<TokenGame, _>(
        &config(seats, Some(broken)),
        &ConformanceOptions::default(),
        &mut rng,
    );
}

#[test]
#[should_panic(expected = "changed the state")]
fn the_kit_catches_a_refusal_that_changes_the_state() {
    run_broken(2, Broken::DirtyRefusal);
}

#[test]
#[should_panic(
    expected = "seat 0 cannot tell the outcomes draw red and draw black apart, but chance_seen_by says it sees"
)]
fn the_kit_catches_a_view_that_leaks_a_hand() {
    run_broken(3, Broken::LeakyView);
}

#[test]
#[should_panic(
    expected = "seat 1 cannot tell the outcomes draw red and draw black apart, but chance_seen_by says it sees"
)]
fn the_kit_catches_a_secret_draw_said_to_be_seen() {
    run_broken(3, Broken::SeenDraw);
}

#[test]
#[should_panic(
    expected = "seat 0 tells the outcomes draw red and draw black apart, but chance_seen_by says it does not see"
)]
fn the_kit_catches_a_draw_said_to_be_unseen_by_the_drawer() {
    run_broken(3, Broken::UnseenDraw);
}

#[test]
#[should_panic(expected = "hidden information was resampled")]
fn the_kit_catches_a_redraw_of_what_the_seat_sees() {
    run_broken(3, Broken::RedrawnOwnHand);
}
