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

use mesopotamia_core::setup::one_line;
use mesopotamia_core::{Colour, ColourMap, Seat};

use crate::action::{Boat, COLUMN_CARDS, COLUMNS, LINKS, Place};
use crate::config::MAX_TURN_LIMIT;
use crate::state::{Card, Cards, Public};

mod text;
mod validate;

use text::DIAGRAM;
pub(crate) use text::write_display;

/// The symbols of the display that positions and seat views write (the CLI's table,
/// `mesopotamia play --legend`), each with its meaning, for a front end to show beside it.
/// An entry's symbols are separated by spaces; `N` stands for a seat's number (0 to 3).
/// Columns are numbered 1 to 8 left to right, their rows 0 (the head) to 8 down; the
/// `links` line holds the 7 link slots between neighbouring columns.
pub const LEGEND: &[(&str, &str)] = &[
    (
        "T",
        "a treasure heading its column (row 0); in a pile, a treasure won",
    ),
    ("t", "the temple that replaced a column's treasure"),
    ("r b g k", "a red, blue, green or black card, face up"),
    ("R B G K", "a link card lying face down (links line)"),
    ("B-r B-g B-k", "a boat: blue-red, blue-green, blue-black"),
    (".", "nothing there: no card, or an empty link slot"),
    (
        "@NP @NF @NT @NK",
        "after a card: seat N's priest, farmer, trader or king on it; @0K is seat 0's king",
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

/// A syntax error, with its line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ParsePositionError {
    /// Line number, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// A rule the position breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Violation {
    /// Not 2 to 4 players, or seat lines that do not match.
    #[error("{players} players with {lines} seat lines (2 to 4 players, one line each)")]
    Seats {
        /// Players.
        players: u8,
        /// Seat lines.
        lines: usize,
    },
    /// A gap in a column.
    #[error("column {0} has a gap")]
    Gap(usize),
    /// A leader on a boat, on nothing, or of a seat not at the table.
    #[error("a leader stands on {0}, where no leader can stand")]
    LeaderPlace(Place),
    /// A seat's leader of one colour twice on the display.
    #[error("seat {seat} has two {colour} leaders on the display")]
    DuplicateLeader {
        /// Seat.
        seat: Seat,
        /// Colour.
        colour: Colour,
    },
    /// More or fewer cards than the game has.
    #[error("{found} {what}, but the game has {expected}")]
    Count {
        /// What was counted.
        what: &'static str,
        /// Counted.
        found: u32,
        /// In the game.
        expected: u32,
    },
    /// A hand over 8 cards.
    #[error("seat {0} holds more than 8 cards")]
    Hand(Seat),
    /// A boat on the display and also available, or twice on the display.
    #[error("boat {0} is both built and available, or built twice")]
    Boat(Boat),
    /// Turn state out of range.
    #[error("the active seat or actions left are out of range")]
    Turn,
    /// A seat named by what is pending (a conflict, a bank offer, spoils) is not at the table.
    #[error("seat {0}, named by what is pending, is not at the table")]
    PendingSeat(Seat),
    /// Two leaders of a colour in one kingdom while no conflict is being fought.
    #[error("two leaders of a colour share a kingdom at rest")]
    TwoLeaders,
    /// A turn limit out of range (rule G1).
    #[error("a turn limit of {0}: it must be 1 to {MAX_TURN_LIMIT}")]
    TurnLimit(u32),
    /// A turn at or past the configuration's limit, or a game over on the limit before it.
    #[error(
        "turn {turn} with a turn limit of {limit} (turns count from 0; over on the limit only in turn {limit} - 1)"
    )]
    PastTurnLimit {
        /// The turn of the position.
        turn: u32,
        /// The configuration's limit.
        limit: u32,
    },
    /// Cards to draw or remove that the deck cannot give, or draws that overfill a hand.
    #[error("{0}")]
    Draws(String),
    /// Conflict strengths or a commitment beyond what the display and a hand can hold.
    #[error(
        "a conflict with bases {attacker} and {defender} and {committed} committed: bases go up to {MAX_BASE}, commitments up to 8"
    )]
    ConflictStrength {
        /// The attacker's base.
        attacker: u8,
        /// The defender's base.
        defender: u8,
        /// The attacker's commitment.
        committed: u8,
    },
    /// A conflict of a seat against itself.
    #[error("seat {0} in a conflict against itself")]
    SelfConflict(Seat),
    /// Pending lines that play never leaves: external conflicts, a pending external conflict
    /// or spoils without the link card that joined the kingdoms; a conflict whose sides do not
    /// both have a leader of its colour on the display.
    #[error("what is pending does not fit together: {0}")]
    Pending(&'static str),
}

impl Violation {
    /// The violation's stable name: its variant's name in kebab case (`two-leaders`), the same
    /// whatever its details; a case's `expect refused NAME` names it.
    pub fn name(&self) -> &'static str {
        match self {
            Violation::Seats { .. } => "seats",
            Violation::Gap(..) => "gap",
            Violation::LeaderPlace(..) => "leader-place",
            Violation::DuplicateLeader { .. } => "duplicate-leader",
            Violation::Count { .. } => "count",
            Violation::Hand(..) => "hand",
            Violation::Boat(..) => "boat",
            Violation::Turn => "turn",
            Violation::PendingSeat(..) => "pending-seat",
            Violation::TwoLeaders => "two-leaders",
            Violation::TurnLimit(..) => "turn-limit",
            Violation::PastTurnLimit { .. } => "past-turn-limit",
            Violation::Draws(..) => "draws",
            Violation::ConflictStrength { .. } => "conflict-strength",
            Violation::SelfConflict(..) => "self-conflict",
            Violation::Pending(..) => "pending",
        }
    }
}

/// The most cards of one colour a kingdom can hold: 8 columns of 9 places and 7 links.
pub const MAX_BASE: u8 = (COLUMNS * (COLUMN_CARDS + 1) + LINKS) as u8;

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
