//! What fixes a game before it starts: players and options, and its text form (the first
//! line of a position, and a case file's `[start]` section).

use core::fmt;
use core::str::FromStr;

use crate::state::CardsError;

/// Players and options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "ConfigData"))]
pub struct Config {
    /// 2 to 4.
    pub players: u8,
    /// C12 option: VP piles sorted and visible to all.
    #[cfg_attr(feature = "serde", serde(default))]
    pub open_piles: bool,
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
    expecting = "a card game configuration, such as {\"players\": 2}"
)]
struct ConfigData {
    #[serde(deserialize_with = "mesopotamia_core::record::whole::u8")]
    players: u8,
    #[serde(default)]
    open_piles: bool,
    #[serde(
        default = "default_turn_limit",
        deserialize_with = "mesopotamia_core::record::whole::u32"
    )]
    turn_limit: u32,
}

#[cfg(feature = "serde")]
impl TryFrom<ConfigData> for Config {
    type Error = CardsError;

    fn try_from(data: ConfigData) -> Result<Config, CardsError> {
        let config = Config {
            players: data.players,
            open_piles: data.open_piles,
            turn_limit: data.turn_limit,
        };
        config.check()?;
        Ok(config)
    }
}

impl Config {
    /// A game for `players` players with face-down VP piles.
    pub const fn new(players: u8) -> Config {
        Config {
            players,
            open_piles: false,
            turn_limit: DEFAULT_TURN_LIMIT,
        }
    }

    /// The same with the VP piles open (C12) or face down.
    pub const fn with_open_piles(mut self, open: bool) -> Config {
        self.open_piles = open;
        self
    }

    /// The same with another turn limit (rule G1; 1 to [`MAX_TURN_LIMIT`], checked by
    /// [`Cards::new`](crate::Cards::new)).
    pub const fn with_turn_limit(mut self, turns: u32) -> Config {
        self.turn_limit = turns;
        self
    }

    /// Whether the configuration can be played: 2 to 4 players, a turn limit from 1 to
    /// [`MAX_TURN_LIMIT`].
    pub fn check(&self) -> Result<(), CardsError> {
        if !(2..=4).contains(&self.players) {
            return Err(CardsError::Players(self.players));
        }
        if !(1..=MAX_TURN_LIMIT).contains(&self.turn_limit) {
            return Err(CardsError::TurnLimit(self.turn_limit));
        }
        Ok(())
    }
}

/// The configuration as text, the first line of the position format:
/// `cards players N piles open|closed [turn-limit N]` (the turn limit only when it is not
/// the default).
///
/// ```
/// use tigris_euphrates_cards::Config;
///
/// let config: Config = "cards players 2 piles closed".parse().unwrap();
/// assert_eq!(config, Config::new(2));
/// assert_eq!(config.to_string(), "cards players 2 piles closed");
/// let short: Config = "cards players 3 piles open turn-limit 40".parse().unwrap();
/// assert_eq!(short, Config::new(3).with_open_piles(true).with_turn_limit(40));
/// assert_eq!(short.to_string().parse::<Config>(), Ok(short));
/// assert!("cards players two piles closed".parse::<Config>().is_err());
/// ```
impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let piles = if self.open_piles { "open" } else { "closed" };
        write!(f, "cards players {} piles {piles}", self.players)?;
        if self.turn_limit != DEFAULT_TURN_LIMIT {
            write!(f, " turn-limit {}", self.turn_limit)?;
        }
        Ok(())
    }
}

/// Text that is not a configuration (`cards players N piles open|closed [turn-limit N]`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParseConfigError(pub String);

impl FromStr for Config {
    type Err = ParseConfigError;

    /// Reads `cards players N piles open|closed [turn-limit N]`. Any player count that fits
    /// a byte is read; [`Cards::new`](crate::Cards::new) refuses those outside 2 to 4.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |m: String| ParseConfigError(m);
        let words: Vec<&str> = s.split_whitespace().collect();
        let ["cards", "players", n, "piles", piles, options @ ..] = words.as_slice() else {
            return Err(err(format!(
                "expected `cards players N piles open|closed [turn-limit N]`, found `{}`",
                s.trim()
            )));
        };
        let turn_limit = match options {
            [] => DEFAULT_TURN_LIMIT,
            ["turn-limit", t] => t
                .parse()
                .map_err(|_| err(format!("bad turn limit `{t}`")))?,
            _ => {
                return Err(err(format!(
                    "unknown options `{}` (only `turn-limit N` may follow the piles)",
                    options.join(" ")
                )));
            }
        };
        Ok(Config {
            players: n
                .parse()
                .map_err(|_| err(format!("bad player count `{n}`")))?,
            open_piles: match *piles {
                "open" => true,
                "closed" => false,
                other => return Err(err(format!("piles are open or closed, not `{other}`"))),
            },
            turn_limit,
        })
    }
}
