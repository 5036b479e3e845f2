//! What the commands need of each game, behind one trait, so that `play`, `simulate`
//! and the other commands are written once.

use mesopotamia_core::cases::CaseGame;
use mesopotamia_core::marks::{MarkedDisplay, MarkedString};
use mesopotamia_core::mcts::MctsBot;
use mesopotamia_core::{Bot, GameRecord, Seat};
use sumeria::Sumeria;
use tigris_euphrates::Tigris;
use tigris_euphrates_cards::Cards;

use crate::GameOptions;

/// A game as the command line drives it.
pub(crate) trait CliGame:
    CaseGame<Action: Send + Sync, View: MarkedDisplay, Event: MarkedDisplay>
    + core::fmt::Display
    + Send
    + Sync
    + 'static
where
    Self::Config: Send + Sync,
{
    /// The configuration from the command line's options.
    fn from_options(options: &GameOptions) -> Result<Self::Config, String>;
    /// A game record as pretty JSON.
    fn record_json(record: &GameRecord<Self>) -> Result<String, String>;
    /// A game record of this game from its JSON.
    fn parse_record(text: &str) -> Result<GameRecord<Self>, String>;
    /// The game's greedy bot.
    fn greedy() -> Box<dyn Bot<Self> + Send>;
    /// The MCTS bot's iterations per decision by default (`--bots mcts`): chosen so that a
    /// decision takes well under a second on one core.
    const MCTS_ITERATIONS: u32;
    /// The game's search bot (its `bots::mcts_bot`) with `iterations` per decision.
    fn search_bot(iterations: u32) -> MctsBot<Self>;
    /// The search bot, boxed for a seat.
    fn mcts(iterations: u32) -> Box<dyn Bot<Self> + Send> {
        Box::new(Self::search_bot(iterations))
    }
    /// What the search bot would play for `seat`, and its share of the root visits.
    fn hint(
        &self,
        seat: Seat,
        legal: &[Self::Action],
        rng: &mut dyn mesopotamia_core::rand_core::Rng,
    ) -> Option<(Self::Action, f64)> {
        Self::search_bot(Self::MCTS_ITERATIONS)
            .analyse(self, seat, legal, rng)
            .map(|a| (a.choice, a.share()))
    }
    /// The figure `simulate` averages per seat (what the final ranking compares first).
    fn score(&self, seat: Seat) -> f64;
    /// What [`Self::score`] is, in words.
    const SCORE: &'static str;
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
    fn parse_record(text: &str) -> Result<GameRecord<Self>, String> {
        crate::records::parse::<Self>(text)
    }
    const MCTS_ITERATIONS: u32 = tigris_euphrates::bots::MCTS_ITERATIONS;

    fn search_bot(iterations: u32) -> MctsBot<Self> {
        tigris_euphrates::bots::mcts_bot(iterations)
    }

    fn record_json(record: &GameRecord<Self>) -> Result<String, String> {
        serde_json::to_string_pretty(record).map_err(|e| e.to_string())
    }
    fn from_options(options: &GameOptions) -> Result<Self::Config, String> {
        options.tigris()
    }
    fn greedy() -> Box<dyn Bot<Self> + Send> {
        Box::new(tigris_euphrates::bots::greedy_bot())
    }
    fn score(&self, seat: Seat) -> f64 {
        let key = self.public().standing_key(seat);
        key[0] as f64
    }
    const SCORE: &'static str = "weakest colour, treasures counted";
    fn print_turns(record: &GameRecord<Self>) -> Result<(), String> {
        crate::print_turns(record)
    }
    fn print_end(&self) -> Result<(), String> {
        say_raw!("{}", tigris_euphrates::Position::from_game(self));
        crate::print_standings(self)
    }
}

impl CliGame for Cards {
    fn parse_record(text: &str) -> Result<GameRecord<Self>, String> {
        crate::records::parse::<Self>(text)
    }
    const MCTS_ITERATIONS: u32 = tigris_euphrates_cards::bots::MCTS_ITERATIONS;

    fn search_bot(iterations: u32) -> MctsBot<Self> {
        tigris_euphrates_cards::bots::mcts_bot(iterations)
    }

    fn record_json(record: &GameRecord<Self>) -> Result<String, String> {
        serde_json::to_string_pretty(record).map_err(|e| e.to_string())
    }
    fn from_options(options: &GameOptions) -> Result<Self::Config, String> {
        options.cards()
    }
    fn greedy() -> Box<dyn Bot<Self> + Send> {
        Box::new(tigris_euphrates_cards::bots::greedy_bot())
    }
    fn score(&self, seat: Seat) -> f64 {
        self.keys()[seat.index()][0] as f64
    }
    const SCORE: &'static str = "weakest colour of the VP pile, treasures counted";
    fn print_turns(record: &GameRecord<Self>) -> Result<(), String> {
        crate::cards_cmd::print_turns(record)
    }
    fn print_end(&self) -> Result<(), String> {
        say_raw!("{}", tigris_euphrates_cards::Position::from_game(self));
        crate::cards_cmd::print_standings(self)
    }
}

impl CliGame for Sumeria {
    fn parse_record(text: &str) -> Result<GameRecord<Self>, String> {
        crate::records::parse::<Self>(text)
    }
    const MCTS_ITERATIONS: u32 = sumeria::bots::MCTS_ITERATIONS;

    fn search_bot(iterations: u32) -> MctsBot<Self> {
        sumeria::bots::mcts_bot(iterations)
    }

    fn record_json(record: &GameRecord<Self>) -> Result<String, String> {
        serde_json::to_string_pretty(record).map_err(|e| e.to_string())
    }
    fn from_options(options: &GameOptions) -> Result<Self::Config, String> {
        options.sumeria()
    }
    fn greedy() -> Box<dyn Bot<Self> + Send> {
        Box::new(sumeria::bots::greedy_bot())
    }
    fn score(&self, seat: Seat) -> f64 {
        self.scores()[seat.index()].0 as f64
    }
    const SCORE: &'static str = "points";
    fn print_turns(record: &GameRecord<Self>) -> Result<(), String> {
        crate::sumeria_cmd::print_turns(record)
    }
    fn print_end(&self) -> Result<(), String> {
        say_raw!("{}", sumeria::Position::from_game(self));
        crate::sumeria_cmd::print_standings(self)
    }
}
