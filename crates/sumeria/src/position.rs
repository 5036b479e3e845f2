//! The position format: the city-state order, every location with its trader, supplies,
//! influence tiles held and on display, round and turn; and its validation. The text is
//! written and read in `text`, validated in `validate`.
//!
//! ```text
//! sumeria players 3
//! order Ur Kish Nippur Adab Umma Eridu Uruk Lagash
//! display economy military religion / politics economy / military
//! Kish C:0 T1:. T2:1 T3:. V1:2 V2:. V3:.
//! ... one line per city-state, in board order
//! seat 0 supply 6 influence 1 0 2 0
//! discarded 0 0 0 0
//! round 2 turn 4 first 1 phase turns
//! ```
//!
//! Influence counts are in the order economy, military, politics, religion. The display
//! lists the tiles above the first, second and third city-state (`-` for none). Phases
//! (see [`Phase`]'s `Display`): `order`, `first`, `draw`, `setup`, `turns`, `take 0`,
//! `take 1`, `over`. The first line is the configuration, as [`Config`]'s
//! `Display`/`FromStr` write and read it. Positions are on the default board unless read
//! with [`Position::parse_on`].

use mesopotamia_core::Seat;

use crate::board::{LOCATIONS, StateName};
use crate::config::Config;
use crate::state::{Phase, Public, Sumeria};

mod text;
mod validate;

pub use text::ParsePositionError;
pub use validate::Violation;

/// The symbols of the city-state lines that positions and seat views write (the CLI's
/// table, `mesopotamia play --legend`), and of the position's display line, each with its
/// meaning, for a front end to show beside them. An entry's symbols are separated by
/// spaces; `N` stands for a seat's number (0 to 3). Counts go economy, military, politics,
/// religion.
pub const LEGEND: &[(&str, &str)] = &[
    (
        "C T1 T2 T3 V1 V2 V3",
        "a city-state's locations: its city, towns 1 to 3, villages 1 to 3 (Ur:T2 in actions); the pictures write the city-state's name at its city (the large circle) and T1 to V3 beside its towns and villages",
    ),
    (
        ":N",
        "after a location: seat N's trader on it (C:0); a disc with the seat's number in the pictures",
    ),
    (":.", "after a location: no trader on it"),
    (
        "/",
        "display line: between the tiles above the first, second and third city-states; the pictures draw them by the cities in places 1, 2 and 3, each with its kind's initial: E economy, M military, P politics, R religion",
    ),
    ("-", "display line: no tile above that city-state"),
];

/// A position: plain data, possibly illegal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Players and board.
    pub config: Config,
    /// City-states by importance (all 8 once the order is drawn).
    pub order: Vec<StateName>,
    /// Influence tiles per kind above the first three city-states.
    pub display: [[u8; 4]; 3],
    /// The trader on each location (board index), if any.
    pub traders: Vec<Option<Seat>>,
    /// Each seat's supply of traders and influence tiles per kind.
    pub seats: Vec<(u8, [u8; 4])>,
    /// Influence tiles discarded, per kind.
    pub discarded: [u8; 4],
    /// Rounds completed.
    pub round: u8,
    /// Turns taken in the round (placements at setup).
    pub turn: u8,
    /// First player of the round.
    pub first: Seat,
    /// What happens next.
    pub phase: Phase,
}

/// The shared shape of the position formats: the inherent methods, through the core's trait.
impl mesopotamia_core::Setup for Position {
    type Game = Sumeria;
    type Violation = Violation;

    fn from_game(game: &Sumeria) -> Position {
        Position::from_game(game)
    }

    fn into_game(self) -> Result<Sumeria, Vec<Violation>> {
        Position::into_game(&self)
    }
}

impl Position {
    /// The position of a game.
    pub fn from_game(game: &Sumeria) -> Position {
        Position::from_public(game.public())
    }

    /// The position of a game, from what every seat sees (the bag follows from it).
    pub(crate) fn from_public(p: &Public) -> Position {
        let n = p.config().players as usize;
        Position {
            config: p.config().clone(),
            order: p.order().collect(),
            display: p.display,
            traders: (0..LOCATIONS).map(|i| p.occupant(i)).collect(),
            seats: (0..n).map(|s| (p.supply[s], p.held[s])).collect(),
            discarded: p.discarded,
            round: p.round,
            turn: p.turn,
            first: p.first,
            phase: p.phase,
        }
    }
}
