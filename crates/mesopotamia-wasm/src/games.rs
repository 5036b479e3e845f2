//! What the package needs of each game beyond the core's traits: its options from a
//! JavaScript object (checked by the library's `mesopotamia::table`, which also gives the
//! bots and the figure the standings rank by) and its rule examples. Everything else is
//! written once, generic over [`WebGame`].

use mesopotamia::table::{BoardName, BotSpec, GameOptions, NamedGame, OptionsError};
use mesopotamia_core::cases::CaseGame;
use mesopotamia_core::marks::MarkedDisplay;
use mesopotamia_core::svg::Drawing;
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
    /// Who plays each seat: `person` or a bot spec, one per seat (checked at once; written
    /// in the record's `bots`).
    pub seats: Option<Vec<String>>,
}

impl Options {
    /// The options in the library's terms.
    pub fn table(&self) -> Result<GameOptions, String> {
        Ok(GameOptions {
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
            board_text: self.board_text.clone(),
        })
    }

    /// The seats' specs, each checked (`person` or a bot), one per seat when given.
    pub fn seats(&self, players: usize) -> Result<Option<Vec<BotSpec>>, String> {
        self.seats
            .as_deref()
            .map(|specs| crate::table::seat_specs(specs, players))
            .transpose()
    }
}

/// The library's refusal in the page's words: options by their JavaScript names.
pub fn options_error(e: OptionsError) -> String {
    match e {
        OptionsError::NotForGame { option, game } => {
            format!("`{}` is not an option of {game}", option.camel_case())
        }
        other => other.to_string(),
    }
}

/// A game as the package drives it: the library's [`NamedGame`] (options, bots, score),
/// and its rule examples.
pub trait WebGame:
    CaseGame<
        Action: Send + Sync,
        View: MarkedDisplay + Serialize,
        Event: MarkedDisplay,
        Config: Serialize + DeserializeOwned,
    > + NamedGame
    + Drawing
    + Send
    + Sync
    + 'static
{
    /// The rule examples: identifier and case file.
    fn examples() -> &'static [(&'static str, &'static str)];
}

impl WebGame for Tigris {
    fn examples() -> &'static [(&'static str, &'static str)] {
        tigris_euphrates::examples::EXAMPLES
    }
}

impl WebGame for Cards {
    fn examples() -> &'static [(&'static str, &'static str)] {
        tigris_euphrates_cards::examples::EXAMPLES
    }
}

impl WebGame for Sumeria {
    fn examples() -> &'static [(&'static str, &'static str)] {
        sumeria::examples::EXAMPLES
    }
}

/// A new game of `G` from options.
pub fn new_game<G: WebGame>(options: &Options) -> Result<G, String> {
    let config = G::configure(&options.table()?).map_err(options_error)?;
    G::new(&config).map_err(|e| e.to_string())
}
