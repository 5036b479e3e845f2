//! A game in progress, written once for the three games: [`Session`] keeps the state, the
//! steps played from its start and the seeded generator; [`Table`] is what the JavaScript
//! class calls, the same for every game. Results are JSON values (the page gets them as
//! objects) and errors are messages (the page gets them as `Error`s).

use mesopotamia_core::marks::{Mark, MarkedDisplay, MarkedString};
use mesopotamia_core::rand_core::SeedableRng;
use mesopotamia_core::svg::{self as core_svg, Options as SvgOptions};
use mesopotamia_core::{Game, GameRecord, Seat, Step, ToMove};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

pub use mesopotamia::table::BotSpec;

use crate::games::WebGame;

/// Steps of a game: a seat's action or a chance outcome.
type GameStep<G> = Step<<G as Game>::Action, <G as Game>::Chance>;

/// What the JavaScript `Game` class calls: one game in progress, whichever it is.
pub trait Table {
    /// The game's short name (`tigris`, `cards`, `sumeria`).
    fn name(&self) -> &'static str;
    /// Seats at the table.
    fn players(&self) -> usize;
    /// `{kind: "seat", seat}`, `{kind: "chance"}` or `{kind: "over"}`.
    fn to_move(&self) -> Value;
    /// The legal actions in notation, in the engine's order.
    fn legal(&self) -> Vec<String>;
    /// The legal actions' dense indices, ascending.
    fn legal_indices(&self) -> Vec<u32>;
    /// The size of the dense action space.
    fn action_space_size(&self) -> u32;
    /// Plays an action in notation; the events it caused.
    fn play(&mut self, notation: &str) -> Result<Value, String>;
    /// Plays the action with that dense index; the events it caused.
    fn play_index(&mut self, index: f64) -> Result<Value, String>;
    /// `[{outcome, weight}]` of the pending chance event (empty unless chance is to move).
    fn chance_outcomes(&self) -> Value;
    /// Resolves the pending chance event with an outcome in notation; its events.
    fn play_chance(&mut self, outcome: &str) -> Result<Value, String>;
    /// Draws an outcome with the game's generator and resolves it: `{outcome, events}`.
    fn sample_chance(&mut self) -> Result<Value, String>;
    /// Resolves chance until a seat is to move or the game is over: `[{outcome, events}]`.
    fn advance(&mut self) -> Result<Value, String>;
    /// The seat's view, in the engine's JSON form.
    fn view(&self, seat: f64) -> Result<Value, String>;
    /// The seat's view as text with its pieces marked: `[{mark, text}]`.
    fn view_text(&self, seat: f64) -> Result<Value, String>;
    /// The position text, hidden information included.
    fn position(&self) -> String;
    /// The game record, pretty JSON in the CLI's form.
    fn record(&self) -> Result<String, String>;
    /// Every step played from the start: `[{seat, step}]` (`seat` null for chance).
    fn steps(&self) -> Value;
    /// Drops the last step (the steps before it are replayed from the start) and rewinds
    /// the generator to where it was before that step.
    fn undo(&mut self) -> Result<(), String>;
    /// The game after its first `n` steps (an independent copy, seats and generator
    /// included).
    fn at_step(&self, n: f64) -> Result<Box<dyn Table>, String>;
    /// Who plays each seat (`person` or a bot spec), as the page said; empty if not said.
    fn seats(&self) -> Vec<String>;
    /// Says who plays each seat: one spec per seat, each checked now.
    fn set_seats(&mut self, specs: &[String]) -> Result<(), String>;
    /// The position as an SVG document.
    fn svg(&self) -> String;
    /// What the seat may see, as an SVG document.
    fn view_svg(&self, seat: f64) -> Result<String, String>;
    /// `null` before the end, else `[{seat, rank, score}]` by seat.
    fn standings(&self) -> Value;
    /// `null` before the end, else why it ended (`rules`, `turn-limit`).
    fn end_reason(&self) -> Value;
    /// What a bot would play for the seat to move: `{action, analysis, iterations}`.
    fn bot(&mut self, spec: &str) -> Result<Value, String>;
    /// An independent copy.
    fn clone_table(&self) -> Box<dyn Table>;
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Session<G: WebGame> {
    /// Where the steps start from.
    start: G,
    /// The state now.
    game: G,
    /// Every step from `start`.
    steps: Vec<GameStep<G>>,
    /// Whether `start` is the configuration's initial state (else the record names it).
    from_initial: bool,
    /// The generator's seed, kept for the record.
    seed: u64,
    /// Draws chance for [`Table::sample_chance`] and feeds the bots.
    rng: ChaCha8Rng,
    /// Where the generator stood before each step (`None` for steps read from a record),
    /// so that undo rewinds it.
    draws: Vec<Option<u128>>,
    /// Who plays each seat, when the page said (written in the record's `bots`).
    seats: Vec<BotSpec>,
}

impl<G: WebGame> Session<G> {
    /// A session at the initial state of a new game.
    pub fn new(game: G, seed: u64) -> Session<G> {
        Session {
            start: game.clone(),
            game,
            steps: Vec::new(),
            from_initial: true,
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
            draws: Vec::new(),
            seats: Vec::new(),
        }
    }

