//! `mesopotamia.Session`: a game in progress with its seats (people and bots) and its seeded
//! generator, the facade's session: the same seed and seats give the same game as the
//! command line's `mesopotamia play` and the web page.

use mesopotamia::session::{AnySession, Told, session_from_config_json, session_from_record};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::game::PyGame;
use crate::state::PyState;
use crate::{player_id, refused, seat_of};

/// A step played and what it caused: its notation and each event's text.
type Step = (String, Vec<String>);

fn step(told: Told) -> Step {
    (
        told.step,
        told.events.iter().map(|e| e.text().to_owned()).collect(),
    )
}

/// One spec per seat from Python: a list of specs, or a text of specs separated by commas
/// (one for every seat, or one per seat), as the command line's `--bots` takes them.
fn seat_specs(seats: &Bound<'_, PyAny>, players: usize) -> PyResult<Vec<String>> {
    if seats.is_instance_of::<PyString>() {
        let text: String = seats.extract()?;
        let specs: Vec<String> = text.split(',').map(|s| s.trim().to_owned()).collect();
        return Ok(match specs.as_slice() {
            [one] => vec![one.clone(); players],
            _ => specs,
        });
    }
    seats.extract::<Vec<String>>().map_err(|_| {
        PyTypeError::new_err(
            "seats: a list of specs, one per seat, or a text of specs separated by commas",
        )
    })
}

/// A game in progress with its seats and its seeded generator: `Session(game,
/// players=None, *, seed=0, seats=None, **options)`, `game` a name (with the players and
/// options `Game` takes) or a `Game`, `seats` one spec per seat (`person`, `random`,
/// `greedy`, `mcts:500`, `level3`, ...; a text separated by commas, or one spec for every
/// seat, also does). Chance and bots play with the session's generator, seeded with `seed`:
/// the same seed and seats give the same game as `mesopotamia play GAME --seed SEED --bots
/// ...` and the web page. Actions are in the game's notation.
#[pyclass(module = "mesopotamia", name = "Session")]
#[derive(Clone)]
pub(crate) struct PySession {
    session: Box<dyn AnySession>,
}

#[pymethods]
impl PySession {
    #[new]
    #[pyo3(signature = (game, players=None, *, seed=0, seats=None, **options))]
    fn new(
        game: &Bound<'_, PyAny>,
        players: Option<i64>,
        seed: u64,
        seats: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PySession> {
        let mut session = if let Ok(game) = game.cast::<PyGame>() {
            if players.is_some() || options.is_some_and(|o| !o.is_empty()) {
                return Err(refused(
                    "give the players and options with a game's name, not with a Game",
                ));
            }
            let start = game.get().start();
            let config = start.config_json().map_err(refused)?;
            session_from_config_json(start.description().name, &config, seed).map_err(refused)?
        } else {
            let name: String = game
                .extract()
                .map_err(|_| PyTypeError::new_err("game: a game's name or a Game"))?;
            PyGame::from_keywords(&name, players, options, seed)?
        };
        if let Some(seats) = seats {
            let specs = seat_specs(seats, session.players())?;
            session.set_seats(&specs).map_err(refused)?;
        }
        Ok(PySession { session })
    }

    /// A game rebuilt from its record (JSON, or the game text, of any game): replayed step
    /// by step, its seats and its generator where the record says, so that it goes on as
    /// the game that wrote the record would have.
    #[staticmethod]
    fn from_record(text: &str) -> PyResult<PySession> {
        Ok(PySession {
            session: session_from_record(None, text).map_err(refused)?,
        })
    }

    /// The game's short name.
    #[getter]
    fn name(&self) -> &'static str {
        self.session.description().name
    }

    /// The number of seats.
    #[getter]
    fn players(&self) -> usize {
        self.session.players()
    }

    /// The seat to move, -1 (chance) or -4 (the game is over), as `State.current_player()`.
    #[getter]
    fn to_move(&self) -> i64 {
        player_id(self.session.to_move())
    }

    /// Who plays each seat (empty when never said).
    #[getter]
    fn seats(&self) -> Vec<String> {
        self.session.seats()
    }

    /// Says who plays each seat: one spec per seat (or a text, as the constructor takes).
    fn set_seats(&mut self, seats: &Bound<'_, PyAny>) -> PyResult<()> {
        let specs = seat_specs(seats, self.session.players())?;
        self.session.set_seats(&specs).map_err(refused)
    }

