//! Saved states, tampered with: JSON that deserializes as a Sumeria state (or a seat's
//! view) must give one the engine can play, never one that panics later.
//!
//! As `tigris_state`: the first byte picks a mode. Even: the rest is given as it is to the
//! deserializers. Odd: the next byte picks 3 or 4 players, the byte after it how many of
//! the following bytes drive a game to a mid-game point; the saved JSON is then tampered
//! with, each pair of remaining bytes picking a digit and its new value. Whatever is
//! accepted plays on for up to 200 steps with the contract's checks and the position round
//! trip.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sumeria::{Config, Position, Sumeria};

#[path = "common/saved_states.rs"]
mod saved_states;

fuzz_target!(|data: &[u8]| {
    saved_states::run::<Sumeria>(
        data,
        |options| Config::new(3 + options % 2),
        |game| {
            Position::from_game(game)
                .into_game()
                .map_err(|v| format!("{v:?}"))
        },
    );
});
