//! Perft: counting the game tree, to check a rules engine against another.
//!
//! [`perft`] counts the *histories* of exactly `depth` steps from a state, where a step is a
//! legal action of the seat to move ([`Game::legal_actions`]) or a chance outcome
//! ([`Game::chance_outcomes`]). Each distinct chance outcome is one step whatever its weight:
//! drawing from a bag of 3 red tiles and 1 blue one is 2 steps, `draw red` and `draw blue`.
//! The count is the number of leaves of the game tree cut at `depth`, as chess engines count
//! moves with perft: two engines that agree on it at a few depths from many positions agree on
//! which steps are legal there, and on the states they lead to.
//!
//! Counting rules:
//! - depth 0 counts 1 (the empty history), even at the end of the game;
//! - a game that ends before `depth` steps counts 0 on that branch: it has no history of
//!   exactly `depth` steps. This is what chess perft does with a mate before the last ply, and
//!   it lets a wrong end of the game show in the counts;
//! - a step never merges with another: two actions that lead to the same state are two
//!   histories (perft counts paths, not positions).
//!
//! The last step is counted, not played: at depth 1 the count is the length of the list
//! (bulk counting), so depth `n` plays the steps of depth `n - 1` only. The lists are kept in
//! one buffer per depth, so listing allocates nothing once the buffers have grown.
//!
//! [`perft_divide`] gives the count under each first step, as chess engines' *divide*: when
//! two engines disagree, it shows under which step, and the search narrows from there.
//!
//! The [`data`] submodule reads and writes the files of positions and their counts that each
//! game keeps in `tests/perft.txt` (the format is in `docs/formats.md`, "Perft").

pub mod data;

use crate::game::{Game, ToMove};
use crate::record::{GameStep, Step};

/// The deepest count [`perft`] and [`perft_divide`] accept. The count recurses once per
/// step (with a state on the stack at each level), and a depth of 20 is far beyond what a
/// game with tens or hundreds of steps per node can count in a lifetime: the bound keeps a
/// mistyped depth from exhausting the stack.
pub const MAX_DEPTH: u32 = 20;

/// Why a count failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PerftError<A, C, E> {
    /// The depth is above [`MAX_DEPTH`].
    #[error("depth {0} is too deep: perft counts to depth {max} at most", max = MAX_DEPTH)]
    TooDeep(u32),
    /// The game refused a step it listed itself: a broken contract, a bug in the game.
    #[error("the game refused `{step}`, a step of its own list: {error}")]
    Refused {
        /// The step refused (the seat to move and its action, or the chance outcome).
        step: Step<A, C>,
        /// The game's reason.
        error: E,
    },
    /// The count does not fit in 64 bits (not reachable in any time one can wait).
    #[error("the count does not fit in 64 bits")]
    Overflow,
}

/// What [`perft`] and [`perft_divide`] return on failure for a game `G`.
pub type GamePerftError<G> =
    PerftError<<G as Game>::Action, <G as Game>::Chance, <G as Game>::Error>;

/// The number of histories of exactly `depth` steps from `state`: every legal action of the
/// seat to move and every distinct chance outcome is a step; a branch where the game ends
/// before `depth` counts 0; depth 0 counts 1 (see [the module](self)).
///
/// # Errors
/// [`PerftError::TooDeep`] above [`MAX_DEPTH`]; [`PerftError::Refused`] if the game
/// refuses a step it listed (a bug in the game: the contract says it accepts them all).
pub fn perft<G: Game>(state: &G, depth: u32) -> Result<u64, GamePerftError<G>> {
    if depth > MAX_DEPTH {
        return Err(PerftError::TooDeep(depth));
    }
    Counter::new(depth).count(state, depth)
}

