//! Actions and their notation.
//!
//! An [`Action`] is its dense index in the action space (a `u16`), so legal action
//! lists are compact and already sorted; [`Action::kind`] decodes it into an
//! [`ActionKind`] with the squares and colours it names.

use core::fmt;
use core::str::FromStr;

use mesopotamia_core::Colour;

use crate::board::{SQUARES, Square};

/// The six monuments, one per pair of colours. As data, its index (0 to 5, checked when
/// read).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "u8", try_from = "u8"))]
pub struct Monument(u8);

impl From<Monument> for u8 {
    fn from(m: Monument) -> u8 {
        m.0
    }
}

/// The monument with that index; the error names an index beyond the six.
impl TryFrom<u8> for Monument {
    type Error = ParseActionError;
    fn try_from(index: u8) -> Result<Monument, ParseActionError> {
        Monument::from_index(index.into())
            .ok_or_else(|| ParseActionError::Monument(index.to_string()))
    }
}

impl Monument {
    /// The six monuments in index order: red-blue, red-green, red-black, blue-green,
    /// blue-black, green-black.
    pub const ALL: [Monument; 6] = [
        Monument(0),
        Monument(1),
        Monument(2),
        Monument(3),
        Monument(4),
        Monument(5),
    ];

    const PAIRS: [(Colour, Colour); 6] = [
        (Colour::Red, Colour::Blue),
        (Colour::Red, Colour::Green),
        (Colour::Red, Colour::Black),
        (Colour::Blue, Colour::Green),
        (Colour::Blue, Colour::Black),
        (Colour::Green, Colour::Black),
    ];

    /// Dense index 0..6.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The monument with that index.
    pub const fn from_index(index: usize) -> Option<Monument> {
        if index < 6 {
            Some(Monument(index as u8))
        } else {
            None
        }
    }

    /// Its two colours, in colour order.
    pub const fn colours(self) -> (Colour, Colour) {
        Self::PAIRS[self.0 as usize]
    }

    /// Whether one of its colours is `colour`.
    pub fn has(self, colour: Colour) -> bool {
        let (a, b) = self.colours();
        a == colour || b == colour
    }
}

impl fmt::Display for Monument {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.colours();
        write!(f, "{a}-{b}")
    }
}

