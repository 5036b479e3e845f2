//! Conflicts: revolts and wars, the tiles committed to them and their outcome.

use mesopotamia_core::{Adjacency, Colour, EventSink, Seat, SeatSet};

use super::{Conflict, Public, Tigris, sp, sq};
use crate::action::MAX_SUPPORT;
use crate::board::{Square, Squares};
use crate::event::{ConflictKind, Event, ReturnCause};

impl Public {
    /// The owner of the leader of `colour` standing in `kingdom`, if any.
    pub(super) fn leader_owner_in(&self, colour: Colour, kingdom: Squares) -> Option<Seat> {
        Seat::all(self.seats()).find(|s| {
            self.leaders[s.index()][colour.index()].is_some_and(|q| kingdom.contains(sp(q)))
        })
    }

    /// The base of the side whose leader of `colour` stands on `leader` in a conflict of
    /// this kind: in a revolt (T6) the temples beside the leader; in a war (T7) the tiles of
    /// the colour in the leader's part of the united kingdom (the unification tile apart).
    pub(crate) fn base(&self, kind: ConflictKind, colour: Colour, leader: Square) -> u8 {
        let grid = self.board().grid();
        match kind {
            ConflictKind::Revolt => {
                (grid.neighbours(sp(leader)) & self.tiles[Colour::Red.index()]).len() as u8
            }
            ConflictKind::War => {
                let mut apart = self.occupied();
                if let Some(u) = self.unification {
                    apart.remove(sp(u));
                }
                (grid.component(sp(leader), apart) & self.tiles[colour.index()]).len() as u8
            }
        }
    }

    /// The numbers of tiles `seat` may commit to `conflict`, as a bit mask (bit n: n tiles).
    pub(crate) fn support_options(&self, conflict: &Conflict, seat: Seat, in_hand: u8) -> u8 {
        let max = in_hand.min(MAX_SUPPORT);
        let up_to_max = ((1u16 << (max + 1)) - 1) as u8;
        if !self.config.english_variant {
            return up_to_max;
        }
        if seat == conflict.attacker {
            // T15: nothing, or a number that makes his total exceed the defender's base.
            let need = (conflict.defender_base + 1)
                .saturating_sub(conflict.attacker_base)
                .max(1);
            let from_need = if need > max {
                0
            } else {
                up_to_max & !((1u8 << need) - 1)
            };
            1 | from_need
        } else {
            // T15: nothing, or exactly the number that ties the attacker's total.
            let attacker_total = conflict.attacker_base + conflict.attacker_commit.unwrap_or(0);
            match attacker_total.checked_sub(conflict.defender_base) {
                Some(n) if n >= 1 && n <= max => 1 | (1 << n),
                _ => 1,
            }
        }
    }
}

impl Tigris {
    pub(super) fn commit(&mut self, n: u8, ev: &mut impl EventSink<Event>) {
        let Some(mut conflict) = self.public.conflict else {
            return;
        };
        let colour = conflict.support_colour();
        let seat = if conflict.attacker_commit.is_none() {
            conflict.attacker
        } else {
            conflict.defender
        };
        self.hands[seat.index()][colour] -= n;
        self.public.hand_sizes[seat.index()] -= n;
        self.public.removed[colour] += n as u16;
        match conflict.attacker_commit {
            None => {
                conflict.attacker_commit = Some(n);
                self.public.conflict = Some(conflict);
            }
            Some(attacker_commit) => {
                self.public.conflict = None;
                self.resolve(conflict, attacker_commit, n, ev);
            }
        }
    }

