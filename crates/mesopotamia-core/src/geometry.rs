//! Board geometry: spaces, fixed-capacity sets of spaces, graphs of spaces and
//! connected components.
//!
//! Every board of the family is a small graph: the 16x11 Tigris & Euphrates grid, the
//! card game's columns joined by link slots, Sumeria's trade routes. A set of spaces
//! is a bitset ([`SpaceSet`]), so a kingdom is a value that is cheap to copy and
//! compare, and a flood fill is a few word operations per step.

use core::fmt;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

/// A space of a board, by dense index (row-major on a grid).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Space(pub u16);

impl Space {
    /// The space's dense index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A set of spaces with room for `64 * WORDS` of them (a bitset: `Copy`, set algebra,
/// ascending iteration).
///
/// ```
/// use mesopotamia_core::{Space, SpaceSet};
/// let a: SpaceSet<1> = [Space(1), Space(5)].into_iter().collect();
/// let b: SpaceSet<1> = [Space(5), Space(9)].into_iter().collect();
/// assert_eq!((a | b).len(), 3);
/// assert_eq!((a & b).iter().collect::<Vec<_>>(), [Space(5)]);
/// assert_eq!((a - b).first(), Some(Space(1)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SpaceSet<const WORDS: usize> {
    words: [u64; WORDS],
}

impl<const WORDS: usize> Default for SpaceSet<WORDS> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const WORDS: usize> SpaceSet<WORDS> {
    /// The empty set.
    pub const EMPTY: Self = SpaceSet { words: [0; WORDS] };

    /// How many spaces the set type can hold.
    pub const CAPACITY: usize = 64 * WORDS;

    /// The `n`-th space of the set (from 0, ascending), if it holds more than `n`: whole
    /// words are skipped by their counts, then a select within the word
    /// ([`bits::select_with_counts`](crate::bits::select_with_counts)), so a uniform draw
    /// from a set costs the same wherever the drawn space lies.
    #[inline]
    pub fn nth(&self, n: usize) -> Option<Space> {
        let mut n = u32::try_from(n).ok()?;
        for (w, &word) in self.words.iter().enumerate() {
            let prefix = crate::bits::byte_prefix_counts(word);
            let count = (prefix >> 56) as u32;
            if n < count {
                let bit = crate::bits::select_with_counts(word, prefix, n);
                return Some(Space((64 * w as u32 + bit) as u16));
            }
            n -= count;
        }
        None
    }

    /// The set's words: space `i` is bit `i % 64` of word `i / 64`. For bit-level work
    /// (counting a region by words, picking the n-th space) that the set's own methods do
    /// not offer.
    #[inline]
    pub const fn words(&self) -> &[u64; WORDS] {
        &self.words
    }

    /// The set with these words, the inverse of [`words`](SpaceSet::words).
    #[inline]
    pub const fn from_words(words: [u64; WORDS]) -> Self {
        SpaceSet { words }
    }

    /// The set of the spaces `0..n` (all of them if `n` exceeds the capacity).
    pub fn first_n(n: usize) -> Self {
        let mut set = Self::EMPTY;
        for (i, w) in set.words.iter_mut().enumerate() {
            let lo = i * 64;
            *w = if n >= lo + 64 {
                u64::MAX
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
        }
        set
    }

    /// The set holding one space, or the empty set if it is beyond the capacity.
    #[inline]
    pub fn single(space: Space) -> Self {
        let mut set = Self::EMPTY;
        set.insert(space);
        set
    }

    /// Adds a space; returns whether it was absent. A space beyond the capacity is
    /// not added and `false` is returned.
    #[inline]
    pub fn insert(&mut self, space: Space) -> bool {
        let i = space.index();
        match self.words.get_mut(i / 64) {
            Some(w) => {
                let bit = 1u64 << (i % 64);
                let absent = *w & bit == 0;
                *w |= bit;
                absent
            }
            None => false,
        }
    }

    /// Removes a space; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, space: Space) -> bool {
        let i = space.index();
        match self.words.get_mut(i / 64) {
            Some(w) => {
                let bit = 1u64 << (i % 64);
                let present = *w & bit != 0;
                *w &= !bit;
                present
            }
            None => false,
        }
    }

