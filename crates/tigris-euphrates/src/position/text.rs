//! The position's text: the board diagram (shared with seat views) and the other lines,
//! written and parsed.

use core::fmt;
use core::str::FromStr;

use mesopotamia_core::marks::{Mark, MarkedWrite};
use mesopotamia_core::setup::one_line;
use mesopotamia_core::{Colour, ColourMap, Seat};

use crate::action::Monument;
use crate::board::{Board, HEIGHT, SQUARES, Square, WIDTH};
use crate::config::ParseConfigError;
use crate::event::ConflictKind;
use crate::state::{AfterDraws, AfterPlacement, Config, Conflict, Tigris};

use super::{Cell, Position, SeatSetup, leader_letter};

/// A syntax error in a position text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ParsePositionError {
    /// Line number, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// A board cell's text and, for a piece, what it shows (for writers that mark it).
fn cell_piece(cell: Cell) -> (String, Option<Mark>) {
    let letter = |c: Colour| match c {
        Colour::Red => 'r',
        Colour::Blue => 'b',
        Colour::Green => 'g',
        Colour::Black => 'k',
    };
    match cell {
        Cell::Empty => (".".into(), None),
        Cell::Catastrophe => ("X".into(), Some(Mark::Catastrophe)),
        Cell::Tile {
            colour,
            flipped,
            treasure,
        } => {
            let mut s = String::new();
            let l = letter(colour);
            s.push(if flipped { l.to_ascii_uppercase() } else { l });
            if treasure {
                s.push('*');
            }
            let mark = if flipped {
                Mark::FaceDown(colour)
            } else {
                Mark::Colour(colour)
            };
            (s, Some(mark))
        }
        Cell::Leader { seat, colour } => (
            format!("{seat}{}", leader_letter(colour)),
            Some(Mark::Leader { seat, colour }),
        ),
    }
}

fn parse_cell(text: &str) -> Option<Cell> {
    let colour = |c: char| match c.to_ascii_lowercase() {
        'r' => Some(Colour::Red),
        'b' => Some(Colour::Blue),
        'g' => Some(Colour::Green),
        'k' => Some(Colour::Black),
        _ => None,
    };
    let chars: Vec<char> = text.chars().collect();
    match chars.as_slice() {
        ['.'] | ['~'] => Some(Cell::Empty),
        ['X'] => Some(Cell::Catastrophe),
        [d, l] if d.is_ascii_digit() => {
            let seat = Seat::new(d.to_digit(10)? as usize)?;
            let colour = match l {
                'P' => Colour::Red,
                'F' => Colour::Blue,
                'T' => Colour::Green,
                'K' => Colour::Black,
                _ => return None,
            };
            Some(Cell::Leader { seat, colour })
        }
        [t] => Some(Cell::Tile {
            colour: colour(*t)?,
            flipped: t.is_ascii_uppercase(),
            treasure: false,
        }),
        [t, '*'] => Some(Cell::Tile {
            colour: colour(*t)?,
            flipped: t.is_ascii_uppercase(),
            treasure: true,
        }),
        _ => None,
    }
}

