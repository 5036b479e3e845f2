//! Positions on the display, actions, chance outcomes and their notation.

use core::fmt;
use core::str::FromStr;

use mesopotamia_core::Colour;

/// Treasure columns.
pub const COLUMNS: usize = 8;
/// Most cards below a treasure*.
pub const COLUMN_CARDS: usize = 8;
/// Link slots between neighbouring columns.
pub const LINKS: usize = COLUMNS - 1;
/// Places a leader or catastrophe can name: every column place (head and 8 cards) and every link.
pub const PLACES: usize = COLUMNS * (COLUMN_CARDS + 1) + LINKS;
/// Most cards one seat can commit (a full hand).
pub const MAX_SUPPORT: u8 = 8;

/// A place on the display: `3/0` is the treasure* heading column 3, `3/2` the second card
/// below it, `3-4` the link slot between columns 3 and 4 (columns numbered 1 to 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Place {
    /// Column (0-based) and row (0 for the treasure*, 1..=8 below).
    Column(u8, u8),
    /// The link slot between columns `n` and `n + 1` (0-based).
    Link(u8),
}

impl Place {
    /// Dense index `0..PLACES`.
    pub const fn index(self) -> usize {
        match self {
            Place::Column(c, r) => c as usize * (COLUMN_CARDS + 1) + r as usize,
            Place::Link(l) => COLUMNS * (COLUMN_CARDS + 1) + l as usize,
        }
    }

    /// The place with that index.
    pub const fn from_index(i: usize) -> Option<Place> {
        if i < COLUMNS * (COLUMN_CARDS + 1) {
            Some(Place::Column(
                (i / (COLUMN_CARDS + 1)) as u8,
                (i % (COLUMN_CARDS + 1)) as u8,
            ))
        } else if i < PLACES {
            Some(Place::Link((i - COLUMNS * (COLUMN_CARDS + 1)) as u8))
        } else {
            None
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Column(c, r) => write!(f, "{}/{r}", c + 1),
            Place::Link(l) => write!(f, "{}-{}", l + 1, l + 2),
        }
    }
}

/// Text that is not a place, action or chance outcome.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// Empty text.
    #[error("empty action")]
    Empty,
    /// Unknown first word.
    #[error(
        "unknown action `{0}` (expected pass, leader, play, catastrophe, bank, decline, support, conflict, boat or treasure)"
    )]
    Verb(String),
    /// Wrong words after the verb.
    #[error("`{verb}` takes {expected}")]
    Arity {
        /// The verb.
        verb: &'static str,
        /// What it takes.
        expected: &'static str,
    },
    /// A bad place.
    #[error("`{0}` is not a place (COLUMN/ROW such as 3/2, or a link such as 3-4)")]
    Place(String),
    /// A bad column.
    #[error("`{0}` is not a column (1 to 8) or link slot (such as 3-4)")]
    Column(String),
    /// A bad colour or leader.
    #[error("`{0}` is not a colour or leader")]
    Colour(String),
    /// A bad number.
    #[error("bad number `{0}`")]
    Count(String),
    /// A bad boat.
    #[error("unknown boat `{0}` (blue-red, blue-green or blue-black)")]
    Boat(String),
}

impl FromStr for Place {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ParseActionError::Place(s.to_owned());
        if let Some((c, r)) = s.split_once('/') {
            let c: usize = c.parse().map_err(|_| bad())?;
            let r: usize = r.parse().map_err(|_| bad())?;
            if (1..=COLUMNS).contains(&c) && r <= COLUMN_CARDS {
                return Ok(Place::Column(c as u8 - 1, r as u8));
            }
        } else if let Some((a, b)) = s.split_once('-') {
            let a: usize = a.parse().map_err(|_| bad())?;
            let b: usize = b.parse().map_err(|_| bad())?;
            if (1..=LINKS).contains(&a) && b == a + 1 {
                return Ok(Place::Link(a as u8 - 1));
            }
        }
        Err(bad())
    }
}