    pub(super) fn resolve(
        &mut self,
        conflict: Conflict,
        attacker_commit: u8,
        defender_commit: u8,
        ev: &mut impl EventSink<Event>,
    ) {
        let p = &mut self.public;
        let attacker_total = conflict.attacker_base + attacker_commit;
        let defender_total = conflict.defender_base + defender_commit;
        let (winner, loser) = if attacker_total > defender_total {
            (conflict.attacker, conflict.defender)
        } else {
            (conflict.defender, conflict.attacker)
        };
        ev.push(Event::ConflictResolved {
            colour: conflict.colour,
            attacker_total,
            defender_total,
            winner,
            committed: attacker_commit + defender_commit,
        });
        let colour = conflict.colour;
        let loser_square =
            p.leaders[loser.index()][colour.index()].expect("the loser's leader is on the board");
        match conflict.kind {
            ConflictKind::Revolt => {
                p.set_leader(loser, colour, None);
                ev.push(Event::LeaderReturned {
                    seat: loser,
                    colour,
                    square: loser_square,
                    cause: ReturnCause::Defeat,
                });
                p.regions_lose(Squares::single(sp(loser_square)));
                p.vp[winner.index()][Colour::Red] += 1;
                ev.push(Event::Vp {
                    seat: winner,
                    colour: Colour::Red,
                    amount: 1,
                });
            }
            ConflictKind::War => {
                let grid = p.board().grid();
                let mut apart = p.occupied();
                if let Some(u) = p.unification {
                    apart.remove(sp(u));
                }
                let side = grid.component(sp(loser_square), apart);
                p.set_leader(loser, colour, None);
                ev.push(Event::LeaderReturned {
                    seat: loser,
                    colour,
                    square: loser_square,
                    cause: ReturnCause::Defeat,
                });
                // Tiles under a civilization building survive wars (T7, T16).
                let mut lost = (side & p.tiles[colour.index()]) - p.building_squares();
                if colour == Colour::Red {
                    // Priests' war: temples with a treasure or supporting another leader stay.
                    lost -= p.treasures;
                    lost -= crate::board::dilate(p.leader_squares());
                }
                p.tiles[colour.index()] -= lost;
                p.removed[colour] += lost.len() as u16;
                p.regions_lose(lost | Squares::single(sp(loser_square)));
                let gain = 1 + lost.len() as u16;
                p.vp[winner.index()][colour] += u32::from(gain);
                if ev.wanted() && !lost.is_empty() {
                    ev.push(Event::TilesRemoved {
                        colour,
                        squares: lost.iter().map(sq).collect(),
                    });
                }
                ev.push(Event::Vp {
                    seat: winner,
                    colour,
                    amount: gain,
                });
                // No leader loses a temple here: the temples beside a leader stay (above).
                debug_assert!(p.leader_squares().is_subset(&p.temple_neighbourhood()));
            }
        }
    }

    pub(super) fn start_war(&mut self, colour: Colour, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        p.wars &= !(1 << colour.index());
        let Some(u) = p.unification else { return };
        let kingdom = p.region_of(sp(u));
        let involved: SeatSet = Seat::all(p.seats())
            .filter(|s| {
                p.leaders[s.index()][colour.index()].is_some_and(|q| kingdom.contains(sp(q)))
            })
            .collect();
        let Some(attacker) = p.active.first_clockwise_among(p.seats(), involved) else {
            return;
        };
        let Some(defender) = involved.iter().find(|&s| s != attacker) else {
            return;
        };
        let base = |s: Seat| {
            let q = p.leaders[s.index()][colour.index()].expect("involved leader");
            p.base(ConflictKind::War, colour, q)
        };
        let conflict = Conflict {
            kind: ConflictKind::War,
            colour,
            attacker,
            defender,
            attacker_base: base(attacker),
            defender_base: base(defender),
            attacker_commit: None,
        };
        ev.push(Event::ConflictStarted {
            kind: ConflictKind::War,
            colour,
            attacker,
            defender,
            attacker_base: conflict.attacker_base,
            defender_base: conflict.defender_base,
        });
        p.conflict = Some(conflict);
    }

    pub(super) fn drop_vanished_wars(&mut self, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        let Some(u) = p.unification else {
            p.wars = 0;
            return;
        };
        let kingdom = p.region_of(sp(u));
        for c in Colour::ALL {
            if p.wars & (1 << c.index()) == 0 {
                continue;
            }
            let count = Seat::all(p.seats())
                .filter(|s| {
                    p.leaders[s.index()][c.index()].is_some_and(|q| kingdom.contains(sp(q)))
                })
                .count();
            if count < 2 {
                p.wars &= !(1 << c.index());
                ev.push(Event::WarVanished { colour: c });
            }
        }
    }
}
