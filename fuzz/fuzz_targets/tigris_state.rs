//! Saved Tigris & Euphrates states, tampered with: JSON that reads as a state, a seat's view or
//! the public part must give one the engine can play (or that writes and reads back), never
//! one that panics later.
//!
//! The first byte picks a mode. Even: the rest goes as it is to the state's, the view's and
//! the public part's readers. Odd: a state is reached as in `tigris_game` (a start, a point,
//! a seed, one skip byte saying where to stop), saved, and each group of 3 following bytes
//! mutates the state's text, a view or the public part (a digit changed, a number set to an
//! extreme, words swapped, copied, removed or repeated, lines swapped, a byte set). A view or
//! public part that reads back writes and reads back equal; a state that reads back gets the
//! quick checks and the position and JSON round trips, plays 32 steps with every per-step
//! check, and gets the quick checks again. See `mesopotamia_fuzz::input` for the format.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tigris_euphrates::Tigris;

fuzz_target!(|data: &[u8]| {
    mesopotamia_fuzz::run_state::<Tigris>(data);
});
