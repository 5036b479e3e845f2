//! The package's entry points as plain Rust (JSON values in and out, errors as messages),
//! so that native tests cover everything the JavaScript functions do; `lib.rs` only
//! converts.

use serde_json::Value;
use sumeria::Sumeria;
use tigris_euphrates::Tigris;
use tigris_euphrates_cards::Cards;

use crate::games::{Options, WebGame, new_game};
use crate::pictures;
use crate::table::{Session, Table};

/// The games, by the names records and the CLI use.
pub const GAME_NAMES: [&str; 3] = ["tigris", "cards", "sumeria"];

/// Calls a function generic over the game for the game named `$name`.
macro_rules! per_game {
    ($name:expr, $f:ident ( $($arg:expr),* )) => {
        match $name {
            "tigris" => $f::<Tigris>($($arg),*),
            "cards" => $f::<Cards>($($arg),*),
            "sumeria" => $f::<Sumeria>($($arg),*),
            other => Err(unknown_game(other)),
        }
    };
}

fn unknown_game(name: &str) -> String {
    format!("no game `{name}` (expected tigris, cards or sumeria)")
}

/// The options object as JSON (`null` or empty: every default).
fn options(json: &str) -> Result<Options, String> {
    let json = json.trim();
    if json.is_empty() || json == "null" {
        return Ok(Options::default());
    }
    serde_json::from_str(json).map_err(|e| format!("bad options: {e}"))
}

/// A new game of the named game with the options given as JSON.
pub fn create(name: &str, options_json: &str) -> Result<Box<dyn Table>, String> {
    fn open<G: WebGame>(options: &Options) -> Result<Box<dyn Table>, String> {
        let game = new_game::<G>(options)?;
        let seats = options.seats(game.seat_count())?.unwrap_or_default();
        Ok(Box::new(
            Session::new(game, options.seed.unwrap_or(0)).with_seats(seats)?,
        ))
    }
    let options = options(options_json)?;
    per_game!(name, open(&options))
}

/// A game of the named game from a position's text.
pub fn from_position(name: &str, text: &str, seed: u64) -> Result<Box<dyn Table>, String> {
    fn open<G: WebGame>(text: &str, seed: u64) -> Result<Box<dyn Table>, String> {
        Ok(Box::new(Session::<G>::from_position(text, seed)?))
    }
    per_game!(name, open(text, seed))
}

/// A game of the named game replayed from a record's JSON.
pub fn from_record(name: &str, text: &str) -> Result<Box<dyn Table>, String> {
    fn open<G: WebGame>(text: &str) -> Result<Box<dyn Table>, String> {
        Ok(Box::new(Session::<G>::from_record(text)?))
    }
    per_game!(name, open(text))
}

/// `[{id, title}]` of the named game's rule examples.
pub fn examples(name: &str) -> Result<Value, String> {
    fn list<G: WebGame>() -> Result<Value, String> {
        Ok(pictures::examples::<G>())
    }
    per_game!(name, list())
}

/// A rule example run step by step (see [`pictures::run_example`]).
pub fn run_example(name: &str, id: &str) -> Result<Value, String> {
    per_game!(name, run(id))
}

fn run<G: WebGame>(id: &str) -> Result<Value, String> {
    pictures::run_example::<G>(id)
}

/// A rule example's picture.
pub fn example_svg(name: &str, id: &str) -> Result<String, String> {
    fn picture<G: WebGame>(id: &str) -> Result<String, String> {
        pictures::example_svg::<G>(id)
    }
    per_game!(name, picture(id))
}