fn counts<T: fmt::Display>(values: &[T; 4]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The board diagram: column letters, then one line per row (shared by positions and
/// seat views).
pub(crate) fn write_board(
    out: &mut dyn MarkedWrite,
    config: &Config,
    cells: &[Cell],
) -> fmt::Result {
    let mut line = String::from("   ");
    for c in 0..WIDTH {
        line.push_str(&format!(" {} ", (b'A' + c as u8) as char));
    }
    writeln!(out, "{}", line.trim_end())?;
    let river = Board::get(config.board).river();
    for r in 0..HEIGHT {
        write!(out, "{:>2} ", r + 1)?;
        for c in 0..WIDTH {
            let s = Square::new(c, r).expect("in range");
            let cell = cells.get(s.index()).copied().unwrap_or(Cell::Empty);
            let (text, mark) = match cell {
                Cell::Empty if river.contains(s.space()) => ("~".to_string(), None),
                other => cell_piece(other),
            };
            out.write_str(" ")?;
            match mark {
                Some(mark) => out.marked(mark, &text)?,
                None => out.write_str(&text)?,
            }
            // Cells are two wide; the row's last one is not padded (lines end trimmed).
            if c + 1 < WIDTH && text.len() < 2 {
                out.write_str(" ")?;
            }
        }
        writeln!(out)?;
    }
    Ok(())
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.config)?;
        writeln!(f)?;
        write_board(f, &self.config, &self.cells)?;
        for (i, s) in self.seats.iter().enumerate() {
            writeln!(
                f,
                "seat {i} hand {} vp {} treasures {} catastrophes {} discarded {}",
                counts(s.hand.values()),
                counts(s.vp.values()),
                s.treasures,
                s.catastrophes,
                counts(s.discarded.values())
            )?;
        }
        if let Some(bag) = &self.bag {
            writeln!(f, "bag {}", counts(bag.values()))?;
        }
        writeln!(f, "removed {}", counts(self.removed.values()))?;
        for (m, s) in &self.monuments {
            writeln!(f, "monument {m} {s}")?;
        }
        for s in &self.declined {
            writeln!(f, "declined {s}")?;
        }
        for (c, s) in &self.buildings {
            writeln!(f, "building {c} {s}")?;
        }
        if let Some(s) = self.ziggurat {
            writeln!(f, "ziggurat {s}")?;
        }
        for s in &self.declined_ziggurats {
            writeln!(f, "declined-ziggurat {s}")?;
        }
        writeln!(
            f,
            "turn {} active {} actions {}",
            self.turn, self.active, self.actions_left
        )?;
        if let Some(c) = &self.conflict {
            let kind = c.kind.name();
            write!(
                f,
                "conflict {kind} {} attacker {} defender {} bases {} {}",
                c.colour, c.attacker, c.defender, c.attacker_base, c.defender_base
            )?;
            if let Some(n) = c.attacker_commit {
                write!(f, " committed {n}")?;
            }
            writeln!(f)?;
        }
        if !self.wars.is_empty() {
            writeln!(
                f,
                "wars {}",
                self.wars
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )?;
        }
        if let Some(s) = self.unification {
            writeln!(f, "unification {s}")?;
        }
        if let Some((s, next)) = self.placed {
            let next = match next {
                AfterPlacement::Monument => "monument",
                AfterPlacement::Ziggurat => "ziggurat",
                AfterPlacement::Building => "building",
            };
            writeln!(f, "placed {s} next {next}")?;
        }
        if self.ziggurat_vp {
            writeln!(f, "ziggurat-vp")?;
        }
        if self.draws.iter().any(|&d| d > 0) || self.after_draws != AfterDraws::Nothing {
            let after = match self.after_draws {
                AfterDraws::Nothing => "nothing",
                AfterDraws::Setup => "setup",
                AfterDraws::Swap => "swap",
                AfterDraws::EndOfTurn => "end-of-turn",
            };
            writeln!(
                f,
                "draws {} after {after}",
                self.draws
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )?;
        }
        if self.bag_exhausted {
            writeln!(f, "bag-exhausted")?;
        }
        if self.over && self.over_on_limit {
            writeln!(f, "over turn-limit")?;
        } else if self.over {
            writeln!(f, "over")?;
        }
        Ok(())
    }
}

/// The board diagram's layout, for the one-line form: row cells are `.` (land or river:
/// the board says which), `X`, a tile letter with an optional `*`, or a seat's digit and a
/// leader's letter.
pub(crate) const DIAGRAM: one_line::Diagram = one_line::Diagram {
    header: "    A  B  C  D  E  F  G  H  I  J  K  L  M  N  O  P",
    labels: &["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"],
    cell_len: |rest| match rest.as_bytes() {
        [d, b'P' | b'F' | b'T' | b'K', ..] if d.is_ascii_digit() => Some(2),
        [b'X', ..] => Some(1),
        [t, b'*', ..] if b"rbgkRBGK".contains(t) => Some(2),
        [t, ..] if b"rbgkRBGK".contains(t) => Some(1),
        _ => None,
    },
};

impl Position {
    /// The position on one line (the one-line form of `docs/formats.md`), as FEN is for
    /// chess; `str::parse` reads it back, as it reads the full text.
    pub fn to_one_line(&self) -> String {
        mesopotamia_core::Setup::to_one_line(self)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads the full text (as `Display` writes it) or the one-line form.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        one_line::parse_either(
            text,
            Some(&DIAGRAM),
            parse_full,
            |e| (e.line, e.message),
            |e| ParsePositionError {
                line: 1,
                message: e.to_string(),
            },
        )
    }
}

