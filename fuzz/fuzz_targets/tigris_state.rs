//! Saved states, tampered with: JSON that deserializes as a Tigris & Euphrates state (or a
//! seat's view) must give one the engine can play, never one that panics later.
//!
//! The first byte picks a mode. Even: the rest is given as it is to the state's and the
//! view's deserializers. Odd: the next byte picks the configuration (as in `tigris_game`),
//! the byte after it how many of the following bytes drive a game to a mid-game point (a
//! legal action or chance outcome each); the state's and the views' JSON are then tampered
//! with, each pair of remaining bytes picking a digit of the text and its new value.
//! Whatever is accepted plays on for up to 200 steps: listed actions are accepted, a raw
//! index not listed is refused with the state unchanged, and every state survives the
//! position round trip.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tigris_euphrates::{BoardKind, Config, Position, Tigris};

#[path = "common/saved_states.rs"]
mod saved_states;

fuzz_target!(|data: &[u8]| {
    saved_states::run::<Tigris>(
        data,
        |options| {
            let bits = options / 3;
            let board = if bits & 2 != 0 {
                BoardKind::Alternative
            } else {
                BoardKind::Classic
            };
            Config::new(2 + options % 3)
                .with_english_variant(bits & 1 != 0)
                .with_board(board)
                .with_buildings(bits & 4 != 0)
                .with_ziggurat(bits & 8 != 0)
        },
        |game| {
            Position::from_game(game)
                .into_game()
                .map_err(|v| format!("{v:?}"))
        },
    );
});
