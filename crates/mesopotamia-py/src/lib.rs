//! Python bindings of the mesopotamia rules engines: the extension module
//! `mesopotamia._engine` of the Python package `mesopotamia` (built by maturin, see
//! `pyproject.toml`). The OpenSpiel and PettingZoo adapters are Python, in `python/`.
//!
//! Errors reach Python as `mesopotamia.EngineError` (a `ValueError`) carrying the engine's
//! message; nothing here panics on bad input.

#![forbid(unsafe_code)]

mod engine;
mod selfplay;
mod session;

use mesopotamia_core::Game;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use sumeria::Sumeria;
use tigris_euphrates::Tigris;
use tigris_euphrates_cards::Cards;

use engine::{Engine, Options};
use selfplay::{Rows, Summary};
use session::Session;

create_exception!(
    mesopotamia,
    EngineError,
    PyValueError,
    "A game, action, seat or option the engine refused; the message is the engine's."
);

/// The engine's message as a Python exception.
fn refused(message: String) -> PyErr {
    EngineError::new_err(message)
}

/// A configuration of one of the three games.
#[derive(Clone, Debug)]
enum AnyConfig {
    Tigris(<Tigris as Game>::Config),
    Cards(<Cards as Game>::Config),
    Sumeria(<Sumeria as Game>::Config),
}

/// A game in progress of one of the three games.
// One per Python object, moved rarely: boxing the largest would only add an indirection.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum AnySession {
    Tigris(Session<Tigris>),
    Cards(Session<Cards>),
    Sumeria(Session<Sumeria>),
}

/// Runs `$body` with `$g` bound to the game-specific value inside `$value`, and `$G` to
/// its game type.
macro_rules! with_game {
    ($value:expr, $enum:ident, $g:ident, $G:ident => $body:expr) => {
        match $value {
            $enum::Tigris($g) => {
                #[allow(dead_code)]
                type $G = Tigris;
                $body
            }
            $enum::Cards($g) => {
                #[allow(dead_code)]
                type $G = Cards;
                $body
            }
            $enum::Sumeria($g) => {
                #[allow(dead_code)]
                type $G = Sumeria;
                $body
            }
        }
    };
}

/// Bytes as a new (writable) numpy array of `dtype`.
fn numpy_array<'py>(py: Python<'py>, bytes: &[u8], dtype: &str) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy")?;
    numpy
        .call_method1("frombuffer", (PyBytes::new(py, bytes), dtype))?
        .call_method0("copy")
}

