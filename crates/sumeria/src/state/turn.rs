//! The flow of the game: the chance draws (the city-state order, the first player, the
//! display, S2 and S7), the scoring at the end of a round's turns, the new order and first
//! player (S5), the next round or the end (S6).

use mesopotamia_core::{EventSink, Seat};
use smallvec::SmallVec;

use crate::action::{Chance, Influence};
use crate::board::STATES;
use crate::event::Event;

use super::play::tiles_of;
use super::{DISPLAY, Phase, ROUNDS, Step, Sumeria, SumeriaError};

impl Sumeria {
    /// Scores the first three city-states from `place` on, stopping at a choice.
    pub(super) fn score_from(&mut self, place: usize, ev: &mut impl EventSink<Event>) {
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
