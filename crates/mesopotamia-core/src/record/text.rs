//! The game text: a game record as people read it, as PGN is for chess. It holds what the
//! JSON record holds and converts to and from it without loss.
//!
//! ```text
//! [Game "tigris"]
//! [Config "tigris players 2 board classic variant standard"]
//! [Seed "7"]
//! [RngPosition "1264"]
//! [Bots "person, greedy"]
//! [End "rules"]
//! [Ranks "2 1"]
//!
//! 0. * draw red red blue black green red blue blue red black red green
//! 1. 0: tile red F3; leader king F4 * draw red blue
//! 2. 1: tile blue E5; 0: support 1; 1: support 0; tile green C7 * draw black
//! ```
//!
//! - A header of `[Key "value"]` lines: `Game` and `Config` (the first line of the game's
//!   position format) always; `Seed`, `RngPosition` (where the generator stood after the last step), `Bots` (one spec per seat, separated by commas),
//!   `Start` (the position the game began from, on one line), `End` (`rules` or
//!   `turn-limit`) and `Ranks` (the final ranks in seat order) when known. Reading checks
//!   `End` and `Ranks` against the game replayed.
//! - Then one line per turn, numbered as the game numbers its turns: the line's steps
//!   separated by `; `. An action is in the game's notation, after its seat and a colon
//!   (`0: tile red F3`) when the seat differs from the previous action's on the line. Chance
//!   outcomes are `*` and their first word, then the rest of each outcome in turn (`* draw
//!   red blue` is `draw red` then `draw blue`); a new `*` starts another group.
//! - `#` starts a comment line; blank lines are ignored.
//!
//! Reading replays every step and refuses a step the game refuses, a seat that is not to
//! move, a turn number that is not the game's, and any header it does not know.

use std::fmt::Write as _;

use crate::cases::CaseGame;
use crate::game::{EndReason, ToMove};
use crate::record::{GameRecord, MAX_RECORD_STEPS, RECORD_VERSION, Step};
use crate::seat::Seat;
use crate::setup::Setup;