/// The three boats, each blue and one other colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Boat {
    /// Blue and red.
    BlueRed = 0,
    /// Blue and green.
    BlueGreen = 1,
    /// Blue and black.
    BlueBlack = 2,
}

impl Boat {
    /// The three boats in index order.
    pub const ALL: [Boat; 3] = [Boat::BlueRed, Boat::BlueGreen, Boat::BlueBlack];

    /// The colour besides blue.
    pub const fn other(self) -> Colour {
        match self {
            Boat::BlueRed => Colour::Red,
            Boat::BlueGreen => Colour::Green,
            Boat::BlueBlack => Colour::Black,
        }
    }

    /// Whether the boat shows `colour`.
    pub fn shows(self, colour: Colour) -> bool {
        colour == Colour::Blue || colour == self.other()
    }
}

impl fmt::Display for Boat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "blue-{}", self.other())
    }
}

impl FromStr for Boat {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Boat::ALL
            .into_iter()
            .find(|b| b.to_string().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseActionError::Boat(s.to_owned()))
    }
}

/// The leader of a colour, by its name in the notation.
pub const fn leader_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "priest",
        Colour::Blue => "farmer",
        Colour::Green => "trader",
        Colour::Black => "king",
    }
}

/// A decision of a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// End the turn now.
    Pass,
    /// Place the leader of a colour from supply, or move it, onto a card without a leader.
    Leader(Colour, Place),
    /// Play a card of a colour at the bottom of a column (0-based).
    Column(Colour, u8),
    /// Play a card of a colour into a link slot (0-based).
    Link(Colour, u8),
    /// Play the catastrophe on a card.
    Catastrophe(Place),
    /// Bank the card offered (a card of the colour from hand onto the VP pile).
    Bank,
    /// Decline what is offered (banking, a boat, more treasures).
    Decline,
    /// Commit this many cards to the conflict at hand.
    Support(u8),
    /// Fight the external conflict of this colour next.
    Conflict(Colour),
    /// Build this boat.
    Boat(Boat),
    /// Take the treasure heading this column (0-based), replacing it with a red card.
    Treasure(u8),
}

const LEADER: usize = 1;
const COLUMN: usize = LEADER + 4 * PLACES;
const LINK: usize = COLUMN + 4 * COLUMNS;
const CATASTROPHE: usize = LINK + 4 * LINKS;
const BANK: usize = CATASTROPHE + PLACES;
const DECLINE: usize = BANK + 1;
const SUPPORT: usize = DECLINE + 1;
const CONFLICT: usize = SUPPORT + MAX_SUPPORT as usize + 1;
const BOAT: usize = CONFLICT + 4;
const TREASURE: usize = BOAT + 3;
/// Size of the action space.
pub const ACTION_SPACE: usize = TREASURE + COLUMNS;

impl Action {
    /// Dense index in `0..ACTION_SPACE`.
    pub fn index(self) -> usize {
        match self {
            Action::Pass => 0,
            Action::Leader(c, p) => LEADER + c.index() * PLACES + p.index(),
            Action::Column(c, col) => COLUMN + c.index() * COLUMNS + col as usize,
            Action::Link(c, l) => LINK + c.index() * LINKS + l as usize,
            Action::Catastrophe(p) => CATASTROPHE + p.index(),
            Action::Bank => BANK,
            Action::Decline => DECLINE,
            Action::Support(n) => SUPPORT + n as usize,
            Action::Conflict(c) => CONFLICT + c.index(),
            Action::Boat(b) => BOAT + b as usize,
            Action::Treasure(col) => TREASURE + col as usize,
        }
    }