/// The count of [`perft`] at `depth` split by first step: for each action of the seat to
/// move, or each chance outcome, in the order of the game's list, the step and the count of
/// histories of `depth - 1` steps after it. The counts add up to `perft(state, depth)`.
/// Empty at depth 0 (no first step) and at the end of the game.
///
/// # Errors
/// As [`perft`].
pub fn perft_divide<G: Game>(
    state: &G,
    depth: u32,
) -> Result<Vec<(GameStep<G>, u64)>, GamePerftError<G>> {
    if depth > MAX_DEPTH {
        return Err(PerftError::TooDeep(depth));
    }
    let Some(rest) = depth.checked_sub(1) else {
        return Ok(Vec::new());
    };
    let mut counter = Counter::new(depth);
    let mut out = Vec::new();
    match state.to_move() {
        ToMove::Terminal => {}
        ToMove::Seat(seat) => {
            for action in state.legal_action_vec() {
                let step = Step::Action(seat, action);
                let mut child = state.clone();
                child
                    .apply(action)
                    .map_err(|error| PerftError::Refused { step, error })?;
                out.push((step, counter.count(&child, rest)?));
            }
        }
        ToMove::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            for (outcome, _) in outcomes {
                let step = Step::Chance(outcome);
                let mut child = state.clone();
                child
                    .apply_chance(outcome)
                    .map_err(|error| PerftError::Refused { step, error })?;
                out.push((step, counter.count(&child, rest)?));
            }
        }
    }
    Ok(out)
}

/// The lists of each depth, kept between the branches so that a count allocates only while
/// they grow.
struct Counter<G: Game> {
    /// `actions[d]`: the legal list of the state being expanded with `d` steps to go.
    actions: Vec<Vec<G::Action>>,
    /// `outcomes[d]`: likewise for chance outcomes.
    outcomes: Vec<Vec<(G::Chance, u32)>>,
}

impl<G: Game> Counter<G> {
    fn new(depth: u32) -> Self {
        let levels = depth as usize + 1;
        Counter {
            actions: (0..levels).map(|_| Vec::new()).collect(),
            outcomes: (0..levels).map(|_| Vec::new()).collect(),
        }
    }

    fn count(&mut self, state: &G, depth: u32) -> Result<u64, GamePerftError<G>> {
        if depth == 0 {
            return Ok(1);
        }
        let level = depth as usize;
        match state.to_move() {
            ToMove::Terminal => Ok(0),
            ToMove::Seat(seat) => {
                // Taken out of the counter while the children use the deeper buffers.
                let mut list = core::mem::take(&mut self.actions[level]);
                state.legal_actions(&mut list);
                let total = if depth == 1 {
                    Ok(list.len() as u64)
                } else {
                    self.sum(
                        list.iter().copied(),
                        |action| {
                            let mut child = state.clone();
                            child.apply(action).map_err(|error| PerftError::Refused {
                                step: Step::Action(seat, action),
                                error,
                            })?;
                            Ok(child)
                        },
                        depth - 1,
                    )
                };
                self.actions[level] = list;
                total
            }
            ToMove::Chance => {
                let mut list = core::mem::take(&mut self.outcomes[level]);
                state.chance_outcomes(&mut list);
                let total = if depth == 1 {
                    Ok(list.len() as u64)
                } else {
                    let outcomes = list.iter().map(|&(outcome, _)| outcome);
                    self.sum(
                        outcomes,
                        |outcome| {
                            let mut child = state.clone();
                            child
                                .apply_chance(outcome)
                                .map_err(|error| PerftError::Refused {
                                    step: Step::Chance(outcome),
                                    error,
                                })?;
                            Ok(child)
                        },
                        depth - 1,
                    )
                };
                self.outcomes[level] = list;
                total
            }
        }
    }

    /// The counts at `depth` below each state `play` makes of the steps of `steps`, added.
    fn sum<S>(
        &mut self,
        steps: impl Iterator<Item = S>,
        mut play: impl FnMut(S) -> Result<G, GamePerftError<G>>,
        depth: u32,
    ) -> Result<u64, GamePerftError<G>> {
        let mut total = 0u64;
        for step in steps {
            let child = play(step)?;
            let below = self.count(&child, depth)?;
            total = total.checked_add(below).ok_or(PerftError::Overflow)?;
        }
        Ok(total)
    }
}

#[cfg(test)]
mod tests;
