//! Any game by name: what a front end (a command line, a Python module, a web page, a
//! server) needs to seat a table of one of the games it is told about by name.
//!
//! - [`GameName`]: the games as the front ends and the records name them;
//! - [`GameOptions`]: the options of a new game, checked against the game (an option of
//!   another game is an error naming it);
//! - [`BotSpec`]: who plays a seat (`person`, `random`, `greedy`, `mcts`, `mcts:2000`,
//!   `mcts:500ms`, `mcts:1.5s`, the first search bot `mcts-v1` with the same budgets, the
//!   levels `level1` to `level5`), parsed strictly and printed back as it parses;
//! - [`NamedGame`]: each game's configuration from the options, its bots, its default
//!   search budget and the figure its standings rank a seat by first;
//! - [`hint`]: a hint for a person's decision, the search among the greedy bot's best
//!   candidates, with its shares of the visits;
//! - with the `serde` feature, [`write_record`], [`read_record`] and [`record_game`]: game
//!   records as JSON, and which game a record is of.
//!
//! ```
//! use mesopotamia::table::{BotSpec, GameName, GameOptions};
//!
//! let spec: BotSpec = "mcts:1.5s".parse()?;
//! assert_eq!(spec.to_string(), "mcts:1.5s");
//! assert!("mcts:0".parse::<BotSpec>().is_err());
//!
//! let options = GameOptions { players: Some(3), open_piles: Some(true), ..GameOptions::default() };
//! assert!(options.check(GameName::Cards).is_ok());
//! assert_eq!(
//!     options.check(GameName::Sumeria).unwrap_err().to_string(),
//!     "--open-piles is an option of cards, not of sumeria"
//! );
//! # #[cfg(feature = "cards")]
//! # {
//! use mesopotamia::table::NamedGame;
//! use mesopotamia::cards::Cards;
//! let config = Cards::configure(&options)?;
//! let bot = spec.bot::<Cards>(); // the card game's search bot, 1.5 s a decision
//! assert!(bot.is_some());
//! # let _ = config;
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;
use core::time::Duration;

use mesopotamia_core::{Game, Seat};
use mesopotamia_search::mcts::MctsBot;
use mesopotamia_search::{Bot, RandomBot};

#[cfg(feature = "serde")]
pub use records::{RecordError, read_record, record_game, write_record};

mod hint;
pub use hint::{HINT_CANDIDATES, Hint, hint};

/// The games, by the names the commands, the pages and the records use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameName {
    /// Tigris & Euphrates, the tile game: `tigris`.
    Tigris,
    /// Euphrat & Tigris, the card game: `cards`.
    Cards,
    /// Sumeria: `sumeria`.
    Sumeria,
}

impl GameName {
    /// Every game, built in or not, in the order the front ends list them.
    pub const ALL: [GameName; 3] = [GameName::Tigris, GameName::Cards, GameName::Sumeria];

    /// The name the commands and records use.
    pub const fn name(self) -> &'static str {
        match self {
            GameName::Tigris => "tigris",
            GameName::Cards => "cards",
            GameName::Sumeria => "sumeria",
        }
    }

    /// Whether this build plays the game (its feature is on).
    pub const fn is_built(self) -> bool {
        match self {
            GameName::Tigris => cfg!(feature = "tigris"),
            GameName::Cards => cfg!(feature = "cards"),
            GameName::Sumeria => cfg!(feature = "sumeria"),
        }
    }

    /// The games this build plays.
    pub fn built() -> impl Iterator<Item = GameName> {
        GameName::ALL.into_iter().filter(|g| g.is_built())
    }

    /// The game's name if this build plays it, else [`UnknownGame::NotBuilt`].
    pub fn require_built(self) -> Result<GameName, UnknownGame> {
        if self.is_built() {
            Ok(self)
        } else {
            Err(UnknownGame::NotBuilt(self))
        }
    }
}

impl fmt::Display for GameName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game name that is not one of the games, or a game this build leaves out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UnknownGame {
    /// Not the name of any game.
    #[error("unknown game `{0}` (expected tigris, cards or sumeria)")]
    Unknown(String),
    /// A game whose feature is off in this build.
    #[error("the game `{0}` is not built in (the `{0}` feature is off)")]
    NotBuilt(GameName),
}

impl FromStr for GameName {
    type Err = UnknownGame;