    /// The action with that index.
    pub fn from_index(i: usize) -> Option<Action> {
        let colour = |k: usize| Colour::from_index(k);
        Some(match i {
            0 => Action::Pass,
            _ if i < COLUMN => Action::Leader(
                colour((i - LEADER) / PLACES)?,
                Place::from_index((i - LEADER) % PLACES)?,
            ),
            _ if i < LINK => Action::Column(
                colour((i - COLUMN) / COLUMNS)?,
                ((i - COLUMN) % COLUMNS) as u8,
            ),
            _ if i < CATASTROPHE => {
                Action::Link(colour((i - LINK) / LINKS)?, ((i - LINK) % LINKS) as u8)
            }
            _ if i < BANK => Action::Catastrophe(Place::from_index(i - CATASTROPHE)?),
            BANK => Action::Bank,
            DECLINE => Action::Decline,
            _ if i < CONFLICT => Action::Support((i - SUPPORT) as u8),
            _ if i < BOAT => Action::Conflict(colour(i - CONFLICT)?),
            _ if i < TREASURE => Action::Boat(Boat::ALL[i - BOAT]),
            _ if i < ACTION_SPACE => Action::Treasure((i - TREASURE) as u8),
            _ => return None,
        })
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Pass => f.write_str("pass"),
            Action::Leader(c, p) => write!(f, "leader {} {p}", leader_name(c)),
            Action::Column(c, col) => write!(f, "play {c} {}", col + 1),
            Action::Link(c, l) => write!(f, "play {c} {}", Place::Link(l)),
            Action::Catastrophe(p) => write!(f, "catastrophe {p}"),
            Action::Bank => f.write_str("bank"),
            Action::Decline => f.write_str("decline"),
            Action::Support(n) => write!(f, "support {n}"),
            Action::Conflict(c) => write!(f, "conflict {c}"),
            Action::Boat(b) => write!(f, "boat {b}"),
            Action::Treasure(col) => write!(f, "treasure {}", col + 1),
        }
    }
}

fn colour(s: &str) -> Result<Colour, ParseActionError> {
    s.parse()
        .map_err(|_| ParseActionError::Colour(s.to_owned()))
}

fn column(s: &str) -> Result<u8, ParseActionError> {
    match s.parse::<usize>() {
        Ok(c) if (1..=COLUMNS).contains(&c) => Ok(c as u8 - 1),
        _ => Err(ParseActionError::Column(s.to_owned())),
    }
}

impl FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // Any letter case: the notation has no capitals of its own.
        let folded = s.to_ascii_lowercase();
        let words: Vec<&str> = folded.split_whitespace().collect();
        let arity = |verb, expected| ParseActionError::Arity { verb, expected };
        Ok(match words.as_slice() {
            [] => return Err(ParseActionError::Empty),
            ["pass"] => Action::Pass,
            ["leader", name, place] => {
                let c = Colour::ALL
                    .into_iter()
                    .find(|&c| leader_name(c) == *name)
                    .ok_or_else(|| ParseActionError::Colour((*name).to_owned()))?;
                Action::Leader(c, place.parse()?)
            }
            ["leader", ..] => return Err(arity("leader", "a leader and a place")),
            ["play", c, target] => {
                let c = colour(c)?;
                match target.parse::<Place>() {
                    Ok(Place::Link(l)) => Action::Link(c, l),
                    _ => Action::Column(c, column(target)?),
                }
            }
            ["play", ..] => return Err(arity("play", "a colour and a column or link slot")),
            ["catastrophe", p] => Action::Catastrophe(p.parse()?),
            ["catastrophe", ..] => return Err(arity("catastrophe", "a place")),
            ["bank"] => Action::Bank,
            ["decline"] => Action::Decline,
            ["support", n] => match n.parse::<u8>() {
                Ok(n) if n <= MAX_SUPPORT => Action::Support(n),
                _ => return Err(ParseActionError::Count((*n).to_owned())),
            },
            ["conflict", c] => Action::Conflict(colour(c)?),
            ["boat", b] => Action::Boat(b.parse()?),
            ["treasure", c] => Action::Treasure(column(c)?),
            [verb, ..] => {
                return Err(match *verb {
                    "support" => arity("support", "a number of cards"),
                    "conflict" => arity("conflict", "a colour"),
                    "boat" => arity("boat", "a boat"),
                    "treasure" => arity("treasure", "a column"),
                    "bank" => arity("bank", "nothing"),
                    "decline" => arity("decline", "nothing"),
                    "pass" => arity("pass", "nothing"),
                    _ => ParseActionError::Verb((*verb).to_owned()),
                });
            }
        })
    }
}

