//! The card game played deep in a few bytes: a start (2 to 4 players, open piles, short turn
//! limits, or a rule example's position), a point of one of its reference games, a seed that
//! plays every step the input does not steer, and a few commands (skip N random steps, then a
//! chosen legal action, an illegal one, or the expensive checks). See
//! `mesopotamia_fuzz::input` for the format.
//!
//! Every step: a drawn action (or outcome) is accepted by the checked `apply`; the turn never
//! goes back. At the check levels the input sets, an unlisted index is refused with the state
//! unchanged and the sampler's draw is the reference draw from the legal list. A chosen
//! action gives the same state with and without events. Where the input asks: the whole
//! contract (the action space against the legal list, the position text through its
//! validation, JSON of the state, a view and the public part, `resample_hidden`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tigris_euphrates_cards::Cards;

fuzz_target!(|data: &[u8]| {
    mesopotamia_fuzz::run_game::<Cards>(data);
});
