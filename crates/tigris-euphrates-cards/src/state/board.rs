//! The display as bit masks over its 79 places (bit `i` is [`Place::from_index`]`(i)`), and
//! the kingdoms, read from a table indexed by the pattern of link slots that join.
//!
//! A kingdom is a run of columns joined by link cards, with those link slots: with 7 link
//! slots there are only 2^7 patterns, and [`KINGDOMS`] holds, for each pattern, the places of
//! the kingdom holding each column. The masks of [`Masks`] are kept up to date by every change
//! of the display (or rebuilt from it, for the rare changes that remove cards).

use super::{Leader, Piece, Public};
use crate::action::{COLUMN_CARDS, COLUMNS, LINKS, PLACES, Place};
use mesopotamia_core::bits::{byte_prefix_counts, select_with_counts};
use mesopotamia_core::{Colour, Seat};
use smallvec::SmallVec;

/// Places per column: the treasure* and the rows below it.
const COLUMN_PLACES: usize = COLUMN_CARDS + 1;

/// The bit of place index `i` (below 128).
#[inline]
pub(super) const fn bit(i: usize) -> u128 {
    1u128 << i
}

/// The bit of each place index, looked up (a shift of a `u128` by a variable takes several
/// instructions).
static BITS: [u128; 128] = {
    let mut out = [0; 128];
    let mut i = 0;
    while i < 128 {
        out[i] = bit(i);
        i += 1;
    }
    out
};

/// For each place index: one in the byte of its column (see [`Masks::column_free`]), none for
/// a link slot; and its column's bit if it is a treasure* (see [`Masks::free_heads`]).
static PLACE_UNITS: [(u64, u8); PLACES] = {
    let mut out = [(0, 0); PLACES];
    let mut i = 0;
    while i < COLUMNS * COLUMN_PLACES {
        let c = i / COLUMN_PLACES;
        let head = if i % COLUMN_PLACES == 0 { 1 << c } else { 0 };
        out[i] = (1 << (8 * c), head);
        i += 1;
    }
    out
};

/// The column of each place index (links: the left one); column 0 beyond the places (so
/// [`SUPPLY`] too).
static COLUMN_OF: [u8; 256] = {
    let mut out = [0; 256];
    let mut i = 0;
    while i < PLACES {
        out[i] = if i < COLUMNS * COLUMN_PLACES {
            (i / COLUMN_PLACES) as u8
        } else {
            (i - COLUMNS * COLUMN_PLACES) as u8
        };
        i += 1;
    }
    out
};

/// The bit of place index `i`, looked up; none beyond 127.
#[inline]
pub(super) fn bit_of(i: usize) -> u128 {
    BITS.get(i).copied().unwrap_or(0)
}

/// The places of column `c`: its treasure* and the 8 rows below it.
#[inline]
pub(super) const fn column_bits(c: usize) -> u128 {
    ((1u128 << COLUMN_PLACES) - 1) << (c * COLUMN_PLACES)
}

/// The place index of link slot `l`.
#[inline]
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

/// The columns (bit per column) of the kingdoms of [`KINGDOMS`].
static KINGDOM_COLUMNS: [[u8; COLUMNS]; 1 << LINKS] = {
    let mut out = [[0; COLUMNS]; 1 << LINKS];
    let mut pattern = 0;
    while pattern < 1 << LINKS {
        let mut c = 0;
        while c < COLUMNS {
            let mut k = 0;
            while k < COLUMNS {
                if KINGDOMS[pattern][c] & bit(k * COLUMN_PLACES) != 0 {
                    out[pattern][c] |= 1 << k;
                }
                k += 1;
            }
            c += 1;
        }
        pattern += 1;
    }
    out
};

/// The place of each index.
static PLACE_OF: [Place; PLACES] = {
    let mut out = [Place::Link(0); PLACES];
    let mut i = 0;
    while i < PLACES {
        out[i] = match Place::from_index(i) {
            Some(p) => p,
            None => Place::Link(0),
        };
        i += 1;
    }
    out
};

const ONES: u64 = 0x0101_0101_0101_0101;