impl FromStr for Monument {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ParseActionError::Monument(s.to_owned());
        let (a, b) = s.split_once('-').ok_or_else(bad)?;
        let (a, b): (Colour, Colour) =
            (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
        Monument::ALL
            .into_iter()
            .find(|m| m.colours() == (a, b) || m.colours() == (b, a))
            .ok_or_else(bad)
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

fn parse_leader(s: &str) -> Result<Colour, ParseActionError> {
    Colour::ALL
        .into_iter()
        .find(|&c| leader_name(c).eq_ignore_ascii_case(s))
        .ok_or_else(|| ParseActionError::Leader(s.to_owned()))
}

/// Tiles discarded by a swap, per colour.
pub type Discard = [u8; 4];

const fn swap_table() -> [Discard; SWAPS] {
    let mut out = [[0u8; 4]; SWAPS];
    let mut n = 0;
    let mut r = 0;
    while r <= 6 {
        let mut b = 0;
        while r + b <= 6 {
            let mut g = 0;
            while r + b + g <= 6 {
                let mut k = 0;
                while r + b + g + k <= 6 {
                    if r + b + g + k > 0 {
                        out[n] = [r as u8, b as u8, g as u8, k as u8];
                        n += 1;
                    }
                    k += 1;
                }
                g += 1;
            }
            b += 1;
        }
        r += 1;
    }
    out
}

/// Every discard of 1 to 6 tiles, in lexicographic order of per-colour counts.
const SWAPS: usize = 209;
static SWAP_TABLE: [Discard; SWAPS] = swap_table();

/// Index of a discard in [`SWAP_TABLE`].
pub(crate) fn swap_index(discard: Discard) -> Option<usize> {
    SWAP_TABLE.binary_search(&discard).ok()
}

/// Most tiles one seat can commit to a conflict (a full hand).
pub const MAX_SUPPORT: u8 = 6;

pub(crate) const PASS: u16 = 0;
pub(crate) const TILE: u16 = 1;
pub(crate) const LEADER: u16 = TILE + 4 * SQUARES as u16;
pub(crate) const WITHDRAW: u16 = LEADER + 4 * SQUARES as u16;
pub(crate) const CATASTROPHE: u16 = WITHDRAW + 4;
pub(crate) const SWAP: u16 = CATASTROPHE + SQUARES as u16;
pub(crate) const SUPPORT: u16 = SWAP + SWAPS as u16;
pub(crate) const WAR: u16 = SUPPORT + MAX_SUPPORT as u16 + 1;
pub(crate) const MONUMENT: u16 = WAR + 4;
pub(crate) const DECLINE: u16 = MONUMENT + 6 * SQUARES as u16;
pub(crate) const TREASURE: u16 = DECLINE + 1;
pub(crate) const BUILDING: u16 = TREASURE + SQUARES as u16;
pub(crate) const ZIGGURAT: u16 = BUILDING + SQUARES as u16;
pub(crate) const ZIGGURAT_VP: u16 = ZIGGURAT + SQUARES as u16;
/// Size of the action space, the same for every configuration so that learning code
/// sees one space: the 2009 options' actions are simply never legal without them.
///
/// ```
/// // The value docs/formats.md and docs/tigris-euphrates.md give.
/// assert_eq!(tigris_euphrates::ACTION_SPACE, 3_398);
/// ```
pub const ACTION_SPACE: usize = ZIGGURAT_VP as usize + 4;

/// A decision, as its dense index. Order is index order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Action(u16);

/// The notation (`tile red F3`), not the index: what a reader of a failed assertion needs.
impl fmt::Debug for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// What an [`Action`] does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// End the turn now, without taking the remaining actions.
    Pass,
    /// Place a civilization tile of a colour from hand.
    Tile(Colour, Square),
    /// Place the leader of a colour from supply, or move it there from the board.
    Leader(Colour, Square),
    /// Return the leader of a colour from the board to supply.
    Withdraw(Colour),
    /// Play a catastrophe tile.
    Catastrophe(Square),
    /// Discard these tiles per colour (1 to 6 in all) and draw as many.
    Swap(Discard),
    /// Commit this many tiles to the conflict at hand.
    Support(u8),
    /// Fight the war of this colour next.
    War(Colour),
    /// Build a monument on the 2x2 square whose top-left square is given.
    Monument(Monument, Square),
    /// Decline to build a monument.
    Decline,
    /// Take the treasure on this square.
    Treasure(Square),
    /// Put the civilization building of the placed tile's colour on this tile of its
    /// line, from supply or moved from the board (option: buildings).
    Building(Square),
    /// Build the ziggurat on the cross of five tiles centred on this square
    /// (option: ziggurat).
    Ziggurat(Square),
    /// Take the ziggurat's end-of-turn VP in this colour (option: ziggurat).
    ZigguratVp(Colour),
}

impl Action {
    /// The action with that dense index, if below [`ACTION_SPACE`].
    pub const fn from_index(index: usize) -> Option<Action> {
        if index < ACTION_SPACE {
            Some(Action(index as u16))
        } else {
            None
        }
    }

    /// Dense index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub(crate) const fn raw(index: u16) -> Action {
        Action(index)
    }

    /// Encodes a kind; `None` if it names something out of range (a swap of no tile or
    /// over 6, support over 6).
    pub fn new(kind: ActionKind) -> Option<Action> {
        let sq = |s: Square| s.index() as u16;
        let c = |c: Colour| c.index() as u16;
        Some(Action(match kind {
            ActionKind::Pass => PASS,
            ActionKind::Tile(colour, s) => TILE + c(colour) * SQUARES as u16 + sq(s),
            ActionKind::Leader(colour, s) => LEADER + c(colour) * SQUARES as u16 + sq(s),
            ActionKind::Withdraw(colour) => WITHDRAW + c(colour),
            ActionKind::Catastrophe(s) => CATASTROPHE + sq(s),
            ActionKind::Swap(d) => SWAP + swap_index(d)? as u16,
            ActionKind::Support(n) if n <= MAX_SUPPORT => SUPPORT + n as u16,
            ActionKind::Support(_) => return None,
            ActionKind::War(colour) => WAR + c(colour),
            ActionKind::Monument(m, s) => MONUMENT + m.index() as u16 * SQUARES as u16 + sq(s),
            ActionKind::Decline => DECLINE,
            ActionKind::Treasure(s) => TREASURE + sq(s),
            ActionKind::Building(s) => BUILDING + sq(s),
            ActionKind::Ziggurat(s) => ZIGGURAT + sq(s),
            ActionKind::ZigguratVp(colour) => ZIGGURAT_VP + c(colour),
        }))
    }

