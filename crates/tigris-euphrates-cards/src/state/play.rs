//! Playing an action: leaders, cards, catastrophes, banking (C3 to C6).

use super::*;

impl Cards {
    pub(super) fn bank(&mut self, seat: Seat, card: Card, ev: &mut impl EventSink<Event>) {
        self.piles.push(seat.index(), card);
        ev.push(Event::Banked { seat, card });
    }

    pub(super) fn play(&mut self, action: Action, ev: &mut impl EventSink<Event>) {
        let active = self.public.active;
        match action {
            Action::Pass => self.public.actions_left = 0,
            Action::Leader(colour, at) => {
                self.public.actions_left -= 1;
                self.place_leader(active, colour, at, ev);
            }
            Action::Column(colour, c) => {
                self.public.actions_left -= 1;
                self.take_from_hand(active, colour, 1);
                let p = &mut self.public;
                p.push_piece(c as usize, Piece::Card(colour));
                let kingdom = p.kingdom(c, true);
                let scorer = p
                    .leader_in(kingdom, colour)
                    .or_else(|| p.leader_in(kingdom, Colour::Black));
                p.bank_offer = scorer.map(|(seat, _)| (seat, colour));
                p.boat_column = Some(c);
            }
            Action::Link(colour, l) => {
                self.public.actions_left -= 1;
                self.take_from_hand(active, colour, 1);
                self.join(colour, l);
            }
            Action::Catastrophe(at) => {
                self.public.actions_left -= 1;
                let p = &mut self.public;
                p.catastrophe_left[active.index()] = false;
                match at {
                    Place::Column(c, r) => {
                        p.remove_rows(c as usize, &[r as usize]);
                    }
                    Place::Link(l) => p.set_link(l as usize, None),
                }
                p.discarded += 1;
                ev.push(Event::Catastrophe { at });
            }
            Action::Bank => {
                if let Some((seat, colour)) = self.public.bank_offer.take() {
                    self.take_from_hand(seat, colour, 1);
                    self.bank(seat, Card::Civ(colour), ev);
                }
            }
            Action::Decline => match self.public.pending {
                Pending::Bank(..) => self.public.bank_offer = None,
                Pending::Treasure(_) => self.public.treasure_slot = None,
                _ => self.public.boat_column = None,
            },
            Action::Support(n) => self.commit(n, ev),
            Action::Conflict(colour) => self.start_external(colour, ev),
            Action::Boat(b) => self.build_boat(b, ev),
            Action::Treasure(c) => {
                if let Pending::Treasure(owner) = self.public.pending {
                    self.take_from_hand(owner, Colour::Red, 1);
                    self.public.treasure_heads[c as usize] = false;
                    ev.push(Event::TreasureTaken {
                        seat: owner,
                        column: c,
                    });
                    self.bank(owner, Card::Treasure, ev);
                }
            }
        }
        self.settle(ev);
    }

    pub(super) fn take_from_hand(&mut self, seat: Seat, colour: Colour, n: u8) {
        self.hands[seat.index()][colour] -= n;
        self.public.hand_sizes[seat.index()] -= n;
    }

    pub(super) fn place_leader(
        &mut self,
        seat: Seat,
        colour: Colour,
        at: Place,
        ev: &mut impl EventSink<Event>,
    ) {
        let p = &mut self.public;
        let at = at.index();
        if let Some(from) = p.leader_index(seat, colour) {
            p.set_leader(from, None);
        }
        p.set_leader(at, Some(Leader { seat, colour }));
        let kingdom = p.kingdom(Public::column_of_index(at), true);
        // The leader it joins, if any (at rest, a kingdom holds one leader of a colour).
        let defender = p.leader_in(kingdom & !board::bit_of(at), colour);
        if let Some((defender, defender_at)) = defender {
            // C8: +1 for a leader standing on a red card (temple or treasure*).
            let on_red =
                |i: usize| u8::from(p.masks.civ[Colour::Red.index()] & board::bit_of(i) != 0);
            let conflict = Conflict {
                kind: ConflictKind::Internal,
                colour,
                attacker: seat,
                defender,
                attacker_base: on_red(at),
                defender_base: on_red(defender_at),
                attacker_commit: None,
            };
            ev.push(conflict.started());
            p.conflict = Some(conflict);
        }
    }
}
