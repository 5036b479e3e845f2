//! A greedy bot for the card game: one decision ahead, with a simple evaluation.

use mesopotamia_core::{Colour, GreedyBot, Seat};

use crate::state::Cards;

/// How good the game looks for `seat`: its VP piles as the final scoring ranks them
/// (the weakest colours weigh most, treasures wild) plus its leaders on display, minus
/// the best opponent's. Other seats' buried pile cards are whatever the state holds: the
/// greedy bot only ever evaluates a state redrawn from its own view.
pub fn evaluate(game: &Cards, seat: Seat) -> i64 {
    let keys = game.keys();
    let value = |s: Seat| {
        let key = keys[s.index()];
        let standing = 8 * key[0] + 4 * key[1] + 2 * key[2] + key[3];
        let leaders = Colour::ALL
            .iter()
            .filter(|&&c| game.public().leader(s, c).is_some())
            .count() as i64;
        10 * standing as i64 + 5 * leaders
    };
    let best_other = Seat::all(keys.len())
        .filter(|&s| s != seat)
        .map(value)
        .max()
        .unwrap_or(0);
    value(seat) - best_other
}

/// The greedy bot: [`GreedyBot`] with [`evaluate`].
pub fn greedy_bot() -> GreedyBot<fn(&Cards, Seat) -> i64> {
    GreedyBot::new(evaluate)
}