/// Why a game text cannot be written or read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", if *.line > 0 { format!("line {line}: ") } else { String::new() })]
pub struct GameTextError {
    /// The line of the text (from 1); 0 for a record that cannot be written.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

fn fail(line: usize, message: impl Into<String>) -> GameTextError {
    GameTextError {
        line,
        message: message.into(),
    }
}

/// The turn a state is in, for the game text's lines.
pub trait Turns {
    /// The turn in progress as the game names it (`12`; Sumeria's `2/3`, round 2, turn 3),
    /// without spaces or dots: a new line of the game text starts whenever it changes, with
    /// this label.
    fn turn_label(&self) -> String;
}

/// The first line of `G`'s position format for `config`: its configuration line.
fn config_line<G: CaseGame>(config: &G::Config) -> Result<String, String> {
    let start = G::new(config).map_err(|e| e.to_string())?;
    let text = G::Position::from_game(&start).to_string();
    Ok(text.lines().next().unwrap_or_default().trim().to_owned())
}

/// `value` quoted, with `"` and `\` escaped.
fn quoted(value: &str) -> String {
    let mut out = String::from("\"");
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// The mistake of a bot list that does not name one bot a seat (written and read alike).
fn bots_for_seats(bots: usize, seats: usize) -> String {
    format!("{bots} bots for {seats} seats")
}

/// The game text of a record: replayed step by step to find each turn and actor, so a
/// record that does not replay has none.
pub fn write<G: CaseGame + Turns>(record: &GameRecord<G>) -> Result<String, GameTextError> {
    let config = config_line::<G>(&record.config).map_err(|e| fail(0, e))?;
    // Only what the configuration line says is written: a configuration it cannot say (a
    // Sumeria board of one's own) has no game text.
    let again = G::from_start(&config).map_err(|e| fail(0, e))?;
    if again.config() != &record.config {
        return Err(fail(
            0,
            "the configuration is more than its configuration line says (a board of one's own?): no game text",
        ));
    }
    let mut state = G::record_start(record).map_err(|e| fail(0, e))?;
    if state.config() != &record.config {
        return Err(fail(
            0,
            "the record's start position is of another configuration than the record's",
        ));
    }
    let mut head = String::new();
    let mut header = |key: &str, value: &str| {
        let _ = writeln!(head, "[{key} {}]", quoted(value));
    };
    header("Game", G::NAME);
    header("Config", &config);
    if let Some(seed) = record.seed {
        header("Seed", &seed.to_string());
    }
    if let Some(at) = record.rng_position {
        header("RngPosition", &at.to_string());
    }
    if !record.bots.is_empty() {
        if record.bots.len() != state.seat_count() {
            return Err(fail(
                0,
                bots_for_seats(record.bots.len(), state.seat_count()),
            ));
        }
        let unwritable = |b: &&String| {
            b.is_empty() || b.contains([',', '"', '\\']) || b.chars().any(char::is_whitespace)
        };
        if let Some(bad) = record.bots.iter().find(unwritable) {
            return Err(fail(
                0,
                format!("a bot named `{}` cannot be written", bad.escape_debug()),
            ));
        }
        header("Bots", &record.bots.join(", "));
    }
    if record.start.is_some() {
        header("Start", &G::Position::from_game(&state).to_one_line());
    }

    let mut body = String::new();
    let mut line = String::new();
    let mut line_turn: Option<String> = None;
    let mut last_actor: Option<Seat> = None;
    let mut chance_word: Option<String> = None;
    for (i, step) in record.steps.iter().enumerate() {
        let turn = state.turn_label();
        if line_turn.as_ref() != Some(&turn) {
            if !line.is_empty() {
                body.push_str(&line);
                body.push('\n');
            }
            line = format!("{turn}.");
            line_turn = Some(turn);
            last_actor = None;
            chance_word = None;
        }
        let bad = |e: String| fail(0, format!("step {}: {e}", i + 1));
        match step {
            Step::Action(seat, action) => {
                if state.to_move() != ToMove::Seat(*seat) {
                    return Err(bad(format!(
                        "recorded as seat {seat}'s, but {} is to move",
                        state.to_move()
                    )));
                }
                line.push_str(if line.ends_with('.') { " " } else { "; " });
                if last_actor != Some(*seat) {
                    let _ = write!(line, "{seat}: ");
                }
                let _ = write!(line, "{action}");
                last_actor = Some(*seat);
                chance_word = None;
                state.apply(*action).map_err(|e| bad(e.to_string()))?;
            }
            Step::Chance(outcome) => {
                let notation = outcome.to_string();
                let (word, rest) = match notation.split_once(' ') {
                    Some((w, r)) if !r.contains(' ') => (w, Some(r)),
                    None => (notation.as_str(), None),
                    Some(_) => {
                        return Err(bad(format!(
                            "the chance outcome `{notation}` has more than two words"
                        )));
                    }
                };
                match (&chance_word, rest) {
                    (Some(w), Some(rest)) if w == word => {
                        let _ = write!(line, " {rest}");
                    }
                    _ => {
                        line.push_str(" * ");
                        line.push_str(word);
                        if let Some(rest) = rest {
                            let _ = write!(line, " {rest}");
                        }
                        // A one-word outcome stands alone: the next starts a new group.
                        chance_word = rest.map(|_| word.to_owned());
                    }
                }
                state
                    .apply_chance(*outcome)
                    .map_err(|e| bad(e.to_string()))?;
            }
        }
    }
    if !line.is_empty() {
        body.push_str(&line);
        body.push('\n');
    }
    if let Some(end) = record.end {
        if state.end_reason() != Some(end) {
            return Err(fail(
                0,
                format!("the record says the game ended {end}, but it does not"),
            ));
        }
        header("End", end_name(end));
    }
    if let Some(standings) = state.standings() {
        let ranks: Vec<String> = standings.ranks().iter().map(u8::to_string).collect();
        header("Ranks", &ranks.join(" "));
    }
    Ok(format!("{head}\n{body}"))
}

fn end_name(end: EndReason) -> &'static str {
    match end {
        EndReason::Rules => "rules",
        EndReason::TurnLimit => "turn-limit",
    }
}

/// A header's key and value from `[Key "value"]`.
fn header_line(text: &str) -> Option<(&str, String)> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?;
    let (key, value) = inner.split_once(' ')?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push(chars.next()?),
            '"' => return None,
            c => out.push(c),
        }
    }
    Some((key, out))
}

