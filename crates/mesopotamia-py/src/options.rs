//! The games' descriptions for Python: `mesopotamia.games()`, and a game's options from
//! Python keywords. The keywords are the chosen game's options by their snake-case names; a
//! text option that comes from a file (Sumeria's board) is also taken as a path under its
//! file's name (`board_file`), read here. Nothing here names a game: every name, range and
//! default comes from the descriptions.

use mesopotamia::core::describe::{
    GameDescription, GameOptions, OptionKind, OptionSpec, OptionValue, OptionsError,
};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};

/// A game's options from Python: `players` and the keywords (a keyword given `None` is not
/// given). A file named by a text option's file keyword is read; an option of another game
/// is refused naming the games that take it.
pub(crate) fn from_keywords(
    game: &'static GameDescription,
    players: Option<i64>,
    keywords: Option<&Bound<'_, PyDict>>,
) -> Result<(GameOptions, Files), String> {
    let mut options = GameOptions::new();
    let mut files = Files::default();
    if let Some(players) = players {
        options.players = Some(u8::try_from(players).map_err(|_| {
            format!(
                "`players` is {} to {}, not {players}",
                game.min_players, game.max_players
            )
        })?);
    }
    let Some(keywords) = keywords else {
        return Ok((options, files));
    };
    for (key, value) in keywords.iter() {
        let key: String = key
            .extract()
            .map_err(|_| "option names are strings".to_owned())?;
        if value.is_none() {
            continue;
        }
        if let Some(spec) = game.option(&key) {
            options.set(spec.name, value_of(spec, &value)?);
        } else if let Some(spec) = file_option(game, &key) {
            if keywords
                .get_item(spec.name)
                .is_ok_and(|v| v.is_some_and(|v| !v.is_none()))
            {
                return Err(format!("give `{}` or `{key}`, not both", spec.name));
            }
            let path: String = value
                .extract()
                .map_err(|_| format!("`{key}` takes a file's path, not {value}"))?;
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read the {} {path}: {e}", key.replace('_', " ")))?;
            files.0.push((spec.name, key.clone(), path));
            options.set(spec.name, text);
        } else {
            return Err(not_an_option(game, &key));
        }
    }
    Ok((options, files))
}

/// The files read for text options: the option, the keyword and the path.
#[derive(Debug, Default)]
pub(crate) struct Files(Vec<(&'static str, String, String)>);

/// A refusal of the options in Python's words: a text read from a file is named by its
/// keyword and path, a choice not among the values says what it is.
pub(crate) fn message(error: &OptionsError, files: &Files) -> String {
    match error {
        OptionsError::Invalid { option, reason } => {
            match files.0.iter().find(|(name, _, _)| name == option) {
                Some((_, keyword, path)) => format!("`{keyword}` {path}: {reason}"),
                None => error.to_string(),
            }
        }
        OptionsError::Choice {
            option,
            expected,
            given,
        } => format!(
            "unknown {} `{given}` (expected {expected})",
            option.replace('_', " ")
        ),
        _ => error.to_string(),
    }
}

/// The text option whose file keyword is `key`.
fn file_option(game: &GameDescription, key: &str) -> Option<&'static OptionSpec> {
    game.options
        .iter()
        .find(|spec| matches!(spec.kind, OptionKind::Text { file } if file == key))
}

/// Whether `spec` takes `key`, by its name or its file's.
fn takes(spec: &OptionSpec, key: &str) -> bool {
    spec.name == key || matches!(spec.kind, OptionKind::Text { file } if file == key)
}

/// `` `open_piles` is not an option of sumeria (an option of cards)``, or with the game's
/// keywords when no game takes it.
fn not_an_option(game: &GameDescription, key: &str) -> String {
    let others: Vec<&str> = mesopotamia::games::all()
        .iter()
        .filter(|g| g.options.iter().any(|spec| takes(spec, key)))
        .map(|g| g.name)
        .collect();
    let hint = if others.is_empty() {
        let own = keywords(game);
        if own.is_empty() {
            format!("{} takes none", game.name)
        } else {
            format!("{} takes {}", game.name, own.join(", "))
        }
    } else {
        format!("an option of {}", others.join(" and "))
    };
    format!("`{key}` is not an option of {} ({hint})", game.name)
}

/// The keywords a game takes, in its description's order.
pub(crate) fn keywords(game: &GameDescription) -> Vec<&'static str> {
    game.options
        .iter()
        .flat_map(|spec| match spec.kind {
            OptionKind::Text { file } => vec![spec.name, file],
            _ => vec![spec.name],
        })
        .collect()
}

