//! What fixes a game before it starts: players and board, and its text form (the first
//! line of a position, and a case file's `[start]` section).

use std::sync::Arc;

use crate::board::Board;

/// Players, and the board.
///
/// As data (feature `serde`): `{ "players": 3, "board": "reconstructed" }`, the board
/// named `reconstructed` when it is the default one, else given as the text of its board
/// file; `board` may be left out (the default board). Reading checks the player count (3
/// or 4) and the board as [`Board::parse`] does, and refuses unknown fields.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "ConfigData"))]
pub struct Config {
    /// 3 or 4.
    pub players: u8,
    /// The board (the reconstructed default unless another is loaded).
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::serialization::board_field::serialize")
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
    /// other than 3 or 4 is refused by [`Sumeria::new`](crate::Sumeria::new).
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
#[non_exhaustive]
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

/// A [`Config`]'s fields, read before they are checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a Sumeria configuration, such as {\"players\": 3}"
)]
struct ConfigData {
    #[serde(deserialize_with = "mesopotamia_core::record::whole::u8")]
    players: u8,
    #[serde(
        default = "Board::reconstructed",
        deserialize_with = "crate::serialization::board_field::deserialize"
    )]
    board: Arc<Board>,
}

#[cfg(feature = "serde")]
impl TryFrom<ConfigData> for Config {
    type Error = crate::InvalidData;

    fn try_from(data: ConfigData) -> Result<Config, crate::InvalidData> {
        let config = Config::new(data.players).with_board(data.board);
        config
            .traders()
            .ok_or(crate::InvalidData::Players(data.players))?;
        Ok(config)
    }
}
