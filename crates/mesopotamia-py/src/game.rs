//! `mesopotamia.Game`: a game and its options, made from the game's description.

use mesopotamia::session::{
    AnySession, new_session, session_from_config_json, session_from_position,
    session_from_state_json,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::selfplay::{self, Batch, Rows, Summary};
use crate::state::PyState;
use crate::{numpy_array, options, refused};

/// A game and its options: `Game(name, players=None, **options)`, the options being the
/// game's (see `mesopotamia.games()`): `Game("tigris", 4, board="alternative",
/// buildings=True)`, `Game("cards", 3, open_piles=True)`, `Game("sumeria", 3,
/// board_file="my-board.txt")`.
#[pyclass(module = "mesopotamia", name = "Game", frozen)]
#[derive(Clone)]
pub(crate) struct PyGame {
    /// A session at the game's start: what every new state copies.
    start: Box<dyn AnySession>,
}

impl PyGame {
    /// The game of `name` with these options, or the refusal in Python's words.
    pub(crate) fn from_keywords(
        name: &str,
        players: Option<i64>,
        keywords: Option<&Bound<'_, PyDict>>,
        seed: u64,
    ) -> PyResult<Box<dyn AnySession>> {
        let game = mesopotamia::games::find(name).map_err(refused)?;
        let (options, files) = options::from_keywords(game, players, keywords).map_err(refused)?;
        // Checked against the description, then by the game, refused in Python's words.
        struct Configure<'a>(&'a mesopotamia::core::GameOptions, &'a options::Files);
        impl mesopotamia::games::GameVisitor for Configure<'_> {
            type Out = Result<(), String>;
            fn visit<G: mesopotamia::table::NamedGame>(self) -> Self::Out {
                G::configure(self.0)
                    .map(|_| ())
                    .map_err(|e| options::message(&e, self.1))
            }
        }
        mesopotamia::games::visit(name, Configure(&options, &files))
            .map_err(refused)?
            .map_err(refused)?;
        new_session(name, &options, seed).map_err(refused)
    }

    /// A session at the game's start.
    pub(crate) fn start(&self) -> &dyn AnySession {
        &*self.start
    }

    fn config_text(&self) -> PyResult<String> {
        self.start.config_json().map_err(refused)
    }
}

/// A game summary as a Python dict.
fn summary_dict<'py>(py: Python<'py>, summary: &Summary) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("returns", &summary.returns)?;
    dict.set_item("ranks", &summary.ranks)?;
    dict.set_item("scores", &summary.scores)?;
    dict.set_item("steps", summary.steps)?;
    dict.set_item("end", summary.end)?;
    Ok(dict)
}

