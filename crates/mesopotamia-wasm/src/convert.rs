//! Values across the border: the options of `Game.create` from a JavaScript object (its JSON),
//! and what the library returns as the plain objects the page reads. Nothing here knows a
//! game: the options are read against the chosen game's description.

use mesopotamia::core::ToMove;
use mesopotamia::core::describe::{
    GameDescription, GameOptions, OptionKind, OptionValue, OptionsError, camel_case,
};
use mesopotamia::core::marks::{Mark, MarkedString};
use mesopotamia::core::table::{Gesture, Piece as TablePiece};
use mesopotamia::session::{HintText, Suggestion, Told};
use serde_json::{Map, Value, json};

/// The largest whole number a JavaScript number holds exactly: 2^53 - 1.
pub const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// What `Game.create` was given: the game's options, the seed and the seats.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Created {
    /// The game's options, by their snake-case names (not yet checked).
    pub options: GameOptions,
    /// The generator's seed (0 when not given).
    pub seed: u64,
    /// Who plays each seat, if said.
    pub seats: Option<Vec<String>>,
}

/// `{players, seed, seats, ...options}` as JSON (empty or `null`: every default), read for
/// the game `description`: the options by their camelCase names (`englishVariant`), every
/// value checked against its option. An option the game does not have is refused in the
/// core's words (`` `openPiles` is not an option of sumeria ``); every refusal names the
/// option as JavaScript wrote it.
pub fn options(description: &GameDescription, json: &str) -> Result<Created, String> {
    let json = json.trim();
    if json.is_empty() || json == "null" {
        return Ok(Created::default());
    }
    let Ok(Value::Object(given)) = serde_json::from_str::<Value>(json) else {
        return Err("the options must be an object of plain values".into());
    };
    let mut created = Created::default();
    for (key, value) in &given {
        if value.is_null() {
            continue;
        }
        match key.as_str() {
            "players" => {
                created.options.players = Some(
                    value
                        .as_u64()
                        .and_then(|n| u8::try_from(n).ok())
                        .ok_or_else(|| {
                            format!(
                                "`players` takes a whole number from {} to {}, not {value}",
                                description.min_players, description.max_players
                            )
                        })?,
                );
            }
            "seed" => {
                created.seed = value
                    .as_u64()
                    .filter(|&n| n <= MAX_SAFE_INTEGER)
                    .ok_or_else(|| {
                        format!("`seed` takes a whole number from 0 to 2^53 - 1, not {value}")
                    })?;
            }
            "seats" => {
                let specs = value
                    .as_array()
                    .and_then(|specs| {
                        specs
                            .iter()
                            .map(|s| s.as_str().map(str::to_owned))
                            .collect::<Option<Vec<_>>>()
                    })
                    .ok_or_else(|| {
                        format!("`seats` takes an array of seat specs, one per seat, not {value}")
                    })?;
                created.seats = Some(specs);
            }
            _ => {
                // JavaScript's names only (`englishVariant`, not `english_variant`).
                let Some(spec) = description.options.iter().find(|o| o.camel_case() == *key) else {
                    return Err(OptionsError::Unknown {
                        game: description.name,
                        option: key.clone(),
                    }
                    .to_string());
                };
                let name = spec.name;
                let value = match value {
                    Value::Bool(b) => OptionValue::Bool(*b),
                    Value::String(s) => OptionValue::Text(s.clone()),
                    Value::Number(n) if n.as_i64().is_some() => {
                        OptionValue::Int(n.as_i64().unwrap_or_default())
                    }
                    // Not a value any option takes.
                    other => {
                        return Err(format!("`{key}` takes {}, not {other}", spec.expects()));
                    }
                };
                created.options.set(name, value);
            }
        }
    }
    // Checked here for the refusal's words (the option as JavaScript named it); the session
    // checks again when it makes the game.
    description.check(&created.options).map_err(|e| {
        let message = e.to_string();
        match e.option() {
            Some(option) => message.replacen(
                &format!("`{option}`"),
                &format!("`{}`", camel_case(option)),
                1,
            ),
            None => message,
        }
    })?;
    Ok(created)
}

/// A message of the library in JavaScript's words: the game's options by their camelCase
/// names.
pub fn js_words(description: &GameDescription, message: String) -> String {
    description.options.iter().fold(message, |message, spec| {
        message.replace(
            &format!("`{}`", spec.name),
            &format!("`{}`", spec.camel_case()),
        )
    })
}

