//! The card game played deep in a few bytes: a start (2 to 4 players, open piles, short
//! turn limits, or a rule example's position), a seed that plays every step the input does
//! not steer, and a few commands (skip N random steps, then a chosen legal action, an
//! illegal one, or the expensive checks). See `mesopotamia_fuzz::input` for the format.
//!
//! Every step: the legal list is non-empty and ascending, a listed action is accepted, an
//! unlisted one refused with the state unchanged, the turn never goes back; a steered
//! action gives the same state with and without events. At the steps the input chooses and
//! at the end: the whole contract (action space against the legal list, the position text
//! through its validation, JSON of the state, the views and the public part,
//! `resample_hidden`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tigris_euphrates_cards::Cards;

fuzz_target!(|data: &[u8]| {
    mesopotamia_fuzz::run_game::<Cards>(data);
});