    /// The same session with its seats said (checked).
    pub fn with_seats(mut self, seats: Vec<BotSpec>) -> Result<Session<G>, String> {
        let players = self.game.seat_count();
        if !seats.is_empty() && seats.len() != players {
            return Err(format!(
                "{} seat specs for {players} seats: give one per seat",
                seats.len()
            ));
        }
        self.seats = seats;
        Ok(self)
    }

    /// A session from a position's text (validated: the error lists every violation).
    pub fn from_position(text: &str, seed: u64) -> Result<Session<G>, String> {
        let game = G::from_position(text)?;
        Ok(Session {
            from_initial: false,
            ..Session::new(game, seed)
        })
    }

    /// A session from a record's JSON, replayed step by step; the record's `bots` become
    /// the seats.
    pub fn from_record(text: &str) -> Result<Session<G>, String> {
        let record = mesopotamia::table::read_record::<G>(text).map_err(|e| e.to_string())?;
        let start = G::record_start(&record)?;
        let game = record
            .replay_from(start.clone())
            .map_err(|e| e.to_string())?;
        let seats = match record.bots.as_slice() {
            [] => Vec::new(),
            bots => seat_specs(bots, game.seat_count())
                .map_err(|e| format!("the record's bots: {e}"))?,
        };
        let seed = record.seed.unwrap_or(0);
        Ok(Session {
            start,
            game,
            draws: vec![None; record.steps.len()],
            from_initial: record.start.is_none(),
            steps: record.steps,
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
            seats,
        })
    }

    /// The state now.
    pub fn game(&self) -> &G {
        &self.game
    }

    fn seat(&self, seat: f64) -> Result<Seat, String> {
        let seats = self.game.seat_count();
        Some(seat)
            .filter(|s| s.fract() == 0.0 && *s >= 0.0 && *s < seats as f64)
            .and_then(|s| Seat::new(s as usize))
            .ok_or_else(|| {
                format!(
                    "seat {seat}: the table has seats 0 to {}",
                    seats.saturating_sub(1)
                )
            })
    }

    fn apply(&mut self, action: G::Action) -> Result<Value, String> {
        let ToMove::Seat(seat) = self.game.to_move() else {
            return Err(format!(
                "`{action}`: no seat is to move ({} is)",
                self.game.to_move()
            ));
        };
        let mut events = Vec::new();
        self.game
            .apply_with_events(action, &mut events)
            .map_err(|e| format!("`{action}`: {e}"))?;
        self.steps.push(Step::Action(seat, action));
        self.draws.push(Some(self.rng.get_word_pos()));
        Ok(events_json(&events))
    }

