//! The regions of the board (tiles and leaders linked orthogonally), kept up to date as
//! pieces come and go, and the kingdoms a square touches.

use mesopotamia_core::{Adjacency, Colour, Seat, Space};
use smallvec::SmallVec;

use super::split::{Few, Pieces, at_least_two, parts_without};
use super::{Public, sp};
use crate::board::{self, Board, SQUARES, Square, Squares};

/// What the board's pieces make of it, kept up to date as pieces come and go so that the
/// hot paths need no flood fill: the regions with a label per square, the squares of the
/// leaders, and what moving each leader does to its kingdom. Derived from the board: it
/// takes no part in equality, hashing or serialization, and a state that has not
/// computed it (just deserialized) falls back to computing from the board.
pub(crate) struct Regions {
    /// The regions, in no particular order.
    pub(super) list: SmallVec<[Region; 20]>,
    /// For each square standing in a region, the region's index in `list` (meaningless
    /// for the other squares).
    label: [u8; SQUARES],
    /// The squares of the leaders on the board.
    pub(super) leaders: Squares,
    /// The squares of the regions: tiles (face up or down) and leaders.
    pub(super) occupied: Squares,
    /// What moving the leader of each seat and colour does to its kingdom, as last worked
    /// out (see [`LeaderMove`]).
    moves: [[LeaderMove; 4]; 4],
    /// The pieces the kingdom of the active seat's leader of each colour falls into
    /// without it, as worked out with [`Regions::moves`] (the region's stamp and the
    /// leader's square tell whose): when that leader then leaves, the region splits the
    /// same way without a second fill. Only the active seat's: every seat's would make
    /// the state much bigger to clone.
    splits: [Split; 4],
    /// The last stamp given to a region (see [`Region::stamp`]).
    stamps: u32,
    /// How many kingdoms each square borders, as the bits of a binary count (at most 4: a
    /// square has four neighbours), kept as kingdoms come and go: the legal actions need
    /// which squares touch one, two and three kingdoms at every decision.
    touch: [Squares; 3],
    /// Pieces joined regions since the last look for a treasure due: a trader's kingdom
    /// can only come to hold two treasures when regions join, so the look is spared
    /// otherwise.
    pub(super) treasure_check: bool,
    /// How many squares of land and of river are empty (free of pieces and
    /// catastrophes), kept as pieces and catastrophes come and go: the sampler needs
    /// how many squares a tile may go to at every decision.
    pub(super) empty: [u16; 2],
    /// The face-up temples [`Regions::temple_land`] was worked out for.
    temples: Squares,
    /// The land next to those temples, where leaders may stand: worked out when the
    /// state settles on an action after the temples changed, not at every decision.
    temple_land: Squares,
}

/// By hand: the derived clone copies the regions one by one (`SmallVec`'s clone goes
/// through an iterator), and a search clones the state at every iteration.
impl Clone for Regions {
    fn clone(&self) -> Regions {
        Regions {
            list: SmallVec::from_slice(&self.list),
            label: self.label,
            leaders: self.leaders,
            occupied: self.occupied,
            moves: self.moves,
            splits: self.splits,
            stamps: self.stamps,
            touch: self.touch,
            treasure_check: self.treasure_check,
            empty: self.empty,
            temples: self.temples,
            temple_land: self.temple_land,
        }
    }
}

impl Default for Regions {
    fn default() -> Regions {
        Regions {
            list: SmallVec::new(),
            label: [0; SQUARES],
            leaders: Squares::EMPTY,
            occupied: Squares::EMPTY,
            moves: Default::default(),
            splits: Default::default(),
            stamps: 0,
            touch: [Squares::EMPTY; 3],
            treasure_check: false,
            empty: [0; 2],
            temples: Squares::EMPTY,
            temple_land: Squares::EMPTY,
        }
    }
}