    /// What the action does.
    pub fn kind(self) -> ActionKind {
        let i = self.0;
        let square = |k: u16| Square::from_index((k % SQUARES as u16) as usize).expect("in range");
        let colour = |k: u16| Colour::from_index((k / SQUARES as u16) as usize).expect("in range");
        match i {
            PASS => ActionKind::Pass,
            _ if i < LEADER => ActionKind::Tile(colour(i - TILE), square(i - TILE)),
            _ if i < WITHDRAW => ActionKind::Leader(colour(i - LEADER), square(i - LEADER)),
            _ if i < CATASTROPHE => {
                ActionKind::Withdraw(Colour::from_index((i - WITHDRAW) as usize).expect("in range"))
            }
            _ if i < SWAP => ActionKind::Catastrophe(square(i - CATASTROPHE)),
            _ if i < SUPPORT => ActionKind::Swap(SWAP_TABLE[(i - SWAP) as usize]),
            _ if i < WAR => ActionKind::Support((i - SUPPORT) as u8),
            _ if i < MONUMENT => {
                ActionKind::War(Colour::from_index((i - WAR) as usize).expect("in range"))
            }
            _ if i < DECLINE => {
                let k = i - MONUMENT;
                ActionKind::Monument(Monument((k / SQUARES as u16) as u8), square(k))
            }
            DECLINE => ActionKind::Decline,
            _ if i < BUILDING => ActionKind::Treasure(square(i - TREASURE)),
            _ if i < ZIGGURAT => ActionKind::Building(square(i - BUILDING)),
            _ if i < ZIGGURAT_VP => ActionKind::Ziggurat(square(i - ZIGGURAT)),
            _ => ActionKind::ZigguratVp(
                Colour::from_index((i - ZIGGURAT_VP) as usize).expect("in range"),
            ),
        }
    }
}

impl From<Action> for ActionKind {
    fn from(a: Action) -> ActionKind {
        a.kind()
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind().fmt(f)
    }
}

impl fmt::Display for ActionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ActionKind::Pass => f.write_str("pass"),
            ActionKind::Tile(c, s) => write!(f, "tile {c} {s}"),
            ActionKind::Leader(c, s) => write!(f, "leader {} {s}", leader_name(c)),
            ActionKind::Withdraw(c) => write!(f, "withdraw {}", leader_name(c)),
            ActionKind::Catastrophe(s) => write!(f, "catastrophe {s}"),
            ActionKind::Swap(d) => {
                f.write_str("swap")?;
                for c in Colour::ALL {
                    if d[c.index()] > 0 {
                        write!(f, " {c}:{}", d[c.index()])?;
                    }
                }
                Ok(())
            }
            ActionKind::Support(n) => write!(f, "support {n}"),
            ActionKind::War(c) => write!(f, "war {c}"),
            ActionKind::Monument(m, s) => write!(f, "monument {m} {s}"),
            ActionKind::Decline => f.write_str("decline"),
            ActionKind::Treasure(s) => write!(f, "treasure {s}"),
            ActionKind::Building(s) => write!(f, "building {s}"),
            ActionKind::Ziggurat(s) => write!(f, "ziggurat {s}"),
            ActionKind::ZigguratVp(c) => write!(f, "ziggurat-vp {c}"),
        }
    }
}