    /// Whether the space is in the set.
    #[inline]
    pub fn contains(&self, space: Space) -> bool {
        let i = space.index();
        self.words
            .get(i / 64)
            .is_some_and(|w| w & (1u64 << (i % 64)) != 0)
    }

    /// Number of spaces in the set.
    #[inline]
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The lowest space of the set.
    #[inline]
    pub fn first(&self) -> Option<Space> {
        self.words
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| Space((i * 64 + w.trailing_zeros() as usize) as u16))
    }

    /// The spaces in ascending order.
    #[inline]
    pub fn iter(&self) -> Iter<WORDS> {
        Iter {
            words: self.words,
            word: 0,
        }
    }

    /// Calls `f` with every space in ascending order (faster than `iter` in hot loops).
    #[inline]
    pub fn for_each(&self, mut f: impl FnMut(Space)) {
        for (i, &word) in self.words.iter().enumerate() {
            let mut w = word;
            while w != 0 {
                f(Space((i * 64 + w.trailing_zeros() as usize) as u16));
                w &= w - 1;
            }
        }
    }

    /// The `len` bits starting at space `start` (`len <= 64`), as the low bits of a word.
    #[inline]
    fn bits_at(&self, start: usize, len: usize) -> u64 {
        let (word, offset) = (start / 64, start % 64);
        let mut bits = self.words.get(word).map_or(0, |w| w >> offset);
        if offset > 0 && offset + len > 64 {
            bits |= self.words.get(word + 1).map_or(0, |w| w << (64 - offset));
        }
        if len < 64 {
            bits & ((1u64 << len) - 1)
        } else {
            bits
        }
    }

    /// Sets the spaces `start + i` for each bit `i` of `bits`.
    #[inline]
    fn set_bits_at(&mut self, start: usize, bits: u64) {
        let (word, offset) = (start / 64, start % 64);
        if let Some(w) = self.words.get_mut(word) {
            *w |= bits << offset;
        }
        if offset > 0 {
            if let Some(w) = self.words.get_mut(word + 1) {
                *w |= bits >> (64 - offset);
            }
        }
    }

    /// Whether every space of `self` is in `other`.
    pub fn is_subset(&self, other: &Self) -> bool {
        self.words
            .iter()
            .zip(other.words.iter())
            .all(|(a, b)| a & !b == 0)
    }

    /// Whether the two sets share no space.
    pub fn is_disjoint(&self, other: &Self) -> bool {
        self.words
            .iter()
            .zip(other.words.iter())
            .all(|(a, b)| a & b == 0)
    }

    /// Whether the two sets share a space.
    #[inline]
    pub fn intersects(&self, other: &Self) -> bool {
        !self.is_disjoint(other)
    }

    /// Every space moved up by `n` indices (`0 < n < 64`); spaces pushed past the
    /// capacity are dropped.
    #[inline]
    fn shift_up(&self, n: u32) -> Self {
        debug_assert!(n > 0 && n < 64);
        let mut out = [0u64; WORDS];
        let mut carry = 0u64;
        for (o, &w) in out.iter_mut().zip(self.words.iter()) {
            *o = (w << n) | carry;
            carry = w >> (64 - n);
        }
        SpaceSet { words: out }
    }

    /// Every space moved down by `n` indices (`0 < n < 64`); spaces below 0 are dropped.
    #[inline]
    fn shift_down(&self, n: u32) -> Self {
        debug_assert!(n > 0 && n < 64);
        let mut out = [0u64; WORDS];
        let mut carry = 0u64;
        for (o, &w) in out.iter_mut().zip(self.words.iter()).rev() {
            *o = (w >> n) | carry;
            carry = w << (64 - n);
        }
        SpaceSet { words: out }
    }
}

impl<const WORDS: usize> fmt::Debug for SpaceSet<WORDS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.0)).finish()
    }
}