    /// `tigris`, `cards` or `sumeria` (whether built in or not: see
    /// [`GameName::require_built`]).
    fn from_str(name: &str) -> Result<GameName, UnknownGame> {
        GameName::ALL
            .into_iter()
            .find(|g| g.name() == name)
            .ok_or_else(|| UnknownGame::Unknown(name.to_owned()))
    }
}

/// One option of a new game (for the messages that name it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameOption {
    /// Tigris & Euphrates: the board, `classic` or `alternative`.
    Board,
    /// Tigris & Euphrates: the English variant.
    EnglishVariant,
    /// Tigris & Euphrates (2009): the civilization buildings.
    Buildings,
    /// Tigris & Euphrates (2009): the ziggurat.
    Ziggurat,
    /// Tigris & Euphrates and the card game: the engine's turn limit (rule G1).
    TurnLimit,
    /// The card game: VP piles open to all.
    OpenPiles,
    /// Sumeria: a board file's text.
    BoardText,
}

impl GameOption {
    /// The options, in the order they are checked.
    pub const ALL: [GameOption; 7] = [
        GameOption::Board,
        GameOption::EnglishVariant,
        GameOption::Buildings,
        GameOption::Ziggurat,
        GameOption::TurnLimit,
        GameOption::OpenPiles,
        GameOption::BoardText,
    ];

    /// The name in snake case, as Python takes it: `english_variant`.
    pub const fn name(self) -> &'static str {
        match self {
            GameOption::Board => "board",
            GameOption::EnglishVariant => "english_variant",
            GameOption::Buildings => "buildings",
            GameOption::Ziggurat => "ziggurat",
            GameOption::TurnLimit => "turn_limit",
            GameOption::OpenPiles => "open_piles",
            GameOption::BoardText => "board_text",
        }
    }

    /// The command line's flag: `--english-variant`.
    pub fn flag(self) -> String {
        format!("--{}", self.name().replace('_', "-"))
    }

    /// The name in camel case, as JavaScript takes it: `englishVariant`.
    pub fn camel_case(self) -> String {
        let mut out = String::new();
        let mut upper = false;
        for c in self.name().chars() {
            match c {
                '_' => upper = true,
                c if upper => {
                    out.push(c.to_ascii_uppercase());
                    upper = false;
                }
                c => out.push(c),
            }
        }
        out
    }

    /// The games that take the option.
    pub const fn games(self) -> &'static [GameName] {
        match self {
            GameOption::Board
            | GameOption::EnglishVariant
            | GameOption::Buildings
            | GameOption::Ziggurat => &[GameName::Tigris],
            GameOption::TurnLimit => &[GameName::Tigris, GameName::Cards],
            GameOption::OpenPiles => &[GameName::Cards],
            GameOption::BoardText => &[GameName::Sumeria],
        }
    }
}

/// The boards of Tigris & Euphrates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BoardName {
    /// The classic board (front side).
    #[default]
    Classic,
    /// The alternative board of the 2009 edition (14 treasures).
    Alternative,
}

impl BoardName {
    /// `classic` or `alternative`.
    pub const fn name(self) -> &'static str {
        match self {
            BoardName::Classic => "classic",
            BoardName::Alternative => "alternative",
        }
    }
}

impl fmt::Display for BoardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BoardName {
    type Err = OptionsError;

    fn from_str(name: &str) -> Result<BoardName, OptionsError> {
        match name {
            "classic" => Ok(BoardName::Classic),
            "alternative" => Ok(BoardName::Alternative),
            other => Err(OptionsError::UnknownBoard(other.to_owned())),
        }
    }
}

/// Players when none are given.
pub const DEFAULT_PLAYERS: u8 = 4;

/// The options of a new game, every one optional (`None`: not given, the game's default).
///
/// A boolean option given as `Some(false)` counts as given: a game that does not take it
/// refuses it, as a page or a Python call that names it means it for that game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// Players ([`DEFAULT_PLAYERS`] when not given).
    pub players: Option<u8>,
    /// Tigris & Euphrates: the board (classic when not given).
    pub board: Option<BoardName>,
    /// Tigris & Euphrates: the English variant (supports that cannot matter are illegal).
    pub english_variant: Option<bool>,
    /// Tigris & Euphrates (2009): the civilization buildings.
    pub buildings: Option<bool>,
    /// Tigris & Euphrates (2009): the ziggurat.
    pub ziggurat: Option<bool>,
    /// Tigris & Euphrates and the card game: the engine's turn limit (rule G1; the core's
    /// default when not given).
    pub turn_limit: Option<u32>,
    /// The card game: VP piles open to all (closed when not given).
    pub open_piles: Option<bool>,
    /// Sumeria: a board file's text (`docs/formats.md`; the default board when not given).
    pub board_text: Option<String>,
}

