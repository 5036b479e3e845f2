//! What a front end (a command line, a Python module, a web page, a server) needs of the
//! games beyond their rules: who plays a seat, the games' bots, hints and records.
//!
//! - [`BotSpec`]: who plays a seat (`person`, `random`, `greedy`, `mcts`, `mcts:2000`,
//!   `mcts:500ms`, `mcts:1.5s`, the first search bot `mcts-v1` with the same budgets, the
//!   levels `level1` to `level5`), parsed strictly and printed back as it parses;
//! - [`NamedGame`]: everything a front end asks of a game (its description, rules,
//!   positions, records, views, and its bots: [`GameBots`]), which every game of the
//!   facade's list is;
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

pub use crate::games::UnknownGame;
pub use mesopotamia_core::describe::{Described, GameOptions, OptionsError};

#[cfg(feature = "serde")]
pub use records::{RecordError, read_record, record_game, write_record};

/// Bot specs, their limits and the hint, from the search crate ([`mesopotamia_search`]), named
/// here with the rest of what a front end needs.
pub use mesopotamia_search::{
    BotSpec, BotSpecError, Budget, GameBots, HINT_CANDIDATES, Hint, LEVELS, MAX_ITERATIONS,
    MAX_MILLISECONDS, hint,
};

/// Everything a front end asks of a game: its description and options ([`Described`]), its
/// rules, positions and events ([`CaseGame`](mesopotamia_core::cases::CaseGame)), its game
/// text ([`Turns`](mesopotamia_core::record::text::Turns)), its observation tensors
/// ([`Observe`](mesopotamia_core::observation::Observe)), how a person plays it at the table
/// ([`AtTheTable`](mesopotamia_core::table::AtTheTable)), its bots ([`GameBots`]), and with the `serde`
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
    + mesopotamia_core::table::AtTheTable
    + WithSerde
    + WithSvg
    + GameBots
{
}

impl<G> NamedGame for G where
    G: Described
        + mesopotamia_core::cases::CaseGame<
            Action: Send + Sync,
            Chance: Send + Sync,
            Event: mesopotamia_core::marks::MarkedDisplay,
            View: mesopotamia_core::marks::MarkedDisplay,
            Config: Send + Sync,
        > + mesopotamia_core::record::text::Turns
        + mesopotamia_core::observation::Observe
        + mesopotamia_core::table::AtTheTable
        + WithSerde
        + WithSvg
        + GameBots
{
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
