//! What is legal (S3 to S5, S8): the check of one action, the sorted legal list, and the
//! ways to take influence tiles; a [`Step`] is an action by board indices, what the rules
//! play.

use mesopotamia_core::Seat;
use smallvec::SmallVec;

use crate::action::{Action, Influence, PAIRS};
use crate::board::{ALL, Location, for_each_index, has, set, word};

use super::{Phase, Reach, Reason, Sumeria};

/// An action by board indices: what the rules play (3 bytes, where an [`Action`] names its
/// locations).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A trader from supply onto this location.
    Add(u8),
    /// A trader from the first location to the second.
    Move(u8, u8),
    /// The trader on this location back to supply.
    Remove(u8),
    /// One tile from the display of the second city-state.
    Take(Influence),
    /// Two tiles from the display of the first city-state.
    TakeTwo(Influence, Influence),
}

/// Whether the tiles `display` shows allow taking `a` and `b`.
#[inline]
fn takes_two(display: [u8; 4], a: Influence, b: Influence) -> bool {
    if a == b {
        display[a as usize] >= 2
    } else {
        display[a as usize] >= 1 && display[b as usize] >= 1
    }
}

impl Sumeria {
    /// Why `action` is not legal now, if it is not.
    pub fn check(&self, action: Action) -> Result<(), Reason> {
        self.checked(action).map(|_| ())
    }

    /// The seat to play `action` and the action by board indices, if it is legal now;
    /// else why not.
    pub(crate) fn checked(&self, action: Action) -> Result<(Seat, Step), Reason> {
        let p = &self.public;
        let board = p.board();
        let index = |l: Location| board.index_of(l).ok_or(Reason::UnknownLocation);
        let Some(seat) = p.deciding() else {
            return Err(if p.phase == Phase::Over {
                Reason::GameOver
            } else {
                Reason::ChancePending
            });
        };
        let mine = |i: usize| has(p.traders[seat.index()], i);
        let step = match (p.phase, action) {
            (Phase::Setup | Phase::Turns, Action::Add(l)) => {
                let i = index(l)?;
                if has(p.occupied(), i) {
                    return Err(Reason::NotEmpty);
                } else if p.supply[seat.index()] == 0 {
                    return Err(Reason::NoSupply);
                }
                Step::Add(i as u8)
            }
            (Phase::Turns, Action::Move(a, b)) => {
                let (i, j) = (index(a)?, index(b)?);
                if !mine(i) {
                    return Err(Reason::NotYours);
                } else if !has(Reach::new(board.lanes(), p.occupied()).from(i), j) {
                    return Err(Reason::Unreachable);
                }
                Step::Move(i as u8, j as u8)
            }
            (Phase::Turns, Action::Remove(l)) => {
                let i = index(l)?;
                if !mine(i) {
                    return Err(Reason::NotYours);
                }
                Step::Remove(i as u8)
            }
            (Phase::Take(1), Action::Take(k)) => {
                if p.display[1][k as usize] == 0 {
                    return Err(Reason::NotOnDisplay);
                }
                Step::Take(k)
            }
            (Phase::Take(0), Action::TakeTwo(a, b)) => {
                if !(takes_two(p.display[0], a, b) && a <= b) {
                    return Err(Reason::NotOnDisplay);
                }
                Step::TakeTwo(a, b)
            }
            (Phase::Setup, _) => return Err(Reason::OtherDecision("a setup placement (add)")),
            (Phase::Turns, _) => return Err(Reason::OtherDecision("add, move or remove")),
            (Phase::Take(0), _) => {
                return Err(Reason::OtherDecision("two influence tiles (take A B)"));
            }
            (_, _) => return Err(Reason::OtherDecision("one influence tile (take A)")),
        };
        Ok((seat, step))
    }

    /// The action a step is, in notation.
    #[inline]
    pub(crate) fn action_of(&self, step: Step) -> Action {
        let board = self.public.board();
        let at = |i: u8| board.at(i as usize);
        match step {
            Step::Add(i) => Action::Add(at(i)),
            Step::Move(i, j) => Action::Move(at(i), at(j)),
            Step::Remove(i) => Action::Remove(at(i)),
            Step::Take(k) => Action::Take(k),
            Step::TakeTwo(a, b) => Action::TakeTwo(a, b),
        }
    }

    /// The ways to take influence tiles in a `take` phase, in the order of the actions.
    pub(crate) fn take_options(&self) -> SmallVec<[Step; 10]> {
        let mask = self.take_mask();
        (0..PAIRS.len())
            .filter(|&i| mask & (1 << i) != 0)
            .filter_map(|i| self.take_option(i))
            .collect()
    }

    /// The ways to take influence tiles in a `take` phase as bits (see
    /// [`Sumeria::take_option`]), found without a branch per way.
    #[inline]
    pub(crate) fn take_mask(&self) -> u16 {
        let p = &self.public;
        match p.phase {
            Phase::Take(1) => Influence::ALL.iter().enumerate().fold(0, |m, (i, &k)| {
                m | ((p.display[1][k as usize] > 0) as u16) << i
            }),
            Phase::Take(_) => PAIRS.iter().enumerate().fold(0, |m, (i, &(a, b))| {
                m | (takes_two(p.display[0], a, b) as u16) << i
            }),
            _ => 0,
        }
    }

    /// Way `i` to take tiles in this `take` phase (bit `i` of [`Sumeria::take_mask`]).
    #[inline]
    pub(crate) fn take_option(&self, i: usize) -> Option<Step> {
        match self.public.phase {
            Phase::Take(1) => Influence::ALL.get(i).map(|&k| Step::Take(k)),
            Phase::Take(_) => PAIRS.get(i).map(|&(a, b)| Step::TakeTwo(a, b)),
            _ => None,
        }
    }

    pub(crate) fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let p = &self.public;
        let Some(seat) = p.deciding() else { return };
        let board = p.board();
        let at = |i: usize| board.at(i);
        match p.phase {
            Phase::Setup | Phase::Turns => {
                let occupied = p.occupied();
                let mine = p.traders[seat.index()];
                if p.supply[seat.index()] > 0 {
                    for_each_index(set(!word(occupied) & ALL), |i| out.push(Action::Add(at(i))));
                }
                if p.phase == Phase::Setup {
                    return;
                }
                let reach = Reach::new(board.lanes(), occupied);
                for_each_index(mine, |from| {
                    let a = at(from);
                    for_each_index(reach.from(from), |to| out.push(Action::Move(a, at(to))));
                });
                for_each_index(mine, |i| out.push(Action::Remove(at(i))));
            }
            Phase::Take(_) => {
                out.extend(self.take_options().into_iter().map(|s| self.action_of(s)))
            }
            _ => {}
        }
    }
}
