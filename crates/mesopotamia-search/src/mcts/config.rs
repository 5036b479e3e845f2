//! How much a search may do per decision, and how: [`MctsConfig`].

use core::time::Duration;

#[cfg(doc)]
use super::MctsBot;
#[cfg(doc)]
use crate::Bot;

/// How much a search may do per decision.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct MctsConfig {
    /// Iterations per decision, over all threads (at least 1).
    pub iterations: u32,
    /// A time limit per decision: the search stops at whichever of the two comes first.
    /// Searches with a time limit are not reproducible.
    pub time: Option<Duration>,
    /// A budget per decision on the deciding thread's CPU clock
    /// ([`thread_cpu_time`](crate::clock::thread_cpu_time)), each thread of a
    /// multi-threaded search on its own: the search stops at whichever of this, `time` and
    /// `iterations` comes first (see [`MctsConfig::with_cpu_time`]). Not reproducible either.
    pub cpu_time: Option<Duration>,
    /// The UCT exploration constant (payoffs lie in `[0, 1]`).
    pub exploration: f64,
    /// Threads searching separate trees (root parallelism); 1 searches on the caller's
    /// thread.
    pub threads: usize,
    /// With an evaluation ([`MctsBot::with_evaluation`]): random decisions played after the
    /// tree before the evaluation ranks the seats. Without one, rollouts go to the end.
    pub rollout_depth: u32,
    /// With an evaluation: the value difference that moves a seat's payoff from 0.5 to
    /// about 0.73 (payoff = logistic(value / scale)).
    pub evaluation_scale: f64,
    /// With an evaluation: search guided by it (see [`MctsConfig::with_priors`]), the
    /// softmax temperature of the priors in the evaluation's units. `None`: plain UCT.
    pub prior_temperature: Option<f64>,
    /// Guided search: the decisions from the root that are guided; deeper nodes are
    /// searched by plain UCT with [`uct_exploration`](MctsConfig::uct_exploration).
    pub guided_depth: u32,
    /// Guided search: the UCT exploration constant below
    /// [`guided_depth`](MctsConfig::guided_depth).
    pub uct_exploration: f64,
    /// Whether the bot keeps, after a choice, the subtree of the action chosen, and searches
    /// on from it at its next decision when that decision follows at once (see
    /// [`MctsConfig::with_tree_reuse`]).
    pub reuse_tree: bool,
}

impl MctsConfig {
    /// A search of `iterations` iterations per decision on one thread.
    pub const fn iterations(iterations: u32) -> MctsConfig {
        MctsConfig {
            iterations,
            time: None,
            cpu_time: None,
            exploration: 0.7,
            threads: 1,
            rollout_depth: 0,
            evaluation_scale: 1.0,
            prior_temperature: None,
            guided_depth: u32::MAX,
            uct_exploration: 0.1,
            reuse_tree: false,
        }
    }

    /// The same, keeping the tree between the bot's consecutive decisions: after a choice
    /// ([`Bot::choose`]) the bot keeps the subtree below the action chosen, and when its
    /// next decision comes straight after (the same seat to move, and the same view for
    /// it as that action left: nobody else played and nothing was drawn in between; a
    /// card-game turn is two actions) the search starts from that subtree, with the
    /// visits it already holds, instead of from nothing. Any other decision starts
    /// afresh. [`MctsBot::analyse`] never reuses a tree: only [`Bot::choose`] does.
    pub const fn with_tree_reuse(mut self) -> MctsConfig {
        self.reuse_tree = true;
        self
    }

    /// The same with a guided search only for the first `decisions` decisions from the
    /// root, plain UCT (exploration constant `uct_exploration`) below: the guided nodes
    /// judge every action, which costs an iteration as much as a greedy decision, and a
    /// deeper, cheaper search pays more in some games (the card game).
    pub const fn with_guided_depth(mut self, decisions: u32, uct_exploration: f64) -> MctsConfig {
        self.guided_depth = decisions;
        self.uct_exploration = uct_exploration;
        self
    }

    /// The same, guided by the evaluation (with [`MctsBot::with_evaluation`]; without one
    /// this setting is ignored). A node met for the first time judges every legal action
    /// by the evaluation of the state it leads to, for the seat to move: those judgements
    /// are the actions' priors (softmax at `temperature`, in the evaluation's units) and
    /// their first values (as one visit each). Selection is then PUCT,
    /// `q + exploration * prior * sqrt(n) / (1 + visits)`, with each node's values rescaled
    /// to `[0, 1]` between its worst and best action, so that the exploration constant
    /// means the same whatever the spread of the payoffs. An iteration that reaches a new
    /// node scores it by its best action's judgement (the seat to move there plays its
    /// best reply), or, with a [`rollout_depth`](MctsConfig::rollout_depth), by a random
    /// rollout from it. The choice is the action visited most, ties going to the best
    /// value: a search of a single iteration plays as the greedy bot would.
    ///
    /// Plain UCT expands one random action per iteration and cannot tell apart actions
    /// whose payoffs differ by less than its exploration term: with hundreds of legal
    /// actions (Tigris & Euphrates) it chose about the first legal one.
    pub const fn with_priors(mut self, temperature: f64) -> MctsConfig {
        self.prior_temperature = Some(temperature);
        self
    }

    /// The same with another evaluation scale (see [`MctsConfig::evaluation_scale`]).
    pub const fn with_evaluation_scale(mut self, scale: f64) -> MctsConfig {
        self.evaluation_scale = scale;
        self
    }

    /// The same with `decisions` random decisions before an evaluation (see
    /// [`MctsBot::with_evaluation`]).
    pub const fn with_rollout_depth(mut self, decisions: u32) -> MctsConfig {
        self.rollout_depth = decisions;
        self
    }

    /// The same with a time limit per decision.
    pub const fn with_time(mut self, time: Duration) -> MctsConfig {
        self.time = Some(time);
        self
    }

    /// The same with a budget of `time` per decision on the deciding thread's CPU clock:
    /// the time the thread itself ran, not the time that went by, so that a machine busy
    /// with other work slows the search without shortening it, and two bots given the same
    /// CPU time compute as much whatever else runs. With several threads, each searches for
    /// `time` of its own CPU clock. Where the thread's CPU clock cannot be read (anything
    /// but Linux, the web included), the budget is `time` on the wall clock, as
    /// [`with_time`](MctsConfig::with_time) gives.
    ///
    /// The clock is read every so many iterations (about every millisecond of the search,
    /// more often as the end nears), which costs well under 1% of the search.
    pub const fn with_cpu_time(mut self, time: Duration) -> MctsConfig {
        self.cpu_time = Some(time);
        self
    }

    /// The same with another exploration constant.
    pub const fn with_exploration(mut self, c: f64) -> MctsConfig {
        self.exploration = c;
        self
    }

    /// The same on `threads` threads (at least 1).
    pub const fn with_threads(mut self, threads: usize) -> MctsConfig {
        self.threads = threads;
        self
    }
}
