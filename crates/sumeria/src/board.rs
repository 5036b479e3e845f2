//! Boards: 8 city-states of 7 locations each, joined by trade routes; loaded from text.
//!
//! The default board ([`Board::reconstructed`]) is a **reconstruction**, not the published
//! map (see the comments of `boards/sumeria-reconstructed.txt`). Any board in the same
//! format can be loaded with [`Board::parse`].

use core::fmt;
use core::str::FromStr;
use std::sync::{Arc, OnceLock};

use mesopotamia_core::{Adjacency, Graph, Space, SpaceSet};
use smallvec::SmallVec;

use crate::state::{Lanes, Reach};

/// City-states on a board.
pub const STATES: usize = 8;
/// Locations of a city-state: 1 city, 3 towns, 3 villages.
pub const SLOTS: usize = 7;
/// Locations on a board.
pub const LOCATIONS: usize = STATES * SLOTS;
/// Longest city-state name.
pub const MAX_NAME: usize = 15;

/// Most route steps in each direction together (twice the steps of all routes).
const MAX_RAYS: usize = 512;

/// A set of locations, by board index (`state * 7 + slot`, city-states in alphabetical
/// order, so that board indices, action indices and action order all agree).
pub type Locations = SpaceSet<1>;

/// The name of a city-state: 1 to 15 ASCII letters or digits, stored inline (`Copy`).
/// Names compare, hash and order without regard to letter case (`kish` is `Kish`), so
/// that a person may type them in any case; they order alphabetically.
#[derive(Clone, Copy)]
pub struct StateName {
    bytes: [u8; MAX_NAME],
}

impl StateName {
    /// The name's bytes in lower case: what equality, hashing and order look at.
    fn folded(&self) -> [u8; MAX_NAME] {
        self.bytes.map(|b| b.to_ascii_lowercase())
    }

    /// The name as text.
    pub fn as_str(&self) -> &str {
        let len = self.bytes.iter().position(|&b| b == 0).unwrap_or(MAX_NAME);
        core::str::from_utf8(&self.bytes[..len]).unwrap_or("")
    }
}

impl PartialEq for StateName {
    fn eq(&self, other: &Self) -> bool {
        self.folded() == other.folded()
    }
}

impl Eq for StateName {}

impl core::hash::Hash for StateName {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.folded().hash(h);
    }
}

impl PartialOrd for StateName {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for StateName {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.folded().cmp(&other.folded())
    }
}

impl fmt::Debug for StateName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl fmt::Display for StateName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Text that is not a city-state name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a city-state name (1 to 15 ASCII letters or digits)")]
pub struct ParseNameError(pub String);

impl FromStr for StateName {
    type Err = ParseNameError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.is_empty() || s.len() > MAX_NAME || !s.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(ParseNameError(s.to_owned()));
        }
        let mut bytes = [0; MAX_NAME];
        bytes[..s.len()].copy_from_slice(s.as_bytes());
        Ok(StateName { bytes })
    }
}

/// A location within its city-state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Slot {
    /// The city.
    City,
    /// Town 1 to 3.
    Town(u8),
    /// Village 1 to 3.
    Village(u8),
}

impl Slot {
    /// Index 0..7: city, towns 1-3, villages 1-3.
    pub const fn index(self) -> usize {
        match self {
            Slot::City => 0,
            Slot::Town(n) => n as usize,
            Slot::Village(n) => 3 + n as usize,
        }
    }

    /// The slot with that index.
    pub const fn from_index(i: usize) -> Option<Slot> {
        match i {
            0 => Some(Slot::City),
            1..=3 => Some(Slot::Town(i as u8)),
            4..=6 => Some(Slot::Village(i as u8 - 3)),
            _ => None,
        }
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Slot::City => f.write_str("C"),
            Slot::Town(n) => write!(f, "T{n}"),
            Slot::Village(n) => write!(f, "V{n}"),
        }
    }
}

