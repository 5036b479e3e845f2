//! The mesopotamia rules engines for JavaScript: one WebAssembly package for the games of the
//! `mesopotamia` library, built by `cargo xtask wasm` (see `docs/web.md`).
//!
//! The JavaScript API mirrors the Rust and Python ones: a `Game` class (create, play by
//! notation or index, chance, views, positions, records, pictures, bots, hints) and functions
//! for the games' descriptions and rule examples. The game is the library's session
//! (`mesopotamia::session`), the same one the command line and Python play through, so the
//! same seed and seats give the same game everywhere; what each game is and which options it
//! takes is its description (`games()`). Results are plain objects; every refusal is a thrown
//! `Error` with the library's message, and the state is then unchanged. There is no panic
//! path: bad input of any kind is an error.
//!
//! The package only converts values: [`api`] is the functions in plain Rust (JSON in and
//! out, tested natively), [`convert`] the conversions, and this file turns them into
//! JavaScript values.

#![forbid(unsafe_code)]

pub mod api;
pub mod convert;

use serde_json::Value;
use wasm_bindgen::prelude::*;

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
/** A bot's action played and what it caused. */
export type BotTurn = { action: string; events: GameEvent[] };
/** A step of the game so far (`seat` null for chance). */
export type PlayedStep = { seat: number | null; step: string };
/** A seat's place at the end (rank 1 is first; tied seats share a rank). */
export type Standing = { seat: number; rank: number; score: number };
/** One root action of a search. */
export type Visits = { action: string; visits: number; share: number; value: number };
/** A bot's choice (not played), and the search's root visits for a search bot. */
export type BotChoice = { action: string; analysis: Visits[] | null; iterations: number | null };
/** A hint: the action suggested, each candidate searched with its share of the visits (most
 * visited first), the legal actions ranked, and the search's iterations. */
export type Hint = { action: string; shares: { action: string; share: number }[]; legal: number; iterations: number };
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
/** One option of a game (its `name` is the key `Game.create` takes it by). */
export type OptionDescription = {
  name: string;
  kind: "flag" | "number" | "choice" | "text";
  /** `null` for a text: the game's own default. */
  default: boolean | number | string | null;
  /** A number's range. */
  min?: number; max?: number;
  /** A choice's values and what each means. */
  values?: { name: string; help: string }[];
  /** A text's name when a front end takes it from a file. */
  file?: string;
  help: string;
};
/** What a game says about itself. */
export type GameDescription = {
  name: string; title: string; about: string;
  minPlayers: number; maxPlayers: number; defaultPlayers: number;
  /** What a seat's score is, in words. */
  score: string;
  options: OptionDescription[];
  /** The symbols of the game's pictures and texts, and what each means. */
  legend: { symbols: string; meaning: string }[];
};
/** How a person makes an action: the piece taken (an id of `pieces()`), the place named. */
export type Gesture = { piece: string | null; place: string | null };
/** A legal action and its gesture. */
export type LegalGesture = Gesture & { action: string };
/** A piece a seat can take: of its hand (`count` held) or standing on the board (`at`). */
export type TablePiece = {
  piece: string; kind: string; colour: "red" | "blue" | "green" | "black" | null;
  count: number; at: string | null; label: string;
};
/** One fact of the table, in words. */
export type Fact = { label: string; value: string };
/** The table's running facts: for everyone, and each seat's score (`null` where hidden). */
export type TableFacts = { table: Fact[]; seats: { seat: number; score: number | null; facts: Fact[] }[] };
/** The options of `Game.create`: `players`, `seed`, `seats`, and the chosen game's options by
 * their names in its description (`games()`); another game's option is refused. */
export type GameOptions = {
  players?: number; seed?: number; seats?: string[];
  [option: string]: boolean | number | string | string[] | undefined;
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
        Some(s) => convert::whole(s)
            .map(|s| s as u64)
            .ok_or_else(|| error(format!("seed {s}: a whole number from 0 to 2^53 - 1"))),
    }
}

/// A game in progress, of any of the games: the library's session.
#[wasm_bindgen]
pub struct Game {
    game: api::Game,
}

