//! A greedy bot for Sumeria: one decision ahead, with a simple evaluation.

use mesopotamia_core::mcts::{MctsBot, MctsConfig};
use mesopotamia_core::{GreedyBot, Seat};

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

/// Iterations per decision of [`mcts_bot`] by default: a decision takes well under a second
/// on one core.
pub const MCTS_ITERATIONS: u32 = 2000;

/// The search bot: the core's information-set MCTS ([`mesopotamia_core::mcts`]) with this
/// game's settings, `iterations` per decision.
/// Sumeria's random endings are short and informative: rollouts go to the end of the game.
pub fn mcts_bot(iterations: u32) -> MctsBot<Sumeria> {
    MctsBot::new(MctsConfig::iterations(iterations))
}
