//! `mesopotamia.State`: a game in progress as OpenSpiel sees it (dense action indices,
//! chance codes, returns, observations, information-state strings), held as the facade's
//! session of the game.

use std::sync::Arc;

use mesopotamia::core::ToMove;
use mesopotamia::session::{AnySession, session_from_record, session_from_state_json};
use pyo3::prelude::*;
use serde::{Deserialize, Serialize};

use crate::{CHANCE, numpy_array, player_id, refused, returns, seat_of};

/// A step before the session's start, as each seat saw it: what a state whose hidden
/// information was redrawn keeps of the game that led to it (its session starts at the
/// redrawn state).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Past {
    /// The step's dense code: an action index or a chance code.
    code: usize,
    /// The seat that acted, or `None` for chance.
    actor: Option<usize>,
    /// What each seat saw of it (`None`: nothing at all).
    seen: Vec<Option<String>>,
}

/// A state as pickled: the session's record (with its start position), the codes of
/// every step (checked against the record when read back) and the steps before the
/// session's start.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved {
    record: serde_json::Value,
    history: Vec<usize>,
    before: Vec<Past>,
}

/// A state as version 0.1 pickled it: the game's JSON, the codes of its steps and what
/// each seat saw of them (read back as steps before a session that starts at the state).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Earlier {
    game: serde_json::Value,
    history: Vec<usize>,
    log: Vec<Logged>,
}

/// One step of [`Earlier`]'s log.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Logged {
    /// The seat that acted, or -1 for chance.
    actor: i64,
    /// The step in the game's notation.
    text: String,
    /// What the seats outside `seen_by` saw instead.
    masked: Option<String>,
    /// The seats that saw `text`, bit `i` for seat `i`.
    seen_by: u8,
}

/// A game in progress. Players are numbered from 0; `current_player()` is -1 at a chance
/// node and -4 once the game is over (OpenSpiel's numbers). Actions are dense indices;
/// at a chance node `apply_action` takes a chance code from `chance_outcomes()`.
#[pyclass(module = "mesopotamia", name = "State")]
#[derive(Clone)]
pub(crate) struct PyState {
    session: Box<dyn AnySession>,
    /// The steps before the session's start (none unless hidden information was redrawn).
    before: Arc<Vec<Past>>,
}

impl PyState {
    /// A state holding `session`, nothing before its start.
    pub(crate) fn new(session: Box<dyn AnySession>) -> PyState {
        PyState {
            session,
            before: Arc::new(Vec::new()),
        }
    }

    /// Everything the state holds, as JSON (for pickling).
    fn save(&self) -> PyResult<String> {
        let session = &*self.session;
        let mut record: serde_json::Value =
            serde_json::from_str(&session.record_json().map_err(refused)?).map_err(refused)?;
        // The start's position always: a record read back replays from it.
        if let serde_json::Value::Object(fields) = &mut record
            && !fields.contains_key("start")
        {
            let start = session.at_step(0).map_err(refused)?.position();
            fields.insert("start".to_owned(), serde_json::Value::String(start));
        }
        serde_json::to_string(&Saved {
            record,
            history: self.history(),
            before: self.before.to_vec(),
        })
        .map_err(refused)
    }

    /// A state from what [`PyState::save`] wrote: the record replayed (every step
    /// checked), the codes of its steps compared, the steps before its start checked.
    fn restore(name: &str, text: &str) -> Result<PyState, String> {
        mesopotamia::games::find(name).map_err(|e| e.to_string())?;
        if let Ok(earlier) = serde_json::from_str::<Earlier>(text) {
            return PyState::restore_earlier(name, earlier);
        }
        let saved: Saved =
            serde_json::from_str(text).map_err(|e| format!("not a saved {name} state: {e}"))?;
        let record = serde_json::to_string(&saved.record).map_err(|e| e.to_string())?;
        let session = session_from_record(Some(name), &record)
            .map_err(|e| format!("not a saved {name} state: {e}"))?;
        let state = PyState {
            session,
            before: Arc::new(saved.before),
        };
        state.check_before(name)?;
        let history = state.history();
        if history != saved.history {
            return Err(format!(
                "not a saved {name} state: {} step codes for {} steps, or codes that are not theirs",
                saved.history.len(),
                history.len()
            ));
        }
        Ok(state)
    }