/// For each set of columns (bit per column), the bytes of those columns set (`0xFF`).
static COLUMN_BYTES: [u64; 256] = {
    let mut out = [0; 256];
    let mut cols = 0;
    while cols < 256 {
        let mut c = 0;
        while c < 8 {
            if cols & (1 << c) != 0 {
                out[cols] |= 0xFF << (8 * c);
            }
            c += 1;
        }
        cols += 1;
    }
    out
};

/// The set bits of each byte.
static BYTE_COUNTS: [u8; 256] = {
    let mut out = [0; 256];
    let mut b = 0;
    while b < 256 {
        out[b] = (b as u8).count_ones() as u8;
        b += 1;
    }
    out
};

/// The set bits of a byte.
#[inline]
pub(super) fn byte_count(b: u8) -> u32 {
    BYTE_COUNTS[b as usize] as u32
}

/// The index of the `n`-th (from 0) set bit of `mask`, lowest first; `n` below the count.
#[inline]
pub(super) fn nth_bit(mask: u128, n: u32) -> usize {
    let low = mask as u64;
    let below = (byte_prefix_counts(low) >> 56) as u32;
    // Without branches (the draw is random, a branch would be mispredicted).
    let high = n >= below;
    let half = if high { (mask >> 64) as u64 } else { low };
    let n = n - if high { below } else { 0 };
    64 * usize::from(high) + select_with_counts(half, byte_prefix_counts(half), n) as usize
}

/// The place of an index below [`PLACES`].
#[inline]
pub(super) fn place(index: usize) -> Place {
    PLACE_OF.get(index).copied().unwrap_or(Place::Link(0))
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
    /// The columns (bit per column) holding a boat that shows each colour.
    pub(super) boats: [u8; 4],
    /// The columns with room for a piece (bit per column).
    pub(super) room: u8,
    /// The columns holding 3 pieces or more (bit per column).
    pub(super) three: u8,
    /// The places holding a civilization card (the union of [`Masks::civ`]).
    pub(super) civ_all: u128,
    /// The places holding a civilization card without a leader.
    pub(super) free: u128,
    /// How many places [`Masks::free`] holds.
    pub(super) free_count: u32,
    /// Byte `c`: how many places of column `c` (its treasure* included) are free.
    pub(super) column_free: u64,
    /// The columns (bit per column) whose treasure* is free.
    pub(super) free_heads: u8,
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
            boats: [0; 4],
            room: 0xFF,
            three: 0,
            civ_all: HEADS,
            free: HEADS,
            free_count: COLUMNS as u32,
            column_free: ONES,
            free_heads: 0xFF,
        }
    }
}

