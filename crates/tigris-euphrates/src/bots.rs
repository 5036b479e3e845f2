//! A greedy bot for Tigris & Euphrates: one decision ahead, with a simple evaluation.

use mesopotamia_core::scoring::weakest_colour_key;
use mesopotamia_core::{Colour, Seat};
use mesopotamia_search::mcts::{MctsBot, MctsConfig};
use mesopotamia_search::{Bot, GameBots, GreedyBot};

use crate::state::{Public, Tigris};

/// How good the game looks for `seat`: its standing (the weakest colours weigh most,
/// treasures counted as wild) plus its leaders on the board, minus the best opponent's.
pub fn evaluate(game: &Tigris, seat: Seat) -> i64 {
    let p = game.public();
    let seats = p.config().players as usize;
    let mine = value(p, seat);
    let best_other = Seat::all(seats)
        .filter(|&s| s != seat)
        .map(|s| value(p, s))
        .max()
        .unwrap_or(0);
    mine - best_other
}

fn value(p: &Public, seat: Seat) -> i64 {
    // Monument VP the active seat scores at the end of its turn count as scored already:
    // otherwise passing (which pays them at once) would always look best, and players who
    // hold a monument would pass for ever.
    let mut vp = p.vp(seat);
    if p.active() == seat {
        let due = p.monument_vp_to_come();
        for c in Colour::ALL {
            vp[c] += u32::from(due[c]);
        }
    }
    let key = weakest_colour_key(vp, u32::from(p.treasures_taken(seat)));
    let standing = 8 * key[0] + 4 * key[1] + 2 * key[2] + key[3];
    let leaders = Colour::ALL
        .iter()
        .filter(|&&c| p.leader(seat, c).is_some())
        .count() as i64;
    10 * standing as i64 + 5 * leaders
}

/// The greedy bot: [`GreedyBot`] with [`evaluate`].
pub fn greedy_bot() -> GreedyBot<fn(&Tigris, Seat) -> i64> {
    GreedyBot::new(evaluate)
}

/// Iterations per decision of [`mcts_v1_bot`] by default (`mcts-v1`): a decision takes well
/// under a second on one core.
pub const MCTS_V1_ITERATIONS: u32 = 10_000;
const V1_DEPTH: u32 = 0;
const V1_SCALE: f64 = 1000.0;
const V1_EXPLORATION: f64 = 0.1;

/// The first search bot (`mcts-v1`), kept unchanged as a baseline: the search crate's
/// information-set MCTS ([`mesopotamia_search::mcts`]) with plain UCT, `iterations` per
/// decision.
/// Random endings of Tigris & Euphrates say little about a position (a random game's weakest
/// colour is noise), so the search stops where the tree does and scores each seat by
/// [`evaluate`], payoff `logistic(evaluate / 1000)`: one VP of the weakest colour is 80, so
/// the payoff stays nearly linear over a game's usual leads. It explores little (constant
/// 0.1) since those payoffs differ by little. It needs iterations: plain UCT tries one new
/// root action per iteration, so with fewer iterations than its root has legal actions
/// (about 320 in a decision of this game) it has only tried a random part of them and
/// plays the first one it tried, badly; with the thousands it runs in 20 ms of an optimised
/// build it is a strong baseline, stronger than the greedy bot. `docs/benchmarks.md`
/// ("Strength") has the measured figures, from `scripts/strength.sh`.
pub fn mcts_v1_bot(iterations: u32) -> MctsBot<Tigris> {
    MctsBot::new(
        MctsConfig::iterations(iterations)
            .with_rollout_depth(V1_DEPTH)
            .with_evaluation_scale(V1_SCALE)
            .with_exploration(V1_EXPLORATION),
    )
    .with_evaluation(evaluate)
}

/// Iterations per decision of [`mcts_bot`] by default (`mcts`): a decision takes well under
/// a second on one core (most iterations are as cheap as [`mcts_v1_bot`]'s).
pub const MCTS_ITERATIONS: u32 = 10_000;
const SCALE: f64 = 1000.0;
const TEMPERATURE: f64 = 30.0;
const EXPLORATION: f64 = 1.0;

/// The search bot's iterations per decision at the levels for people `level2` to `level5`
/// (`level1` is the greedy bot), from quick to strong, of [`level_bot`].
pub const LEVEL_ITERATIONS: [u32; 4] = [10, 50, 200, 1000];

/// The search bot (`mcts`): the search crate's information-set MCTS, `iterations` per
/// decision, guided by [`evaluate`] at its root only. The root judges each of its legal
/// actions by [`evaluate`] once (priors by softmax at temperature 30, about a third of a VP
/// of the weakest colour; [`MctsConfig::with_priors`]) and chooses among them by PUCT, so the
/// search spends its iterations on the few actions worth it out of the ~300 of a decision;
/// below the root it is [`mcts_v1_bot`]'s plain UCT (exploration 0.1, a new node scored by
/// [`evaluate`]; [`MctsConfig::with_guided_depth`]), as cheap an iteration. Guiding every
/// node, as [`level_bot`] does, costs a greedy decision's judgements per new node: stronger
/// per iteration, weaker at equal time (`docs/benchmarks.md`, "Strength", has what holds
/// at equal CPU time).
pub fn mcts_bot(iterations: u32) -> MctsBot<Tigris> {
    MctsBot::new(
        MctsConfig::iterations(iterations)
            .with_evaluation_scale(SCALE)
            .with_exploration(EXPLORATION)
            .with_priors(TEMPERATURE)
            .with_guided_depth(1, V1_EXPLORATION),
    )
    .with_evaluation(evaluate)
}

/// The search of the levels for people (`level2` to `level5`, [`LEVEL_ITERATIONS`]):
/// guided by [`evaluate`] at every node. Each new node judges all its legal actions (the
/// priors as in [`mcts_bot`]) and is scored by its mover's best one, so that even a search
/// of ten iterations plays at least as the greedy bot does and each level above looks
/// further: a level is a count of iterations, the same game on any machine, and this search
/// does the most with a few.
pub fn level_bot(iterations: u32) -> MctsBot<Tigris> {
    MctsBot::new(
        MctsConfig::iterations(iterations)
            .with_evaluation_scale(SCALE)
            .with_exploration(EXPLORATION)
            .with_priors(TEMPERATURE),
    )
    .with_evaluation(evaluate)
}

/// The bots and the evaluation above, as the search's front ends (bot specs, hints) ask for
/// them.
impl GameBots for Tigris {
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
    fn level_bot(iterations: u32) -> MctsBot<Self> {
        level_bot(iterations)
    }
    fn evaluate(&self, seat: Seat) -> i64 {
        evaluate(self, seat)
    }
}