/// Whether `text` is a game text rather than a JSON record: its first line that is not a
/// comment is a header.
pub fn is_game_text(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.starts_with('['))
}

/// The game a game text names in its `Game` header, if it has one.
pub fn game_of(text: &str) -> Option<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| l.starts_with('['))
        .filter_map(header_line)
        .find(|(key, _)| *key == "Game")
        .map(|(_, value)| value)
}

/// Reads a game text into a record, replaying every step.
pub fn read<G: CaseGame + Turns>(text: &str) -> Result<GameRecord<G>, GameTextError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .peekable();
    let (mut game, mut config, mut seed, mut rng_position, mut bots, mut start, mut end) =
        (None, None, None, None, None, None, None);
    let mut ranks = None;
    while let Some(&(n, l)) = lines.peek() {
        if !l.starts_with('[') {
            break;
        }
        lines.next();
        let (key, value) = header_line(l)
            .ok_or_else(|| fail(n, format!("not a header `[Key \"value\"]`: `{l}`")))?;
        let slot = match key {
            "Game" => &mut game,
            "Config" => &mut config,
            "Seed" => &mut seed,
            "RngPosition" => &mut rng_position,
            "Bots" => &mut bots,
            "Start" => &mut start,
            "End" => &mut end,
            "Ranks" => &mut ranks,
            _ => return Err(fail(n, format!("unknown header `{key}`"))),
        };
        if slot.replace((n, value)).is_some() {
            return Err(fail(n, format!("`{key}` given twice")));
        }
    }
    let (n, name) = game.ok_or_else(|| fail(1, "no `Game` header"))?;
    if name != G::NAME {
        return Err(fail(
            n,
            format!("a game text of `{name}`, not of `{}`", G::NAME),
        ));
    }
    let (n, config_text) = config.ok_or_else(|| fail(1, "no `Config` header"))?;
    let initial = G::from_start(&config_text).map_err(|e| fail(n, e))?;
    let mut record = GameRecord::new(initial.config().clone());
    record.version = RECORD_VERSION;
    let mut state = match start {
        Some((n, position)) => {
            let state = G::from_position(&position).map_err(|e| fail(n, e))?;
            if state.config() != initial.config() {
                return Err(fail(
                    n,
                    "the start position's configuration is not the `Config` header's",
                ));
            }
            record.start = Some(G::Position::from_game(&state).to_string());
            state
        }
        None => initial,
    };
    if let Some((n, s)) = seed {
        record.seed = Some(
            s.parse()
                .map_err(|_| fail(n, format!("the seed `{s}` is not a number")))?,
        );
    }
    if let Some((n, s)) = rng_position {
        record.rng_position = Some(
            s.parse()
                .map_err(|_| fail(n, format!("the generator's position `{s}` is not a number")))?,
        );
    }
    if let Some((n, b)) = bots {
        record.bots = b.split(',').map(|b| b.trim().to_owned()).collect();
        if record.bots.len() != state.seat_count() {
            return Err(fail(
                n,
                bots_for_seats(record.bots.len(), state.seat_count()),
            ));
        }
    }

    let mut previous_label: Option<String> = None;
    for (n, l) in lines {
        let (label, steps) = l
            .split_once(". ")
            .ok_or_else(|| fail(n, "a turn's line starts with its turn, a dot and a space"))?;
        if label != state.turn_label() {
            return Err(fail(
                n,
                format!(
                    "turn {label}, but the game is at turn {}",
                    state.turn_label()
                ),
            ));
        }
        if previous_label.as_deref() == Some(label) {
            return Err(fail(n, format!("turn {label} again: one line per turn")));
        }
        previous_label = Some(label.to_owned());
        // Every step of the line is of its turn: one that begins another turn belongs on the
        // next line.
        let same_turn = |state: &G, what: &str| {
            if state.turn_label() == label {
                Ok(())
            } else {
                Err(fail(
                    n,
                    format!(
                        "`{what}` is a step of turn {}, on the line of turn {label}",
                        state.turn_label()
                    ),
                ))
            }
        };
        let mut actor: Option<Seat> = None;
        for item in steps.split(';').map(str::trim) {
            if item.is_empty() {
                return Err(fail(n, "an empty step (`;` twice, or at the end)"));
            }
            // A group of chance outcomes may follow the line's last action, or stand alone.
            let (action, chance) = match item.split_once('*') {
                Some((a, c)) => (a.trim(), Some(c.trim())),
                None => (item, None),
            };
            if !action.is_empty() {
                let (seat, notation) = match action.split_once(": ") {
                    Some((s, rest)) if s.bytes().all(|b| b.is_ascii_digit()) => {
                        let seat = s
                            .parse::<usize>()
                            .ok()
                            .and_then(Seat::new)
                            .ok_or_else(|| fail(n, format!("`{s}` is not a seat")))?;
                        (seat, rest.trim())
                    }
                    _ => (
                        actor.ok_or_else(|| {
                            fail(
                                n,
                                format!("`{action}`: no seat before the line's first action"),
                            )
                        })?,
                        action,
                    ),
                };
                same_turn(&state, action)?;
                if state.to_move() != ToMove::Seat(seat) {
                    return Err(fail(
                        n,
                        format!(
                            "`{action}`: seat {seat} plays, but {} is to move",
                            state.to_move()
                        ),
                    ));
                }
                let parsed: G::Action = notation
                    .parse()
                    .map_err(|e| fail(n, format!("`{notation}`: {e}")))?;
                state
                    .apply(parsed)
                    .map_err(|e| fail(n, format!("`{notation}`: {e}")))?;
                record.steps.push(Step::Action(seat, parsed));
                actor = Some(seat);
            }
            if let Some(chance) = chance {
                // Several groups on one item: `* draw red * remove black`.
                for group in chance.split('*').map(str::trim) {
                    let mut words = group.split_whitespace();
                    let word = words
                        .next()
                        .ok_or_else(|| fail(n, "`*` without a chance outcome"))?;
                    let rests: Vec<&str> = words.collect();
                    let outcomes: Vec<String> = if rests.is_empty() {
                        vec![word.to_owned()]
                    } else {
                        rests.iter().map(|r| format!("{word} {r}")).collect()
                    };
                    for o in outcomes {
                        same_turn(&state, &o)?;
                        if state.to_move() != ToMove::Chance {
                            return Err(fail(
                                n,
                                format!("`{o}`: {} is to move, not chance", state.to_move()),
                            ));
                        }
                        let parsed: G::Chance =
                            o.parse().map_err(|e| fail(n, format!("`{o}`: {e}")))?;
                        state
                            .apply_chance(parsed)
                            .map_err(|e| fail(n, format!("`{o}`: {e}")))?;
                        record.steps.push(Step::Chance(parsed));
                    }
                }
            }
            if record.steps.len() > MAX_RECORD_STEPS {
                return Err(fail(n, format!("more than {MAX_RECORD_STEPS} steps")));
            }
        }
    }

    if let Some((n, e)) = end {
        let said = match e.as_str() {
            "rules" => EndReason::Rules,
            "turn-limit" => EndReason::TurnLimit,
            _ => {
                return Err(fail(
                    n,
                    format!("`End` is `rules` or `turn-limit`, not `{e}`"),
                ));
            }
        };
        if state.end_reason() != Some(said) {
            return Err(fail(
                n,
                format!("the text says the game ended {said}, but it does not"),
            ));
        }
        record.end = Some(said);
    }
    if let Some((n, r)) = ranks {
        let played: Option<Vec<String>> = state
            .standings()
            .map(|s| s.ranks().iter().map(u8::to_string).collect());
        let said: Vec<&str> = r.split_whitespace().collect();
        if played
            .as_ref()
            .map(|p| p.iter().map(String::as_str).collect::<Vec<_>>())
            != Some(said.clone())
        {
            return Err(fail(
                n,
                match played {
                    Some(p) => format!("the ranks are {}, not {}", p.join(" "), said.join(" ")),
                    None => "`Ranks` for a game that is not over".to_owned(),
                },
            ));
        }
    }
    Ok(record)
}
