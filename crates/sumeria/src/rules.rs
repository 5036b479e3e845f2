//! The rules (S1 to S6): who decides, what is legal, what an action or a chance outcome
//! does, scoring at the end of a round.

use mesopotamia_core::{EventSink, Seat, Space};
use smallvec::SmallVec;

use crate::action::{Action, Chance, Influence, PAIRS};
use crate::board::{ALL, Location, Locations, SLOTS, STATES, for_each_index, has, set, word};
use crate::event::Event;
use crate::reach::Reach;
use crate::state::{
    DISPLAY, Phase, Public, ROUNDS, Reason, Sumeria, SumeriaError, TURNS_PER_PLAYER,
};

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

impl Public {
    /// Every location with a trader on it.
    #[inline]
    pub(crate) fn occupied(&self) -> Locations {
        self.traders[0] | self.traders[1] | self.traders[2] | self.traders[3]
    }

    /// The seat deciding now, if a seat decides.
    #[inline]
    pub(crate) fn deciding(&self) -> Option<Seat> {
        let n = self.seats();
        match self.phase {
            Phase::Setup | Phase::Turns => {
                let k = self.first.index() + self.turn as usize;
                // Division by a constant is a multiplication: the seat counts spelled out.
                Seat::new(match n {
                    3 => k % 3,
                    4 => k % 4,
                    _ => k % n,
                })
            }
            Phase::Take(place) => self.controller(self.order[place as usize % STATES] as usize),
            _ => None,
        }
    }

    /// Place of a seat in this round's turn order (0 for the first player).
    fn turn_place(&self, seat: Seat) -> usize {
        // Both below the seat count: their difference, plus the count if it is negative
        // (added by a mask: neither a division nor a branch).
        let d = seat.index().wrapping_sub(self.first.index());
        let negative = d >> (usize::BITS - 1);
        d.wrapping_add(self.seats() & 0usize.wrapping_sub(negative))
    }

    /// Seats with traders in a city-state, best control first (S5): most traders, then the
    /// city, then most towns, then earlier in this round's order.
    pub fn control(&self, state: usize) -> SmallVec<[Seat; 4]> {
        // Best first, by `standing` (distinct for distinct seats).
        let mut keys: SmallVec<[u32; 4]> = Seat::all(self.seats())
            .map(|seat| self.standing(seat, state))
            .filter(|&key| key != 0)
            .collect();
        keys.sort_unstable_by(|a, b| b.cmp(a));
        keys.into_iter().filter_map(seat_of).collect()
    }

    /// The controller of a city-state, if any: the first of [`Public::control`].
    #[inline]
    pub(crate) fn controller(&self, state: usize) -> Option<Seat> {
        let best = Seat::all(self.seats())
            .map(|seat| self.standing(seat, state))
            .max();
        seat_of(best.unwrap_or(0))
    }

    /// The first two of [`Public::control`] (taking needs no more), without a list.
    #[inline]
    fn leaders(&self, state: usize) -> (Option<Seat>, Option<Seat>) {
        // Maxima of numbers rather than comparisons of seats: no branch to mispredict.
        let (mut best, mut second) = (0, 0);
        for seat in Seat::all(self.seats()) {
            let key = self.standing(seat, state);
            second = second.max(key.min(best));
            best = best.max(key);
        }
        (seat_of(best), seat_of(second))
    }

    /// How a seat with traders in a city-state stands there, as a number that orders as
    /// control does (S5): most traders, then the city, then most towns, then earlier in
    /// this round's order; the seat in the lowest bits (see [`seat_of`]). 0 without a
    /// trader there.
    #[inline]
    fn standing(&self, seat: Seat, state: usize) -> u32 {
        let (count, city, towns) = self.presence(seat, state);
        let earliness = self.seats().wrapping_sub(self.turn_place(seat)) as u32 % 16;
        let key =
            (count as u32) << 24 | (city as u32) << 16 | (towns as u32) << 12 | earliness << 4;
        // Nothing without a trader: the mask is all ones or 0.
        (key | (seat.index() as u32 % 16)) & 0u32.wrapping_sub((count > 0) as u32)
    }

    /// A seat's traders in a city-state: (traders, whether one is on the city, towns).
    #[inline]
    fn presence(&self, seat: Seat, state: usize) -> (u8, bool, u8) {
        if state >= STATES {
            return (0, false, 0);
        }
        let traders = self.traders.get(seat.index()).map_or(0, |&t| word(t));
        let here = (traders >> (state * SLOTS)) as usize & 0b111_1111;
        // Slots: city (bit 0), towns (bits 1 to 3), villages (bits 4 to 6).
        (COUNT7[here], here & 1 != 0, COUNT7[here & 0b1110])
    }

    fn move_tile(&mut self, state: usize, up: bool, ev: &mut impl EventSink<Event>) {
        let Some(p) = self.order.iter().position(|&s| s as usize == state) else {
            return;
        };
        let to = if up && p > 0 {
            p - 1
        } else if !up && p + 1 < STATES {
            p + 1
        } else {
            return;
        };
        self.order.swap(p, to);
        ev.push(Event::TileMoved {
            state: self.board().names()[state],
            from: p as u8 + 1,
            to: to as u8 + 1,
        });
    }
}

