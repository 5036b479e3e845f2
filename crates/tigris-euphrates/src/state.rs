//! The game state and the rules.

use mesopotamia_core::rand_core::RngCore;
use mesopotamia_core::scoring::weakest_colour_key;
use mesopotamia_core::{
    Adjacency, Bag, Colour, ColourMap, Game, Seat, SeatSet, Space, Standings, ToMove,
};
use smallvec::SmallVec;

use crate::action::{self, ACTION_SPACE, Action, ActionKind, Draw, MAX_SUPPORT, Monument};
use crate::board::{Board, Square, Squares, WIDTH};
pub use crate::config::Config;
use crate::event::{ConflictKind, Event, ReturnCause};
use mesopotamia_core::{EventSink, NoEvents};

/// Civilization tiles of each colour in the box (RULINGS: 57 red, 36 blue, 30 green, 30 black).
pub const TILES_PER_COLOUR: [u16; 4] = [57, 36, 30, 30];
/// Tiles in a full hand.
pub const HAND_SIZE: u8 = 6;
/// Catastrophe tiles each player starts with.
pub const CATASTROPHES_PER_PLAYER: u8 = 2;
/// Actions in a turn.
pub const ACTIONS_PER_TURN: u8 = 2;
/// Treasures left on the board at (or below) which the game ends at the end of a turn.
pub const END_TREASURES: usize = 2;

/// Why an action, chance outcome or configuration was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TigrisError {
    /// Player count out of range.
    #[error("{0} players: Tigris & Euphrates seats 2 to 4")]
    Players(u8),
    /// Turn limit out of range (RULINGS G1).
    #[error("a turn limit of {0}: it must be 1 to {max}", max = crate::config::MAX_TURN_LIMIT)]
    TurnLimit(u32),
    /// The action is not legal now.
    #[error("`{action}` is not legal now: {reason}")]
    Illegal {
        /// The action.
        action: Action,
        /// Why.
        reason: Reason,
    },
    /// A chance outcome was given when no draw is pending.
    #[error("no draw is pending ({0} is to move)")]
    NoDraw(ToMove),
    /// The bag holds no tile of that colour.
    #[error("the bag holds no {0} tile")]
    NotInBag(Colour),
}

/// Why an action is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Reason {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A chance event must be resolved first.
    #[error("a tile must be drawn first")]
    ChancePending,
    /// Another kind of decision is pending.
    #[error("the decision now is {0}")]
    OtherDecision(&'static str),
    /// The tile is not in hand.
    #[error("no such tile in hand")]
    NotInHand,
    /// Blue tiles go on rivers, others on land; leaders never on rivers.
    #[error("wrong terrain for that piece")]
    Terrain,
    /// The square is taken.
    #[error("the square is not empty")]
    Occupied,
    /// A tile may touch at most two kingdoms.
    #[error("the tile would touch three or more kingdoms")]
    ThreeKingdoms,
    /// A leader needs an adjacent face-up temple.
    #[error("a leader must stand next to a face-up temple")]
    NoTemple,
    /// A leader may not join two kingdoms.
    #[error("a leader may not join two kingdoms")]
    JoinsKingdoms,
    /// A leader cannot move onto its own square.
    #[error("the leader already stands there")]
    SameSquare,
    /// The leader is not on the board.
    #[error("that leader is not on the board")]
    NotOnBoard,
    /// No catastrophe tile left.
    #[error("no catastrophe tile left")]
    NoCatastrophe,
    /// A catastrophe cannot go there.
    #[error(
        "a catastrophe cannot hit a treasure, monument, ziggurat, leader, civilization building or catastrophe"
    )]
    Protected,
    /// Not that many tiles in hand to discard.
    #[error("not those tiles in hand")]
    NotInHandToSwap,
    /// Not that many tiles to commit, or the English variant forbids the number.
    #[error("cannot commit that many tiles")]
    Support,
    /// No war of that colour is pending.
    #[error("no war of that colour is pending")]
    NoSuchWar,
    /// No monument can be built there.
    #[error("that monument cannot be built there")]
    NoSuchMonument,
    /// That treasure cannot be taken (framed ones first).
    #[error("that treasure cannot be taken now (framed treasures first)")]
    NoSuchTreasure,
    /// The ziggurat cannot be built on that cross.
    #[error("the ziggurat cannot be built on that cross")]
    NoSuchZiggurat,
    /// The building cannot go on that square.
    #[error("the civilization building cannot go on that square")]
    NoSuchBuilding,
}

/// What is being decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Pending {
    /// The active seat takes an action (or passes).
    Action,
    /// A seat commits tiles to the conflict at hand.
    Support(Seat),
    /// The active seat chooses the next war.
    WarOrder,
    /// The active seat builds a monument or declines.
    Monument,
    /// The active seat builds the ziggurat or declines.
    Ziggurat,
    /// The active seat puts a civilization building on the new line or declines.
    Building,
    /// The active seat, whose king is in the ziggurat's kingdom at the end of his
    /// turn, chooses the colour of his ziggurat VP.
    ZigguratVp,
    /// A trader's owner takes a treasure.
    Treasure(Seat),
    /// A tile is drawn for a seat (chance).
    Draw(Seat),
    /// The game is over.
    Over,
}

/// What happens once the pending draws are done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum AfterDraws {
    /// Nothing is being drawn.
    Nothing,
    /// The initial deal: then the first turn starts.
    Setup,
    /// A swap: then the action is over.
    Swap,
    /// End-of-turn refills: then the next turn starts (or the game ends).
    EndOfTurn,
}

/// What remains to be decided about the tile just placed, in the order of T16:
/// monument, then ziggurat, then building.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum AfterPlacement {
    /// A monument may be built.
    Monument,
    /// Then the ziggurat.
    Ziggurat,
    /// Then a civilization building.
    Building,
}

/// A conflict being fought.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Conflict {
    /// Revolt or war.
    pub kind: ConflictKind,
    /// The leaders' colour (revolts are fought with red tiles whatever it is).
    pub colour: Colour,
    /// Attacking seat.
    pub attacker: Seat,
    /// Defending seat.
    pub defender: Seat,
    /// Attacker's strength on the board.
    pub attacker_base: u8,
    /// Defender's strength on the board.
    pub defender_base: u8,
    /// Tiles the attacker committed, once he has.
    pub attacker_commit: Option<u8>,
}

impl Conflict {
    /// The colour of the tiles committed: red in a revolt, the war's colour in a war.
    pub fn support_colour(&self) -> Colour {
        match self.kind {
            ConflictKind::Revolt => Colour::Red,
            ConflictKind::War => self.colour,
        }
    }
}