/// A game and its options: `Game("tigris", players=4, board="classic", english_variant=False,
/// buildings=False, ziggurat=False, turn_limit=1000)`, `Game("cards", players=3,
/// open_piles=False)`, `Game("sumeria", players=4, board_file=None)`.
#[pyclass(module = "mesopotamia", name = "Game", frozen)]
#[derive(Clone, Debug)]
struct PyGame {
    config: AnyConfig,
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
    #[pyo3(signature = (name, players=None, *, board=None, english_variant=None, buildings=None,
        ziggurat=None, open_piles=None, board_file=None, turn_limit=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        name: &str,
        players: Option<i64>,
        board: Option<String>,
        english_variant: Option<bool>,
        buildings: Option<bool>,
        ziggurat: Option<bool>,
        open_piles: Option<bool>,
        board_file: Option<String>,
        turn_limit: Option<i64>,
    ) -> PyResult<PyGame> {
        let players = players
            .map(|p| u8::try_from(p).map_err(|_| refused(format!("{p} players"))))
            .transpose()?;
        let turn_limit = turn_limit
            .map(|t| u32::try_from(t).map_err(|_| refused(format!("a turn limit of {t}"))))
            .transpose()?;
        let options = Options {
            players,
            board,
            english_variant,
            buildings,
            ziggurat,
            open_piles,
            board_file,
            turn_limit,
        };
        let config = match name {
            "tigris" => AnyConfig::Tigris(options.configure::<Tigris>().map_err(refused)?),
            "cards" => AnyConfig::Cards(options.configure::<Cards>().map_err(refused)?),
            "sumeria" => AnyConfig::Sumeria(options.configure::<Sumeria>().map_err(refused)?),
            other => {
                return Err(refused(format!(
                    "unknown game `{other}` (expected tigris, cards or sumeria)"
                )));
            }
        };
        Ok(PyGame { config })
    }

    /// The game's short name: `tigris`, `cards` or `sumeria`.
    #[getter]
    fn name(&self) -> &'static str {
        with_game!(&self.config, AnyConfig, _c, G => G::NAME)
    }

    /// The configuration as JSON (the engine's own format).
    fn config_json(&self) -> String {
        with_game!(&self.config, AnyConfig, c, G => G::config_json(c))
    }

    /// The number of seats.
    fn num_players(&self) -> PyResult<usize> {
        Ok(self.new_initial_state()?.num_players())
    }

    /// The size of the dense action space.
    fn num_distinct_actions(&self) -> PyResult<usize> {
        with_game!(&self.config, AnyConfig, c, G => Ok(<G as Game>::new(c)
            .map_err(|e| refused(e.to_string()))?
            .action_space_size()))
    }

    /// Chance codes are below this.
    fn max_chance_outcomes(&self) -> usize {
        with_game!(&self.config, AnyConfig, _c, G => G::MAX_CHANCE_OUTCOMES)
    }

    /// An upper bound on the steps (decisions and chance events) of one game.
    fn max_game_length(&self) -> PyResult<usize> {
        Ok(with_game!(&self.new_initial_state()?.session, AnySession, s, G => s.max_steps()))
    }

    /// The pieces of the observation tensor: `[(name, shape), ...]`, in order.
    fn observation_layout(&self) -> Vec<(String, Vec<usize>)> {
        with_game!(&self.config, AnyConfig, c, G => Session::<G>::layout(c))
    }

    /// The length of the flat observation tensor.
    fn observation_size(&self) -> usize {
        self.observation_layout()
            .iter()
            .map(|(_, shape)| shape.iter().product::<usize>())
            .sum()
    }

    /// A new game at its start (a chance node: the first draws are pending).
    fn new_initial_state(&self) -> PyResult<PyState> {
        let session = with_game!(&self.config, AnyConfig, c, G => AnySession::from(
            Session::new(<G as Game>::new(c).map_err(|e| refused(e.to_string()))?)
        ));
        Ok(PyState { session })
    }

    /// A state from the text `State.serialize` wrote (the engine's JSON; the game's
    /// position checks apply). The configuration is the one in the text.
    fn deserialize_state(&self, text: &str) -> PyResult<PyState> {
        let session = with_game!(&self.config, AnyConfig, _c, G => AnySession::from(
            Session::new(serde_json::from_str::<G>(text).map_err(|e| refused(e.to_string()))?)
        ));
        Ok(PyState { session })
    }

    /// A state from a position text: the game's position format, in full or on one line
    /// (`State.position(compact=True)` writes it), read through the game's position checks,
    /// which report every violation. The configuration is the one in the text; it must be a
    /// position of this game.
    fn state_from_position(&self, text: &str) -> PyResult<PyState> {
        use mesopotamia_core::cases::CaseGame as _;
        let session = with_game!(&self.config, AnyConfig, _c, G => AnySession::from(
            Session::new(G::from_position(text).map_err(refused)?)
        ));
        Ok(PyState { session })
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
        with_game!(&self.config, AnyConfig, c, G => {
            let outcomes = py
                .detach(|| selfplay::play_games::<G>(c, count, seed, bots, iterations))
                .map_err(refused)?;
            outcomes.iter().map(|o| summary_dict(py, o)).collect()
        })
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
        let rows = with_game!(&self.config, AnyConfig, c, G => py
            .detach(|| selfplay::selfplay::<G>(c, count, seed, bots, iterations)))
        .map_err(refused)?;
        rows_dict(py, &rows)
    }

    /// Pickling: the game's name and configuration (checked again when unpickled).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let restore = py.get_type::<PyGame>().getattr("_restore")?;
        (restore, (self.name(), self.config_json()))
            .into_pyobject(py)
            .map(|t| t.into_any())
    }

    /// The game of a name and a configuration as `config_json` writes it (pickling).
    #[staticmethod]
    fn _restore(name: &str, config_json: &str) -> PyResult<PyGame> {
        fn read<G: Engine>(text: &str) -> Result<G::Config, String> {
            let config: G::Config = serde_json::from_str(text)
                .map_err(|e| format!("a {} configuration: {e}", G::NAME))?;
            G::new(&config).map_err(|e| e.to_string())?;
            Ok(config)
        }
        let config = match name {
            "tigris" => AnyConfig::Tigris(read::<Tigris>(config_json).map_err(refused)?),
            "cards" => AnyConfig::Cards(read::<Cards>(config_json).map_err(refused)?),
            "sumeria" => AnyConfig::Sumeria(read::<Sumeria>(config_json).map_err(refused)?),
            other => return Err(refused(format!("unknown game `{other}`"))),
        };
        Ok(PyGame { config })
    }

    fn __eq__(&self, other: &PyGame) -> bool {
        self.name() == other.name() && self.config_json() == other.config_json()
    }

    fn __repr__(&self) -> String {
        format!("Game({:?}, {})", self.name(), self.config_json())
    }
}