/// The number of set bits of every 7-bit value: the slots of a city-state counted by a
/// look-up (a count of bits is a dozen instructions without a `popcnt` instruction).
const COUNT7: [u8; 128] = {
    let mut counts = [0; 128];
    let mut i = 0;
    while i < 128 {
        counts[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    counts
};

/// The seat of a [`Public::standing`] key; `None` for 0 (no trader).
#[inline]
fn seat_of(key: u32) -> Option<Seat> {
    if key == 0 {
        None
    } else {
        Seat::new((key % 16) as usize)
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

    /// Plays a checked action (see [`Sumeria::checked`]).
    pub(crate) fn play(
        &mut self,
        action: Action,
        ev: &mut impl EventSink<Event>,
    ) -> Result<(), Reason> {
        let (seat, step) = self.checked(action)?;
        self.play_step(seat, step, ev);
        Ok(())
    }

    /// Plays a legal step of `seat`, the seat to move: only ever given what
    /// [`Sumeria::checked`] accepts or what the game's own sampler draws.
    pub(crate) fn play_step(&mut self, seat: Seat, step: Step, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        let n = p.seats();
        let s = seat.index() % 4;
        match step {
            Step::Add(i) => {
                let i = i as usize;
                p.traders[s].insert(Space(i as u16));
                p.supply[s] -= 1;
                if p.phase == Phase::Turns {
                    p.move_tile(i / SLOTS, true, ev);
                }
            }
            Step::Move(i, j) => {
                let (i, j) = (i as usize, j as usize);
                p.traders[s].remove(Space(i as u16));
                p.traders[s].insert(Space(j as u16));
                if i / SLOTS != j / SLOTS {
                    p.move_tile(j / SLOTS, true, ev);
                }
            }
            Step::Remove(i) => {
                let i = i as usize;
                p.traders[s].remove(Space(i as u16));
                p.supply[s] += 1;
                p.move_tile(i / SLOTS, false, ev);
            }
            Step::Take(k) => {
                self.take(1, &[k], ev);
                return self.score_from(2, ev);
            }
            Step::TakeTwo(a, b) => {
                self.take(0, &[a, b], ev);
                return self.score_from(1, ev);
            }
        }
        let p = &mut self.public;
        p.turn += 1;
        match p.phase {
            Phase::Setup => {
                let placements = p.config.traders().map_or(0, |(_, placed)| placed) as usize * n;
                if p.turn as usize == placements {
                    p.turn = 0;
                    p.phase = Phase::Turns;
                    ev.push(Event::RoundStarted {
                        round: p.round + 1,
                        first: p.first,
                    });
                }
            }
            Phase::Turns if p.turn as usize == TURNS_PER_PLAYER as usize * n => {
                self.score_from(0, ev)
            }
            _ => {}
        }
    }

    /// The controller of `place` takes `kinds`; the rest goes to the second, or is
    /// discarded when he is alone there.
    fn take(&mut self, place: usize, kinds: &[Influence], ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        let (Some(controller), second) = p.leaders(p.order[place] as usize) else {
            return;
        };
        for &k in kinds {
            p.display[place][k as usize] -= 1;
            p.held[controller.index()][k as usize] += 1;
        }
        let rest = core::mem::take(&mut p.display[place]);
        if ev.wanted() {
            ev.push(Event::Took {
                seat: controller,
                place: place as u8 + 1,
                kinds: kinds.to_vec(),
            });
            let rest_kinds = tiles_of(rest);
            if !rest_kinds.is_empty() {
                ev.push(match second {
                    Some(second) => Event::Took {
                        seat: second,
                        place: place as u8 + 1,
                        kinds: rest_kinds,
                    },
                    None => Event::Discarded {
                        place: place as u8 + 1,
                        kinds: rest_kinds,
                    },
                });
            }
        }
        let to = match second {
            Some(second) => &mut p.held[second.index()],
            None => &mut p.discarded,
        };
        for (t, r) in to.iter_mut().zip(rest) {
            *t += r;
        }
    }

    /// Scores the first three city-states from `place` on, stopping at a choice.
    fn score_from(&mut self, place: usize, ev: &mut impl EventSink<Event>) {
        for place in place..3 {
            let p = &mut self.public;
            if p.leaders(p.order[place] as usize).0.is_none() {
                let gone = core::mem::take(&mut p.display[place]);
                if ev.wanted() && gone.iter().any(|&n| n > 0) {
                    ev.push(Event::Discarded {
                        place: place as u8 + 1,
                        kinds: tiles_of(gone),
                    });
                }
                for (d, g) in p.discarded.iter_mut().zip(gone) {
                    *d += g;
                }
                continue;
            }
            if place == 2 {
                let kinds: SmallVec<[Influence; 1]> = Influence::ALL
                    .into_iter()
                    .filter(|k| p.display[2][*k as usize] > 0)
                    .collect();
                self.take(2, &kinds, ev);
                continue;
            }
            p.phase = Phase::Take(place as u8);
            let mask = self.take_mask();
            match mask.count_ones() {
                0 => {
                    // Nothing on display (cannot happen with a full bag): nothing to take.
                    self.take(place, &[], ev);
                }
                1 => {
                    // A single option is not asked (`docs/rules.md`): apply it.
                    let Some(only) = self.take_option(mask.trailing_zeros() as usize) else {
                        return;
                    };
                    let kinds: SmallVec<[Influence; 2]> = match only {
                        Step::Take(k) => smallvec::smallvec![k],
                        Step::TakeTwo(a, b) => smallvec::smallvec![a, b],
                        _ => SmallVec::new(),
                    };
                    if ev.wanted() {
                        if let Some(seat) = self.public.deciding() {
                            ev.push(Event::Forced {
                                seat,
                                action: self.action_of(only),
                            });
                        }
                    }
                    self.take(place, &kinds, ev);
                }
                _ => return,
            }
        }
        self.end_round(ev);
    }

    fn end_round(&mut self, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        let n = p.seats();
        // Next first player (S5): left of the seat with fewest traders in the first
        // city-state, ties settled on the next ones, then the latest in this round's order.
        let mut tied: SmallVec<[Seat; 4]> = Seat::all(n).collect();
        for &state in &p.order {
            let count = |s: &Seat| p.presence(*s, state as usize).0;
            let fewest = tied.iter().map(count).min().unwrap_or(0);
            tied.retain(|s| count(s) == fewest);
            if tied.len() == 1 {
                break;
            }
        }
        let last = tied
            .iter()
            .copied()
            .max_by_key(|&s| p.turn_place(s))
            .unwrap_or(p.first);
        // Reorder (S5): places 1, 2, 3 go to 8, 7, 6; the others move up three.
        let old = p.order;
        p.order = [
            old[3], old[4], old[5], old[6], old[7], old[2], old[1], old[0],
        ];
        p.first = last.next(n);
        p.round += 1;
        p.turn = 0;
        p.drawn = 0;
        p.phase = if p.round == ROUNDS {
            Phase::Over
        } else {
            Phase::Draw
        };
        if ev.wanted() {
            ev.push(Event::RoundEnded {
                round: p.round,
                order: p
                    .order
                    .iter()
                    .map(|&s| p.board().names()[s as usize])
                    .collect(),
                first: p.first,
            });
            if p.phase == Phase::Over {
                ev.push(Event::GameEnded);
            }
        }
    }

    pub(crate) fn resolve_chance(
        &mut self,
        chance: Chance,
        ev: &mut impl EventSink<Event>,
    ) -> Result<(), SumeriaError> {
        let bad = Err(SumeriaError::Chance(chance));
        let p = &mut self.public;
        match (p.phase, chance) {
            (Phase::Order, Chance::Order(name)) => {
                let Some(state) = p.board().state_index(name) else {
                    return bad;
                };
                if p.order[..p.ordered as usize].contains(&(state as u8)) {
                    return bad;
                }
                let at = p.ordered as usize;
                // Keep `order` a permutation: swap the drawn state into its place.
                let from = p
                    .order
                    .iter()
                    .position(|&s| s as usize == state)
                    .expect("a permutation");
                p.order.swap(at, from);
                p.ordered += 1;
                ev.push(Event::OrderDrawn {
                    state: name,
                    place: p.ordered,
                });
                // The undrawn rest stays in board order, so equal states compare equal.
                p.order[p.ordered as usize..].sort_unstable();
                if p.ordered as usize == STATES {
                    p.phase = Phase::First;
                }
            }
            (Phase::First, Chance::First(seat)) if seat.index() < p.seats() => {
                p.first = seat;
                p.phase = Phase::Draw;
                ev.push(Event::FirstChosen { seat });
            }
            (Phase::Draw, Chance::Draw(kind)) => {
                if self.bag.take(kind, 1).is_err() {
                    return bad;
                }
                let p = &mut self.public;
                let place = match p.drawn {
                    0..=2 => 0,
                    3 | 4 => 1,
                    _ => 2,
                };
                p.display[place][kind as usize] += 1;
                p.drawn += 1;
                ev.push(Event::Displayed {
                    kind,
                    place: place as u8 + 1,
                    state: p.board().names()[p.order[place] as usize],
                });
                if p.drawn as usize == DISPLAY.iter().map(|&d| d as usize).sum::<usize>() {
                    if p.round == 0 {
                        p.phase = Phase::Setup;
                        ev.push(Event::SetupStarted { first: p.first });
                    } else {
                        p.phase = Phase::Turns;
                        ev.push(Event::RoundStarted {
                            round: p.round + 1,
                            first: p.first,
                        });
                    }
                }
            }
            _ => return bad,
        }
        Ok(())
    }
}

/// The tiles of a per-kind count, one entry per tile.
fn tiles_of(counts: [u8; 4]) -> Vec<Influence> {
    Influence::ALL
        .into_iter()
        .flat_map(|k| std::iter::repeat_n(k, counts[k as usize] as usize))
        .collect()
}