/// Why a game's options are refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OptionsError {
    /// An option given for a game that does not take it.
    #[error("{}", not_for_game(*.option, *.game))]
    NotForGame {
        /// The option.
        option: GameOption,
        /// The game it was given for.
        game: GameName,
    },
    /// A board name that is neither `classic` nor `alternative`.
    #[error("unknown board `{0}` (expected classic or alternative)")]
    UnknownBoard(String),
    /// Sumeria's board text does not parse.
    #[error("the board: {0}")]
    Board(String),
    /// The game refuses the configuration (players, turn limit): its own message.
    #[error("{0}")]
    Refused(String),
    /// The game is not built in.
    #[error(transparent)]
    Game(#[from] UnknownGame),
}

fn not_for_game(option: GameOption, game: GameName) -> String {
    let of = option
        .games()
        .iter()
        .map(|g| g.name())
        .collect::<Vec<_>>()
        .join(" and ");
    let why = if option == GameOption::TurnLimit && game == GameName::Sumeria {
        " (its 6 rounds end every game)"
    } else {
        ""
    };
    format!("{} is an option of {of}, not of {game}{why}", option.flag())
}

impl GameOptions {
    /// Whether the option is given.
    pub fn is_given(&self, option: GameOption) -> bool {
        match option {
            GameOption::Board => self.board.is_some(),
            GameOption::EnglishVariant => self.english_variant.is_some(),
            GameOption::Buildings => self.buildings.is_some(),
            GameOption::Ziggurat => self.ziggurat.is_some(),
            GameOption::TurnLimit => self.turn_limit.is_some(),
            GameOption::OpenPiles => self.open_piles.is_some(),
            GameOption::BoardText => self.board_text.is_some(),
        }
    }

    /// Refuses the first option given (in [`GameOption::ALL`]'s order) that `game` does not
    /// take, naming it.
    pub fn check(&self, game: GameName) -> Result<(), OptionsError> {
        match GameOption::ALL
            .into_iter()
            .find(|&o| self.is_given(o) && !o.games().contains(&game))
        {
            Some(option) => Err(OptionsError::NotForGame { option, game }),
            None => Ok(()),
        }
    }

    /// The number of players asked for.
    pub fn players(&self) -> u8 {
        self.players.unwrap_or(DEFAULT_PLAYERS)
    }

    #[cfg(any(feature = "tigris", feature = "cards"))]
    fn turn_limit(&self) -> u32 {
        self.turn_limit
            .unwrap_or(mesopotamia_core::DEFAULT_TURN_LIMIT)
    }
}

/// The most iterations `mcts:N` takes.
pub const MAX_ITERATIONS: u32 = u32::MAX;

/// The longest time budget per decision, in milliseconds (ten minutes): more is a typo.
pub const MAX_MILLISECONDS: u32 = 600_000;

/// The search bot's budget per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// `mcts` or `mcts-v1` alone: the game's default iterations for that bot
    /// ([`NamedGame::MCTS_ITERATIONS`], [`NamedGame::MCTS_V1_ITERATIONS`]).
    Default,
    /// `mcts:N`: N iterations.
    Iterations(u32),
    /// `mcts:Nms`: a time per decision, in milliseconds.
    Milliseconds(u32),
    /// `mcts:Ns`: a time per decision given in seconds (kept in milliseconds, so that
    /// `mcts:1.5s` prints back as it was given).
    Seconds {
        /// The time in milliseconds.
        millis: u32,
    },
}

impl Budget {
    /// The time per decision, if the budget is one.
    pub fn time(self) -> Option<Duration> {
        match self {
            Budget::Milliseconds(ms) | Budget::Seconds { millis: ms } => {
                Some(Duration::from_millis(u64::from(ms)))
            }
            Budget::Default | Budget::Iterations(_) => None,
        }
    }
}

/// The levels for people, `level1` (quick) to `LEVELS` (strong).
pub const LEVELS: u8 = 5;

