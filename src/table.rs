//! What a front end (a command line, a Python module, a web page, a server) needs of the
//! games beyond their rules: who plays a seat, the games' bots, hints and records.
//!
//! - [`BotSpec`]: who plays a seat (`person`, `random`, `greedy`, `mcts`, `mcts:2000`,
//!   `mcts:500ms`, `mcts:1.5s`, the first search bot `mcts-v1` with the same budgets, the
//!   levels `level1` to `level5`), parsed strictly and printed back as it parses;
//! - [`NamedGame`]: everything a front end asks of a game (its description, rules,
//!   positions, records, views, bots), which every game of the facade's list is;
//! - [`hint`]: a hint for a person's decision, the search among the greedy bot's best
//!   candidates, with its shares of the visits;
//! - with the `serde` feature, [`write_record`], [`read_record`] and [`record_game`]: game
//!   records as JSON, and which game a record is of.
//!
//! What each game is (its name, players and options) is its description
//! ([`crate::games`]); the options of a new game are the core's [`GameOptions`], checked by
//! the game's [`Described::configure`].
//!
//! ```
//! use mesopotamia::table::BotSpec;
//! use mesopotamia::core::{Described, GameOptions};
//!
//! let spec: BotSpec = "mcts:1.5s".parse()?;
//! assert_eq!(spec.to_string(), "mcts:1.5s");
//! assert!("mcts:0".parse::<BotSpec>().is_err());
//!
//! # #[cfg(all(feature = "cards", feature = "sumeria"))]
//! # {
//! use mesopotamia::cards::Cards;
//! use mesopotamia::sumeria::Sumeria;
//! let options = GameOptions::new().with_players(3).with("open_piles", true);
//! let config = Cards::configure(&options)?;
//! assert!(config.open_piles);
//! assert_eq!(
//!     Sumeria::configure(&options).unwrap_err().to_string(),
//!     "`open_piles` is not an option of sumeria"
//! );
//! let bot = spec.bot::<Cards>(); // the card game's search bot, 1.5 s a decision
//! assert!(bot.is_some());
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;
use core::time::Duration;

use mesopotamia_core::mcts::MctsBot;
use mesopotamia_core::{Bot, RandomBot, Seat};

pub use crate::games::UnknownGame;
pub use mesopotamia_core::describe::{Described, GameOptions, OptionsError};

#[cfg(feature = "serde")]
pub use records::{RecordError, read_record, record_game, write_record};

mod hint;
pub use hint::{HINT_CANDIDATES, Hint, hint};

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

/// Everything a front end asks of a game: its description and options ([`Described`]), its
/// rules, positions and events ([`CaseGame`](mesopotamia_core::cases::CaseGame)), its game
/// text ([`Turns`](mesopotamia_core::record::text::Turns)), its observation tensors
/// ([`Observe`](mesopotamia_core::observation::Observe)), its bots, and with the `serde`
/// feature its state, configuration and views as data, with `svg` its pictures. Every
/// game of the facade's list ([`crate::games`]) is one.
pub trait NamedGame:
    Described
    + mesopotamia_core::cases::CaseGame<
        Action: Send + Sync,
        Chance: Send + Sync,
        Event: mesopotamia_core::marks::MarkedDisplay,
        View: mesopotamia_core::marks::MarkedDisplay,
        Config: Send + Sync,
    > + mesopotamia_core::record::text::Turns
    + mesopotamia_core::observation::Observe
    + WithSerde
    + WithSvg
    + Send
    + Sync
    + 'static
{
    /// The search bot's iterations per decision by default (`mcts`): chosen so that a
    /// decision takes well under a second on one core.
    const MCTS_ITERATIONS: u32;
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
}

/// With the `serde` feature: a game whose state, configuration and views are data.
#[cfg(feature = "serde")]
pub trait WithSerde:
    mesopotamia_core::Game<
        Config: mesopotamia_core::__serde::Serialize
                    + mesopotamia_core::__serde::de::DeserializeOwned,
        View: mesopotamia_core::__serde::Serialize,
    > + mesopotamia_core::__serde::Serialize
    + mesopotamia_core::__serde::de::DeserializeOwned
{
}

