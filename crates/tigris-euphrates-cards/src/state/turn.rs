//! Moving on to the next decision, the end of a turn and of the game, scoring (C10 to C13).

use super::*;

impl Cards {
    /// Settles a state built from a position to its next decision.
    pub(crate) fn settle_now(&mut self) {
        self.settle(&mut NoEvents);
    }

    /// Moves on to the next decision.
    pub(super) fn settle(&mut self, ev: &mut impl EventSink<Event>) {
        loop {
            let p = &mut self.public;
            let n = p.seats();
            if p.removals_left > 0 {
                p.pending = Pending::Remove;
                return;
            }
            // Draws from the active seat clockwise.
            if p.draws != [0; 4] {
                let mut s = p.active.index();
                for _ in 0..n.min(4) {
                    if s >= n.min(4) {
                        s = 0;
                    }
                    if p.draws[s] > 0 {
                        p.pending = Pending::Draw(Seat::new(s).unwrap_or(p.active));
                        return;
                    }
                    s += 1;
                }
            }
            if p.ending_turn {
                p.ending_turn = false;
                p.active = p.active.next(n);
                p.actions_left = 2;
                p.turn += 1;
            }
            if let Some((seat, colour)) = p.bank_offer {
                if self.hands[seat.index()][colour] > 0 {
                    self.public.pending = Pending::Bank(seat, colour);
                    return;
                }
                self.public.bank_offer = None;
                continue;
            }
            let p = &mut self.public;
            if let Some((winner, colour, column)) = p.spoils.take() {
                self.take_spoils(winner, colour, column, ev);
                continue;
            }
            let p = &mut self.public;
            if let Some(conflict) = p.conflict {
                let seat = if conflict.attacker_commit.is_none() {
                    conflict.attacker
                } else {
                    conflict.defender
                };
                if self.hands[seat.index()][conflict.support_colour()] == 0 {
                    ev.push(Event::Forced {
                        seat,
                        action: Action::Support(0),
                    });
                    self.commit(0, ev);
                    continue;
                }
                self.public.pending = Pending::Support(seat);
                return;
            }
            if p.conflicts != 0 {
                // Drop the conflicts whose leaders no longer share the joined kingdom.
                if let Some(l) = p.joining {
                    let kingdom = p.kingdom(l, true);
                    for c in Colour::ALL {
                        let count = (p.masks.leaders[c.index()] & kingdom).count_ones();
                        if count < 2 && p.conflicts & (1 << c.index()) != 0 {
                            p.conflicts &= !(1 << c.index());
                            ev.push(Event::ConflictVanished { colour: c });
                        }
                    }
                }
                match p.conflicts.count_ones() {
                    0 => {}
                    1 => {
                        let c = Colour::from_index(p.conflicts.trailing_zeros() as usize)
                            .expect("a colour bit");
                        ev.push(Event::Forced {
                            seat: p.active,
                            action: Action::Conflict(c),
                        });
                        self.start_external(c, ev);
                    }
                    _ => {
                        p.pending = Pending::ConflictOrder;
                        return;
                    }
                }
                continue;
            }
            if let Some(l) = p.joining.take() {
                if let Some(&Some((colour, _))) = p.links.get(l as usize) {
                    p.set_link(l as usize, Some((colour, true)));
                    p.treasure_slot = Some(l);
                    ev.push(Event::LinkTurned { slot: l });
                }
                continue;
            }
            if p.treasure_slot.is_some() {
                if let Some(slot) = p.treasure_slot {
                    if let Some((owner, _)) = p.leader_in(p.kingdom(slot, false), Colour::Green) {
                        if self.treasure_columns(slot).count_ones() >= 2 {
                            self.public.pending = Pending::Treasure(owner);
                            return;
                        }
                    }
                }
                self.public.treasure_slot = None;
                continue;
            }
            if p.boat_column.is_some() {
                if self.boat_choices() == 0 {
                    self.public.boat_column = None;
                    continue;
                }
                self.public.pending = Pending::Boat;
                return;
            }
            let p = &mut self.public;
            if p.over {
                if p.pending != Pending::Over {
                    ev.push(Event::GameEnded);
                }
                p.pending = Pending::Over;
                return;
            }
            if p.actions_left == 0 {
                self.end_turn(ev);
                continue;
            }
            p.pending = Pending::Action;
            return;
        }
    }

