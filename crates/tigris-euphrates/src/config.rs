//! What fixes a game before it starts: players, board and options, and its text form
//! (the first line of a position, and a case file's `[start]` section).

use core::fmt;
use core::str::FromStr;

use crate::board::BoardKind;

/// What fixes a game before it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
        }
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

/// `tigris players N board classic|alternative variant standard|english [buildings] [ziggurat]`.
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
        for option in options {
            let flag = match *option {
                "buildings" => &mut buildings,
                "ziggurat" => &mut ziggurat,
                other => {
                    return Err(err(format!(
                        "unknown option `{other}` (buildings or ziggurat)"
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
        })
    }
}