    /// Resolves chance with `outcome`; `draws` is where the generator stood before it (it
    /// may have drawn the outcome).
    fn apply_chance(&mut self, outcome: G::Chance, draws: u128) -> Result<Value, String> {
        if self.game.to_move() != ToMove::Chance {
            return Err(format!(
                "`{outcome}`: chance is not to move ({} is)",
                self.game.to_move()
            ));
        }
        let mut events = Vec::new();
        self.game
            .apply_chance_with_events(outcome, &mut events)
            .map_err(|e| format!("`{outcome}`: {e}"))?;
        self.steps.push(Step::Chance(outcome));
        self.draws.push(Some(draws));
        Ok(events_json(&events))
    }

    /// The state after the first `n` steps, replayed from the start.
    fn replayed(&self, n: usize) -> Result<G, String> {
        let mut game = self.start.clone();
        for (i, step) in self.steps.iter().take(n).enumerate() {
            // Each step was accepted in this very order before: a refusal is a broken game,
            // reported, with this session left as it was.
            let refused = match *step {
                Step::Action(_, action) => game.apply(action).err(),
                Step::Chance(outcome) => game.apply_chance(outcome).err(),
            };
            if let Some(e) = refused {
                return Err(format!("step {} ({step}) replays no more: {e}", i + 1));
            }
        }
        Ok(game)
    }

    fn seat_to_move(&self) -> Result<(Seat, Vec<G::Action>), String> {
        match self.game.to_move() {
            ToMove::Seat(seat) => Ok((seat, self.game.legal_action_vec())),
            other => Err(format!("no seat is to move ({other} is)")),
        }
    }
}

/// The events' text with their marks: `[{text, pieces}]`.
pub fn events_json<E: MarkedDisplay>(events: &[E]) -> Value {
    events
        .iter()
        .map(|e| {
            let marked = MarkedString::of(e);
            json!({ "text": marked.text(), "pieces": pieces(&marked) })
        })
        .collect()
}

/// The whole text in order as `[{mark, text}]`, `mark` null where the text is plain.
pub fn pieces(marked: &MarkedString) -> Value {
    let text = marked.text();
    let mut out = Vec::new();
    let mut at = 0;
    for span in marked.spans() {
        // Spans are written in order and never overlap; anything else is kept as plain text.
        let (start, end) = (span.range.start, span.range.end);
        if start < at || end > text.len() || start > end {
            continue;
        }
        if start > at {
            out.push(json!({ "mark": null, "text": text.get(at..start) }));
        }
        out.push(json!({ "mark": mark_json(span.mark), "text": text.get(start..end) }));
        at = end;
    }
    if at < text.len() {
        out.push(json!({ "mark": null, "text": text.get(at..) }));
    }
    Value::Array(out)
}

/// A mark as an object a page can turn into classes: `{kind, colour?, seat?}`.
fn mark_json(mark: Mark) -> Value {
    match mark {
        Mark::Colour(c) => json!({ "kind": "colour", "colour": c.name() }),
        Mark::FaceDown(c) => json!({ "kind": "face-down", "colour": c.name() }),
        Mark::Leader { seat, colour } => {
            json!({ "kind": "leader", "seat": seat.index(), "colour": colour.name() })
        }
        Mark::Trader(seat) => json!({ "kind": "trader", "seat": seat.index() }),
        Mark::Seat(seat) => json!({ "kind": "seat", "seat": seat.index() }),
        Mark::You => json!({ "kind": "you" }),
        Mark::Catastrophe => json!({ "kind": "catastrophe" }),
        _ => json!({ "kind": "other" }),
    }
}

/// Who is to move, as `{kind, seat?}`.
pub fn to_move_json(to_move: ToMove) -> Value {
    match to_move {
        ToMove::Seat(seat) => json!({ "kind": "seat", "seat": seat.index() }),
        ToMove::Chance => json!({ "kind": "chance" }),
        ToMove::Terminal => json!({ "kind": "over" }),
    }
}

/// The seats' specs from a page: one per seat, each `person` or a bot; the error names the
/// seat and says what is wrong.
pub fn seat_specs(specs: &[String], players: usize) -> Result<Vec<BotSpec>, String> {
    if specs.len() != players {
        return Err(format!(
            "{} seat specs for {players} seats: give one per seat",
            specs.len()
        ));
    }
    specs
        .iter()
        .enumerate()
        .map(|(seat, spec)| spec.parse().map_err(|e| format!("seat {seat}: {e}")))
        .collect()
}

impl<G: WebGame> Table for Session<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn players(&self) -> usize {
        self.game.seat_count()
    }