impl Public {
    /// Recomputes [`Masks`] from the display.
    pub(crate) fn rebuild(&mut self) {
        let mut m = Masks::default();
        for c in 0..COLUMNS {
            for r in 1..=COLUMN_CARDS {
                match self.columns[c][r - 1] {
                    Some(Piece::Card(colour)) => {
                        m.civ[colour.index()] |= bit(c * COLUMN_PLACES + r);
                    }
                    Some(Piece::Boat(b)) => {
                        for colour in Colour::ALL {
                            if b.shows(colour) {
                                m.boats[colour.index()] |= 1 << c;
                            }
                        }
                    }
                    None => {}
                }
            }
            let len = self.columns[c].iter().take_while(|p| p.is_some()).count();
            m.lens[c] = len as u8;
            if len < COLUMN_CARDS {
                m.room |= 1 << c;
            } else {
                m.room &= !(1 << c);
            }
            if len >= 3 {
                m.three |= 1 << c;
            }
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
        m.civ_all = m.civ[0] | m.civ[1] | m.civ[2] | m.civ[3];
        let leaders = m.leaders[0] | m.leaders[1] | m.leaders[2] | m.leaders[3];
        m.free = m.civ_all & !leaders;
        m.free_count = m.free.count_ones();
        m.column_free = 0;
        m.free_heads = 0;
        for c in 0..COLUMNS {
            m.column_free |= ((m.free & column_bits(c)).count_ones() as u64) << (8 * c);
            if m.free & bit(c * COLUMN_PLACES) != 0 {
                m.free_heads |= 1 << c;
            }
        }
        self.masks = m;
    }

    /// Brings the free-place masks and counts up to date at place index `i`, after its card
    /// or leader changed.
    #[inline]
    fn refresh_place(&mut self, i: usize) {
        let (Some(&(unit, head)), Some(leader)) = (PLACE_UNITS.get(i), self.leaders.get(i)) else {
            return;
        };
        let b = bit_of(i);
        let m = &mut self.masks;
        let free = m.civ_all & b != 0 && leader.is_none();
        if free == (m.free & b != 0) {
            return;
        }
        m.free ^= b;
        m.free_heads ^= head;
        if free {
            m.column_free = m.column_free.wrapping_add(unit);
            m.free_count += 1;
        } else {
            m.column_free = m.column_free.wrapping_sub(unit);
            m.free_count = m.free_count.saturating_sub(1);
        }
    }

    /// How many places of a kingdom (its places, and its columns, bit per column) are free.
    #[inline]
    pub(super) fn free_in(&self, kingdom: u128, columns: u8) -> u32 {
        let m = &self.masks;
        let in_columns =
            ((m.column_free & COLUMN_BYTES[columns as usize]).wrapping_mul(ONES) >> 56) as u32;
        let links = ((m.free & kingdom) >> link_index(0)) as u8;
        in_columns + byte_count(links)
    }

    /// The places of the kingdom holding `column`; face-down link cards join only when
    /// `with_face_down`.
    #[inline]
    pub(super) fn kingdom(&self, column: u8, with_face_down: bool) -> u128 {
        let pattern = if with_face_down {
            self.masks.links_any
        } else {
            self.masks.links_up
        };
        KINGDOMS[(pattern & 0x7F) as usize][column as usize % COLUMNS]
    }

    /// The columns (bit per column) of the kingdom holding `column`; face-down link cards
    /// join only when `with_face_down`.
    #[inline]
    pub(super) fn kingdom_columns(&self, column: u8, with_face_down: bool) -> u8 {
        let pattern = if with_face_down {
            self.masks.links_any
        } else {
            self.masks.links_up
        };
        KINGDOM_COLUMNS[(pattern & 0x7F) as usize][column as usize % COLUMNS]
    }

    #[inline]
    pub(super) fn column_len(&self, c: usize) -> usize {
        self.masks.lens.get(c).copied().unwrap_or(0) as usize
    }

    /// For each colour, the places and the columns (bit per column) of the kingdom (face-down
    /// links joining) where `seat`'s leader of that colour stands; none for a leader in supply.
    /// Without branches: whether a leader stands on the display is as good as random.
    #[inline]
    pub(super) fn home_kingdoms(&self, seat: Seat) -> [(u128, u8); 4] {
        let pattern = (self.masks.links_any & 0x7F) as usize;
        let base = (seat.index() & 3) * 4;
        core::array::from_fn(|c| {
            let at = self.masks.leader_at[base + c];
            let on = 0u128.wrapping_sub(u128::from(at != SUPPLY));
            let column = COLUMN_OF[at as usize] as usize % COLUMNS;
            (
                KINGDOMS[pattern][column] & on,
                KINGDOM_COLUMNS[pattern][column] & on as u8,
            )
        })
    }

    /// The place index of a seat's leader of a colour, if it stands on the display.
    #[inline]
    pub(super) fn leader_index(&self, seat: Seat, colour: Colour) -> Option<usize> {
        match self.masks.leader_at.get(seat.index() * 4 + colour.index()) {
            Some(&at) if at != SUPPLY => Some(at as usize),
            _ => None,
        }
    }

    /// The leader of `colour` on the lowest place of `places`: its owner and place index.
    #[inline]
    pub(super) fn leader_in(&self, places: u128, colour: Colour) -> Option<(Seat, usize)> {
        let found = self.masks.leaders[colour.index()] & places;
        if found == 0 {
            return None;
        }
        let i = found.trailing_zeros() as usize;
        self.leaders[i].map(|l| (l.seat, i))
    }

    /// Puts a leader on (or, with `None`, takes the leader off) place index `at`.
    #[inline]
    pub(super) fn set_leader(&mut self, at: usize, leader: Option<Leader>) {
        if at >= PLACES {
            return;
        }
        let b = bit_of(at);
        if let Some(old) = self.leaders[at] {
            self.masks.leaders[old.colour.index()] &= !b;
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
            self.masks.leaders[l.colour.index()] |= b;
            if let Some(slot) = self
                .masks
                .leader_at
                .get_mut(l.seat.index() * 4 + l.colour.index())
            {
                *slot = at as u8;
            }
        }
        self.refresh_place(at);
    }

    /// Puts a piece at the bottom of column `c`, which has room.
    #[inline]
    pub(super) fn push_piece(&mut self, c: usize, piece: Piece) {
        let len = self.column_len(c);
        if c >= COLUMNS || len >= COLUMN_CARDS {
            return;
        }
        self.columns[c][len] = Some(piece);
        self.masks.lens[c] += 1;
        if len + 1 == COLUMN_CARDS {
            self.masks.room &= !(1 << c);
        }
        if len + 1 == 3 {
            self.masks.three |= 1 << c;
        }
        if let Piece::Card(colour) = piece {
            let at = c * COLUMN_PLACES + len + 1;
            self.masks.civ[colour.index()] |= bit_of(at);
            self.masks.civ_all |= bit_of(at);
            self.refresh_place(at);
        }
    }

    /// Puts a card into link slot `l`, face up or down.
    #[inline]
    pub(super) fn set_link(&mut self, l: usize, link: Option<(Colour, bool)>) {
        if l >= LINKS {
            return;
        }
        let b = bit_of(link_index(l));
        if let Some((colour, true)) = self.links[l] {
            self.masks.civ[colour.index()] &= !b;
            self.masks.civ_all &= !b;
        }
        self.links[l] = link;
        self.masks.links_any &= !(1 << l);
        self.masks.links_up &= !(1 << l);
        if let Some((colour, up)) = link {
            self.masks.links_any |= 1 << l;
            if up {
                self.masks.links_up |= 1 << l;
                self.masks.civ[colour.index()] |= b;
                self.masks.civ_all |= b;
            }
        }
        self.refresh_place(link_index(l));
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

    /// The column a place belongs to (links: the left one).
    #[inline]
    pub(super) fn column_of(p: Place) -> u8 {
        match p {
            Place::Column(c, _) => c,
            Place::Link(l) => l,
        }
    }

    /// The column of a place index (links: the left one).
    #[inline]
    pub(super) fn column_of_index(i: usize) -> u8 {
        if i < COLUMNS * COLUMN_PLACES {
            (i / COLUMN_PLACES) as u8
        } else {
            (i - COLUMNS * COLUMN_PLACES) as u8
        }
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
        assert_eq!(KINGDOM_COLUMNS[pattern][1], 0b0000_0111);
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
        assert_eq!(KINGDOM_COLUMNS[pattern][3], 0b0000_1000);
        assert_eq!(KINGDOM_COLUMNS[pattern][4], 0b0011_0000);
        assert_eq!(KINGDOM_COLUMNS[pattern][7], 0b1000_0000);
        assert_eq!(KINGDOM_COLUMNS[0x7F][5], 0xFF);
        for i in 0..PLACES {
            assert_eq!(place(i), Place::from_index(i).unwrap());
            assert_eq!(
                Public::column_of_index(i),
                Public::column_of(Place::from_index(i).unwrap())
            );
        }
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
        // Against the plain definition, on masks of every density.
        let mut x = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834u128;
        for round in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mask = match round % 4 {
                0 => x,
                1 => x & (x >> 3),
                2 => x & (x >> 1) & (x >> 5),
                _ => x | (x >> 2),
            };
            let expected: Vec<usize> = (0..128).filter(|&i| mask & (1 << i) != 0).collect();
            for (n, &i) in expected.iter().enumerate() {
                assert_eq!(nth_bit(mask, n as u32), i, "{mask:#x} {n}");
            }
        }
    }
}