/// A location, named by its city-state and slot: `Ur:T2`, `Kish:V1`, `Lagash:C`.
/// Orders by city-state name, then slot (city, towns, villages).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Location {
    /// The city-state.
    pub state: StateName,
    /// Where in it.
    pub slot: Slot,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.state, self.slot)
    }
}

/// Text that is not a location.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a location (NAME:C, NAME:T1..T3 or NAME:V1..V3)")]
pub struct ParseLocationError(pub String);

impl FromStr for Location {
    type Err = ParseLocationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ParseLocationError(s.to_owned());
        let (name, slot) = s.split_once(':').ok_or_else(bad)?;
        let state = name.parse().map_err(|_| bad())?;
        // Any letter case: `kish:t1` is `Kish:T1`.
        let slot = match slot.to_ascii_uppercase().as_str() {
            "C" => Slot::City,
            s @ ("T1" | "T2" | "T3") => Slot::Town(s.as_bytes()[1] - b'0'),
            s @ ("V1" | "V2" | "V3") => Slot::Village(s.as_bytes()[1] - b'0'),
            _ => return Err(bad()),
        };
        Ok(Location { state, slot })
    }
}

/// A board file that does not describe a valid board, with the line (from 1) where known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// A line that is neither `state NAME`, `route ...`, a comment nor blank.
    #[error("line {line}: expected `state NAME` or `route LOCATION LOCATION ...`")]
    Syntax {
        /// Line number.
        line: usize,
    },
    /// A bad city-state name.
    #[error("line {line}: {error}")]
    Name {
        /// Line number.
        line: usize,
        /// The problem.
        error: ParseNameError,
    },
    /// A city-state declared twice.
    #[error("line {line}: city-state `{name}` is declared twice")]
    DuplicateState {
        /// Line number.
        line: usize,
        /// The name.
        name: String,
    },
    /// Not 8 city-states.
    #[error("{0} city-states, expected 8")]
    StateCount(usize),
    /// A location that is malformed or of an undeclared city-state.
    #[error("line {line}: unknown location `{location}`")]
    UnknownLocation {
        /// Line number.
        line: usize,
        /// The text.
        location: String,
    },
    /// A route of fewer than two locations, or visiting a location twice.
    #[error("line {line}: a route joins at least two different locations")]
    ShortRoute {
        /// Line number.
        line: usize,
    },
    /// A town or village on no route or on several.
    #[error("{location} is on {routes} routes; a town or village is on exactly one")]
    NotOnOneRoute {
        /// The location.
        location: String,
        /// Routes through it.
        routes: usize,
    },
    /// A city on no route.
    #[error("{0} is on no route")]
    Isolated(String),
    /// More route steps than the movement search is built for.
    #[error("{0} route steps; a board has at most 256")]
    TooManyRoutes(usize),
    /// Some locations cannot be reached from the others.
    #[error("the board is not connected: {0} cannot be reached from {1}")]
    NotConnected(String, String),
}

/// A Sumeria board.
#[derive(Clone)]
pub struct Board {
    source: String,
    /// City-state names, alphabetically.
    names: [StateName; STATES],
    routes: Vec<Vec<u8>>,
    /// The movement search's view of the routes.
    lanes: Lanes,
    /// Every location, by board index.
    locations: [Location; LOCATIONS],
    graph: Graph<1>,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Board")
            .field("states", &self.names)
            .field("routes", &self.routes.len())
            .finish()
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.names == other.names && self.routes == other.routes
    }
}

impl Eq for Board {}

impl core::hash::Hash for Board {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.names.hash(h);
        self.routes.hash(h);
    }
}

impl Board {
    /// The default board, a reconstruction (parsed once from the embedded file).
    pub fn reconstructed() -> Arc<Board> {
        static BOARD: OnceLock<Arc<Board>> = OnceLock::new();
        BOARD
            .get_or_init(|| {
                Arc::new(
                    Board::parse(include_str!("../boards/sumeria-reconstructed.txt"))
                        .expect("the embedded board is valid"),
                )
            })
            .clone()
    }