#[cfg(feature = "serde")]
impl<G> WithSerde for G where
    G: mesopotamia_core::Game<
            Config: mesopotamia_core::__serde::Serialize
                        + mesopotamia_core::__serde::de::DeserializeOwned,
            View: mesopotamia_core::__serde::Serialize,
        > + mesopotamia_core::__serde::Serialize
        + mesopotamia_core::__serde::de::DeserializeOwned
{
}

/// Without the `serde` feature, nothing more.
#[cfg(not(feature = "serde"))]
pub trait WithSerde {}

#[cfg(not(feature = "serde"))]
impl<G> WithSerde for G {}

/// With the `svg` feature: a game that draws its positions.
#[cfg(feature = "svg")]
pub trait WithSvg: mesopotamia_core::svg::Drawing {}

#[cfg(feature = "svg")]
impl<G: mesopotamia_core::svg::Drawing> WithSvg for G {}

/// Without the `svg` feature, nothing more.
#[cfg(not(feature = "svg"))]
pub trait WithSvg {}

#[cfg(not(feature = "svg"))]
impl<G> WithSvg for G {}

#[cfg(feature = "tigris")]
impl NamedGame for tigris_euphrates::Tigris {
    const MCTS_ITERATIONS: u32 = tigris_euphrates::bots::MCTS_ITERATIONS;
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
}

#[cfg(feature = "cards")]
impl NamedGame for tigris_euphrates_cards::Cards {
    const MCTS_ITERATIONS: u32 = tigris_euphrates_cards::bots::MCTS_ITERATIONS;
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
}

#[cfg(feature = "sumeria")]
impl NamedGame for sumeria::Sumeria {
    const MCTS_ITERATIONS: u32 = sumeria::bots::MCTS_ITERATIONS;
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
}

#[cfg(feature = "serde")]
mod records {
    use core::fmt;

    use mesopotamia_core::__serde::de::{DeserializeOwned, IgnoredAny, MapAccess, Visitor};
    use mesopotamia_core::__serde::{Deserialize, Deserializer, Serialize};
    use mesopotamia_core::GameRecord;

    use super::{NamedGame, UnknownGame};
    use crate::games::{self, GameVisitor};

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
            expected: &'static str,
            /// The game the record names.
            found: String,
        },
        /// The record names one game but holds another's configuration.
        #[error(
            "the record is labelled `{label}` but holds a `{holds}` configuration (a record of another game, or a corrupt label)"
        )]
        Mislabelled {
            /// The game the record names.
            label: &'static str,
            /// The game whose configuration it holds.
            holds: &'static str,
        },
        /// The record names this game but does not read as one of its records.
        #[error("not a {game} game record: {reason}")]
        Invalid {
            /// The game.
            game: &'static str,
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
    pub fn record_game(
        text: &str,
    ) -> Result<&'static mesopotamia_core::GameDescription, RecordError> {
        Ok(games::find(&label(text)?)?)
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
    fn other_config(text: &str, label: &str) -> Option<&'static str> {
        struct Holds<'a>(&'a str);
        impl GameVisitor for Holds<'_> {
            type Out = bool;
            fn visit<G: NamedGame>(self) -> bool {
                holds::<G::Config>(self.0)
            }
        }
        games::all()
            .iter()
            .map(|g| g.name)
            .find(|&name| name != label && games::visit(name, Holds(text)) == Ok(true))
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
                expected: G::NAME,
                found,
            });
        }
        serde_json::from_str::<GameRecord<G>>(text).map_err(|e| {
            if holds::<G::Config>(text) {
                // The configuration is this game's: something else is wrong.
                return RecordError::Invalid {
                    game: G::NAME,
                    reason: e.to_string(),
                };
            }
            match other_config(text, G::NAME) {
                Some(holds) => RecordError::Mislabelled {
                    label: G::NAME,
                    holds,
                },
                None => RecordError::Invalid {
                    game: G::NAME,
                    reason: e.to_string(),
                },
            }
        })
    }
}

#[cfg(test)]
mod tests;
