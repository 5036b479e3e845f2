//! Reading states, views and configurations from data (feature `serde`), with every check
//! of the position format.
//!
//! Derived deserialization would accept any numbers; these impls accept only what a game
//! can reach, so that nothing read from data can make the engine panic later:
//!
//! - a [`Sumeria`] state is `{ "board": BOARD, "position": TEXT }`: the board (see below)
//!   and the position text of [`Position`]'s `Display`, read back with
//!   [`Position::parse_on`] on that board and validated by [`Position::into_game`];
//! - a [`Config`] is `{ "players": 3 or 4, "board": BOARD }` (`board` optional, unknown
//!   fields refused);
//! - a [`Public`] part keeps its field-by-field form; a [`SumeriaView`] has a JSON form of
//!   its own, versioned ([`VIEW_VERSION`]), with locations and city-states by name and one
//!   entry per seat. What they hold is rebuilt into a full state through the position
//!   checks (nothing is hidden in Sumeria but the order of the bag, whose contents follow
//!   from the public tiles), and the data is accepted only if it is exactly what that state
//!   shows;
//! - a [`Phase`] is `"turns"`, `{ "take": 0 }` and so on, `take` only 0 or 1.
//!
//! `BOARD` is `"reconstructed"` for the default board ([`Board::reconstructed`]), else the
//! text of the board file, read by [`Board::parse`] with all its checks.

use std::sync::Arc;

use mesopotamia_core::{Game, Seat};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::board::{Board, LOCATIONS, Locations, STATES};
use crate::config::Config;
use crate::position::{ParsePositionError, Position, Violation};
use crate::state::{Phase, Public, Sumeria, SumeriaView};

/// How data names the default board.
pub const DEFAULT_BOARD: &str = "reconstructed";

/// Why a state, view or configuration read from data was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InvalidData {
    /// Not 3 or 4 players.
    #[error("{0} players: Sumeria seats 3 or 4")]
    Players(u8),
    /// A phase `take` of another place than 0 or 1.
    #[error("phase `take {0}`: only places 0 and 1 are chosen from")]
    TakePlace(u8),
    /// The position breaks the rules.
    #[error("invalid position: {}", list(.0))]
    Violations(Vec<Violation>),
    /// A city-state index in the order beyond the board's 8.
    #[error("city-state index {0} in the order: a board has 8 (0 to 7)")]
    OrderIndex(u8),
    /// More city-states drawn than a board has.
    #[error("{0} city-states drawn: a board has 8")]
    Ordered(u8),
    /// A trader of a seat not at the table, or on a location not on the board.
    #[error("a trader of seat {seat} on location {location}: no such seat or location")]
    Trader {
        /// The seat.
        seat: usize,
        /// The board index of the location.
        location: usize,
    },
    /// Two traders on one location.
    #[error("two traders on location {0}")]
    SharedLocation(usize),
    /// Fields that do not agree with the position the rest describes.
    #[error("{0} disagree with the position the rest of the data describes")]
    Disagree(String),
    /// A view of a seat not at the table.
    #[error("a view of seat {seat}, but {players} seats are at the table")]
    ViewSeat {
        /// The seat.
        seat: Seat,
        /// Seats at the table.
        players: u8,
    },
    /// A view in JSON that does not fit its format (version, game, seats, names).
    #[error("{0}")]
    ViewForm(String),
    /// A view whose bag size is not what the tiles it shows leave in the bag.
    #[error("bag size {found}, but the tiles shown leave {expected} in the bag")]
    BagSize {
        /// Read.
        found: u32,
        /// Implied.
        expected: u32,
    },
}

/// The old name of [`InvalidData`] (the error is `InvalidData` in every game of the
/// workspace); kept so that code naming it still builds.
pub use InvalidData as DataError;