/// Everything every seat may see.
///
/// Deserialized through validation: the data must be the public part of a state that the
/// position checks accept (see [`crate::serialization`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "crate::serialization::PublicData")
)]
pub struct Public {
    pub(crate) config: Config,
    /// Face-up civilization tiles by colour.
    pub(crate) tiles: [Squares; 4],
    /// Tiles turned face down under monuments: they connect, nothing else.
    pub(crate) flipped: Squares,
    /// The same tiles by colour (for counting and display).
    pub(crate) flipped_colours: [Squares; 4],
    pub(crate) catastrophes: Squares,
    pub(crate) treasures: Squares,
    /// `leaders[seat][colour]`.
    pub(crate) leaders: [[Option<Square>; 4]; 4],
    /// Top-left square of each monument built.
    pub(crate) monuments: [Option<Square>; 6],
    /// Top-left squares of 2x2 squares whose monument was declined.
    pub(crate) declined: Squares,
    /// The civilization building of each colour, by the square of its tile.
    pub(crate) buildings: [Option<Square>; 4],
    /// The centre of the ziggurat's cross, once built.
    pub(crate) ziggurat: Option<Square>,
    /// Centres of crosses whose ziggurat was declined.
    pub(crate) ziggurat_declined: Squares,
    pub(crate) hand_sizes: [u8; 4],
    pub(crate) catastrophes_left: [u8; 4],
    pub(crate) vp: [ColourMap<u16>; 4],
    pub(crate) treasures_taken: [u8; 4],
    /// Tiles that left the game in view of all (catastrophes, wars, commitments).
    pub(crate) removed: ColourMap<u16>,
    /// Tiles discarded face down by each seat's swaps.
    pub(crate) discard_counts: [u8; 4],
    pub(crate) bag_size: u16,
    pub(crate) active: Seat,
    pub(crate) actions_left: u8,
    pub(crate) pending: Pending,
    pub(crate) conflict: Option<Conflict>,
    /// Colours of the wars still to fight (bit per colour).
    pub(crate) wars: u8,
    pub(crate) unification: Option<Square>,
    /// The tile just placed, while its monument, ziggurat or building is to be decided.
    pub(crate) placed: Option<(Square, AfterPlacement)>,
    /// The end of the turn waits for the active seat's choice of ziggurat VP.
    pub(crate) ziggurat_vp_due: bool,
    pub(crate) draws: [u8; 4],
    pub(crate) after_draws: AfterDraws,
    pub(crate) bag_exhausted: bool,
    pub(crate) turn: u32,
    /// The game ended on the turn limit (RULINGS G1), not by the rules.
    #[cfg_attr(feature = "serde", serde(default))]
    pub(crate) ended_on_limit: bool,
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) regions: Regions,
}

/// A game of Tigris & Euphrates.
///
/// With the `serde` feature a state serializes as its position text and deserializes only
/// through the position's validation (see [`crate::serialization`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tigris {
    pub(crate) public: Public,
    pub(crate) hands: [ColourMap<u8>; 4],
    /// Colours of the tiles each seat discarded by swaps (hidden from the others).
    pub(crate) discarded: [ColourMap<u8>; 4],
    pub(crate) bag: Bag<Colour>,
}

/// The regions of the board (tiles and leaders linked orthogonally), kept up to date as
/// pieces come and go so that kingdoms need no flood fill on the hot path. Derived from
/// the board: it takes no part in equality, hashing or serialization, and a state that
/// has not computed it (just deserialized) falls back to flood fills.
#[derive(Clone, Default)]
pub(crate) struct Regions {
    list: SmallVec<[Squares; 16]>,
    fresh: bool,
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

/// The kingdoms of a position and what a placement needs to know of them, computed
/// once per legal-action generation.
struct KingdomMap {
    leaders: Squares,
    /// Each kingdom with the empty squares it touches.
    kingdoms: SmallVec<[(Squares, Squares); 8]>,
    /// Squares touching two kingdoms or more.
    two: Squares,
    /// Squares touching three kingdoms or more.
    three: Squares,
    empty: Squares,
    /// Empty land next to a face-up temple.
    leader_candidates: Squares,
}

#[inline]
fn sp(s: Square) -> Space {
    s.space()
}

#[inline]
fn sq(s: Space) -> Square {
    Square::from_space(s).expect("a space of the board")
}

impl Public {
    #[inline]
    pub(crate) fn board(&self) -> &'static Board {
        Board::get(self.config.board)
    }

    #[inline]
    pub(crate) fn seats(&self) -> usize {
        self.config.players as usize
    }

    #[inline]
    pub(crate) fn face_up(&self) -> Squares {
        self.tiles[0] | self.tiles[1] | self.tiles[2] | self.tiles[3]
    }

    pub(crate) fn leader_squares(&self) -> Squares {
        let mut set = Squares::EMPTY;
        for seat in &self.leaders[..self.seats()] {
            for s in seat.iter().flatten() {
                set.insert(sp(*s));
            }
        }
        set
    }

    /// Tiles (face up or down) and leaders: what links squares into regions.
    #[inline]
    pub(crate) fn occupied(&self) -> Squares {
        self.face_up() | self.flipped | self.leader_squares()
    }

