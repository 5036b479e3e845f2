//! A search bot for any [`Game`]: information-set Monte Carlo tree search.
//!
//! Each iteration plays one imagined game from the decision at hand:
//!
//! 1. **Determinization.** What the bot's seat cannot see (other hands, the order of a bag)
//!    is redrawn with [`Game::resample_hidden`] from its own seat, so the search never uses
//!    the hidden part of the real state: two states with the same view for the bot's seat
//!    give the same decision with the same seed.
//! 2. **Selection.** The tree is keyed by the actions played, not by states ("open loop"):
//!    chance outcomes are drawn by weight on the way down and are not nodes, so one node
//!    stands for every state the same actions can lead to. At each node the seat to move in
//!    the imagined game picks, among the actions legal there, the one with the best UCT
//!    score for *its own* mean payoff, so every seat plays for itself in 3 and 4 player games.
//!    An action's exploration term counts how often it was legal when its node was visited
//!    (its availability), since the legal set changes with the imagined hidden state.
//! 3. **Expansion** of one action not tried yet at the node, chosen at random.
//! 4. **Rollout** to the end of the game by uniformly random play through the games' fast
//!    path ([`Game::play_random`], [`Game::play_chance_random`]).
//! 5. **Backup** of every seat's payoff ([`Standings::payoff`](mesopotamia_core::Standings::payoff):
//!    1 for sole first, 0 for sole last, shared ranks sharing) along the path.
//!
//! The decision is the root action visited most. With several threads, each searches its
//! own tree from its own seed (root parallelism) and the visits are added up; the result
//! depends on the seed and the thread count, not on timing, unless a time budget is set.
//! On the web (`wasm32-unknown-unknown`, which has no threads) the trees are searched one
//! after another on the caller's thread, with the same seeds: the same result as natively.
//!
//! ```
//! use mesopotamia_search::mcts::{MctsBot, MctsConfig};
//! # use mesopotamia_core::Game;
//! # fn demo<G: Game + Send + Sync>(game: &G, seat: mesopotamia_core::Seat, legal: &[G::Action], rng: &mut dyn mesopotamia_core::rand_core::Rng) where G::Action: Send + Sync {
//! let mut bot = MctsBot::new(MctsConfig::iterations(400));
//! let analysis = bot.analyse(game, seat, legal, rng).expect("a legal action");
//! println!("{} ({:.0}% of the visits)", analysis.choice, 100.0 * analysis.share());
//! # }
//! ```

#[cfg(doc)]
use mesopotamia_core::game::Game;

mod analysis;
mod bot;
mod config;
mod guided;
mod reuse;
mod search;
mod tree;

pub use analysis::Analysis;
use analysis::Trees;
use bot::Kept;
pub use bot::{Evaluation, MctsBot};
pub use config::MctsConfig;
use search::Search;
use tree::{Edge, Node, Tally, Tree};

#[cfg(all(test, feature = "serde"))]
mod reuse_tests;

#[cfg(test)]
mod tests;
