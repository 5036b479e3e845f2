//! The regions of the board (tiles and leaders linked orthogonally), kept up to date as
//! pieces come and go, and the kingdoms a square touches.

use mesopotamia_core::{Adjacency, Space};
use smallvec::SmallVec;

use super::{Public, sp};
use crate::board::{Square, Squares};

/// The regions of the board (tiles and leaders linked orthogonally), kept up to date as
/// pieces come and go so that kingdoms need no flood fill on the hot path. Derived from
/// the board: it takes no part in equality, hashing or serialization, and a state that
/// has not computed it (just deserialized) falls back to flood fills.
#[derive(Clone, Default)]
pub(crate) struct Regions {
    pub(super) list: SmallVec<[Squares; 16]>,
    pub(super) fresh: bool,
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

impl Public {
    /// Recomputes the regions from the board.
    pub(crate) fn refresh_regions(&mut self) {
        let grid = self.board().grid();
        let occupied = self.occupied();
        let mut list = SmallVec::new();
        let mut rest = occupied;
        while let Some(seed) = rest.first() {
            let region = grid.component(seed, occupied);
            rest -= region;
            list.push(region);
        }
        self.regions = Regions { list, fresh: true };
    }

    /// Pieces left `gone` (already out of `occupied()`): the regions they were in may
    /// split; only those are filled again.
    pub(super) fn regions_lose(&mut self, gone: Squares) {
        if !self.regions.fresh {
            self.refresh_regions();
            return;
        }
        let grid = self.board().grid();
        let mut broken = Squares::EMPTY;
        self.regions.list.retain(|r| {
            if r.intersects(&gone) {
                broken |= *r;
                false
            } else {
                true
            }
        });
        let rest = broken - gone;
        let mut seeds = rest;
        while let Some(seed) = seeds.first() {
            let part = grid.component(seed, rest);
            seeds -= part;
            self.regions.list.push(part);
        }
    }

    /// A piece arrived on `square` (already in `occupied()`): it joins the regions around it.
    pub(super) fn merge_region_at(&mut self, square: Square) {
        if !self.regions.fresh {
            self.refresh_regions();
            return;
        }
        let around = self.board().grid().dilate(Squares::single(sp(square)));
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
        !self.regions.fresh || a == b
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