macro_rules! set_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:expr) => {
        impl<const WORDS: usize> $trait for SpaceSet<WORDS> {
            type Output = Self;
            #[inline]
            fn $method(mut self, rhs: Self) -> Self {
                for (a, b) in self.words.iter_mut().zip(rhs.words.iter()) {
                    *a = $op(*a, *b);
                }
                self
            }
        }
        impl<const WORDS: usize> $assign_trait for SpaceSet<WORDS> {
            #[inline]
            fn $assign_method(&mut self, rhs: Self) {
                *self = $trait::$method(*self, rhs);
            }
        }
    };
}

set_op!(BitOr, bitor, BitOrAssign, bitor_assign, |a: u64, b: u64| a
    | b);
set_op!(
    BitAnd,
    bitand,
    BitAndAssign,
    bitand_assign,
    |a: u64, b: u64| a & b
);
set_op!(
    BitXor,
    bitxor,
    BitXorAssign,
    bitxor_assign,
    |a: u64, b: u64| a ^ b
);
set_op!(Sub, sub, SubAssign, sub_assign, |a: u64, b: u64| a & !b);

/// The complement within the capacity (intersect with a board's spaces to stay on it).
impl<const WORDS: usize> Not for SpaceSet<WORDS> {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        SpaceSet {
            words: self.words.map(|w| !w),
        }
    }
}

/// Ascending iterator over a [`SpaceSet`].
#[derive(Clone, Debug)]
pub struct Iter<const WORDS: usize> {
    words: [u64; WORDS],
    word: usize,
}

impl<const WORDS: usize> Iterator for Iter<WORDS> {
    type Item = Space;
    #[inline]
    fn next(&mut self) -> Option<Space> {
        while self.word < WORDS {
            let w = &mut self.words[self.word];
            if *w != 0 {
                let bit = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(Space((self.word * 64 + bit) as u16));
            }
            self.word += 1;
        }
        None
    }

    fn fold<B, F: FnMut(B, Space) -> B>(self, init: B, mut f: F) -> B {
        let mut acc = init;
        for i in self.word..WORDS {
            let mut w = self.words[i];
            while w != 0 {
                acc = f(acc, Space((i * 64 + w.trailing_zeros() as usize) as u16));
                w &= w - 1;
            }
        }
        acc
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n: usize = self.words[self.word.min(WORDS)..]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum();
        (n, Some(n))
    }
}

impl<const WORDS: usize> ExactSizeIterator for Iter<WORDS> {}

impl<const WORDS: usize> IntoIterator for SpaceSet<WORDS> {
    type Item = Space;
    type IntoIter = Iter<WORDS>;
    fn into_iter(self) -> Iter<WORDS> {
        self.iter()
    }
}

impl<const WORDS: usize> IntoIterator for &SpaceSet<WORDS> {
    type Item = Space;
    type IntoIter = Iter<WORDS>;
    fn into_iter(self) -> Iter<WORDS> {
        self.iter()
    }
}

impl<const WORDS: usize> FromIterator<Space> for SpaceSet<WORDS> {
    fn from_iter<I: IntoIterator<Item = Space>>(iter: I) -> Self {
        let mut set = Self::EMPTY;
        set.extend(iter);
        set
    }
}

impl<const WORDS: usize> Extend<Space> for SpaceSet<WORDS> {
    fn extend<I: IntoIterator<Item = Space>>(&mut self, iter: I) {
        for s in iter {
            self.insert(s);
        }
    }
}

#[cfg(feature = "serde")]
impl<const WORDS: usize> serde::Serialize for SpaceSet<WORDS> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter().map(|s| s.0))
    }
}

#[cfg(feature = "serde")]
impl<'de, const WORDS: usize> serde::Deserialize<'de> for SpaceSet<WORDS> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let spaces = <Vec<u16> as serde::Deserialize>::deserialize(deserializer)?;
        let mut set = Self::EMPTY;
        for s in spaces {
            if s as usize >= Self::CAPACITY {
                return Err(serde::de::Error::custom(format_args!(
                    "space {s} is beyond the capacity {} of this set",
                    Self::CAPACITY
                )));
            }
            set.insert(Space(s));
        }
        Ok(set)
    }
}

