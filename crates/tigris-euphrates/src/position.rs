//! The position format: a readable 16x11 diagram plus everything else a rule example
//! needs to start from, and its validation into a playable [`Tigris`].
//!
//! A [`Position`] is plain data and may be illegal (it implements the core's
//! [`Setup`](mesopotamia_core::Setup) trait); [`Position::into_game`] validates it into a
//! [`Tigris`] and reports every violation at once.
//!
//! ```text
//! tigris players 2 board classic variant standard buildings ziggurat
//!     A  B  C  D  E  F  G  H  I  J  K  L  M  N  O  P
//!  1  .  .  .  .  ~  ~  ~  ~  ~  .  r* .  ~  .  .  .
//!  ...
//! seat 0 hand 2 1 0 3 vp 1 0 2 0 treasures 1 catastrophes 2 discarded 0 0 0 0
//! seat 1 hand 1 1 1 1 vp 0 0 0 0 treasures 0 catastrophes 1 discarded 0 0 0 0
//! bag 40 30 25 28
//! removed 0 0 0 0
//! turn 12 active 1 actions 2
//! ```
//!
//! Cells: `.` land, `~` river, `r` `b` `g` `k` a face-up temple, farm, market or
//! settlement, in capitals a tile turned face down under a monument, `*` after a tile a
//! treasure on it, `X` a catastrophe, a seat number and `P` `F` `T` `K` a leader (priest,
//! farmer, trader, king). Counts are given per colour in the order red, blue, green,
//! black. The header names the 2009 options in play after the variant (`buildings`,
//! `ziggurat`). Optional lines: `monument red-green E5`, `declined E5`,
//! `building red F5` (the building's tile), `ziggurat G6` (the cross's centre; its five
//! tiles are drawn face down), `declined-ziggurat G6`, `conflict ...`, `wars ...`,
//! `unification F6`, `placed F6 next monument|ziggurat|building`, `ziggurat-vp` (the
//! active seat chooses his ziggurat VP), `draws ... after ...`, `bag-exhausted`, `over` (`over turn-limit` for a game ended on the turn limit);
//! lines starting with `#` are comments.

use mesopotamia_core::{Colour, ColourMap, Seat};

use crate::action::Monument;
use crate::board::{SQUARES, Square};
use crate::state::{AfterDraws, AfterPlacement, Config, Conflict, Pending, Public, Tigris};

mod text;
mod validate;

pub use text::ParsePositionError;
pub(crate) use text::write_board;
pub use validate::{MAX_BASE, MAX_VP, Violation};

/// The symbols of the board diagram that positions and seat views write (the CLI's table,
/// `mesopotamia play --legend`), each with its meaning, for a front end to show beside the
/// board. An entry's symbols are separated by spaces; `N` stands for a seat's number (0 to
/// 3). A square is named by its column letter and row number (`F3`), as the diagram's
/// header and margin show.
pub const LEGEND: &[(&str, &str)] = &[
    (
        ".",
        "land, empty (the pictures name each square by its column letter and row number, A1 top left to P11)",
    ),
    ("~", "river, empty"),
    (
        "r b g k",
        "a tile face up: red temple, blue farm, green market, black settlement (in the pictures, a house on a tile is its colour's civilization building)",
    ),
    (
        "R B G K",
        "a tile face down, under a monument or the ziggurat (the monument's line names it; the pictures draw the monument over its four squares in its two colours)",
    ),
    (
        "*",
        "after a tile: a treasure on it (r*); a yellow diamond in the pictures, where a gold frame marks a framed square, whose treasure a trader takes first",
    ),
    ("X", "a catastrophe"),
    (
        "NP NF NT NK",
        "seat N's leader: priest (red), farmer (blue), trader (green), king (black); 0K is seat 0's king, a disc of the seat's colour ringed in the leader's in the pictures",
    ),
];

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Cell {
    /// Nothing.
    Empty,
    /// A civilization tile.
    Tile {
        /// Its colour.
        colour: Colour,
        /// Turned face down under a monument.
        flipped: bool,
        /// Carries a treasure.
        treasure: bool,
    },
    /// A leader.
    Leader {
        /// Owner.
        seat: Seat,
        /// Colour.
        colour: Colour,
    },
    /// A catastrophe tile.
    Catastrophe,
}

/// One seat's pieces off the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SeatSetup {
    /// Tiles in hand per colour.
    pub hand: ColourMap<u8>,
    /// Victory points per colour.
    pub vp: ColourMap<u32>,
    /// Treasures taken.
    pub treasures: u8,
    /// Catastrophe tiles left.
    pub catastrophes: u8,
    /// Tiles discarded face down by swaps, per colour.
    pub discarded: ColourMap<u8>,
}