/// A region and the squares around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Region {
    pub(super) squares: Squares,
    /// The squares next to the region, not in it (all free of tiles and leaders).
    pub(super) border: Squares,
    /// A number (never 0) that no other region standing or worked out for has, so that
    /// what was worked out for a region is known to still hold while it stands as it was.
    stamp: u32,
    /// Whether it held a leader when made. A leader comes or goes only with its region
    /// made again, so this stays true to the board.
    kingdom: bool,
}

/// What moving a leader does to its own kingdom: the kingdom splits into the parts left
/// without the leader, and only those still holding a leader remain kingdoms. Kept per
/// leader while its kingdom stands as it was: a kingdom rarely changes between two
/// decisions of its leaders' owner, and working this out takes a fill.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct LeaderMove {
    /// The stamp of the kingdom it was worked out for (0: nothing kept).
    stamp: u32,
    /// The leader's square then.
    from: u16,
    /// Squares touching one of the parts still holding a leader.
    pub(super) one: Squares,
    /// Squares touching two of them or more.
    pub(super) two: Squares,
}

/// The pieces a region falls into without one square, kept from a leader move's fill.
#[derive(Clone, Copy, Default)]
struct Split {
    /// The stamp of the region (0: nothing kept).
    stamp: u32,
    /// The square leaving it.
    from: u16,
    parts: Pieces,
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
        write!(f, "Regions({})", self.list.len())
    }
}

impl Regions {
    /// A new stamp. Should they run out, the regions standing are stamped again from 1
    /// and nothing worked out for the old stamps is kept.
    fn stamp(&mut self) -> u32 {
        if self.stamps == u32::MAX {
            self.stamps = 0;
            for region in self.list.iter_mut() {
                self.stamps += 1;
                region.stamp = self.stamps;
            }
            self.moves = Default::default();
            self.splits = Default::default();
        }
        self.stamps += 1;
        self.stamps
    }

    fn region(&mut self, squares: Squares) -> Region {
        Region {
            squares,
            border: board::dilate(squares) - squares,
            stamp: self.stamp(),
            kingdom: squares.intersects(&self.leaders),
        }
    }

    /// Counts `region`'s border in (`add`) or out of the kingdoms' touch counts, if it is
    /// a kingdom.
    fn count(&mut self, region: &Region, add: bool) {
        if !region.kingdom {
            return;
        }
        let [c0, c1, c2] = &mut self.touch;
        // A ripple carry (or borrow) through the bits of the counts.
        let b = region.border;
        let carry0 = if add { *c0 & b } else { b - *c0 };
        *c0 ^= b;
        let carry1 = if add { *c1 & carry0 } else { carry0 - *c1 };
        *c1 ^= carry0;
        *c2 ^= carry1;
    }

    /// The squares touching one kingdom or more, two or more, three or more.
    #[inline]
    pub(super) fn kingdom_touch(&self) -> (Squares, Squares, Squares) {
        let [c0, c1, c2] = self.touch;
        (c0 | c1 | c2, c1 | c2, c2 | (c1 & c0))
    }

    /// Puts `region` in place of region `i`.
    fn replace(&mut self, i: usize, region: Region) {
        let old = self.list[i];
        self.count(&old, false);
        self.count(&region, true);
        self.list[i] = region;
    }

    /// The index of the region holding `s`, if one does.
    #[inline]
    fn index_of(&self, s: Space) -> Option<usize> {
        let i = *self.label.get(s.index())? as usize;
        self.list
            .get(i)
            .is_some_and(|r| r.squares.contains(s))
            .then_some(i)
    }

    fn label(&mut self, squares: Squares, i: usize) {
        let label = &mut self.label;
        squares.for_each(|s| {
            if let Some(l) = label.get_mut(s.index()) {
                *l = i as u8;
            }
        });
    }

    fn push(&mut self, region: Region) {
        self.label(region.squares, self.list.len());
        self.count(&region, true);
        self.list.push(region);
    }

