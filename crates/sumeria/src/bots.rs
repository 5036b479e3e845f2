//! A greedy bot for Sumeria: one decision ahead, with a simple evaluation.

use mesopotamia_core::Seat;
use mesopotamia_search::mcts::{MctsBot, MctsConfig};
use mesopotamia_search::{Bot, GameBots, GreedyBot};

use crate::state::Sumeria;

/// How good the game looks for `seat`: its points so far, plus what it would take if
/// the round were scored now (for each of the three first city-states it controls, the
/// influence tiles on display there, the first place weighing most), minus the best
/// opponent's.
pub fn evaluate(game: &Sumeria, seat: Seat) -> i64 {
    let p = &game.public;
    let seats = p.seats();
    let mut value = vec![0i64; seats];
    for (s, v) in value.iter_mut().enumerate() {
        *v = 10 * game.scores()[s].0 as i64;
    }
    for place in 0..3.min(p.ordered as usize) {
        let tiles: i64 = p.display[place].iter().map(|&n| n as i64).sum();
        if let Some(first) = p.control(p.order[place] as usize).first() {
            value[first.index()] += (3 - place as i64) * (2 + tiles);
        }
    }
    let best_other = (0..seats)
        .filter(|&s| s != seat.index())
        .map(|s| value[s])
        .max()
        .unwrap_or(0);
    value[seat.index()] - best_other
}

/// The greedy bot: [`GreedyBot`] with [`evaluate`].
pub fn greedy_bot() -> GreedyBot<fn(&Sumeria, Seat) -> i64> {
    GreedyBot::new(evaluate)
}

/// Iterations per decision of [`mcts_v1_bot`] by default (`mcts-v1`): a decision takes well
/// under a second on one core.
pub const MCTS_V1_ITERATIONS: u32 = 2000;

/// The first search bot (`mcts-v1`), kept unchanged as a baseline: the search crate's
/// information-set MCTS ([`mesopotamia_search::mcts`]) with plain UCT, `iterations` per
/// decision. Sumeria's random endings are short and informative: rollouts go to the end of
/// the game.
pub fn mcts_v1_bot(iterations: u32) -> MctsBot<Sumeria> {
    MctsBot::new(MctsConfig::iterations(iterations))
}

/// Iterations per decision of [`mcts_bot`] by default (`mcts`): a decision takes well under
/// a second on one core.
pub const MCTS_ITERATIONS: u32 = 1000;
const SCALE: f64 = 40.0;
const TEMPERATURE: f64 = 20.0;
const EXPLORATION: f64 = 1.0;
const DEPTH: u32 = u32::MAX;
const GUIDED_DEPTH: u32 = 1;
const UCT_EXPLORATION: f64 = 1.0;

/// The search bot's iterations per decision at the levels for people `level2` to `level5`
/// (`level1` is the greedy bot), from quick to strong.
pub const LEVEL_ITERATIONS: [u32; 4] = [50, 200, 1000, 4000];

/// The search bot (`mcts`): the search crate's information-set MCTS guided by [`evaluate`]
/// ([`MctsConfig::with_priors`]) at the root only, `iterations` per decision: the root
/// judges its legal actions by [`evaluate`] (priors by softmax at temperature 20, two
/// points); below it, plain UCT (exploration constant 1.0,
/// [`MctsConfig::with_guided_depth`]); every iteration ends in a random rollout to the end
/// of the game (Sumeria's are short and informative). Guiding every node cost more
/// iterations than its judgements paid for in trials on the wall clock; what it wins against
/// `mcts-v1` at equal CPU time is measured by `scripts/strength.sh` (`docs/benchmarks.md`,
/// "Strength").
pub fn mcts_bot(iterations: u32) -> MctsBot<Sumeria> {
    MctsBot::new(
        MctsConfig::iterations(iterations)
            .with_rollout_depth(DEPTH)
            .with_evaluation_scale(SCALE)
            .with_exploration(EXPLORATION)
            .with_priors(TEMPERATURE)
            .with_guided_depth(GUIDED_DEPTH, UCT_EXPLORATION),
    )
    .with_evaluation(evaluate)
}

/// The bots and the evaluation above, as the search's front ends (bot specs, hints) ask for
/// them.
impl GameBots for Sumeria {
    const MCTS_ITERATIONS: u32 = MCTS_ITERATIONS;
    const MCTS_V1_ITERATIONS: u32 = MCTS_V1_ITERATIONS;
    const LEVEL_ITERATIONS: [u32; 4] = LEVEL_ITERATIONS;
    fn greedy_bot() -> Box<dyn Bot<Self> + Send> {
        Box::new(greedy_bot())
    }
    fn mcts_bot(iterations: u32) -> MctsBot<Self> {
        mcts_bot(iterations)
    }
    fn mcts_v1_bot(iterations: u32) -> MctsBot<Self> {
        mcts_v1_bot(iterations)
    }
    fn evaluate(&self, seat: Seat) -> i64 {
        evaluate(self, seat)
    }
}