    /// A state as version 0.1 pickled it: the state, then every step before it.
    fn restore_earlier(name: &str, earlier: Earlier) -> Result<PyState, String> {
        let game = serde_json::to_string(&earlier.game).map_err(|e| e.to_string())?;
        let session = session_from_state_json(name, &game, 0)
            .map_err(|e| format!("not a saved {name} state: {e}"))?;
        let players = session.players();
        if earlier.history.len() != earlier.log.len() {
            return Err(format!(
                "not a saved {name} state: {} step codes for {} logged steps",
                earlier.history.len(),
                earlier.log.len()
            ));
        }
        let before = earlier
            .history
            .iter()
            .zip(earlier.log)
            .map(|(&code, step)| Past {
                code,
                // -1 is chance; any other number not a seat is refused below.
                actor: (step.actor != -1)
                    .then(|| usize::try_from(step.actor).unwrap_or(usize::MAX)),
                seen: (0..players)
                    .map(|seat| {
                        if step.seen_by & (1 << seat) != 0 {
                            Some(step.text.clone())
                        } else {
                            step.masked.clone()
                        }
                    })
                    .collect(),
            })
            .collect();
        let state = PyState {
            session,
            before: Arc::new(before),
        };
        state.check_before(name)?;
        Ok(state)
    }

    /// Checks the steps before the session's start: by chance or a seat at the table, seen
    /// by every seat or not, with codes in the game's spaces.
    fn check_before(&self, name: &str) -> Result<(), String> {
        let players = self.session.players();
        let space = self
            .session
            .action_space_size()
            .max(self.session.chance_space());
        for (i, past) in self.before.iter().enumerate() {
            if past.actor.is_some_and(|seat| seat >= players)
                || past.seen.len() != players
                || past.code >= space
            {
                return Err(format!(
                    "not a saved {name} state: step {i} (code {}, by {}) is not a step of this game",
                    past.code,
                    past.actor
                        .map_or("chance".to_owned(), |s| format!("seat {s}"))
                ));
            }
        }
        Ok(())
    }

    /// Who acted in each step from the game's first (`None` for chance), what each seat
    /// saw of it, the steps before the session's start first.
    fn steps_seen(&self, seat: usize) -> Vec<(Option<usize>, Option<String>)> {
        let session = &*self.session;
        let mut out: Vec<(Option<usize>, Option<String>)> = self
            .before
            .iter()
            .map(|past| (past.actor, past.seen.get(seat).cloned().flatten()))
            .collect();
        if let Ok(seat) = session.seat(seat) {
            for (index, (actor, _)) in session.steps().into_iter().enumerate() {
                out.push((actor, session.seen(seat, index)));
            }
        }
        out
    }
}

