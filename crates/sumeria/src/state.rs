//! The game state, its phases and the game interface; the rules, split by job: who decides
//! and who controls a city-state (`control`), what is legal (`legal`), playing an action
//! (`play`), the chance draws and the end of a round (`turn`), where a trader may move
//! (`movement`), and the random-play fast paths (`random`).

mod control;
mod legal;
mod movement;
mod play;
mod random;
mod turn;

pub(crate) use legal::Step;
pub(crate) use movement::{Lanes, Reach};

use mesopotamia_core::rand_core::Rng;
use mesopotamia_core::scoring::triangular;
use mesopotamia_core::{Bag, Game, NoEvents, PlayedAction, Seat, Standings, ToMove};
use smallvec::SmallVec;

use crate::event::Event;

use crate::action::{
    ACTION_SPACE, ADD, Action, Chance, Influence, MOVE, PAIRS, REMOVE, TAKE, TAKE_TWO,
};
use crate::board::{Board, LOCATIONS, Location, Locations, STATES, has};
use crate::config::Config;

/// Influence tiles of each kind.
pub const TILES_PER_KIND: u8 = 9;
/// Rounds in a game.
pub const ROUNDS: u8 = 6;
/// Turns of each player in a round.
pub const TURNS_PER_PLAYER: u8 = 3;
/// Influence tiles on display above the first, second and third city-state.
pub const DISPLAY: [u8; 3] = [3, 2, 1];

/// Why an action, chance outcome or configuration was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
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
#[non_exhaustive]
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
    serde(
        rename_all = "snake_case",
        try_from = "crate::serialization::PhaseData"
    )
)]
#[non_exhaustive]
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
/// only if it is exactly that position's public part (see [`crate::serialization`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "crate::serialization::PublicData")
)]
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
/// see [`crate::serialization`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sumeria {
    pub(crate) public: Public,
    pub(crate) bag: Bag<Influence>,
}

/// What one seat may know: everything but the bag's contents.
///
/// As data (feature `serde`): locations and city-states by name, one entry per seat, a
/// `version` (`serialization::VIEW_VERSION`). Reading rebuilds the state the view shows (the bag
/// follows from the tiles it shows), checks it through the position checks, and accepts
/// the view only if it is exactly that state's view for `seat` (see [`crate::serialization`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        into = "crate::serialization::ViewJson",
        try_from = "crate::serialization::ViewJson"
    )
)]
pub struct SumeriaView {
    /// The seat whose view this is.
    pub seat: Seat,
    /// Everything public.
    pub public: Public,
    /// Tiles left in the bag.
    pub bag_size: u32,
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
        Seat::all(self.seats()).find(|s| has(self.traders[s.index()], index))
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
        if !has(p.occupied(), i) {
            return Vec::new();
        }
        let mut out = Vec::new();
        Reach::new(p.board().lanes(), p.occupied())
            .from(i)
            .for_each(|to| out.push(p.board().at(to.index())));
        out.sort();
        out
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
        self.play(action, events)
            .map_err(|reason| SumeriaError::Illegal { action, reason })
    }

    /// A seat's score: the points of the influence tiles it holds (1, 3, 6, 10, ... for 1,
    /// 2, 3, 4, ... of a kind), the figure the standings compare first. 0 for a seat not at
    /// the table.
    pub fn score(&self, seat: Seat) -> u32 {
        self.scores().get(seat.index()).map_or(0, |s| s.0)
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
        self.play(action, &mut NoEvents)
            .map_err(|reason| SumeriaError::Illegal { action, reason })
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
    fn resample_hidden<R: Rng + ?Sized>(&self, _observer: Seat, _rng: &mut R) -> Self {
        self.clone()
    }

    /// Counts the legal actions without listing them and builds only the one drawn: the
    /// very draw of the reference (one `uniform_below` over the count).
    fn sample_legal_action<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        _scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        self.sample_step(rng).map(|(_, step)| self.action_of(step))
    }

    /// Draws as [`sample_legal_action`](Game::sample_legal_action) does and plays the draw
    /// by board indices, without checking it again: it is legal by construction.
    fn play_random<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        _scratch: &mut Vec<Action>,
    ) -> PlayedAction<Self> {
        let Some((seat, step)) = self.sample_step(rng) else {
            return Ok(None);
        };
        let action = self.action_of(step);
        self.play_step(seat, step, &mut NoEvents);
        Ok(Some(action))
    }

    /// Draws by the weights without listing the outcomes: the very draw of the reference.
    fn sample_chance<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        _scratch: &mut Vec<(Chance, u32)>,
    ) -> Option<Chance> {
        self.draw_chance(rng)
    }
}