    pub(super) fn end_turn(&mut self, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        let active = p.active;
        // C10: each leader of the active seat in a kingdom with a boat of its colour.
        if p.boat_banking == 0 && !p.ending_turn && p.masks.boats != [0; 4] {
            let mut mask = 0u8;
            for c in Colour::ALL {
                let Some(at) = p.leader_index(active, c) else {
                    continue;
                };
                let kingdom = p.kingdom_columns(Public::column_of_index(at), true);
                if kingdom & p.masks.boats[c.index()] != 0 {
                    mask |= 1 << c.index();
                }
            }
            p.boat_banking = mask | 0x80;
        }
        let remaining = p.boat_banking & 0x0F;
        if remaining != 0 {
            let c = Colour::from_index(remaining.trailing_zeros() as usize).expect("a colour bit");
            p.boat_banking &= !(1 << c.index());
            p.bank_offer = Some((active, c));
            return;
        }
        p.boat_banking = 0;
        ev.push(Event::TurnEnded { seat: active });
        // C11: end of the game, or refills from the active seat clockwise.
        let needed: u16 = (0..p.seats())
            .map(|s| (HAND - p.hand_sizes[s].min(HAND)) as u16)
            .sum();
        // Rule C13: once every column holds 8 pieces (boats included) and every link slot
        // is filled, no card can be played and the game could never end; it ends at the end
        // of that turn, without the refill.
        let full = p.masks.lens.iter().all(|&len| len as usize == COLUMN_CARDS)
            && p.masks.links_any == 0x7F;
        if p.treasures_on_display() <= 1 || needed > p.deck_size || full {
            p.over = true;
            return;
        }
        // Rule G1: the turn that reaches the limit ends the game, scored as usual.
        if p.turn.saturating_add(1) >= p.config.turn_limit {
            p.over = true;
            p.ended_on_limit = true;
            ev.push(Event::TurnLimitReached {
                turns: p.config.turn_limit,
            });
            return;
        }
        for s in 0..p.seats() {
            p.draws[s] = HAND - p.hand_sizes[s].min(HAND);
        }
        p.ending_turn = true;
    }

    /// Plays an action and appends what happened to `events`; refused actions leave the
    /// game as it was.
    pub fn apply_with_events(
        &mut self,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), CardsError> {
        if let Some(reason) = self.why_illegal(action) {
            return Err(CardsError::Illegal { action, reason });
        }
        self.play(action, events);
        Ok(())
    }

    /// Resolves the pending chance event and appends what happened to `events`.
    pub fn apply_chance_with_events(
        &mut self,
        outcome: Chance,
        ev: &mut impl EventSink<Event>,
    ) -> Result<(), CardsError> {
        let (colour, ok) = match (self.public.pending, outcome) {
            (Pending::Remove, Chance::Remove(c)) => (c, true),
            (Pending::Draw(_), Chance::Draw(c)) => (c, true),
            (_, Chance::Remove(c) | Chance::Draw(c)) => (c, false),
        };
        if !ok || self.deck.take(colour, 1).is_err() {
            return Err(CardsError::Chance(outcome));
        }
        self.public.deck_size -= 1;
        match self.public.pending {
            Pending::Draw(seat) => {
                self.hands[seat.index()][colour] += 1;
                self.public.hand_sizes[seat.index()] += 1;
                self.public.draws[seat.index()] -= 1;
            }
            _ => {
                self.removed[colour] += 1;
                self.public.removals_left -= 1;
            }
        }
        self.settle(ev);
        Ok(())
    }

    /// A seat's score: the cards of the weakest colour in its VP pile once its treasures are
    /// added where they help most, the figure the standings compare first. The state knows
    /// every pile; with closed piles the other seats' views do not show it. 0 for a seat not
    /// at the table.
    pub fn score(&self, seat: Seat) -> u32 {
        self.keys().get(seat.index()).map_or(0, |key| key[0])
    }

    /// Final scores: colour counts of each pile with treasures wild, as the core ranks them.
    pub fn keys(&self) -> Vec<[u32; 4]> {
        (0..self.public.seats())
            .map(|s| {
                let mut counts = ColourMap::splat(0u32);
                let mut treasures = 0;
                for card in self.piles.get(s) {
                    match card {
                        Card::Civ(c) => counts[*c] += 1,
                        Card::Treasure => treasures += 1,
                    }
                }
                weakest_colour_key(counts, treasures)
            })
            .collect()
    }
}