/// Reads the full text.
fn parse_full(text: &str) -> Result<Position, ParsePositionError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
    let err = |line: usize, message: String| ParsePositionError { line, message };
    let (line, header) = lines
        .next()
        .ok_or_else(|| err(1, "empty position".into()))?;
    let config: Config = header
        .parse()
        .map_err(|e: ParseConfigError| err(line, e.to_string()))?;
    let (line, columns) = lines
        .next()
        .ok_or_else(|| err(line + 1, "missing column letters".into()))?;
    if columns.split_whitespace().collect::<String>() != "ABCDEFGHIJKLMNOP" {
        return Err(err(line, "expected the column letters A to P".into()));
    }
    let mut cells = Vec::with_capacity(SQUARES);
    // The line after the last one read, for a text that stops short.
    let mut next_line = line + 1;
    for row in 0..HEIGHT {
        let (line, text) = lines
            .next()
            .ok_or_else(|| err(next_line, format!("missing row {}", row + 1)))?;
        next_line = line + 1;
        let mut words = text.split_whitespace();
        let label = words.next().unwrap_or("");
        if label != (row + 1).to_string() {
            return Err(err(
                line,
                format!("expected row {} to start with its number", row + 1),
            ));
        }
        let row_cells: Vec<&str> = words.collect();
        if row_cells.len() != WIDTH {
            return Err(err(
                line,
                format!(
                    "{} squares in row {}, expected 16",
                    row_cells.len(),
                    row + 1
                ),
            ));
        }
        for (c, w) in row_cells.iter().enumerate() {
            let cell = parse_cell(w).ok_or_else(|| {
                err(
                    line,
                    format!(
                        "unknown cell `{w}` at {}{}",
                        (b'A' + c as u8) as char,
                        row + 1
                    ),
                )
            })?;
            cells.push(cell);
        }
    }
    let mut pos = Position {
        config,
        cells,
        monuments: Vec::new(),
        declined: Vec::new(),
        buildings: Vec::new(),
        ziggurat: None,
        declined_ziggurats: Vec::new(),
        seats: Vec::new(),
        bag: None,
        removed: ColourMap::splat(0),
        turn: 0,
        active: Seat::new(0).expect("seat 0"),
        actions_left: 2,
        conflict: None,
        wars: Vec::new(),
        unification: None,
        placed: None,
        ziggurat_vp: false,
        draws: Vec::new(),
        after_draws: AfterDraws::Nothing,
        bag_exhausted: false,
        over: false,
        over_on_limit: false,
    };
    for (line, text) in lines {
        let words: Vec<&str> = text.split_whitespace().collect();
        let bad = |what: &str| err(line, format!("{what}: `{text}`"));
        let num = |w: &str| {
            w.parse::<u32>()
                .map_err(|_| err(line, format!("bad number `{w}`")))
        };
        let four = |ws: &[&str]| -> Result<[u32; 4], ParsePositionError> {
            if ws.len() != 4 {
                return Err(err(
                    line,
                    "expected four counts (red blue green black)".into(),
                ));
            }
            Ok([num(ws[0])?, num(ws[1])?, num(ws[2])?, num(ws[3])?])
        };
        let small = |v: [u32; 4]| -> Result<ColourMap<u8>, ParsePositionError> {
            let mut out = [0u8; 4];
            for (o, x) in out.iter_mut().zip(v) {
                *o = u8::try_from(x).map_err(|_| err(line, format!("count {x} too large")))?;
            }
            Ok(ColourMap::from_array(out))
        };
        let wide = |v: [u32; 4]| -> Result<ColourMap<u16>, ParsePositionError> {
            let mut out = [0u16; 4];
            for (o, x) in out.iter_mut().zip(v) {
                *o = u16::try_from(x).map_err(|_| err(line, format!("count {x} too large")))?;
            }
            Ok(ColourMap::from_array(out))
        };
        let square = |w: &str| w.parse::<Square>().map_err(|e| err(line, e.to_string()));
        let colour = |w: &str| w.parse::<Colour>().map_err(|e| err(line, e.to_string()));
        let seat = |w: &str| {
            w.parse::<usize>()
                .ok()
                .and_then(Seat::new)
                .ok_or_else(|| err(line, format!("bad seat `{w}`")))
        };
        match words.as_slice() {
            [
                "seat",
                i,
                "hand",
                a,
                b,
                c,
                d,
                "vp",
                e,
                f,
                g,
                h,
                "treasures",
                t,
                "catastrophes",
                k,
                "discarded",
                w,
                x,
                y,
                z,
            ] => {
                let index = seat(i)?;
                if index.index() != pos.seats.len() {
                    return Err(err(line, format!("expected seat {} next", pos.seats.len())));
                }
                pos.seats.push(SeatSetup {
                    hand: small(four(&[a, b, c, d])?)?,
                    vp: ColourMap::from_array(four(&[e, f, g, h])?),
                    treasures: u8::try_from(num(t)?).map_err(|_| bad("too many treasures"))?,
                    catastrophes: u8::try_from(num(k)?)
                        .map_err(|_| bad("too many catastrophes"))?,
                    discarded: small(four(&[w, x, y, z])?)?,
                });
            }
            ["bag", rest @ ..] => pos.bag = Some(wide(four(rest)?)?),
            ["removed", rest @ ..] => pos.removed = wide(four(rest)?)?,
            ["monument", m, s] => {
                let m: Monument = m
                    .parse()
                    .map_err(|e: crate::action::ParseActionError| err(line, e.to_string()))?;
                pos.monuments.push((m, square(s)?));
            }
            ["declined", s] => pos.declined.push(square(s)?),
            ["turn", t, "active", a, "actions", n] => {
                pos.turn = num(t)?;
                pos.active = seat(a)?;
                pos.actions_left = u8::try_from(num(n)?).map_err(|_| bad("too many actions"))?;
            }
            [
                "conflict",
                kind,
                c,
                "attacker",
                a,
                "defender",
                d,
                "bases",
                x,
                y,
                rest @ ..,
            ] => {
                let kind = ConflictKind::from_name(kind)
                    .ok_or_else(|| bad("a conflict is a revolt or a war"))?;
                let attacker_commit = match rest {
                    [] => None,
                    ["committed", n] => {
                        Some(u8::try_from(num(n)?).map_err(|_| bad("too many tiles"))?)
                    }
                    _ => return Err(bad("expected `committed N` or nothing after the bases")),
                };
                let base = |w: &str| u8::try_from(num(w)?).map_err(|_| bad("base too large"));
                pos.conflict = Some(Conflict {
                    kind,
                    colour: colour(c)?,
                    attacker: seat(a)?,
                    defender: seat(d)?,
                    attacker_base: base(x)?,
                    defender_base: base(y)?,
                    attacker_commit,
                });
            }
            ["wars", cs @ ..] => {
                pos.wars = cs.iter().map(|c| colour(c)).collect::<Result<_, _>>()?;
            }
            ["unification", s] => pos.unification = Some(square(s)?),
            ["placed", s, "next", next] => {
                let next = match *next {
                    "monument" => AfterPlacement::Monument,
                    "ziggurat" => AfterPlacement::Ziggurat,
                    "building" => AfterPlacement::Building,
                    _ => return Err(bad("after a placement: monument, ziggurat or building")),
                };
                pos.placed = Some((square(s)?, next));
            }
            ["building", c, s] => pos.buildings.push((colour(c)?, square(s)?)),
            ["ziggurat", s] => {
                if pos.ziggurat.replace(square(s)?).is_some() {
                    return Err(bad("a second ziggurat"));
                }
            }
            ["declined-ziggurat", s] => pos.declined_ziggurats.push(square(s)?),
            ["ziggurat-vp"] => pos.ziggurat_vp = true,
            ["draws", rest @ .., "after", after] => {
                pos.draws = rest
                    .iter()
                    .map(|w| u8::try_from(num(w)?).map_err(|_| bad("too many draws")))
                    .collect::<Result<_, _>>()?;
                pos.after_draws = match *after {
                    "nothing" => AfterDraws::Nothing,
                    "setup" => AfterDraws::Setup,
                    "swap" => AfterDraws::Swap,
                    "end-of-turn" => AfterDraws::EndOfTurn,
                    _ => return Err(bad("after draws: nothing, setup, swap or end-of-turn")),
                };
            }
            ["bag-exhausted"] => pos.bag_exhausted = true,
            ["over"] => pos.over = true,
            ["over", "turn-limit"] => {
                pos.over = true;
                pos.over_on_limit = true;
            }
            _ => return Err(bad("unknown line")),
        }
    }
    Ok(pos)
}

impl fmt::Display for Tigris {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Position::from_game(self).fmt(f)
    }
}
