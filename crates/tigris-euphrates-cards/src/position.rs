//! The position format: the 8 columns drawn top-down with the link slots, leaders on
//! cards, boats, hands, VP piles and whatever is pending; and its validation. The text is
//! written and read in `text`, validated in `validate`.
//!
//! ```text
//! cards players 3 piles closed
//!      1      2      3      4      5      6      7      8
//! 0    T      T@0K   t      T      T      T      T      T
//! 1    r      g      B-k    .      .      .      .      .
//! ...  (rows 1 to 8 below each treasure*)
//! links . g G@1T . . . .
//! seat 0 hand 2 1 3 2 catastrophe yes pile r b T g
//! deck 60 38 37 39
//! discarded 3
//! boats blue-red blue-green
//! turn 3 active 1 actions 1
//! ```
//!
//! Cells: `T` a treasure heading its column, `t` the temple that replaced it, `r b g k` a red,
//! blue, green or black card, `B-r B-g B-k` a boat (blue-red, blue-green, blue-black), `.`
//! nothing; `@` then a seat and `P F T K` puts a priest, farmer, trader or king on the card.
//! Links: a colour letter for a face-up card, in capitals while it lies face down. Counts go
//! red, blue, green, black. Optional lines (`removed`, `conflict`, `conflicts`, `joining`,
//! `treasure-slot`, `boat-column`, `bank`, `spoils`, `boat-banking`, `draws`, `removals`,
//! `over`) carry what is pending; `#` starts a comment. `spoils 1 green 3`: after an external
//! conflict, once seat 1 has banked a card or declined, the green cards of the loser's former
//! kingdom holding column 3 go to seat 1's pile (rule C14).
//!
//! The first line is the configuration ([`Config`](crate::Config)'s `Display` and `FromStr`), which a
//! case's `[start]` section also holds.

use mesopotamia_core::ColourMap;
use mesopotamia_core::setup::one_line;

use crate::state::{Card, Cards, Public};

mod text;
mod validate;

use text::DIAGRAM;
pub use text::ParsePositionError;
pub(crate) use text::write_display;
pub use validate::{MAX_BASE, Violation};

/// The symbols of the display that positions and seat views write (the CLI's table,
/// `mesopotamia play --legend`), each with its meaning, for a front end to show beside it.
/// An entry's symbols are separated by spaces; `N` stands for a seat's number (0 to 3).
/// Columns are numbered 1 to 8 left to right, their rows 0 (the head) to 8 down; the
/// `links` line holds the 7 link slots between neighbouring columns.
pub const LEGEND: &[(&str, &str)] = &[
    (
        "T",
        "a treasure heading its column (row 0; `treasure` in the pictures); in a pile, a treasure won",
    ),
    (
        "t",
        "the temple that replaced a column's treasure (`temple` in the pictures)",
    ),
    (
        "r b g k",
        "a red, blue, green or black card, face up; places are written 3/2 (column 3, row 2; row 0 is the treasure's) and 3-4 (the link slot between columns 3 and 4), as the pictures number the columns 1 to 8 and the rows 0 to 8",
    ),
    (
        "R B G K",
        "a link card lying face down (links line; edged in yellow in the pictures)",
    ),
    (
        "B-r B-g B-k",
        "a boat: blue-red, blue-green, blue-black (a rounded blue card edged in the other colour in the pictures)",
    ),
    (".", "nothing there: no card, or an empty link slot"),
    (
        "@NP @NF @NT @NK",
        "after a card: seat N's priest, farmer, trader or king on it; @0K is seat 0's king, a disc 0K of the seat's colour ringed in the leader's in the pictures",
    ),
];

/// A position: plain data, possibly illegal. Build one with [`Position::from_game`] or by
/// parsing text, and turn it into a game with [`Position::into_game`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) public: Public,
    pub(crate) hands: Vec<ColourMap<u8>>,
    pub(crate) piles: Vec<Vec<Card>>,
    /// The deck per colour; `None` lets validation compute what is left.
    pub(crate) deck: Option<ColourMap<u16>>,
    pub(crate) removed: ColourMap<u8>,
}

/// The letter of each colour's leader in the position text (and pictures): priest, farmer,
/// trader, king.
pub(crate) const LEADER_LETTERS: [char; 4] = ['P', 'F', 'T', 'K'];

/// The shared shape of the position formats: the inherent methods, through the core's trait.
impl mesopotamia_core::Setup for Position {
    type Game = Cards;
    type Violation = Violation;
    const DIAGRAM: Option<one_line::Diagram> = Some(DIAGRAM);

    fn from_game(game: &Cards) -> Position {
        Position::from_game(game)
    }

    fn into_game(self) -> Result<Cards, Vec<Violation>> {
        Position::into_game(&self)
    }
}

impl Position {
    /// The position of a game (hidden information included).
    pub fn from_game(game: &Cards) -> Position {
        let n = game.public.config.players as usize;
        Position {
            public: game.public.clone(),
            hands: game.hands[..n].to_vec(),
            piles: (0..n).map(|s| game.piles.get(s).to_vec()).collect(),
            deck: Some(ColourMap::from_fn(|c| game.deck.count(c) as u16)),
            removed: game.removed,
        }
    }
}