    /// Why the game ended, once it has: `rules` or `turn-limit`.
    #[getter]
    fn end_reason(&self) -> Option<&'static str> {
        self.session.end_reason()
    }

    /// The legal actions of the seat to move, in notation (empty at chance and at the end).
    fn legal(&self) -> Vec<String> {
        self.session.legal()
    }

    /// Plays an action of the seat to move, in notation: the action as the game writes it,
    /// and what it caused.
    fn play(&mut self, notation: &str) -> PyResult<Step> {
        self.session.play(notation).map(step).map_err(refused)
    }

    /// Resolves chance, each outcome drawn with the session's generator, until a seat is to
    /// move or the game is over: each outcome and what it caused.
    fn advance(&mut self) -> PyResult<Vec<Step>> {
        self.session
            .advance()
            .map(|steps| steps.into_iter().map(step).collect())
            .map_err(refused)
    }

    /// The bot of the seat to move plays: its action and what it caused.
    fn bot_turn(&mut self) -> PyResult<Step> {
        self.session.bot_turn().map(step).map_err(refused)
    }

    /// Chance and bots play until a person is to move or the game is over: the steps
    /// played, each as `steps()` gives it.
    fn play_bots(&mut self) -> PyResult<Vec<(Option<usize>, String)>> {
        let before = self.session.steps().len();
        let played = self.session.play_bots();
        let steps = self.session.steps().split_off(before);
        played.map_err(refused)?;
        Ok(steps)
    }

    /// What a bot would play now (nothing moves): a dict of `action`, and for a search bot
    /// `analysis` (each root action's visits and mean payoff, most visited first) and
    /// `iterations` (`None` for other bots).
    fn suggest<'py>(&self, py: Python<'py>, spec: &str) -> PyResult<Bound<'py, PyDict>> {
        let spec = spec.parse().map_err(refused)?;
        let suggestion = self.session.suggest(spec).map_err(refused)?;
        let dict = PyDict::new(py);
        dict.set_item("action", suggestion.action)?;
        dict.set_item("analysis", suggestion.analysis)?;
        dict.set_item("iterations", suggestion.iterations)?;
        Ok(dict)
    }

    /// A hint for the seat to move (the search among the actions the greedy evaluation
    /// rates best; nothing moves): a dict of `action`, `shares` (each candidate searched
    /// and its share of the visits, most visited first), `legal` (the legal actions
    /// ranked) and `iterations`.
    fn hint<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let hint = self.session.hint().map_err(refused)?;
        let dict = PyDict::new(py);
        dict.set_item("action", hint.action)?;
        dict.set_item("shares", hint.shares)?;
        dict.set_item("legal", hint.legal)?;
        dict.set_item("iterations", hint.iterations)?;
        Ok(dict)
    }

    /// Takes back `seat`'s last decision and everything after it (the generator goes back
    /// too: the same draws come again): the number of steps taken back.
    fn undo(&mut self, seat: i64) -> PyResult<usize> {
        let seat = seat_of(&*self.session, seat)?;
        self.session.undo(seat).map_err(refused)
    }

    /// Takes back the last step.
    fn undo_step(&mut self) -> PyResult<()> {
        self.session.undo_step().map_err(refused)
    }

    /// Every step so far: `(seat, notation)`, `seat` `None` for chance.
    fn steps(&self) -> Vec<(Option<usize>, String)> {
        self.session.steps()
    }

    /// The game record as JSON (what `mesopotamia play --record` writes): configuration,
    /// seed, seats, steps, end, and where the generator stands.
    fn record(&self) -> PyResult<String> {
        self.session.record_json().map_err(refused)
    }

    /// The game record as the game text (`docs/formats.md`).
    fn record_text(&self) -> PyResult<String> {
        self.session.record_text().map_err(refused)
    }

    /// What the seat may know, as text.
    fn view_text(&self, seat: i64) -> PyResult<String> {
        let seat = seat_of(&*self.session, seat)?;
        Ok(self.session.view_text(seat).text().to_owned())
    }

    /// What the seat may know, as JSON.
    fn view_json(&self, seat: i64) -> PyResult<String> {
        let seat = seat_of(&*self.session, seat)?;
        self.session.view_json(seat).map_err(refused)
    }

    /// The position text, hidden information included.
    fn position(&self) -> String {
        self.session.position()
    }

    /// Each seat's score now (what `mesopotamia.games()` says as `score`).
    fn scores(&self) -> Vec<u32> {
        self.session.scores()
    }

    /// Ranks by seat once the game is over (1 is first; ties share).
    fn ranks(&self) -> Option<Vec<u32>> {
        self.session
            .ranks()
            .map(|ranks| ranks.into_iter().map(u32::from).collect())
    }

    /// The game now as a `State` (dense indices, tensors, information states), its history
    /// the session's steps.
    fn state(&self) -> PyState {
        PyState::new(self.session.clone())
    }

    /// The board as an SVG picture (what every seat sees).
    fn svg(&self) -> String {
        self.session.svg()
    }

    /// The picture a notebook shows for the session.
    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    /// Pickling: the record, which rebuilds the session where it stands.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let restore = py.get_type::<PySession>().getattr("from_record")?;
        (restore, (self.record()?,))
            .into_pyobject(py)
            .map(|t| t.into_any())
    }

    fn __copy__(&self) -> PySession {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PySession {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "<mesopotamia.Session {} after {} steps, player {}>",
            self.name(),
            self.session.steps().len(),
            self.to_move()
        )
    }
}
