//! What fixes a game before it starts: players, board and options, and its text form
//! (the first line of a position, and a case file's `[start]` section).

use core::fmt;
use core::str::FromStr;

use crate::board::BoardKind;

/// What fixes a game before it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "ConfigData"))]
pub struct Config {
    /// 2 to 4.
    pub players: u8,
    /// The English variant (T15): supports that cannot change the outcome are illegal.
    #[cfg_attr(feature = "serde", serde(default))]
    pub english_variant: bool,
    /// Which board.
    #[cfg_attr(feature = "serde", serde(default))]
    pub board: BoardKind,
    /// The civilization buildings of the 2009 edition (T16).
    #[cfg_attr(feature = "serde", serde(default))]
    pub buildings: bool,
    /// The ziggurat of the 2009 edition (T16).
    #[cfg_attr(feature = "serde", serde(default))]
    pub ziggurat: bool,
    /// The engine's turn limit (rule G1 in `docs/rules.md`): the game ends at the end of this
    /// turn, counted from 1, scored as usual. 1 to [`MAX_TURN_LIMIT`]; by default
    /// [`DEFAULT_TURN_LIMIT`].
    #[cfg_attr(feature = "serde", serde(default = "default_turn_limit"))]
    pub turn_limit: u32,
}

pub use mesopotamia_core::{DEFAULT_TURN_LIMIT, MAX_TURN_LIMIT};

#[cfg(feature = "serde")]
fn default_turn_limit() -> u32 {
    DEFAULT_TURN_LIMIT
}

/// The same fields, read from data before they are checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a Tigris & Euphrates configuration, such as {\"players\": 2}"
)]
struct ConfigData {
    #[serde(deserialize_with = "mesopotamia_core::record::whole::u8")]
    players: u8,
    #[serde(default)]
    english_variant: bool,
    #[serde(default)]
    board: BoardKind,
    #[serde(default)]
    buildings: bool,
    #[serde(default)]
    ziggurat: bool,
    #[serde(
        default = "default_turn_limit",
        deserialize_with = "mesopotamia_core::record::whole::u32"
    )]
    turn_limit: u32,
}

#[cfg(feature = "serde")]
impl TryFrom<ConfigData> for Config {
    type Error = crate::TigrisError;

    fn try_from(data: ConfigData) -> Result<Config, crate::TigrisError> {
        let config = Config {
            players: data.players,
            english_variant: data.english_variant,
            board: data.board,
            buildings: data.buildings,
            ziggurat: data.ziggurat,
            turn_limit: data.turn_limit,
        };
        config.check()?;
        Ok(config)
    }
}

impl Config {
    /// The base game on the classic board for `players` players.
    pub const fn new(players: u8) -> Config {
        Config {
            players,
            english_variant: false,
            board: BoardKind::Classic,
            buildings: false,
            ziggurat: false,
            turn_limit: DEFAULT_TURN_LIMIT,
        }
    }

    /// The same with another turn limit (rule G1; 1 to [`MAX_TURN_LIMIT`], checked by
    /// [`Tigris::new`](crate::Tigris::new)).
    pub const fn with_turn_limit(mut self, turns: u32) -> Config {
        self.turn_limit = turns;
        self
    }

    /// Whether the configuration can be played: 2 to 4 players, a turn limit from 1 to
    /// [`MAX_TURN_LIMIT`].
    pub fn check(&self) -> Result<(), crate::TigrisError> {
        if !(2..=4).contains(&self.players) {
            return Err(crate::TigrisError::Players(self.players));
        }
        if !(1..=MAX_TURN_LIMIT).contains(&self.turn_limit) {
            return Err(crate::TigrisError::TurnLimit(self.turn_limit));
        }
        Ok(())
    }

    /// The same with the English variant on or off.
    pub const fn with_english_variant(mut self, on: bool) -> Config {
        self.english_variant = on;
        self
    }

    /// The same on another board.
    pub const fn with_board(mut self, board: BoardKind) -> Config {
        self.board = board;
        self
    }

