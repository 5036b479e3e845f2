//! The regions of the board (tiles and leaders linked orthogonally), kept up to date as
//! pieces come and go, and the kingdoms a square touches.

use mesopotamia_core::{Adjacency, Colour, Seat, Space};
use smallvec::SmallVec;

use super::{Public, sp};
use crate::board::{Board, Square, Squares};

/// What the board's pieces make of it, kept up to date as pieces come and go so that the
/// hot paths need no flood fill: the regions, and the squares of the leaders. Derived
/// from the board: it takes no part in equality, hashing or serialization, and a state
/// that has not computed it (just deserialized) falls back to computing from the board.
#[derive(Clone, Default)]
pub(crate) struct Regions {
    pub(super) list: SmallVec<[Region; 16]>,
    /// The squares of the leaders on the board.
    pub(super) leaders: Squares,
    pub(super) fresh: bool,
    /// Pieces joined regions since the last look for a treasure due: a trader's kingdom
    /// can only come to hold two treasures when regions join, so the look is spared
    /// otherwise.
    pub(super) treasure_check: bool,
}

/// A region and the squares around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Region {
    pub(super) squares: Squares,
    /// The squares next to the region, not in it (all free of tiles and leaders).
    pub(super) border: Squares,
}

impl Region {
    fn new(squares: Squares, board: &Board) -> Region {
        Region {
            squares,
            border: board.grid().dilate(squares) - squares,
        }
    }
}

impl PartialEq for Regions {
    fn eq(&self, _: &Regions) -> bool {
        true
    }
}

impl Eq for Regions {}

impl core::hash::Hash for Regions {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}

