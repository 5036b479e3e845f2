//! Treasures and boats (C7, C10).

use super::*;

impl Cards {
    /// The columns (bit per column) heading the kingdom of link slot `slot` with their
    /// treasure, if the trader there has an owner with a red card to replace one; else none.
    pub(super) fn treasure_columns(&self, slot: u8) -> u8 {
        let p = &self.public;
        let Some((owner, _)) = p.leader_in(p.kingdom(slot, false), Colour::Green) else {
            return 0;
        };
        if self.hands[owner.index()][Colour::Red] == 0 {
            return 0;
        }
        let columns = p.kingdom_columns(slot, false);
        let mut heads = 0u8;
        for c in 0..COLUMNS {
            if columns & (1 << c) != 0 && p.treasure_heads[c] {
                heads |= 1 << c;
            }
        }
        heads
    }

    /// The rows (1-based, the 4 lowest) of the lowest run of 4 or more consecutive cards of
    /// one colour in the boat column from which `boat` can be built (C10: blue runs build
    /// any boat, other runs only the blue-that-colour boat).
    pub(super) fn boat_run(&self, boat: Boat) -> Option<[usize; 4]> {
        let p = &self.public;
        let c = p.boat_column? as usize;
        let len = p.column_len(c);
        let mut end = len;
        while end >= 4 {
            let Some(Piece::Card(colour)) = p.columns[c][end - 1] else {
                end -= 1;
                continue;
            };
            let run = p.columns[c][..end]
                .iter()
                .rev()
                .take_while(|x| **x == Some(Piece::Card(colour)))
                .count();
            if run >= 4 && (colour == Colour::Blue || boat.other() == colour) {
                return Some([end - 3, end - 2, end - 1, end]);
            }
            end -= run.max(1);
        }
        None
    }

    pub(super) fn build_boat(&mut self, boat: Boat, ev: &mut impl EventSink<Event>) {
        let Some(rows) = self.boat_run(boat) else {
            return;
        };
        let p = &mut self.public;
        let Some(c) = p.boat_column.take() else {
            return;
        };
        let c = c as usize;
        // C10: leaders on the four cards return to their owners.
        for &r in &rows {
            let from = Place::Column(c as u8, r as u8);
            if let Some(l) = p.leaders[from.index()] {
                ev.push(Event::LeaderReturned {
                    seat: l.seat,
                    colour: l.colour,
                    from,
                });
            }
        }
        p.remove_rows(c, &rows);
        // The boat takes the place of the run's four lowest cards: the cards below move up
        // behind it.
        let at = rows[0] - 1;
        for k in (at..COLUMN_CARDS - 1).rev() {
            p.columns[c][k + 1] = p.columns[c][k];
            let (from, to) = (
                Place::Column(c as u8, k as u8 + 1).index(),
                Place::Column(c as u8, k as u8 + 2).index(),
            );
            p.leaders[to] = p.leaders[from];
        }
        p.columns[c][at] = Some(Piece::Boat(boat));
        p.leaders[Place::Column(c as u8, at as u8 + 1).index()] = None;
        p.rebuild();
        p.boats_left[boat as usize] = false;
        p.discarded += 4;
        ev.push(Event::BoatBuilt {
            boat,
            column: c as u8,
        });
    }
}
