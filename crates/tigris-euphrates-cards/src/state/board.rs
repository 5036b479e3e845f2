//! The display as bit masks over its 79 places (bit `i` is [`Place::from_index`]`(i)`), and
//! the kingdoms, read from a table indexed by the pattern of link slots that join.
//!
//! A kingdom is a run of columns joined by link cards, with those link slots: with 7 link
//! slots there are only 2^7 patterns, and [`KINGDOMS`] holds, for each pattern, the places of
//! the kingdom holding each column. The masks of [`Masks`] are kept up to date by every change
//! of the display (or rebuilt from it, for the rare changes that remove cards).

use super::{Leader, Piece, Public};
use crate::action::{COLUMN_CARDS, COLUMNS, LINKS, PLACES, Place};
use mesopotamia_core::{Colour, Seat};
use smallvec::SmallVec;

/// Places per column: the treasure* and the rows below it.
const COLUMN_PLACES: usize = COLUMN_CARDS + 1;

/// The bit of place index `i`.
pub(super) const fn bit(i: usize) -> u128 {
    1u128 << i
}

/// The places of column `c`: its treasure* and the 8 rows below it.
pub(super) const fn column_bits(c: usize) -> u128 {
    ((1u128 << COLUMN_PLACES) - 1) << (c * COLUMN_PLACES)
}

/// The place index of link slot `l`.
pub(super) const fn link_index(l: usize) -> usize {
    COLUMNS * COLUMN_PLACES + l
}

/// The treasures* heading the columns (row 0).
pub(super) const HEADS: u128 = {
    let mut m = 0;
    let mut c = 0;
    while c < COLUMNS {
        m |= bit(c * COLUMN_PLACES);
        c += 1;
    }
    m
};

/// For each pattern of link slots that join (bit `l`: slot `l`), the places of the kingdom
/// holding each column: the run of joined columns and the link slots between them.
static KINGDOMS: [[u128; COLUMNS]; 1 << LINKS] = {
    let mut out = [[0; COLUMNS]; 1 << LINKS];
    let mut pattern = 0;
    while pattern < 1 << LINKS {
        let mut start = 0;
        while start < COLUMNS {
            let mut end = start;
            let mut mask = column_bits(start);
            while end < LINKS && pattern & (1 << end) != 0 {
                mask |= bit(link_index(end)) | column_bits(end + 1);
                end += 1;
            }
            let mut c = start;
            while c <= end {
                out[pattern][c] = mask;
                c += 1;
            }
            start = end + 1;
        }
        pattern += 1;
    }
    out
};

/// The columns (bit per column) whose places a mask touches... by their treasure*.
pub(super) fn columns_of(mask: u128) -> u8 {
    let mut out = 0;
    for c in 0..COLUMNS {
        if mask & bit(c * COLUMN_PLACES) != 0 {
            out |= 1 << c;
        }
    }
    out
}

/// The index of the `n`-th (from 0) set bit of `mask`, lowest first; `n` below the count.
pub(super) fn nth_bit(mask: u128, n: u32) -> usize {
    let low = mask as u64;
    let below = low.count_ones();
    if n < below {
        nth_bit64(low, n) as usize
    } else {
        64 + nth_bit64((mask >> 64) as u64, n - below) as usize
    }
}

fn nth_bit64(mut x: u64, mut n: u32) -> u32 {
    let mut base = 0;
    for width in [32u32, 16, 8] {
        let low = x & ((1u64 << width) - 1);
        let count = low.count_ones();
        if n >= count {
            n -= count;
            x >>= width;
            base += width;
        } else {
            x = low;
        }
    }
    for _ in 0..n {
        x &= x.wrapping_sub(1);
    }
    base + x.trailing_zeros()
}

/// The place of an index below [`PLACES`].
pub(super) fn place(index: usize) -> Place {
    Place::from_index(index).unwrap_or(Place::Link(0))
}

/// No place: a leader in supply.
pub(super) const SUPPLY: u8 = u8::MAX;

/// What the display fields of [`Public`] imply, kept up to date with them for speed: never
/// serialized, rebuilt whenever a state is read from data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Masks {
    /// The places holding a civilization card of each colour: a treasure* counts red, a link
    /// card only face up (what [`Public::card_at`] says).
    pub(super) civ: [u128; 4],
    /// The places holding a leader of each colour.
    pub(super) leaders: [u128; 4],
    /// Where the leader of each seat (below 4) and colour (`seat * 4 + colour`) stands, as a
    /// place index; [`SUPPLY`] if it is in its owner's supply.
    pub(super) leader_at: [u8; 16],
    /// Pieces below each treasure*.
    pub(super) lens: [u8; COLUMNS],
    /// Link slots holding a card, face up or down.
    pub(super) links_any: u8,
    /// Link slots holding a face-up card.
    pub(super) links_up: u8,
}