/// Who plays a seat, as the front ends name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotSpec {
    /// `person`: someone at the table (a front end that has no people refuses it).
    Person,
    /// `random`: uniform among the legal actions.
    Random,
    /// `greedy`: the game's greedy bot (one decision ahead with the game's evaluation).
    Greedy,
    /// `mcts`, `mcts:N`, `mcts:Nms`, `mcts:Ns`: the game's search bot (its
    /// `bots::mcts_bot`) with this budget.
    Mcts(Budget),
    /// `mcts-v1`, `mcts-v1:N`, `mcts-v1:Nms`, `mcts-v1:Ns`: the game's first search bot,
    /// kept unchanged as a baseline (its `bots::mcts_v1_bot`), with this budget (`mcts-v1`
    /// alone: its own default, [`NamedGame::MCTS_V1_ITERATIONS`]).
    MctsV1(Budget),
    /// `level1` to `level5`: a level for people, from quick to strong: `level1` is the
    /// greedy bot, the others the search bot at the game's
    /// [`NamedGame::LEVEL_ITERATIONS`].
    Level(u8),
}

/// Why a bot spec is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BotSpecError {
    /// Not a bot's name.
    #[error(
        "unknown bot `{0}` (expected random, greedy, level1 to level5, mcts, mcts:ITERATIONS, mcts:MILLISECONDSms, mcts:SECONDSs, or mcts-v1 with the same budgets)"
    )]
    Unknown(String),
    /// `mcts:N` with N not a whole number from 1 to [`MAX_ITERATIONS`].
    #[error("bad iteration count in `{0}` (mcts:N or mcts-v1:N with N from 1 to {MAX_ITERATIONS})")]
    Iterations(String),
    /// `mcts:Nms` or `mcts:Ns` outside 1 ms to [`MAX_MILLISECONDS`], or not a number.
    #[error(
        "bad time budget in `{0}` (mcts:Nms with N from 1 to {MAX_MILLISECONDS}, or mcts:Ns with N from 0.001 to 600, at most 3 decimals; the same for mcts-v1)"
    )]
    Time(String),
}

/// Whole number of plain ASCII digits (no sign, no spaces), or `None`.
fn digits(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > 12 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Seconds with at most 3 decimals, in milliseconds.
fn seconds_to_millis(text: &str) -> Option<u64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if text.ends_with('.') || fraction.len() > 3 {
        return None;
    }
    let whole = digits(whole)?;
    let fraction = if fraction.is_empty() {
        0
    } else {
        // `1.5` is 500 ms, `1.05` 50 ms: pad to three digits.
        digits(&format!("{fraction:0<3}"))?
    };
    whole.checked_mul(1000)?.checked_add(fraction)
}

impl FromStr for BotSpec {
    type Err = BotSpecError;

    /// `person`, `random`, `greedy`, `level1` to `level5`, `mcts`, `mcts:N`, `mcts:Nms`,
    /// `mcts:Ns` (decimals such as `mcts:1.5s` to the millisecond), and `mcts-v1` with the
    /// same budgets, in any letter case, spaces around ignored.
    fn from_str(spec: &str) -> Result<BotSpec, BotSpecError> {
        let given = spec.trim();
        let lower = given.to_ascii_lowercase();
        match lower.as_str() {
            "person" => return Ok(BotSpec::Person),
            "random" => return Ok(BotSpec::Random),
            "greedy" => return Ok(BotSpec::Greedy),
            "mcts" => return Ok(BotSpec::Mcts(Budget::Default)),
            "mcts-v1" => return Ok(BotSpec::MctsV1(Budget::Default)),
            _ => {}
        }
        if let Some(level) = lower.strip_prefix("level")
            && let Some(n) = digits(level).filter(|n| (1..=u64::from(LEVELS)).contains(n))
            && level.len() == 1
        {
            return Ok(BotSpec::Level(n as u8));
        }
        let (search, budget): (fn(Budget) -> BotSpec, &str) =
            if let Some(budget) = lower.strip_prefix("mcts:") {
                (BotSpec::Mcts, budget)
            } else if let Some(budget) = lower.strip_prefix("mcts-v1:") {
                (BotSpec::MctsV1, budget)
            } else {
                return Err(BotSpecError::Unknown(given.to_owned()));
            };
        let time = |millis: Option<u64>| {
            millis
                .filter(|ms| (1..=u64::from(MAX_MILLISECONDS)).contains(ms))
                .map(|ms| ms as u32)
                .ok_or_else(|| BotSpecError::Time(given.to_owned()))
        };
        if let Some(ms) = budget.strip_suffix("ms") {
            Ok(search(Budget::Milliseconds(time(digits(ms))?)))
        } else if let Some(s) = budget.strip_suffix('s') {
            Ok(search(Budget::Seconds {
                millis: time(seconds_to_millis(s))?,
            }))
        } else {
            digits(budget)
                .filter(|n| (1..=u64::from(MAX_ITERATIONS)).contains(n))
                .map(|n| search(Budget::Iterations(n as u32)))
                .ok_or_else(|| BotSpecError::Iterations(given.to_owned()))
        }
    }
}