/// A position: plain data, possibly illegal. See the [module docs](self) for the text form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Position {
    /// Players, options and board.
    pub config: Config,
    /// What stands on each square, row-major.
    pub cells: Vec<Cell>,
    /// Monuments built, by top-left square.
    pub monuments: Vec<(Monument, Square)>,
    /// 2x2 squares whose monument was declined, by top-left square.
    pub declined: Vec<Square>,
    /// Civilization buildings on the board, by colour and the square of their tile.
    pub buildings: Vec<(Colour, Square)>,
    /// The centre of the ziggurat's cross, once built.
    pub ziggurat: Option<Square>,
    /// Centres of crosses whose ziggurat was declined.
    pub declined_ziggurats: Vec<Square>,
    /// Each seat's pieces.
    pub seats: Vec<SeatSetup>,
    /// Tiles in the bag per colour; `None` to let validation compute what is left.
    pub bag: Option<ColourMap<u16>>,
    /// Tiles out of the game in view of all, per colour.
    pub removed: ColourMap<u16>,
    /// Turns completed.
    pub turn: u32,
    /// Whose turn it is.
    pub active: Seat,
    /// Actions left in the turn.
    pub actions_left: u8,
    /// A conflict being fought.
    pub conflict: Option<Conflict>,
    /// Wars still to fight after a unification.
    pub wars: Vec<Colour>,
    /// The unification tile while wars are fought.
    pub unification: Option<Square>,
    /// The tile just placed, while its monument, ziggurat or building is to be decided.
    pub placed: Option<(Square, AfterPlacement)>,
    /// The active seat is choosing the colour of his ziggurat VP at the end of his turn.
    pub ziggurat_vp: bool,
    /// Draws owed per seat.
    pub draws: Vec<u8>,
    /// What follows the draws.
    pub after_draws: AfterDraws,
    /// A draw could not be served in full.
    pub bag_exhausted: bool,
    /// The game is over.
    pub over: bool,
    /// It ended on the turn limit (rule G1): the line `over turn-limit`.
    pub over_on_limit: bool,
}

/// The letter of a leader in the position text (and pictures): priest, farmer, trader,
/// king.
pub(crate) const fn leader_letter(colour: Colour) -> char {
    match colour {
        Colour::Red => 'P',
        Colour::Blue => 'F',
        Colour::Green => 'T',
        Colour::Black => 'K',
    }
}

/// What stands on each square of the public part's board, row-major (shared by positions
/// and seat views).
pub(crate) fn board_cells(p: &Public) -> Vec<Cell> {
    let mut cells = vec![Cell::Empty; SQUARES];
    for (i, cell) in cells.iter_mut().enumerate() {
        let s = Square::from_index(i).expect("in range");
        let space = s.space();
        if p.catastrophes.contains(space) {
            *cell = Cell::Catastrophe;
        } else if let Some((seat, colour)) = p.leader_at(s) {
            *cell = Cell::Leader { seat, colour };
        } else if let Some(colour) = Colour::ALL
            .into_iter()
            .find(|c| p.tiles[c.index()].contains(space))
        {
            *cell = Cell::Tile {
                colour,
                flipped: false,
                treasure: p.treasures.contains(space),
            };
        } else if let Some(colour) = Colour::ALL
            .into_iter()
            .find(|c| p.flipped_colours[c.index()].contains(space))
        {
            *cell = Cell::Tile {
                colour,
                flipped: true,
                treasure: p.treasures.contains(space),
            };
        }
    }
    cells
}

/// The shared shape of the position formats: the inherent methods, through the core's trait.
impl mesopotamia_core::Setup for Position {
    type Game = Tigris;
    type Violation = Violation;
    const DIAGRAM: Option<mesopotamia_core::setup::one_line::Diagram> = Some(text::DIAGRAM);

    fn from_game(game: &Tigris) -> Position {
        Position::from_game(game)
    }

    fn into_game(self) -> Result<Tigris, Vec<Violation>> {
        Position::into_game(&self)
    }
}

impl Position {
    /// The position of a game (everything, hidden information included).
    pub fn from_game(game: &Tigris) -> Position {
        let p = game.public();
        let n = p.config.players as usize;
        let cells = board_cells(p);
        let seats = (0..n)
            .map(|s| SeatSetup {
                hand: game.hands[s],
                vp: p.vp[s],
                treasures: p.treasures_taken[s],
                catastrophes: p.catastrophes_left[s],
                discarded: game.discarded[s],
            })
            .collect();
        Position {
            config: p.config,
            cells,
            monuments: Monument::ALL
                .iter()
                .filter_map(|m| p.monuments[m.index()].map(|c| (*m, c)))
                .collect(),
            declined: p.declined.iter().filter_map(Square::from_space).collect(),
            buildings: Colour::ALL
                .into_iter()
                .filter_map(|c| p.building(c).map(|s| (c, s)))
                .collect(),
            ziggurat: p.ziggurat,
            declined_ziggurats: p
                .ziggurat_declined
                .iter()
                .filter_map(Square::from_space)
                .collect(),
            seats,
            bag: Some(ColourMap::from_fn(|c| game.bag.count(c) as u16)),
            removed: p.removed,
            turn: p.turn,
            active: p.active,
            actions_left: p.actions_left,
            conflict: p.conflict,
            wars: p.wars().collect(),
            unification: p.unification,
            placed: p.placed,
            ziggurat_vp: p.ziggurat_vp_due,
            draws: p.draws[..n].to_vec(),
            after_draws: p.after_draws,
            bag_exhausted: p.bag_exhausted,
            over: p.pending == Pending::Over,
            over_on_limit: p.pending == Pending::Over && p.ended_on_limit,
        }
    }
}
