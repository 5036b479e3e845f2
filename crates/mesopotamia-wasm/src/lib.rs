//! The mesopotamia rules engines for JavaScript: one WebAssembly package for Tigris &
//! Euphrates, the card game and Sumeria, built by `cargo xtask wasm` (see `docs/web.md`).
//!
//! The JavaScript API mirrors the Rust and Python ones: a `Game` class (create, play by
//! notation or index, chance, views, positions, records, pictures, bots) and functions for
//! the rule examples. Results are plain objects; every refusal is a thrown `Error` with
//! the engine's message, and the state is then unchanged. There is no panic path: bad input
//! of any kind is an error.
//!
//! The functions are written once in plain Rust ([`api`], [`table`]) and tested natively;
//! this file only converts values at the border.

#![forbid(unsafe_code)]

pub mod api;
pub mod games;
pub mod pictures;
pub mod table;

use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::table::Table;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** Who acts next. */
export type ToMove = { kind: "seat"; seat: number } | { kind: "chance" } | { kind: "over" };
/** What a marked piece of text shows (a page styles it; `null` for plain text). */
export type Mark =
  | { kind: "colour" | "face-down"; colour: "red" | "blue" | "green" | "black" }
  | { kind: "leader"; seat: number; colour: "red" | "blue" | "green" | "black" }
  | { kind: "trader" | "seat"; seat: number }
  | { kind: "you" | "catastrophe" | "other" };
/** A piece of text and its mark. */
export type Piece = { mark: Mark | null; text: string };
/** What a step caused, in words, its pieces marked. */
export type GameEvent = { text: string; pieces: Piece[] };
/** A chance outcome drawn and what it caused. */
export type Drawn = { outcome: string; events: GameEvent[] };
/** A step of the game so far (`seat` null for chance). */
export type PlayedStep = { seat: number | null; step: string };
/** A seat's place at the end (rank 1 is first; tied seats share a rank). */
export type Standing = { seat: number; rank: number; score: number };
/** One root action of a search. */
export type Visits = { action: string; visits: number; share: number; value: number };
/** A bot's choice (not played), and the search's root visits for `mcts`. */
export type BotChoice = { action: string; analysis: Visits[] | null; iterations: number | null };
/** A position and its picture. */
export type Shown = { position: string; svg: string };
/** One step of a rule example. */
export type ExampleStep = { by: ToMove; step: string; events: GameEvent[]; position: string; svg: string };
/** One scenario of a rule example: played, or a position the rules refuse. */
export type ExampleScenario =
  | { before: Shown; steps: ExampleStep[]; after: Shown }
  | { refused: { position: string; violations: { name: string; message: string }[] } };
/** A rule example run. */
export type Example = { id: string; title: string; source: string[]; scenarios: ExampleScenario[] };
/** The options of `Game.create` (each game takes its own; others are refused). */
export type GameOptions = {
  players?: number; seed?: number;
  board?: "classic" | "alternative"; englishVariant?: boolean; buildings?: boolean; ziggurat?: boolean;
  turnLimit?: number; openPiles?: boolean; boardText?: string;
  seats?: string[];
};
"#;

/// A JSON value as a JavaScript value (objects, arrays, strings, numbers).
fn js(value: &Value) -> JsValue {
    // serde_json writes valid JSON, which JSON.parse reads; a failure cannot happen, and
    // would give `undefined` rather than a panic.
    js_sys::JSON::parse(&value.to_string()).unwrap_or(JsValue::UNDEFINED)
}

/// A message as a thrown `Error`.
fn error(message: String) -> JsError {
    JsError::new(&message)
}

fn js_result(result: Result<Value, String>) -> Result<JsValue, JsError> {
    result.map(|v| js(&v)).map_err(error)
}

/// A seed from JavaScript: a whole number from 0 to 2^53 - 1 (what a number holds exactly).
fn seed(seed: Option<f64>) -> Result<u64, JsError> {
    match seed {
        None => Ok(0),
        Some(s) if s.fract() == 0.0 && (0.0..=9_007_199_254_740_991.0).contains(&s) => Ok(s as u64),
        Some(s) => Err(error(format!(
            "seed {s}: a whole number from 0 to 2^53 - 1"
        ))),
    }
}

/// A game in progress: any of the three, with the same methods.
#[wasm_bindgen]
pub struct Game {
    table: Box<dyn Table>,
}