/// Which spaces touch which: what a flood fill needs of a board.
pub trait Adjacency<const WORDS: usize> {
    /// How many spaces the board has (spaces are `0..space_count()`).
    fn space_count(&self) -> usize;

    /// The spaces adjacent to `space`.
    fn neighbours(&self, space: Space) -> SpaceSet<WORDS>;

    /// `set` together with every space adjacent to one of its spaces.
    fn dilate(&self, set: SpaceSet<WORDS>) -> SpaceSet<WORDS> {
        let mut out = set;
        for s in set.iter() {
            out |= self.neighbours(s);
        }
        out
    }

    /// The connected component of `within` that holds `seed` (empty if `seed` is not
    /// in `within`).
    fn component(&self, seed: Space, within: SpaceSet<WORDS>) -> SpaceSet<WORDS> {
        if !within.contains(seed) {
            return SpaceSet::EMPTY;
        }
        let mut component = SpaceSet::single(seed);
        let mut frontier = component;
        while !frontier.is_empty() {
            frontier = self.dilate(frontier) & within & !component;
            component |= frontier;
        }
        component
    }

    /// The connected components of `set`, ordered by their lowest space.
    fn components(&self, set: SpaceSet<WORDS>) -> Vec<SpaceSet<WORDS>> {
        let mut rest = set;
        let mut out = Vec::new();
        while let Some(seed) = rest.first() {
            let c = self.component(seed, rest);
            rest -= c;
            out.push(c);
        }
        out
    }
}

/// A rectangular grid with orthogonal neighbours; spaces numbered row-major
/// (`row * width + column`), row 0 at the top.
///
/// ```
/// use mesopotamia_core::{Adjacency, Grid, Space, SpaceSet};
/// let grid = Grid::<3>::new(16, 11).unwrap();
/// let a = grid.space(0, 0).unwrap();
/// assert_eq!(grid.neighbours(a).len(), 2);
/// let row: SpaceSet<3> = (0..5).map(|c| grid.space(c, 4).unwrap()).collect();
/// assert_eq!(grid.components(row).len(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid<const WORDS: usize> {
    width: u8,
    height: u8,
    all: SpaceSet<WORDS>,
    not_first_column: SpaceSet<WORDS>,
    not_last_column: SpaceSet<WORDS>,
}

/// A board shape that the chosen set capacity cannot hold, or a bad edge list.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GeometryError {
    /// The grid or graph has more spaces than the set type holds.
    #[error("{spaces} spaces do not fit a set of capacity {capacity}")]
    TooManySpaces {
        /// Spaces asked for.
        spaces: usize,
        /// Capacity of the set type.
        capacity: usize,
    },
    /// A grid dimension is zero or above 63.
    #[error("grid dimensions {width}x{height} are out of range (1..=63 each)")]
    BadDimensions {
        /// Columns asked for.
        width: usize,
        /// Rows asked for.
        height: usize,
    },
    /// An edge names a space that is not on the graph.
    #[error("edge {0}-{1} names a space outside the graph")]
    EdgeOutOfRange(u16, u16),
}

impl<const WORDS: usize> Grid<WORDS> {
    /// A grid of `width` columns and `height` rows.
    pub fn new(width: usize, height: usize) -> Result<Self, GeometryError> {
        if width == 0 || height == 0 || width > 63 || height > 63 {
            return Err(GeometryError::BadDimensions { width, height });
        }
        let spaces = width * height;
        if spaces > SpaceSet::<WORDS>::CAPACITY {
            return Err(GeometryError::TooManySpaces {
                spaces,
                capacity: SpaceSet::<WORDS>::CAPACITY,
            });
        }
        let all = SpaceSet::first_n(spaces);
        let mut not_first_column = all;
        let mut not_last_column = all;
        for row in 0..height {
            not_first_column.remove(Space((row * width) as u16));
            not_last_column.remove(Space((row * width + width - 1) as u16));
        }
        Ok(Grid {
            width: width as u8,
            height: height as u8,
            all,
            not_first_column,
            not_last_column,
        })
    }