/// Text that is not an action.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// Empty text.
    #[error("empty action")]
    Empty,
    /// The first word is no action.
    #[error(
        "unknown action `{0}` (expected pass, tile, leader, withdraw, catastrophe, swap, support, war, monument, decline, treasure, building, ziggurat or ziggurat-vp)"
    )]
    Verb(String),
    /// Wrong number of words after the verb.
    #[error("`{verb}` takes {expected}")]
    Arity {
        /// The verb.
        verb: &'static str,
        /// What it takes.
        expected: &'static str,
    },
    /// A colour word is wrong.
    #[error("unknown colour `{0}` (expected red, blue, green or black)")]
    Colour(String),
    /// A leader word is wrong.
    #[error("unknown leader `{0}` (expected priest, farmer, trader or king)")]
    Leader(String),
    /// A square is wrong.
    #[error("`{0}` is not a square (A1 to P11)")]
    Square(String),
    /// A count is wrong.
    #[error("bad count `{0}`")]
    Count(String),
    /// A monument is wrong.
    #[error("unknown monument `{0}` (expected two colours such as red-green)")]
    Monument(String),
    /// A swap of no tile, over 6 tiles, or naming a colour twice.
    #[error("a swap discards 1 to 6 tiles, each colour named once: `{0}`")]
    Swap(String),
}

fn colour(s: &str) -> Result<Colour, ParseActionError> {
    s.parse()
        .map_err(|_| ParseActionError::Colour(s.to_owned()))
}

fn square(s: &str) -> Result<Square, ParseActionError> {
    s.parse()
        .map_err(|_| ParseActionError::Square(s.to_owned()))
}

impl FromStr for ActionKind {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let (&verb, args) = words.split_first().ok_or(ParseActionError::Empty)?;
        let arity = |verb, expected, n| {
            if args.len() == n {
                Ok(())
            } else {
                Err(ParseActionError::Arity { verb, expected })
            }
        };
        Ok(match verb.to_ascii_lowercase().as_str() {
            "pass" => {
                arity("pass", "nothing", 0)?;
                ActionKind::Pass
            }
            "tile" => {
                arity("tile", "a colour and a square", 2)?;
                ActionKind::Tile(colour(args[0])?, square(args[1])?)
            }
            "leader" => {
                arity("leader", "a leader and a square", 2)?;
                ActionKind::Leader(parse_leader(args[0])?, square(args[1])?)
            }
            "withdraw" => {
                arity("withdraw", "a leader", 1)?;
                ActionKind::Withdraw(parse_leader(args[0])?)
            }
            "catastrophe" => {
                arity("catastrophe", "a square", 1)?;
                ActionKind::Catastrophe(square(args[0])?)
            }
            "swap" => {
                let mut d = [0u8; 4];
                let mut seen = [false; 4];
                for word in args {
                    let (c, n) = word
                        .split_once(':')
                        .ok_or_else(|| ParseActionError::Swap(s.to_owned()))?;
                    let c = colour(c)?;
                    let n: u8 = n
                        .parse()
                        .map_err(|_| ParseActionError::Count(n.to_owned()))?;
                    if seen[c.index()] || n == 0 {
                        return Err(ParseActionError::Swap(s.to_owned()));
                    }
                    seen[c.index()] = true;
                    d[c.index()] = n;
                }
                swap_index(d).ok_or_else(|| ParseActionError::Swap(s.to_owned()))?;
                ActionKind::Swap(d)
            }
            "support" => {
                arity("support", "a number of tiles (0 to 6)", 1)?;
                let n: u8 = args[0]
                    .parse()
                    .map_err(|_| ParseActionError::Count(args[0].to_owned()))?;
                if n > MAX_SUPPORT {
                    return Err(ParseActionError::Count(args[0].to_owned()));
                }
                ActionKind::Support(n)
            }
            "war" => {
                arity("war", "a colour", 1)?;
                ActionKind::War(colour(args[0])?)
            }
            "monument" => {
                arity(
                    "monument",
                    "a monument and the top-left square of its 2x2 square",
                    2,
                )?;
                ActionKind::Monument(args[0].parse()?, square(args[1])?)
            }
            "decline" => {
                arity("decline", "nothing", 0)?;
                ActionKind::Decline
            }
            "treasure" => {
                arity("treasure", "a square", 1)?;
                ActionKind::Treasure(square(args[0])?)
            }
            "building" => {
                arity("building", "a square of the new line", 1)?;
                ActionKind::Building(square(args[0])?)
            }
            "ziggurat" => {
                arity("ziggurat", "the centre square of the cross", 1)?;
                ActionKind::Ziggurat(square(args[0])?)
            }
            "ziggurat-vp" => {
                arity("ziggurat-vp", "a colour", 1)?;
                ActionKind::ZigguratVp(colour(args[0])?)
            }
            _ => return Err(ParseActionError::Verb(verb.to_owned())),
        })
    }
}