#[wasm_bindgen]
impl Game {
    /// A new game: `name` is `tigris`, `cards` or `sumeria`; `options` an object of that
    /// game's options (`players`, `seed`, `seats`, and `board`, `englishVariant`,
    /// `buildings`, `ziggurat`, `turnLimit` for tigris; `openPiles`, `turnLimit` for cards;
    /// `boardText` for sumeria). `seats` says who plays each seat (`person` or a bot spec,
    /// one per seat), checked at once and written in the record. Throws on an unknown game
    /// or option, a refused one, or a bad seat spec.
    pub fn create(
        name: &str,
        #[wasm_bindgen(unchecked_param_type = "GameOptions")] options: Option<JsValue>,
    ) -> Result<Game, JsError> {
        let json = match options {
            None => String::new(),
            Some(options) if options.is_undefined() || options.is_null() => String::new(),
            Some(options) => {
                // `as_string`, not `String::from`: a function or symbol stringifies to
                // `undefined`, which must be an error, not a trap.
                js_sys::JSON::stringify(&options)
                    .ok()
                    .and_then(|json| json.as_string())
                    .ok_or_else(|| error("the options must be an object of plain values".into()))?
            }
        };
        api::create(name, &json)
            .map(|table| Game { table })
            .map_err(error)
    }

    /// A game from a position's text (the game's position format), validated: throws with
    /// every violation. `seed` seeds chance draws and bots (0 when not given).
    #[wasm_bindgen(js_name = fromPosition)]
    pub fn from_position(name: &str, text: &str, seed: Option<f64>) -> Result<Game, JsError> {
        let seed = self::seed(seed)?;
        api::from_position(name, text, seed)
            .map(|table| Game { table })
            .map_err(error)
    }