fn list(violations: &[Violation]) -> String {
    violations
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// A board as data: [`DEFAULT_BOARD`] for the default board, else its text.
pub(crate) mod board_field {
    use super::*;

    /// Writes the name of the default board, or the text of another.
    pub(crate) fn serialize<S: Serializer>(board: &Arc<Board>, s: S) -> Result<S::Ok, S::Error> {
        let default = Board::reconstructed();
        if Arc::ptr_eq(board, &default) || **board == *default {
            s.serialize_str(DEFAULT_BOARD)
        } else {
            s.serialize_str(board.source())
        }
    }

    /// Reads the name of the default board, or the text of a board (validated).
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Arc<Board>, D::Error> {
        let text = String::deserialize(d)?;
        if text == DEFAULT_BOARD {
            Ok(Board::reconstructed())
        } else {
            Board::parse(&text).map(Arc::new).map_err(D::Error::custom)
        }
    }
}

/// A [`Phase`], read before it is checked.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum PhaseData {
    Order,
    First,
    Draw,
    Setup,
    Turns,
    Take(u8),
    Over,
}

impl TryFrom<PhaseData> for Phase {
    type Error = InvalidData;

    fn try_from(data: PhaseData) -> Result<Phase, InvalidData> {
        Ok(match data {
            PhaseData::Order => Phase::Order,
            PhaseData::First => Phase::First,
            PhaseData::Draw => Phase::Draw,
            PhaseData::Setup => Phase::Setup,
            PhaseData::Turns => Phase::Turns,
            PhaseData::Take(place @ (0 | 1)) => Phase::Take(place),
            PhaseData::Take(place) => return Err(InvalidData::TakePlace(place)),
            PhaseData::Over => Phase::Over,
        })
    }
}

/// A [`Public`]'s fields, read before they are checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PublicData {
    config: Config,
    traders: [Locations; 4],
    supply: [u8; 4],
    order: [u8; STATES],
    ordered: u8,
    display: [[u8; 4]; 3],
    held: [[u8; 4]; 4],
    discarded: [u8; 4],
    round: u8,
    turn: u8,
    first: Seat,
    drawn: u8,
    phase: Phase,
}

impl TryFrom<PublicData> for Public {
    type Error = InvalidData;

    /// Rebuilds the position the data describes, validates it, and accepts the data only
    /// if it is exactly that position's public part (derived fields included).
    fn try_from(data: PublicData) -> Result<Public, InvalidData> {
        let n = data.config.players as usize;
        if data.ordered as usize > STATES {
            return Err(InvalidData::Ordered(data.ordered));
        }
        if let Some(&bad) = data.order.iter().find(|&&s| s as usize >= STATES) {
            return Err(InvalidData::OrderIndex(bad));
        }
        let mut traders = vec![None; LOCATIONS];
        for (s, set) in data.traders.iter().enumerate() {
            for space in set.iter() {
                let location = space.index();
                let seat = Seat::new(s).filter(|_| s < n && location < LOCATIONS);
                let Some(seat) = seat else {
                    return Err(InvalidData::Trader { seat: s, location });
                };
                if traders[location].replace(seat).is_some() {
                    return Err(InvalidData::SharedLocation(location));
                }
            }
        }
        let names = *data.config.board.names();
        let position = Position {
            config: data.config.clone(),
            order: data.order[..data.ordered as usize]
                .iter()
                .map(|&s| names[s as usize])
                .collect(),
            display: data.display,
            traders,
            seats: (0..n).map(|s| (data.supply[s], data.held[s])).collect(),
            discarded: data.discarded,
            round: data.round,
            turn: data.turn,
            first: data.first,
            phase: data.phase,
        };
        let game = position.into_game().map_err(InvalidData::Violations)?;
        let public = Public {
            config: data.config,
            traders: data.traders,
            supply: data.supply,
            order: data.order,
            ordered: data.ordered,
            display: data.display,
            held: data.held,
            discarded: data.discarded,
            round: data.round,
            turn: data.turn,
            first: data.first,
            drawn: data.drawn,
            phase: data.phase,
        };
        let rebuilt = &game.public;
        let checks = [
            ("traders", rebuilt.traders == public.traders),
            ("supply", rebuilt.supply == public.supply),
            ("order", rebuilt.order == public.order),
            ("ordered", rebuilt.ordered == public.ordered),
            ("held", rebuilt.held == public.held),
            ("drawn", rebuilt.drawn == public.drawn),
        ];
        let differ: Vec<&str> = checks
            .iter()
            .filter(|(_, same)| !same)
            .map(|(name, _)| *name)
            .collect();
        if !differ.is_empty() || *rebuilt != public {
            return Err(InvalidData::Disagree(if differ.is_empty() {
                "some fields".to_owned()
            } else {
                differ.join(", ")
            }));
        }
        Ok(public)
    }
}

