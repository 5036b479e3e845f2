//! What each game gives the search: [`GameBots`].

use mesopotamia_core::{Game, Seat};

use crate::Bot;
use crate::mcts::MctsBot;

/// What a game gives the search: its bots and its evaluation (each game's `bots` module
/// implements it). [`BotSpec::bot`](crate::BotSpec::bot) and [`hint`](crate::hint) build on
/// it.
pub trait GameBots: Game<Action: Send + Sync> + Send + Sync + 'static {
    /// The search bot's iterations per decision by default (`mcts`): chosen so that a
    /// decision takes well under a second on one core.
    const MCTS_ITERATIONS: u32;
    /// The first search bot's iterations per decision by default (`mcts-v1`).
    const MCTS_V1_ITERATIONS: u32;
    /// The search bot's iterations per decision at `level2` to `level5` (`level1` is the
    /// greedy bot).
    const LEVEL_ITERATIONS: [u32; 4];
    /// The game's greedy bot.
    fn greedy_bot() -> Box<dyn Bot<Self> + Send>;
    /// The game's search bot (its `bots::mcts_bot`) at `iterations` per decision.
    fn mcts_bot(iterations: u32) -> MctsBot<Self>;
    /// The game's search bot at a level for people (`level2` to `level5`), at `iterations`
    /// per decision: by default [`mcts_bot`](GameBots::mcts_bot). A game whose default search
    /// is tuned for many cheap iterations (a budget of time) may give the levels, which are
    /// a few iterations so that a level plays the same on any machine, a search that does
    /// more with each.
    fn level_bot(iterations: u32) -> MctsBot<Self> {
        Self::mcts_bot(iterations)
    }
    /// The game's first search bot, kept as a baseline (its `bots::mcts_v1_bot`), at
    /// `iterations` per decision.
    fn mcts_v1_bot(iterations: u32) -> MctsBot<Self>;
    /// How good the state looks for `seat`, higher is better: the evaluation of the
    /// game's greedy bot (its `bots::evaluate`).
    fn evaluate(&self, seat: Seat) -> i64;
}
