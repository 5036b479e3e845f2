//! The flow of the game: draws, settling to the next decision, the end of the turn and
//! scoring.

use mesopotamia_core::scoring::weakest_colour_key;
use mesopotamia_core::{Colour, ColourMap, EventSink, Game, NoEvents, Seat};
use smallvec::SmallVec;

use super::{
    ACTIONS_PER_TURN, AfterDraws, AfterPlacement, END_TREASURES, HAND_SIZE, Pending, Public,
    Tigris, TigrisError, sp, sq,
};
use crate::action::{self, Action, Chance, Monument};
use crate::event::Event;

impl Tigris {
    pub(super) fn draw(
        &mut self,
        Chance(colour): Chance,
        ev: &mut impl EventSink<Event>,
    ) -> Result<(), TigrisError> {
        let Pending::Draw(seat) = self.public.pending else {
            return Err(TigrisError::NoDraw(self.to_move()));
        };
        self.bag
            .take(colour, 1)
            .map_err(|_| TigrisError::NotInBag(colour))?;
        let s = seat.index();
        self.hands[s][colour] += 1;
        self.public.hand_sizes[s] += 1;
        self.public.bag_size -= 1;
        self.public.draws[s] -= 1;
        // Settling finds the first seat clockwise from the active one with draws left:
        // still this one while it has some and the bag holds tiles (the seats before it
        // have none), so most draws need no settling.
        if self.public.draws[s] > 0 && !self.bag.is_empty() {
            debug_assert!(
                self.public
                    .active
                    .clockwise(self.public.seats())
                    .take_while(|&other| other != seat)
                    .all(|other| self.public.draws[other.index()] == 0)
            );
            return Ok(());
        }
        self.settle(ev);
        Ok(())
    }

    /// Settles a freshly built state (from a position, its regions worked out) to its next
    /// decision.
    pub(crate) fn settle_now(&mut self) {
        self.settle(&mut NoEvents);
    }

    /// Moves the game on to the next decision, applying forced ones.
    pub(super) fn settle(&mut self, ev: &mut impl EventSink<Event>) {
        self.settle_to_decision(ev);
        if self.public.pending == Pending::Action {
            self.public.keep_temple_land();
            self.public.keep_leader_moves();
        }
    }

