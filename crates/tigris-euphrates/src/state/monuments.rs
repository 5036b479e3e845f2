//! Monuments, the ziggurat and civilization buildings: the options a placed tile opens,
//! and building them.

use mesopotamia_core::{Colour, EventSink};
use smallvec::SmallVec;

use super::split::at_least_two;
use super::{AfterPlacement, Pending, Public, Tigris, sp};
use crate::action::Monument;
use crate::board::{Square, Squares, WIDTH};
use crate::event::Event;

impl Public {
    /// Monument options for the tile just placed: (monument, top-left square).
    pub(super) fn monument_options(&self, out: &mut SmallVec<[(Monument, Square); 8]>) {
        out.clear();
        let Some(tile) = self.placed_at(AfterPlacement::Monument) else {
            return;
        };
        let Some(colour) = self.face_up_colour(tile) else {
            return;
        };
        // A 2x2 square through the tile holds two of its neighbours: most tiles have
        // fewer of their colour, and complete none.
        if !at_least_two(self.board().neighbours(sp(tile)) & self.tiles[colour.index()]) {
            return;
        }
        let corners: SmallVec<[Square; 4]> = two_by_two_corners(tile)
            .into_iter()
            .filter(|corner| {
                !self.declined.contains(sp(*corner))
                    && two_by_two_squares(*corner)
                        .iter()
                        .all(|s| self.tiles[colour.index()].contains(sp(*s)))
            })
            .collect();
        if corners.is_empty() {
            return;
        }
        for m in Monument::ALL {
            if m.has(colour) && self.monuments[m.index()].is_none() {
                for &corner in &corners {
                    out.push((m, corner));
                }
            }
        }
        out.sort_unstable();
    }

    /// Centres of the crosses of five face-up tiles of one colour that the tile just
    /// placed completes, where the ziggurat may be built (T16).
    pub(super) fn ziggurat_options(&self) -> Squares {
        let mut out = Squares::EMPTY;
        if !self.config.ziggurat || self.ziggurat.is_some() {
            return out;
        }
        let Some(tile) = self.placed_at(AfterPlacement::Ziggurat) else {
            return out;
        };
        let Some(colour) = self.face_up_colour(tile) else {
            return out;
        };
        let tiles = self.tiles[colour.index()];
        let board = self.board();
        let mut centres = board.neighbours(sp(tile));
        centres.insert(sp(tile));
        for centre in (centres & tiles).iter() {
            let arms = board.neighbours(centre);
            if arms.len() == 4
                && (arms - tiles).is_empty()
                && !self.ziggurat_declined.contains(centre)
            {
                out.insert(centre);
            }
        }
        out
    }

    /// Where the building of the tile just placed may go (T16): any tile of a straight
    /// line of 3 or more face-up tiles of its colour through the placed tile; a
    /// building already on the board moves only to a line strictly longer than the
    /// longest line now through its own tile.
    pub(super) fn building_options(&self) -> Squares {
        let mut out = Squares::EMPTY;
        if !self.config.buildings {
            return out;
        }
        let Some(tile) = self.placed_at(AfterPlacement::Building) else {
            return out;
        };
        let Some(colour) = self.face_up_colour(tile) else {
            return out;
        };
        let tiles = self.tiles[colour.index()];
        let current = self.buildings[colour.index()];
        let under = current.map_or(0, |b| {
            let (row, column) = lines_through(tiles, b);
            row.len().max(column.len())
        });
        let (row, column) = lines_through(tiles, tile);
        for line in [row, column] {
            if line.len() >= 3 && line.len() > under {
                out |= line;
            }
        }
        if let Some(b) = current {
            out.remove(sp(b));
        }
        out
    }

    /// T16: a building under a new monument or ziggurat goes back to supply.
    fn return_buildings_under(&mut self, covered: Squares, ev: &mut impl EventSink<Event>) {
        for c in Colour::ALL {
            if let Some(b) = self.buildings[c.index()] {
                if covered.contains(sp(b)) {
                    self.buildings[c.index()] = None;
                    ev.push(Event::BuildingReturned {
                        colour: c,
                        square: b,
                    });
                }
            }
        }
    }
}