/// A [`SumeriaView`]'s fields, read before they are checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ViewData {
    seat: Seat,
    public: Public,
    bag_size: u32,
}

impl TryFrom<ViewData> for SumeriaView {
    type Error = InvalidData;

    /// Rebuilds the state the view shows (its public part is checked as it is read) and
    /// accepts the view only if it is exactly that state's view for the seat.
    fn try_from(data: ViewData) -> Result<SumeriaView, InvalidData> {
        let players = data.public.config.players;
        if data.seat.index() >= players as usize {
            return Err(InvalidData::ViewSeat {
                seat: data.seat,
                players,
            });
        }
        let game = Position::from_public(&data.public)
            .into_game()
            .map_err(InvalidData::Violations)?;
        let view = SumeriaView {
            seat: data.seat,
            public: data.public,
            bag_size: data.bag_size,
        };
        let expected = game.view(view.seat);
        if expected != view {
            return Err(InvalidData::BagSize {
                found: view.bag_size,
                expected: expected.bag_size,
            });
        }
        Ok(view)
    }
}

/// A board as saved beside a state's position text: [`DEFAULT_BOARD`] for the default
/// board, else the text of the board file (read with every check of [`Board::parse`]).
pub struct SavedBoard(pub Arc<Board>);

impl Serialize for SavedBoard {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        board_field::serialize(&self.0, s)
    }
}

impl<'de> Deserialize<'de> for SavedBoard {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        board_field::deserialize(d).map(SavedBoard)
    }
}

/// A state is saved as `{ "board": BOARD, "position": TEXT }`: the board ([`DEFAULT_BOARD`]
/// or the board's text) and the position text. The position text alone cannot name its
/// board (its first line is `sumeria players N`), so the board goes beside it; the position
/// holds everything else (the bag follows from the tiles it shows), so the round trip is
/// exact. Reading refuses any other field and validates as [`Position::parse_on`] and
/// [`Position::into_game`] do; the error names every violation.
///
/// ```
/// use mesopotamia_core::Game;
/// use sumeria::{Config, Sumeria};
///
/// let game = Sumeria::new(Config::new(3)).unwrap();
/// let json = serde_json::to_string(&game).unwrap();
/// assert!(json.starts_with(r#"{"board":"reconstructed","position":"sumeria players 3\n"#));
/// assert_eq!(serde_json::from_str::<Sumeria>(&json).unwrap(), game);
///
/// // Two influence tiles more than the game has drawn: refused, with the reason.
/// let bad = json.replace("discarded 0 0 0 0", "discarded 2 0 0 0");
/// let err = serde_json::from_str::<Sumeria>(&bad).unwrap_err().to_string();
/// assert!(err.contains("2 influence tiles out of the bag, expected 0"), "{err}");
/// ```
impl mesopotamia_core::SetupBeside for Position {
    const FIELD: &'static str = "board";
    type Beside = SavedBoard;

    fn beside(game: &Sumeria) -> SavedBoard {
        SavedBoard(game.public.config.board.clone())
    }

    fn parse_beside(text: &str, board: SavedBoard) -> Result<Position, ParsePositionError> {
        Position::parse_on(text, board.0)
    }
}

