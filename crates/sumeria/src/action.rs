//! Influence tiles, actions, chance outcomes and their notation.

use core::fmt;
use core::str::FromStr;

use mesopotamia_core::{Kind, Seat};

use crate::board::{LOCATIONS, Location, ParseLocationError, StateName};

/// The four kinds of influence tile (9 of each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Influence {
    /// Economy.
    Economy = 0,
    /// Military.
    Military = 1,
    /// Politics.
    Politics = 2,
    /// Religion.
    Religion = 3,
}

impl Influence {
    /// The four kinds in index order.
    pub const ALL: [Influence; 4] = [
        Influence::Economy,
        Influence::Military,
        Influence::Politics,
        Influence::Religion,
    ];

    /// Lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Influence::Economy => "economy",
            Influence::Military => "military",
            Influence::Politics => "politics",
            Influence::Religion => "religion",
        }
    }
}

impl Kind for Influence {
    const COUNT: usize = 4;
    fn index(self) -> usize {
        self as usize
    }
    fn from_index(index: usize) -> Option<Self> {
        Influence::ALL.get(index).copied()
    }
}

impl fmt::Display for Influence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Influence {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Influence::ALL
            .into_iter()
            .find(|i| i.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseActionError::Influence(s.to_owned()))
    }
}

/// A decision of a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Put a trader from supply on an empty location (also the setup placements).
    Add(Location),
    /// Move a trader from one location to another (S4).
    Move(Location, Location),
    /// Take a trader back to supply.
    Remove(Location),
    /// Take one influence tile from the display of the second city-state.
    Take(Influence),
    /// Take two influence tiles (kinds in order) from the display of the first city-state.
    TakeTwo(Influence, Influence),
}

/// A chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Chance {
    /// The next place of the initial city-state order goes to this city-state.
    Order(StateName),
    /// The first player is chosen.
    First(Seat),
    /// An influence tile is drawn from the bag.
    Draw(Influence),
}

/// Text that is not an action or chance outcome.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// Empty text.
    #[error("empty action")]
    Empty,
    /// Unknown first word.
    #[error("unknown action `{0}` (expected add, move, remove or take)")]
    Verb(String),
    /// Wrong number of words.
    #[error("`{verb}` takes {expected}")]
    Arity {
        /// The verb.
        verb: &'static str,
        /// What it takes.
        expected: &'static str,
    },
    /// A bad location.
    #[error(transparent)]
    Location(#[from] ParseLocationError),
    /// A bad influence kind.
    #[error("unknown influence `{0}` (expected economy, military, politics or religion)")]
    Influence(String),
    /// A bad seat or city-state in a chance outcome.
    #[error("bad chance outcome `{0}` (expected `order NAME`, `first SEAT` or `draw KIND`)")]
    Chance(String),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Add(l) => write!(f, "add {l}"),
            Action::Move(a, b) => write!(f, "move {a} {b}"),
            Action::Remove(l) => write!(f, "remove {l}"),
            Action::Take(i) => write!(f, "take {i}"),
            Action::TakeTwo(a, b) => write!(f, "take {a} {b}"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // The verb in any letter case (locations and kinds are read in any case too).
        let verb = s.split_whitespace().next().map(str::to_ascii_lowercase);
        let mut words: Vec<&str> = s.split_whitespace().collect();
        if let (Some(first), Some(verb)) = (words.first_mut(), verb.as_deref()) {
            *first = verb;
        }
        match words.as_slice() {
            [] => Err(ParseActionError::Empty),
            ["add", l] => Ok(Action::Add(l.parse()?)),
            ["add", ..] => Err(ParseActionError::Arity {
                verb: "add",
                expected: "a location",
            }),
            ["move", a, b] => Ok(Action::Move(a.parse()?, b.parse()?)),
            ["move", ..] => Err(ParseActionError::Arity {
                verb: "move",
                expected: "two locations",
            }),
            ["remove", l] => Ok(Action::Remove(l.parse()?)),
            ["remove", ..] => Err(ParseActionError::Arity {
                verb: "remove",
                expected: "a location",
            }),
            ["take", i] => Ok(Action::Take(i.parse()?)),
            ["take", a, b] => {
                let (a, b): (Influence, Influence) = (a.parse()?, b.parse()?);
                Ok(Action::TakeTwo(a.min(b), a.max(b)))
            }
            ["take", ..] => Err(ParseActionError::Arity {
                verb: "take",
                expected: "one or two influence kinds",
            }),
            [verb, ..] => Err(ParseActionError::Verb((*verb).to_owned())),
        }
    }
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chance::Order(s) => write!(f, "order {s}"),
            Chance::First(s) => write!(f, "first {s}"),
            Chance::Draw(i) => write!(f, "draw {i}"),
        }
    }
}