impl fmt::Display for BotSpec {
    /// The spec as it parses: `mcts:1.5s` prints `mcts:1.5s`, `mcts:1.50s` too.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, budget) = match *self {
            BotSpec::Person => return f.write_str("person"),
            BotSpec::Random => return f.write_str("random"),
            BotSpec::Greedy => return f.write_str("greedy"),
            BotSpec::Level(n) => return write!(f, "level{n}"),
            BotSpec::Mcts(budget) => ("mcts", budget),
            BotSpec::MctsV1(budget) => ("mcts-v1", budget),
        };
        match budget {
            Budget::Default => f.write_str(name),
            Budget::Iterations(n) => write!(f, "{name}:{n}"),
            Budget::Milliseconds(ms) => write!(f, "{name}:{ms}ms"),
            Budget::Seconds { millis } => {
                let (whole, fraction) = (millis / 1000, millis % 1000);
                if fraction == 0 {
                    write!(f, "{name}:{whole}s")
                } else {
                    let fraction = format!("{fraction:03}");
                    write!(f, "{name}:{whole}.{}s", fraction.trim_end_matches('0'))
                }
            }
        }
    }
}

impl BotSpec {
    /// The seat's bot, or `None` for a person.
    pub fn bot<G: NamedGame>(self) -> Option<Box<dyn Bot<G> + Send>> {
        match self {
            BotSpec::Person => None,
            BotSpec::Random => Some(Box::new(RandomBot)),
            BotSpec::Greedy | BotSpec::Level(1) => Some(G::greedy_bot()),
            BotSpec::Mcts(_) | BotSpec::MctsV1(_) | BotSpec::Level(_) => {
                self.search_bot::<G>().map(|b| Box::new(b) as _)
            }
        }
    }

    /// Whether the spec is a search bot (`mcts`, `mcts-v1`, `level2` and up).
    pub const fn is_search(self) -> bool {
        match self {
            BotSpec::Mcts(_) | BotSpec::MctsV1(_) => true,
            BotSpec::Level(n) => n >= 2,
            BotSpec::Person | BotSpec::Random | BotSpec::Greedy => false,
        }
    }

    /// The game's search bot at this budget (`None` unless the spec is `mcts`, `mcts-v1`
    /// or a level from 2): with a time budget, the search stops at the time, not at an
    /// iteration count.
    pub fn search_bot<G: NamedGame>(self) -> Option<MctsBot<G>> {
        let (bot, budget) = match self {
            BotSpec::Mcts(budget) => (G::mcts_bot(G::MCTS_ITERATIONS), budget),
            BotSpec::MctsV1(budget) => (G::mcts_v1_bot(G::MCTS_V1_ITERATIONS), budget),
            BotSpec::Level(n) => {
                let iterations = *G::LEVEL_ITERATIONS.get(usize::from(n).checked_sub(2)?)?;
                (G::mcts_bot(iterations), Budget::Default)
            }
            BotSpec::Person | BotSpec::Random | BotSpec::Greedy => return None,
        };
        Some(match budget {
            Budget::Default => bot,
            Budget::Iterations(n) => bot.with_budget(n, None),
            Budget::Milliseconds(_) | Budget::Seconds { .. } => {
                bot.with_budget(u32::MAX, budget.time())
            }
        })
    }
}

