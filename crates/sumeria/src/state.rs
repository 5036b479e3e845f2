//! The game state and the rules (S1 to S6).

use std::sync::Arc;

use mesopotamia_core::rand_core::RngCore;
use mesopotamia_core::scoring::triangular;
use mesopotamia_core::{Bag, Game, Seat, Space, Standings, ToMove};
use mesopotamia_core::{EventSink, NoEvents};
use smallvec::SmallVec;

use crate::event::Event;

use crate::action::{Action, Chance, Influence, PAIRS};
use crate::board::{Board, LOCATIONS, Location, Locations, SLOTS, STATES, Slot};

/// Influence tiles of each kind.
pub const TILES_PER_KIND: u8 = 9;
/// Rounds in a game.
pub const ROUNDS: u8 = 6;
/// Turns of each player in a round.
pub const TURNS_PER_PLAYER: u8 = 3;
/// Influence tiles on display above the first, second and third city-state.
pub const DISPLAY: [u8; 3] = [3, 2, 1];

/// Players, and the board.
///
/// As data (feature `serde`): `{ "players": 3, "board": "reconstructed" }`, the board
/// named `reconstructed` when it is the default one, else given as the text of its board
/// file; `board` may be left out (the default board). Reading checks the player count (3
/// or 4) and the board as [`Board::parse`] does, and refuses unknown fields.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "crate::data::ConfigData"))]
pub struct Config {
    /// 3 or 4.
    pub players: u8,
    /// The board (the reconstructed default unless another is loaded).
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::data::board_field::serialize")
    )]
    pub board: Arc<Board>,
}

impl Config {
    /// A game on the default board.
    pub fn new(players: u8) -> Config {
        Config {
            players,
            board: Board::reconstructed(),
        }
    }

    /// The same on another board.
    pub fn with_board(mut self, board: Arc<Board>) -> Config {
        self.board = board;
        self
    }

    /// (traders each, traders placed at setup) for this player count.
    pub const fn traders(&self) -> Option<(u8, u8)> {
        match self.players {
            3 => Some((14, 8)),
            4 => Some((10, 5)),
            _ => None,
        }
    }

    /// Reads the configuration line `sumeria players N` (the first line of the position
    /// format) for a game on `board`. Only the syntax is checked here: a player count
    /// other than 3 or 4 is refused by [`Sumeria::new`].
    ///
    /// ```
    /// use sumeria::{Board, Config};
    ///
    /// let config = Config::parse_on("sumeria players 4", Board::reconstructed()).unwrap();
    /// assert_eq!(config, Config::new(4));
    /// assert!(Config::parse_on("sumeria players four", Board::reconstructed()).is_err());
    /// ```
    pub fn parse_on(text: &str, board: Arc<Board>) -> Result<Config, ParseConfigError> {
        match text.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["sumeria", "players", n] => Ok(Config {
                players: n
                    .parse()
                    .map_err(|_| ParseConfigError::Players((*n).to_owned()))?,
                board,
            }),
            _ => Err(ParseConfigError::Format(text.trim().to_owned())),
        }
    }
}

/// Text that is not a configuration line `sumeria players N`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseConfigError {
    /// Not of the form `sumeria players N`.
    #[error("expected `sumeria players N`, found `{0}`")]
    Format(String),
    /// The player count is not a number.
    #[error("bad player count `{0}`")]
    Players(String),
}

/// The configuration line of the position format, `sumeria players N`. The board is not
/// written: a configuration read back is on the default board (see [`Config::parse_on`]).
impl core::fmt::Display for Config {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "sumeria players {}", self.players)
    }
}

/// Reads `sumeria players N` on the default board.
///
/// ```
/// use sumeria::Config;
///
/// let config: Config = "sumeria players 3".parse().unwrap();
/// assert_eq!(config, Config::new(3));
/// assert_eq!(config.to_string(), "sumeria players 3");
/// assert!("tigris players 3".parse::<Config>().is_err());
/// ```
impl core::str::FromStr for Config {
    type Err = ParseConfigError;
    fn from_str(text: &str) -> Result<Config, ParseConfigError> {
        Config::parse_on(text, Board::reconstructed())
    }
}

/// Why an action, chance outcome or configuration was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SumeriaError {
    /// Player count out of range.
    #[error("{0} players: Sumeria seats 3 or 4")]
    Players(u8),
    /// The action is not legal now.
    #[error("`{action}` is not legal now: {reason}")]
    Illegal {
        /// The action.
        action: Action,
        /// Why.
        reason: Reason,
    },
    /// A chance outcome when none is pending, or one that cannot happen now.
    #[error("chance outcome `{0}` cannot happen now")]
    Chance(Chance),
}

