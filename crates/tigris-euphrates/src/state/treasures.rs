//! Treasures: which trader may take which, and taking them.

use mesopotamia_core::{Colour, EventSink, Seat};

use super::{Public, Tigris, sp};
use crate::board::{Square, Squares};
use crate::event::Event;

impl Public {
    /// The first kingdom (clockwise from the active seat's trader) holding a trader and
    /// two or more treasures: its owner and the treasures he may take next.
    pub(super) fn treasure_due(&self) -> Option<(Seat, Squares)> {
        if self.treasures.len() < 2 {
            return None;
        }
        for seat in self.active.clockwise(self.seats()) {
            let Some(trader) = self.leaders[seat.index()][Colour::Green.index()] else {
                continue;
            };
            let kingdom = self.region_of(sp(trader));
            let held = kingdom & self.treasures;
            if held.len() >= 2 {
                let framed = held & self.board().framed();
                return Some((seat, if framed.is_empty() { held } else { framed }));
            }
        }
        None
    }
}

impl Tigris {
    pub(super) fn take_treasure(
        &mut self,
        owner: Seat,
        square: Square,
        ev: &mut impl EventSink<Event>,
    ) {
        let p = &mut self.public;
        p.treasures.remove(sp(square));
        p.treasures_taken[owner.index()] += 1;
        ev.push(Event::TreasureTaken {
            seat: owner,
            square,
        });
    }
}