impl Default for Masks {
    fn default() -> Self {
        Masks {
            civ: [HEADS, 0, 0, 0],
            leaders: [0; 4],
            leader_at: [SUPPLY; 16],
            lens: [0; COLUMNS],
            links_any: 0,
            links_up: 0,
        }
    }
}

impl Public {
    /// Recomputes [`Masks`] from the display.
    pub(crate) fn rebuild(&mut self) {
        let mut m = Masks::default();
        for c in 0..COLUMNS {
            for r in 1..=COLUMN_CARDS {
                if let Some(Piece::Card(colour)) = self.columns[c][r - 1] {
                    m.civ[colour.index()] |= bit(c * COLUMN_PLACES + r);
                }
            }
            m.lens[c] = self.columns[c].iter().take_while(|p| p.is_some()).count() as u8;
        }
        for (l, link) in self.links.iter().enumerate() {
            if let Some((colour, up)) = link {
                m.links_any |= 1 << l;
                if *up {
                    m.links_up |= 1 << l;
                    m.civ[colour.index()] |= bit(link_index(l));
                }
            }
        }
        for (i, leader) in self.leaders.iter().enumerate() {
            if let Some(l) = leader {
                m.leaders[l.colour.index()] |= bit(i);
                if let Some(at) = m.leader_at.get_mut(l.seat.index() * 4 + l.colour.index()) {
                    if *at == SUPPLY {
                        *at = i as u8;
                    }
                }
            }
        }
        self.masks = m;
    }

    /// The places of the kingdom holding `column`; face-down link cards join only when
    /// `with_face_down`.
    pub(super) fn kingdom(&self, column: u8, with_face_down: bool) -> u128 {
        let pattern = if with_face_down {
            self.masks.links_any
        } else {
            self.masks.links_up
        };
        KINGDOMS[(pattern & 0x7F) as usize][column as usize % COLUMNS]
    }

    /// Places holding a leader.
    pub(super) fn leader_bits(&self) -> u128 {
        let l = &self.masks.leaders;
        l[0] | l[1] | l[2] | l[3]
    }

    /// Places holding a civilization card.
    pub(super) fn civ_bits(&self) -> u128 {
        let c = &self.masks.civ;
        c[0] | c[1] | c[2] | c[3]
    }

    pub(super) fn column_len(&self, c: usize) -> usize {
        self.masks.lens.get(c).copied().unwrap_or(0) as usize
    }

    /// The place index of a seat's leader of a colour, if it stands on the display.
    pub(super) fn leader_index(&self, seat: Seat, colour: Colour) -> Option<usize> {
        match self.masks.leader_at.get(seat.index() * 4 + colour.index()) {
            Some(&at) if at != SUPPLY => Some(at as usize),
            _ => None,
        }
    }

    /// The leader of `colour` on the lowest place of `places`: its owner and place index.
    pub(super) fn leader_in(&self, places: u128, colour: Colour) -> Option<(Seat, usize)> {
        let found = self.masks.leaders[colour.index()] & places;
        if found == 0 {
            return None;
        }
        let i = found.trailing_zeros() as usize;
        self.leaders[i].map(|l| (l.seat, i))
    }

    /// Puts a leader on (or, with `None`, takes the leader off) place index `at`.
    pub(super) fn set_leader(&mut self, at: usize, leader: Option<Leader>) {
        if at >= PLACES {
            return;
        }
        if let Some(old) = self.leaders[at] {
            self.masks.leaders[old.colour.index()] &= !bit(at);
            if let Some(slot) = self
                .masks
                .leader_at
                .get_mut(old.seat.index() * 4 + old.colour.index())
            {
                if *slot as usize == at {
                    *slot = SUPPLY;
                }
            }
        }
        self.leaders[at] = leader;
        if let Some(l) = leader {
            self.masks.leaders[l.colour.index()] |= bit(at);
            if let Some(slot) = self
                .masks
                .leader_at
                .get_mut(l.seat.index() * 4 + l.colour.index())
            {
                *slot = at as u8;
            }
        }
    }