/// What a front end needs of each game beyond the core's [`Game`]: its name, its
/// configuration from [`GameOptions`], its bots and the figure its standings rank by.
pub trait NamedGame: Game<Action: Send + Sync> + Send + Sync + 'static {
    /// The game's name.
    const GAME: GameName;
    /// The search bot's iterations per decision by default (`mcts`): chosen so that a
    /// decision takes well under a second on one core.
    const MCTS_ITERATIONS: u32;
    /// The configuration these options ask for, checked by the game (players, turn limit):
    /// an option of another game is refused, naming it.
    fn configure(options: &GameOptions) -> Result<Self::Config, OptionsError>;
    /// The game's greedy bot.
    fn greedy_bot() -> Box<dyn Bot<Self> + Send>;
    /// The game's search bot (its `bots::mcts_bot`) at `iterations` per decision.
    fn mcts_bot(iterations: u32) -> MctsBot<Self>;
    /// The first search bot's iterations per decision by default (`mcts-v1`).
    const MCTS_V1_ITERATIONS: u32;
    /// The game's first search bot, kept as a baseline (its `bots::mcts_v1_bot`), at
    /// `iterations` per decision.
    fn mcts_v1_bot(iterations: u32) -> MctsBot<Self>;
    /// The search bot's iterations per decision at `level2` to `level5` (`level1` is the
    /// greedy bot).
    const LEVEL_ITERATIONS: [u32; 4];
    /// How good the state looks for `seat`, higher is better: the evaluation of the
    /// game's greedy bot (its `bots::evaluate`).
    fn evaluate(&self, seat: Seat) -> i64;
    /// The figure the standings rank a seat by first (the weakest colour, treasures
    /// counted; Sumeria's points): what a front end shows as a seat's score.
    fn score(&self, seat: Seat) -> u32;
    /// What [`NamedGame::score`] is, in words.
    const SCORE: &'static str;
}

/// The configuration checked by building the game from it (each game's own message).
#[cfg(any(feature = "tigris", feature = "cards", feature = "sumeria"))]
fn checked<G: Game>(config: G::Config) -> Result<G::Config, OptionsError> {
    G::new(&config).map_err(|e| OptionsError::Refused(e.to_string()))?;
    Ok(config)
}

#[cfg(feature = "tigris")]
impl NamedGame for tigris_euphrates::Tigris {
    const GAME: GameName = GameName::Tigris;
    const MCTS_ITERATIONS: u32 = tigris_euphrates::bots::MCTS_ITERATIONS;
    fn configure(options: &GameOptions) -> Result<tigris_euphrates::Config, OptionsError> {
        options.check(Self::GAME)?;
        let board = match options.board.unwrap_or_default() {
            BoardName::Classic => tigris_euphrates::BoardKind::Classic,
            BoardName::Alternative => tigris_euphrates::BoardKind::Alternative,
        };
        checked::<Self>(
            tigris_euphrates::Config::new(options.players())
                .with_board(board)
                .with_english_variant(options.english_variant.unwrap_or(false))
                .with_buildings(options.buildings.unwrap_or(false))
                .with_ziggurat(options.ziggurat.unwrap_or(false))
                .with_turn_limit(options.turn_limit()),
        )
    }
    fn greedy_bot() -> Box<dyn Bot<Self> + Send> {
        Box::new(tigris_euphrates::bots::greedy_bot())
    }
    fn mcts_bot(iterations: u32) -> MctsBot<Self> {
        tigris_euphrates::bots::mcts_bot(iterations)
    }
    const MCTS_V1_ITERATIONS: u32 = tigris_euphrates::bots::MCTS_V1_ITERATIONS;
    fn mcts_v1_bot(iterations: u32) -> MctsBot<Self> {
        tigris_euphrates::bots::mcts_v1_bot(iterations)
    }
    const LEVEL_ITERATIONS: [u32; 4] = tigris_euphrates::bots::LEVEL_ITERATIONS;
    fn evaluate(&self, seat: Seat) -> i64 {
        tigris_euphrates::bots::evaluate(self, seat)
    }
    fn score(&self, seat: Seat) -> u32 {
        self.public().score(seat)
    }
    const SCORE: &'static str = "weakest colour, treasures counted";
}

#[cfg(feature = "cards")]
impl NamedGame for tigris_euphrates_cards::Cards {
    const GAME: GameName = GameName::Cards;
    const MCTS_ITERATIONS: u32 = tigris_euphrates_cards::bots::MCTS_ITERATIONS;
    fn configure(options: &GameOptions) -> Result<tigris_euphrates_cards::Config, OptionsError> {
        options.check(Self::GAME)?;
        checked::<Self>(
            tigris_euphrates_cards::Config::new(options.players())
                .with_open_piles(options.open_piles.unwrap_or(false))
                .with_turn_limit(options.turn_limit()),
        )
    }
    fn greedy_bot() -> Box<dyn Bot<Self> + Send> {
        Box::new(tigris_euphrates_cards::bots::greedy_bot())
    }
    fn mcts_bot(iterations: u32) -> MctsBot<Self> {
        tigris_euphrates_cards::bots::mcts_bot(iterations)
    }
    const MCTS_V1_ITERATIONS: u32 = tigris_euphrates_cards::bots::MCTS_V1_ITERATIONS;
    fn mcts_v1_bot(iterations: u32) -> MctsBot<Self> {
        tigris_euphrates_cards::bots::mcts_v1_bot(iterations)
    }
    const LEVEL_ITERATIONS: [u32; 4] = tigris_euphrates_cards::bots::LEVEL_ITERATIONS;
    fn evaluate(&self, seat: Seat) -> i64 {
        tigris_euphrates_cards::bots::evaluate(self, seat)
    }
    fn score(&self, seat: Seat) -> u32 {
        tigris_euphrates_cards::Cards::score(self, seat)
    }
    const SCORE: &'static str = "weakest colour of the VP pile, treasures counted";
}

