//! The regions of the board (tiles and leaders linked orthogonally), kept up to date as
//! pieces come and go, and the kingdoms a square touches.

use mesopotamia_core::{Adjacency, Colour, Seat, Space};
use smallvec::SmallVec;

use super::{Public, sp};
use crate::board::{HEIGHT, Square, Squares, WIDTH};

/// What the board's pieces make of it, kept up to date as pieces come and go so that the
/// hot paths need no flood fill: the regions, and the squares of the leaders. Derived
/// from the board: it takes no part in equality, hashing or serialization, and a state
/// that has not computed it (just deserialized) falls back to computing from the board.
#[derive(Clone, Default)]
pub(crate) struct Regions {
    pub(super) list: SmallVec<[Squares; 16]>,
    /// The squares of the leaders on the board.
    pub(super) leaders: Squares,
    pub(super) fresh: bool,
    /// Pieces joined regions since the last look for a treasure due: a trader's kingdom
    /// can only come to hold two treasures when regions join, so the look is spared
    /// otherwise.
    pub(super) treasure_check: bool,
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

/// The eight squares around a square, in turn: N, NE, E, SE, S, SW, W, NW (each
/// orthogonally next to the one before and after it).
const RING: [(isize, isize); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// For each pattern of the ring (bit i: the i-th square of [`RING`] is in the region),
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
pub(super) fn stays_whole(region: Squares, s: Space) -> bool {
    let (c, r) = ((s.index() % WIDTH) as isize, (s.index() / WIDTH) as isize);
    let mut pattern = 0usize;
    for (i, (dc, dr)) in RING.iter().enumerate() {
        let (nc, nr) = (c + dc, r + dr);
        if nc >= 0
            && nr >= 0
            && (nc as usize) < WIDTH
            && (nr as usize) < HEIGHT
            && region.contains(Space((nr as usize * WIDTH + nc as usize) as u16))
        {
            pattern |= 1 << i;
        }
    }
    RING_LINKED[pattern]
}

impl Public {
    /// Recomputes the regions and the leader squares from the board.
    pub(crate) fn refresh_regions(&mut self) {
        let leaders = self.leader_squares_from_board();
        let occupied = self.face_up() | self.flipped | leaders;
        let mut list = SmallVec::new();
        self.board()
            .grid()
            .for_each_component(occupied, |region| list.push(region));
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
        if let (Some(s), 1) = (gone.first(), gone.len()) {
            // One piece left: most often the rest of its region still holds together,
            // which the squares around it tell without a fill.
            if let Some(i) = self.regions.list.iter().position(|r| r.contains(s)) {
                let region = self.regions.list[i];
                if stays_whole(region, s) {
                    let rest = region - gone;
                    if rest.is_empty() {
                        self.regions.list.swap_remove(i);
                    } else {
                        self.regions.list[i] = rest;
                    }
                    return;
                }
            }
        }
        let mut broken = Squares::EMPTY;
        self.regions.list.retain(|r| {
            if r.intersects(&gone) {
                broken |= *r;
                false
            } else {
                true
            }
        });
        let grid = self.board().grid();
        let list = &mut self.regions.list;
        grid.for_each_component(broken - gone, |part| list.push(part));
    }

    /// A piece arrived on `square` (already in `occupied()`): it joins the regions around it.
    pub(super) fn merge_region_at(&mut self, square: Square) {
        if !self.regions.fresh {
            self.refresh_regions();
            return;
        }
        self.regions.treasure_check = true;
        let mut around = self.board().neighbours(sp(square));
        around.insert(sp(square));
        let mut merged = Squares::single(sp(square));
        self.regions.list.retain(|r| {
            if r.intersects(&around) {
                merged |= *r;
                false
            } else {
                true
            }
        });
        self.regions.list.push(merged);
    }

    /// The region holding `space`, empty if nothing stands there.
    pub(super) fn region_of(&self, space: Space) -> Squares {
        if self.regions.fresh {
            self.regions
                .list
                .iter()
                .find(|r| r.contains(space))
                .copied()
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
        let mut a: Vec<Squares> = self.regions.list.to_vec();
        let mut b: Vec<Squares> = fresh.regions.list.to_vec();
        let key = |s: &Squares| s.first();
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
            .filter(|r| r.intersects(&around) && r.intersects(&leaders))
            .copied()
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
