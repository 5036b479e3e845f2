//! Saved states, tampered with: JSON that deserializes as a card-game state (or a seat's
//! view, or its public part) must give one the engine can play, never one that panics
//! later.
//!
//! As `tigris_state`: the first byte picks a mode. Even: the rest is given as it is to the
//! deserializers. Odd: the next byte picks the configuration (players, open piles, a short
//! turn limit), the byte after it how many of the following bytes drive a game to a
//! mid-game point; the saved JSON is then tampered with, each pair of remaining bytes
//! picking a digit and its new value. Whatever is accepted plays on for up to 200 steps with
//! the contract's checks and the position round trip.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tigris_euphrates_cards::{Cards, Config, Position, Public};

#[path = "common/saved_states.rs"]
mod saved_states;

fuzz_target!(|data: &[u8]| {
    saved_states::run::<Cards>(
        data,
        |options| {
            let limit = if options & 8 != 0 {
                1 + (options as u32 >> 4)
            } else {
                1_000
            };
            Config::new(2 + options % 3)
                .with_open_piles(options & 4 != 0)
                .with_turn_limit(limit)
        },
        |game| {
            Position::from_game(game)
                .into_game()
                .map_err(|v| format!("{v:?}"))
        },
    );
    // The public part alone, from the same bytes.
    if let Some((_, rest)) = data.split_first() {
        let _ = serde_json::from_slice::<Public>(rest);
    }
});
