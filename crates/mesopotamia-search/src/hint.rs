//! A hint for a person's decision: the game's search, spent on the greedy bot's best
//! candidates.
//!
//! A search over every legal action makes a poor hint where a decision is wide: on the first
//! move of Tigris & Euphrates (some 700 legal actions) the plain search (`mcts-v1`, 10,000
//! iterations) gives each action a dozen visits, and its most visited is close to the first
//! in the legal order (`tile red A1`, a corner far from everything); a budget fit for a
//! person's wait is thinner still. So the hint first ranks every legal action one decision
//! ahead with the game's evaluation (what the greedy bot does), then gives the search bot's
//! whole budget to the best [`HINT_CANDIDATES`]
//! ([`MctsBot::analyse_among`](crate::mcts::MctsBot::analyse_among)). The shares
//! it reports are the search's true shares of its root visits among those candidates. The
//! search bot itself (`mcts`) is unchanged.

use mesopotamia_core::rand_core::Rng;
use mesopotamia_core::{Seat, chance};

use crate::GameBots;

/// How many of the greedy evaluation's best actions the hint's search chooses among.
pub const HINT_CANDIDATES: usize = 8;

/// What [`hint`] suggests, and the figures behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint<A> {
    /// The action suggested: the candidate the search visited most.
    pub action: A,
    /// Each candidate searched with its share of the search's root visits (0 to 1; they
    /// add up to 1), most visited first.
    pub shares: Vec<(A, f64)>,
    /// The legal actions the greedy evaluation ranked.
    pub legal: usize,
    /// The search's iterations.
    pub iterations: u32,
}

/// A hint for `seat`'s decision among `legal` (the legal actions of `game`): the game's
/// search bot (`mcts`) at its default budget ([`GameBots::MCTS_ITERATIONS`]), whose root
/// visits are the shares shown, choosing among the
/// [`HINT_CANDIDATES`] actions that [`GameBots::evaluate`] rates best one decision ahead
/// (on a world redrawn from what the seat sees, as the greedy bot judges; equal ratings
/// in random order). `None` when `legal` is empty.
///
/// The hint sees only what `seat` may see, and draws only from `rng`: the same seed and
/// view give the same hint.
///
/// ```
/// use mesopotamia_core::rand_core::Rng;
/// use mesopotamia_core::{Game, ToMove};
/// use mesopotamia_search::{GameBots, hint};
///
/// /// The action suggested to whoever is to move in `game`, if a seat is.
/// fn suggest<G: GameBots>(game: &G, rng: &mut dyn Rng) -> Option<G::Action> {
///     let ToMove::Seat(seat) = game.to_move() else {
///         return None;
///     };
///     let legal = game.legal_action_vec();
///     let hint = hint(game, seat, &legal, rng)?;
///     assert!((hint.shares.iter().map(|s| s.1).sum::<f64>() - 1.0).abs() < 1e-9);
///     Some(hint.action)
/// }
/// ```
pub fn hint<G: GameBots>(
    game: &G,
    seat: Seat,
    legal: &[G::Action],
    rng: &mut dyn Rng,
) -> Option<Hint<G::Action>> {
    if legal.is_empty() {
        return None;
    }
    let candidates = best_candidates(game, seat, legal, rng);
    let analysis = G::mcts_bot(G::MCTS_ITERATIONS).analyse_among(game, seat, &candidates, rng)?;
    let total: u32 = analysis.actions.iter().map(|a| a.1).sum();
    let shares = analysis
        .actions
        .iter()
        .map(|&(action, visits, _)| {
            let share = if total == 0 {
                0.0
            } else {
                f64::from(visits) / f64::from(total)
            };
            (action, share)
        })
        .collect();
    Some(Hint {
        action: analysis.choice,
        shares,
        legal: legal.len(),
        iterations: analysis.iterations,
    })
}

/// The [`HINT_CANDIDATES`] actions of `legal` that the game's evaluation rates best one
/// decision ahead, for `seat`, on a world redrawn from its view.
fn best_candidates<G: GameBots>(
    game: &G,
    seat: Seat,
    legal: &[G::Action],
    rng: &mut dyn Rng,
) -> Vec<G::Action> {
    if legal.len() <= HINT_CANDIDATES {
        return legal.to_vec();
    }
    let world = game.resample_hidden(seat, rng);
    let mut rated: Vec<(i64, G::Action)> = legal
        .iter()
        .map(|&action| {
            let mut next = world.clone();
            // As the greedy bot: an action the redrawn world refuses (it depends on what
            // the seat cannot see) is judged on the world as it stands.
            let value = match next.apply(action) {
                Ok(()) => next.evaluate(seat),
                Err(_) => world.evaluate(seat),
            };
            (value, action)
        })
        .collect();
    // Equal ratings in random order (a shuffle, then a stable sort), so that a tie does not
    // always favour the first in the legal order.
    for i in (1..rated.len()).rev() {
        let j = chance::uniform_below(rng, i as u32 + 1) as usize;
        rated.swap(i, j);
    }
    rated.sort_by_key(|&(value, _)| core::cmp::Reverse(value));
    rated
        .into_iter()
        .take(HINT_CANDIDATES)
        .map(|(_, action)| action)
        .collect()
}