impl From<api::Game> for Game {
    fn from(game: api::Game) -> Game {
        Game { game }
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game: `name` is one of `gameNames()`; `options` an object of `players`, `seed`
    /// (0 when not given: seeds the generator that draws chance and feeds the bots), `seats`
    /// (who plays each seat: `person` or a bot spec, one per seat, checked at once and written
    /// in the record) and the game's options by the names its description gives (`games()`).
    /// Throws on an unknown game, an option the game does not have, a refused value or a
    /// bad seat spec.
    pub fn create(
        name: &str,
        #[wasm_bindgen(unchecked_param_type = "GameOptions")] options: Option<JsValue>,
    ) -> Result<Game, JsError> {
        let json = match options {
            None => String::new(),
            Some(options) if options.is_undefined() || options.is_null() => String::new(),
            Some(options) if !options.is_object() || options.is_function() => {
                return Err(error(
                    "the options must be an object of plain values".into(),
                ));
            }
            Some(options) => {
                // `as_string`, not `String::from`: a function or symbol stringifies to
                // `undefined`, which must be an error, not a trap.
                js_sys::JSON::stringify(&options)
                    .ok()
                    .and_then(|json| json.as_string())
                    .ok_or_else(|| error("the options must be an object of plain values".into()))?
            }
        };
        api::create(name, &json).map(Game::from).map_err(error)
    }

    /// A game from a position's text (the game's position format), validated: throws with
    /// every violation. `seed` seeds chance draws and bots (0 when not given).
    #[wasm_bindgen(js_name = fromPosition)]
    pub fn from_position(name: &str, text: &str, seed: Option<f64>) -> Result<Game, JsError> {
        let seed = self::seed(seed)?;
        api::from_position(name, text, seed)
            .map(Game::from)
            .map_err(error)
    }

    /// A game rebuilt from its record (the JSON `record()` and `mesopotamia play --record`
    /// write, or the game text): replayed step by step, its seats from the record's `bots`
    /// and its generator where the record says it stood, so that it goes on exactly as the
    /// game that wrote the record would. With `name`, the record must be of that game
    /// (`null`: whichever game it names). Throws with the reason when the record is not one
    /// or does not replay.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(name: Option<String>, json: &str) -> Result<Game, JsError> {
        api::from_record(name.as_deref(), json)
            .map(Game::from)
            .map_err(error)
    }

