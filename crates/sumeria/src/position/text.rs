//! The position text: written (full, and on one line) and read back, on the default board or
//! another.

use core::fmt;
use std::sync::Arc;

use mesopotamia_core::Seat;

use crate::action::Influence;
use crate::board::{Board, LOCATIONS, SLOTS, Slot, StateName};
use crate::config::Config;
use crate::state::{Phase, Sumeria};

use super::Position;

/// A syntax error, with its line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ParsePositionError {
    /// Line number, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

fn parse_kinds(text: &str) -> Result<[u8; 4], String> {
    let mut counts = [0u8; 4];
    for w in text.split_whitespace() {
        if w == "-" {
            continue;
        }
        let k: Influence = w
            .parse()
            .map_err(|e: crate::action::ParseActionError| e.to_string())?;
        counts[k as usize] = counts[k as usize].saturating_add(1);
    }
    Ok(counts)
}

fn kinds_text(counts: &[u8; 4]) -> String {
    let words: Vec<&str> = Influence::ALL
        .iter()
        .flat_map(|k| core::iter::repeat_n(k.name(), counts[*k as usize] as usize))
        .collect();
    if words.is_empty() {
        "-".into()
    } else {
        words.join(" ")
    }
}

impl Position {
    /// The position on one line (the one-line form of `docs/formats.md`: the text's lines
    /// joined by ` | `), as FEN is for chess; `str::parse` and [`Position::parse_on`] read it
    /// back, as they read the full text.
    pub fn to_one_line(&self) -> String {
        mesopotamia_core::Setup::to_one_line(self)
    }

    /// Reads a position (the full text or the one-line form) on another board.
    pub fn parse_on(text: &str, board: Arc<Board>) -> Result<Position, ParsePositionError> {
        use mesopotamia_core::setup::one_line;
        one_line::parse_either(
            text,
            None,
            |full| Position::parse_full_on(full, board),
            |e| (e.line, e.message),
            |e| ParsePositionError {
                line: 1,
                message: e.to_string(),
            },
        )
    }

    /// Reads the full text on a board.
    fn parse_full_on(text: &str, board: Arc<Board>) -> Result<Position, ParsePositionError> {
        let err = |line: usize, message: String| ParsePositionError { line, message };
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let (line, header) = lines
            .next()
            .ok_or_else(|| err(1, "empty position".into()))?;
        // The header is the configuration line: one parser for both.
        let config =
            Config::parse_on(header, board.clone()).map_err(|e| err(line, e.to_string()))?;
        let mut pos = Position {
            config,
            order: Vec::new(),
            display: [[0; 4]; 3],
            traders: vec![None; LOCATIONS],
            seats: Vec::new(),
            discarded: [0; 4],
            round: 0,
            turn: 0,
            first: Seat::new(0).expect("seat 0"),
            phase: Phase::Turns,
        };
        for (line, text) in lines {
            let words: Vec<&str> = text.split_whitespace().collect();
            let num = |w: &str| {
                w.parse::<u8>()
                    .map_err(|_| err(line, format!("bad number `{w}`")))
            };
            let seat = |w: &str| {
                w.parse::<usize>()
                    .ok()
                    .and_then(Seat::new)
                    .ok_or_else(|| err(line, format!("bad seat `{w}`")))
            };
            match words.as_slice() {
                ["order", names @ ..] => {
                    pos.order = names
                        .iter()
                        .map(|n| n.parse::<StateName>().map_err(|e| err(line, e.to_string())))
                        .collect::<Result<_, _>>()?;
                }
                ["display", ..] => {
                    let rest = text.trim_start_matches("display");
                    let groups: Vec<&str> = rest.split('/').collect();
                    if groups.len() != 3 {
                        return Err(err(
                            line,
                            "the display has three groups separated by `/`".into(),
                        ));
                    }
                    for (place, g) in groups.iter().enumerate() {
                        pos.display[place] = parse_kinds(g).map_err(|m| err(line, m))?;
                    }
                }
                ["seat", i, "supply", s, "influence", a, b, c, d] => {
                    if seat(i)?.index() != pos.seats.len() {
                        return Err(err(line, format!("expected seat {} next", pos.seats.len())));
                    }
                    pos.seats
                        .push((num(s)?, [num(a)?, num(b)?, num(c)?, num(d)?]));
                }
                ["discarded", a, b, c, d] => pos.discarded = [num(a)?, num(b)?, num(c)?, num(d)?],
                ["round", r, "turn", t, "first", f, "phase", phase @ ..] => {
                    pos.round = num(r)?;
                    pos.turn = num(t)?;
                    pos.first = seat(f)?;
                    pos.phase = phase
                        .join(" ")
                        .parse::<Phase>()
                        .map_err(|e| err(line, e.to_string()))?;
                }
                [name, cells @ ..] => {
                    let name: StateName = name
                        .parse()
                        .map_err(|_| err(line, format!("unknown line `{text}`")))?;
                    let state = board.state_index(name).ok_or_else(|| {
                        err(line, format!("`{name}` is not a city-state of this board"))
                    })?;
                    if cells.len() != SLOTS {
                        return Err(err(
                            line,
                            "expected the 7 locations C T1 T2 T3 V1 V2 V3".into(),
                        ));
                    }
                    for (slot, cell) in cells.iter().enumerate() {
                        let expected = Slot::from_index(slot).expect("slot").to_string();
                        let (label, who) = cell.split_once(':').ok_or_else(|| {
                            err(
                                line,
                                format!("expected `{expected}:SEAT` or `{expected}:.`"),
                            )
                        })?;
                        if label != expected {
                            return Err(err(
                                line,
                                format!("expected location {expected}, found `{label}`"),
                            ));
                        }
                        pos.traders[state * SLOTS + slot] =
                            if who == "." { None } else { Some(seat(who)?) };
                    }
                }
                [] => {}
            }
        }
        Ok(pos)
    }
}

impl core::str::FromStr for Position {
    type Err = ParsePositionError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Position::parse_on(text, Board::reconstructed())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.config)?;
        // `order` alone while no city-state is drawn (no trailing space).
        f.write_str("order")?;
        for name in &self.order {
            write!(f, " {name}")?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "display {} / {} / {}",
            kinds_text(&self.display[0]),
            kinds_text(&self.display[1]),
            kinds_text(&self.display[2])
        )?;
        let board = &self.config.board;
        let width = board
            .names()
            .iter()
            .map(|n| n.as_str().len())
            .max()
            .unwrap_or(0);
        for (s, name) in board.names().iter().enumerate() {
            write!(f, "{:<width$}", name.as_str())?;
            for slot in 0..SLOTS {
                let who = self.traders.get(s * SLOTS + slot).copied().flatten();
                let who = who.map_or(".".to_string(), |w| w.to_string());
                write!(f, " {}:{who}", Slot::from_index(slot).expect("slot"))?;
            }
            writeln!(f)?;
        }
        for (s, (supply, held)) in self.seats.iter().enumerate() {
            writeln!(
                f,
                "seat {s} supply {supply} influence {} {} {} {}",
                held[0], held[1], held[2], held[3]
            )?;
        }
        let d = self.discarded;
        writeln!(f, "discarded {} {} {} {}", d[0], d[1], d[2], d[3])?;
        writeln!(
            f,
            "round {} turn {} first {} phase {}",
            self.round, self.turn, self.first, self.phase
        )
    }
}

impl fmt::Display for Sumeria {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Position::from_game(self).fmt(f)
    }
}