    /// Reads and validates a board in the format of `boards/sumeria-reconstructed.txt`:
    /// `state NAME` lines (8), then `route A B C ...` lines listing locations in order.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let mut names: Vec<StateName> = Vec::new();
        let mut routes: Vec<(usize, Vec<u8>)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let words: Vec<&str> = raw.split_whitespace().collect();
            match words.as_slice() {
                [] => {}
                [w, ..] if w.starts_with('#') => {}
                ["state", name] => {
                    let name: StateName = name
                        .parse()
                        .map_err(|error| BoardError::Name { line, error })?;
                    if names.contains(&name) {
                        return Err(BoardError::DuplicateState {
                            line,
                            name: name.to_string(),
                        });
                    }
                    names.push(name);
                }
                ["route", locations @ ..] => {
                    let mut route = Vec::with_capacity(locations.len());
                    for text in locations {
                        let unknown = || BoardError::UnknownLocation {
                            line,
                            location: (*text).to_owned(),
                        };
                        let loc: Location = text.parse().map_err(|_| unknown())?;
                        let state = names
                            .iter()
                            .position(|n| *n == loc.state)
                            .ok_or_else(unknown)?;
                        let id = (state * SLOTS + loc.slot.index()) as u8;
                        if route.contains(&id) {
                            return Err(BoardError::ShortRoute { line });
                        }
                        route.push(id);
                    }
                    if route.len() < 2 {
                        return Err(BoardError::ShortRoute { line });
                    }
                    routes.push((line, route));
                }
                _ => return Err(BoardError::Syntax { line }),
            }
        }
        if names.len() != STATES {
            return Err(BoardError::StateCount(names.len()));
        }
        // Renumber the city-states alphabetically.
        let mut sorted = names.clone();
        sorted.sort();
        let rank: Vec<u8> = names
            .iter()
            .map(|n| sorted.iter().position(|m| m == n).expect("a name") as u8)
            .collect();
        for (_, route) in &mut routes {
            for id in route.iter_mut() {
                *id = rank[*id as usize / SLOTS] * SLOTS as u8 + *id % SLOTS as u8;
            }
        }
        let names: [StateName; STATES] = sorted.try_into().expect("8 names");
        let mut through: Vec<SmallVec<[(u16, u8); 4]>> = vec![SmallVec::new(); LOCATIONS];
        let mut edges = Vec::new();
        for (r, (_, route)) in routes.iter().enumerate() {
            for (p, &loc) in route.iter().enumerate() {
                through[loc as usize].push((r as u16, p as u8));
                if p > 0 {
                    edges.push((route[p - 1] as u16, loc as u16));
                }
            }
        }
        let name_of = |id: usize| {
            Location {
                state: names[id / SLOTS],
                slot: Slot::from_index(id % SLOTS).expect("slot"),
            }
            .to_string()
        };
        for (id, t) in through.iter().enumerate() {
            let is_city = id % SLOTS == 0;
            if is_city && t.is_empty() {
                return Err(BoardError::Isolated(name_of(id)));
            }
            if !is_city && t.len() != 1 {
                return Err(BoardError::NotOnOneRoute {
                    location: name_of(id),
                    routes: t.len(),
                });
            }
        }
        let graph = Graph::from_edges(LOCATIONS, &edges).expect("56 locations fit a set of 64");
        let reached = graph.component(Space(0), graph.all());
        if let Some(missing) = (graph.all() - reached).first() {
            return Err(BoardError::NotConnected(
                name_of(missing.index()),
                name_of(0),
            ));
        }
        let routes: Vec<Vec<u8>> = routes.into_iter().map(|(_, r)| r).collect();
        // Each route of n locations has n - 1 steps in each direction.
        let rays: usize = routes.iter().map(|r| 2 * (r.len() - 1)).sum();
        if rays > MAX_RAYS {
            return Err(BoardError::TooManyRoutes(rays / 2));
        }
        let lanes = Lanes::new(&routes);
        let locations = core::array::from_fn(|i| Location {
            state: names[i / SLOTS],
            slot: Slot::from_index(i % SLOTS).unwrap_or(Slot::City),
        });
        Ok(Board {
            source: text.to_owned(),
            names,
            routes,
            lanes,
            locations,
            graph,
        })
    }

    /// The text the board was read from.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// City-state names, alphabetically (their indices are the board's).
    pub fn names(&self) -> &[StateName; STATES] {
        &self.names
    }

    /// The routes, each as board location indices in order.
    pub fn routes(&self) -> &[Vec<u8>] {
        &self.routes
    }

    /// The trade-route graph (locations joined by consecutive route stops).
    pub fn graph(&self) -> &Graph<1> {
        &self.graph
    }

    /// Index of a city-state (alphabetical).
    pub fn state_index(&self, name: StateName) -> Option<usize> {
        self.names.iter().position(|n| *n == name)
    }

    /// Board index of a location, if it is on this board.
    pub fn index_of(&self, location: Location) -> Option<usize> {
        Some(self.state_index(location.state)? * SLOTS + location.slot.index())
    }

    /// The location with that board index.
    #[inline]
    pub fn location(&self, index: usize) -> Option<Location> {
        self.locations.get(index).copied()
    }

    /// The location with board index `index` (taken modulo 56: every index the engine
    /// makes is below).
    #[inline]
    pub(crate) fn at(&self, index: usize) -> Location {
        self.locations[index % LOCATIONS]
    }

    /// Where a trader on `from` may move, given the occupied locations (S4): along any
    /// route and direction, over occupied locations, onto any route at an occupied city,
    /// stopping at the first empty location; never back onto `from`.
    pub fn destinations(&self, from: usize, occupied: Locations) -> Locations {
        if from >= LOCATIONS {
            return Locations::EMPTY;
        }
        // The trader stands on `from`: it is occupied for the search (a walk that comes
        // back to it goes on as one of the walks from it would).
        let occupied = set(word(occupied) | bit(from));
        Reach::new(&self.lanes, occupied).from(from)
    }

    /// The movement search's view of the routes.
    #[inline]
    pub(crate) fn lanes(&self) -> &Lanes {
        &self.lanes
    }
}