/// Why an action is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Reason {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A chance event comes first.
    #[error("a chance event must be resolved first")]
    ChancePending,
    /// Another kind of decision is pending.
    #[error("the decision now is {0}")]
    OtherDecision(&'static str),
    /// The location is not on this board.
    #[error("no such location on this board")]
    UnknownLocation,
    /// The location is taken.
    #[error("the location is not empty")]
    NotEmpty,
    /// No trader left in supply.
    #[error("no trader left in supply")]
    NoSupply,
    /// Not one of the seat's traders.
    #[error("no trader of yours stands there")]
    NotYours,
    /// The destination cannot be reached by the movement rule.
    #[error("that destination cannot be reached")]
    Unreachable,
    /// Those tiles are not on display.
    #[error("those influence tiles are not on display")]
    NotOnDisplay,
}

/// What happens next.
///
/// As data: `"order"`, `"turns"`, ..., `{ "take": 0 }`; a `take` of another place than 0
/// or 1 is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", try_from = "crate::data::PhaseData")
)]
pub enum Phase {
    /// Chance: the next place of the initial city-state order.
    Order,
    /// Chance: the first player.
    First,
    /// Chance: influence tiles drawn onto the display.
    Draw,
    /// Seats place traders, round the table from the first player.
    Setup,
    /// The turns of a round.
    Turns,
    /// The controller of the city-state in this place (0 or 1) takes influence tiles.
    Take(u8),
    /// The game is over.
    Over,
}

/// Text that is not a phase.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown phase `{0}` (expected order, first, draw, setup, turns, take 0, take 1 or over)")]
pub struct ParsePhaseError(pub String);

/// A phase by name, as the position format writes it: `order`, `first`, `draw`, `setup`,
/// `turns`, `take 0`, `take 1`, `over`.
impl core::fmt::Display for Phase {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Phase::Order => f.write_str("order"),
            Phase::First => f.write_str("first"),
            Phase::Draw => f.write_str("draw"),
            Phase::Setup => f.write_str("setup"),
            Phase::Turns => f.write_str("turns"),
            Phase::Take(place) => write!(f, "take {place}"),
            Phase::Over => f.write_str("over"),
        }
    }
}

/// Reads a phase by name (words separated by any white space).
///
/// ```
/// use sumeria::Phase;
///
/// assert_eq!("take 1".parse::<Phase>().unwrap(), Phase::Take(1));
/// assert_eq!(Phase::Take(0).to_string(), "take 0");
/// assert!("take 2".parse::<Phase>().is_err());
/// ```
impl core::str::FromStr for Phase {
    type Err = ParsePhaseError;
    fn from_str(text: &str) -> Result<Phase, ParsePhaseError> {
        Ok(
            match text.split_whitespace().collect::<Vec<_>>().as_slice() {
                ["order"] => Phase::Order,
                ["first"] => Phase::First,
                ["draw"] => Phase::Draw,
                ["setup"] => Phase::Setup,
                ["turns"] => Phase::Turns,
                ["take", "0"] => Phase::Take(0),
                ["take", "1"] => Phase::Take(1),
                ["over"] => Phase::Over,
                _ => return Err(ParsePhaseError(text.trim().to_owned())),
            },
        )
    }
}

/// Everything every seat sees.
///
/// As data, field by field. Reading rebuilds the position these fields describe, checks
/// it as [`Position::into_game`](crate::Position::into_game) does, and accepts the data
/// only if it is exactly that position's public part (see [`crate::data`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "crate::data::PublicData"))]
pub struct Public {
    pub(crate) config: Config,
    /// Each seat's traders on the board.
    pub(crate) traders: [Locations; 4],
    pub(crate) supply: [u8; 4],
    /// City-state (board index) in each place, most important first.
    pub(crate) order: [u8; STATES],
    /// Places of `order` already drawn (8 once set up).
    pub(crate) ordered: u8,
    /// Influence tiles per kind on display above the first three city-states.
    pub(crate) display: [[u8; 4]; 3],
    pub(crate) held: [[u8; 4]; 4],
    pub(crate) discarded: [u8; 4],
    /// Rounds completed.
    pub(crate) round: u8,
    /// Turns taken in this round, or placements at setup.
    pub(crate) turn: u8,
    pub(crate) first: Seat,
    /// Influence tiles drawn for this round's display.
    pub(crate) drawn: u8,
    pub(crate) phase: Phase,
}