    /// A game replayed from a record (the JSON `record()` and `mesopotamia play --record`
    /// write); throws with the reason when the record is not one or does not replay.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(name: &str, json: &str) -> Result<Game, JsError> {
        api::from_record(name, json)
            .map(|table| Game { table })
            .map_err(error)
    }

    /// The game's name: `tigris`, `cards` or `sumeria`.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.table.name().to_owned()
    }

    /// Seats at the table.
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> u32 {
        self.table.players() as u32
    }

    /// Who acts next: `{kind: "seat", seat}`, `{kind: "chance"}` or `{kind: "over"}`.
    #[wasm_bindgen(js_name = toMove, unchecked_return_type = "ToMove")]
    pub fn to_move(&self) -> JsValue {
        js(&self.table.to_move())
    }

    /// The legal actions of the seat to move in notation, in the engine's order (empty at
    /// chance and at the end).
    pub fn legal(&self) -> Vec<String> {
        self.table.legal()
    }

    /// The legal actions' dense indices, ascending (a `Uint32Array`).
    #[wasm_bindgen(js_name = legalIndices)]
    pub fn legal_indices(&self) -> Vec<u32> {
        self.table.legal_indices()
    }

    /// The size of the dense action space of this game's configuration.
    #[wasm_bindgen(js_name = actionSpaceSize)]
    pub fn action_space_size(&self) -> u32 {
        self.table.action_space_size()
    }

    /// Plays an action in notation for the seat to move; returns the events it caused.
    /// Throws with the engine's message when the action is refused (the state unchanged).
    #[wasm_bindgen(unchecked_return_type = "GameEvent[]")]
    pub fn play(&mut self, action: &str) -> Result<JsValue, JsError> {
        js_result(self.table.play(action))
    }

    /// Plays the action with that dense index; returns its events.
    #[wasm_bindgen(js_name = playIndex, unchecked_return_type = "GameEvent[]")]
    pub fn play_index(&mut self, index: f64) -> Result<JsValue, JsError> {
        js_result(self.table.play_index(index))
    }

    /// The outcomes of the pending chance event and their weights: `[{outcome, weight}]`.
    #[wasm_bindgen(
        js_name = chanceOutcomes,
        unchecked_return_type = "{ outcome: string; weight: number }[]"
    )]
    pub fn chance_outcomes(&self) -> JsValue {
        js(&self.table.chance_outcomes())
    }

    /// Resolves the pending chance event with this outcome; returns its events.
    #[wasm_bindgen(js_name = playChance, unchecked_return_type = "GameEvent[]")]
    pub fn play_chance(&mut self, outcome: &str) -> Result<JsValue, JsError> {
        js_result(self.table.play_chance(outcome))
    }

    /// Draws the pending chance event's outcome with the game's seeded generator and
    /// resolves it: `{outcome, events}`.
    #[wasm_bindgen(js_name = sampleChance, unchecked_return_type = "Drawn")]
    pub fn sample_chance(&mut self) -> Result<JsValue, JsError> {
        js_result(self.table.sample_chance())
    }

    /// Resolves every chance event until a seat is to move or the game is over:
    /// `[{outcome, events}]`.
    #[wasm_bindgen(unchecked_return_type = "Drawn[]")]
    pub fn advance(&mut self) -> Result<JsValue, JsError> {
        js_result(self.table.advance())
    }

    /// What `seat` may know, in the engine's JSON view form.
    pub fn view(&self, seat: f64) -> Result<JsValue, JsError> {
        js_result(self.table.view(seat))
    }

    /// The seat's view as text with its pieces marked: `[{mark, text}]`, the whole text in
    /// order.
    #[wasm_bindgen(js_name = viewText, unchecked_return_type = "Piece[]")]
    pub fn view_text(&self, seat: f64) -> Result<JsValue, JsError> {
        js_result(self.table.view_text(seat))
    }

    /// The position text (the game's position format, hidden information included).
    pub fn position(&self) -> String {
        self.table.position()
    }

    /// The game record as JSON, in the CLI's form (`mesopotamia replay` reads it), the
    /// seats' specs in its `bots`; a game made by `fromPosition` writes that position as
    /// the record's `start`.
    pub fn record(&self) -> Result<String, JsError> {
        self.table.record().map_err(error)
    }

    /// Every step played from the start: `[{seat, step}]`, `seat` null for chance.
    #[wasm_bindgen(unchecked_return_type = "PlayedStep[]")]
    pub fn steps(&self) -> JsValue {
        js(&self.table.steps())
    }

    /// Drops the last step: the steps before it are replayed from the start, and the
    /// generator goes back to where it stood before that step (a draw undone is drawn
    /// again). Throws when no step has been played.
    pub fn undo(&mut self) -> Result<(), JsError> {
        self.table.undo().map_err(error)
    }

    /// The game after its first `n` steps, as a new game (seats and generator copied):
    /// `n` from 0 to `steps().length`, else it throws.
    #[wasm_bindgen(js_name = atStep)]
    pub fn at_step(&self, n: f64) -> Result<Game, JsError> {
        self.table
            .at_step(n)
            .map(|table| Game { table })
            .map_err(error)
    }

    /// Who plays each seat (`person` or a bot spec), as given by `create`'s `seats`,
    /// `setSeats` or the record's `bots`; empty when never said.
    #[wasm_bindgen(getter)]
    pub fn seats(&self) -> Vec<String> {
        self.table.seats()
    }

    /// Says who plays each seat: one spec per seat (`person`, `random`, `greedy`, `mcts`,
    /// `mcts:N`, `mcts:Nms`, `mcts:Ns`), each checked now; throws naming the seat and the
    /// reason, the seats unchanged.
    #[wasm_bindgen(js_name = setSeats)]
    pub fn set_seats(&mut self, specs: Vec<String>) -> Result<(), JsError> {
        self.table.set_seats(&specs).map_err(error)
    }

    /// The position as an SVG document (what everyone and everything hidden included).
    pub fn svg(&self) -> String {
        self.table.svg()
    }

    /// What `seat` may see as an SVG document: the board, and its own summary line only.
    #[wasm_bindgen(js_name = viewSvg)]
    pub fn view_svg(&self, seat: f64) -> Result<String, JsError> {
        self.table.view_svg(seat).map_err(error)
    }

    /// `null` before the end, then `[{seat, rank, score}]` by seat (rank 1 is first, tied
    /// seats share a rank; `score` is the figure the ranking compares first).
    #[wasm_bindgen(unchecked_return_type = "Standing[] | null")]
    pub fn standings(&self) -> JsValue {
        js(&self.table.standings())
    }

    /// `null` before the end, then `"rules"` or `"turn-limit"`.
    #[wasm_bindgen(js_name = endReason, unchecked_return_type = "string | null")]
    pub fn end_reason(&self) -> JsValue {
        js(&self.table.end_reason())
    }

    /// What a bot would play for the seat to move (nothing is played): `random`, `greedy`,
    /// `mcts` (the game's default budget), `mcts:ITERATIONS`, `mcts:MILLISECONDSms` or
    /// `mcts:SECONDSs` (decimals to the millisecond, such as `mcts:1.5s`).
    /// Returns `{action, analysis, iterations}`: for mcts, each root action's visits, share
    /// of the visits and mean payoff, most visited first; `null` for the others.
    #[wasm_bindgen(unchecked_return_type = "BotChoice")]
    pub fn bot(&mut self, spec: &str) -> Result<JsValue, JsError> {
        js_result(self.table.bot(spec))
    }

    /// An independent copy (its generator copied too).
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_game(&self) -> Game {
        Game {
            table: self.table.clone_table(),
        }
    }
}

/// The games' names: `["tigris", "cards", "sumeria"]`.
#[wasm_bindgen(js_name = gameNames)]
pub fn game_names() -> Vec<String> {
    api::GAME_NAMES.iter().map(|&n| n.to_owned()).collect()
}

/// The game's rule examples: `[{id, title}]`, in the order of its documents.
#[wasm_bindgen(unchecked_return_type = "{ id: string; title: string }[]")]
pub fn examples(game: &str) -> Result<JsValue, JsError> {
    js_result(api::examples(game))
}

/// A rule example run: `{id, title, source, scenarios}`, each scenario the position
/// before, every step with its events, position and picture, and the position after (or a
/// refused position and its violations).
#[wasm_bindgen(js_name = runExample, unchecked_return_type = "Example")]
pub fn run_example(game: &str, id: &str) -> Result<JsValue, JsError> {
    js_result(api::run_example(game, id))
}

/// A rule example's picture, as the docs show it.
#[wasm_bindgen(js_name = exampleSvg)]
pub fn example_svg(game: &str, id: &str) -> Result<String, JsError> {
    api::example_svg(game, id).map_err(error)
}
