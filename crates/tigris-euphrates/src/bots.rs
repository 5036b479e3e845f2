//! A greedy bot for Tigris & Euphrates: one decision ahead, with a simple evaluation.

use mesopotamia_core::{Colour, GreedyBot, Seat};

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
    let key = p.standing_key(seat);
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
