//! What the commands need of each game, behind one trait, so that `play`, `simulate`
//! and the other commands are written once.

use mesopotamia::table::NamedGame;
use mesopotamia_core::cases::CaseGame;
use mesopotamia_core::marks::{MarkedDisplay, MarkedString};
use mesopotamia_core::{GameRecord, Seat};
use sumeria::Sumeria;
use tigris_euphrates::Tigris;
use tigris_euphrates_cards::Cards;

/// A game as the command line drives it: the facade's [`NamedGame`] (options, bots,
/// score) and what the commands print.
pub(crate) trait CliGame:
    CaseGame<
        Action: Send + Sync,
        View: MarkedDisplay,
        Event: MarkedDisplay,
        Config: serde::Serialize + serde::de::DeserializeOwned,
    > + NamedGame
    + mesopotamia_core::record::text::Turns
    + core::fmt::Display
    + Send
    + Sync
    + 'static
where
    Self::Config: Send + Sync,
{
    /// The legend of the board's symbols, from the game's library: each entry's symbols
    /// and their meaning.
    fn legend() -> &'static [(&'static str, &'static str)];
    /// One line per turn of a finished game.
    fn print_turns(record: &GameRecord<Self>) -> Result<(), String>;
    /// The final position and the standings.
    fn print_end(&self) -> Result<(), String>;
    /// The table as `seat` may see it: its view, written by the game's library with its
    /// pieces marked.
    fn table(&self, seat: Seat) -> MarkedString {
        MarkedString::of(&self.view(seat))
    }
}

impl CliGame for Tigris {
    fn legend() -> &'static [(&'static str, &'static str)] {
        tigris_euphrates::position::LEGEND
    }
    fn print_turns(record: &GameRecord<Self>) -> Result<(), String> {
        crate::print_turns(record)
    }
    fn print_end(&self) -> Result<(), String> {
        say_raw!("{}", tigris_euphrates::Position::from_game(self));
        crate::print_standings(self)
    }
}

impl CliGame for Cards {
    fn legend() -> &'static [(&'static str, &'static str)] {
        tigris_euphrates_cards::position::LEGEND
    }
    fn print_turns(record: &GameRecord<Self>) -> Result<(), String> {
        crate::cards_cmd::print_turns(record)
    }
    fn print_end(&self) -> Result<(), String> {
        say_raw!("{}", tigris_euphrates_cards::Position::from_game(self));
        crate::cards_cmd::print_standings(self)
    }
}

impl CliGame for Sumeria {
    fn legend() -> &'static [(&'static str, &'static str)] {
        sumeria::position::LEGEND
    }
    fn print_turns(record: &GameRecord<Self>) -> Result<(), String> {
        crate::sumeria_cmd::print_turns(record)
    }
    fn print_end(&self) -> Result<(), String> {
        say_raw!("{}", sumeria::Position::from_game(self));
        crate::sumeria_cmd::print_standings(self)
    }
}