    /// The same with the civilization buildings on or off.
    pub const fn with_buildings(mut self, on: bool) -> Config {
        self.buildings = on;
        self
    }

    /// The same with the ziggurat on or off.
    pub const fn with_ziggurat(mut self, on: bool) -> Config {
        self.ziggurat = on;
        self
    }
}

/// A configuration text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParseConfigError(String);

/// `tigris players N board classic|alternative variant standard|english [buildings]
/// [ziggurat] [turn-limit N]` (the turn limit only when it is not the default).
impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = match self.board {
            BoardKind::Classic => "classic",
            BoardKind::Alternative => "alternative",
        };
        let variant = if self.english_variant {
            "english"
        } else {
            "standard"
        };
        write!(
            f,
            "tigris players {} board {board} variant {variant}",
            self.players
        )?;
        if self.buildings {
            f.write_str(" buildings")?;
        }
        if self.ziggurat {
            f.write_str(" ziggurat")?;
        }
        if self.turn_limit != DEFAULT_TURN_LIMIT {
            write!(f, " turn-limit {}", self.turn_limit)?;
        }
        Ok(())
    }
}

/// Reads the text `Display` writes. Only the words are checked here: a player count out of
/// range is refused by [`Tigris::new`](crate::Tigris::new) and position validation.
///
/// ```
/// use tigris_euphrates::{BoardKind, Config};
///
/// let config: Config = "tigris players 3 board alternative variant standard ziggurat".parse().unwrap();
/// assert_eq!(config, Config::new(3).with_board(BoardKind::Alternative).with_ziggurat(true));
/// assert_eq!(config.to_string().parse::<Config>(), Ok(config));
/// assert!("tigris players 3 board hexagonal variant standard".parse::<Config>().is_err());
/// let short: Config = "tigris players 2 board classic variant standard turn-limit 40".parse().unwrap();
/// assert_eq!(short, Config::new(2).with_turn_limit(40));
/// ```
impl FromStr for Config {
    type Err = ParseConfigError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let err = |message: String| ParseConfigError(message);
        let words: Vec<&str> = text.split_whitespace().collect();
        let [
            "tigris",
            "players",
            n,
            "board",
            board,
            "variant",
            variant,
            options @ ..,
        ] = words.as_slice()
        else {
            return Err(err(
                "expected `tigris players N board classic|alternative variant standard|english [buildings] [ziggurat]`".into(),
            ));
        };
        let players = n
            .parse()
            .map_err(|_| err(format!("bad player count `{n}`")))?;
        let board = match *board {
            "classic" => BoardKind::Classic,
            "alternative" => BoardKind::Alternative,
            other => {
                return Err(err(format!(
                    "unknown board `{other}` (classic or alternative)"
                )));
            }
        };
        let english_variant = match *variant {
            "standard" => false,
            "english" => true,
            other => {
                return Err(err(format!(
                    "unknown variant `{other}` (standard or english)"
                )));
            }
        };
        let (mut buildings, mut ziggurat) = (false, false);
        let mut turn_limit = None;
        let mut options = options.iter();
        while let Some(option) = options.next() {
            if *option == "turn-limit" {
                let n = options
                    .next()
                    .ok_or_else(|| err("`turn-limit` needs a number of turns".into()))?;
                let n = n
                    .parse()
                    .map_err(|_| err(format!("bad turn limit `{n}`")))?;
                if turn_limit.replace(n).is_some() {
                    return Err(err("option `turn-limit` named twice".into()));
                }
                continue;
            }
            let flag = match *option {
                "buildings" => &mut buildings,
                "ziggurat" => &mut ziggurat,
                other => {
                    return Err(err(format!(
                        "unknown option `{other}` (buildings, ziggurat or turn-limit N)"
                    )));
                }
            };
            if core::mem::replace(flag, true) {
                return Err(err(format!("option `{option}` named twice")));
            }
        }
        Ok(Config {
            players,
            english_variant,
            board,
            buildings,
            ziggurat,
            turn_limit: turn_limit.unwrap_or(DEFAULT_TURN_LIMIT),
        })
    }
}