impl core::fmt::Debug for Regions {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Regions({}, fresh: {})", self.list.len(), self.fresh)
    }
}

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
    fn push(&mut self, region: Squares) {
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

impl Public {
    /// Recomputes the regions and the leader squares from the board.
    pub(crate) fn refresh_regions(&mut self) {
        let leaders = self.leader_squares_from_board();
        let occupied = self.face_up() | self.flipped | leaders;
        let board = self.board();
        let mut list = SmallVec::new();
        board
            .grid()
            .for_each_component(occupied, |region| list.push(Region::new(region, board)));
        self.regions = Regions {
            list,
            leaders,
            fresh: true,
            treasure_check: true,
        };
    }

    /// The squares of the leaders on the board, looked up on the board itself.
    fn leader_squares_from_board(&self) -> Squares {
        let mut set = Squares::EMPTY;
        for seat in &self.leaders[..self.seats()] {
            for s in seat.iter().flatten() {
                set.insert(sp(*s));
            }
        }
        set
    }

    /// The squares of the leaders on the board.
    #[inline]
    pub(crate) fn leader_squares(&self) -> Squares {
        if self.regions.fresh {
            self.regions.leaders
        } else {
            self.leader_squares_from_board()
        }
    }

    /// Puts `seat`'s leader of `colour` on `to`, or back to supply (`None`), keeping the
    /// leader squares; returns where it stood. The regions are the caller's to update.
    pub(super) fn set_leader(
        &mut self,
        seat: Seat,
        colour: Colour,
        to: Option<Square>,
    ) -> Option<Square> {
        let from = core::mem::replace(&mut self.leaders[seat.index()][colour.index()], to);
        if let Some(from) = from {
            self.regions.leaders.remove(sp(from));
        }
        if let Some(to) = to {
            self.regions.leaders.insert(sp(to));
        }
        from
    }

    /// Pieces left `gone` (already out of `occupied()`): the regions they were in may
    /// split; only those are filled again.
    pub(super) fn regions_lose(&mut self, gone: Squares) {
        if !self.regions.fresh {
            self.refresh_regions();
            return;
        }
        let board = self.board();
        if let (Some(s), false) = (gone.first(), at_least_two(gone)) {
            if let Some(i) = self.regions.list.iter().position(|r| r.squares.contains(s)) {
                let region = self.regions.list.swap_remove(i).squares;
                for &part in parts_without(region, s, board).as_slice() {
                    self.regions.list.push(Region::new(part, board));
                }
                return;
            }
        }
        let mut broken = Squares::EMPTY;
        self.regions.list.retain(|r| {
            if r.squares.intersects(&gone) {
                broken |= r.squares;
                false
            } else {
                true
            }
        });
        let list = &mut self.regions.list;
        board
            .grid()
            .for_each_component(broken - gone, |part| list.push(Region::new(part, board)));
    }

    /// A piece arrived on `square` (already in `occupied()`): it joins the regions around
    /// it. Returns the kingdoms it touched (those of them holding a leader), as they were.
    pub(super) fn merge_region_at(&mut self, square: Square) -> Few {
        let mut kingdoms = Few::default();
        if !self.regions.fresh {
            let mut occupied = self.occupied();
            occupied.remove(sp(square));
            let mut leaders = self.leader_squares();
            leaders.remove(sp(square));
            for k in self.adjacent_kingdoms(square, occupied, leaders) {
                kingdoms.push(k);
            }
            self.refresh_regions();
            return kingdoms;
        }
        let neighbours = self.board().neighbours(sp(square));
        let leaders = self.regions.leaders;
        let mut merged = Region {
            squares: Squares::single(sp(square)),
            border: neighbours,
        };
        let list = &mut self.regions.list;
        let mut i = 0;
        while i < list.len() {
            let r = list[i];
            if r.squares.intersects(&neighbours) {
                if r.squares.intersects(&leaders) {
                    kingdoms.push(r.squares);
                }
                merged.squares |= r.squares;
                merged.border |= r.border;
                list.swap_remove(i);
            } else {
                i += 1;
            }
        }
        merged.border -= merged.squares;
        list.push(merged);
        // A trader's kingdom can only come to hold two treasures when regions join.
        if at_least_two(merged.squares & self.treasures) {
            let traders = Seat::all(self.seats())
                .filter_map(|seat| self.leaders[seat.index()][Colour::Green.index()]);
            for trader in traders {
                if merged.squares.contains(sp(trader)) {
                    self.regions.treasure_check = true;
                }
            }
        }
        kingdoms
    }

    /// The region holding `space`, empty if nothing stands there.
    pub(super) fn region_of(&self, space: Space) -> Squares {
        if self.regions.fresh {
            self.regions
                .list
                .iter()
                .find(|r| r.squares.contains(space))
                .map(|r| r.squares)
                .unwrap_or_default()
        } else {
            self.board().grid().component(space, self.occupied())
        }
    }

    /// Whether the kept regions match the board (for tests).
    #[doc(hidden)]
    pub fn regions_consistent(&self) -> bool {
        let mut fresh = self.clone();
        fresh.refresh_regions();
        let mut a: Vec<Region> = self.regions.list.to_vec();
        let mut b: Vec<Region> = fresh.regions.list.to_vec();
        let key = |r: &Region| r.squares.first();
        a.sort_by_key(key);
        b.sort_by_key(key);
        !self.regions.fresh || (a == b && self.regions.leaders == fresh.regions.leaders)
    }

    /// The kingdoms orthogonally adjacent to an empty `square`, from the kept regions.
    pub(super) fn adjacent_kingdoms_now(&self, square: Square) -> SmallVec<[Squares; 4]> {
        if !self.regions.fresh {
            return self.adjacent_kingdoms(square, self.occupied(), self.leader_squares());
        }
        let around = self.board().neighbours(sp(square));
        let leaders = self.leader_squares();
        self.regions
            .list
            .iter()
            .filter(|r| r.squares.intersects(&around) && r.squares.intersects(&leaders))
            .map(|r| r.squares)
            .collect()
    }

    /// The kingdoms orthogonally adjacent to `square` (which must be empty in
    /// `occupied`), found by filling only the regions around it.
    pub(super) fn adjacent_kingdoms(
        &self,
        square: Square,
        occupied: Squares,
        leaders: Squares,
    ) -> SmallVec<[Squares; 4]> {
        let grid = self.board().grid();
        let mut out = SmallVec::new();
        let mut seen = Squares::EMPTY;
        for n in (grid.neighbours(sp(square)) & occupied).iter() {
            if seen.contains(n) {
                continue;
            }
            let region = grid.component(n, occupied);
            seen |= region;
            if region.intersects(&leaders) {
                out.push(region);
            }
        }
        out
    }
}
