//! Any game by name: what a front end (a command line, a Python module, a web page, a
//! server) needs to seat a table of one of the games it is told about by name.
//!
//! - [`GameName`]: the games as the front ends and the records name them;
//! - [`GameOptions`]: the options of a new game, checked against the game (an option of
//!   another game is an error naming it);
//! - [`BotSpec`]: who plays a seat (`person`, `random`, `greedy`, `mcts`, `mcts:2000`,
//!   `mcts:500ms`, `mcts:1.5s`, the first search bot `mcts-v1` with the same budgets, the
//!   levels `level1` to `level5`), parsed strictly and printed back as it parses;
//! - [`NamedGame`]: each game's configuration from the options and the figure its standings
//!   rank a seat by first, beside its bots, default search budget and evaluation
//!   ([`GameBots`], which it extends);
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
//!
//! A hint for a person's decision, the search's shares of its visits beside it:
//!
//! ```
//! # #[cfg(feature = "sumeria")]
//! # {
//! use mesopotamia::sumeria::Sumeria;
//! use mesopotamia::table::{NamedGame, hint};
//! use mesopotamia::core::{Game, ToMove};
//! use rand_chacha::{ChaCha8Rng, rand_core::SeedableRng};
//!
//! let mut rng = ChaCha8Rng::seed_from_u64(1);
//! let mut game = Sumeria::new(Sumeria::configure(&Default::default())?)?;
//! let mut outcomes = Vec::new();
//! while game.to_move() == ToMove::Chance {
//!     game.play_chance_random(&mut rng, &mut outcomes)?;
//! }
//! let ToMove::Seat(seat) = game.to_move() else { unreachable!() };
//! let legal = game.legal_action_vec();
//! let hint = hint(&game, seat, &legal, &mut rng).expect("a decision");
//! assert!(legal.contains(&hint.action));
//! assert!((hint.shares.iter().map(|s| s.1).sum::<f64>() - 1.0).abs() < 1e-9);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use mesopotamia_core::Seat;

#[cfg(feature = "serde")]
pub use records::{RecordError, read_record, record_game, write_record};

/// Bot specs, their limits and the hint, from the search crate ([`mesopotamia_search`]), named
/// here with the rest of what a front end needs.
pub use mesopotamia_search::{
    BotSpec, BotSpecError, Budget, GameBots, HINT_CANDIDATES, Hint, LEVELS, MAX_ITERATIONS,
    MAX_MILLISECONDS, hint,
};

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

/// What a front end needs of each game beyond the core's [`Game`](mesopotamia_core::Game) and its bots
/// ([`GameBots`], the game's `bots` module): its name, its configuration from
/// [`GameOptions`] and the figure its standings rank by.
pub trait NamedGame: GameBots {
    /// The game's name.
    const GAME: GameName;
    /// The configuration these options ask for, checked by the game (players, turn limit):
    /// an option of another game is refused, naming it.
    fn configure(options: &GameOptions) -> Result<Self::Config, OptionsError>;
    /// The figure the standings rank a seat by first (the weakest colour, treasures
    /// counted; Sumeria's points): what a front end shows as a seat's score.
    fn score(&self, seat: Seat) -> u32;
    /// What [`NamedGame::score`] is, in words.
    const SCORE: &'static str;
}

/// The configuration checked by building the game from it (each game's own message).
#[cfg(any(feature = "tigris", feature = "cards", feature = "sumeria"))]
fn checked<G: mesopotamia_core::Game>(config: G::Config) -> Result<G::Config, OptionsError> {
    G::new(&config).map_err(|e| OptionsError::Refused(e.to_string()))?;
    Ok(config)
}

#[cfg(feature = "tigris")]
impl NamedGame for tigris_euphrates::Tigris {
    const GAME: GameName = GameName::Tigris;
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
    fn score(&self, seat: Seat) -> u32 {
        self.public().score(seat)
    }
    const SCORE: &'static str = "weakest colour, treasures counted";
}

#[cfg(feature = "cards")]
impl NamedGame for tigris_euphrates_cards::Cards {
    const GAME: GameName = GameName::Cards;
    fn configure(options: &GameOptions) -> Result<tigris_euphrates_cards::Config, OptionsError> {
        options.check(Self::GAME)?;
        checked::<Self>(
            tigris_euphrates_cards::Config::new(options.players())
                .with_open_piles(options.open_piles.unwrap_or(false))
                .with_turn_limit(options.turn_limit()),
        )
    }
    fn score(&self, seat: Seat) -> u32 {
        tigris_euphrates_cards::Cards::score(self, seat)
    }
    const SCORE: &'static str = "weakest colour of the VP pile, treasures counted";
}

#[cfg(feature = "sumeria")]
impl NamedGame for sumeria::Sumeria {
    const GAME: GameName = GameName::Sumeria;
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
