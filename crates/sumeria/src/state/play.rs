//! Playing an action (S3, S4, S5): a trader added, moved or removed, the city-state's tile
//! moving on the order as it does; influence tiles taken from the display.

use mesopotamia_core::{EventSink, Seat, Space};

use crate::action::{Action, Influence};
use crate::board::{SLOTS, STATES};
use crate::event::Event;

use super::{Phase, Public, Reason, Step, Sumeria, TURNS_PER_PLAYER};

impl Sumeria {
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
    pub(super) fn take(
        &mut self,
        place: usize,
        kinds: &[Influence],
        ev: &mut impl EventSink<Event>,
    ) {
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
}

impl Public {
    /// Moves the tile of city-state `state` one place up or down the order (S3, S4), if it
    /// is not already first or last.
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

/// The tiles of a per-kind count, one entry per tile.
pub(super) fn tiles_of(counts: [u8; 4]) -> Vec<Influence> {
    Influence::ALL
        .into_iter()
        .flat_map(|k| std::iter::repeat_n(k, counts[k as usize] as usize))
        .collect()
}