/// The horizontal and the vertical run of `tiles` through `s` (each holding `s`).
fn lines_through(tiles: Squares, s: Square) -> (Squares, Squares) {
    let walk = |dc: isize, dr: isize| {
        let mut line = Squares::single(sp(s));
        for sign in [1, -1] {
            let (mut c, mut r) = (s.column() as isize, s.row() as isize);
            loop {
                c += dc * sign;
                r += dr * sign;
                match (c >= 0 && r >= 0)
                    .then(|| Square::new(c as usize, r as usize))
                    .flatten()
                {
                    Some(next) if tiles.contains(sp(next)) => {
                        line.insert(sp(next));
                    }
                    _ => break,
                }
            }
        }
        line
    };
    (walk(1, 0), walk(0, 1))
}

/// Top-left corners of the 2x2 squares containing `s` that lie on the board.
fn two_by_two_corners(s: Square) -> SmallVec<[Square; 4]> {
    let (c, r) = (s.column(), s.row());
    let mut out = SmallVec::new();
    for (dc, dr) in [(1, 1), (0, 1), (1, 0), (0, 0)] {
        if c >= dc && r >= dr {
            if let Some(corner) = Square::new(c - dc, r - dr) {
                if corner.column() + 1 < WIDTH
                    && Square::new(corner.column(), corner.row() + 1).is_some()
                {
                    out.push(corner);
                }
            }
        }
    }
    out
}

/// The four squares of the 2x2 square with top-left `corner` (which must not be on
/// the last row or column).
pub(crate) fn two_by_two_squares(corner: Square) -> [Square; 4] {
    let (c, r) = (corner.column(), corner.row());
    [
        Some(corner),
        Square::new(c + 1, r),
        Square::new(c, r + 1),
        Square::new(c + 1, r + 1),
    ]
    .map(|s| s.unwrap_or(corner))
}

impl Tigris {
    pub(super) fn build_monument(
        &mut self,
        monument: Monument,
        corner: Square,
        ev: &mut impl EventSink<Event>,
    ) {
        let p = &mut self.public;
        let squares: Squares = two_by_two_squares(corner).iter().map(|s| sp(*s)).collect();
        let colour = Colour::ALL
            .into_iter()
            .find(|c| p.tiles[c.index()].contains(sp(corner)))
            .expect("a checked monument stands on face-up tiles");
        p.tiles[colour.index()] -= squares;
        p.flipped |= squares;
        p.flipped_colours[colour.index()] |= squares;
        p.monuments[monument.index()] = Some(corner);
        p.placed = p.placed.map(|(s, _)| (s, AfterPlacement::Ziggurat));
        ev.push(Event::MonumentBuilt {
            monument,
            square: corner,
        });
        p.return_buildings_under(squares, ev);
        if colour == Colour::Red {
            p.return_leaders_without_temple(ev);
        }
    }

    /// Declines whatever is being decided about the tile just placed.
    pub(super) fn decline(&mut self, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        match p.pending {
            Pending::Monument => {
                let mut options = SmallVec::new();
                p.monument_options(&mut options);
                for (_, corner) in options {
                    p.declined.insert(sp(corner));
                }
                p.placed = p.placed.map(|(s, _)| (s, AfterPlacement::Ziggurat));
                ev.push(Event::MonumentDeclined);
            }
            Pending::Ziggurat => {
                // Like a monument's square, a declined cross never carries the ziggurat.
                p.ziggurat_declined |= p.ziggurat_options();
                p.placed = p.placed.map(|(s, _)| (s, AfterPlacement::Building));
                ev.push(Event::ZigguratDeclined);
            }
            Pending::Building => {
                p.placed = None;
                ev.push(Event::BuildingDeclined);
            }
            _ => {}
        }
    }

    pub(super) fn build_ziggurat(&mut self, centre: Square, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        let mut cross = p.board().neighbours(sp(centre));
        cross.insert(sp(centre));
        let colour = p
            .face_up_colour(centre)
            .expect("a checked ziggurat stands on face-up tiles");
        p.tiles[colour.index()] -= cross;
        p.flipped |= cross;
        p.flipped_colours[colour.index()] |= cross;
        p.ziggurat = Some(centre);
        p.placed = p.placed.map(|(s, _)| (s, AfterPlacement::Building));
        ev.push(Event::ZigguratBuilt { square: centre });
        p.return_buildings_under(cross, ev);
        if colour == Colour::Red {
            p.return_leaders_without_temple(ev);
        }
    }

    pub(super) fn put_building(&mut self, square: Square, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        let colour = p
            .face_up_colour(square)
            .expect("a checked building goes on a face-up tile");
        let from = p.buildings[colour.index()].replace(square);
        p.placed = None;
        ev.push(Event::BuildingPlaced {
            colour,
            square,
            from,
        });
    }
}
