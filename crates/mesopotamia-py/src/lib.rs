//! Python bindings of the mesopotamia rules engines: the extension module
//! `mesopotamia._engine` of the Python package `mesopotamia` (built by maturin, see
//! `pyproject.toml`). The OpenSpiel, PettingZoo and Ray adapters are Python, in `python/`.
//!
//! Nothing here names a game: the games are the facade's list (`mesopotamia::games`), each
//! described by its own crate, and every game in progress is the facade's session
//! (`mesopotamia::session::AnySession`). This crate converts values for Python: keywords
//! to options, dense indices and numpy arrays, exceptions.
//!
//! Errors reach Python as `mesopotamia.EngineError` (a `ValueError`) carrying the engine's
//! message; nothing here panics on bad input.

#![forbid(unsafe_code)]

mod game;
mod options;
mod selfplay;
mod session;
mod state;

use mesopotamia::core::{Seat, ToMove};
use mesopotamia::session::AnySession;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

create_exception!(
    mesopotamia,
    EngineError,
    PyValueError,
    "A game, action, seat or option the engine refused; the message is the engine's."
);

/// The engine's message as a Python exception.
fn refused(message: impl ToString) -> PyErr {
    EngineError::new_err(message.to_string())
}

/// OpenSpiel's player id of chance.
const CHANCE: i64 = -1;
/// OpenSpiel's player id once the game is over.
const TERMINAL: i64 = -4;

/// Who is to move as OpenSpiel numbers it: the seat, [`CHANCE`] or [`TERMINAL`].
fn player_id(to_move: ToMove) -> i64 {
    match to_move {
        ToMove::Seat(seat) => seat.index() as i64,
        ToMove::Chance => CHANCE,
        ToMove::Terminal => TERMINAL,
    }
}

/// The seat of a Python number at the session's table, or the session's refusal.
fn seat_of(session: &dyn AnySession, index: i64) -> PyResult<Seat> {
    match usize::try_from(index) {
        Ok(at) => session.seat(at).map_err(refused),
        Err(_) => Err(refused(format!(
            "seat {index}: the table has seats 0 to {}",
            session.players().saturating_sub(1)
        ))),
    }
}

/// Payoffs in [0, 1] as returns in [-1, 1] summing to 0; zeros before the end.
fn returns(session: &dyn AnySession) -> Vec<f64> {
    match session.payoffs() {
        Some(payoffs) => payoffs.into_iter().map(|p| 2.0 * p - 1.0).collect(),
        None => vec![0.0; session.players()],
    }
}

/// Bytes as a new (writable) numpy array of `dtype`.
fn numpy_array<'py>(py: Python<'py>, bytes: &[u8], dtype: &str) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy")?;
    numpy
        .call_method1("frombuffer", (PyBytes::new(py, bytes), dtype))?
        .call_method0("copy")
}

/// The games this build plays, each as its description says: `name`, `title`, `about`,
/// `min_players`, `max_players`, `default_players`, `score` (what a seat's score is) and
/// `options` (each with `name`, `kind` (`flag`, `number`, `choice` or `text`), `default`,
/// `min` and `max` for a number, `values` for a choice (each value's meaning by its
/// name), `file` for a text read from a file (the keyword that takes its path) and
/// `help`). `Game` takes the options as keywords.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    mesopotamia::games::all()
        .iter()
        .map(|g| options::description_dict(py, g))
        .collect()
}

/// `spec` as the bots read it, in its printed form (`" MCTS:1.50s "` gives `mcts:1.5s`), or
/// `EngineError` with the reason: a check of a bot spec before any game (`person` is a
/// seat, not a bot, and is refused).
#[pyfunction]
fn bot_spec(spec: &str) -> PyResult<String> {
    match spec.parse::<mesopotamia::table::BotSpec>() {
        Ok(mesopotamia::table::BotSpec::Person) => Err(refused(
            "`person` is someone at the table, not a bot: name a bot (random, greedy, level1 to level5, mcts...)",
        )),
        Ok(parsed) => Ok(parsed.to_string()),
        Err(e) => Err(refused(e)),
    }
}

/// Wilson's 95% interval of a win rate, `(low, high)`: `successes` (a shared first place
/// may count as a fraction) out of `trials`; `(0.0, 1.0)` with no trials. The interval the
/// command line's `simulate` quotes (`mesopotamia::search::wilson_interval`).
#[pyfunction]
fn wilson_interval(successes: f64, trials: f64) -> (f64, f64) {
    mesopotamia::search::wilson_interval(successes, trials)
}

/// The extension module.
#[pymodule]
#[pyo3(name = "_engine")]
fn engine_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::PyGame>()?;
    m.add_class::<state::PyState>()?;
    m.add_class::<session::PySession>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(bot_spec, m)?)?;
    m.add_function(wrap_pyfunction!(wilson_interval, m)?)?;
    m.add("EngineError", m.py().get_type::<EngineError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
