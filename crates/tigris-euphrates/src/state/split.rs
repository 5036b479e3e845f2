//! How a region falls apart when a piece leaves it: whether the squares around the piece
//! keep the rest linked, and the pieces otherwise.

use mesopotamia_core::Space;

use crate::board::{self, Board, Squares};

/// Whether taking a square out of a region leaves the rest surely in one piece, judged
/// from the eight squares around it: when the region's squares next to it are linked
/// through the ring around it, every path through it has a way round. (When they are
/// not, the rest may still be linked the long way round: only a fill can tell.)
///
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

/// The pieces `region` falls into without `s` (which it holds): the components of the
/// rest. Every square of the rest is linked to `s` through one of its neighbours, so the
/// pieces are filled from those neighbours at once, a step at a time, and the fill stops
/// as soon as they all meet (one piece) or all but one are complete (the last piece is
/// what remains): a piece cut off near `s` costs a few steps, not a fill of the region.
pub(super) fn parts_without(region: Squares, s: Space, board: &Board) -> Pieces {
    let mut rest = region;
    rest.remove(s);
    let mut out = Pieces::default();
    let starts = board.neighbours(s) & rest;
    if starts.is_empty() {
        return out;
    }
    let pattern = board.ring_pattern(region, s);
    if RING_LINKED[pattern as usize] {
        out.push(rest);
        return out;
    }
    // Each piece so far with its last step (empty once the piece is complete), starting
    // from the runs of the ring around `s` that hold a neighbour (linked already).
    let mut pieces = [(Squares::EMPTY, Squares::EMPTY); 4];
    let mut n = 0;
    let ring = board.ring(s);
    // A ring with a run cut holds a square out of the region to start after.
    let cut = (!pattern).trailing_zeros() as usize;
    let (mut run, mut neighbour) = (Squares::EMPTY, false);
    for j in 1..=8 {
        let i = (cut + j) % 8;
        if pattern & (1 << i) != 0 {
            run.insert(Space(ring[i]));
            neighbour |= i % 2 == 0;
        } else {
            if neighbour && n < 4 {
                pieces[n] = (run, run);
                n += 1;
            }
            (run, neighbour) = (Squares::EMPTY, false);
        }
    }
    if n == 2 {
        // The usual case, without the bookkeeping of more pieces: grow each in turn.
        let [(mut a, mut a_step), (mut b, mut b_step), ..] = pieces;
        loop {
            a_step = (board::dilate(a_step) & rest) - a;
            a |= a_step;
            if a.intersects(&b) {
                out.push(rest);
                return out;
            }
            if a_step.is_empty() {
                out.push(a);
                out.push(rest - a);
                return out;
            }
            core::mem::swap(&mut a, &mut b);
            core::mem::swap(&mut a_step, &mut b_step);
        }
    }
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
                *step = (board::dilate(*step) & rest) - *squares;
                *squares |= *step;
            }
        }
    }
}

/// At most `N` items, in the order given: the regions around one square (the pieces a
/// region falls into when the square leaves it, or the kingdoms a piece arriving there
/// joins), or their indices.
#[derive(Clone, Copy)]
pub(super) struct Few<T, const N: usize> {
    items: [T; N],
    len: u8,
}

/// The pieces around one square: at most four.
pub(super) type Pieces = Few<Squares, 4>;

impl<T: Copy + Default, const N: usize> Default for Few<T, N> {
    fn default() -> Self {
        Few {
            items: [T::default(); N],
            len: 0,
        }
    }
}