    /// Puts a piece at the bottom of column `c`, which has room.
    pub(super) fn push_piece(&mut self, c: usize, piece: Piece) {
        let len = self.column_len(c);
        if c >= COLUMNS || len >= COLUMN_CARDS {
            return;
        }
        self.columns[c][len] = Some(piece);
        self.masks.lens[c] += 1;
        if let Piece::Card(colour) = piece {
            self.masks.civ[colour.index()] |= bit(c * COLUMN_PLACES + len + 1);
        }
    }

    /// Puts a card into link slot `l`, face up or down.
    pub(super) fn set_link(&mut self, l: usize, link: Option<(Colour, bool)>) {
        if l >= LINKS {
            return;
        }
        if let Some((colour, true)) = self.links[l] {
            self.masks.civ[colour.index()] &= !bit(link_index(l));
        }
        self.links[l] = link;
        self.masks.links_any &= !(1 << l);
        self.masks.links_up &= !(1 << l);
        if let Some((colour, up)) = link {
            self.masks.links_any |= 1 << l;
            if up {
                self.masks.links_up |= 1 << l;
                self.masks.civ[colour.index()] |= bit(link_index(l));
            }
        }
    }

    /// Removes the column cards of `rows` (1-based rows) of column `c`, closing the column
    /// upward; leaders on removed cards return, others move up with their cards.
    pub(super) fn remove_rows(&mut self, c: usize, rows: &[usize]) {
        let mut kept: SmallVec<[(Piece, Option<Leader>); 8]> = SmallVec::new();
        for r in 1..=COLUMN_CARDS {
            let Some(piece) = self.columns[c][r - 1] else {
                break;
            };
            let at = Place::Column(c as u8, r as u8).index();
            if rows.contains(&r) {
                self.leaders[at] = None;
            } else {
                kept.push((piece, self.leaders[at]));
            }
        }
        for r in 1..=COLUMN_CARDS {
            let at = Place::Column(c as u8, r as u8).index();
            let slot = kept.get(r - 1).copied();
            self.columns[c][r - 1] = slot.map(|(p, _)| p);
            self.leaders[at] = slot.and_then(|(_, l)| l);
        }
        self.rebuild();
    }

    /// The columns (bit per column) holding a boat that shows each colour.
    pub(super) fn boat_columns(&self) -> [u8; 4] {
        let mut out = [0u8; 4];
        for (c, column) in self.columns.iter().enumerate() {
            for piece in column.iter().flatten() {
                if let Piece::Boat(b) = piece {
                    for colour in Colour::ALL {
                        if b.shows(colour) {
                            out[colour.index()] |= 1 << c;
                        }
                    }
                }
            }
        }
        out
    }

    /// The column a place belongs to (links: the left one).
    pub(super) fn column_of(p: Place) -> u8 {
        match p {
            Place::Column(c, _) => c,
            Place::Link(l) => l,
        }
    }

    /// The column of a place index (links: the left one).
    pub(super) fn column_of_index(i: usize) -> u8 {
        Public::column_of(place(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kingdoms_are_runs_of_joined_columns() {
        // Slots 1-2 and 2-3 join columns 1 to 3; slot 5-6 joins 5 and 6.
        let pattern = 0b001_0011usize;
        let k = KINGDOMS[pattern][1];
        assert_eq!(columns_of(k), 0b0000_0111);
        assert_eq!(KINGDOMS[pattern][0], k);
        assert_eq!(KINGDOMS[pattern][2], k);
        assert_eq!(
            k,
            column_bits(0)
                | column_bits(1)
                | column_bits(2)
                | bit(link_index(0))
                | bit(link_index(1))
        );
        assert_eq!(columns_of(KINGDOMS[pattern][3]), 0b0000_1000);
        assert_eq!(columns_of(KINGDOMS[pattern][4]), 0b0011_0000);
        assert_eq!(columns_of(KINGDOMS[pattern][7]), 0b1000_0000);
        assert_eq!(columns_of(KINGDOMS[0x7F][5]), 0xFF);
        assert_eq!(KINGDOMS[0x7F][5].count_ones() as usize, PLACES);
    }

    #[test]
    fn nth_bit_counts_from_the_lowest() {
        let mask: u128 = (1 << 3) | (1 << 40) | (1 << 63) | (1 << 64) | (1 << 100) | (1 << 127);
        let bits: Vec<usize> = (0..6).map(|n| nth_bit(mask, n)).collect();
        assert_eq!(bits, [3, 40, 63, 64, 100, 127]);
        let dense = u128::MAX;
        for n in 0..128 {
            assert_eq!(nth_bit(dense, n), n as usize);
        }
    }
}