/// A game of Sumeria.
///
/// As data (feature `serde`): `{ "board": BOARD, "position": TEXT }`, the board
/// (`"reconstructed"` or a board file's text) and the [position text](crate::Position).
/// Reading parses and validates both, so that only states a game can reach are accepted;
/// see [`crate::data`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sumeria {
    pub(crate) public: Public,
    pub(crate) bag: Bag<Influence>,
}

/// What one seat may know: everything but the bag's contents.
///
/// As data, field by field. Reading rebuilds the state the view shows (the bag follows
/// from the tiles it shows), checks it through the position checks, and accepts the view
/// only if it is exactly that state's view for `seat` (see [`crate::data`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "crate::data::ViewData"))]
pub struct SumeriaView {
    /// The seat whose view this is.
    pub seat: Seat,
    /// Everything public.
    pub public: Public,
    /// Tiles left in the bag.
    pub bag_size: u32,
}

const MOVES: usize = LOCATIONS * LOCATIONS;
const ADD: usize = 0;
const MOVE: usize = ADD + LOCATIONS;
const REMOVE: usize = MOVE + MOVES;
const TAKE: usize = REMOVE + LOCATIONS;
const TAKE_TWO: usize = TAKE + 4;
/// Size of the action space.
pub const ACTION_SPACE: usize = TAKE_TWO + PAIRS.len();

#[inline]
fn space(index: usize) -> Space {
    Space(index as u16)
}

impl Public {
    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }
    /// The board.
    pub fn board(&self) -> &Board {
        &self.config.board
    }
    pub(crate) fn seats(&self) -> usize {
        self.config.players as usize
    }
    /// The seat whose trader stands on a location (board index), if any.
    pub fn occupant(&self, index: usize) -> Option<Seat> {
        let at = space(index);
        Seat::all(self.seats()).find(|s| self.traders[s.index()].contains(at))
    }
    /// The seat whose trader stands on a location, if any.
    pub fn trader_at(&self, location: Location) -> Option<Seat> {
        self.occupant(self.board().index_of(location)?)
    }
    /// Traders a seat has in supply.
    pub fn supply(&self, seat: Seat) -> u8 {
        self.supply.get(seat.index()).copied().unwrap_or(0)
    }
    /// The city-state order, most important first (names), as far as it is drawn.
    pub fn order(&self) -> impl Iterator<Item = crate::board::StateName> + '_ {
        self.order[..self.ordered as usize]
            .iter()
            .map(|&s| self.board().names()[s as usize])
    }
    /// Influence tiles of a kind on display above the city-state in `place` (0..3).
    pub fn display(&self, place: usize, kind: Influence) -> u8 {
        self.display.get(place).map_or(0, |d| d[kind as usize])
    }
    /// Influence tiles of a kind a seat holds.
    pub fn held(&self, seat: Seat, kind: Influence) -> u8 {
        self.held.get(seat.index()).map_or(0, |h| h[kind as usize])
    }
    /// Influence tiles of a kind discarded.
    pub fn discarded(&self, kind: Influence) -> u8 {
        self.discarded[kind as usize]
    }
    /// Rounds completed.
    pub fn round(&self) -> u8 {
        self.round
    }
    /// Turns taken in this round.
    pub fn turn(&self) -> u8 {
        self.turn
    }
    /// The first player of this round.
    pub fn first(&self) -> Seat {
        self.first
    }
    /// What happens next.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    fn occupied(&self) -> Locations {
        self.traders[0] | self.traders[1] | self.traders[2] | self.traders[3]
    }

    /// The seat deciding now, if a seat decides.
    fn deciding(&self) -> Option<Seat> {
        let n = self.seats();
        match self.phase {
            Phase::Setup | Phase::Turns => Seat::new((self.first.index() + self.turn as usize) % n),
            Phase::Take(place) => self
                .control(self.order[place as usize] as usize)
                .first()
                .copied(),
            _ => None,
        }
    }

    /// Place of a seat in this round's turn order (0 for the first player).
    fn turn_place(&self, seat: Seat) -> usize {
        (seat.index() + self.seats() - self.first.index()) % self.seats()
    }

    /// Seats with traders in a city-state, best control first (S5): most traders, then the
    /// city, then most towns, then earlier in this round's order.
    pub fn control(&self, state: usize) -> SmallVec<[Seat; 4]> {
        // (seat, (traders, holds the city, towns, earliness in this round's order))
        type Standing = (Seat, (u8, bool, u8, usize));
        let mut seats: SmallVec<[Standing; 4]> = SmallVec::new();
        for seat in Seat::all(self.seats()) {
            let mut count = 0;
            let mut city = false;
            let mut towns = 0;
            for slot in 0..SLOTS {
                if self.traders[seat.index()].contains(space(state * SLOTS + slot)) {
                    count += 1;
                    match Slot::from_index(slot) {
                        Some(Slot::City) => city = true,
                        Some(Slot::Town(_)) => towns += 1,
                        _ => {}
                    }
                }
            }
            if count > 0 {
                seats.push((
                    seat,
                    (count, city, towns, self.seats() - self.turn_place(seat)),
                ));
            }
        }
        seats.sort_by_key(|s| core::cmp::Reverse(s.1));
        seats.into_iter().map(|(s, _)| s).collect()
    }

    fn move_tile(&mut self, state: usize, up: bool, ev: &mut impl EventSink<Event>) {
        let Some(p) = self.order.iter().position(|&s| s as usize == state) else {
            return;
        };
        let to = if up && p > 0 {
            p - 1
        } else if !up && p + 1 < STATES {
            p + 1
        } else {
            return;
        };
        self.order.swap(p, to);
        ev.push(Event::TileMoved {
            state: self.board().names()[state],
            from: p as u8 + 1,
            to: to as u8 + 1,
        });
    }
}