    /// Number of columns.
    pub const fn width(&self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    pub const fn height(&self) -> usize {
        self.height as usize
    }

    /// Every space of the grid.
    pub const fn all(&self) -> SpaceSet<WORDS> {
        self.all
    }

    /// The space at `column`, `row` (0-based, row 0 at the top), if on the grid.
    pub fn space(&self, column: usize, row: usize) -> Option<Space> {
        (column < self.width() && row < self.height())
            .then(|| Space((row * self.width() + column) as u16))
    }

    /// Column and row of a space, if on the grid.
    pub fn coordinates(&self, space: Space) -> Option<(usize, usize)> {
        (space.index() < self.width() * self.height())
            .then(|| (space.index() % self.width(), space.index() / self.width()))
    }
}

impl<const WORDS: usize> Grid<WORDS> {
    /// `set` (on the grid) with its neighbours, kept within `within` (itself on the grid).
    #[inline]
    fn dilate_within(&self, set: SpaceSet<WORDS>, within: SpaceSet<WORDS>) -> SpaceSet<WORDS> {
        let w = self.width as u32;
        let right = set.shift_up(1) & self.not_first_column;
        let left = set.shift_down(1) & self.not_last_column;
        let down = set.shift_up(w);
        let up = set.shift_down(w);
        (set | right | left | down | up) & within
    }

    /// Calls `f` with each connected component of `set` (on the grid), ordered by
    /// lowest space.
    ///
    /// One pass over the rows: each row's runs of spaces are labelled and joined to the
    /// runs they touch in the row above (union-find), so every component of the set is
    /// found at once, without a flood fill per component.
    pub fn for_each_component(&self, set: SpaceSet<WORDS>, mut f: impl FnMut(SpaceSet<WORDS>)) {
        let (w, h) = (self.width(), self.height());
        let set = set & self.all;
        // (row, bits) of each run, and its union-find parent.
        let mut runs: smallvec::SmallVec<[(u8, u64); 48]> = smallvec::SmallVec::new();
        let mut parent: smallvec::SmallVec<[u16; 48]> = smallvec::SmallVec::new();
        fn find(parent: &mut [u16], mut i: usize) -> usize {
            while parent[i] as usize != i {
                let up = parent[parent[i] as usize];
                parent[i] = up;
                i = up as usize;
            }
            i
        }
        let (mut previous_start, mut previous_end) = (0, 0);
        for row in 0..h {
            let mut rest = set.bits_at(row * w, w);
            let row_start = runs.len();
            while rest != 0 {
                let start = rest.trailing_zeros();
                let length = (!(rest >> start)).trailing_zeros();
                let mask = if start + length >= 64 {
                    u64::MAX << start
                } else {
                    ((1u64 << length) - 1) << start
                };
                rest &= !mask;
                let id = runs.len();
                runs.push((row as u8, mask));
                parent.push(id as u16);
                for j in previous_start..previous_end {
                    if runs[j].1 & mask != 0 {
                        let (a, b) = (find(&mut parent, j), find(&mut parent, id));
                        if a != b {
                            // Keep the earlier run as root, so roots appear in space order.
                            let (lo, hi) = (a.min(b), a.max(b));
                            parent[hi] = lo as u16;
                        }
                    }
                }
            }
            previous_start = row_start;
            previous_end = runs.len();
        }
        let mut slot: smallvec::SmallVec<[u16; 48]> = smallvec::smallvec![u16::MAX; runs.len()];
        let mut out: smallvec::SmallVec<[SpaceSet<WORDS>; 16]> = smallvec::SmallVec::new();
        for i in 0..runs.len() {
            let root = find(&mut parent, i);
            if slot[root] == u16::MAX {
                slot[root] = out.len() as u16;
                out.push(SpaceSet::EMPTY);
            }
            let (row, bits) = runs[i];
            out[slot[root] as usize].set_bits_at(row as usize * w, bits);
        }
        for c in out {
            f(c);
        }
    }
}

impl<const WORDS: usize> Adjacency<WORDS> for Grid<WORDS> {
    fn space_count(&self) -> usize {
        self.width() * self.height()
    }

