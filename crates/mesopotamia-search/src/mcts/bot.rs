//! The bot: [`MctsBot`], its settings and what it keeps between decisions, and its
//! [`Bot`] implementation.

use core::time::Duration;

use rand_core::Rng;

use super::{MctsConfig, Tree};
use crate::Bot;
use mesopotamia_core::game::Game;
use mesopotamia_core::seat::Seat;

/// How good a state looks for a seat (higher is better), as a game's greedy bot judges it.
pub type Evaluation<G> = fn(&G, Seat) -> i64;

/// The information-set MCTS bot (see the [module](super) documentation).
#[derive(Clone)]
pub struct MctsBot<G: Game> {
    pub(super) config: MctsConfig,
    pub(super) evaluation: Option<Evaluation<G>>,
    /// The share of the root visits of each legal action at the last choice.
    pub(super) policy: Vec<f64>,
    /// With [`MctsConfig::reuse_tree`]: the subtrees (one per thread) below the last
    /// choice, and the state that choice left.
    pub(super) kept: Option<Kept<G>>,
}

/// Trees kept for the next decision ([`MctsConfig::with_tree_reuse`]).
#[derive(Clone)]
pub(super) struct Kept<G: Game> {
    pub(super) seat: Seat,
    /// The state the choice led to (its view for `seat` is what counts).
    pub(super) state: G,
    pub(super) trees: Vec<Tree<G::Action>>,
}

impl<G: Game> core::fmt::Debug for MctsBot<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MctsBot")
            .field("config", &self.config)
            .field("evaluation", &self.evaluation.is_some())
            .finish()
    }
}

impl<G: Game> MctsBot<G> {
    /// A bot searching as `config` says, with rollouts to the end of the game.
    pub const fn new(config: MctsConfig) -> MctsBot<G> {
        MctsBot {
            config,
            evaluation: None,
            policy: Vec::new(),
            kept: None,
        }
    }

    /// The same, but a rollout stops after [`MctsConfig::rollout_depth`] random decisions
    /// and each seat's payoff is `logistic(evaluation(state, seat) / evaluation_scale)` (an
    /// evaluation is a seat's margin over its best opponent, so that a lead gives more than
    /// 0.5). A game that ends sooner is scored by its standings. Games whose random endings
    /// say little about a position (Tigris & Euphrates: a random game's score is noise)
    /// search much better this way.
    pub const fn with_evaluation(mut self, evaluation: Evaluation<G>) -> MctsBot<G> {
        self.evaluation = Some(evaluation);
        self
    }

    /// The same bot with another budget: `iterations` per decision and, if given, a time
    /// limit (the search stops at whichever comes first), and no CPU-time budget; its other
    /// settings kept.
    pub const fn with_budget(mut self, iterations: u32, time: Option<Duration>) -> MctsBot<G> {
        self.config.iterations = iterations;
        self.config.time = time;
        self.config.cpu_time = None;
        self
    }

    /// The same bot searching for `time` of the deciding thread's CPU clock per decision
    /// ([`MctsConfig::with_cpu_time`]), with no iteration count nor wall-clock limit; its
    /// other settings kept.
    pub const fn with_cpu_budget(mut self, time: Duration) -> MctsBot<G> {
        self.config.iterations = u32::MAX;
        self.config.time = None;
        self.config.cpu_time = Some(time);
        self
    }

    /// The bot's configuration.
    pub const fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Whether the search is guided by the evaluation ([`MctsConfig::with_priors`]).
    pub(super) const fn guided(&self) -> bool {
        self.evaluation.is_some() && self.config.prior_temperature.is_some()
    }
}

impl<G> Bot<G> for MctsBot<G>
where
    G: Game + Send + Sync,
    G::Action: Send + Sync,
{
    fn choose(
        &mut self,
        game: &G,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut dyn Rng,
    ) -> G::Action {
        self.policy.clear();
        match legal {
            [only] => {
                self.policy.push(1.0);
                *only
            }
            // `analyse` gives a choice whenever `legal` is not empty.
            _ => match self.analyse_and_keep(game, seat, legal, rng) {
                Some(analysis) => {
                    // Visits by action, sorted once: a look-up per legal action stays
                    // O(log n) (a T&E decision has some 700).
                    let mut visits: Vec<(G::Action, u32)> =
                        analysis.actions.iter().map(|a| (a.0, a.1)).collect();
                    visits.sort_unstable_by_key(|a| a.0);
                    let total = f64::from(visits.iter().map(|a| a.1).sum::<u32>()).max(1.0);
                    self.policy.extend(legal.iter().map(|action| {
                        visits
                            .binary_search_by(|a| a.0.cmp(action))
                            .map_or(0.0, |i| f64::from(visits[i].1) / total)
                    }));
                    analysis.choice
                }
                None => legal[0],
            },
        }
    }

    /// The share of the root visits of each legal action at the last choice (a single
    /// legal action takes them all, unsearched).
    fn policy(&self) -> Option<&[f64]> {
        (!self.policy.is_empty()).then_some(self.policy.as_slice())
    }
}
