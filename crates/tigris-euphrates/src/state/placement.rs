//! Placement (T2-T5, T11): tiles, leaders and catastrophes arriving on the board, and
//! leaders losing their temple.

use mesopotamia_core::{Colour, EventSink, Seat};

use super::{AfterPlacement, Conflict, Public, Tigris, sp};
use crate::board::{Square, Squares};
use crate::event::{ConflictKind, Event, ReturnCause};

impl Tigris {
    pub(super) fn place_tile(
        &mut self,
        colour: Colour,
        square: Square,
        ev: &mut impl EventSink<Event>,
    ) {
        let p = &mut self.public;
        let a = p.active.index();
        self.hands[a][colour] -= 1;
        p.hand_sizes[a] -= 1;
        p.tiles[colour.index()].insert(sp(square));
        let touching = p.merge_region_at(square);
        match touching.as_slice() {
            [one, two] => {
                p.unification = Some(square);
                let mut wars = 0u8;
                for c in Colour::ALL {
                    if p.leader_owner_in(c, *one).is_some() && p.leader_owner_in(c, *two).is_some()
                    {
                        wars |= 1 << c.index();
                    }
                }
                p.wars = wars;
                if ev.wanted() {
                    ev.push(Event::Unification {
                        square,
                        wars: p.wars().collect(),
                    });
                }
            }
            [kingdom] => {
                let owner = p
                    .leader_owner_in(colour, *kingdom)
                    .or_else(|| p.leader_owner_in(Colour::Black, *kingdom));
                if let Some(owner) = owner {
                    // T16: the building of the tile's colour in the kingdom adds one VP. The
                    // kingdom is the one after the placement: a leaderless territory the tile
                    // joined brings its building along.
                    let after = p.region_of(sp(square));
                    let amount = 1 + p.buildings[colour.index()]
                        .is_some_and(|b| after.contains(sp(b)))
                        as u16;
                    p.vp[owner.index()][colour] += u32::from(amount);
                    ev.push(Event::Vp {
                        seat: owner,
                        colour,
                        amount,
                    });
                }
            }
            _ => {}
        }
        p.placed = Some((square, AfterPlacement::Monument));
    }

    pub(super) fn place_leader(
        &mut self,
        colour: Colour,
        square: Square,
        ev: &mut impl EventSink<Event>,
    ) {
        let p = &mut self.public;
        let active = p.active;
        let from = p.set_leader(active, colour, Some(square));
        if let Some(from) = from {
            // Leaving a square may split a region.
            p.regions_lose(Squares::single(sp(from)));
        }
        p.merge_region_at(square);
        let kingdom = p.region_of(sp(square));
        let defender = Seat::all(p.seats()).find(|&s| {
            s != active
                && p.leaders[s.index()][colour.index()].is_some_and(|q| kingdom.contains(sp(q)))
        });
        if let Some(defender) = defender {
            let strength = |q: Square| p.base(ConflictKind::Revolt, colour, q);
            let defender_square =
                p.leaders[defender.index()][colour.index()].expect("defender on board");
            let conflict = Conflict {
                kind: ConflictKind::Revolt,
                colour,
                attacker: active,
                defender,
                attacker_base: strength(square),
                defender_base: strength(defender_square),
                attacker_commit: None,
            };
            ev.push(Event::ConflictStarted {
                kind: conflict.kind,
                colour,
                attacker: active,
                defender,
                attacker_base: conflict.attacker_base,
                defender_base: conflict.defender_base,
            });
            p.conflict = Some(conflict);
        }
    }

    pub(super) fn catastrophe(&mut self, square: Square, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        p.catastrophes_left[p.active.index()] -= 1;
        let hit = Colour::ALL
            .into_iter()
            .find(|c| p.tiles[c.index()].contains(sp(square)));
        if let Some(c) = hit {
            p.tiles[c.index()].remove(sp(square));
            p.removed[c] += 1;
            ev.push(Event::TilesRemoved {
                colour: c,
                squares: vec![square],
            });
        }
        p.catastrophes.insert(sp(square));
        if hit.is_some() {
            p.regions_lose(Squares::single(sp(square)));
        } else {
            p.catastrophe_on_empty(square);
        }
        if hit == Some(Colour::Red) {
            p.return_leaders_without_temple(ev);
        }
    }
}

impl Public {
    /// T11: leaders with no adjacent face-up temple go back to supply.
    pub(super) fn return_leaders_without_temple(&mut self, ev: &mut impl EventSink<Event>) {
        let near_temple = self.temple_neighbourhood();
        if self.leader_squares().is_subset(&near_temple) {
            return;
        }
        let mut returned = Squares::EMPTY;
        for seat in Seat::all(self.seats()) {
            for c in Colour::ALL {
                if let Some(q) = self.leaders[seat.index()][c.index()] {
                    if !near_temple.contains(sp(q)) {
                        self.set_leader(seat, c, None);
                        returned.insert(sp(q));
                        ev.push(Event::LeaderReturned {
                            seat,
                            colour: c,
                            square: q,
                            cause: ReturnCause::NoTemple,
                        });
                    }
                }
            }
        }
        if !returned.is_empty() {
            self.regions_lose(returned);
        }
    }
}