/// A game's description as a plain object: `{name, title, about, minPlayers, maxPlayers,
/// defaultPlayers, score, options, legend}` (the legend `[{symbols, meaning}]`), each option `{name, kind, default, help}` with `min`
/// and `max` for a number, `values` for a choice and `file` (the name a file is taken
/// under) for a text; every option name in camelCase.
pub fn description(description: &GameDescription) -> Value {
    let options: Vec<Value> = description
        .options
        .iter()
        .map(|spec| {
            let mut option = Map::new();
            option.insert("name".into(), json!(spec.camel_case()));
            match spec.kind {
                OptionKind::Flag => {
                    option.insert("kind".into(), json!("flag"));
                    option.insert("default".into(), json!(false));
                }
                OptionKind::Number { min, max, default } => {
                    option.insert("kind".into(), json!("number"));
                    option.insert("default".into(), json!(default));
                    option.insert("min".into(), json!(min));
                    option.insert("max".into(), json!(max));
                }
                OptionKind::Choice { values, default } => {
                    option.insert("kind".into(), json!("choice"));
                    option.insert("default".into(), json!(default));
                    let values: Vec<Value> = values
                        .iter()
                        .map(|(name, help)| json!({ "name": name, "help": help }))
                        .collect();
                    option.insert("values".into(), Value::Array(values));
                }
                OptionKind::Text { file } => {
                    option.insert("kind".into(), json!("text"));
                    option.insert("default".into(), Value::Null);
                    option.insert("file".into(), json!(camel_case(file)));
                }
            }
            option.insert("help".into(), json!(spec.help));
            Value::Object(option)
        })
        .collect();
    json!({
        "name": description.name,
        "title": description.title,
        "about": description.about,
        "minPlayers": description.min_players,
        "maxPlayers": description.max_players,
        "defaultPlayers": description.default_players,
        "score": description.score,
        "options": options,
        "legend": description
            .legend
            .iter()
            .map(|(symbols, meaning)| json!({ "symbols": symbols, "meaning": meaning }))
            .collect::<Vec<_>>(),
    })
}

/// A gesture as `{piece, place}` (each `null` when the action has none).
pub fn gesture(gesture: &Gesture) -> Value {
    json!(gesture)
}

/// A piece a seat can take: `{piece, kind, colour, count, at, label}`.
pub fn piece(piece: &TablePiece) -> Value {
    json!(piece)
}

/// Who is to move, as `{kind, seat?}`.
pub fn to_move(to_move: ToMove) -> Value {
    match to_move {
        ToMove::Seat(seat) => json!({ "kind": "seat", "seat": seat.index() }),
        ToMove::Chance => json!({ "kind": "chance" }),
        ToMove::Terminal => json!({ "kind": "over" }),
    }
}

/// The events of a step: `[{text, pieces}]`.
pub fn events(events: &[MarkedString]) -> Value {
    events
        .iter()
        .map(|e| json!({ "text": e.text(), "pieces": pieces(e) }))
        .collect()
}

/// A step played and its events, `{KEY, events}` (`KEY` is `outcome` for chance, `action`
/// for a seat's step).
pub fn told(key: &str, told: &Told) -> Value {
    let mut out = Map::new();
    out.insert(key.into(), json!(told.step));
    out.insert("events".into(), events(&told.events));
    Value::Object(out)
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
        out.push(json!({ "mark": mark(span.mark), "text": text.get(start..end) }));
        at = end;
    }
    if at < text.len() {
        out.push(json!({ "mark": null, "text": text.get(at..) }));
    }
    Value::Array(out)
}

/// A mark as an object a page can turn into classes: `{kind, colour?, seat?}`.
fn mark(mark: Mark) -> Value {
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

/// A bot's choice: `{action, analysis, iterations}`, the analysis (for a search bot) each
/// root action's visits, share of the visits and mean payoff, most visited first.
pub fn suggestion(suggestion: &Suggestion) -> Value {
    let analysis = suggestion.analysis.as_ref().map(|rows| {
        let total: u64 = rows.iter().map(|r| u64::from(r.1)).sum();
        rows.iter()
            .map(|(action, visits, value)| {
                let share = if total == 0 {
                    0.0
                } else {
                    f64::from(*visits) / total as f64
                };
                json!({ "action": action, "visits": visits, "share": share, "value": value })
            })
            .collect::<Vec<_>>()
    });
    json!({
        "action": suggestion.action,
        "analysis": analysis,
        "iterations": suggestion.iterations,
    })
}

/// A hint: `{action, shares: [{action, share}], legal, iterations}`.
pub fn hint(hint: &HintText) -> Value {
    let shares: Vec<Value> = hint
        .shares
        .iter()
        .map(|(action, share)| json!({ "action": action, "share": share }))
        .collect();
    json!({
        "action": hint.action,
        "shares": shares,
        "legal": hint.legal,
        "iterations": hint.iterations,
    })
}

/// A whole number from JavaScript (a seat, an index, a step count), if it is one.
pub fn whole(n: f64) -> Option<usize> {
    (n.fract() == 0.0 && (0.0..=MAX_SAFE_INTEGER as f64).contains(&n)).then_some(n as usize)
}