#[cfg(feature = "sumeria")]
impl NamedGame for sumeria::Sumeria {
    const GAME: GameName = GameName::Sumeria;
    const MCTS_ITERATIONS: u32 = sumeria::bots::MCTS_ITERATIONS;
    fn configure(options: &GameOptions) -> Result<sumeria::Config, OptionsError> {
        options.check(Self::GAME)?;
        let mut config = sumeria::Config::new(options.players());
        if let Some(text) = &options.board_text {
            let board =
                sumeria::Board::parse(text).map_err(|e| OptionsError::Board(e.to_string()))?;
            config = config.with_board(std::sync::Arc::new(board));
        }
        checked::<Self>(config)
    }
    fn greedy_bot() -> Box<dyn Bot<Self> + Send> {
        Box::new(sumeria::bots::greedy_bot())
    }
    fn mcts_bot(iterations: u32) -> MctsBot<Self> {
        sumeria::bots::mcts_bot(iterations)
    }
    const MCTS_V1_ITERATIONS: u32 = sumeria::bots::MCTS_V1_ITERATIONS;
    fn mcts_v1_bot(iterations: u32) -> MctsBot<Self> {
        sumeria::bots::mcts_v1_bot(iterations)
    }
    const LEVEL_ITERATIONS: [u32; 4] = sumeria::bots::LEVEL_ITERATIONS;
    fn evaluate(&self, seat: Seat) -> i64 {
        sumeria::bots::evaluate(self, seat)
    }
    fn score(&self, seat: Seat) -> u32 {
        sumeria::Sumeria::score(self, seat)
    }
    const SCORE: &'static str = "points";
}

#[cfg(feature = "serde")]
mod records {
    use core::fmt;

    use mesopotamia_core::__serde::de::{DeserializeOwned, IgnoredAny, MapAccess, Visitor};
    use mesopotamia_core::__serde::{Deserialize, Deserializer, Serialize};
    use mesopotamia_core::GameRecord;

    use super::{GameName, NamedGame, UnknownGame};