/// The bit of board index `i` in the word of a [`Locations`].
#[inline]
pub(crate) const fn bit(i: usize) -> u64 {
    1u64 << (i % 64)
}

/// Every location of the board.
pub(crate) const ALL: u64 = (1u64 << LOCATIONS) - 1;

/// The cities: board indices `7 s`.
pub(crate) const CITIES: u64 = {
    let mut cities = 0;
    let mut s = 0;
    while s < STATES {
        cities |= 1u64 << (s * SLOTS);
        s += 1;
    }
    cities
};

/// The set of locations whose word is `word` (bit `i` for board index `i`): the engine
/// works on the word, a few operations for a whole set.
#[inline]
pub(crate) const fn set(word: u64) -> Locations {
    Locations::from_words([word])
}

/// The word of a set of locations (see [`set`]).
#[inline]
pub(crate) const fn word(set: Locations) -> u64 {
    set.words()[0]
}

/// Whether board index `i` is in `set` (`false` beyond the board).
#[inline]
pub(crate) const fn has(set: Locations, i: usize) -> bool {
    i < LOCATIONS && word(set) & bit(i) != 0
}

/// Calls `f` with the board index of every location of `set`, ascending: the hot loops'
/// form of [`SpaceSet::for_each`], on the word (the index stays a `usize`, below 64).
#[inline]
pub(crate) fn for_each_index(set: Locations, mut f: impl FnMut(usize)) {
    let mut w = word(set);
    while w != 0 {
        f(w.trailing_zeros() as usize);
        w &= w - 1;
    }
}

/// The `n`-th board index of `set` (from 0, ascending), by a select on the word.
#[inline]
pub(crate) fn nth_index(set: Locations, n: u32) -> Option<usize> {
    mesopotamia_core::bits::select(word(set), n).map(|i| i as usize)
}