impl FromStr for Chance {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ParseActionError::Chance(s.to_owned());
        let verb = s.split_whitespace().next().map(str::to_ascii_lowercase);
        let mut words: Vec<&str> = s.split_whitespace().collect();
        if let (Some(first), Some(verb)) = (words.first_mut(), verb.as_deref()) {
            *first = verb;
        }
        match words.as_slice() {
            ["order", name] => Ok(Chance::Order(name.parse().map_err(|_| bad())?)),
            ["first", seat] => Ok(Chance::First(
                seat.parse().ok().and_then(Seat::new).ok_or_else(bad)?,
            )),
            ["draw", kind] => Ok(Chance::Draw(kind.parse()?)),
            _ => Err(bad()),
        }
    }
}

#[cfg(feature = "serde")]
mesopotamia_core::serde_via_notation!(Action, Chance, Location, StateName);

/// Pairs of influence kinds `(a, b)` with `a <= b`, in order: the choices of `take A B`.
pub(crate) const PAIRS: [(Influence, Influence); 10] = {
    use Influence::*;
    [
        (Economy, Economy),
        (Economy, Military),
        (Economy, Politics),
        (Economy, Religion),
        (Military, Military),
        (Military, Politics),
        (Military, Religion),
        (Politics, Politics),
        (Politics, Religion),
        (Religion, Religion),
    ]
};

// The dense indices: adds, moves and removes by board index, then the ways to take tiles.
const MOVES: usize = LOCATIONS * LOCATIONS;
pub(crate) const ADD: usize = 0;
pub(crate) const MOVE: usize = ADD + LOCATIONS;
pub(crate) const REMOVE: usize = MOVE + MOVES;
pub(crate) const TAKE: usize = REMOVE + LOCATIONS;
pub(crate) const TAKE_TWO: usize = TAKE + 4;
/// Size of the action space.
pub const ACTION_SPACE: usize = TAKE_TWO + PAIRS.len();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in [
            "add Ur:T2",
            "move Kish:V1 Nippur:T1",
            "remove Lagash:C",
            "take military",
            "take economy military",
        ] {
            assert_eq!(text.parse::<Action>().unwrap().to_string(), text);
        }
        assert_eq!(
            "take military economy"
                .parse::<Action>()
                .unwrap()
                .to_string(),
            "take economy military"
        );
        for text in ["order Ur", "first 2", "draw religion"] {
            assert_eq!(text.parse::<Chance>().unwrap().to_string(), text);
        }
        assert!(PAIRS.windows(2).all(|w| w[0] < w[1]));
    }

    /// Any letter case reads as the same action, on the board as in comparisons.
    #[test]
    fn notation_in_any_case() {
        for (typed, canonical) in [
            ("ADD ur:t2", "add Ur:T2"),
            ("Move KISH:v1 nippur:t1", "move Kish:V1 Nippur:T1"),
            ("remove lagash:c", "remove Lagash:C"),
            ("Take MILITARY Economy", "take economy military"),
        ] {
            let a: Action = typed.parse().unwrap();
            let b: Action = canonical.parse().unwrap();
            assert_eq!(a, b, "{typed}");
            assert_eq!(a.cmp(&b), core::cmp::Ordering::Equal);
            let board = crate::Board::reconstructed();
            if let Action::Add(l) | Action::Remove(l) | Action::Move(l, _) = a {
                assert!(board.index_of(l).is_some(), "{typed}");
            }
        }
        assert_eq!(
            "ORDER ur".parse::<Chance>().unwrap(),
            "order Ur".parse::<Chance>().unwrap()
        );
        assert!("add Ur:X1".parse::<Action>().is_err());
    }

    #[test]
    fn notation_errors() {
        assert_eq!("".parse::<Action>(), Err(ParseActionError::Empty));
        assert!(matches!(
            "jump Ur:C".parse::<Action>(),
            Err(ParseActionError::Verb(_))
        ));
        assert!(matches!(
            "add Ur:T9".parse::<Action>(),
            Err(ParseActionError::Location(_))
        ));
        assert!(matches!(
            "add".parse::<Action>(),
            Err(ParseActionError::Arity { .. })
        ));
        assert!(matches!(
            "take gold".parse::<Action>(),
            Err(ParseActionError::Influence(_))
        ));
        assert!(matches!(
            "first 9".parse::<Chance>(),
            Err(ParseActionError::Chance(_))
        ));
    }
}
