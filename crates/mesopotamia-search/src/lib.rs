#![doc = include_str!("../README.md")]
// Where other crates' docs link to this one when its own docs are not beside theirs yet:
// `cargo doc --workspace --no-deps` documents the members in no set order, and a link to a
// crate not yet documented would otherwise be left as raw `[brackets]`.
#![doc(html_root_url = "https://docs.rs/mesopotamia-search/latest")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod analysis;
mod bot;
pub mod clock;
mod driver;
mod game_bots;
mod hint;
mod interval;
pub mod mcts;
mod spec;

pub use bot::{Bot, GreedyBot, RandomBot};
pub use driver::{
    Decision, MatchError, MatchFailure, MatchOutcome, play_from, play_match, play_match_observed,
};
pub use game_bots::GameBots;
pub use hint::{HINT_CANDIDATES, Hint, hint};
pub use interval::wilson_interval;
pub use spec::{BotSpec, BotSpecError, Budget, LEVELS, MAX_ITERATIONS, MAX_MILLISECONDS};