impl FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let kind: ActionKind = s.parse()?;
        Action::new(kind).ok_or_else(|| ParseActionError::Swap(s.to_owned()))
    }
}

#[cfg(feature = "serde")]
mesopotamia_core::serde_via_notation!(Action);

/// A chance outcome: the colour of one tile drawn from the bag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Chance(pub Colour);

/// The old name of [`Chance`] (the chance outcome is `Chance` in every game of the
/// workspace); kept so that code naming it still builds.
pub use Chance as Draw;

#[cfg(feature = "serde")]
mesopotamia_core::serde_via_notation!(Chance);

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "draw {}", self.0)
    }
}

impl FromStr for Chance {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = s.split_whitespace().collect();
        match words.as_slice() {
            ["draw", c] => Ok(Chance(colour(c)?)),
            [] => Err(ParseActionError::Empty),
            ["draw", ..] => Err(ParseActionError::Arity {
                verb: "draw",
                expected: "a colour",
            }),
            [verb, ..] => Err(ParseActionError::Verb((*verb).to_owned())),
        }
    }
}

const fn swap_index_table() -> [u8; 7 * 7 * 7 * 7] {
    let mut out = [u8::MAX; 2401];
    let mut i = 0;
    while i < SWAPS {
        let d = SWAP_TABLE[i];
        out[((d[0] as usize * 7 + d[1] as usize) * 7 + d[2] as usize) * 7 + d[3] as usize] =
            i as u8;
        i += 1;
    }
    out
}

/// Index of each discard `[r, b, g, k]` (each 0..=6) at `((r*7+b)*7+g)*7+k`.
static SWAP_INDEX: [u8; 2401] = swap_index_table();

/// Most swaps one hand allows: a hand of two, two, one and one tiles of the colours has
/// 3 * 3 * 2 * 2 parts, the empty one not a swap.
const MOST_SWAPS: usize = 35;

/// For each hand of one to six tiles (by its index as a discard, [`SWAP_TABLE`]), the
/// indices of the swaps it allows, ascending, and how many: every discard within the hand.
/// The legal list copies a hand's row instead of walking its parts.
const fn swaps_within_table() -> ([[u8; MOST_SWAPS]; SWAPS], [u8; SWAPS]) {
    let mut rows = [[0u8; MOST_SWAPS]; SWAPS];
    let mut lens = [0u8; SWAPS];
    let mut hand = 0;
    while hand < SWAPS {
        let h = SWAP_TABLE[hand];
        let mut part = 0;
        while part < SWAPS {
            let d = SWAP_TABLE[part];
            if d[0] <= h[0] && d[1] <= h[1] && d[2] <= h[2] && d[3] <= h[3] {
                rows[hand][lens[hand] as usize] = part as u8;
                lens[hand] += 1;
            }
            part += 1;
        }
        hand += 1;
    }
    (rows, lens)
}

static SWAPS_WITHIN: ([[u8; MOST_SWAPS]; SWAPS], [u8; SWAPS]) = swaps_within_table();