    fn settle_to_decision(&mut self, ev: &mut impl EventSink<Event>) {
        loop {
            let p = &mut self.public;
            if p.pending == Pending::Over {
                return;
            }
            if p.after_draws != AfterDraws::Nothing {
                if p.draws.iter().any(|&d| d > 0) {
                    if self.bag.is_empty() {
                        p.bag_exhausted = true;
                        p.draws = [0; 4];
                        ev.push(Event::BagExhausted);
                    } else {
                        let draws = p.draws;
                        let seat = p
                            .active
                            .clockwise(p.seats())
                            .find(|s| draws[s.index()] > 0)
                            .expect("some seat draws");
                        p.pending = Pending::Draw(seat);
                        return;
                    }
                }
                match core::mem::replace(&mut p.after_draws, AfterDraws::Nothing) {
                    AfterDraws::Setup => {
                        p.actions_left = ACTIONS_PER_TURN;
                        p.pending = Pending::Action;
                        return;
                    }
                    AfterDraws::EndOfTurn => {
                        if p.bag_exhausted {
                            // T13: a refill the bag could not serve ends the game by the
                            // rules, even on the turn that reaches the limit (rule G2).
                            p.pending = Pending::Over;
                            ev.push(Event::GameEnded);
                        } else if p.turn.saturating_add(1) >= p.config.turn_limit {
                            // Rule G1: the turn that reaches the limit ends the game,
                            // after its refills, scored as usual.
                            p.pending = Pending::Over;
                            p.ended_on_limit = true;
                            ev.push(Event::TurnLimitReached {
                                turns: p.config.turn_limit,
                            });
                            ev.push(Event::GameEnded);
                        } else {
                            p.active = p.active.next(p.seats());
                            p.actions_left = ACTIONS_PER_TURN;
                            p.turn += 1;
                            p.pending = Pending::Action;
                        }
                        return;
                    }
                    AfterDraws::Swap | AfterDraws::Nothing => {}
                }
            }
            if let Some(conflict) = p.conflict {
                let seat = if conflict.attacker_commit.is_none() {
                    conflict.attacker
                } else {
                    conflict.defender
                };
                let mask = p.support_options(
                    &conflict,
                    seat,
                    self.hands[seat.index()][conflict.support_colour()],
                );
                if mask.count_ones() == 1 {
                    let n = mask.trailing_zeros() as u8;
                    ev.push(Event::Forced {
                        seat,
                        action: Action::raw(action::SUPPORT + n as u16),
                    });
                    self.commit(n, ev);
                    continue;
                }
                p.pending = Pending::Support(seat);
                return;
            }
            if p.wars != 0 {
                self.drop_vanished_wars(ev);
                let p = &mut self.public;
                match p.wars.count_ones() {
                    0 => {}
                    1 => {
                        let c = Colour::from_index(p.wars.trailing_zeros() as usize)
                            .expect("colour bit");
                        ev.push(Event::Forced {
                            seat: p.active,
                            action: Action::raw(action::WAR + c.index() as u16),
                        });
                        self.start_war(c, ev);
                    }
                    _ => {
                        p.pending = Pending::WarOrder;
                        return;
                    }
                }
                continue;
            }
            p.unification = None;
            // T16's order after a placement: monument, ziggurat, building.
            if let Some((tile, step)) = p.placed {
                match step {
                    AfterPlacement::Monument => {
                        let mut options = SmallVec::new();
                        p.monument_options(&mut options);
                        if !options.is_empty() {
                            p.pending = Pending::Monument;
                            return;
                        }
                        p.placed = Some((tile, AfterPlacement::Ziggurat));
                    }
                    AfterPlacement::Ziggurat => {
                        if !p.ziggurat_options().is_empty() {
                            p.pending = Pending::Ziggurat;
                            return;
                        }
                        p.placed = Some((tile, AfterPlacement::Building));
                    }
                    AfterPlacement::Building => {
                        if !p.building_options().is_empty() {
                            p.pending = Pending::Building;
                            return;
                        }
                        p.placed = None;
                    }
                }
                continue;
            }
            let due = if p.regions.treasure_check {
                p.treasure_due()
            } else {
                None
            };
            if due.is_none() {
                p.regions.treasure_check = false;
            }
            if let Some((owner, options)) = due {
                if options.len() == 1 {
                    let s = sq(options.first().expect("one option"));
                    ev.push(Event::Forced {
                        seat: owner,
                        action: Action::raw(action::TREASURE + s.index() as u16),
                    });
                    self.take_treasure(owner, s, ev);
                    continue;
                }
                p.pending = Pending::Treasure(owner);
                return;
            }
            if p.ziggurat_vp_due {
                p.pending = Pending::ZigguratVp;
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

    /// End of turn (T12): monument VP, then the ziggurat's VP (a decision), then
    /// [`Self::finish_turn`].
    fn end_turn(&mut self, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        let active = p.active;
        for m in Monument::ALL {
            let Some(corner) = p.monuments[m.index()] else {
                continue;
            };
            let kingdom = p.region_of(sp(corner));
            let (c1, c2) = m.colours();
            for c in [c1, c2] {
                if p.leaders[active.index()][c.index()].is_some_and(|q| kingdom.contains(sp(q))) {
                    p.vp[active.index()][c] += 1;
                    ev.push(Event::Vp {
                        seat: active,
                        colour: c,
                        amount: 1,
                    });
                }
            }
        }
        if let Some(centre) = p.ziggurat {
            let kingdom = p.region_of(sp(centre));
            if p.leaders[active.index()][Colour::Black.index()]
                .is_some_and(|q| kingdom.contains(sp(q)))
            {
                p.ziggurat_vp_due = true;
                return;
            }
        }
        self.finish_turn(ev);
    }

    /// The rest of the end of turn: the end of the game by the rules, or refills (after
    /// which the turn limit may end it).
    pub(super) fn finish_turn(&mut self, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        let active = p.active;
        ev.push(Event::TurnEnded { seat: active });
        if p.treasures.len() <= END_TREASURES || p.bag_exhausted {
            p.pending = Pending::Over;
            ev.push(Event::GameEnded);
            return;
        }
        // T12: the refills, on the turn that reaches the limit too: one the bag cannot
        // serve ends the game by the rules (T13, rule G2). The limit is checked once
        // they are done.
        for s in 0..p.seats() {
            p.draws[s] = HAND_SIZE.saturating_sub(p.hand_sizes[s]);
        }
        p.after_draws = AfterDraws::EndOfTurn;
    }
}

/// Scoring.
impl Public {
    /// What the final ranking compares for `seat` (T14): its VP per colour with each
    /// treasure added to the weakest, sorted ascending. The game's standings rank these.
    pub fn standing_key(&self, seat: Seat) -> [u32; 4] {
        weakest_colour_key(self.vp(seat), self.treasures_taken(seat) as u32)
    }
    /// A seat's score (T14): the VP of its weakest colour once its treasures are added where
    /// they help most, the figure the standings compare first and a front end shows. 0 for
    /// a seat not at the table.
    pub fn score(&self, seat: Seat) -> u32 {
        self.standing_key(seat)[0]
    }
    /// The monument VP (T10) the active seat will score at the end of the turn in
    /// progress if the board stays as it is; nothing once they are paid (or between turns).
    pub fn monument_vp_to_come(&self) -> ColourMap<u16> {
        let mut due = ColourMap::<u16>::default();
        let in_turn = match self.pending {
            Pending::Draw(_) => self.after_draws == AfterDraws::Swap,
            Pending::ZigguratVp | Pending::Over => false,
            _ => true,
        };
        if !in_turn {
            return due;
        }
        let leaders = self.leaders[self.active.index()];
        for m in Monument::ALL {
            let Some(corner) = self.monuments[m.index()] else {
                continue;
            };
            let kingdom = self.region_of(sp(corner));
            let (c1, c2) = m.colours();
            for c in [c1, c2] {
                if leaders[c.index()].is_some_and(|q| kingdom.contains(sp(q))) {
                    due[c] += 1;
                }
            }
        }
        due
    }
}

#[cfg(test)]
mod tests {
    use mesopotamia_core::rand_core::SeedableRng;
    use mesopotamia_core::{ColourMap, Game, ToMove};
    use rand_chacha::ChaCha8Rng;

    use super::super::{AfterDraws, Pending};
    use crate::event::Event;
    use crate::{Config, Tigris};

    /// What the end of the turn would pay the active seat in monument VP if it came now.
    fn monument_vp_paid_now(game: &Tigris) -> ColourMap<u16> {
        let mut ended = game.clone();
        let mut events = Vec::new();
        ended.end_turn(&mut events);
        let mut paid = ColourMap::<u16>::default();
        // The monument VP are the end of turn's first events; the ziggurat's come later,
        // as a decision.
        for event in events {
            match event {
                Event::Vp {
                    seat,
                    colour,
                    amount,
                } if seat == game.public.active => {
                    paid[colour] += amount;
                }
                _ => break,
            }
        }
        paid
    }

    /// The bots' look-ahead `monument_vp_to_come` is what the end of the turn in progress
    /// pays if the board stays as it is, and nothing between turns (the refills, the
    /// ziggurat's VP, the end) once that has been paid.
    #[test]
    fn monument_vp_to_come_is_what_the_end_of_turn_pays() {
        let (mut due_in_turn, mut due_in_swap, mut paid_already) = (0, 0, 0);
        for seed in 0..40u64 {
            let players = 2 + (seed % 3) as u8;
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Tigris::new(Config::new(players)).unwrap();
            loop {
                let p = &game.public;
                let to_come = p.monument_vp_to_come();
                let between_turns = match p.pending {
                    Pending::Draw(_) => p.after_draws != AfterDraws::Swap,
                    Pending::ZigguratVp | Pending::Over => true,
                    _ => false,
                };
                let paid_now = monument_vp_paid_now(&game);
                let owed: u16 = paid_now.values().iter().sum();
                if between_turns {
                    assert_eq!(
                        to_come,
                        ColourMap::default(),
                        "seed {seed}: {:?}",
                        p.pending
                    );
                    paid_already += usize::from(owed > 0 && p.pending != Pending::Over);
                } else {
                    assert_eq!(to_come, paid_now, "seed {seed}: {:?}", p.pending);
                    due_in_turn += usize::from(owed > 0);
                    due_in_swap += usize::from(owed > 0 && matches!(p.pending, Pending::Draw(_)));
                }
                match game.to_move() {
                    ToMove::Terminal => break,
                    ToMove::Chance => {
                        game.play_chance_random(&mut rng, &mut Vec::new()).unwrap();
                    }
                    _ => {
                        game.play_sampled(&mut rng);
                    }
                }
            }
        }
        // Not vacuous: monument VP were due in turns (during a swap's draws too), and due
        // again between turns, where they had been paid.
        assert!(due_in_turn > 100, "{due_in_turn}");
        assert!(due_in_swap > 0, "{due_in_swap}");
        assert!(paid_already > 10, "{paid_already}");
    }
}
