//! The game as a person meets it at the table, for interfaces that draw it: each action as a
//! gesture (take a piece, put it at a place), the pieces a seat can take, and the table's
//! running facts (whose turn, what is left, each seat's score as far as a viewer may see it).
//!
//! Every rule stays in the game: an interface lists the legal actions and asks each one's
//! [`Gesture`]; it then highlights the places of the piece a person took and plays the action
//! whose piece and place the person chose. Places are named as the game's notation and its
//! pictures name them (the `data-at` of an SVG), pieces by a short id that the gestures and
//! [`Piece::piece`] share.
//!
//! ```
//! use mesopotamia_core::table::{Gesture, Piece};
//!
//! // A tile of a colour from the hand, put on a square; a decision that is neither.
//! let tile = Gesture::put("tile red", "B2");
//! assert_eq!(tile.piece.as_deref(), Some("tile red"));
//! assert_eq!(tile.place.as_deref(), Some("B2"));
//! assert_eq!(Gesture::decision(), Gesture { piece: None, place: None });
//! let held = Piece::held("tile red", "tile", 3, "red tile");
//! assert_eq!(held.count, 3);
//! ```

use crate::{Colour, Game, Seat};

/// How a person makes one action: the piece they take (from their hand or the board), the
/// place they put it or point at. An action with neither is a decision (a button).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Gesture {
    /// The id of the piece taken ([`Piece::piece`]), if the action takes one.
    pub piece: Option<String>,
    /// The place, as the notation and the pictures name it, if the action names one.
    pub place: Option<String>,
}

impl Gesture {
    /// A piece put at a place (a tile on a square).
    pub fn put(piece: impl Into<String>, place: impl Into<String>) -> Gesture {
        Gesture {
            piece: Some(piece.into()),
            place: Some(place.into()),
        }
    }

    /// A piece taken without a place (a leader withdrawn, a trader taken back).
    pub fn take(piece: impl Into<String>) -> Gesture {
        Gesture {
            piece: Some(piece.into()),
            place: None,
        }
    }

    /// A place pointed at, no piece taken (a treasure, a monument's corner).
    pub fn at(place: impl Into<String>) -> Gesture {
        Gesture {
            piece: None,
            place: Some(place.into()),
        }
    }

    /// A decision that is neither a piece nor a place (support, a pass, a swap).
    pub fn decision() -> Gesture {
        Gesture::default()
    }
}

/// A piece a seat can take: of its hand (a kind, with how many it holds), or one of its
/// pieces standing on the board (where it stands in [`at`](Piece::at)).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// The id the gestures name it by (`tile red`, `leader priest`, `trader Ur:C`).
    pub piece: String,
    /// What it is, one word: `tile`, `leader`, `catastrophe`, `card`, `trader`...
    pub kind: String,
    /// Its colour, if it has one.
    pub colour: Option<Colour>,
    /// How many of it the seat holds (1 for a piece on the board; 0 for one it has none of,
    /// shown so that the hand keeps its shape).
    pub count: u32,
    /// Where it stands, for a piece on the board.
    pub at: Option<String>,
    /// Its name in words (`red tile`, `priest (red leader)`).
    pub label: String,
}

impl Piece {
    /// A piece of the hand: `count` of it held.
    pub fn held(
        piece: impl Into<String>,
        kind: impl Into<String>,
        count: u32,
        label: impl Into<String>,
    ) -> Piece {
        Piece {
            piece: piece.into(),
            kind: kind.into(),
            colour: None,
            count,
            at: None,
            label: label.into(),
        }
    }

    /// A piece standing on the board at `at`.
    pub fn standing(
        piece: impl Into<String>,
        kind: impl Into<String>,
        at: impl Into<String>,
        label: impl Into<String>,
    ) -> Piece {
        Piece {
            piece: piece.into(),
            kind: kind.into(),
            colour: None,
            count: 1,
            at: Some(at.into()),
            label: label.into(),
        }
    }

    /// The same piece, of a colour.
    pub fn coloured(mut self, colour: Colour) -> Piece {
        self.colour = Some(colour);
        self
    }
}

/// A count per colour in words, in the colours' order: `red 2, blue 0, green 1, black 0`
/// (VP by colour, a VP pile).
pub fn per_colour(count: impl Fn(Colour) -> u32) -> String {
    Colour::ALL
        .iter()
        .map(|&c| format!("{c} {}", count(c)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One running fact of the table, in words: a label and its value (`bag`, `107 tiles`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fact {
    /// What it is.
    pub label: String,
    /// Its value, in words.
    pub value: String,
}

impl Fact {
    /// A fact.
    pub fn new(label: impl Into<String>, value: impl Into<String>) -> Fact {
        Fact {
            label: label.into(),
            value: value.into(),
        }
    }
}

/// What a viewer sees of one seat's standing during the game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SeatFacts {
    /// The seat's score as the ranking compares it, if the viewer may know it (a hidden VP
    /// pile hides it from the other seats).
    pub score: Option<u32>,
    /// The rest, in words (VP by colour, treasures, pieces left).
    pub facts: Vec<Fact>,
}

/// One seat's standing as a viewer sees it: [`SeatFacts`] with the seat they are of.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Standing {
    /// The seat's index.
    pub seat: usize,
    /// Its running score, if the viewer may know it.
    pub score: Option<u32>,
    /// The rest, in words.
    pub facts: Vec<Fact>,
}

/// Everything a viewer sees of the table's running state, as a front end shows it beside
/// the board ([`AtTheTable::facts`]); in JSON `{table: [{label, value}], seats: [{seat,
/// score, facts}]}`, `score` null where hidden.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TableFacts {
    /// What everyone sees of the table ([`AtTheTable::table_facts`]).
    pub table: Vec<Fact>,
    /// Each seat's standing, in seat order ([`AtTheTable::seat_facts`]).
    pub seats: Vec<Standing>,
}

/// A game as a person meets it at the table (see the [module](self)).
///
/// [`pieces`](AtTheTable::pieces) and [`seat_facts`](AtTheTable::seat_facts) tell a seat only
/// what its own view holds: an interface may show them to that seat.
pub trait AtTheTable: Game {
    /// How a person makes `action`. It depends on the action alone, so that a past action
    /// (a seat's last move, a hint) is drawn the same way.
    fn gesture(action: Self::Action) -> Gesture;

    /// The pieces `seat` can take: its hand, by kind (those it has none of too, with a
    /// count of 0), and its pieces on the board that an action can take. Every piece a legal
    /// action's gesture names is among them.
    fn pieces(&self, seat: Seat) -> Vec<Piece>;

    /// What everyone sees of the table: actions left, the bag or deck, the round.
    fn table_facts(&self) -> Vec<Fact>;

    /// What `viewer` sees of `seat`'s standing (`None`: a spectator, who sees what every
    /// seat sees).
    fn seat_facts(&self, seat: Seat, viewer: Option<Seat>) -> SeatFacts;

    /// The table's facts and every seat's standing as `viewer` sees them (`None`: a
    /// spectator): what one call of a front end draws beside the board.
    fn facts(&self, viewer: Option<Seat>) -> TableFacts {
        TableFacts {
            table: self.table_facts(),
            seats: Seat::all(self.seat_count())
                .map(|seat| {
                    let SeatFacts { score, facts } = self.seat_facts(seat, viewer);
                    Standing {
                        seat: seat.index(),
                        score,
                        facts,
                    }
                })
                .collect(),
        }
    }
}