mesopotamia_core::serde_via_setup!(Sumeria, Position, beside);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_read_back_and_bad_places_are_refused() {
        for phase in [Phase::Order, Phase::Take(0), Phase::Take(1), Phase::Over] {
            let json = serde_json::to_string(&phase).unwrap();
            assert_eq!(serde_json::from_str::<Phase>(&json).unwrap(), phase);
        }
        let err = serde_json::from_str::<Phase>(r#"{"take":2}"#).unwrap_err();
        assert!(err.to_string().contains("take 2"), "{err}");
    }

    #[test]
    fn configs_are_checked() {
        let json = serde_json::to_string(&Config::new(4)).unwrap();
        assert_eq!(json, r#"{"players":4,"board":"reconstructed"}"#);
        assert_eq!(
            serde_json::from_str::<Config>(&json).unwrap(),
            Config::new(4)
        );
        assert_eq!(
            serde_json::from_str::<Config>(r#"{"players":3}"#).unwrap(),
            Config::new(3)
        );
        for (bad, says) in [
            (r#"{"players":5}"#, "5 players"),
            (r#"{"players":2,"board":"reconstructed"}"#, "2 players"),
            (r#"{"players":3,"turn_limit":9}"#, "unknown field"),
            (r#"{"players":3,"board":"state Ur"}"#, "1 city-states"),
        ] {
            let err = serde_json::from_str::<Config>(bad).unwrap_err().to_string();
            assert!(err.contains(says), "{bad}: {err}");
        }
    }
}

/// The version of the JSON form of a seat's view ([`SumeriaView`]) this library writes and
/// reads.
pub const VIEW_VERSION: u32 = 1;

/// Four counts named by influence kind.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ByKind {
    economy: u8,
    military: u8,
    politics: u8,
    religion: u8,
}

impl From<[u8; 4]> for ByKind {
    fn from([economy, military, politics, religion]: [u8; 4]) -> Self {
        ByKind {
            economy,
            military,
            politics,
            religion,
        }
    }
}

impl From<ByKind> for [u8; 4] {
    fn from(k: ByKind) -> Self {
        [k.economy, k.military, k.politics, k.religion]
    }
}

/// One seat at the table.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SeatJson {
    /// Traders in supply.
    supply: u8,
    /// Influence tiles held.
    influence: ByKind,
    /// Where its traders stand, by location name (`"Kish:T1"`).
    traders: Vec<crate::board::Location>,
}

/// The JSON form of a seat's view: locations and city-states by name, one entry per seat
/// at the table, influence kinds named, and a `version` ([`VIEW_VERSION`]). Read back
/// through the same validation as the field-by-field form.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ViewJson {
    version: u32,
    game: String,
    seat: Seat,
    config: Config,
    /// The city-states drawn so far, most important first.
    order: Vec<crate::board::StateName>,
    /// The influence tiles on display above the first three city-states.
    display: Vec<ByKind>,
    seats: Vec<SeatJson>,
    discarded: ByKind,
    /// Tiles left in the bag.
    bag: u32,
    round: u8,
    turn: u8,
    first: Seat,
    /// Influence tiles drawn for this round's display.
    drawn: u8,
    phase: Phase,
}

impl From<SumeriaView> for ViewJson {
    fn from(v: SumeriaView) -> ViewJson {
        let p = &v.public;
        let board = p.board();
        ViewJson {
            version: VIEW_VERSION,
            game: "sumeria".into(),
            seat: v.seat,
            config: p.config.clone(),
            order: p.order().collect(),
            display: p.display.iter().map(|&d| d.into()).collect(),
            seats: (0..p.config.players as usize)
                .map(|s| SeatJson {
                    supply: p.supply[s],
                    influence: p.held[s].into(),
                    traders: (0..LOCATIONS)
                        .filter(|&i| crate::board::has(p.traders[s], i))
                        .filter_map(|i| board.location(i))
                        .collect(),
                })
                .collect(),
            discarded: p.discarded.into(),
            bag: v.bag_size,
            round: p.round,
            turn: p.turn,
            first: p.first,
            drawn: p.drawn,
            phase: p.phase,
        }
    }
}

impl TryFrom<ViewJson> for SumeriaView {
    type Error = InvalidData;

    fn try_from(j: ViewJson) -> Result<SumeriaView, InvalidData> {
        let bad = InvalidData::ViewForm;
        mesopotamia_core::record::check_view_header(j.version, &j.game, VIEW_VERSION, "sumeria")
            .map_err(bad)?;
        let n = j.config.players as usize;
        if !(3..=4).contains(&n) {
            return Err(InvalidData::Players(j.config.players));
        }
        if j.seats.len() != n || j.display.len() != 3 {
            return Err(bad(format!(
                "{} seats at a table of {n} and {} places on display (3)",
                j.seats.len(),
                j.display.len()
            )));
        }
        if j.order.len() > STATES {
            return Err(InvalidData::Ordered(j.order.len() as u8));
        }
        let board = j.config.board.clone();
        // The drawn city-states first, the rest in board order (as the engine keeps them).
        let mut order = [0u8; STATES];
        let mut drawn = Vec::with_capacity(STATES);
        for name in &j.order {
            let s = board
                .state_index(*name)
                .ok_or_else(|| bad(format!("no city-state `{name}` on the board")))?;
            if drawn.contains(&(s as u8)) {
                return Err(bad(format!("city-state `{name}` twice in the order")));
            }
            drawn.push(s as u8);
        }
        let rest = (0..STATES as u8).filter(|s| !drawn.contains(s));
        for (slot, s) in order.iter_mut().zip(drawn.iter().copied().chain(rest)) {
            *slot = s;
        }
        let mut traders = [Locations::default(); 4];
        let (mut supply, mut held) = ([0u8; 4], [[0u8; 4]; 4]);
        for (s, seat) in j.seats.iter().enumerate() {
            supply[s] = seat.supply;
            held[s] = seat.influence.into();
            for location in &seat.traders {
                let i = board
                    .index_of(*location)
                    .ok_or_else(|| bad(format!("no location `{location}` on the board")))?;
                traders[s].insert(mesopotamia_core::Space(i as u16));
            }
        }
        let mut display = [[0u8; 4]; 3];
        for (place, kinds) in j.display.iter().enumerate() {
            display[place] = (*kinds).into();
        }
        let public = Public::try_from(PublicData {
            config: j.config,
            traders,
            supply,
            order,
            ordered: j.order.len() as u8,
            display,
            held,
            discarded: j.discarded.into(),
            round: j.round,
            turn: j.turn,
            first: j.first,
            drawn: j.drawn,
            phase: j.phase,
        })?;
        SumeriaView::try_from(ViewData {
            seat: j.seat,
            public,
            bag_size: j.bag,
        })
    }
}

#[cfg(test)]
mod view_json_tests {

    use super::*;

    /// A 4-player game in its first round, traders on the board.
    fn game() -> Sumeria {
        let mut game = Sumeria::new(Config::new(4)).unwrap();
        mesopotamia_testkit::walk(&mut game, 70);
        game
    }

    #[test]
    fn views_in_json_name_locations_and_seats_and_round_trip() {
        let game = game();
        for seat in Seat::all(4) {
            let view = game.view(seat);
            let json = serde_json::to_string(&view).unwrap();
            let value: serde_json::Value = serde_json::from_str(&json).unwrap();
            assert_eq!(value["version"], VIEW_VERSION);
            assert_eq!(value["seats"].as_array().unwrap().len(), 4);
            assert!(
                value["seats"][0]["traders"][0]
                    .as_str()
                    .unwrap()
                    .contains(':'),
                "{json}"
            );
            assert!(value["order"][0].is_string(), "{json}");
            assert!(value["discarded"]["religion"].is_number(), "{json}");
            assert_eq!(serde_json::from_str::<SumeriaView>(&json).unwrap(), view);
        }
    }

    #[test]
    fn tampered_views_are_refused() {
        let value = serde_json::to_value(game().view(Seat::new(2).unwrap())).unwrap();
        let refused = |change: &dyn Fn(&mut serde_json::Value), why: &str| {
            let mut v = value.clone();
            change(&mut v);
            let err = serde_json::from_value::<SumeriaView>(v)
                .unwrap_err()
                .to_string();
            assert!(err.contains(why), "{why}: {err}");
        };
        refused(&|v| v["version"] = 9.into(), "a view of version 9");
        refused(&|v| v["game"] = "cards".into(), "a view of `cards`");
        refused(
            &|v| {
                v["seats"].as_array_mut().unwrap().pop();
            },
            "3 seats at a table of 4",
        );
        refused(
            &|v| v["order"][1] = v["order"][0].clone(),
            "twice in the order",
        );
        refused(&|v| v["seats"][0]["traders"][0] = "Ur:T9".into(), "");
        refused(&|v| v["seats"][1]["supply"] = 9.into(), "");
        refused(&|v| v["bag"] = 0.into(), "bag size 0");
        refused(&|v| v["seat"] = 4.into(), "a view of seat 4");
    }
}