impl From<Session<Tigris>> for AnySession {
    fn from(s: Session<Tigris>) -> AnySession {
        AnySession::Tigris(s)
    }
}
impl From<Session<Cards>> for AnySession {
    fn from(s: Session<Cards>) -> AnySession {
        AnySession::Cards(s)
    }
}
impl From<Session<Sumeria>> for AnySession {
    fn from(s: Session<Sumeria>) -> AnySession {
        AnySession::Sumeria(s)
    }
}

/// A game in progress. Players are numbered from 0; `current_player()` is -1 at a chance
/// node and -4 once the game is over (OpenSpiel's numbers). Actions are dense indices;
/// at a chance node `apply_action` takes a chance code from `chance_outcomes()`.
#[pyclass(module = "mesopotamia", name = "State")]
#[derive(Clone, Debug)]
struct PyState {
    session: AnySession,
}

#[pymethods]
impl PyState {
    /// The game's short name.
    #[getter]
    fn game_name(&self) -> &'static str {
        with_game!(&self.session, AnySession, _s, G => G::NAME)
    }

    /// The number of seats.
    fn num_players(&self) -> usize {
        with_game!(&self.session, AnySession, s, G => s.game.seat_count())
    }

    /// The seat to move, -1 (chance) or -4 (the game is over).
    fn current_player(&self) -> i64 {
        with_game!(&self.session, AnySession, s, G => s.current_player())
    }

    /// Whether a chance event is pending.
    fn is_chance_node(&self) -> bool {
        self.current_player() == session::CHANCE
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.current_player() == session::TERMINAL
    }

    /// The legal actions of the seat to move, as ascending dense indices.
    fn legal_actions(&self) -> Vec<usize> {
        with_game!(&self.session, AnySession, s, G => s.legal_actions())
    }

    /// The legal actions as a numpy `int8` mask over the whole action space.
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mask = with_game!(&self.session, AnySession, s, G => s.legal_mask());
        numpy_array(py, &mask, "int8")
    }

    /// The pending chance event's outcomes: `[(code, probability), ...]` by code.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        with_game!(&self.session, AnySession, s, G => s.chance_outcomes())
    }

    /// Plays an action index (or resolves a chance code at a chance node).
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        with_game!(&mut self.session, AnySession, s, G => s.apply(action)).map_err(refused)
    }

    /// Plays an action given in the game's notation; returns its index.
    fn apply_notation(&mut self, notation: &str) -> PyResult<usize> {
        with_game!(&mut self.session, AnySession, s, G => s.apply_notation(notation))
            .map_err(refused)
    }

    /// The notation of an action index, or of a chance code (`player=-1`); `player`
    /// defaults to the player to move.
    #[pyo3(signature = (action, player=None))]
    fn action_to_string(&self, action: i64, player: Option<i64>) -> PyResult<String> {
        let player = player.unwrap_or_else(|| self.current_player());
        with_game!(&self.session, AnySession, s, G => s.action_to_string(player, action))
            .map_err(refused)
    }

    /// Payoffs in [-1, 1] summing to 0 once the game is over (zeros before).
    fn returns(&self) -> Vec<f64> {
        with_game!(&self.session, AnySession, s, G => s.returns())
    }

    /// Ranks by seat once the game is over, as people count them (1 is first; tied seats
    /// share a rank and the next rank skips: 1, 1, 3).
    // Wider than the engine's u8: a Vec<u8> would reach Python as bytes, not a list.
    fn ranks(&self) -> Option<Vec<u32>> {
        with_game!(&self.session, AnySession, s, G => s.game.standings()
            .map(|st| st.ranks().iter().map(|&r| u32::from(r)).collect()))
    }

    /// The dense codes of every step so far (actions and chance outcomes).
    fn history(&self) -> Vec<usize> {
        with_game!(&self.session, AnySession, s, G => s.history.clone())
    }

    /// What a seat may know, as JSON.
    fn view_json(&self, seat: i64) -> PyResult<String> {
        with_game!(&self.session, AnySession, s, G => s.view_json(seat)).map_err(refused)
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
        with_game!(&self.session, AnySession, s, G => mesopotamia_core::svg::position(
            &s.game,
            &mesopotamia_core::svg::Options::default(),
        ))
    }

    /// The picture a notebook (Jupyter, IPython) shows for the state: `svg()`.
    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    /// Each seat's score now, in seat order: the figure its rank is decided by first (in
    /// Tigris & Euphrates and the card game the weakest colour, treasures counted; in
    /// Sumeria the points), what a front end shows as the score.
    fn scores(&self) -> Vec<u32> {
        with_game!(&self.session, AnySession, s, G => (0..s.game.seat_count())
            .filter_map(mesopotamia_core::Seat::new)
            .map(|seat| mesopotamia::table::NamedGame::score(&s.game, seat))
            .collect())
    }

    /// The seat's observation tensor, a flat numpy `float32` array (see
    /// `Game.observation_layout`).
    fn observation_tensor<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyAny>> {
        let tensor =
            with_game!(&self.session, AnySession, s, G => s.observation(seat)).map_err(refused)?;
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
        with_game!(&self.session, AnySession, s, G => s.information_state(seat)).map_err(refused)
    }

    /// The position text (everything, hidden information included); with `compact`, its
    /// one-line form (parts joined by ` | `, as FEN is for chess). `Game.state_from_position`
    /// reads either back.
    #[pyo3(signature = (compact=false))]
    fn position(&self, compact: bool) -> String {
        use mesopotamia_core::cases::CaseGame as _;
        with_game!(&self.session, AnySession, s, G => if compact {
            mesopotamia_core::Setup::to_one_line(
                &<G as mesopotamia_core::cases::CaseGame>::Position::from_game(&s.game),
            )
        } else {
            s.game.position()
        })
    }

    /// The state as the engine's JSON (read back by `Game.deserialize_state`).
    fn serialize(&self) -> PyResult<String> {
        with_game!(&self.session, AnySession, s, G => s.serialize()).map_err(refused)
    }

    /// A state `seat` cannot tell from this one, with what it cannot see redrawn from `seed`.
    #[pyo3(signature = (seat, seed=0))]
    fn resample_hidden(&self, seat: i64, seed: u64) -> PyResult<PyState> {
        let session = with_game!(&self.session, AnySession, s, G => s
            .resample_hidden(seat, seed)
            .map(AnySession::from))
        .map_err(refused)?;
        Ok(PyState { session })
    }

    /// The returns (as `returns()` gives them) at the end of a uniform random playout from
    /// here, chance drawn by its odds, played inside Rust from `seed`: a fast rollout for
    /// searches written in Python. The state itself is unchanged.
    #[pyo3(signature = (seed=0))]
    fn rollout(&self, py: Python<'_>, seed: u64) -> PyResult<Vec<f64>> {
        let session = &self.session;
        py.detach(|| with_game!(session, AnySession, s, G => s.rollout(seed)))
            .map_err(refused)
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

    /// Pickling: the game's name and the whole session (position, step codes, what each
    /// seat saw), checked again when unpickled.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let saved = with_game!(&self.session, AnySession, s, G => s.save()).map_err(refused)?;
        let restore = py.get_type::<PyState>().getattr("_restore")?;
        (restore, (self.game_name(), saved))
            .into_pyobject(py)
            .map(|t| t.into_any())
    }

    /// The state of a game name and what pickling saved of it.
    #[staticmethod]
    fn _restore(name: &str, saved: &str) -> PyResult<PyState> {
        let session = match name {
            "tigris" => AnySession::from(Session::<Tigris>::restore(saved).map_err(refused)?),
            "cards" => AnySession::from(Session::<Cards>::restore(saved).map_err(refused)?),
            "sumeria" => AnySession::from(Session::<Sumeria>::restore(saved).map_err(refused)?),
            other => return Err(refused(format!("unknown game `{other}`"))),
        };
        Ok(PyState { session })
    }

    fn __eq__(&self, other: &PyState) -> bool {
        match (&self.session, &other.session) {
            (AnySession::Tigris(a), AnySession::Tigris(b)) => a.game == b.game,
            (AnySession::Cards(a), AnySession::Cards(b)) => a.game == b.game,
            (AnySession::Sumeria(a), AnySession::Sumeria(b)) => a.game == b.game,
            _ => false,
        }
    }

    fn __str__(&self) -> String {
        self.position(false)
    }

    fn __repr__(&self) -> String {
        format!(
            "<mesopotamia.State {} after {} steps, player {}>",
            self.game_name(),
            self.history().len(),
            self.current_player()
        )
    }
}

/// The extension module.
#[pymodule]
#[pyo3(name = "_engine")]
fn engine_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add("EngineError", m.py().get_type::<EngineError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