/// A chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Chance {
    /// With 2 players, a card of this colour leaves the deck unseen at setup.
    Remove(Colour),
    /// A card of this colour is drawn.
    Draw(Colour),
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chance::Remove(c) => write!(f, "remove {c}"),
            Chance::Draw(c) => write!(f, "draw {c}"),
        }
    }
}

impl FromStr for Chance {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let folded = s.to_ascii_lowercase();
        match folded.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["remove", c] => Ok(Chance::Remove(colour(c)?)),
            ["draw", c] => Ok(Chance::Draw(colour(c)?)),
            [] => Err(ParseActionError::Empty),
            [verb, ..] => Err(ParseActionError::Verb((*verb).to_owned())),
        }
    }
}

#[cfg(feature = "serde")]
mesopotamia_core::serde_via_notation!(Action, Chance, Place);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_words_after_a_verb_say_what_it_takes() {
        for (typed, message) in [
            ("pass pass pass", "`pass` takes nothing"),
            ("bank 2", "`bank` takes nothing"),
            ("decline now", "`decline` takes nothing"),
            ("support", "`support` takes a number of cards"),
            ("conflict red blue", "`conflict` takes a colour"),
            ("boat", "`boat` takes a boat"),
            ("treasure 1 2", "`treasure` takes a column"),
            ("leader trader", "`leader` takes a leader and a place"),
        ] {
            let err = typed.parse::<Action>().unwrap_err();
            assert_eq!(err.to_string(), message, "{typed}");
        }
    }

    #[test]
    fn notation_in_any_case() {
        for (typed, canonical) in [
            ("PLAY Green 1", "play green 1"),
            ("Leader TRADER 1/1", "leader trader 1/1"),
            ("Boat Blue-Black", "boat blue-black"),
            ("PASS", "pass"),
        ] {
            assert_eq!(
                typed.parse::<Action>(),
                canonical.parse::<Action>(),
                "{typed}"
            );
        }
        assert_eq!("DRAW Red".parse::<Chance>(), "draw red".parse::<Chance>());
    }

    #[test]
    fn every_index_round_trips() {
        let mut previous = None;
        for i in 0..ACTION_SPACE {
            let a = Action::from_index(i).unwrap();
            assert_eq!(a.index(), i);
            assert_eq!(a.to_string().parse::<Action>(), Ok(a), "{a}");
            assert!(previous < Some(a), "order follows the index at {a}");
            previous = Some(a);
        }
        assert_eq!(Action::from_index(ACTION_SPACE), None);
    }

    #[test]
    fn notation_errors() {
        assert!(matches!(
            "play red 9".parse::<Action>(),
            Err(ParseActionError::Column(_))
        ));
        assert!(matches!(
            "leader queen 1/1".parse::<Action>(),
            Err(ParseActionError::Colour(_))
        ));
        assert!(matches!(
            "catastrophe 3-5".parse::<Action>(),
            Err(ParseActionError::Place(_))
        ));
        assert!(matches!(
            "boat red-blue".parse::<Action>(),
            Err(ParseActionError::Boat(_))
        ));
        assert!(matches!(
            "support 9".parse::<Action>(),
            Err(ParseActionError::Count(_))
        ));
        assert!(matches!(
            "fly".parse::<Action>(),
            Err(ParseActionError::Verb(_))
        ));
        assert_eq!("draw red".parse::<Chance>(), Ok(Chance::Draw(Colour::Red)));
    }
}