    fn components(&self, set: SpaceSet<WORDS>) -> Vec<SpaceSet<WORDS>> {
        let mut out = Vec::new();
        self.for_each_component(set, |c| out.push(c));
        out
    }

    fn neighbours(&self, space: Space) -> SpaceSet<WORDS> {
        if !self.all.contains(space) {
            return SpaceSet::EMPTY;
        }
        self.dilate(SpaceSet::single(space)) - SpaceSet::single(space)
    }

    /// Shifts instead of per-space lookups: a handful of word operations per call.
    #[inline]
    fn dilate(&self, set: SpaceSet<WORDS>) -> SpaceSet<WORDS> {
        self.dilate_within(set & self.all, self.all)
    }
}

/// A general graph of spaces, built from an undirected edge list.
///
/// ```
/// use mesopotamia_core::{Adjacency, Graph, Space, SpaceSet};
/// let g = Graph::<1>::from_edges(4, &[(0, 1), (2, 3)]).unwrap();
/// assert_eq!(g.components(SpaceSet::first_n(4)).len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph<const WORDS: usize> {
    neighbours: Vec<SpaceSet<WORDS>>,
}

impl<const WORDS: usize> Graph<WORDS> {
    /// A graph of `spaces` spaces joined by `edges` (each undirected; repeats are harmless).
    pub fn from_edges(spaces: usize, edges: &[(u16, u16)]) -> Result<Self, GeometryError> {
        if spaces > SpaceSet::<WORDS>::CAPACITY {
            return Err(GeometryError::TooManySpaces {
                spaces,
                capacity: SpaceSet::<WORDS>::CAPACITY,
            });
        }
        let mut neighbours = vec![SpaceSet::EMPTY; spaces];
        for &(a, b) in edges {
            if a as usize >= spaces || b as usize >= spaces {
                return Err(GeometryError::EdgeOutOfRange(a, b));
            }
            neighbours[a as usize].insert(Space(b));
            neighbours[b as usize].insert(Space(a));
        }
        Ok(Graph { neighbours })
    }

    /// Every space of the graph.
    pub fn all(&self) -> SpaceSet<WORDS> {
        SpaceSet::first_n(self.neighbours.len())
    }
}

impl<const WORDS: usize> Adjacency<WORDS> for Graph<WORDS> {
    fn space_count(&self) -> usize {
        self.neighbours.len()
    }

    fn neighbours(&self, space: Space) -> SpaceSet<WORDS> {
        self.neighbours
            .get(space.index())
            .copied()
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_neighbours_do_not_wrap_rows() {
        let g = Grid::<3>::new(16, 11).unwrap();
        let right_edge = g.space(15, 3).unwrap();
        let n: Vec<_> = g.neighbours(right_edge).iter().collect();
        assert_eq!(
            n,
            [
                g.space(15, 2).unwrap(),
                g.space(14, 3).unwrap(),
                g.space(15, 4).unwrap()
            ]
        );
        let corner = g.space(15, 10).unwrap();
        assert_eq!(g.neighbours(corner).len(), 2);
        assert!(g.dilate(g.all()).is_subset(&g.all()));
    }

    #[test]
    fn bad_shapes_are_errors() {
        assert!(Grid::<1>::new(16, 11).is_err());
        assert!(Grid::<3>::new(0, 11).is_err());
        assert!(Graph::<1>::from_edges(3, &[(0, 3)]).is_err());
        assert!(Graph::<1>::from_edges(65, &[]).is_err());
    }

    #[test]
    fn out_of_range_spaces_are_ignored() {
        let mut s = SpaceSet::<1>::EMPTY;
        assert!(!s.insert(Space(64)));
        assert!(!s.contains(Space(64)));
        assert!(!s.remove(Space(64)));
        assert_eq!(SpaceSet::<2>::first_n(70).len(), 70);
    }
}
