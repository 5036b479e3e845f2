//! Internal and external conflicts (C8, C9, C14).

use super::*;

impl Cards {
    /// A card goes face down into link slot `l`: external conflicts, then treasures.
    pub(super) fn join(&mut self, colour: Colour, l: u8) {
        let p = &mut self.public;
        let left = p.kingdom(l, false);
        let right = p.kingdom(l + 1, false);
        p.set_link(l as usize, Some((colour, false)));
        let mut conflicts = 0u8;
        for c in Colour::ALL {
            let leaders = p.masks.leaders[c.index()];
            if leaders & left != 0 && leaders & right != 0 {
                conflicts |= 1 << c.index();
            }
        }
        p.conflicts = conflicts;
        p.joining = Some(l);
    }

    pub(super) fn start_external(&mut self, colour: Colour, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        p.conflicts &= !(1 << colour.index());
        let Some(l) = p.joining else { return };
        let sides = [p.kingdom(l, false), p.kingdom(l + 1, false)];
        let holders: SmallVec<[(Seat, usize); 2]> = sides
            .iter()
            .filter_map(|&s| p.leader_in(s, colour))
            .collect();
        let [(a, _), (b, _)] = holders.as_slice() else {
            return;
        };
        let involved: SeatSet = [*a, *b].into_iter().collect();
        let Some(attacker) = p.active.first_clockwise_among(p.seats(), involved) else {
            return;
        };
        let defender = if attacker == *a { *b } else { *a };
        let side_of = |s: Seat| {
            sides
                .iter()
                .find(|&&side| p.leader_in(side, colour).is_some_and(|(o, _)| o == s))
        };
        // The leader's strength: the cards of its colour on its side.
        let base = |s: Seat| {
            side_of(s).map_or(0, |side| {
                (side & p.masks.civ[colour.index()]).count_ones() as u8
            })
        };
        let conflict = Conflict {
            kind: ConflictKind::External,
            colour,
            attacker,
            defender,
            attacker_base: base(attacker),
            defender_base: base(defender),
            attacker_commit: None,
        };
        ev.push(conflict.started());
        p.conflict = Some(conflict);
    }

    pub(super) fn commit(&mut self, n: u8, ev: &mut impl EventSink<Event>) {
        let Some(mut conflict) = self.public.conflict else {
            return;
        };
        let colour = conflict.support_colour();
        match conflict.attacker_commit {
            None => {
                self.take_from_hand(conflict.attacker, colour, n);
                conflict.attacker_commit = Some(n);
                self.public.conflict = Some(conflict);
            }
            Some(a) => {
                self.take_from_hand(conflict.defender, colour, n);
                self.public.conflict = None;
                self.resolve(conflict, a, n, ev);
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
        let colour = conflict.colour;
        let support = conflict.support_colour();
        let (winner, loser) = if conflict.attacker_base + attacker_commit
            > conflict.defender_base + defender_commit
        {
            (conflict.attacker, conflict.defender)
        } else {
            (conflict.defender, conflict.attacker)
        };
        let committed = attacker_commit + defender_commit;
        ev.push(Event::ConflictResolved {
            colour,
            attacker_total: conflict.attacker_base + attacker_commit,
            defender_total: conflict.defender_base + defender_commit,
            winner,
            committed,
        });
        if committed > 0 {
            // The winner banks one committed card; the others are discarded.
            self.bank(winner, Card::Civ(support), ev);
            self.public.discarded += committed as u16 - 1;
        } else {
            self.public.bank_offer = Some((winner, support));
        }
        let p = &mut self.public;
        let Some(loser_index) = p.leader_index(loser, colour) else {
            return;
        };
        p.set_leader(loser_index, None);
        let loser_at = place(loser_index);
        ev.push(Event::LeaderReturned {
            seat: loser,
            colour,
            from: loser_at,
        });
        if conflict.kind == ConflictKind::External {
            // C9, C14: the loser's cards go to the winner's pile once the winner has banked
            // (or declined to bank) a card, which goes onto the pile first.
            p.spoils = Some((winner, colour, Public::column_of(loser_at)));
        }
    }

    /// C9: every card of `colour` in the kingdom (on its side of the face-down link) holding
    /// `column`, except the treasure* and cards holding a leader, goes to `winner`'s pile.
    pub(super) fn take_spoils(
        &mut self,
        winner: Seat,
        colour: Colour,
        column: u8,
        ev: &mut impl EventSink<Event>,
    ) {
        let p = &mut self.public;
        let side = p.kingdom(column, false);
        let mut won = 0;
        let mut rows: [SmallVec<[usize; 8]>; COLUMNS] = Default::default();
        let mut cards = side & p.masks.civ[colour.index()] & p.masks.free & !board::HEADS;
        while cards != 0 {
            let i = cards.trailing_zeros() as usize;
            cards &= cards - 1;
            match place(i) {
                Place::Column(_, 0) => {}
                Place::Column(c, r) => {
                    rows[c as usize].push(r as usize);
                    won += 1;
                }
                Place::Link(l) => {
                    p.set_link(l as usize, None);
                    won += 1;
                }
            }
        }
        for (c, r) in rows.iter().enumerate() {
            if !r.is_empty() {
                p.remove_rows(c, r);
            }
        }
        if won > 0 {
            ev.push(Event::CardsWon {
                seat: winner,
                colour,
                count: won,
            });
        }
        for _ in 0..won {
            self.piles.push(winner.index(), Card::Civ(colour));
        }
    }
}
