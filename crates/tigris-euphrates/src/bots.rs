//! A greedy bot for Tigris & Euphrates: one decision ahead, with a simple evaluation.

use mesopotamia_core::scoring::weakest_colour_key;
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
    // Monument VP the active seat scores at the end of its turn count as scored already:
    // otherwise passing (which pays them at once) would always look best, and players who
    // hold a monument would pass for ever.
    let mut vp = p.vp(seat).map(u32::from);
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