/// The indices of every swap a hand allows, ascending. A hand holds at most six tiles
/// (draws beyond are refused), so every part of it is a swap but the empty one; an empty
/// hand (or one past six tiles) allows none.
#[inline]
pub(crate) fn swaps_within(hand: [u8; 4]) -> &'static [u8] {
    let h = hand.map(usize::from);
    debug_assert!(
        h.iter().sum::<usize>() <= usize::from(crate::state::HAND_SIZE),
        "{hand:?}"
    );
    if h.iter().any(|&x| x > 6) {
        return &[];
    }
    match SWAP_INDEX.get(((h[0] * 7 + h[1]) * 7 + h[2]) * 7 + h[3]) {
        Some(&i) if i != u8::MAX => {
            let (rows, lens) = &SWAPS_WITHIN;
            &rows[i as usize][..lens[i as usize] as usize]
        }
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_swaps_within_a_hand_are_its_parts() {
        for code in 0..7usize.pow(4) {
            let hand = [code / 343, code / 49 % 7, code / 7 % 7, code % 7].map(|x| x as u8);
            if hand.iter().sum::<u8>() > crate::state::HAND_SIZE {
                continue;
            }
            // Every part of the hand, the empty one but, in lexicographic order.
            let mut listed = Vec::new();
            for r in 0..=hand[0] {
                for b in 0..=hand[1] {
                    for g in 0..=hand[2] {
                        for k in 0..=hand[3] {
                            if r + b + g + k > 0 {
                                listed.push(swap_index([r, b, g, k]).unwrap());
                            }
                        }
                    }
                }
            }
            assert!(listed.is_sorted(), "{hand:?}");
            let within: Vec<usize> = swaps_within(hand).iter().map(|&i| usize::from(i)).collect();
            assert_eq!(within, listed, "{hand:?}");
            // As many as the hand's parts, the empty one but.
            let parts: usize = hand.iter().map(|&x| usize::from(x) + 1).product();
            assert_eq!(within.len(), parts - 1, "{hand:?}");
        }
    }

    #[test]
    fn every_index_round_trips_through_notation() {
        for i in 0..ACTION_SPACE {
            let a = Action::from_index(i).unwrap();
            assert_eq!(Action::new(a.kind()), Some(a));
            let text = a.to_string();
            assert_eq!(text.parse::<Action>(), Ok(a), "{text}");
        }
        assert_eq!(Action::from_index(ACTION_SPACE), None);
        assert_eq!(SWAP_TABLE.len(), 209);
        assert!(SWAP_TABLE.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn notation_examples() {
        for text in [
            "tile red F3",
            "leader king F4",
            "withdraw trader",
            "catastrophe G7",
            "swap red:2 blue:1",
            "support 3",
            "war green",
            "monument red-green E5",
            "decline",
            "treasure B2",
            "building F5",
            "ziggurat G6",
            "ziggurat-vp blue",
            "pass",
        ] {
            assert_eq!(text.parse::<Action>().unwrap().to_string(), text);
        }
        assert_eq!(
            "monument green-red E5"
                .parse::<Action>()
                .unwrap()
                .to_string(),
            "monument red-green E5"
        );
        assert_eq!("draw red".parse::<Chance>(), Ok(Chance(Colour::Red)));
        assert!("draw".parse::<Chance>().is_err());
        assert!("take red".parse::<Chance>().is_err());
    }

    #[test]
    fn notation_errors_say_what_is_wrong() {
        let err = |s: &str| s.parse::<Action>().unwrap_err();
        assert_eq!(err(""), ParseActionError::Empty);
        assert_eq!(err("jump"), ParseActionError::Verb("jump".into()));
        assert_eq!(
            err("tile purple F3"),
            ParseActionError::Colour("purple".into())
        );
        assert_eq!(err("tile red Z3"), ParseActionError::Square("Z3".into()));
        assert_eq!(
            err("leader queen F3"),
            ParseActionError::Leader("queen".into())
        );
        assert!(matches!(err("tile red"), ParseActionError::Arity { .. }));
        assert!(matches!(
            err("swap red:4 blue:3"),
            ParseActionError::Swap(_)
        ));
        assert!(matches!(err("swap red:1 red:1"), ParseActionError::Swap(_)));
        assert!(matches!(err("swap"), ParseActionError::Swap(_)));
        assert!(matches!(err("support 7"), ParseActionError::Count(_)));
        assert!(matches!(
            err("monument red-red A1"),
            ParseActionError::Monument(_)
        ));
    }
}
