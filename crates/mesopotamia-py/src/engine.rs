//! What the bindings need of each game beyond the core's `Game` and `Observe` and the
//! library's `mesopotamia::table` (options checked, bots, scores): options from Python
//! keywords, a dense code for each chance outcome and who sees what of each step (for
//! information-state strings).

use std::fmt::Display;

use mesopotamia::table::{BoardName, GameOption, GameOptions, NamedGame, OptionsError};
use mesopotamia_core::Seat;
use mesopotamia_core::observation::Observe;
use serde::Serialize;
use serde::de::DeserializeOwned;
use sumeria::Sumeria;
use tigris_euphrates::Tigris;
use tigris_euphrates_cards::Cards;

/// The options a game can be created with, as given from Python (unset: the default);
/// `board_file` is a path, read here.
#[derive(Clone, Debug, Default)]
pub(crate) struct Options {
    pub players: Option<u8>,
    pub board: Option<String>,
    pub english_variant: Option<bool>,
    pub buildings: Option<bool>,
    pub ziggurat: Option<bool>,
    pub open_piles: Option<bool>,
    pub board_file: Option<String>,
    pub turn_limit: Option<u32>,
}

impl Options {
    /// The configuration of `G` for these options, checked by the library
    /// (`mesopotamia::table`); the error names options by their Python keywords.
    pub fn configure<G: NamedGame>(&self) -> Result<G::Config, String> {
        let mut options = GameOptions {
            players: self.players,
            board: self
                .board
                .as_deref()
                .map(str::parse::<BoardName>)
                .transpose()
                .map_err(|e| e.to_string())?,
            english_variant: self.english_variant,
            buildings: self.buildings,
            ziggurat: self.ziggurat,
            turn_limit: self.turn_limit,
            open_piles: self.open_piles,
            // Refused before the file is read when the game takes no board file.
            board_text: self.board_file.as_ref().map(|_| String::new()),
        };
        options.check(G::GAME).map_err(python_words)?;
        if let Some(path) = &self.board_file {
            options.board_text = Some(
                std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read the board file {path}: {e}"))?,
            );
        }
        G::configure(&options).map_err(|e| match e {
            OptionsError::Board(reason) => {
                format!(
                    "{}: {reason}",
                    self.board_file.as_deref().unwrap_or_default()
                )
            }
            other => python_words(other),
        })
    }
}

/// The library's refusal with options named by their Python keywords.
fn python_words(e: OptionsError) -> String {
    match e {
        OptionsError::NotForGame { option, game } => {
            let name = match option {
                GameOption::BoardText => "board_file",
                other => other.name(),
            };
            format!("`{name}` is not an option of {game}")
        }
        other => other.to_string(),
    }
}

/// Bits of the seats that see something (bit `i` for seat `i`).
pub(crate) type SeatMask = u8;

/// Every seat.
pub(crate) const ALL_SEATS: SeatMask = u8::MAX;

/// A game as the bindings drive it.
pub(crate) trait Engine:
    Observe<
        View: Serialize,
        Action: Send + Sync,
        Chance: Send + Sync,
        Config: Send + Sync + Serialize + DeserializeOwned,
    > + Display
    + Serialize
    + DeserializeOwned
    + NamedGame
    + Send
    + Sync
    + 'static
{
    /// Chance codes are below this.
    const MAX_CHANCE_OUTCOMES: usize;

    /// The configuration as JSON.
    fn config_json(config: &Self::Config) -> String;

    /// The dense code of a chance outcome of this state (stable: the same outcome has the
    /// same code in every state where it can happen).
    fn chance_code(&self, outcome: Self::Chance) -> usize;
}

impl Engine for Tigris {
    const MAX_CHANCE_OUTCOMES: usize = 4;

    fn config_json(config: &tigris_euphrates::Config) -> String {
        serde_json::to_string(config).unwrap_or_default()
    }

    fn chance_code(&self, outcome: tigris_euphrates::Chance) -> usize {
        outcome.0.index()
    }
}

impl Engine for Cards {
    const MAX_CHANCE_OUTCOMES: usize = 4;

    fn config_json(config: &tigris_euphrates_cards::Config) -> String {
        serde_json::to_string(config).unwrap_or_default()
    }

    fn chance_code(&self, outcome: tigris_euphrates_cards::Chance) -> usize {
        match outcome {
            tigris_euphrates_cards::Chance::Remove(c) | tigris_euphrates_cards::Chance::Draw(c) => {
                c.index()
            }
        }
    }
}

impl Engine for Sumeria {
    const MAX_CHANCE_OUTCOMES: usize = 8;

    fn config_json(config: &sumeria::Config) -> String {
        serde_json::to_string(config).unwrap_or_default()
    }

    fn chance_code(&self, outcome: sumeria::Chance) -> usize {
        match outcome {
            sumeria::Chance::Order(name) => self
                .public()
                .board()
                .state_index(name)
                .unwrap_or(Self::MAX_CHANCE_OUTCOMES),
            sumeria::Chance::First(seat) => seat.index(),
            sumeria::Chance::Draw(kind) => kind as usize,
        }
    }
}

/// The seat with that index at a table of `seats`, or a message saying why not.
pub(crate) fn seat_at(index: i64, seats: usize) -> Result<Seat, String> {
    usize::try_from(index)
        .ok()
        .filter(|&i| i < seats)
        .and_then(Seat::new)
        .ok_or_else(|| format!("seat {index}: the table has seats 0 to {}", seats - 1))
}