    /// Why a record is not read or written.
    #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
    #[non_exhaustive]
    pub enum RecordError {
        /// Not JSON, or JSON without a `game` field.
        #[error("not a game record: {0}")]
        NotARecord(String),
        /// The record names a game that is not one, or is not built in.
        #[error(transparent)]
        Game(#[from] UnknownGame),
        /// The record is of another game than the one asked for.
        #[error("the record is of game `{found}`, not `{expected}`")]
        WrongGame {
            /// The game asked for.
            expected: GameName,
            /// The game the record names.
            found: String,
        },
        /// The record names one game but holds another's configuration.
        #[error(
            "the record is labelled `{label}` but holds a `{holds}` configuration (a record of another game, or a corrupt label)"
        )]
        Mislabelled {
            /// The game the record names.
            label: GameName,
            /// The game whose configuration it holds.
            holds: GameName,
        },
        /// The record names this game but does not read as one of its records.
        #[error("not a {game} game record: {reason}")]
        Invalid {
            /// The game.
            game: GameName,
            /// What is wrong, as the JSON reader says.
            reason: String,
        },
        /// The record could not be written.
        #[error("the record could not be written: {0}")]
        Write(String),
    }

    /// A game record as pretty JSON (the form `mesopotamia play --record` writes).
    pub fn write_record<G: NamedGame>(record: &GameRecord<G>) -> Result<String, RecordError>
    where
        G::Config: Serialize,
    {
        serde_json::to_string_pretty(record).map_err(|e| RecordError::Write(e.to_string()))
    }

    /// Only the `game` field of a record; the rest is skipped without being kept (a record
    /// may be large).
    struct Label(Option<String>);

    impl<'de> Deserialize<'de> for Label {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Label, D::Error> {
            struct LabelVisitor;
            impl<'de> Visitor<'de> for LabelVisitor {
                type Value = Label;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a game record (a JSON object)")
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Label, A::Error> {
                    let mut game = None;
                    while let Some(key) = map.next_key::<String>()? {
                        if key == "game" && game.is_none() {
                            game = Some(map.next_value::<String>()?);
                        } else {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                    Ok(Label(game))
                }
            }
            d.deserialize_map(LabelVisitor)
        }
    }

    /// The name in a record's `game` field, as written.
    fn label(text: &str) -> Result<String, RecordError> {
        let Label(game) =
            serde_json::from_str(text).map_err(|e| RecordError::NotARecord(e.to_string()))?;
        game.ok_or_else(|| RecordError::NotARecord("no `game` field".into()))
    }

    /// The game a record is of (its `game` field), read without keeping the rest. An
    /// unknown game, or one this build leaves out, is refused.
    pub fn record_game(text: &str) -> Result<GameName, RecordError> {
        let name: GameName = label(text)?.parse()?;
        Ok(name.require_built()?)
    }

    /// Whether the record's `config` reads as a configuration of `C`.
    fn holds<C: DeserializeOwned>(text: &str) -> bool {
        #[derive(Default)]
        struct ConfigOnly<C>(Option<C>);
        impl<'de, C: DeserializeOwned> Deserialize<'de> for ConfigOnly<C> {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V<C>(core::marker::PhantomData<C>);
                impl<'de, C: DeserializeOwned> Visitor<'de> for V<C> {
                    type Value = ConfigOnly<C>;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str("a game record")
                    }
                    fn visit_map<A: MapAccess<'de>>(
                        self,
                        mut map: A,
                    ) -> Result<ConfigOnly<C>, A::Error> {
                        let mut config = None;
                        while let Some(key) = map.next_key::<String>()? {
                            if key == "config" {
                                config = Some(map.next_value::<C>()?);
                            } else {
                                map.next_value::<IgnoredAny>()?;
                            }
                        }
                        Ok(ConfigOnly(config))
                    }
                }
                d.deserialize_map(V(core::marker::PhantomData))
            }
        }
        matches!(
            serde_json::from_str::<ConfigOnly<C>>(text),
            Ok(ConfigOnly(Some(_)))
        )
    }

    /// The built-in game other than `label` whose configuration the record holds, if any.
    fn other_config(text: &str, label: GameName) -> Option<GameName> {
        // With no game built in there is nothing to read the configuration as.
        #[cfg(not(any(feature = "tigris", feature = "cards", feature = "sumeria")))]
        let _ = text;
        let holds_config = |game: GameName| match game {
            #[cfg(feature = "tigris")]
            GameName::Tigris => holds::<tigris_euphrates::Config>(text),
            #[cfg(feature = "cards")]
            GameName::Cards => holds::<tigris_euphrates_cards::Config>(text),
            #[cfg(feature = "sumeria")]
            GameName::Sumeria => holds::<sumeria::Config>(text),
            // A game left out of the build holds no configuration it could read.
            #[allow(unreachable_patterns)]
            _ => false,
        };
        GameName::ALL
            .into_iter()
            .find(|&game| game != label && holds_config(game))
    }

    /// A record of `G` from its JSON. A record of another game is refused naming both; one
    /// labelled `G` but holding another game's configuration says so; anything else wrong
    /// gives the JSON reader's reason. The record is not replayed
    /// ([`GameRecord::replay`] does that).
    pub fn read_record<G: NamedGame>(text: &str) -> Result<GameRecord<G>, RecordError>
    where
        G::Config: DeserializeOwned,
    {
        let found = label(text)?;
        if found != G::NAME {
            return Err(RecordError::WrongGame {
                expected: G::GAME,
                found,
            });
        }
        serde_json::from_str::<GameRecord<G>>(text).map_err(|e| {
            if holds::<G::Config>(text) {
                // The configuration is this game's: something else is wrong.
                return RecordError::Invalid {
                    game: G::GAME,
                    reason: e.to_string(),
                };
            }
            match other_config(text, G::GAME) {
                Some(holds) => RecordError::Mislabelled {
                    label: G::GAME,
                    holds,
                },
                None => RecordError::Invalid {
                    game: G::GAME,
                    reason: e.to_string(),
                },
            }
        })
    }
}

#[cfg(test)]
mod tests;
