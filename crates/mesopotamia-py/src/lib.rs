//! Python bindings of the mesopotamia rules engines: the extension module
//! `mesopotamia._engine` of the Python package `mesopotamia` (built by maturin, see
//! `pyproject.toml`). The OpenSpiel and PettingZoo adapters are Python, in `python/`.
//!
//! Errors reach Python as `mesopotamia.EngineError` (a `ValueError`) carrying the engine's
//! message; nothing here panics on bad input.

#![forbid(unsafe_code)]

mod engine;
mod session;

use mesopotamia_core::driver::{MatchOutcome, RandomBot, play_match};
use mesopotamia_core::rand_core::SeedableRng;
use mesopotamia_core::{Bot, EndReason, Game};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use rand_chacha::ChaCha8Rng;
use sumeria::Sumeria;
use tigris_euphrates::Tigris;
use tigris_euphrates_cards::Cards;

use engine::{Engine, Options};
use mesopotamia::table::{BotSpec, Budget};
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

/// What one game played inside Rust came to.
#[derive(Clone, Debug)]
struct Summary {
    returns: Vec<f64>,
    ranks: Vec<u8>,
    steps: usize,
    end: &'static str,
}

impl Summary {
    fn of<G: Engine>(outcome: MatchOutcome<G>) -> Summary {
        let ranks = outcome
            .state
            .standings()
            .map(|s| s.ranks().to_vec())
            .unwrap_or_default();
        let end = match outcome.state.end_reason() {
            Some(EndReason::TurnLimit) => "turn-limit",
            _ => "rules",
        };
        Summary {
            returns: Session::new(outcome.state).returns(),
            ranks,
            steps: outcome.record.steps.len(),
            end,
        }
    }

    /// As a Python dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("returns", &self.returns)?;
        dict.set_item("ranks", &self.ranks)?;
        dict.set_item("steps", self.steps)?;
        dict.set_item("end", self.end)?;
        Ok(dict)
    }
}

/// Plays `count` games of `config` with `bots` (one name, or one per seat), game `i` seeded
/// `seed + i`.
fn play_games<G: Engine>(
    config: &G::Config,
    count: usize,
    seed: u64,
    bots: &str,
    iterations: u32,
) -> Result<Vec<Summary>, String> {
    let seats = G::new(config).map_err(|e| e.to_string())?.seat_count();
    let names: Vec<&str> = bots.split(',').map(str::trim).collect();
    if names.len() != 1 && names.len() != seats {
        return Err(format!(
            "{} bots for {seats} seats: give one name, or one per seat",
            names.len()
        ));
    }
    // The library's specs; plain `mcts` searches `iterations` per decision.
    let make = |name: &str| -> Result<Box<dyn Bot<G> + Send>, String> {
        match name.parse::<BotSpec>().map_err(|e| e.to_string())? {
            BotSpec::Mcts(Budget::Default) => Ok(Box::new(G::mcts_bot(iterations))),
            BotSpec::Person => Err("bot `person`: a batch of games is played by bots only".into()),
            spec => Ok(spec.bot::<G>().unwrap_or_else(|| Box::new(RandomBot))),
        }
    };
    // Not preallocated: `count` comes from Python unchecked.
    let mut out = Vec::new();
    for i in 0..count {
        let mut table = (0..seats)
            .map(|s| make(names.get(s).copied().unwrap_or(names[0])))
            .collect::<Result<Vec<_>, _>>()?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(i as u64));
        let outcome =
            play_match(config, &mut table, &mut rng).map_err(|failure| failure.to_string())?;
        out.push(Summary::of(outcome));
    }
    Ok(out)
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

    /// Plays `count` whole games inside Rust, without the GIL, and returns one dict per game:
    /// `returns`, `ranks`, `steps` and `end` (`rules` or `turn-limit`). `bots` is `random`,
    /// `greedy`, `mcts` (with `iterations` per decision), `mcts:N`, `mcts:Nms` or `mcts:Ns`,
    /// or one spec per seat separated by commas. Game `i` is seeded `seed + i`.
    #[pyo3(signature = (count, seed=0, bots="random", iterations=200))]
    fn play_games<'py>(
        &self,
        py: Python<'py>,
        count: usize,
        seed: u64,
        bots: &str,
        iterations: u32,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        with_game!(&self.config, AnyConfig, c, G => {
            let outcomes = py
                .detach(|| play_games::<G>(c, count, seed, bots, iterations))
                .map_err(refused)?;
            outcomes.iter().map(|o| o.to_dict(py)).collect()
        })
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
    fn ranks(&self) -> Option<Vec<u8>> {
        with_game!(&self.session, AnySession, s, G => s.game.standings().map(|st| st.ranks().to_vec()))
    }

    /// The dense codes of every step so far (actions and chance outcomes).
    fn history(&self) -> Vec<usize> {
        with_game!(&self.session, AnySession, s, G => s.history.clone())
    }

    /// What a seat may know, as JSON.
    fn view_json(&self, seat: i64) -> PyResult<String> {
        with_game!(&self.session, AnySession, s, G => s.view_json(seat)).map_err(refused)
    }

    /// What a seat may know, as a dict.
    fn view<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyAny>> {
        let json = self.view_json(seat)?;
        py.import("json")?.call_method1("loads", (json,))
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

    /// The position text (everything, hidden information included).
    fn position(&self) -> String {
        with_game!(&self.session, AnySession, s, G => s.game.to_string())
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

    fn __eq__(&self, other: &PyState) -> bool {
        match (&self.session, &other.session) {
            (AnySession::Tigris(a), AnySession::Tigris(b)) => a.game == b.game,
            (AnySession::Cards(a), AnySession::Cards(b)) => a.game == b.game,
            (AnySession::Sumeria(a), AnySession::Sumeria(b)) => a.game == b.game,
            _ => false,
        }
    }

    fn __str__(&self) -> String {
        self.position()
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