#[pymethods]
impl PyState {
    /// The game's short name.
    #[getter]
    fn game_name(&self) -> &'static str {
        self.session.description().name
    }

    /// The number of seats.
    fn num_players(&self) -> usize {
        self.session.players()
    }

    /// The seat to move, -1 (chance) or -4 (the game is over).
    fn current_player(&self) -> i64 {
        player_id(self.session.to_move())
    }

    /// Whether a chance event is pending.
    fn is_chance_node(&self) -> bool {
        self.session.to_move() == ToMove::Chance
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.session.to_move() == ToMove::Terminal
    }

    /// The legal actions of the seat to move, as ascending dense indices.
    fn legal_actions(&self) -> Vec<usize> {
        self.session.legal_indices()
    }

    /// The legal actions as a numpy `int8` mask over the whole action space.
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut mask = vec![0u8; self.session.action_space_size()];
        for index in self.session.legal_indices() {
            if let Some(slot) = mask.get_mut(index) {
                *slot = 1;
            }
        }
        numpy_array(py, &mask, "int8")
    }

    /// The pending chance event's outcomes: `[(code, probability), ...]` by code.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        let outcomes = self.session.chance_indices();
        let total: f64 = outcomes.iter().map(|&(_, w)| f64::from(w)).sum();
        outcomes
            .into_iter()
            .map(|(code, w)| (code, f64::from(w) / total))
            .collect()
    }

    /// Plays an action index (or resolves a chance code at a chance node).
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let index = usize::try_from(action).map_err(|_| refused(format!("no action {action}")))?;
        match self.session.to_move() {
            ToMove::Terminal => Err(refused(format!("no action {action}: the game is over"))),
            _ => self.session.play_code(index).map_err(refused),
        }
    }

    /// Plays an action given in the game's notation; returns its index.
    fn apply_notation(&mut self, notation: &str) -> PyResult<usize> {
        let index = self
            .session
            .action_index(notation)
            .map_err(|e| refused(format!("not an action: {e}")))?;
        if self.session.to_move() == ToMove::Chance {
            return Err(refused(format!(
                "`{}`: a chance event is pending",
                notation.trim()
            )));
        }
        self.apply_action(index as i64)?;
        Ok(index)
    }

    /// The notation of an action index, or of a chance code (`player=-1`); `player`
    /// defaults to the player to move.
    #[pyo3(signature = (action, player=None))]
    fn action_to_string(&self, action: i64, player: Option<i64>) -> PyResult<String> {
        let player = player.unwrap_or_else(|| self.current_player());
        let index = usize::try_from(action).map_err(|_| refused(format!("no action {action}")))?;
        if player == CHANCE {
            return Ok(self
                .session
                .chance_text(index)
                .unwrap_or_else(|_| format!("chance outcome {index}")));
        }
        self.session.action_text(index).map_err(refused)
    }

    /// Payoffs in [-1, 1] summing to 0 once the game is over (zeros before).
    fn returns(&self) -> Vec<f64> {
        returns(&*self.session)
    }

    /// Ranks by seat once the game is over, as people count them (1 is first; tied seats
    /// share a rank and the next rank skips: 1, 1, 3).
    // Wider than the engine's u8: a Vec<u8> would reach Python as bytes, not a list.
    fn ranks(&self) -> Option<Vec<u32>> {
        self.session
            .ranks()
            .map(|ranks| ranks.into_iter().map(u32::from).collect())
    }

    /// The dense codes of every step so far (actions and chance outcomes).
    fn history(&self) -> Vec<usize> {
        let mut codes: Vec<usize> = self.before.iter().map(|p| p.code).collect();
        codes.extend(self.session.step_indices());
        codes
    }

    /// What a seat may know, as JSON.
    fn view_json(&self, seat: i64) -> PyResult<String> {
        let seat = seat_of(&*self.session, seat)?;
        self.session.view_json(seat).map_err(refused)
    }

    /// What a seat may know, as a dict: a `mesopotamia.View`, which a notebook shows as the
    /// board's picture.
    fn view<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyAny>> {
        let json = self.view_json(seat)?;
        let data = py.import("json")?.call_method1("loads", (json,))?;
        // The picture draws only what every seat sees, so the view's is the state's: the
        // view keeps a copy of the state to draw it when asked.
        py.import("mesopotamia")?
            .getattr("View")?
            .call1((data, self.clone()))
    }

    /// The board as an SVG picture. It draws only what every seat sees (the board, hand
    /// sizes, what the views show of each seat), so it is also each view's picture.
    fn svg(&self) -> String {
        self.session.svg()
    }

    /// The picture a notebook (Jupyter, IPython) shows for the state: `svg()`.
    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    /// Each seat's score now, in seat order: the figure its rank is decided by first (what
    /// `mesopotamia.games()` says as `score`), what a front end shows as the score.
    fn scores(&self) -> Vec<u32> {
        self.session.scores()
    }

    /// The seat's observation tensor, a flat numpy `float32` array (see
    /// `Game.observation_layout`).
    fn observation_tensor<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyAny>> {
        let seat = seat_of(&*self.session, seat)?;
        let tensor = self.session.observation(seat);
        let bytes: Vec<u8> = tensor.iter().flat_map(|v| v.to_ne_bytes()).collect();
        numpy_array(py, &bytes, "float32")
    }

    /// The seat's observation as text: its view as JSON.
    fn observation_string(&self, seat: i64) -> PyResult<String> {
        self.view_json(seat)
    }

    /// Everything the seat has seen, in order (each step as it saw it, hidden draws as
    /// `?`), then its view: a perfect-recall information state.
    fn information_state_string(&self, seat: i64) -> PyResult<String> {
        let view = self.view_json(seat)?;
        let mut out = format!("seat {seat}\n");
        for (actor, seen) in self.steps_seen(seat as usize) {
            match actor {
                Some(actor) => out.push_str(&format!("seat {actor}: ")),
                None => out.push_str("chance: "),
            }
            out.push_str(seen.as_deref().unwrap_or("?"));
            out.push('\n');
        }
        out.push_str(&view);
        Ok(out)
    }

    /// The position text (everything, hidden information included); with `compact`, its
    /// one-line form (parts joined by ` | `, as FEN is for chess). `Game.state_from_position`
    /// reads either back.
    #[pyo3(signature = (compact=false))]
    fn position(&self, compact: bool) -> String {
        if compact {
            self.session.position_compact()
        } else {
            self.session.position()
        }
    }

    /// The state as the engine's JSON (read back by `Game.deserialize_state`).
    fn serialize(&self) -> PyResult<String> {
        self.session.state_json().map_err(refused)
    }

    /// A state `seat` cannot tell from this one, with what it cannot see redrawn from `seed`.
    /// Its history and information states are this state's.
    #[pyo3(signature = (seat, seed=0))]
    fn resample_hidden(&self, seat: i64, seed: u64) -> PyResult<PyState> {
        let at = seat_of(&*self.session, seat)?;
        let session = &*self.session;
        let mut before = self.before.to_vec();
        let codes = session.step_indices();
        for (index, ((actor, _), code)) in session.steps().into_iter().zip(codes).enumerate() {
            let seen = (0..session.players())
                .map(|s| session.seat(s).ok().and_then(|s| session.seen(s, index)))
                .collect();
            before.push(Past { code, actor, seen });
        }
        Ok(PyState {
            session: session.resample_hidden(at, seed),
            before: Arc::new(before),
        })
    }

    /// The returns (as `returns()` gives them) at the end of a uniform random playout from
    /// here, chance drawn by its odds, played inside Rust from `seed`: a fast rollout for
    /// searches written in Python. The state itself is unchanged.
    #[pyo3(signature = (seed=0))]
    fn rollout(&self, py: Python<'_>, seed: u64) -> PyResult<Vec<f64>> {
        let session = &*self.session;
        let payoffs = py
            .detach(|| session.random_payoffs(seed))
            .map_err(refused)?;
        Ok(payoffs.into_iter().map(|p| 2.0 * p - 1.0).collect())
    }

    /// The action (a dense index, as `legal_actions()` lists them) that the bot `spec`
    /// (`random`, `greedy`, `level1` to `level5`, `mcts`, `mcts:2000`, `mcts:500ms`,
    /// `mcts:50ms-cpu`, `mcts-v1`...) chooses for the seat to move, its draws seeded by
    /// `seed`; the state is unchanged. The bot sees only what that seat sees (what it
    /// cannot is redrawn from its view), so it may be asked in the true state of a game
    /// against an agent of one's own. The same state, spec and seed give the same action,
    /// unless the spec is a time budget. Runs without the GIL. A chance node, the end of the
    /// game, `person` or a bad spec raise `EngineError`.
    #[pyo3(signature = (spec, seed=0))]
    fn bot_action(&self, py: Python<'_>, spec: &str, seed: u64) -> PyResult<usize> {
        let spec = crate::bot_spec(spec)?
            .parse::<mesopotamia::table::BotSpec>()
            .map_err(refused)?;
        let session = &*self.session;
        let suggestion = py
            .detach(|| session.suggest_seeded(spec, seed))
            .map_err(refused)?;
        session.action_index(&suggestion.action).map_err(refused)
    }

    /// An independent copy.
    fn clone(&self) -> PyState {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyState {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        Clone::clone(self)
    }

    /// Pickling: the game's name and the session's record (from its start position), the
    /// codes of its steps, and the steps before its start if any; checked again when
    /// unpickled (the record replays step by step).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let saved = self.save()?;
        let restore = py.get_type::<PyState>().getattr("_restore")?;
        (restore, (self.game_name(), saved))
            .into_pyobject(py)
            .map(|t| t.into_any())
    }

    /// The state of a game name and what pickling saved of it.
    #[staticmethod]
    fn _restore(name: &str, saved: &str) -> PyResult<PyState> {
        PyState::restore(name, saved).map_err(refused)
    }

    fn __eq__(&self, other: &PyState) -> bool {
        self.session.same_state(&*other.session)
    }

    fn __str__(&self) -> String {
        self.position(false)
    }

    fn __repr__(&self) -> String {
        format!(
            "<mesopotamia.State {} after {} steps, player {}>",
            self.game_name(),
            self.before.len() + self.session.steps().len(),
            self.current_player()
        )
    }
}
