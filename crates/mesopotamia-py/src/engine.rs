//! What the bindings need of each game beyond the core's `Game` and `Observe`: options from
//! Python keywords, a dense code for each chance outcome, who sees what of each step (for
//! information-state strings) and the game's bots.

use std::fmt::Display;
use std::sync::Arc;

use mesopotamia_core::mcts::MctsBot;
use mesopotamia_core::observation::Observe;
use mesopotamia_core::{Bot, Seat};
use serde::Serialize;
use serde::de::DeserializeOwned;
use sumeria::Sumeria;
use tigris_euphrates::Tigris;
use tigris_euphrates_cards::Cards;

/// The options a game can be created with, as given from Python (unset: the default).
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
    /// Refuses the options that belong to other games.
    fn only(&self, game: &str, allowed: &[&str]) -> Result<(), String> {
        let given = [
            ("board", self.board.is_some()),
            ("english_variant", self.english_variant.is_some()),
            ("buildings", self.buildings.is_some()),
            ("ziggurat", self.ziggurat.is_some()),
            ("open_piles", self.open_piles.is_some()),
            ("board_file", self.board_file.is_some()),
            ("turn_limit", self.turn_limit.is_some()),
        ];
        match given
            .iter()
            .find(|(name, on)| *on && !allowed.contains(name))
        {
            Some((name, _)) => Err(format!("`{name}` is not an option of {game}")),
            None => Ok(()),
        }
    }
}

/// Bits of the seats that see something (bit `i` for seat `i`).
pub(crate) type SeatMask = u8;

/// Every seat.
pub(crate) const ALL_SEATS: SeatMask = u8::MAX;

/// A game as the bindings drive it.
pub(crate) trait Engine:
    Observe<View: Serialize, Action: Send + Sync, Chance: Send + Sync, Config: Send + Sync>
    + Display
    + Serialize
    + DeserializeOwned
    + Send
    + Sync
    + 'static
{
    /// Players when none are given.
    const DEFAULT_PLAYERS: u8;
    /// Chance codes are below this.
    const MAX_CHANCE_OUTCOMES: usize;

    /// The configuration for these options; the error names what is wrong.
    fn configure(options: &Options) -> Result<Self::Config, String>;

    /// The configuration as JSON.
    fn config_json(config: &Self::Config) -> String;

    /// The dense code of a chance outcome of this state (stable: the same outcome has the
    /// same code in every state where it can happen).
    fn chance_code(&self, outcome: Self::Chance) -> usize;

    /// The game's greedy bot.
    fn greedy() -> Box<dyn Bot<Self> + Send>;

    /// The game's search bot with `iterations` per decision.
    fn search(iterations: u32) -> MctsBot<Self>;
}

impl Engine for Tigris {
    const DEFAULT_PLAYERS: u8 = 4;
    const MAX_CHANCE_OUTCOMES: usize = 4;

    fn configure(options: &Options) -> Result<tigris_euphrates::Config, String> {
        options.only(
            "tigris",
            &[
                "board",
                "english_variant",
                "buildings",
                "ziggurat",
                "turn_limit",
            ],
        )?;
        let board = match options.board.as_deref().unwrap_or("classic") {
            "classic" => tigris_euphrates::BoardKind::Classic,
            "alternative" => tigris_euphrates::BoardKind::Alternative,
            other => {
                return Err(format!(
                    "unknown board `{other}` (expected classic or alternative)"
                ));
            }
        };
        let config =
            tigris_euphrates::Config::new(options.players.unwrap_or(Self::DEFAULT_PLAYERS))
                .with_board(board)
                .with_english_variant(options.english_variant.unwrap_or(false))
                .with_buildings(options.buildings.unwrap_or(false))
                .with_ziggurat(options.ziggurat.unwrap_or(false))
                .with_turn_limit(
                    options
                        .turn_limit
                        .unwrap_or(mesopotamia_core::DEFAULT_TURN_LIMIT),
                );
        config.check().map_err(|e| e.to_string())?;
        Ok(config)
    }

    fn config_json(config: &tigris_euphrates::Config) -> String {
        serde_json::to_string(config).unwrap_or_default()
    }

    fn chance_code(&self, outcome: tigris_euphrates::Draw) -> usize {
        outcome.0.index()
    }

    fn greedy() -> Box<dyn Bot<Self> + Send> {
        Box::new(tigris_euphrates::bots::greedy_bot())
    }

    fn search(iterations: u32) -> MctsBot<Self> {
        tigris_euphrates::bots::mcts_bot(iterations)
    }
}

impl Engine for Cards {
    const DEFAULT_PLAYERS: u8 = 4;
    const MAX_CHANCE_OUTCOMES: usize = 4;

    fn configure(options: &Options) -> Result<tigris_euphrates_cards::Config, String> {
        options.only("cards", &["open_piles", "turn_limit"])?;
        let config =
            tigris_euphrates_cards::Config::new(options.players.unwrap_or(Self::DEFAULT_PLAYERS))
                .with_open_piles(options.open_piles.unwrap_or(false))
                .with_turn_limit(
                    options
                        .turn_limit
                        .unwrap_or(mesopotamia_core::DEFAULT_TURN_LIMIT),
                );
        config.check().map_err(|e| e.to_string())?;
        Ok(config)
    }

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

    fn greedy() -> Box<dyn Bot<Self> + Send> {
        Box::new(tigris_euphrates_cards::bots::greedy_bot())
    }

    fn search(iterations: u32) -> MctsBot<Self> {
        tigris_euphrates_cards::bots::mcts_bot(iterations)
    }
}

impl Engine for Sumeria {
    const DEFAULT_PLAYERS: u8 = 4;
    const MAX_CHANCE_OUTCOMES: usize = 8;

    fn configure(options: &Options) -> Result<sumeria::Config, String> {
        options.only("sumeria", &["board_file"])?;
        let mut config = sumeria::Config::new(options.players.unwrap_or(Self::DEFAULT_PLAYERS));
        if let Some(path) = &options.board_file {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read the board file {path}: {e}"))?;
            let board = sumeria::Board::parse(&text).map_err(|e| format!("{path}: {e}"))?;
            config = config.with_board(Arc::new(board));
        }
        Sumeria::new(config.clone()).map_err(|e| e.to_string())?;
        Ok(config)
    }

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

    fn greedy() -> Box<dyn Bot<Self> + Send> {
        Box::new(sumeria::bots::greedy_bot())
    }

    fn search(iterations: u32) -> MctsBot<Self> {
        sumeria::bots::mcts_bot(iterations)
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