/// A Python value for an option, as the description checks it: a bool, an int or a str.
fn value_of(spec: &OptionSpec, value: &Bound<'_, PyAny>) -> Result<OptionValue, String> {
    if value.is_instance_of::<PyBool>() {
        return Ok(OptionValue::Bool(value.extract().unwrap_or_default()));
    }
    if value.is_instance_of::<PyInt>() {
        return value
            .extract::<i64>()
            .map(OptionValue::Int)
            .map_err(|_| format!("`{}` takes {}, not {value}", spec.name, spec.expects()));
    }
    if value.is_instance_of::<PyString>() {
        return Ok(OptionValue::Text(value.extract().unwrap_or_default()));
    }
    // numpy's scalars, and anything else that says what it is.
    match spec.kind {
        OptionKind::Flag => value.extract::<bool>().map(OptionValue::Bool).ok(),
        OptionKind::Number { .. } => value.extract::<i64>().map(OptionValue::Int).ok(),
        _ => None,
    }
    .ok_or_else(|| {
        let shown = value.repr().map(|r| r.to_string()).unwrap_or_default();
        format!("`{}` takes {}, not {shown}", spec.name, spec.expects())
    })
}

/// One description as a dict (`mesopotamia.games()`).
pub(crate) fn description_dict<'py>(
    py: Python<'py>,
    game: &GameDescription,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("name", game.name)?;
    dict.set_item("title", game.title)?;
    dict.set_item("about", game.about)?;
    dict.set_item("min_players", game.min_players)?;
    dict.set_item("max_players", game.max_players)?;
    dict.set_item("default_players", game.default_players)?;
    dict.set_item("score", game.score)?;
    let options = game
        .options
        .iter()
        .map(|spec| option_dict(py, spec))
        .collect::<PyResult<Vec<_>>>()?;
    dict.set_item("options", options)?;
    Ok(dict)
}

/// One option as a dict: every key present, `None` where it does not apply.
fn option_dict<'py>(py: Python<'py>, spec: &OptionSpec) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("name", spec.name)?;
    let none = py.None();
    let (kind, default, min, max, values, file) = match spec.kind {
        OptionKind::Flag => (
            "flag",
            false.into_pyobject(py)?.to_owned().into_any().unbind(),
            None,
            None,
            None,
            None,
        ),
        OptionKind::Number { min, max, default } => (
            "number",
            default.into_pyobject(py)?.into_any().unbind(),
            Some(min),
            Some(max),
            None,
            None,
        ),
        OptionKind::Choice { values, default } => {
            let choices = PyDict::new(py);
            for (value, help) in values {
                choices.set_item(value, help)?;
            }
            (
                "choice",
                default.into_pyobject(py)?.into_any().unbind(),
                None,
                None,
                Some(choices),
                None,
            )
        }
        OptionKind::Text { file } => ("text", none.clone_ref(py), None, None, None, Some(file)),
    };
    dict.set_item("kind", kind)?;
    dict.set_item("default", default)?;
    dict.set_item("min", min)?;
    dict.set_item("max", max)?;
    dict.set_item("values", values)?;
    dict.set_item("file", file)?;
    dict.set_item("help", spec.help)?;
    Ok(dict)
}
