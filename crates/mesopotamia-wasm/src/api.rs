//! The package's entry points as plain Rust (JSON values in and out, errors as messages), so
//! that native tests cover everything the JavaScript functions do; `lib.rs` only turns the
//! values into JavaScript ones. The game is the facade's session
//! ([`mesopotamia::session::AnySession`]), whichever game it is: every rule, draw, bot,
//! hint, record and picture is the library's.

use mesopotamia::core::describe::GameDescription;
use mesopotamia::session::{self, AnySession, SessionError};
use mesopotamia::table::BotSpec;
use serde_json::{Value, json};

use crate::convert::{self, whole};

/// A game in progress: the JavaScript `Game`'s methods, in Rust terms.
#[derive(Clone)]
pub struct Game {
    session: Box<dyn AnySession>,
}

fn message(e: SessionError) -> String {
    e.to_string()
}

/// The game's description, or the library's refusal of the name.
fn find(name: &str) -> Result<&'static GameDescription, String> {
    mesopotamia::games::find(name).map_err(|e| e.to_string())
}

/// Every game's description as a plain object, in the order front ends list them.
pub fn games() -> Value {
    mesopotamia::games::all()
        .iter()
        .map(|g| convert::description(g))
        .collect()
}

/// The games' names.
pub fn game_names() -> Vec<String> {
    mesopotamia::games::all()
        .iter()
        .map(|g| g.name.to_owned())
        .collect()
}

/// A new game of the game named `name`, with the options given as JSON
/// (`{players, seed, seats, ...options}`: see [`convert::options`]).
pub fn create(name: &str, options_json: &str) -> Result<Game, String> {
    let description = find(name)?;
    let created = convert::options(description, options_json)?;
    let mut session = session::new_session(name, &created.options, created.seed)
        .map_err(|e| convert::js_words(description, e.to_string()))?;
    if let Some(seats) = &created.seats {
        session.set_seats(seats).map_err(message)?;
    }
    Ok(Game { session })
}

/// A game of the game named `name` from a position's text, validated.
pub fn from_position(name: &str, text: &str, seed: u64) -> Result<Game, String> {
    session::session_from_position(name, text, seed)
        .map(|session| Game { session })
        .map_err(message)
}

/// A game rebuilt from its record (JSON, or the game text): replayed, its seats and its
/// generator where the record says; with `name`, the record must be of that game.
pub fn from_record(name: Option<&str>, text: &str) -> Result<Game, String> {
    session::session_from_record(name, text)
        .map(|session| Game { session })
        .map_err(message)
}

/// `[{id, title}]`: the game's rule examples, in the order of its documents.
pub fn examples(game: &str) -> Result<Value, String> {
    let list = mesopotamia::examples::list(game).map_err(|e| e.to_string())?;
    Ok(list
        .iter()
        .map(|e| json!({ "id": e.id, "title": e.title }))
        .collect())
}

/// A rule example run step by step: `{id, title, source, scenarios}`, each scenario
/// `{before, steps, after}` (a position and its picture before and after; each step `{by,
/// step, events, position, svg}`) or `{refused: {position, violations: [{name,
/// message}]}}`.
pub fn run_example(game: &str, id: &str) -> Result<Value, String> {
    use mesopotamia::examples::{ExampleScenario, Shown};
    let run = mesopotamia::examples::run(game, id).map_err(|e| e.to_string())?;
    let shown = |s: &Shown| json!({ "position": s.position, "svg": s.svg });
    let scenarios: Vec<Value> = run
        .scenarios
        .iter()
        .map(|scenario| match scenario {
            ExampleScenario::Refused {
                position,
                violations,
            } => {
                let violations: Vec<Value> = violations
                    .iter()
                    .map(|(name, message)| json!({ "name": name, "message": message }))
                    .collect();
                json!({ "refused": { "position": position, "violations": violations } })
            }
            ExampleScenario::Played {
                before,
                steps,
                after,
            } => {
                let steps: Vec<Value> = steps
                    .iter()
                    .map(|step| {
                        json!({
                            "by": convert::to_move(step.by),
                            "step": step.step,
                            "events": convert::events(&step.events),
                            "position": step.after.position,
                            "svg": step.after.svg,
                        })
                    })
                    .collect();
                json!({ "before": shown(before), "steps": steps, "after": shown(after) })
            }
        })
        .collect();
    Ok(json!({
        "id": run.id,
        "title": run.title,
        "source": run.source,
        "scenarios": scenarios,
    }))
}

/// A rule example's picture, as the docs show it.
pub fn example_svg(game: &str, id: &str) -> Result<String, String> {
    mesopotamia::examples::picture(game, id).map_err(|e| e.to_string())
}