    fn to_move(&self) -> Value {
        to_move_json(self.game.to_move())
    }

    fn legal(&self) -> Vec<String> {
        self.game
            .legal_action_vec()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn legal_indices(&self) -> Vec<u32> {
        self.game
            .legal_action_vec()
            .into_iter()
            .map(|a| self.game.action_index(a) as u32)
            .collect()
    }

    fn action_space_size(&self) -> u32 {
        self.game.action_space_size() as u32
    }

    fn play(&mut self, notation: &str) -> Result<Value, String> {
        let action: G::Action = notation
            .trim()
            .parse()
            .map_err(|e| format!("`{notation}`: {e}"))?;
        self.apply(action)
    }

    fn play_index(&mut self, index: f64) -> Result<Value, String> {
        let action = Some(index)
            .filter(|i| i.fract() == 0.0 && *i >= 0.0)
            .and_then(|i| self.game.action_from_index(i as usize))
            .ok_or_else(|| {
                format!(
                    "no action {index}: indices are 0 to {}",
                    self.game.action_space_size().saturating_sub(1)
                )
            })?;
        self.apply(action)
    }

    fn chance_outcomes(&self) -> Value {
        let mut outcomes = Vec::new();
        self.game.chance_outcomes(&mut outcomes);
        outcomes
            .iter()
            .map(|(o, w)| json!({ "outcome": o.to_string(), "weight": w }))
            .collect()
    }

    fn play_chance(&mut self, outcome: &str) -> Result<Value, String> {
        let outcome: G::Chance = outcome
            .trim()
            .parse()
            .map_err(|e| format!("`{outcome}`: {e}"))?;
        let draws = self.rng.get_word_pos();
        self.apply_chance(outcome, draws)
    }

    fn sample_chance(&mut self) -> Result<Value, String> {
        let draws = self.rng.get_word_pos();
        let mut outcomes = Vec::new();
        let outcome = self
            .game
            .sample_chance(&mut self.rng, &mut outcomes)
            .ok_or_else(|| format!("chance is not to move ({} is)", self.game.to_move()))?;
        let events = self.apply_chance(outcome, draws)?;
        Ok(json!({ "outcome": outcome.to_string(), "events": events }))
    }

    fn advance(&mut self) -> Result<Value, String> {
        let mut out = Vec::new();
        // A game ends within `max_steps`: the bound only guards against a broken game.
        for _ in 0..=self.game.max_steps() {
            if self.game.to_move() != ToMove::Chance {
                break;
            }
            out.push(self.sample_chance()?);
        }
        Ok(Value::Array(out))
    }

    fn view(&self, seat: f64) -> Result<Value, String> {
        let seat = self.seat(seat)?;
        serde_json::to_value(self.game.view(seat)).map_err(|e| e.to_string())
    }

    fn view_text(&self, seat: f64) -> Result<Value, String> {
        let seat = self.seat(seat)?;
        Ok(pieces(&MarkedString::of(&self.game.view(seat))))
    }

    fn position(&self) -> String {
        self.game.position()
    }

    fn record(&self) -> Result<String, String> {
        let mut record = GameRecord::<G>::new(self.game.config().clone())
            .with_seed(self.seed)
            .with_bots(self.seats());
        if !self.from_initial {
            // The record starts where the game did: replays read the position first.
            record = record.with_start(self.start.position());
        }
        record.steps = self.steps.clone();
        record.end = self.game.end_reason();
        mesopotamia::table::write_record(&record).map_err(|e| e.to_string())
    }

    fn steps(&self) -> Value {
        self.steps
            .iter()
            .map(|step| match step {
                Step::Action(seat, action) => {
                    json!({ "seat": seat.index(), "step": action.to_string() })
                }
                Step::Chance(outcome) => json!({ "seat": null, "step": outcome.to_string() }),
            })
            .collect()
    }

    fn undo(&mut self) -> Result<(), String> {
        if self.steps.is_empty() {
            return Err("nothing to undo: no step has been played".into());
        }
        let keep = self.steps.len() - 1;
        let game = self.replayed(keep).map_err(|e| format!("undo: {e}"))?;
        self.game = game;
        self.steps.truncate(keep);
        // The generator goes back to before the step, so that the same draw comes again.
        if let Some(Some(at)) = self.draws.get(keep) {
            self.rng.set_word_pos(*at);
        }
        self.draws.truncate(keep);
        Ok(())
    }

    fn at_step(&self, n: f64) -> Result<Box<dyn Table>, String> {
        let played = self.steps.len();
        let n = Some(n)
            .filter(|n| n.fract() == 0.0 && (0.0..=played as f64).contains(n))
            .map(|n| n as usize)
            .ok_or_else(|| format!("step {n}: the game has steps 0 to {played}"))?;
        let mut session = self.clone();
        session.game = self.replayed(n)?;
        session.steps.truncate(n);
        if let Some(Some(at)) = self.draws.get(n) {
            session.rng.set_word_pos(*at);
        }
        session.draws.truncate(n);
        Ok(Box::new(session))
    }

    fn seats(&self) -> Vec<String> {
        self.seats.iter().map(ToString::to_string).collect()
    }

    fn set_seats(&mut self, specs: &[String]) -> Result<(), String> {
        self.seats = seat_specs(specs, self.game.seat_count())?;
        Ok(())
    }

    fn svg(&self) -> String {
        core_svg::position(&self.game, &SvgOptions::default())
    }

    fn view_svg(&self, seat: f64) -> Result<String, String> {
        let seat = self.seat(seat)?;
        Ok(crate::pictures::view_svg(&self.game, seat))
    }

    fn standings(&self) -> Value {
        match self.game.standings() {
            None => Value::Null,
            Some(standings) => Seat::all(self.game.seat_count())
                .map(|seat| {
                    json!({
                        "seat": seat.index(),
                        "rank": standings.rank(seat),
                        "score": self.game.score(seat),
                    })
                })
                .collect(),
        }
    }

    fn end_reason(&self) -> Value {
        self.game
            .end_reason()
            .map_or(Value::Null, |reason| json!(reason))
    }

    fn bot(&mut self, spec: &str) -> Result<Value, String> {
        let spec: BotSpec = spec
            .parse()
            .map_err(|e: mesopotamia::table::BotSpecError| e.to_string())?;
        let (seat, legal) = self.seat_to_move()?;
        let (action, analysis) = match spec.search_bot::<G>() {
            Some(bot) => {
                let analysis = bot
                    .analyse(&self.game, seat, &legal, &mut self.rng)
                    .ok_or("no legal action")?;
                let total: u32 = analysis.actions.iter().map(|a| a.1).sum();
                let rows: Vec<Value> = analysis
                    .actions
                    .iter()
                    .map(|(a, visits, value)| {
                        json!({
                            "action": a.to_string(),
                            "visits": visits,
                            "share": if total == 0 { 0.0 } else { f64::from(*visits) / f64::from(total) },
                            "value": value,
                        })
                    })
                    .collect();
                (
                    analysis.choice,
                    Some((Value::Array(rows), analysis.iterations)),
                )
            }
            None => {
                let mut bot = spec.bot::<G>().ok_or_else(|| {
                    "`person` is not a bot: a person chooses that seat's actions".to_owned()
                })?;
                (bot.choose(&self.game, seat, &legal, &mut self.rng), None)
            }
        };
        if !legal.contains(&action) {
            return Err(format!("the bot chose `{action}`, which is not legal"));
        }
        let (analysis, iterations) = analysis.unzip();
        Ok(json!({ "action": action.to_string(), "analysis": analysis, "iterations": iterations }))
    }

    fn clone_table(&self) -> Box<dyn Table> {
        Box::new(self.clone())
    }
}
