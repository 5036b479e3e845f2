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
    /// What the search bot would play for `seat`, and its share of the root visits.
    fn hint(
        &self,
        seat: Seat,
        legal: &[Self::Action],
        rng: &mut dyn mesopotamia_core::rand_core::Rng,
    ) -> Option<(Self::Action, f64)> {
        Self::mcts_bot(Self::MCTS_ITERATIONS)
            .analyse(self, seat, legal, rng)
            .map(|a| (a.choice, a.share()))
    }
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
    fn print_turns(record: &GameRecord<Self>) -> Result<(), String> {
        crate::print_turns(record)
    }
    fn print_end(&self) -> Result<(), String> {
        say_raw!("{}", tigris_euphrates::Position::from_game(self));
        crate::print_standings(self)
    }
}

impl CliGame for Cards {
    fn print_turns(record: &GameRecord<Self>) -> Result<(), String> {
        crate::cards_cmd::print_turns(record)
    }
    fn print_end(&self) -> Result<(), String> {
        say_raw!("{}", tigris_euphrates_cards::Position::from_game(self));
        crate::cards_cmd::print_standings(self)
    }
}

impl CliGame for Sumeria {
    fn print_turns(record: &GameRecord<Self>) -> Result<(), String> {
        crate::sumeria_cmd::print_turns(record)
    }
    fn print_end(&self) -> Result<(), String> {
        say_raw!("{}", sumeria::Position::from_game(self));
        crate::sumeria_cmd::print_standings(self)
    }
}