/// Self-play rows as a dict of numpy arrays (see `Game.selfplay`).
fn rows_dict<'py>(py: Python<'py>, rows: &Rows) -> PyResult<Bound<'py, PyDict>> {
    let numpy = py.import("numpy")?;
    let ints = |values: &[i64]| -> PyResult<Bound<'py, PyAny>> {
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        numpy_array(py, &bytes, "<i8")
    };
    let matrix = |array: Bound<'py, PyAny>, width: usize| {
        array.call_method1("reshape", ((rows.step.len(), width),))
    };
    let dict = PyDict::new(py);
    dict.set_item("game", ints(&rows.game)?)?;
    dict.set_item("step", ints(&rows.step)?)?;
    dict.set_item("seat", ints(&rows.seat)?)?;
    let observation: Vec<u8> = rows
        .observation
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    dict.set_item(
        "observation",
        matrix(numpy_array(py, &observation, "<f4")?, rows.observation_size)?,
    )?;
    dict.set_item(
        "legal_mask",
        matrix(numpy_array(py, &rows.legal_mask, "i1")?, rows.actions)?,
    )?;
    dict.set_item("action", ints(&rows.action)?)?;
    let policy: Vec<u8> = rows.policy.iter().flat_map(|v| v.to_le_bytes()).collect();
    dict.set_item(
        "policy",
        matrix(numpy_array(py, &policy, "<f4")?, rows.actions)?,
    )?;
    let has_policy: Vec<u8> = rows.has_policy.iter().map(|&b| u8::from(b)).collect();
    dict.set_item(
        "has_policy",
        numpy_array(py, &has_policy, "i1")?.call_method1("astype", (numpy.getattr("bool_")?,))?,
    )?;
    dict.set_item("chance", ints(&rows.chance)?)?;
    dict.set_item("chance_offsets", ints(&rows.chance_offsets)?)?;
    dict.set_item("final_chance", ints(&rows.final_chance)?)?;
    dict.set_item("final_offsets", ints(&rows.final_offsets)?)?;
    let games = rows
        .summaries
        .iter()
        .map(|s| summary_dict(py, s))
        .collect::<PyResult<Vec<_>>>()?;
    dict.set_item("games", games)?;
    Ok(dict)
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (name, players=None, **options))]
    fn new(
        name: &str,
        players: Option<i64>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyGame> {
        Ok(PyGame {
            start: PyGame::from_keywords(name, players, options, 0)?,
        })
    }

    /// The game's short name (`mesopotamia.games()` lists them).
    #[getter]
    fn name(&self) -> &'static str {
        self.start.description().name
    }

    /// The game's title, as people read it.
    #[getter]
    fn title(&self) -> &'static str {
        self.start.description().title
    }

    /// The configuration as JSON (the engine's own format).
    fn config_json(&self) -> PyResult<String> {
        self.config_text()
    }

    /// The number of seats.
    fn num_players(&self) -> usize {
        self.start.players()
    }

    /// The size of the dense action space.
    fn num_distinct_actions(&self) -> usize {
        self.start.action_space_size()
    }

    /// Chance codes are below this.
    fn max_chance_outcomes(&self) -> usize {
        self.start.chance_space()
    }

    /// An upper bound on the steps (decisions and chance events) of one game.
    fn max_game_length(&self) -> usize {
        self.start.max_steps()
    }

    /// The pieces of the observation tensor: `[(name, shape), ...]`, in order.
    fn observation_layout(&self) -> Vec<(String, Vec<usize>)> {
        self.start
            .observation_layout()
            .pieces
            .into_iter()
            .map(|p| (p.name.to_owned(), p.shape))
            .collect()
    }

    /// The length of the flat observation tensor.
    fn observation_size(&self) -> usize {
        self.start.observation_layout().size()
    }

    /// A new game at its start (a chance node: the first draws are pending).
    fn new_initial_state(&self) -> PyState {
        PyState::new(self.start.clone())
    }

    /// A state from the text `State.serialize` wrote (the engine's JSON; the game's
    /// position checks apply). The configuration is the one in the text.
    fn deserialize_state(&self, text: &str) -> PyResult<PyState> {
        session_from_state_json(self.name(), text, 0)
            .map(PyState::new)
            .map_err(refused)
    }

    /// A state from a position text: the game's position format, in full or on one line
    /// (`State.position(compact=True)` writes it), read through the game's position checks,
    /// which report every violation. The configuration is the one in the text; it must be a
    /// position of this game.
    fn state_from_position(&self, text: &str) -> PyResult<PyState> {
        session_from_position(self.name(), text, 0)
            .map(PyState::new)
            .map_err(refused)
    }

    /// Plays `count` whole games inside Rust, without the GIL, and returns one dict per game:
    /// `returns`, `ranks`, `scores` (each seat's score: the figure its rank is decided by
    /// first), `steps` and `end` (`rules` or `turn-limit`). `bots` is `random`, `greedy`,
    /// `mcts` (the game's default budget, or `iterations` per decision if given), `mcts:N`,
    /// `mcts:Nms` or `mcts:Ns`, or one spec per seat separated by commas. Game `i` is
    /// seeded `seed + i`.
    #[pyo3(signature = (count, seed=0, bots="random", iterations=None))]
    fn play_games<'py>(
        &self,
        py: Python<'py>,
        count: usize,
        seed: u64,
        bots: &str,
        iterations: Option<u32>,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let batch = Batch {
            count,
            seed,
            bots,
            iterations,
        };
        let start = &*self.start;
        let outcomes = py
            .detach(|| selfplay::play_games_of(start, batch))
            .map_err(refused)?;
        outcomes.iter().map(|o| summary_dict(py, o)).collect()
    }

    /// Plays `count` games as `play_games` does (the same games for the same arguments),
    /// inside Rust without the GIL, and returns every decision, one row each, as numpy
    /// arrays in a dict: `game` (0 to `count - 1`), `step` (the decision's place among the
    /// game's steps, chance included), `seat`, `observation` (rows of the seat's tensor),
    /// `legal_mask`, `action`, `policy` (rows of the bot's weights over the action space: a
    /// search's visit shares; zeros where `has_policy` is false) and `has_policy`. The
    /// chance codes before row `r` are `chance[chance_offsets[r]:chance_offsets[r + 1]]`,
    /// those after game `g`'s last decision `final_chance[final_offsets[g]:final_offsets[g +
    /// 1]]`; `games` holds one summary per game, as `play_games` gives.
    #[pyo3(signature = (count, seed=0, bots="random", iterations=None))]
    fn selfplay<'py>(
        &self,
        py: Python<'py>,
        count: usize,
        seed: u64,
        bots: &str,
        iterations: Option<u32>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let batch = Batch {
            count,
            seed,
            bots,
            iterations,
        };
        let start = &*self.start;
        let rows = py
            .detach(|| selfplay::selfplay_of(start, batch))
            .map_err(refused)?;
        rows_dict(py, &rows)
    }

    /// Pickling: the game's name and configuration (checked again when unpickled).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let restore = py.get_type::<PyGame>().getattr("_restore")?;
        (restore, (self.name(), self.config_text()?))
            .into_pyobject(py)
            .map(|t| t.into_any())
    }

    /// The game of a name and a configuration as `config_json` writes it (pickling).
    #[staticmethod]
    fn _restore(name: &str, config_json: &str) -> PyResult<PyGame> {
        mesopotamia::games::find(name).map_err(refused)?;
        Ok(PyGame {
            start: session_from_config_json(name, config_json, 0).map_err(refused)?,
        })
    }

    fn __eq__(&self, other: &PyGame) -> bool {
        self.name() == other.name()
            && matches!((self.config_text(), other.config_text()), (Ok(a), Ok(b)) if a == b)
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!("Game({:?}, {})", self.name(), self.config_text()?))
    }
}