impl Sumeria {
    /// A new game: the initial city-state order, the first player and the first display
    /// are chance events, then the setup placements.
    pub fn new(config: Config) -> Result<Sumeria, SumeriaError> {
        let Some((traders, _)) = config.traders() else {
            return Err(SumeriaError::Players(config.players));
        };
        let n = config.players as usize;
        let mut supply = [0; 4];
        supply[..n].fill(traders);
        Ok(Sumeria {
            public: Public {
                config,
                traders: [Locations::EMPTY; 4],
                supply,
                order: core::array::from_fn(|i| i as u8),
                ordered: 0,
                display: [[0; 4]; 3],
                held: [[0; 4]; 4],
                discarded: [0; 4],
                round: 0,
                turn: 0,
                first: Seat::new(0).expect("seat 0"),
                drawn: 0,
                phase: Phase::Order,
            },
            bag: Bag::from_counts(&Influence::ALL.map(|k| (k, TILES_PER_KIND as u16))),
        })
    }

    /// Everything every seat sees.
    pub fn public(&self) -> &Public {
        &self.public
    }

    /// The influence tiles left in the bag.
    pub fn bag(&self) -> &Bag<Influence> {
        &self.bag
    }

    /// Where the trader on `from` may move now (locations, sorted).
    pub fn destinations(&self, from: Location) -> Vec<Location> {
        let p = &self.public;
        let Some(i) = p.board().index_of(from) else {
            return Vec::new();
        };
        if !p.occupied().contains(space(i)) {
            return Vec::new();
        }
        let mut out: Vec<Location> = p
            .board()
            .destinations(i, p.occupied())
            .iter()
            .filter_map(|s| p.board().location(s.index()))
            .collect();
        out.sort();
        out
    }

    /// Why `action` is not legal now, if it is not.
    pub fn check(&self, action: Action) -> Result<(), Reason> {
        let p = &self.public;
        let board = p.board();
        let index = |l: Location| board.index_of(l).ok_or(Reason::UnknownLocation);
        let Some(seat) = p.deciding() else {
            return Err(if p.phase == Phase::Over {
                Reason::GameOver
            } else {
                Reason::ChancePending
            });
        };
        let mine = |i: usize| p.traders[seat.index()].contains(space(i));
        match (p.phase, action) {
            (Phase::Setup | Phase::Turns, Action::Add(l)) => {
                let i = index(l)?;
                if p.occupied().contains(space(i)) {
                    Err(Reason::NotEmpty)
                } else if p.supply[seat.index()] == 0 {
                    Err(Reason::NoSupply)
                } else {
                    Ok(())
                }
            }
            (Phase::Turns, Action::Move(a, b)) => {
                let (i, j) = (index(a)?, index(b)?);
                if !mine(i) {
                    Err(Reason::NotYours)
                } else if board.destinations(i, p.occupied()).contains(space(j)) {
                    Ok(())
                } else {
                    Err(Reason::Unreachable)
                }
            }
            (Phase::Turns, Action::Remove(l)) => {
                if mine(index(l)?) {
                    Ok(())
                } else {
                    Err(Reason::NotYours)
                }
            }
            (Phase::Take(1), Action::Take(k)) => {
                if p.display[1][k as usize] > 0 {
                    Ok(())
                } else {
                    Err(Reason::NotOnDisplay)
                }
            }
            (Phase::Take(0), Action::TakeTwo(a, b)) => {
                let d = p.display[0];
                let ok = if a == b {
                    d[a as usize] >= 2
                } else {
                    d[a as usize] >= 1 && d[b as usize] >= 1
                };
                if ok && a <= b {
                    Ok(())
                } else {
                    Err(Reason::NotOnDisplay)
                }
            }
            (Phase::Setup, _) => Err(Reason::OtherDecision("a setup placement (add)")),
            (Phase::Turns, _) => Err(Reason::OtherDecision("add, move or remove")),
            (Phase::Take(0), _) => Err(Reason::OtherDecision("two influence tiles (take A B)")),
            (_, _) => Err(Reason::OtherDecision("one influence tile (take A)")),
        }
    }

    fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let p = &self.public;
        let Some(seat) = p.deciding() else { return };
        let board = p.board();
        let loc = |i: usize| board.location(i).expect("a board index");
        match p.phase {
            Phase::Setup | Phase::Turns => {
                let occupied = p.occupied();
                let mine = p.traders[seat.index()];
                if p.supply[seat.index()] > 0 {
                    (!occupied & Locations::first_n(LOCATIONS))
                        .for_each(|i| out.push(Action::Add(loc(i.index()))));
                }
                if p.phase == Phase::Setup {
                    return;
                }
                mine.for_each(|from| {
                    let a = loc(from.index());
                    board
                        .destinations(from.index(), occupied)
                        .for_each(|to| out.push(Action::Move(a, loc(to.index()))));
                });
                mine.for_each(|i| out.push(Action::Remove(loc(i.index()))));
            }
            Phase::Take(1) => {
                for k in Influence::ALL {
                    if p.display[1][k as usize] > 0 {
                        out.push(Action::Take(k));
                    }
                }
            }
            Phase::Take(_) => {
                let d = p.display[0];
                for (a, b) in PAIRS {
                    let ok = if a == b {
                        d[a as usize] >= 2
                    } else {
                        d[a as usize] >= 1 && d[b as usize] >= 1
                    };
                    if ok {
                        out.push(Action::TakeTwo(a, b));
                    }
                }
            }
            _ => {}
        }
    }

    fn play(&mut self, action: Action, ev: &mut impl EventSink<Event>) {
        let seat = self
            .public
            .deciding()
            .expect("a checked action has a deciding seat");
        let p = &mut self.public;
        let n = p.seats();
        match action {
            Action::Add(l) => {
                let i = p.board().index_of(l).expect("checked");
                p.traders[seat.index()].insert(space(i));
                p.supply[seat.index()] -= 1;
                if p.phase == Phase::Turns {
                    p.move_tile(i / SLOTS, true, ev);
                }
            }
            Action::Move(a, b) => {
                let (i, j) = (
                    p.board().index_of(a).expect("checked"),
                    p.board().index_of(b).expect("checked"),
                );
                p.traders[seat.index()].remove(space(i));
                p.traders[seat.index()].insert(space(j));
                if i / SLOTS != j / SLOTS {
                    p.move_tile(j / SLOTS, true, ev);
                }
            }
            Action::Remove(l) => {
                let i = p.board().index_of(l).expect("checked");
                p.traders[seat.index()].remove(space(i));
                p.supply[seat.index()] += 1;
                p.move_tile(i / SLOTS, false, ev);
            }
            Action::Take(k) => {
                self.take(1, &[k], ev);
                return self.score_from(2, ev);
            }
            Action::TakeTwo(a, b) => {
                self.take(0, &[a, b], ev);
                return self.score_from(1, ev);
            }
        }
        let p = &mut self.public;
        p.turn += 1;
        match p.phase {
            Phase::Setup => {
                let placements = p.config.traders().map_or(0, |(_, placed)| placed) as usize * n;
                if p.turn as usize == placements {
                    p.turn = 0;
                    p.phase = Phase::Turns;
                    ev.push(Event::RoundStarted {
                        round: p.round + 1,
                        first: p.first,
                    });
                }
            }
            Phase::Turns if p.turn as usize == TURNS_PER_PLAYER as usize * n => {
                self.score_from(0, ev)
            }
            _ => {}
        }
    }

    /// The controller of `place` takes `kinds`; the rest goes to the second, or is
    /// discarded when he is alone there.
    fn take(&mut self, place: usize, kinds: &[Influence], ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        let control = p.control(p.order[place] as usize);
        let Some(&controller) = control.first() else {
            return;
        };
        for &k in kinds {
            p.display[place][k as usize] -= 1;
            p.held[controller.index()][k as usize] += 1;
        }
        let rest = core::mem::take(&mut p.display[place]);
        if ev.wanted() {
            ev.push(Event::Took {
                seat: controller,
                place: place as u8 + 1,
                kinds: kinds.to_vec(),
            });
            let rest_kinds = tiles_of(rest);
            if !rest_kinds.is_empty() {
                ev.push(match control.get(1) {
                    Some(&second) => Event::Took {
                        seat: second,
                        place: place as u8 + 1,
                        kinds: rest_kinds,
                    },
                    None => Event::Discarded {
                        place: place as u8 + 1,
                        kinds: rest_kinds,
                    },
                });
            }
        }
        let to = match control.get(1) {
            Some(second) => &mut p.held[second.index()],
            None => &mut p.discarded,
        };
        for (t, r) in to.iter_mut().zip(rest) {
            *t += r;
        }
    }

    /// Scores the first three city-states from `place` on, stopping at a choice.
    fn score_from(&mut self, place: usize, ev: &mut impl EventSink<Event>) {
        for place in place..3 {
            let p = &mut self.public;
            let control = p.control(p.order[place] as usize);
            if control.is_empty() {
                let gone = core::mem::take(&mut p.display[place]);
                if ev.wanted() && gone.iter().any(|&n| n > 0) {
                    ev.push(Event::Discarded {
                        place: place as u8 + 1,
                        kinds: tiles_of(gone),
                    });
                }
                for (d, g) in p.discarded.iter_mut().zip(gone) {
                    *d += g;
                }
                continue;
            }
            if place == 2 {
                let kinds: SmallVec<[Influence; 1]> = Influence::ALL
                    .into_iter()
                    .filter(|k| p.display[2][*k as usize] > 0)
                    .collect();
                self.take(2, &kinds, ev);
                continue;
            }
            p.phase = Phase::Take(place as u8);
            let mut options = Vec::new();
            self.legal_into(&mut options);
            match options.as_slice() {
                [] => {
                    // Nothing on display (cannot happen with a full bag): nothing to take.
                    self.take(place, &[], ev);
                }
                [only] => {
                    // A single option is not asked (RULINGS): apply it.
                    let kinds: SmallVec<[Influence; 2]> = match *only {
                        Action::Take(k) => smallvec::smallvec![k],
                        Action::TakeTwo(a, b) => smallvec::smallvec![a, b],
                        _ => SmallVec::new(),
                    };
                    if let Some(seat) = self.public.deciding() {
                        ev.push(Event::Forced {
                            seat,
                            action: *only,
                        });
                    }
                    self.take(place, &kinds, ev);
                }
                _ => return,
            }
        }
        self.end_round(ev);
    }

    fn end_round(&mut self, ev: &mut impl EventSink<Event>) {
        let p = &mut self.public;
        let n = p.seats();
        // Next first player (S5): left of the seat with fewest traders in the first
        // city-state, ties settled on the next ones, then the latest in this round's order.
        let mut tied: SmallVec<[Seat; 4]> = Seat::all(n).collect();
        for &state in &p.order {
            let count = |s: &Seat| {
                (0..SLOTS)
                    .filter(|slot| {
                        p.traders[s.index()].contains(space(state as usize * SLOTS + slot))
                    })
                    .count()
            };
            let fewest = tied.iter().map(count).min().unwrap_or(0);
            tied.retain(|s| count(s) == fewest);
            if tied.len() == 1 {
                break;
            }
        }
        let last = tied
            .iter()
            .copied()
            .max_by_key(|&s| p.turn_place(s))
            .unwrap_or(p.first);
        // Reorder (S5): places 1, 2, 3 go to 8, 7, 6; the others move up three.
        let old = p.order;
        p.order = [
            old[3], old[4], old[5], old[6], old[7], old[2], old[1], old[0],
        ];
        p.first = last.next(n);
        p.round += 1;
        p.turn = 0;
        p.drawn = 0;
        p.phase = if p.round == ROUNDS {
            Phase::Over
        } else {
            Phase::Draw
        };
        if ev.wanted() {
            ev.push(Event::RoundEnded {
                round: p.round,
                order: p
                    .order
                    .iter()
                    .map(|&s| p.board().names()[s as usize])
                    .collect(),
                first: p.first,
            });
            if p.phase == Phase::Over {
                ev.push(Event::GameEnded);
            }
        }
    }

    fn resolve_chance(
        &mut self,
        chance: Chance,
        ev: &mut impl EventSink<Event>,
    ) -> Result<(), SumeriaError> {
        let bad = Err(SumeriaError::Chance(chance));
        let p = &mut self.public;
        match (p.phase, chance) {
            (Phase::Order, Chance::Order(name)) => {
                let Some(state) = p.board().state_index(name) else {
                    return bad;
                };
                if p.order[..p.ordered as usize].contains(&(state as u8)) {
                    return bad;
                }
                let at = p.ordered as usize;
                // Keep `order` a permutation: swap the drawn state into its place.
                let from = p
                    .order
                    .iter()
                    .position(|&s| s as usize == state)
                    .expect("a permutation");
                p.order.swap(at, from);
                p.ordered += 1;
                ev.push(Event::OrderDrawn {
                    state: name,
                    place: p.ordered,
                });
                // The undrawn rest stays in board order, so equal states compare equal.
                p.order[p.ordered as usize..].sort_unstable();
                if p.ordered as usize == STATES {
                    p.phase = Phase::First;
                }
            }
            (Phase::First, Chance::First(seat)) if seat.index() < p.seats() => {
                p.first = seat;
                p.phase = Phase::Draw;
                ev.push(Event::FirstChosen { seat });
            }
            (Phase::Draw, Chance::Draw(kind)) => {
                if self.bag.take(kind, 1).is_err() {
                    return bad;
                }
                let p = &mut self.public;
                let place = match p.drawn {
                    0..=2 => 0,
                    3 | 4 => 1,
                    _ => 2,
                };
                p.display[place][kind as usize] += 1;
                p.drawn += 1;
                ev.push(Event::Displayed {
                    kind,
                    place: place as u8 + 1,
                    state: p.board().names()[p.order[place] as usize],
                });
                if p.drawn as usize == DISPLAY.iter().map(|&d| d as usize).sum::<usize>() {
                    if p.round == 0 {
                        p.phase = Phase::Setup;
                        ev.push(Event::SetupStarted { first: p.first });
                    } else {
                        p.phase = Phase::Turns;
                        ev.push(Event::RoundStarted {
                            round: p.round + 1,
                            first: p.first,
                        });
                    }
                }
            }
            _ => return bad,
        }
        Ok(())
    }

    /// Resolves the pending chance event and appends what happened to `events` (the
    /// city-state drawn for a place of the order, the first player, where a drawn
    /// influence tile went, the setup or round that begins); refused outcomes leave the
    /// game as it was.
    ///
    /// ```
    /// use sumeria::{Config, Sumeria};
    ///
    /// let mut game = Sumeria::new(Config::new(3)).unwrap();
    /// let mut events = Vec::new();
    /// game.apply_chance_with_events("order Ur".parse().unwrap(), &mut events).unwrap();
    /// assert_eq!(events[0].to_string(), "Ur takes place 1");
    /// assert!(game.apply_chance_with_events("order Ur".parse().unwrap(), &mut events).is_err());
    /// assert_eq!(events.len(), 1);
    /// ```
    pub fn apply_chance_with_events(
        &mut self,
        chance: Chance,
        events: &mut Vec<Event>,
    ) -> Result<(), SumeriaError> {
        self.resolve_chance(chance, events)
    }

    /// Plays an action and appends what happened to `events`; refused actions leave the
    /// game as it was.
    pub fn apply_with_events(
        &mut self,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), SumeriaError> {
        self.check(action)
            .map_err(|reason| SumeriaError::Illegal { action, reason })?;
        self.play(action, events);
        Ok(())
    }

    /// Final scores: (points, most tiles of one kind) per seat.
    pub fn scores(&self) -> Vec<(u32, u8)> {
        let p = &self.public;
        (0..p.seats())
            .map(|s| {
                let held = p.held[s];
                (
                    held.iter().map(|&n| triangular(n as u32)).sum(),
                    held.iter().copied().max().unwrap_or(0),
                )
            })
            .collect()
    }
}

