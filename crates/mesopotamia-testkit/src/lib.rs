//! The conformance kit: a generic random-simulation check that every game's tests run.
//!
//! [`check_conformance`] plays seeded random games and checks, at every step, the
//! contract of [`Game`]: sorted unique legal actions that `apply` accepts; random
//! illegal indices refused with the state unchanged; index and action round-trips;
//! clones equal; state and every view survive serde; views unchanged by resampling
//! what they hide; who sees a chance event ([`Game::chance_seen_by`]) as the views tell
//! it; the game ends within its bound; the record replays to the state.
//!
//! [`check_fast_paths`] checks the random-play fast paths of [`Game`]
//! ([`sample_legal_action`](Game::sample_legal_action), [`play_random`](Game::play_random),
//! [`sample_chance`](Game::sample_chance), [`play_chance_random`](Game::play_chance_random)):
//! every draw is in the lists and each `play_*` call is its sampler followed by the checked
//! `apply` ([`check_sampling`]), an exact sampler plays the very games of the reference
//! draws ([`check_exact_sampler`]), and every sampler passes a chi-square test of uniformity
//! ([`check_sampler_uniformity`]).
//!
//! Failures panic with a message naming the game, the step and the check, as a test
//! helper should.

#![doc(html_root_url = "https://docs.rs/mesopotamia-testkit/latest")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(doc)]
use mesopotamia_core::Game;

mod conformance;
mod examples;
mod game_text;
pub mod hostile;
pub mod legend;
mod peeking;
pub mod perft;
mod positions;
mod sampling;
mod states;
mod tampering;
mod termination;

pub use conformance::{ConformanceOptions, ConformanceReport, check_conformance};
pub use examples::{check_example_positions, example_states, run_examples, run_refused};
pub use game_text::check_game_texts;
pub use peeking::{PeekReport, check_no_peeking};
pub use positions::{check_position_read_back, check_redrawn_positions};
pub use sampling::{
    ExactReport, FastPathOptions, FastPathReport, SamplingReport, UniformityOptions,
    UniformityReport, check_exact_sampler, check_example_samplers, check_fast_paths,
    check_sampler_uniformity, check_samplers_at, check_sampling, chi_square_p_value,
};
pub use states::{random_states, walk};
pub use tampering::{TamperReport, check_tampered_states, play_on};
pub use termination::{Stalling, TerminationReport, check_termination};
