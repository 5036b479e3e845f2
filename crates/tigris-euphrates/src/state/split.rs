//! How a region falls apart when a piece leaves it: whether the squares around the piece
//! keep the rest linked, and the pieces otherwise.

use mesopotamia_core::{Adjacency, Space};

use crate::board::{Board, Squares};

/// For each pattern of the ring (bit i: the i-th square around, from the north clockwise,
/// is in the region; see [`Board::ring_pattern`]),
/// whether the orthogonal neighbours present are all linked through the ring.
static RING_LINKED: [bool; 256] = ring_linked_table();

const fn ring_bit(pattern: usize, i: usize) -> bool {
    pattern & (1 << (i % 8)) != 0
}

const fn ring_linked_table() -> [bool; 256] {
    let mut table = [false; 256];
    let mut pattern = 0usize;
    while pattern < 256 {
        // The first orthogonal neighbour present, if any (orthogonal ones are even).
        let mut first = 8;
        let mut i = 0;
        while i < 8 {
            if ring_bit(pattern, i) {
                first = i;
                break;
            }
            i += 2;
        }
        if first == 8 {
            table[pattern] = true;
        } else {
            // The run of present squares through `first`, both ways round.
            let mut linked = 1usize << first;
            let mut j = first + 1;
            while j < first + 8 && ring_bit(pattern, j) {
                linked |= 1 << (j % 8);
                j += 1;
            }
            let mut j = first + 7;
            while j > first && ring_bit(pattern, j) {
                linked |= 1 << (j % 8);
                j -= 1;
            }
            table[pattern] = pattern & 0b0101_0101 & !linked == 0;
        }
        pattern += 1;
    }
    table
}

/// Whether taking `s` out of `region` (which holds it) surely leaves the rest in one
/// piece: the region's squares next to `s` are linked through the eight squares around
/// it, so every path through `s` has a way round. When they are not, the rest may still
/// be linked the long way round: only a fill can tell.
pub(super) fn stays_whole(region: Squares, s: Space, board: &Board) -> bool {
    RING_LINKED[board.ring_pattern(region, s) as usize]
}

/// The pieces `region` falls into without `s` (which it holds): the components of the
/// rest. Every square of the rest is linked to `s` through one of its neighbours, so the
/// pieces are filled from those neighbours at once, a step at a time, and the fill stops
/// as soon as they all meet (one piece) or all but one are complete (the last piece is
/// what remains): a piece cut off near `s` costs a few steps, not a fill of the region.
pub(super) fn parts_without(region: Squares, s: Space, board: &Board) -> Few {
    let mut rest = region;
    rest.remove(s);
    let mut out = Few::default();
    let starts = board.neighbours(s) & rest;
    if starts.is_empty() {
        return out;
    }
    if stays_whole(region, s, board) {
        out.push(rest);
        return out;
    }
    let grid = board.grid();
    // Each piece so far with its last step (empty once the piece is complete).
    let mut pieces = [(Squares::EMPTY, Squares::EMPTY); 4];
    let mut n = 0;
    starts.for_each(|start| {
        pieces[n & 3] = (Squares::single(start), Squares::single(start));
        n += 1;
    });
    let mut n = n.min(4);
    loop {
        // Pieces that met are one.
        let mut i = 0;
        while i < n {
            let mut j = i + 1;
            while j < n {
                if pieces[i].0.intersects(&pieces[j].0) {
                    let (squares, step) = pieces[j];
                    pieces[i].0 |= squares;
                    pieces[i].1 |= step;
                    n -= 1;
                    pieces[j] = pieces[n];
                    // The grown piece may meet one already passed.
                    j = i + 1;
                } else {
                    j += 1;
                }
            }
            i += 1;
        }
        if n == 1 {
            out.push(rest);
            return out;
        }
        let growing = pieces[..n].iter().filter(|p| !p.1.is_empty()).count();
        if growing <= 1 {
            let mut complete = Squares::EMPTY;
            for &(squares, step) in &pieces[..n] {
                if step.is_empty() {
                    complete |= squares;
                    out.push(squares);
                }
            }
            if growing == 1 {
                out.push(rest - complete);
            }
            return out;
        }
        for (squares, step) in pieces[..n].iter_mut() {
            if !step.is_empty() {
                *step = (grid.dilate(*step) & rest) - *squares;
                *squares |= *step;
            }
        }
    }
}

/// At most four regions, those around one square: the pieces a region falls into when
/// the square leaves it, or the kingdoms a piece arriving there joins.
#[derive(Clone, Copy, Default)]
pub(super) struct Few {
    regions: [Squares; 4],
    len: usize,
}

impl Few {
    pub(super) fn push(&mut self, region: Squares) {
        if let Some(slot) = self.regions.get_mut(self.len) {
            *slot = region;
            self.len += 1;
        }
    }

    /// The regions.
    pub(super) fn as_slice(&self) -> &[Squares] {
        &self.regions[..self.len.min(4)]
    }
}

/// Whether `set` holds two squares or more (without counting them all).
#[inline]
pub(super) fn at_least_two(mut set: Squares) -> bool {
    match set.first() {
        Some(s) => {
            set.remove(s);
            !set.is_empty()
        }
        None => false,
    }
}