impl<T: Copy + PartialEq, const N: usize> Few<T, N> {
    /// Adds `item`; `false` (and nothing added) when full.
    pub(super) fn push(&mut self, item: T) -> bool {
        match self.items.get_mut(self.len as usize) {
            Some(slot) => {
                *slot = item;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// Adds `item` unless it is there already (or the list is full).
    pub(super) fn insert(&mut self, item: T) {
        if !self.as_slice().contains(&item) {
            self.push(item);
        }
    }

    /// The items.
    pub(super) fn as_slice(&self) -> &[T] {
        &self.items[..(self.len as usize).min(N)]
    }

    /// The items, to reorder.
    pub(super) fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items[..(self.len as usize).min(N)]
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

#[cfg(test)]
mod tests {
    use super::{RING_LINKED, at_least_two, parts_without};
    use crate::BoardKind;
    use crate::board::{Board, Squares, WIDTH};
    use mesopotamia_core::Space;

    /// The components of `set` on the board, each as a set, sorted.
    fn components(board: &Board, set: Squares) -> Vec<Vec<u16>> {
        let mut out = Vec::new();
        board
            .grid()
            .for_each_component(set, |c| out.push(c.iter().map(|s| s.0).collect::<Vec<_>>()));
        out.sort();
        out
    }

    /// Whatever the shape, the pieces a region falls into without one of its squares are
    /// the components of the rest, as a full fill finds them: regions of many shapes (random
    /// sets of every density, so that two, three and four pieces meet again late or never),
    /// each square taken out in turn.
    #[test]
    fn the_pieces_without_a_square_are_the_components_of_the_rest() {
        let board = Board::get(BoardKind::Classic);
        let all = board.land() | board.river();
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut several, mut cases) = (0, 0);
        for round in 0..400 {
            // Densities from sparse to nearly full.
            let keep = 30 + (round % 7) * 10;
            let mut set = Squares::EMPTY;
            for s in all.iter() {
                if next() % 100 < keep {
                    set.insert(s);
                }
            }
            for region in components(board, set) {
                let mut squares = Squares::EMPTY;
                for &s in &region {
                    squares.insert(Space(s));
                }
                for &s in &region {
                    let mut rest = squares;
                    rest.remove(Space(s));
                    let mut got: Vec<Vec<u16>> = parts_without(squares, Space(s), board)
                        .as_slice()
                        .iter()
                        .map(|p| p.iter().map(|x| x.0).collect())
                        .collect();
                    got.sort();
                    let want = components(board, rest);
                    assert_eq!(got, want, "region {region:?} without {s}");
                    several += usize::from(want.len() >= 3);
                    cases += 1;
                }
            }
        }
        assert!(cases > 10_000, "{cases} cases");
        assert!(
            several > 100,
            "only {several} cases of three pieces or more"
        );
    }

    /// A square whose four arms link again far away, two by two and all together: the
    /// pieces grown from each side meet late, after several steps each.
    #[test]
    fn arms_that_meet_far_away_are_one_piece() {
        let board = Board::get(BoardKind::Classic);
        let at = |row: usize, column: usize| Space((row * WIDTH + column) as u16);
        // A hollow square of side 7 through the middle square's four neighbours' arms:
        // the cross from (4, 6) to the frame of rows 1..=7, columns 3..=9.
        let mut region = Squares::EMPTY;
        for i in 0..7 {
            region.insert(at(1, 3 + i));
            region.insert(at(7, 3 + i));
            region.insert(at(1 + i, 3));
            region.insert(at(1 + i, 9));
        }
        for i in 1..7 {
            region.insert(at(4, 3 + i));
            region.insert(at(1 + i, 6));
        }
        let centre = at(4, 6);
        let parts = parts_without(region, centre, board);
        let mut rest = region;
        rest.remove(centre);
        assert_eq!(
            parts.as_slice(),
            &[rest],
            "one piece: the frame links the arms"
        );
        // Cut the frame in four: the arms fall apart.
        for cut in [at(1, 3), at(1, 9), at(7, 3), at(7, 9)] {
            region.remove(cut);
        }
        rest.remove(at(1, 3));
        rest.remove(at(1, 9));
        rest.remove(at(7, 3));
        rest.remove(at(7, 9));
        let mut got: Vec<Vec<u16>> = parts_without(region, centre, board)
            .as_slice()
            .iter()
            .map(|p| p.iter().map(|x| x.0).collect())
            .collect();
        got.sort();
        assert_eq!(got, components(board, rest));
        assert_eq!(got.len(), 4);
    }

    #[test]
    fn at_least_two_counts_to_two() {
        let mut set = Squares::EMPTY;
        assert!(!at_least_two(set));
        set.insert(Space(40));
        assert!(!at_least_two(set));
        set.insert(Space(3));
        assert!(at_least_two(set));
    }

    /// The table worked out at compile time says, for every pattern, what a walk round the
    /// ring says: the orthogonal neighbours present are all reached from the first one,
    /// stepping between present squares next to each other round the ring.
    #[test]
    fn the_ring_table_is_what_a_walk_round_the_ring_says() {
        for (pattern, &linked) in RING_LINKED.iter().enumerate() {
            let present = |i: usize| pattern & (1 << (i % 8)) != 0;
            let orthogonal: Vec<usize> = (0..8).step_by(2).filter(|&i| present(i)).collect();
            let walked = match orthogonal.first() {
                None => true,
                Some(&first) => {
                    let mut reached = [false; 8];
                    let mut stack = vec![first];
                    while let Some(i) = stack.pop() {
                        if reached[i] {
                            continue;
                        }
                        reached[i] = true;
                        for next in [(i + 1) % 8, (i + 7) % 8] {
                            if present(next) && !reached[next] {
                                stack.push(next);
                            }
                        }
                    }
                    orthogonal.iter().all(|&i| reached[i])
                }
            };
            assert_eq!(linked, walked, "pattern {pattern:08b}");
        }
        // Both answers occur.
        assert!(RING_LINKED.iter().any(|&l| l) && RING_LINKED.iter().any(|&l| !l));
    }
}