    /// The game's name (one of `gameNames()`).
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.game.name().to_owned()
    }

    /// Seats at the table.
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> u32 {
        self.game.players() as u32
    }

    /// Who acts next: `{kind: "seat", seat}`, `{kind: "chance"}` or `{kind: "over"}`.
    #[wasm_bindgen(js_name = toMove, unchecked_return_type = "ToMove")]
    pub fn to_move(&self) -> JsValue {
        js(&self.game.to_move())
    }

    /// The legal actions of the seat to move in notation, in the engine's order (empty at
    /// chance and at the end).
    pub fn legal(&self) -> Vec<String> {
        self.game.legal()
    }

    /// The legal actions' dense indices, ascending (a `Uint32Array`).
    #[wasm_bindgen(js_name = legalIndices)]
    pub fn legal_indices(&self) -> Vec<u32> {
        self.game.legal_indices()
    }

    /// The size of the dense action space of this game's configuration.
    #[wasm_bindgen(js_name = actionSpaceSize)]
    pub fn action_space_size(&self) -> u32 {
        self.game.action_space_size()
    }

    /// Plays an action in notation for the seat to move; returns the events it caused.
    /// Throws with the engine's message when the action is refused (the state unchanged).
    #[wasm_bindgen(unchecked_return_type = "GameEvent[]")]
    pub fn play(&mut self, action: &str) -> Result<JsValue, JsError> {
        js_result(self.game.play(action))
    }

    /// Plays the action with that dense index; returns its events.
    #[wasm_bindgen(js_name = playIndex, unchecked_return_type = "GameEvent[]")]
    pub fn play_index(&mut self, index: f64) -> Result<JsValue, JsError> {
        js_result(self.game.play_index(index))
    }

    /// The outcomes of the pending chance event and their weights: `[{outcome, weight}]`.
    #[wasm_bindgen(
        js_name = chanceOutcomes,
        unchecked_return_type = "{ outcome: string; weight: number }[]"
    )]
    pub fn chance_outcomes(&self) -> JsValue {
        js(&self.game.chance_outcomes())
    }

    /// Resolves the pending chance event with this outcome; returns its events.
    #[wasm_bindgen(js_name = playChance, unchecked_return_type = "GameEvent[]")]
    pub fn play_chance(&mut self, outcome: &str) -> Result<JsValue, JsError> {
        js_result(self.game.play_chance(outcome))
    }

    /// Draws the pending chance event's outcome with the game's seeded generator and
    /// resolves it: `{outcome, events}`.
    #[wasm_bindgen(js_name = sampleChance, unchecked_return_type = "Drawn")]
    pub fn sample_chance(&mut self) -> Result<JsValue, JsError> {
        js_result(self.game.sample_chance())
    }

    /// Resolves every chance event until a seat is to move or the game is over:
    /// `[{outcome, events}]`.
    #[wasm_bindgen(unchecked_return_type = "Drawn[]")]
    pub fn advance(&mut self) -> Result<JsValue, JsError> {
        js_result(self.game.advance())
    }

    /// Each legal action with how a person makes it: `[{action, piece, place}]`, in the order
    /// of `legal()`. `piece` is the id of a piece of `pieces(seat)` the action takes,
    /// `place` the place it names as the pictures' `data-at` name it; an action with
    /// neither is a decision.
    #[wasm_bindgen(unchecked_return_type = "LegalGesture[]")]
    pub fn gestures(&self) -> JsValue {
        js(&self.game.gestures())
    }

    /// How a person makes an action in notation, legal now or not (a past move, a hint):
    /// `{piece, place}`. Throws on text that is not an action of this game.
    #[wasm_bindgen(js_name = gestureOf, unchecked_return_type = "Gesture")]
    pub fn gesture_of(&self, action: &str) -> Result<JsValue, JsError> {
        js_result(self.game.gesture_of(action))
    }

    /// The pieces `seat` can take: its hand by kind (with how many it holds) and its pieces
    /// on the board (`at` where each stands). Only what that seat's own view holds.
    #[wasm_bindgen(unchecked_return_type = "TablePiece[]")]
    pub fn pieces(&self, seat: f64) -> Result<JsValue, JsError> {
        js_result(self.game.pieces(seat))
    }

    /// The table's running facts as `viewer` sees them (omitted: a spectator): what everyone
    /// sees (actions left, the bag or deck) and each seat's running score, `null` where
    /// the viewer may not know it, with its VP or influence.
    #[wasm_bindgen(unchecked_return_type = "TableFacts")]
    pub fn facts(&self, viewer: Option<f64>) -> Result<JsValue, JsError> {
        js_result(self.game.facts(viewer))
    }

    /// What `seat` may know, in the engine's JSON view form.
    pub fn view(&self, seat: f64) -> Result<JsValue, JsError> {
        js_result(self.game.view(seat))
    }

    /// The seat's view as text with its pieces marked: `[{mark, text}]`, the whole text in
    /// order.
    #[wasm_bindgen(js_name = viewText, unchecked_return_type = "Piece[]")]
    pub fn view_text(&self, seat: f64) -> Result<JsValue, JsError> {
        js_result(self.game.view_text(seat))
    }

    /// The position text (the game's position format, hidden information included).
    pub fn position(&self) -> String {
        self.game.position()
    }

    /// The game record as JSON, in the CLI's form (`mesopotamia replay` reads it): the
    /// seed, the seats' specs in its `bots`, the steps, and where the generator stands
    /// (`rng_position`); a game made by `fromPosition` writes that position as its `start`.
    pub fn record(&self) -> Result<String, JsError> {
        self.game.record().map_err(error)
    }

    /// The game record as the game text, the PGN-like form (a header of tags, then the
    /// turns); `fromRecord` and `mesopotamia replay` read it as they read the JSON.
    #[wasm_bindgen(js_name = recordText)]
    pub fn record_text(&self) -> Result<String, JsError> {
        self.game.record_text().map_err(error)
    }

    /// Every step played from the start: `[{seat, step}]`, `seat` null for chance.
    #[wasm_bindgen(unchecked_return_type = "PlayedStep[]")]
    pub fn steps(&self) -> JsValue {
        js(&self.game.steps())
    }

    /// Drops the last step: the steps before it are replayed from the start, and the
    /// generator goes back to where it stood before that step (a draw undone is drawn
    /// again). Throws when no step has been played.
    pub fn undo(&mut self) -> Result<(), JsError> {
        self.game.undo().map_err(error)
    }

    /// Takes back `seat`'s last decision and everything after it: the seat decides again
    /// there, with the same draws to come (the generator goes back too). Returns the number
    /// of steps taken back; throws when the seat has not decided yet.
    #[wasm_bindgen(js_name = undoDecision)]
    pub fn undo_decision(&mut self, seat: f64) -> Result<u32, JsError> {
        self.game
            .undo_decision(seat)
            .map(|n| n as u32)
            .map_err(error)
    }

    /// The game after its first `n` steps, as a new game (seats and generator copied):
    /// `n` from 0 to `steps().length`, else it throws.
    #[wasm_bindgen(js_name = atStep)]
    pub fn at_step(&self, n: f64) -> Result<Game, JsError> {
        self.game.at_step(n).map(Game::from).map_err(error)
    }

    /// Who plays each seat (`person` or a bot spec), as given by `create`'s `seats`,
    /// `setSeats` or the record's `bots`; empty when never said.
    #[wasm_bindgen(getter)]
    pub fn seats(&self) -> Vec<String> {
        self.game.seats()
    }

    /// Says who plays each seat: one spec per seat (`person`, `random`, `greedy`, `mcts`,
    /// `mcts:N`, `mcts:Nms`, `mcts:Ns`, `level1` to `level5`...), each checked now; throws
    /// naming the seat and the reason, the seats unchanged.
    #[wasm_bindgen(js_name = setSeats)]
    pub fn set_seats(&mut self, specs: Vec<String>) -> Result<(), JsError> {
        self.game.set_seats(&specs).map_err(error)
    }

    /// The position as an SVG document (everything, hidden information included).
    pub fn svg(&self) -> String {
        self.game.svg()
    }

    /// What `seat` may see as an SVG document.
    #[wasm_bindgen(js_name = viewSvg)]
    pub fn view_svg(&self, seat: f64) -> Result<String, JsError> {
        self.game.view_svg(seat).map_err(error)
    }

    /// `null` before the end, then `[{seat, rank, score}]` by seat (rank 1 is first, tied
    /// seats share a rank; `score` is the figure the ranking compares first).
    #[wasm_bindgen(unchecked_return_type = "Standing[] | null")]
    pub fn standings(&self) -> JsValue {
        js(&self.game.standings())
    }

    /// `null` before the end, then `"rules"` or `"turn-limit"`.
    #[wasm_bindgen(js_name = endReason, unchecked_return_type = "string | null")]
    pub fn end_reason(&self) -> JsValue {
        js(&self.game.end_reason())
    }

    /// What a bot would play for the seat to move: nothing is played and the generator is
    /// not moved, so the answer is what that bot would play on its turn (`botTurn`). The
    /// spec: `random`, `greedy`, `mcts` (the game's default budget), `mcts:ITERATIONS`,
    /// `mcts:MILLISECONDSms`, `mcts:SECONDSs`, `mcts-v1` with the same budgets, `level1` to
    /// `level5`. Returns `{action, analysis, iterations}`: for a search bot, each root
    /// action's visits, share of the visits and mean payoff, most visited first; `null` for
    /// the others.
    #[wasm_bindgen(unchecked_return_type = "BotChoice")]
    pub fn bot(&self, spec: &str) -> Result<JsValue, JsError> {
        js_result(self.game.bot(spec))
    }

    /// The bot of the seat to move (its spec from `seats`) plays with the game's generator:
    /// `{action, events}`. Throws when chance or a person is to move, or nobody said who
    /// plays the seat.
    #[wasm_bindgen(js_name = botTurn, unchecked_return_type = "BotTurn")]
    pub fn bot_turn(&mut self) -> Result<JsValue, JsError> {
        js_result(self.game.bot_turn())
    }

    /// Chance and bots play on until a person is to move or the game is over (every seat
    /// must have been said).
    #[wasm_bindgen(js_name = playBots)]
    pub fn play_bots(&mut self) -> Result<(), JsError> {
        self.game.play_bots().map_err(error)
    }

    /// Takes back what a copy of this game played elsewhere: the steps its record (JSON or
    /// the game text; a record of this game whose steps begin with this game's) adds, and
    /// where its generator stands. The game is then the one that played them, and undo puts
    /// the generator back over them as over its own steps (a game replaced by
    /// `fromRecord` knows its generator's position only at its end). What a page does with
    /// the record of a bot's turn played in a worker. Returns the number of steps taken;
    /// throws, the game unchanged, on a record of another game or one that does not go on
    /// from this one.
    pub fn follow(&mut self, record: &str) -> Result<u32, JsError> {
        self.game.follow(record).map(|n| n as u32).map_err(error)
    }

    /// A hint for the seat to move, the library's (the same in every front end): the search
    /// among the actions the game's evaluation rates best, with a generator of its own (the
    /// game's is not moved). `{action, shares: [{action, share}], legal, iterations}`.
    #[wasm_bindgen(unchecked_return_type = "Hint")]
    pub fn hint(&mut self) -> Result<JsValue, JsError> {
        js_result(self.game.hint())
    }

    /// An independent copy (its generator copied too).
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_game(&self) -> Game {
        Game::from(self.game.clone())
    }
}

/// Every game's description, in the order front ends list them: `[{name, title, about,
/// minPlayers, maxPlayers, defaultPlayers, score, options}]`.
#[wasm_bindgen(unchecked_return_type = "GameDescription[]")]
pub fn games() -> JsValue {
    js(&api::games())
}

/// The games' names, in the order of `games()`.
#[wasm_bindgen(js_name = gameNames)]
pub fn game_names() -> Vec<String> {
    api::game_names()
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