#[cfg(feature = "serde")]
impl serde::Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.source)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(d)?;
        Board::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Arc<Board> {
        Board::reconstructed()
    }

    /// The word helpers agree with the set's own methods, and an index beyond the board is
    /// never in a set, however large (no wrap-around to a board index).
    #[test]
    fn location_words_agree_with_the_set() {
        let locations: Locations = [0u16, 6, 7, 55].into_iter().map(Space).collect();
        assert_eq!(set(word(locations)), locations);
        let mut seen = Vec::new();
        for_each_index(locations, |i| seen.push(i));
        assert_eq!(seen, [0, 6, 7, 55]);
        assert_eq!(nth_index(locations, 2), Some(7));
        assert_eq!(nth_index(locations, 4), None);
        assert!(has(locations, 55));
        assert!(!has(locations, 1));
        let full = set(u64::MAX);
        for beyond in [LOCATIONS, 63, 64, 65_536, 65_536 + 55, usize::MAX] {
            assert!(!has(full, beyond), "{beyond}");
        }
        let mut game = crate::Sumeria::new(crate::Config::new(3)).unwrap();
        game.public.traders[0] = set(ALL);
        assert_eq!(game.public().occupant(55), mesopotamia_core::Seat::new(0));
        assert_eq!(game.public().occupant(65_536 + 55), None);
    }

    #[test]
    fn default_board_is_valid() {
        let b = board();
        assert_eq!(b.names()[0].as_str(), "Adab");
        assert_eq!(b.routes().len(), 14);
        assert_eq!(b.graph().components(b.graph().all()).len(), 1);
    }

    #[test]
    fn locations_round_trip() {
        let b = board();
        for i in 0..LOCATIONS {
            let loc = b.location(i).unwrap();
            assert_eq!(loc.to_string().parse::<Location>(), Ok(loc));
            assert_eq!(b.index_of(loc), Some(i));
        }
        for bad in ["Ur", "Ur:T4", "Ur:X", ":C", "Ur:c1", "Ur:V0"] {
            assert!(bad.parse::<Location>().is_err(), "{bad}");
        }
        // Any letter case names the same location.
        assert_eq!("ur:c".parse::<Location>(), "Ur:C".parse::<Location>());
    }

    #[test]
    fn dense_order_is_alphabetical() {
        let b = board();
        let mut locs: Vec<Location> = (0..LOCATIONS).map(|i| b.location(i).unwrap()).collect();
        let sorted = {
            let mut s = locs.clone();
            s.sort();
            s
        };
        assert_eq!(locs, sorted);
        locs.dedup();
        assert_eq!(locs.len(), LOCATIONS);
    }

    #[test]
    fn bad_boards_name_the_problem() {
        let good = include_str!("../boards/sumeria-reconstructed.txt");
        assert_eq!(
            Board::parse("state Ur\nstate Ur\n"),
            Err(BoardError::DuplicateState {
                line: 2,
                name: "Ur".into()
            })
        );
        assert_eq!(Board::parse("stat Ur"), Err(BoardError::Syntax { line: 1 }));
        assert!(matches!(
            Board::parse("state U-r"),
            Err(BoardError::Name { line: 1, .. })
        ));
        assert_eq!(Board::parse("state Ur"), Err(BoardError::StateCount(1)));
        let unknown = good.replace(
            "route Kish:C Kish:T3 Kish:V3",
            "route Kish:C Kish:T3 Babylon:V3",
        );
        assert!(
            matches!(Board::parse(&unknown), Err(BoardError::UnknownLocation { location, .. }) if location == "Babylon:V3")
        );
        let missing = good.replace("route Kish:C Kish:T3 Kish:V3", "");
        assert_eq!(
            Board::parse(&missing),
            Err(BoardError::NotOnOneRoute {
                location: "Kish:T3".into(),
                routes: 0
            })
        );
        let twice = good.replace(
            "route Kish:C Kish:T3 Kish:V3",
            "route Kish:C Kish:T3 Kish:V3\nroute Kish:V3 Kish:T1",
        );
        assert!(matches!(
            Board::parse(&twice),
            Err(BoardError::NotOnOneRoute { routes: 2, .. })
        ));
        let short = good.replace("route Kish:C Kish:T3 Kish:V3", "route Kish:C");
        assert!(matches!(
            Board::parse(&short),
            Err(BoardError::ShortRoute { .. })
        ));
    }

    #[test]
    fn a_board_in_two_parts_is_refused() {
        // North and south banks without the crossings.
        let good = include_str!("../boards/sumeria-reconstructed.txt");
        let mut text = String::new();
        for line in good.lines() {
            if line.starts_with("route Kish:C Kish:T2")
                || line.starts_with("route Nippur:C Nippur:T3")
                || line.starts_with("route Adab:C Adab:T3")
                || line.starts_with("route Umma:C Umma:T2")
            {
                continue;
            }
            text.push_str(line);
            text.push('\n');
        }
        // The crossing towns and villages are now on no route; put them on dead ends.
        for s in [
            "Kish:C Kish:T2 Kish:V2",
            "Eridu:C Eridu:T2 Eridu:V2",
            "Nippur:C Nippur:T3 Nippur:V3",
            "Ur:C Ur:T3 Ur:V3",
            "Adab:C Adab:T3 Adab:V3",
            "Uruk:C Uruk:T3 Uruk:V3",
            "Umma:C Umma:T2 Umma:V2",
            "Lagash:C Lagash:T2 Lagash:V2",
        ] {
            text.push_str(&format!("route {s}\n"));
        }
        assert!(matches!(
            Board::parse(&text),
            Err(BoardError::NotConnected(..))
        ));
    }

    /// A name of 15 characters is one; of 16, not; `Debug` shows the name.
    #[test]
    fn names_hold_fifteen_characters() {
        let fifteen = "A".repeat(MAX_NAME);
        let name: StateName = fifteen.parse().unwrap();
        assert_eq!(name.as_str(), fifteen);
        assert_eq!(format!("{name:?}"), format!("{fifteen:?}"));
        let sixteen = "A".repeat(MAX_NAME + 1);
        assert_eq!(
            sixteen.parse::<StateName>(),
            Err(ParseNameError(sixteen.clone()))
        );
    }

    /// Boards are equal (and hash alike) when their city-states and routes are, whatever
    /// the letter case of the text; one route more makes another board.
    #[test]
    fn boards_are_equal_by_their_states_and_routes() {
        // Fixed keys: the same hashes on every run.
        use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
        let good = include_str!("../boards/sumeria-reconstructed.txt");
        let same = Board::parse(&good.to_lowercase()).unwrap();
        assert_eq!(same, *board());
        let hasher = BuildHasherDefault::<DefaultHasher>::default();
        assert_eq!(hasher.hash_one(&same), hasher.hash_one(&*board()));
        let other = Board::parse(&format!("{good}\nroute Kish:C Ur:C\n")).unwrap();
        assert_ne!(other, *board());
        assert_ne!(hasher.hash_one(&other), hasher.hash_one(&*board()));
        let debug = format!("{:?}", *board());
        assert!(
            debug.contains("\"Adab\"") && debug.contains("routes: 14"),
            "{debug}"
        );
    }

    /// The movement search holds 512 one-way steps: a board with as many is taken, one
    /// with a route more is refused, with the number of two-way steps.
    #[test]
    fn a_board_with_too_many_route_steps_is_refused() {
        let good = include_str!("../boards/sumeria-reconstructed.txt");
        let steps: usize = board().routes().iter().map(|r| r.len() - 1).sum();
        // Routes of one step (two one-way steps each) up to the limit.
        let room = (MAX_RAYS - 2 * steps) / 2;
        let with = |extra: usize| format!("{good}\n{}", "route Kish:C Ur:C\n".repeat(extra));
        assert!(Board::parse(&with(room)).is_ok());
        assert_eq!(
            Board::parse(&with(room + 1)),
            Err(BoardError::TooManyRoutes(MAX_RAYS / 2 + 1))
        );
    }

    /// The cities are one location per city-state, all on the board.
    #[test]
    fn the_cities_are_on_the_board() {
        assert_eq!(CITIES & !ALL, 0);
        assert_eq!(CITIES.count_ones() as usize, STATES);
    }
}