impl Game for Sumeria {
    type Config = Config;
    type Action = Action;
    type Chance = Chance;
    type View = SumeriaView;
    type Error = SumeriaError;
    const NAME: &'static str = "sumeria";

    fn new(config: &Config) -> Result<Self, SumeriaError> {
        Sumeria::new(config.clone())
    }

    fn config(&self) -> &Config {
        &self.public.config
    }

    fn seat_count(&self) -> usize {
        self.public.seats()
    }

    fn to_move(&self) -> ToMove {
        match self.public.phase {
            Phase::Order | Phase::First | Phase::Draw => ToMove::Chance,
            Phase::Over => ToMove::Terminal,
            _ => self
                .public
                .deciding()
                .map_or(ToMove::Terminal, ToMove::Seat),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn apply(&mut self, action: Action) -> Result<(), SumeriaError> {
        self.check(action)
            .map_err(|reason| SumeriaError::Illegal { action, reason })?;
        self.play(action, &mut NoEvents);
        Ok(())
    }

    fn chance_outcomes(&self, out: &mut Vec<(Chance, u32)>) {
        out.clear();
        let p = &self.public;
        match p.phase {
            Phase::Order => {
                let mut names: SmallVec<[crate::board::StateName; 8]> = p.order
                    [p.ordered as usize..]
                    .iter()
                    .map(|&s| p.board().names()[s as usize])
                    .collect();
                names.sort();
                out.extend(names.into_iter().map(|n| (Chance::Order(n), 1)));
            }
            Phase::First => out.extend(Seat::all(p.seats()).map(|s| (Chance::First(s), 1))),
            Phase::Draw => out.extend(self.bag.outcomes().map(|(k, n)| (Chance::Draw(k), n))),
            _ => {}
        }
    }

    fn apply_chance(&mut self, outcome: Chance) -> Result<(), SumeriaError> {
        // `resolve_chance` checks an outcome before it changes anything (a test holds it
        // to that for every outcome at every step), so no copy is kept to roll back.
        self.resolve_chance(outcome, &mut NoEvents)
    }

    fn action_space_size(&self) -> usize {
        ACTION_SPACE
    }

    fn action_index(&self, action: Action) -> usize {
        let board = self.public.board();
        let dense = |l: Location| board.index_of(l).unwrap_or(0);
        match action {
            Action::Add(l) => ADD + dense(l),
            Action::Move(a, b) => MOVE + dense(a) * LOCATIONS + dense(b),
            Action::Remove(l) => REMOVE + dense(l),
            Action::Take(k) => TAKE + k as usize,
            Action::TakeTwo(a, b) => {
                TAKE_TWO + PAIRS.iter().position(|&p| p == (a, b)).unwrap_or(0)
            }
        }
    }

    fn action_from_index(&self, index: usize) -> Option<Action> {
        let board = self.public.board();
        let loc = |d: usize| board.location(d);
        match index {
            i if i < MOVE => Some(Action::Add(loc(i - ADD)?)),
            i if i < REMOVE => Some(Action::Move(
                loc((i - MOVE) / LOCATIONS)?,
                loc((i - MOVE) % LOCATIONS)?,
            )),
            i if i < TAKE => Some(Action::Remove(loc(i - REMOVE)?)),
            i if i < TAKE_TWO => Influence::ALL.get(i - TAKE).map(|&k| Action::Take(k)),
            i if i < ACTION_SPACE => PAIRS.get(i - TAKE_TWO).map(|&(a, b)| Action::TakeTwo(a, b)),
            _ => None,
        }
    }

    fn view(&self, seat: Seat) -> SumeriaView {
        SumeriaView {
            seat,
            public: self.public.clone(),
            bag_size: self.bag.total(),
        }
    }

    fn standings(&self) -> Option<Standings> {
        (self.public.phase == Phase::Over).then(|| Standings::from_keys(&self.scores()))
    }

    fn max_steps(&self) -> usize {
        let n = self.public.seats();
        let placed = self.public.config.traders().map_or(0, |(_, p)| p as usize);
        // Order draws, first player, 36 influence draws, setup, turns, two choices a round.
        STATES + 1 + 36 + placed * n + ROUNDS as usize * (TURNS_PER_PLAYER as usize * n + 2)
    }

    /// The bag's contents follow from the public tiles, so nothing is left to redraw.
    fn resample_hidden<R: RngCore + ?Sized>(&self, _observer: Seat, _rng: &mut R) -> Self {
        self.clone()
    }
}

/// The tiles of a per-kind count, one entry per tile.
fn tiles_of(counts: [u8; 4]) -> Vec<Influence> {
    Influence::ALL
        .into_iter()
        .flat_map(|k| std::iter::repeat_n(k, counts[k as usize] as usize))
        .collect()
}