impl Game {
    /// The game's description.
    pub fn description(&self) -> &'static GameDescription {
        self.session.description()
    }

    /// The game's name.
    pub fn name(&self) -> &'static str {
        self.session.description().name
    }

    /// Seats at the table.
    pub fn players(&self) -> usize {
        self.session.players()
    }

    /// A seat from JavaScript: a whole number of a seat at the table.
    fn seat(&self, seat: f64) -> Result<mesopotamia::core::Seat, String> {
        let players = self.session.players();
        whole(seat)
            .ok_or_else(|| {
                format!(
                    "seat {seat}: the table has seats 0 to {}",
                    players.saturating_sub(1)
                )
            })
            .and_then(|s| self.session.seat(s).map_err(message))
    }

    /// `{kind: "seat", seat}`, `{kind: "chance"}` or `{kind: "over"}`.
    pub fn to_move(&self) -> Value {
        convert::to_move(self.session.to_move())
    }

    /// The legal actions in notation, in the engine's order.
    pub fn legal(&self) -> Vec<String> {
        self.session.legal()
    }

    /// The legal actions' dense indices, ascending.
    pub fn legal_indices(&self) -> Vec<u32> {
        self.session
            .legal_indices()
            .into_iter()
            .map(|i| u32::try_from(i).unwrap_or(u32::MAX))
            .collect()
    }

    /// The size of the dense action space.
    pub fn action_space_size(&self) -> u32 {
        u32::try_from(self.session.action_space_size()).unwrap_or(u32::MAX)
    }

    /// Plays an action in notation; its events.
    pub fn play(&mut self, action: &str) -> Result<Value, String> {
        let told = self.session.play(action).map_err(message)?;
        Ok(convert::events(&told.events))
    }

    /// Plays the action with that dense index; its events.
    pub fn play_index(&mut self, index: f64) -> Result<Value, String> {
        let size = self.session.action_space_size();
        let index = whole(index).ok_or_else(|| {
            format!(
                "no action {index}: the action space is 0 to {}",
                size.saturating_sub(1)
            )
        })?;
        let told = self.session.play_index(index).map_err(message)?;
        Ok(convert::events(&told.events))
    }

    /// `[{outcome, weight}]` of the pending chance event.
    pub fn chance_outcomes(&self) -> Value {
        self.session
            .chance_outcomes()
            .into_iter()
            .map(|(outcome, weight)| json!({ "outcome": outcome, "weight": weight }))
            .collect()
    }

    /// Resolves the pending chance event with an outcome in notation; its events.
    pub fn play_chance(&mut self, outcome: &str) -> Result<Value, String> {
        let told = self.session.play_chance(outcome).map_err(message)?;
        Ok(convert::events(&told.events))
    }

    /// Draws the pending outcome with the game's generator: `{outcome, events}`.
    pub fn sample_chance(&mut self) -> Result<Value, String> {
        let told = self.session.sample_chance().map_err(message)?;
        Ok(convert::told("outcome", &told))
    }

    /// Chance until a seat is to move or the end: `[{outcome, events}]`.
    pub fn advance(&mut self) -> Result<Value, String> {
        let drawn = self.session.advance().map_err(message)?;
        Ok(drawn.iter().map(|t| convert::told("outcome", t)).collect())
    }

    /// Each legal action with its gesture: `[{action, piece, place}]`, in the order of
    /// [`legal`](Self::legal).
    pub fn gestures(&self) -> Value {
        self.session
            .gestures()
            .into_iter()
            .map(|(action, g)| json!({ "action": action, "piece": g.piece, "place": g.place }))
            .collect()
    }

    /// The gesture of an action in notation (a past move, a hint): `{piece, place}`.
    pub fn gesture_of(&self, action: &str) -> Result<Value, String> {
        let gesture = self.session.gesture_of(action).map_err(message)?;
        Ok(convert::gesture(&gesture))
    }

    /// The pieces a seat can take: `[{piece, kind, colour, count, at, label}]`.
    pub fn pieces(&self, seat: f64) -> Result<Value, String> {
        let seat = self.seat(seat)?;
        Ok(self
            .session
            .pieces(seat)
            .iter()
            .map(convert::piece)
            .collect())
    }

    /// The table's running facts as `viewer` sees them (`None`: a spectator):
    /// `{table: [{label, value}], seats: [{seat, score, facts}]}`, `score` null where hidden.
    pub fn facts(&self, viewer: Option<f64>) -> Result<Value, String> {
        let viewer = viewer.map(|v| self.seat(v)).transpose()?;
        serde_json::to_value(self.session.facts(viewer)).map_err(|e| e.to_string())
    }

    /// The seat's view, in the engine's JSON form.
    pub fn view(&self, seat: f64) -> Result<Value, String> {
        let seat = self.seat(seat)?;
        let json = self.session.view_json(seat).map_err(message)?;
        serde_json::from_str(&json).map_err(|e| e.to_string())
    }

    /// The seat's view as text with its pieces marked: `[{mark, text}]`.
    pub fn view_text(&self, seat: f64) -> Result<Value, String> {
        let seat = self.seat(seat)?;
        Ok(convert::pieces(&self.session.view_text(seat)))
    }

    /// The position text, hidden information included.
    pub fn position(&self) -> String {
        self.session.position()
    }

    /// The record as pretty JSON (seed, seats, steps, end and where the generator stands).
    pub fn record(&self) -> Result<String, String> {
        self.session.record_json().map_err(message)
    }

    /// The record as the game text (the PGN-like form `mesopotamia replay` also reads).
    pub fn record_text(&self) -> Result<String, String> {
        self.session.record_text().map_err(message)
    }

    /// Every step from the start: `[{seat, step}]` (`seat` null for chance).
    pub fn steps(&self) -> Value {
        self.session
            .steps()
            .into_iter()
            .map(|(seat, step)| json!({ "seat": seat, "step": step }))
            .collect()
    }

    /// Drops the last step; the generator goes back to where it stood before it.
    pub fn undo(&mut self) -> Result<(), String> {
        self.session.undo_step().map_err(message)
    }

    /// Takes back `seat`'s last decision and everything after it (the generator too): the
    /// steps taken back.
    pub fn undo_decision(&mut self, seat: f64) -> Result<usize, String> {
        let seat = self.seat(seat)?;
        self.session.undo(seat).map_err(message)
    }

    /// The game after its first `n` steps, as a new one.
    pub fn at_step(&self, n: f64) -> Result<Game, String> {
        let played = self.session.steps().len();
        let n = whole(n)
            .filter(|&n| n <= played)
            .ok_or_else(|| format!("step {n}: the game has steps 0 to {played}"))?;
        self.session
            .at_step(n)
            .map(|session| Game { session })
            .map_err(message)
    }

    /// Who plays each seat (empty when never said).
    pub fn seats(&self) -> Vec<String> {
        self.session.seats()
    }

    /// Says who plays each seat: one spec per seat, each checked.
    pub fn set_seats(&mut self, specs: &[String]) -> Result<(), String> {
        self.session.set_seats(specs).map_err(message)
    }

    /// The position as an SVG document.
    pub fn svg(&self) -> String {
        self.session.svg()
    }

    /// What the seat may see, as an SVG document.
    pub fn view_svg(&self, seat: f64) -> Result<String, String> {
        let seat = self.seat(seat)?;
        Ok(self.session.view_svg(seat))
    }

    /// `null` before the end, else `[{seat, rank, score}]` by seat.
    pub fn standings(&self) -> Value {
        match self.session.ranks() {
            None => Value::Null,
            Some(ranks) => ranks
                .iter()
                .zip(self.session.scores())
                .enumerate()
                .map(|(seat, (rank, score))| json!({ "seat": seat, "rank": rank, "score": score }))
                .collect(),
        }
    }

    /// `null` before the end, else `rules` or `turn-limit`.
    pub fn end_reason(&self) -> Value {
        self.session.end_reason().map_or(Value::Null, Value::from)
    }

    /// What `spec` would play for the seat to move (nothing is played, the generator is
    /// not moved): `{action, analysis, iterations}`.
    pub fn bot(&self, spec: &str) -> Result<Value, String> {
        let spec: BotSpec = spec
            .parse()
            .map_err(|e: mesopotamia::table::BotSpecError| e.to_string())?;
        if spec == BotSpec::Person {
            return Err("`person` is not a bot: a person chooses that seat's actions".into());
        }
        let suggestion = self.session.suggest(spec).map_err(message)?;
        Ok(convert::suggestion(&suggestion))
    }

    /// The bot of the seat to move (from the seats) plays, with the game's generator:
    /// `{action, events}`.
    pub fn bot_turn(&mut self) -> Result<Value, String> {
        let told = self.session.bot_turn().map_err(message)?;
        Ok(convert::told("action", &told))
    }

    /// Chance and bots play until a person is to move or the end.
    pub fn play_bots(&mut self) -> Result<(), String> {
        self.session.play_bots().map_err(message)
    }

    /// Takes the steps a record of this game adds to it (played on a copy rebuilt from this
    /// game's record) and where its generator stands: the steps taken.
    pub fn follow(&mut self, record: &str) -> Result<usize, String> {
        self.session.follow_record(record).map_err(message)
    }

    /// A hint for the seat to move: `{action, shares, legal, iterations}`.
    pub fn hint(&mut self) -> Result<Value, String> {
        let hint = self.session.hint().map_err(message)?;
        Ok(convert::hint(&hint))
    }
}