    /// Removes region `i`; the last region takes its index.
    fn remove(&mut self, i: usize) {
        let gone = self.list.swap_remove(i);
        self.count(&gone, false);
        if let Some(moved) = self.list.get(i) {
            self.label(moved.squares, i);
        }
    }
}

impl Public {
    /// Recomputes the regions and the leader squares from the board.
    pub(crate) fn refresh_regions(&mut self) {
        let leaders = self.leader_squares_from_board();
        let occupied = self.face_up() | self.flipped | leaders;
        let board = self.board();
        // Every region gets a new stamp, so nothing kept of the old ones could match.
        let mut regions = Regions {
            leaders,
            occupied,
            treasure_check: true,
            ..Regions::default()
        };
        board.grid().for_each_component(occupied, |squares| {
            let region = regions.region(squares);
            regions.push(region);
        });
        let empty = board.grid().all() - occupied - self.catastrophes;
        regions.empty = [
            board::count(empty & board.land()) as u16,
            board::count(empty & board.river()) as u16,
        ];
        self.regions = regions;
    }

    /// A catastrophe fell on the empty square `square`.
    pub(super) fn catastrophe_on_empty(&mut self, square: Square) {
        let t = terrain(self.board(), sp(square));
        self.regions.empty[t] -= 1;
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
        self.regions.leaders
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
    /// split. One piece (most often) splits only its own region, from around it; more
    /// (a war, leaders losing their temple) refill the regions they were in.
    pub(super) fn regions_lose(&mut self, gone: Squares) {
        if at_least_two(gone) {
            self.regions_lose_several(gone);
            return;
        }
        let Some(s) = gone.first() else {
            return;
        };
        let Some(i) = self.regions.index_of(s) else {
            self.refresh_regions();
            return;
        };
        let board = self.board();
        // The square is empty now, unless a catastrophe took it.
        if !self.catastrophes.contains(s) {
            self.regions.empty[terrain(board, s)] += 1;
        }
        let regions = &mut self.regions;
        regions.occupied.remove(s);
        let region = regions.list[i];
        // A leader leaving its kingdom most often splits it as worked out beforehand.
        // Region stamps are never 0, the stamp of nothing kept.
        let kept = regions
            .splits
            .iter()
            .find(|k| k.stamp == region.stamp && k.from == s.0);
        let parts = match kept {
            Some(k) => {
                debug_assert!(same_parts(
                    k.parts.as_slice(),
                    parts_without(region.squares, s, board).as_slice()
                ));
                k.parts
            }
            None => parts_without(region.squares, s, board),
        };
        match parts.as_slice().split_last() {
            None => regions.remove(i),
            Some((&last, others)) => {
                // The last piece is the rest of the region once the others are cut
                // off: the biggest, most often, and it keeps the region's labels.
                let rest = regions.region(last);
                regions.replace(i, rest);
                for &part in others {
                    let region = regions.region(part);
                    regions.push(region);
                }
            }
        }
    }

    /// Several pieces left `gone`: the regions they were in fall into the components of
    /// what remains of them, filled within those squares; the other regions stand as
    /// they were (and keep what was worked out for them).
    fn regions_lose_several(&mut self, gone: Squares) {
        // A bit per region index holding a piece that left.
        let mut indices = 0u64;
        let mut unknown = false;
        gone.for_each(|s| match self.regions.index_of(s) {
            Some(i) if i < 64 => indices |= 1 << i,
            _ => unknown = true,
        });
        if unknown {
            self.refresh_regions();
            return;
        }
        let board = self.board();
        (gone - self.catastrophes).for_each(|s| {
            self.regions.empty[terrain(board, s)] += 1;
        });
        let regions = &mut self.regions;
        let mut rest = Squares::EMPTY;
        // From the highest index down: the region moved into a freed index comes from
        // above it, never one still to remove.
        while indices != 0 {
            let i = 63 - indices.leading_zeros() as usize;
            indices &= !(1 << i);
            rest |= regions.list[i].squares;
            regions.remove(i);
        }
        rest -= gone;
        regions.occupied -= gone;
        // No treasure can fall due: a trader's kingdom only comes to hold two treasures
        // when regions join.
        board.grid().for_each_component(rest, |squares| {
            let region = regions.region(squares);
            regions.push(region);
        });
    }

    /// A piece arrived on `square` (already in `occupied()`): it joins the regions around
    /// it. Returns the kingdoms it touched (those of them holding a leader), as they were.
    pub(super) fn merge_region_at(&mut self, square: Square) -> Pieces {
        let mut kingdoms = Pieces::default();
        let board = self.board();
        let neighbours = board.neighbours(sp(square));
        let arrived = if self.regions.leaders.contains(sp(square)) {
            self.leader_at(square)
        } else {
            None
        };
        let t = terrain(board, sp(square));
        let regions = &mut self.regions;
        let joined = regions.around(neighbours);
        regions.occupied.insert(sp(square));
        regions.empty[t] -= 1;
        let mut merged = Region {
            squares: Squares::single(sp(square)),
            border: neighbours,
            stamp: regions.stamp(),
            kingdom: false,
        };
        for &i in joined.as_slice() {
            let r = regions.list[i as usize];
            if r.squares.intersects(&regions.leaders) {
                kingdoms.push(r.squares);
            }
            merged.squares |= r.squares;
            merged.border |= r.border;
        }
        merged.border -= merged.squares;
        merged.kingdom = merged.squares.intersects(&regions.leaders);
        if let Some((seat, c)) = arrived {
            regions.arrived_leader(seat, c, sp(square), &joined, &merged);
        }
        match joined.as_slice().split_first() {
            None => regions.push(merged),
            Some((&keep, others)) => {
                // The first (lowest) index stays; the others, removed from the highest
                // down, never move it.
                let keep = keep as usize;
                regions.replace(keep, merged);
                regions.label(Squares::single(sp(square)), keep);
                for &i in others.iter().rev() {
                    let squares = regions.list[i as usize].squares;
                    regions.label(squares, keep);
                    regions.remove(i as usize);
                }
            }
        }
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
    #[inline]
    pub(super) fn region_of(&self, space: Space) -> Squares {
        self.regions
            .index_of(space)
            .map_or(Squares::EMPTY, |i| self.regions.list[i].squares)
    }

    /// The kept region holding `space`.
    #[inline]
    pub(super) fn kept_region(&self, space: Space) -> Option<&Region> {
        self.regions.index_of(space).map(|i| &self.regions.list[i])
    }

    /// Whether the kept regions match the board (for tests).
    #[doc(hidden)]
    pub fn regions_consistent(&self) -> bool {
        let mut fresh = self.clone();
        fresh.refresh_regions();
        let strip = |r: &Region| (r.squares.first(), r.squares, r.border, r.kingdom);
        let mut a: Vec<_> = self.regions.list.iter().map(strip).collect();
        let mut b: Vec<_> = fresh.regions.list.iter().map(strip).collect();
        a.sort_by_key(|r| r.0);
        b.sort_by_key(|r| r.0);
        let labelled = self.regions.list.iter().enumerate().all(|(i, r)| {
            r.squares
                .iter()
                .all(|s| self.regions.index_of(s) == Some(i))
        });
        a == b
            && labelled
            && self.regions.leaders == fresh.regions.leaders
            && self.regions.occupied == fresh.regions.occupied
            && self.regions.touch == fresh.regions.touch
            && self.regions.empty == fresh.regions.empty
    }

    /// The kingdoms orthogonally adjacent to an empty `square`, from the kept regions.
    pub(super) fn adjacent_kingdoms_now(&self, square: Square) -> SmallVec<[Squares; 4]> {
        let around = self.regions.around(self.board().neighbours(sp(square)));
        around
            .as_slice()
            .iter()
            .map(|&i| self.regions.list[i as usize].squares)
            .filter(|r| r.intersects(&self.regions.leaders))
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

    /// What moving `seat`'s leader of `colour` from `from` does to its kingdom `kingdom`
    /// (its kept region): kept, or worked out now.
    pub(super) fn leader_move(
        &self,
        seat: Seat,
        colour: Colour,
        from: Space,
        kingdom: Option<&Region>,
    ) -> LeaderMove {
        match kingdom {
            Some(region) => match self.kept_leader_move(seat, colour, from, region) {
                Some(kept) => {
                    debug_assert!({
                        let worked = self.work_out_leader_move(region.squares, from, 0).0;
                        (worked.one, worked.two) == (kept.one, kept.two)
                    });
                    kept
                }
                None => self.work_out_leader_move(region.squares, from, 0).0,
            },
            None => self.work_out_leader_move(self.region_of(from), from, 0).0,
        }
    }

    fn kept_leader_move(
        &self,
        seat: Seat,
        colour: Colour,
        from: Space,
        region: &Region,
    ) -> Option<LeaderMove> {
        let kept = *self.regions.moves.get(seat.index())?.get(colour.index())?;
        // Region stamps are never 0, the stamp of nothing kept.
        (kept.stamp == region.stamp && kept.from == from.0).then_some(kept)
    }

    /// Also returns the pieces of the kingdom without the leader, when they took a fill.
    fn work_out_leader_move(
        &self,
        kingdom: Squares,
        from: Space,
        stamp: u32,
    ) -> (LeaderMove, Option<Pieces>) {
        let mut out = LeaderMove {
            stamp,
            from: from.0,
            ..LeaderMove::default()
        };
        let mut leaders_left = kingdom & self.leader_squares();
        leaders_left.remove(from);
        if leaders_left.is_empty() {
            return (out, None);
        }
        let parts = parts_without(kingdom, from, self.board());
        for &part in parts.as_slice() {
            if part.intersects(&leaders_left) {
                let touch = board::dilate(part) - part;
                out.two |= out.one & touch;
                out.one |= touch;
            }
        }
        (out, Some(parts))
    }

    /// The land next to a face-up temple.
    #[inline]
    pub(super) fn temple_land(&self) -> Squares {
        let temples = self.tiles[Colour::Red.index()];
        if self.regions.temples == temples {
            self.regions.temple_land
        } else {
            self.board().land() & self.temple_neighbourhood()
        }
    }

    /// Keeps [`Public::temple_land`] for the decisions to come.
    pub(super) fn keep_temple_land(&mut self) {
        let temples = self.tiles[Colour::Red.index()];
        if self.regions.temples != temples {
            self.regions.temple_land = self.board().land() & self.temple_neighbourhood();
            self.regions.temples = temples;
        }
    }

    /// Works out, for the active seat's leaders on the board, what moving them does to
    /// their kingdoms, unless it is kept already: done once the state settles on an
    /// action, so that the legal actions of the decisions to come find it.
    pub(super) fn keep_leader_moves(&mut self) {
        let seat = self.active;
        for c in Colour::ALL {
            let Some(from) = self.leaders[seat.index()][c.index()] else {
                continue;
            };
            let from = sp(from);
            let Some(&region) = self.kept_region(from) else {
                continue;
            };
            if self.kept_leader_move(seat, c, from, &region).is_some() {
                continue;
            }
            let (worked, parts) = self.work_out_leader_move(region.squares, from, region.stamp);
            let slot = self.regions.splits.get_mut(c.index());
            if let (Some(parts), Some(slot)) = (parts, slot) {
                *slot = Split {
                    stamp: region.stamp,
                    from: from.0,
                    parts,
                };
            }
            if let Some(slot) = self
                .regions
                .moves
                .get_mut(seat.index())
                .and_then(|m| m.get_mut(c.index()))
            {
                *slot = worked;
            }
        }
    }
}

impl Regions {
    /// Seat `seat`'s leader of colour `c` arrived on `t` to make `merged` of the regions
    /// `joined`: without it, the kingdom falls back into those regions, as they were, so
    /// what moving it does is known without a fill.
    fn arrived_leader(
        &mut self,
        seat: Seat,
        c: Colour,
        t: Space,
        joined: &Few<u8, 4>,
        merged: &Region,
    ) {
        let mut worked = LeaderMove {
            stamp: merged.stamp,
            from: t.0,
            ..LeaderMove::default()
        };
        let mut parts = Pieces::default();
        for &i in joined.as_slice() {
            let r = &self.list[i as usize];
            parts.push(r.squares);
            // A region's border is what it touches (`t` among it).
            if r.squares.intersects(&self.leaders) {
                worked.two |= worked.one & r.border;
                worked.one |= r.border;
            }
        }
        self.moves[seat.index()][c.index()] = worked;
        self.splits[c.index()] = Split {
            stamp: merged.stamp,
            from: t.0,
            parts,
        };
    }

    /// The indices of the regions holding one of `squares` (at most four: the squares
    /// around one square), lowest first.
    fn around(&self, squares: Squares) -> Few<u8, 4> {
        let mut out = Few::default();
        (squares & self.occupied).for_each(|s| {
            if let Some(&l) = self.label.get(s.index()) {
                out.insert(l);
            }
        });
        out.as_mut_slice().sort_unstable();
        out
    }
}

/// Which count of [`Regions::empty`] `space` is in: 0 on land, 1 on a river.
#[inline]
fn terrain(board: &Board, space: Space) -> usize {
    board.river().contains(space) as usize
}

/// Whether two lists of pieces hold the same pieces, in any order (pieces are disjoint).
fn same_parts(a: &[Squares], b: &[Squares]) -> bool {
    a.len() == b.len() && a.iter().all(|p| b.contains(p))
}

#[cfg(test)]
mod tests {
    use mesopotamia_core::rand_core::SeedableRng;
    use mesopotamia_core::{Colour, Game, ToMove};
    use rand_chacha::ChaCha8Rng;

    use super::sp;
    use crate::board::{self, Board, BoardKind, Square, Squares};
    use crate::position::Cell;
    use crate::{Config, Position, Tigris};

    /// Two kingdoms at the bottom right of the classic board, ready for a green war when
    /// seat 0 plays a settlement on N11 (no green in hand, so no support to commit).
    const WAR_AT_THE_BOTTOM: &str = "\
tigris players 2 board classic variant standard
    A  B  C  D  E  F  G  H  I  J  K  L  M  N  O  P
 1  .  .  .  .  ~  ~  ~  ~  ~  .  r* .  ~  .  .  .
 2  .  r* .  .  ~  .  .  .  .  .  .  .  ~  .  .  r*
 3  .  .  .  ~  ~  r* .  .  .  .  .  .  ~  ~  .  .
 4  ~  ~  ~  ~  .  .  .  .  .  .  .  .  .  ~  ~  ~
 5  .  .  .  .  .  .  .  .  .  .  .  .  .  r* ~  ~
 6  .  .  .  .  .  .  .  .  .  .  .  .  .  .  ~  .
 7  ~  ~  ~  ~  .  .  .  .  r* .  .  .  ~  ~  ~  .
 8  .  r* .  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .
 9  .  .  .  .  .  .  ~  ~  ~  ~  ~  ~  ~  .  r* .
10  .  .  .  .  .  r* .  .  .  .  .  .  .  .  .  r
11  .  .  .  .  .  .  .  .  .  .  r* 0T g  .  g  1T
seat 0 hand 2 1 0 3 vp 0 0 0 0 treasures 0 catastrophes 2 discarded 0 0 0 0
seat 1 hand 2 1 0 3 vp 0 0 0 0 treasures 0 catastrophes 2 discarded 0 0 0 0
removed 0 0 0 0
turn 0 active 0 actions 2
";

    /// [`WAR_AT_THE_BOTTOM`] with `fillers` lone tiles added in reading order, each where
    /// it touches no other piece: farms on the river, the other colours in turn on land.
    fn with_lone_tiles(fillers: usize) -> Position {
        let mut position: Position = WAR_AT_THE_BOTTOM.parse().unwrap();
        let board = Board::get(BoardKind::Classic);
        let mut occupied = Squares::EMPTY;
        for square in (0..board::SQUARES).filter_map(Square::from_index) {
            if position.cells[square.index()] != Cell::Empty {
                occupied.insert(sp(square));
            }
        }
        let mut placed = 0;
        for square in (0..board::SQUARES).filter_map(Square::from_index) {
            let around = board.neighbours(sp(square)) | Squares::single(sp(square));
            if placed == fillers || around.intersects(&occupied) {
                continue;
            }
            let colour = if board.river().contains(sp(square)) {
                Colour::Blue
            } else {
                [Colour::Black, Colour::Green, Colour::Red][placed % 3]
            };
            position.cells[square.index()] = Cell::Tile {
                colour,
                flipped: false,
                treasure: false,
            };
            occupied.insert(sp(square));
            placed += 1;
        }
        assert_eq!(placed, fillers, "room for {fillers} lone tiles");
        position
    }

    /// A war in a kingdom whose region comes 64th or later (more regions than the quick
    /// removal's bit mask holds) takes the full recount, and the regions stay true to the
    /// board, as with fewer regions.
    #[test]
    fn a_war_among_more_than_64_regions_keeps_the_regions_true() {
        let mut indices = Vec::new();
        for fillers in 50..=60 {
            let mut game = with_lone_tiles(fillers).into_game().unwrap();
            // The union keeps the lowest index of the regions it joins: seat 1's kingdom's
            // (P10 comes first in reading order).
            indices.push(game.public.regions.index_of(sp("P11".parse().unwrap())));
            game.apply_notation("tile black N11").unwrap();
            // Nobody holds green: the war is fought at once, one market against one, and
            // seat 1 wins it as the defender.
            let after = Position::from_game(&game);
            let cell = |name: &str| after.cells[name.parse::<Square>().unwrap().index()];
            assert_eq!(cell("L11"), Cell::Empty, "L11's trader went home");
            assert_eq!(cell("M11"), Cell::Empty, "M11 left the game");
            assert!(game.public.regions_consistent(), "{fillers} lone tiles");
            assert_eq!(after.into_game().unwrap(), game, "{fillers} lone tiles");
        }
        assert!(indices.contains(&Some(63)), "{indices:?}");
        assert!(indices.contains(&Some(64)), "{indices:?}");
        assert!(indices.contains(&Some(65)), "{indices:?}");
    }

    /// Stamps running out mid-game restamp the regions and forget what was worked out:
    /// the game goes on as with stamps to spare, the kept regions true to the board (and,
    /// with debug assertions, every kept leader move and split checked against a fill).
    #[test]
    fn stamps_running_out_change_nothing() {
        for players in 2..=4 {
            let mut rng = ChaCha8Rng::seed_from_u64(players as u64);
            let mut spare = Tigris::new(Config::new(players)).unwrap();
            let mut scarce = spare.clone();
            scarce.public.regions.stamps = u32::MAX - 40;
            let mut restamped = false;
            while spare.to_move() != ToMove::Terminal {
                let mut same = rng.clone();
                match spare.to_move() {
                    ToMove::Chance => {
                        spare.play_chance_random(&mut rng, &mut Vec::new()).unwrap();
                        scarce
                            .play_chance_random(&mut same, &mut Vec::new())
                            .unwrap();
                    }
                    _ => {
                        let a = spare.play_sampled(&mut rng);
                        assert_eq!(scarce.play_sampled(&mut same), a);
                    }
                }
                assert_eq!(spare, scarce);
                assert!(scarce.public.regions_consistent());
                restamped |= scarce.public.regions.stamps < 1000;
            }
            assert!(restamped);
        }
    }
}