    /// The leader on a square, as (seat, colour).
    pub fn leader_at(&self, square: Square) -> Option<(Seat, Colour)> {
        for (i, seat) in self.leaders[..self.seats()].iter().enumerate() {
            for c in Colour::ALL {
                if seat[c.index()] == Some(square) {
                    return Some((Seat::new(i).expect("seat"), c));
                }
            }
        }
        None
    }

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
    fn regions_lose(&mut self, gone: Squares) {
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
    fn merge_region_at(&mut self, square: Square) {
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
    fn region_of(&self, space: Space) -> Squares {
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
    fn adjacent_kingdoms_now(&self, square: Square) -> SmallVec<[Squares; 4]> {
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
    fn adjacent_kingdoms(
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

    fn empty(&self, occupied: Squares) -> Squares {
        self.board().grid().all() - occupied - self.catastrophes
    }

    /// Squares next to a face-up temple.
    fn temple_neighbourhood(&self) -> Squares {
        self.board().grid().dilate(self.tiles[Colour::Red.index()])
    }

    /// The kingdoms now, the squares they touch, and where leaders may stand.
    fn kingdom_map(&self) -> KingdomMap {
        let grid = self.board().grid();
        let occupied = self.occupied();
        let leaders = self.leader_squares();
        let mut kingdoms = SmallVec::new();
        let (mut one, mut two, mut three) = (Squares::EMPTY, Squares::EMPTY, Squares::EMPTY);
        let mut add = |k: Squares| {
            let touch = grid.dilate(k) - k;
            three |= two & touch;
            two |= one & touch;
            one |= touch;
            kingdoms.push((k, touch));
        };
        if self.regions.fresh {
            for &r in &self.regions.list {
                if r.intersects(&leaders) {
                    add(r);
                }
            }
        } else {
            let mut rest = leaders;
            while let Some(l) = rest.first() {
                let k = grid.component(l, occupied);
                rest -= k;
                add(k);
            }
        }
        let empty = self.empty(occupied);
        KingdomMap {
            leaders,
            kingdoms,
            two,
            three,
            empty,
            leader_candidates: empty & self.board().land() & self.temple_neighbourhood(),
        }
    }

    /// Where a tile of each terrain may go: (land squares, river squares).
    fn tile_targets(&self, map: &KingdomMap) -> (Squares, Squares) {
        let ok = map.empty - map.three;
        (ok & self.board().land(), ok & self.board().river())
    }

    /// Where `seat`'s leader of `colour` may be placed or moved to.
    fn leader_targets(&self, seat: Seat, colour: Colour, map: &KingdomMap) -> Squares {
        let candidates = map.leader_candidates;
        let Some(from) = self.leaders[seat.index()][colour.index()] else {
            return candidates - map.two;
        };
        if candidates.is_empty() {
            return candidates;
        }
        // A moving leader counts its vacated square as empty: only its own kingdom
        // changes, splitting into the parts that still hold a leader. (The vacated
        // square itself is no destination.)
        let from = sp(from);
        let grid = self.board().grid();
        let mut others_leaders = map.leaders;
        others_leaders.remove(from);
        let (mut one, mut two) = (Squares::EMPTY, Squares::EMPTY);
        let mut add = |touch: Squares| {
            two |= one & touch;
            one |= touch;
        };
        for &(k, touch) in &map.kingdoms {
            if k.contains(from) {
                let mut rest = k;
                rest.remove(from);
                if (self.board().neighbours(from) & rest).len() <= 1 {
                    // A square with at most one neighbour in its region cannot split it.
                    if rest.intersects(&others_leaders) {
                        add(grid.dilate(rest) - rest);
                    }
                    continue;
                }
                let mut seeds = rest & others_leaders;
                while let Some(l) = seeds.first() {
                    let part = grid.component(l, rest);
                    seeds -= part;
                    add(grid.dilate(part) - part);
                }
            } else {
                add(touch);
            }
        }
        candidates - two
    }

    fn catastrophe_targets(&self) -> Squares {
        let occupied = self.occupied();
        self.empty(occupied) | (self.face_up() - self.treasures - self.building_squares())
    }

    /// Tiles carrying a civilization building: safe from wars and catastrophes.
    #[inline]
    pub(crate) fn building_squares(&self) -> Squares {
        let mut set = Squares::EMPTY;
        for s in self.buildings.iter().flatten() {
            set.insert(sp(*s));
        }
        set
    }

    /// The tile just placed, if `step` is what is being decided about it.
    fn placed_at(&self, step: AfterPlacement) -> Option<Square> {
        self.placed.and_then(|(s, at)| (at == step).then_some(s))
    }

    /// The colour of the face-up tile on `square`.
    fn face_up_colour(&self, square: Square) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|c| self.tiles[c.index()].contains(sp(square)))
    }

    /// The numbers of tiles `seat` may commit to `conflict`, as a bit mask (bit n: n tiles).
    pub(crate) fn support_options(&self, conflict: &Conflict, seat: Seat, in_hand: u8) -> u8 {
        let max = in_hand.min(MAX_SUPPORT);
        let up_to_max = ((1u16 << (max + 1)) - 1) as u8;
        if !self.config.english_variant {
            return up_to_max;
        }
        if seat == conflict.attacker {
            // T15: nothing, or a number that makes his total exceed the defender's base.
            let need = (conflict.defender_base + 1)
                .saturating_sub(conflict.attacker_base)
                .max(1);
            let from_need = if need > max {
                0
            } else {
                up_to_max & !((1u8 << need) - 1)
            };
            1 | from_need
        } else {
            // T15: nothing, or exactly the number that ties the attacker's total.
            let attacker_total = conflict.attacker_base + conflict.attacker_commit.unwrap_or(0);
            match attacker_total.checked_sub(conflict.defender_base) {
                Some(n) if n >= 1 && n <= max => 1 | (1 << n),
                _ => 1,
            }
        }
    }

    /// Monument options for the tile just placed: (monument, top-left square).
    fn monument_options(&self, out: &mut SmallVec<[(Monument, Square); 8]>) {
        out.clear();
        let Some(tile) = self.placed_at(AfterPlacement::Monument) else {
            return;
        };
        let Some(colour) = self.face_up_colour(tile) else {
            return;
        };
        // Most tiles complete no square: look for one before listing monuments.
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
    fn ziggurat_options(&self) -> Squares {
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
    fn building_options(&self) -> Squares {
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

    /// The first kingdom (clockwise from the active seat's trader) holding a trader and
    /// two or more treasures: its owner and the treasures he may take next.
    fn treasure_due(&self) -> Option<(Seat, Squares)> {
        if self.treasures.len() < 2 {
            return None;
        }
        for seat in self.active.clockwise(self.seats()) {
            let Some(trader) = self.leaders[seat.index()][Colour::Green.index()] else {
                continue;
            };
            let kingdom = self.region_of(sp(trader));
            let held = kingdom & self.treasures;
            if held.len() >= 2 {
                let framed = held & self.board().framed();
                return Some((seat, if framed.is_empty() { held } else { framed }));
            }
        }
        None
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

/// Public accessors, for views, user interfaces and tests.
impl Public {
    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }
    /// Face-up tiles of a colour.
    pub fn tiles(&self, colour: Colour) -> Squares {
        self.tiles[colour.index()]
    }
    /// Tiles turned face down under monuments.
    pub fn flipped(&self) -> Squares {
        self.flipped
    }
    /// Tiles turned face down under monuments, of one colour.
    pub fn flipped_tiles(&self, colour: Colour) -> Squares {
        self.flipped_colours[colour.index()]
    }
    /// Catastrophe tiles on the board.
    pub fn catastrophes(&self) -> Squares {
        self.catastrophes
    }
    /// Treasures still on the board.
    pub fn treasures(&self) -> Squares {
        self.treasures
    }
    /// Where a seat's leader of a colour stands, if on the board.
    pub fn leader(&self, seat: Seat, colour: Colour) -> Option<Square> {
        self.leaders
            .get(seat.index())
            .and_then(|l| l[colour.index()])
    }
    /// Top-left square of a monument, if built.
    pub fn monument(&self, monument: Monument) -> Option<Square> {
        self.monuments[monument.index()]
    }
    /// Tiles in a seat's hand.
    pub fn hand_size(&self, seat: Seat) -> u8 {
        self.hand_sizes.get(seat.index()).copied().unwrap_or(0)
    }
    /// Catastrophe tiles a seat has left.
    pub fn catastrophes_left(&self, seat: Seat) -> u8 {
        self.catastrophes_left
            .get(seat.index())
            .copied()
            .unwrap_or(0)
    }
    /// A seat's victory points by colour.
    pub fn vp(&self, seat: Seat) -> ColourMap<u16> {
        self.vp.get(seat.index()).copied().unwrap_or_default()
    }
    /// Treasures a seat has taken.
    pub fn treasures_taken(&self, seat: Seat) -> u8 {
        self.treasures_taken.get(seat.index()).copied().unwrap_or(0)
    }
    /// Tiles out of the game in view of all, by colour.
    pub fn removed(&self) -> ColourMap<u16> {
        self.removed
    }
    /// Tiles a seat discarded face down by swaps.
    pub fn discard_count(&self, seat: Seat) -> u8 {
        self.discard_counts.get(seat.index()).copied().unwrap_or(0)
    }
    /// Tiles left in the bag.
    pub fn bag_size(&self) -> u16 {
        self.bag_size
    }
    /// Whose turn it is.
    pub fn active(&self) -> Seat {
        self.active
    }
    /// Actions left in this turn.
    pub fn actions_left(&self) -> u8 {
        self.actions_left
    }
    /// What is being decided.
    pub fn pending(&self) -> Pending {
        self.pending
    }
    /// The conflict being fought.
    pub fn conflict(&self) -> Option<&Conflict> {
        self.conflict.as_ref()
    }
    /// Colours of the wars still to fight.
    pub fn wars(&self) -> impl Iterator<Item = Colour> + '_ {
        Colour::ALL
            .into_iter()
            .filter(|c| self.wars & (1 << c.index()) != 0)
    }
    /// The unification tile while its wars are fought.
    pub fn unification(&self) -> Option<Square> {
        self.unification
    }
    /// Turns completed.
    pub fn turn(&self) -> u32 {
        self.turn
    }
    /// Whether the 2x2 square with this top-left corner was declined as a monument (T8): it
    /// never carries one.
    pub fn declined_monument(&self, top_left: Square) -> bool {
        self.declined.contains(sp(top_left))
    }

    /// Whether the cross with this centre was declined as the ziggurat (T16): it never
    /// becomes the ziggurat.
    pub fn declined_ziggurat(&self, centre: Square) -> bool {
        self.ziggurat_declined.contains(sp(centre))
    }

    /// The square of the civilization building of a colour, if it is on the board.
    pub fn building(&self, colour: Colour) -> Option<Square> {
        self.buildings[colour.index()]
    }
    /// The centre square of the ziggurat, once built.
    pub fn ziggurat(&self) -> Option<Square> {
        self.ziggurat
    }
    /// The tile just placed and what is still to be decided about it.
    pub fn placed(&self) -> Option<(Square, AfterPlacement)> {
        self.placed
    }
    /// What the final ranking compares for `seat` (T14): its VP per colour with each
    /// treasure added to the weakest, sorted ascending. The game's standings rank these.
    pub fn standing_key(&self, seat: Seat) -> [u32; 4] {
        weakest_colour_key(
            self.vp(seat).map(u32::from),
            self.treasures_taken(seat) as u32,
        )
    }
    /// The monument VP (T10) the active seat will score at the end of the turn in
    /// progress if the board stays as it is; nothing once they are paid (or between turns).
    pub fn monument_vp_to_come(&self) -> ColourMap<u16> {
        let mut due = ColourMap::<u16>::default();
        let in_turn = match self.pending {
            Pending::Draw(_) => self.after_draws == AfterDraws::Swap,
            Pending::ZigguratVp | Pending::Over => false,
            _ => true,
        };
        if !in_turn {
            return due;
        }
        let leaders = self.leaders[self.active.index()];
        for m in Monument::ALL {
            let Some(corner) = self.monuments[m.index()] else {
                continue;
            };
            let kingdom = self.region_of(sp(corner));
            let (c1, c2) = m.colours();
            for c in [c1, c2] {
                if leaders[c.index()].is_some_and(|q| kingdom.contains(sp(q))) {
                    due[c] += 1;
                }
            }
        }
        due
    }

    /// Whether a draw could not be served in full (the game ends after this turn).
    pub fn bag_exhausted(&self) -> bool {
        self.bag_exhausted
    }

    /// Whether the game ended on the turn limit (RULINGS G1) rather than by the rules.
    pub fn ended_on_limit(&self) -> bool {
        self.ended_on_limit
    }
}

impl Tigris {
    /// A new game: starting temples and treasures on the board, the initial deal pending.
    pub fn new(config: Config) -> Result<Tigris, TigrisError> {
        config.check()?;
        let board = Board::get(config.board);
        let temples = board.starting_temples();
        let mut bag = Bag::new();
        for c in Colour::ALL {
            bag.put(c, TILES_PER_COLOUR[c.index()]);
        }
        bag.take(Colour::Red, temples.len() as u32)
            .expect("fewer starting temples than red tiles");
        let n = config.players as usize;
        let mut tiles = [Squares::EMPTY; 4];
        tiles[Colour::Red.index()] = temples;
        let mut draws = [0; 4];
        draws[..n].fill(HAND_SIZE);
        let mut catastrophes_left = [0; 4];
        catastrophes_left[..n].fill(CATASTROPHES_PER_PLAYER);
        let mut game = Tigris {
            public: Public {
                config,
                tiles,
                flipped: Squares::EMPTY,
                flipped_colours: [Squares::EMPTY; 4],
                catastrophes: Squares::EMPTY,
                treasures: temples,
                leaders: [[None; 4]; 4],
                monuments: [None; 6],
                declined: Squares::EMPTY,
                buildings: [None; 4],
                ziggurat: None,
                ziggurat_declined: Squares::EMPTY,
                hand_sizes: [0; 4],
                catastrophes_left,
                vp: [ColourMap::splat(0); 4],
                treasures_taken: [0; 4],
                removed: ColourMap::splat(0),
                discard_counts: [0; 4],
                bag_size: bag.total() as u16,
                active: Seat::new(0).expect("seat 0"),
                actions_left: ACTIONS_PER_TURN,
                pending: Pending::Action,
                conflict: None,
                wars: 0,
                unification: None,
                placed: None,
                ziggurat_vp_due: false,
                draws,
                after_draws: AfterDraws::Setup,
                bag_exhausted: false,
                ended_on_limit: false,
                turn: 0,
                regions: Regions::default(),
            },
            hands: [ColourMap::splat(0); 4],
            discarded: [ColourMap::splat(0); 4],
            bag,
        };
        game.public.refresh_regions();
        game.settle(&mut NoEvents);
        Ok(game)
    }

    /// Everything every seat may see.
    pub fn public(&self) -> &Public {
        &self.public
    }

    /// A seat's hand.
    pub fn hand(&self, seat: Seat) -> ColourMap<u8> {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    /// Tiles left in the bag, by colour (hidden from the players).
    pub fn bag(&self) -> &Bag<Colour> {
        &self.bag
    }

    /// Plays an action and appends what happened to `events`.
    pub fn apply_with_events(
        &mut self,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), TigrisError> {
        self.check(action)
            .map_err(|reason| TigrisError::Illegal { action, reason })?;
        self.play(action, events);
        Ok(())
    }

    /// Resolves the pending draw and appends what happened to `events`.
    pub fn apply_chance_with_events(
        &mut self,
        draw: Draw,
        events: &mut Vec<Event>,
    ) -> Result<(), TigrisError> {
        self.draw(draw, events)
    }

    /// Why `action` is not legal now, if it is not.
    pub fn check(&self, action: Action) -> Result<(), Reason> {
        let p = &self.public;
        let kind = action.kind();
        let decision = |name| Reason::OtherDecision(name);
        let expected = match p.pending {
            Pending::Over => return Err(Reason::GameOver),
            Pending::Draw(_) => return Err(Reason::ChancePending),
            Pending::Action => "an action",
            Pending::Support(_) => "a support",
            Pending::WarOrder => "the next war",
            Pending::Monument => "a monument or decline",
            Pending::Ziggurat => "the ziggurat or decline",
            Pending::Building => "a civilization building or decline",
            Pending::ZigguratVp => "the colour of the ziggurat VP",
            Pending::Treasure(_) => "a treasure",
        };
        let active = p.active;
        let a = active.index();
        match (p.pending, kind) {
            (Pending::Action, ActionKind::Pass) => Ok(()),
            (Pending::Action, ActionKind::Tile(c, s)) => {
                if self.hands[a][c] == 0 {
                    return Err(Reason::NotInHand);
                }
                let on_river = p.board().river().contains(sp(s));
                let occupied = p.occupied();
                if on_river != (c == Colour::Blue) {
                    Err(Reason::Terrain)
                } else if !p.empty(occupied).contains(sp(s)) {
                    Err(Reason::Occupied)
                } else if p.adjacent_kingdoms_now(s).len() > 2 {
                    Err(Reason::ThreeKingdoms)
                } else {
                    Ok(())
                }
            }
            (Pending::Action, ActionKind::Leader(c, s)) => {
                let from = p.leaders[a][c.index()];
                let mut occupied = p.occupied();
                let mut leaders = p.leader_squares();
                if let Some(from) = from {
                    // A moving leader counts its vacated square as empty.
                    occupied.remove(sp(from));
                    leaders.remove(sp(from));
                }
                if from == Some(s) {
                    Err(Reason::SameSquare)
                } else if p.board().river().contains(sp(s)) {
                    Err(Reason::Terrain)
                } else if !p.empty(occupied).contains(sp(s)) {
                    Err(Reason::Occupied)
                } else if !p.temple_neighbourhood().contains(sp(s)) {
                    Err(Reason::NoTemple)
                } else if from.is_none() && p.adjacent_kingdoms_now(s).len() > 1 {
                    Err(Reason::JoinsKingdoms)
                } else if from.is_some() && p.adjacent_kingdoms(s, occupied, leaders).len() > 1 {
                    // Only a moving leader needs the regions filled again without it.
                    Err(Reason::JoinsKingdoms)
                } else {
                    Ok(())
                }
            }
            (Pending::Action, ActionKind::Withdraw(c)) => p.leaders[a][c.index()]
                .map(|_| ())
                .ok_or(Reason::NotOnBoard),
            (Pending::Action, ActionKind::Catastrophe(s)) => {
                if p.catastrophes_left[a] == 0 {
                    Err(Reason::NoCatastrophe)
                } else if p.catastrophe_targets().contains(sp(s)) {
                    Ok(())
                } else {
                    Err(Reason::Protected)
                }
            }
            (Pending::Action, ActionKind::Swap(d)) => {
                if Colour::ALL
                    .iter()
                    .all(|c| d[c.index()] <= self.hands[a][*c])
                {
                    Ok(())
                } else {
                    Err(Reason::NotInHandToSwap)
                }
            }
            (Pending::Support(seat), ActionKind::Support(n)) => {
                let conflict = p
                    .conflict
                    .as_ref()
                    .expect("a support decision has a conflict");
                let mask = p.support_options(
                    conflict,
                    seat,
                    self.hands[seat.index()][conflict.support_colour()],
                );
                if mask & (1 << n) != 0 {
                    Ok(())
                } else {
                    Err(Reason::Support)
                }
            }
            (Pending::WarOrder, ActionKind::War(c)) => {
                if p.wars & (1 << c.index()) != 0 {
                    Ok(())
                } else {
                    Err(Reason::NoSuchWar)
                }
            }
            (Pending::Monument | Pending::Ziggurat | Pending::Building, ActionKind::Decline) => {
                Ok(())
            }
            (Pending::Monument, ActionKind::Monument(m, s)) => {
                let mut options = SmallVec::new();
                p.monument_options(&mut options);
                if options.contains(&(m, s)) {
                    Ok(())
                } else {
                    Err(Reason::NoSuchMonument)
                }
            }
            (Pending::Ziggurat, ActionKind::Ziggurat(s)) => {
                if p.ziggurat_options().contains(sp(s)) {
                    Ok(())
                } else {
                    Err(Reason::NoSuchZiggurat)
                }
            }
            (Pending::Building, ActionKind::Building(s)) => {
                if p.building_options().contains(sp(s)) {
                    Ok(())
                } else {
                    Err(Reason::NoSuchBuilding)
                }
            }
            (Pending::ZigguratVp, ActionKind::ZigguratVp(_)) => Ok(()),
            (Pending::Treasure(_), ActionKind::Treasure(s)) => match p.treasure_due() {
                Some((_, options)) if options.contains(sp(s)) => Ok(()),
                _ => Err(Reason::NoSuchTreasure),
            },
            _ => Err(decision(expected)),
        }
    }

    fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let p = &self.public;
        // Squares are decoded from a set once, then written for each base in a tight,
        // size-known loop (the same land squares serve three tile colours).
        let decode = |set: Squares, buffer: &mut [u16; 256]| -> usize {
            let mut n = 0;
            // A set holds at most 192 squares: masking the index lets the writes go
            // without bounds checks.
            set.for_each(|s| {
                buffer[n & 0xFF] = s.0;
                n += 1;
            });
            n.min(256)
        };
        let push_decoded = |out: &mut Vec<Action>, base: u16, squares: &[u16]| {
            out.extend(squares.iter().map(|&s| Action::raw(base + s)));
        };
        let push_squares = |out: &mut Vec<Action>, base: u16, set: Squares| {
            let mut buffer = [0u16; 256];
            let n = decode(set, &mut buffer);
            push_decoded(out, base, &buffer[..n]);
        };
        match p.pending {
            Pending::Action => {
                let a = p.active.index();
                let hand = self.hands[a];
                out.push(Action::raw(action::PASS));
                let map = p.kingdom_map();
                let (land, river) = p.tile_targets(&map);
                let mut land_squares = [0u16; 256];
                let mut river_squares = [0u16; 256];
                let n_land = decode(land, &mut land_squares);
                let n_river = decode(river, &mut river_squares);
                for c in Colour::ALL {
                    if hand[c] > 0 {
                        let squares = if c == Colour::Blue {
                            &river_squares[..n_river]
                        } else {
                            &land_squares[..n_land]
                        };
                        push_decoded(
                            out,
                            action::TILE + (c.index() * crate::board::SQUARES) as u16,
                            squares,
                        );
                    }
                }
                for c in Colour::ALL {
                    let targets = p.leader_targets(p.active, c, &map);
                    push_squares(
                        out,
                        action::LEADER + (c.index() * crate::board::SQUARES) as u16,
                        targets,
                    );
                }
                for c in Colour::ALL {
                    if p.leaders[a][c.index()].is_some() {
                        out.push(Action::raw(action::WITHDRAW + c.index() as u16));
                    }
                }
                if p.catastrophes_left[a] > 0 {
                    push_squares(out, action::CATASTROPHE, p.catastrophe_targets());
                }
                if p.hand_sizes[a] > 0 {
                    action::for_each_swap_within(hand.into_array(), |i| {
                        out.push(Action::raw(action::SWAP + i as u16));
                    });
                }
            }
            Pending::Support(seat) => {
                let conflict = p
                    .conflict
                    .as_ref()
                    .expect("a support decision has a conflict");
                let mask = p.support_options(
                    conflict,
                    seat,
                    self.hands[seat.index()][conflict.support_colour()],
                );
                for n in 0..=MAX_SUPPORT {
                    if mask & (1 << n) != 0 {
                        out.push(Action::raw(action::SUPPORT + n as u16));
                    }
                }
            }
            Pending::WarOrder => {
                for c in p.wars() {
                    out.push(Action::raw(action::WAR + c.index() as u16));
                }
            }
            Pending::Monument => {
                let mut options = SmallVec::new();
                p.monument_options(&mut options);
                for (m, s) in options {
                    out.push(Action::raw(
                        action::MONUMENT + (m.index() * crate::board::SQUARES + s.index()) as u16,
                    ));
                }
                out.push(Action::raw(action::DECLINE));
            }
            Pending::Ziggurat => {
                out.push(Action::raw(action::DECLINE));
                push_squares(out, action::ZIGGURAT, p.ziggurat_options());
            }
            Pending::Building => {
                out.push(Action::raw(action::DECLINE));
                push_squares(out, action::BUILDING, p.building_options());
            }
            Pending::ZigguratVp => {
                for c in Colour::ALL {
                    out.push(Action::raw(action::ZIGGURAT_VP + c.index() as u16));
                }
            }
            Pending::Treasure(_) => {
                if let Some((_, options)) = p.treasure_due() {
                    push_squares(out, action::TREASURE, options);
                }
            }
            Pending::Draw(_) | Pending::Over => {}
        }
    }

    /// Plays a checked action.
    fn play(&mut self, action: Action, ev: &mut impl EventSink<Event>) {
        let active = self.public.active;
        match action.kind() {
            ActionKind::Pass => self.public.actions_left = 0,
            ActionKind::Tile(c, s) => {
                self.public.actions_left -= 1;
                self.place_tile(c, s, ev);
            }
            ActionKind::Leader(c, s) => {
                self.public.actions_left -= 1;
                self.place_leader(c, s, ev);
            }
            ActionKind::Withdraw(c) => {
                self.public.actions_left -= 1;
                if let Some(from) = self.public.leaders[active.index()][c.index()].take() {
                    self.public.regions_lose(Squares::single(sp(from)));
                }
            }
            ActionKind::Catastrophe(s) => {
                self.public.actions_left -= 1;
                self.catastrophe(s, ev);
            }
            ActionKind::Swap(d) => {
                self.public.actions_left -= 1;
                let a = active.index();
                let mut n = 0;
                for c in Colour::ALL {
                    let k = d[c.index()];
                    self.hands[a][c] -= k;
                    self.discarded[a][c] += k;
                    n += k;
                }
                self.public.hand_sizes[a] -= n;
                self.public.discard_counts[a] += n;
                self.public.draws[a] = n;
                self.public.after_draws = AfterDraws::Swap;
            }
            ActionKind::Support(n) => self.commit(n, ev),
            ActionKind::War(c) => self.start_war(c, ev),
            ActionKind::Monument(m, s) => self.build_monument(m, s, ev),
            ActionKind::Decline => self.decline(ev),
            ActionKind::Treasure(s) => {
                if let Pending::Treasure(owner) = self.public.pending {
                    self.take_treasure(owner, s, ev);
                }
            }
            ActionKind::Ziggurat(s) => self.build_ziggurat(s, ev),
            ActionKind::Building(s) => self.put_building(s, ev),
            ActionKind::ZigguratVp(c) => {
                let p = &mut self.public;
                p.ziggurat_vp_due = false;
                p.vp[active.index()][c] += 1;
                ev.push(Event::Vp {
                    seat: active,
                    colour: c,
                    amount: 1,
                });
                self.finish_turn(ev);
            }
        }
        self.settle(ev);
    }

    fn draw(
        &mut self,
        Draw(colour): Draw,
        ev: &mut impl EventSink<Event>,
    ) -> Result<(), TigrisError> {
        let Pending::Draw(seat) = self.public.pending else {
            return Err(TigrisError::NoDraw(self.to_move()));
        };
        self.bag
            .take(colour, 1)
            .map_err(|_| TigrisError::NotInBag(colour))?;
        let s = seat.index();
        self.hands[s][colour] += 1;
        self.public.hand_sizes[s] += 1;
        self.public.bag_size -= 1;
        self.public.draws[s] -= 1;
        self.settle(ev);
        Ok(())
    }

    /// Settles a freshly built state (from a position) to its next decision.
    pub(crate) fn settle_now(&mut self) {
        self.public.refresh_regions();
        self.settle(&mut NoEvents);
    }

    /// Moves the game on to the next decision, applying forced ones.
    fn settle(&mut self, ev: &mut impl EventSink<Event>) {
        loop {
            let p = &mut self.public;
            if p.pending == Pending::Over {
                return;
            }
            if p.after_draws != AfterDraws::Nothing {
                if p.draws.iter().any(|&d| d > 0) {
                    if self.bag.is_empty() {
                        p.bag_exhausted = true;
                        p.draws = [0; 4];
                        ev.push(Event::BagExhausted);
                    } else {
                        let draws = p.draws;
                        let seat = p
                            .active
                            .clockwise(p.seats())
                            .find(|s| draws[s.index()] > 0)
                            .expect("some seat draws");
                        p.pending = Pending::Draw(seat);
                        return;
                    }
                }
                match core::mem::replace(&mut p.after_draws, AfterDraws::Nothing) {
                    AfterDraws::Setup => {
                        p.actions_left = ACTIONS_PER_TURN;
                        p.pending = Pending::Action;
                        return;
                    }
                    AfterDraws::EndOfTurn => {
                        if p.bag_exhausted {
                            p.pending = Pending::Over;
                            ev.push(Event::GameEnded);
                        } else {
                            p.active = p.active.next(p.seats());
                            p.actions_left = ACTIONS_PER_TURN;
                            p.turn += 1;
                            p.pending = Pending::Action;
                        }
                        return;
                    }
                    AfterDraws::Swap | AfterDraws::Nothing => {}
                }
            }
            if let Some(conflict) = p.conflict {
                let seat = if conflict.attacker_commit.is_none() {
                    conflict.attacker
                } else {
                    conflict.defender
                };
                let mask = p.support_options(
                    &conflict,
                    seat,
                    self.hands[seat.index()][conflict.support_colour()],
                );
                if mask.count_ones() == 1 {
                    let n = mask.trailing_zeros() as u8;
                    ev.push(Event::Forced {
                        seat,
                        action: Action::raw(action::SUPPORT + n as u16),
                    });
                    self.commit(n, ev);
                    continue;
                }
                p.pending = Pending::Support(seat);
                return;
            }
            if p.wars != 0 {
                self.drop_vanished_wars(ev);
                let p = &mut self.public;
                match p.wars.count_ones() {
                    0 => {}
                    1 => {
                        let c = Colour::from_index(p.wars.trailing_zeros() as usize)
                            .expect("colour bit");
                        ev.push(Event::Forced {
                            seat: p.active,
                            action: Action::raw(action::WAR + c.index() as u16),
                        });
                        self.start_war(c, ev);
                    }
                    _ => {
                        p.pending = Pending::WarOrder;
                        return;
                    }
                }
                continue;
            }
            p.unification = None;
            // T16's order after a placement: monument, ziggurat, building.
            if let Some((tile, step)) = p.placed {
                match step {
                    AfterPlacement::Monument => {
                        let mut options = SmallVec::new();
                        p.monument_options(&mut options);
                        if !options.is_empty() {
                            p.pending = Pending::Monument;
                            return;
                        }
                        p.placed = Some((tile, AfterPlacement::Ziggurat));
                    }
                    AfterPlacement::Ziggurat => {
                        if !p.ziggurat_options().is_empty() {
                            p.pending = Pending::Ziggurat;
                            return;
                        }
                        p.placed = Some((tile, AfterPlacement::Building));
                    }
                    AfterPlacement::Building => {
                        if !p.building_options().is_empty() {
                            p.pending = Pending::Building;
                            return;
                        }
                        p.placed = None;
                    }
                }
                continue;
            }
            if let Some((owner, options)) = p.treasure_due() {
                if options.len() == 1 {
                    let s = sq(options.first().expect("one option"));
                    ev.push(Event::Forced {
                        seat: owner,
                        action: Action::raw(action::TREASURE + s.index() as u16),
                    });
                    self.take_treasure(owner, s, ev);
                    continue;
                }
                p.pending = Pending::Treasure(owner);
                return;
            }
            if p.ziggurat_vp_due {
                p.pending = Pending::ZigguratVp;
                return;
            }
            if p.actions_left == 0 {
                self.end_turn(ev);
                continue;
            }
            p.pending = Pending::Action;
            return;
        }
    }

    fn place_tile(&mut self, colour: Colour, square: Square, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        let a = p.active.index();
        let touching = p.adjacent_kingdoms_now(square);
        self.hands[a][colour] -= 1;
        p.hand_sizes[a] -= 1;
        p.tiles[colour.index()].insert(sp(square));
        p.merge_region_at(square);
        match touching.as_slice() {
            [one, two] => {
                p.unification = Some(square);
                let mut wars = 0u8;
                for c in Colour::ALL {
                    if p.leader_owner_in(c, *one).is_some() && p.leader_owner_in(c, *two).is_some()
                    {
                        wars |= 1 << c.index();
                    }
                }
                p.wars = wars;
                if ev.wanted() {
                    ev.push(Event::Unification {
                        square,
                        wars: p.wars().collect(),
                    });
                }
            }
            [kingdom] => {
                let owner = p
                    .leader_owner_in(colour, *kingdom)
                    .or_else(|| p.leader_owner_in(Colour::Black, *kingdom));
                if let Some(owner) = owner {
                    // T16: the building of the tile's colour in the kingdom adds one VP. The
                    // kingdom is the one after the placement: a leaderless territory the tile
                    // joined brings its building along.
                    let after = p.region_of(sp(square));
                    let amount = 1 + p.buildings[colour.index()]
                        .is_some_and(|b| after.contains(sp(b)))
                        as u16;
                    p.vp[owner.index()][colour] += amount;
                    ev.push(Event::Vp {
                        seat: owner,
                        colour,
                        amount,
                    });
                }
            }
            _ => {}
        }
        p.placed = Some((square, AfterPlacement::Monument));
    }

    fn place_leader(&mut self, colour: Colour, square: Square, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        let active = p.active;
        let from = p.leaders[active.index()][colour.index()];
        p.leaders[active.index()][colour.index()] = Some(square);
        if let Some(from) = from {
            // Leaving a square may split a region.
            p.regions_lose(Squares::single(sp(from)));
        }
        p.merge_region_at(square);
        let grid = p.board().grid();
        let kingdom = p.region_of(sp(square));
        let defender = Seat::all(p.seats()).find(|&s| {
            s != active
                && p.leaders[s.index()][colour.index()].is_some_and(|q| kingdom.contains(sp(q)))
        });
        if let Some(defender) = defender {
            let temples = p.tiles[Colour::Red.index()];
            let strength = |q: Square| (grid.neighbours(sp(q)) & temples).len() as u8;
            let defender_square =
                p.leaders[defender.index()][colour.index()].expect("defender on board");
            let conflict = Conflict {
                kind: ConflictKind::Revolt,
                colour,
                attacker: active,
                defender,
                attacker_base: strength(square),
                defender_base: strength(defender_square),
                attacker_commit: None,
            };
            ev.push(Event::ConflictStarted {
                kind: conflict.kind,
                colour,
                attacker: active,
                defender,
                attacker_base: conflict.attacker_base,
                defender_base: conflict.defender_base,
            });
            p.conflict = Some(conflict);
        }
    }

    fn catastrophe(&mut self, square: Square, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        p.catastrophes_left[p.active.index()] -= 1;
        let hit = Colour::ALL
            .into_iter()
            .find(|c| p.tiles[c.index()].contains(sp(square)));
        if let Some(c) = hit {
            p.tiles[c.index()].remove(sp(square));
            p.removed[c] += 1;
            ev.push(Event::TilesRemoved {
                colour: c,
                squares: vec![square],
            });
        }
        p.catastrophes.insert(sp(square));
        if hit.is_some() {
            p.regions_lose(Squares::single(sp(square)));
        }
        if hit == Some(Colour::Red) {
            p.return_leaders_without_temple(ev);
        }
    }

    fn commit(&mut self, n: u8, ev: &mut impl EventSink<Event>) {
        let Some(mut conflict) = self.public.conflict else {
            return;
        };
        let colour = conflict.support_colour();
        let seat = if conflict.attacker_commit.is_none() {
            conflict.attacker
        } else {
            conflict.defender
        };
        self.hands[seat.index()][colour] -= n;
        self.public.hand_sizes[seat.index()] -= n;
        self.public.removed[colour] += n as u16;
        match conflict.attacker_commit {
            None => {
                conflict.attacker_commit = Some(n);
                self.public.conflict = Some(conflict);
            }
            Some(attacker_commit) => {
                self.public.conflict = None;
                self.resolve(conflict, attacker_commit, n, ev);
            }
        }
    }

    fn resolve(
        &mut self,
        conflict: Conflict,
        attacker_commit: u8,
        defender_commit: u8,
        ev: &mut impl EventSink<Event>,
    ) {
        let p = &mut self.public;
        let attacker_total = conflict.attacker_base + attacker_commit;
        let defender_total = conflict.defender_base + defender_commit;
        let (winner, loser) = if attacker_total > defender_total {
            (conflict.attacker, conflict.defender)
        } else {
            (conflict.defender, conflict.attacker)
        };
        ev.push(Event::ConflictResolved {
            colour: conflict.colour,
            attacker_total,
            defender_total,
            winner,
            committed: attacker_commit + defender_commit,
        });
        let colour = conflict.colour;
        let loser_square =
            p.leaders[loser.index()][colour.index()].expect("the loser's leader is on the board");
        match conflict.kind {
            ConflictKind::Revolt => {
                p.leaders[loser.index()][colour.index()] = None;
                ev.push(Event::LeaderReturned {
                    seat: loser,
                    colour,
                    square: loser_square,
                    cause: ReturnCause::Defeat,
                });
                p.regions_lose(Squares::single(sp(loser_square)));
                p.vp[winner.index()][Colour::Red] += 1;
                ev.push(Event::Vp {
                    seat: winner,
                    colour: Colour::Red,
                    amount: 1,
                });
            }
            ConflictKind::War => {
                let grid = p.board().grid();
                let mut apart = p.occupied();
                if let Some(u) = p.unification {
                    apart.remove(sp(u));
                }
                let side = grid.component(sp(loser_square), apart);
                p.leaders[loser.index()][colour.index()] = None;
                ev.push(Event::LeaderReturned {
                    seat: loser,
                    colour,
                    square: loser_square,
                    cause: ReturnCause::Defeat,
                });
                // Tiles under a civilization building survive wars (T7, T16).
                let mut lost = (side & p.tiles[colour.index()]) - p.building_squares();
                if colour == Colour::Red {
                    // Priests' war: temples with a treasure or supporting another leader stay.
                    lost -= p.treasures;
                    lost -= grid.dilate(p.leader_squares());
                }
                p.tiles[colour.index()] -= lost;
                p.removed[colour] += lost.len() as u16;
                p.regions_lose(lost | Squares::single(sp(loser_square)));
                let gain = 1 + lost.len() as u16;
                p.vp[winner.index()][colour] += gain;
                if ev.wanted() && !lost.is_empty() {
                    ev.push(Event::TilesRemoved {
                        colour,
                        squares: lost.iter().map(sq).collect(),
                    });
                }
                ev.push(Event::Vp {
                    seat: winner,
                    colour,
                    amount: gain,
                });
                if colour == Colour::Red {
                    p.return_leaders_without_temple(ev);
                }
            }
        }
    }

    fn start_war(&mut self, colour: Colour, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        p.wars &= !(1 << colour.index());
        let Some(u) = p.unification else { return };
        let grid = p.board().grid();
        let occupied = p.occupied();
        let kingdom = p.region_of(sp(u));
        let involved: SeatSet = Seat::all(p.seats())
            .filter(|s| {
                p.leaders[s.index()][colour.index()].is_some_and(|q| kingdom.contains(sp(q)))
            })
            .collect();
        let Some(attacker) = p.active.first_clockwise_among(p.seats(), involved) else {
            return;
        };
        let Some(defender) = involved.iter().find(|&s| s != attacker) else {
            return;
        };
        let mut apart = occupied;
        apart.remove(sp(u));
        let tiles = p.tiles[colour.index()];
        let base = |s: Seat| {
            let q = p.leaders[s.index()][colour.index()].expect("involved leader");
            (grid.component(sp(q), apart) & tiles).len() as u8
        };
        let conflict = Conflict {
            kind: ConflictKind::War,
            colour,
            attacker,
            defender,
            attacker_base: base(attacker),
            defender_base: base(defender),
            attacker_commit: None,
        };
        ev.push(Event::ConflictStarted {
            kind: ConflictKind::War,
            colour,
            attacker,
            defender,
            attacker_base: conflict.attacker_base,
            defender_base: conflict.defender_base,
        });
        p.conflict = Some(conflict);
    }

    fn drop_vanished_wars(&mut self, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        let Some(u) = p.unification else {
            p.wars = 0;
            return;
        };
        let kingdom = p.region_of(sp(u));
        for c in Colour::ALL {
            if p.wars & (1 << c.index()) == 0 {
                continue;
            }
            let count = Seat::all(p.seats())
                .filter(|s| {
                    p.leaders[s.index()][c.index()].is_some_and(|q| kingdom.contains(sp(q)))
                })
                .count();
            if count < 2 {
                p.wars &= !(1 << c.index());
                ev.push(Event::WarVanished { colour: c });
            }
        }
    }

    fn build_monument(
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
    fn decline(&mut self, ev: &mut impl EventSink<Event>) {
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

    fn build_ziggurat(&mut self, centre: Square, ev: &mut impl EventSink<Event>) {
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

    fn put_building(&mut self, square: Square, ev: &mut impl EventSink<Event>) {
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

    fn take_treasure(&mut self, owner: Seat, square: Square, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        p.treasures.remove(sp(square));
        p.treasures_taken[owner.index()] += 1;
        ev.push(Event::TreasureTaken {
            seat: owner,
            square,
        });
    }

    /// End of turn (T12): monument VP, then the ziggurat's VP (a decision), then
    /// [`Self::finish_turn`].
    fn end_turn(&mut self, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        let active = p.active;
        for m in Monument::ALL {
            let Some(corner) = p.monuments[m.index()] else {
                continue;
            };
            let kingdom = p.region_of(sp(corner));
            let (c1, c2) = m.colours();
            for c in [c1, c2] {
                if p.leaders[active.index()][c.index()].is_some_and(|q| kingdom.contains(sp(q))) {
                    p.vp[active.index()][c] += 1;
                    ev.push(Event::Vp {
                        seat: active,
                        colour: c,
                        amount: 1,
                    });
                }
            }
        }
        if let Some(centre) = p.ziggurat {
            let kingdom = p.region_of(sp(centre));
            if p.leaders[active.index()][Colour::Black.index()]
                .is_some_and(|q| kingdom.contains(sp(q)))
            {
                p.ziggurat_vp_due = true;
                return;
            }
        }
        self.finish_turn(ev);
    }

    /// The rest of the end of turn: the end of the game, or refills.
    fn finish_turn(&mut self, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        let active = p.active;
        ev.push(Event::TurnEnded { seat: active });
        if p.treasures.len() <= END_TREASURES || p.bag_exhausted {
            p.pending = Pending::Over;
            ev.push(Event::GameEnded);
            return;
        }
        // RULINGS G1: the turn that reaches the limit ends the game, scored as usual.
        if p.turn.saturating_add(1) >= p.config.turn_limit {
            p.pending = Pending::Over;
            p.ended_on_limit = true;
            ev.push(Event::TurnLimitReached {
                turns: p.config.turn_limit,
            });
            ev.push(Event::GameEnded);
            return;
        }
        for s in 0..p.seats() {
            p.draws[s] = HAND_SIZE.saturating_sub(p.hand_sizes[s]);
        }
        p.after_draws = AfterDraws::EndOfTurn;
    }
}

impl Public {
    /// The owner of the leader of `colour` standing in `kingdom`, if any.
    fn leader_owner_in(&self, colour: Colour, kingdom: Squares) -> Option<Seat> {
        Seat::all(self.seats()).find(|s| {
            self.leaders[s.index()][colour.index()].is_some_and(|q| kingdom.contains(sp(q)))
        })
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

    /// T11: leaders with no adjacent face-up temple go back to supply.
    fn return_leaders_without_temple(&mut self, ev: &mut impl EventSink<Event>) {
        let near_temple = self.temple_neighbourhood();
        let mut returned = Squares::EMPTY;
        for s in 0..self.seats() {
            for c in Colour::ALL {
                if let Some(q) = self.leaders[s][c.index()] {
                    if !near_temple.contains(sp(q)) {
                        self.leaders[s][c.index()] = None;
                        returned.insert(sp(q));
                        let seat = Seat::new(s).expect("seat");
                        ev.push(Event::LeaderReturned {
                            seat,
                            colour: c,
                            square: q,
                            cause: ReturnCause::NoTemple,
                        });
                    }
                }
            }
        }
        if !returned.is_empty() {
            self.regions_lose(returned);
        }
    }
}

/// What one seat may know: the public state, its own hand and its own discards.
///
/// Deserialized through validation: it must be the view of a state that the position
/// checks accept (see [`crate::serialization`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "crate::serialization::ViewData"))]
pub struct TigrisView {
    /// The seat whose view this is.
    pub seat: Seat,
    /// Everything public.
    pub public: Public,
    /// The seat's own hand.
    pub hand: ColourMap<u8>,
    /// The tiles the seat discarded by swaps.
    pub discarded: ColourMap<u8>,
}

impl Game for Tigris {
    type Config = Config;
    type Action = Action;
    type Chance = Draw;
    type View = TigrisView;
    type Error = TigrisError;
    const NAME: &'static str = "tigris";

    fn new(config: &Config) -> Result<Self, TigrisError> {
        Tigris::new(*config)
    }

    fn config(&self) -> &Config {
        &self.public.config
    }

    fn seat_count(&self) -> usize {
        self.public.seats()
    }

    #[inline]
    fn to_move(&self) -> ToMove {
        match self.public.pending {
            Pending::Action
            | Pending::WarOrder
            | Pending::Monument
            | Pending::Ziggurat
            | Pending::Building
            | Pending::ZigguratVp => ToMove::Seat(self.public.active),
            Pending::Support(s) | Pending::Treasure(s) => ToMove::Seat(s),
            Pending::Draw(_) => ToMove::Chance,
            Pending::Over => ToMove::Terminal,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn apply(&mut self, action: Action) -> Result<(), TigrisError> {
        self.check(action)
            .map_err(|reason| TigrisError::Illegal { action, reason })?;
        self.play(action, &mut NoEvents);
        Ok(())
    }

    fn chance_outcomes(&self, out: &mut Vec<(Draw, u32)>) {
        out.clear();
        if let Pending::Draw(_) = self.public.pending {
            out.extend(self.bag.outcomes().map(|(c, n)| (Draw(c), n)));
        }
    }

    fn apply_chance(&mut self, outcome: Draw) -> Result<(), TigrisError> {
        self.draw(outcome, &mut NoEvents)
    }

    fn action_space_size(&self) -> usize {
        ACTION_SPACE
    }

    fn action_index(&self, action: Action) -> usize {
        action.index()
    }

    fn action_from_index(&self, index: usize) -> Option<Action> {
        Action::from_index(index)
    }

    fn view(&self, seat: Seat) -> TigrisView {
        TigrisView {
            seat,
            public: self.public.clone(),
            hand: self.hand(seat),
            discarded: self
                .discarded
                .get(seat.index())
                .copied()
                .unwrap_or_default(),
        }
    }

    fn standings(&self) -> Option<Standings> {
        (self.public.pending == Pending::Over).then(|| {
            let keys: Vec<[u32; 4]> = Seat::all(self.public.seats())
                .map(|s| self.public.standing_key(s))
                .collect();
            Standings::from_keys(&keys)
        })
    }

    /// The turn limit bounds the game (RULINGS G1). A turn holds at most 2 actions of at
    /// most 34 steps each (the action, 4 wars of 3 decisions, monument, ziggurat and
    /// building, 12 treasure picks, 6 draws of a swap) and its end 25 more (the ziggurat VP,
    /// 24 draws): 100 steps a turn, and 24 draws of the initial deal.
    fn max_steps(&self) -> usize {
        24 + 100 * self.public.config.turn_limit as usize
    }

    fn end_reason(&self) -> Option<mesopotamia_core::EndReason> {
        use mesopotamia_core::EndReason;
        (self.public.pending == Pending::Over).then_some(if self.public.ended_on_limit {
            EndReason::TurnLimit
        } else {
            EndReason::Rules
        })
    }

    fn resample_hidden<R: RngCore + ?Sized>(&self, observer: Seat, rng: &mut R) -> Self {
        let mut out = self.clone();
        let mut pool = self.bag;
        let others: SmallVec<[usize; 4]> = (0..self.public.seats())
            .filter(|&s| s != observer.index())
            .collect();
        for &s in &others {
            for c in Colour::ALL {
                pool.put(c, (self.hands[s][c] + self.discarded[s][c]) as u16);
            }
        }
        let mut deal = |n: u8, pool: &mut Bag<Colour>| {
            let mut got = ColourMap::splat(0u8);
            for _ in 0..n {
                let c = pool.sample(rng).expect("the pool holds every hidden tile");
                pool.take(c, 1).expect("sampled from the pool");
                got[c] += 1;
            }
            got
        };
        for &s in &others {
            out.hands[s] = deal(self.public.hand_sizes[s], &mut pool);
            out.discarded[s] = deal(self.public.discard_counts[s], &mut pool);
        }
        out.bag = pool;
        out
    }
}
