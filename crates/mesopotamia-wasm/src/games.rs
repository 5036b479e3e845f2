//! What the package needs of each game beyond the core's traits: its options from a
//! JavaScript object, its bots, its rule examples and the figure its standings rank by.
//! Everything else is written once, generic over [`WebGame`].

use std::sync::Arc;

use mesopotamia_core::cases::CaseGame;
use mesopotamia_core::marks::MarkedDisplay;
use mesopotamia_core::mcts::MctsBot;
use mesopotamia_core::svg::Drawing;
use mesopotamia_core::{Bot, DEFAULT_TURN_LIMIT, Seat};
use serde::Deserialize;
use serde::Serialize;
use serde::de::DeserializeOwned;
use sumeria::Sumeria;
use tigris_euphrates::Tigris;
use tigris_euphrates_cards::Cards;

/// The options of `Game.create`, as the page gives them (every one optional). Unknown
/// names are refused by serde; an option of another game by the game's `configure`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Options {
    /// Players (4 when not given).
    pub players: Option<u8>,
    /// Tigris & Euphrates: `classic` or `alternative`.
    pub board: Option<String>,
    /// Tigris & Euphrates: the English variant.
    pub english_variant: Option<bool>,
    /// Tigris & Euphrates (2009): the civilization buildings.
    pub buildings: Option<bool>,
    /// Tigris & Euphrates (2009): the ziggurat.
    pub ziggurat: Option<bool>,
    /// Tigris & Euphrates and the card game: the engine's turn limit (rule G1).
    pub turn_limit: Option<u32>,
    /// The card game: VP piles open to all.
    pub open_piles: Option<bool>,
    /// Sumeria: a board file's text (the default board when not given).
    pub board_text: Option<String>,
    /// The seed of the game's generator (chance draws and bots); 0 when not given.
    pub seed: Option<u64>,
}

impl Options {
    /// Refuses the options that belong to other games.
    fn only(&self, game: &str, allowed: &[&str]) -> Result<(), String> {
        let given = [
            ("board", self.board.is_some()),
            ("englishVariant", self.english_variant.is_some()),
            ("buildings", self.buildings.is_some()),
            ("ziggurat", self.ziggurat.is_some()),
            ("turnLimit", self.turn_limit.is_some()),
            ("openPiles", self.open_piles.is_some()),
            ("boardText", self.board_text.is_some()),
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

/// A game as the package drives it.
pub trait WebGame:
    CaseGame<
        Action: Send + Sync,
        View: MarkedDisplay + Serialize,
        Event: MarkedDisplay,
        Config: Serialize + DeserializeOwned,
    > + Drawing
    + Send
    + Sync
    + 'static
{
    /// The configuration for these options; the error names what is wrong.
    fn configure(options: &Options) -> Result<Self::Config, String>;
    /// The rule examples: identifier and case file.
    fn examples() -> &'static [(&'static str, &'static str)];
    /// The game's greedy bot.
    fn greedy() -> Box<dyn Bot<Self>>;
    /// The game's search bot with `iterations` per decision.
    fn search(iterations: u32) -> MctsBot<Self>;
    /// Iterations per decision of `mcts` without a budget.
    const MCTS_ITERATIONS: u32;
    /// The figure the standings rank a seat by first (what a page shows as its score).
    fn score(&self, seat: Seat) -> u32;
}

/// Players when none are given: the CLI's default.
const DEFAULT_PLAYERS: u8 = 4;

impl WebGame for Tigris {
    fn configure(options: &Options) -> Result<tigris_euphrates::Config, String> {
        options.only(
            "tigris",
            &[
                "board",
                "englishVariant",
                "buildings",
                "ziggurat",
                "turnLimit",
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
        let config = tigris_euphrates::Config::new(options.players.unwrap_or(DEFAULT_PLAYERS))
            .with_board(board)
            .with_english_variant(options.english_variant.unwrap_or(false))
            .with_buildings(options.buildings.unwrap_or(false))
            .with_ziggurat(options.ziggurat.unwrap_or(false))
            .with_turn_limit(options.turn_limit.unwrap_or(DEFAULT_TURN_LIMIT));
        Ok(config)
    }
    fn examples() -> &'static [(&'static str, &'static str)] {
        tigris_euphrates::examples::EXAMPLES
    }
    fn greedy() -> Box<dyn Bot<Self>> {
        Box::new(tigris_euphrates::bots::greedy_bot())
    }
    fn search(iterations: u32) -> MctsBot<Self> {
        tigris_euphrates::bots::mcts_bot(iterations)
    }
    const MCTS_ITERATIONS: u32 = tigris_euphrates::bots::MCTS_ITERATIONS;
    fn score(&self, seat: Seat) -> u32 {
        self.public().standing_key(seat)[0]
    }
}

impl WebGame for Cards {
    fn configure(options: &Options) -> Result<tigris_euphrates_cards::Config, String> {
        options.only("cards", &["openPiles", "turnLimit"])?;
        Ok(
            tigris_euphrates_cards::Config::new(options.players.unwrap_or(DEFAULT_PLAYERS))
                .with_open_piles(options.open_piles.unwrap_or(false))
                .with_turn_limit(options.turn_limit.unwrap_or(DEFAULT_TURN_LIMIT)),
        )
    }
    fn examples() -> &'static [(&'static str, &'static str)] {
        tigris_euphrates_cards::examples::EXAMPLES
    }
    fn greedy() -> Box<dyn Bot<Self>> {
        Box::new(tigris_euphrates_cards::bots::greedy_bot())
    }
    fn search(iterations: u32) -> MctsBot<Self> {
        tigris_euphrates_cards::bots::mcts_bot(iterations)
    }
    const MCTS_ITERATIONS: u32 = tigris_euphrates_cards::bots::MCTS_ITERATIONS;
    fn score(&self, seat: Seat) -> u32 {
        self.keys().get(seat.index()).map_or(0, |key| key[0])
    }
}

impl WebGame for Sumeria {
    fn configure(options: &Options) -> Result<sumeria::Config, String> {
        options.only("sumeria", &["boardText"])?;
        let mut config = sumeria::Config::new(options.players.unwrap_or(DEFAULT_PLAYERS));
        if let Some(text) = &options.board_text {
            let board = sumeria::Board::parse(text).map_err(|e| format!("the board: {e}"))?;
            config = config.with_board(Arc::new(board));
        }
        Ok(config)
    }
    fn examples() -> &'static [(&'static str, &'static str)] {
        sumeria::examples::EXAMPLES
    }
    fn greedy() -> Box<dyn Bot<Self>> {
        Box::new(sumeria::bots::greedy_bot())
    }
    fn search(iterations: u32) -> MctsBot<Self> {
        sumeria::bots::mcts_bot(iterations)
    }
    const MCTS_ITERATIONS: u32 = sumeria::bots::MCTS_ITERATIONS;
    fn score(&self, seat: Seat) -> u32 {
        self.scores().get(seat.index()).map_or(0, |s| s.0)
    }
}

/// A new game of `G` from options (already checked to be `G`'s).
pub fn new_game<G: WebGame>(options: &Options) -> Result<G, String> {
    let config = G::configure(options)?;
    G::new(&config).map_err(|e| e.to_string())
}
