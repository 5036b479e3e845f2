//! The position text: written (full, and on one line) and read back.

use core::fmt;
use core::str::FromStr;

use mesopotamia_core::marks::{Mark, MarkedWrite};
use mesopotamia_core::setup::one_line;
use mesopotamia_core::{Colour, ColourMap, Seat};

use crate::action::{Boat, COLUMN_CARDS, COLUMNS, LINKS, PLACES, Place};
use crate::config::{Config, MAX_TURN_LIMIT};
use crate::state::{Card, Cards, Conflict, ConflictKind, Leader, Piece, Public};

use super::{LEADER_LETTERS, Position};

/// A syntax error, with its line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ParsePositionError {
    /// Line number, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

fn colour_letter(c: Colour) -> char {
    match c {
        Colour::Red => 'r',
        Colour::Blue => 'b',
        Colour::Green => 'g',
        Colour::Black => 'k',
    }
}

fn letter_colour(ch: char) -> Option<Colour> {
    match ch.to_ascii_lowercase() {
        'r' => Some(Colour::Red),
        'b' => Some(Colour::Blue),
        'g' => Some(Colour::Green),
        'k' => Some(Colour::Black),
        _ => None,
    }
}

fn leader_text(l: Option<Leader>) -> String {
    l.map_or(String::new(), |l| {
        format!("@{}{}", l.seat, LEADER_LETTERS[l.colour.index()])
    })
}

fn parse_leader(s: &str) -> Option<Leader> {
    let mut chars = s.chars();
    let seat = Seat::new(chars.next()?.to_digit(10)? as usize)?;
    let letter = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    let colour = Colour::from_index(LEADER_LETTERS.iter().position(|&x| x == letter)?)?;
    Some(Leader { seat, colour })
}

/// A cell's text split into its card and its leader.
fn split_leader(s: &str) -> Result<(&str, Option<Leader>), ()> {
    match s.split_once('@') {
        Some((card, leader)) => Ok((card, Some(parse_leader(leader).ok_or(())?))),
        None => Ok((s, None)),
    }
}

fn counts<T: fmt::Display>(v: &[T; 4]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn colours(mask: u8) -> String {
    Colour::ALL
        .iter()
        .filter(|c| mask & (1 << c.index()) != 0)
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The configuration line, the display's columns and the link slots (shared by positions
/// and seat views).
pub(crate) fn write_display(out: &mut dyn MarkedWrite, p: &Public) -> fmt::Result {
    writeln!(out, "{}", p.config)?;
    let mut header = String::from("   ");
    for c in 1..=COLUMNS {
        header.push_str(&format!("  {c:<5}"));
    }
    writeln!(out, "{}", header.trim_end())?;
    for r in 0..=COLUMN_CARDS {
        write!(out, "{r:<3}")?;
        for c in 0..COLUMNS {
            out.write_str("  ")?;
            let card = if r == 0 {
                let head = if p.treasure_heads[c] { "T" } else { "t" };
                out.write_str(head)?;
                head.len()
            } else {
                match p.columns[c][r - 1] {
                    Some(Piece::Card(colour)) => {
                        let letter = colour_letter(colour).to_string();
                        out.marked(Mark::Colour(colour), &letter)?;
                        letter.len()
                    }
                    Some(Piece::Boat(b)) => {
                        let boat = format!("B-{}", colour_letter(b.other()));
                        out.write_str(&boat)?;
                        boat.len()
                    }
                    None => {
                        out.write_str(".")?;
                        1
                    }
                }
            };
            let leader = write_leader(out, p.leaders[Place::Column(c as u8, r as u8).index()])?;
            // Cells are five wide; the row's last one is not padded (lines end trimmed).
            if c + 1 < COLUMNS {
                write!(out, "{:1$}", "", 5usize.saturating_sub(card + leader))?;
            }
        }
        writeln!(out)?;
    }
    out.write_str("links")?;
    for l in 0..LINKS {
        out.write_str(" ")?;
        match p.links[l] {
            Some((c, up)) => {
                let ch = colour_letter(c);
                if up {
                    out.marked(Mark::Colour(c), &ch.to_string())?;
                } else {
                    out.marked(Mark::FaceDown(c), &ch.to_ascii_uppercase().to_string())?;
                }
                write_leader(out, p.leaders[Place::Link(l as u8).index()])?;
            }
            None => out.write_str(".")?,
        }
    }
    writeln!(out)
}

/// A leader after its card (`@0K`), marked; returns how many bytes it wrote.
fn write_leader(out: &mut dyn MarkedWrite, leader: Option<Leader>) -> Result<usize, fmt::Error> {
    let text = leader_text(leader);
    if let Some(l) = leader {
        out.marked(
            Mark::Leader {
                seat: l.seat,
                colour: l.colour,
            },
            &text,
        )?;
    }
    Ok(text.len())
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = &self.public;
        write_display(f, p)?;
        for (s, (hand, pile)) in self.hands.iter().zip(&self.piles).enumerate() {
            let pile: Vec<String> = pile
                .iter()
                .map(|c| match c {
                    Card::Civ(c) => colour_letter(*c).to_string(),
                    Card::Treasure => "T".to_string(),
                })
                .collect();
            let cat = if p.catastrophe_left.get(s).copied().unwrap_or(false) {
                "yes"
            } else {
                "no"
            };
            let pile = if pile.is_empty() {
                String::new()
            } else {
                format!(" {}", pile.join(" "))
            };
            writeln!(
                f,
                "seat {s} hand {} catastrophe {cat} pile{pile}",
                counts(hand.values())
            )?;
        }
        if let Some(d) = &self.deck {
            writeln!(f, "deck {}", counts(d.values()))?;
        }
        if self.removed.values().iter().any(|&x| x > 0) {
            writeln!(f, "removed {}", counts(self.removed.values()))?;
        }
        writeln!(f, "discarded {}", p.discarded)?;
        let boats: Vec<String> = Boat::ALL
            .iter()
            .filter(|b| p.boats_left[**b as usize])
            .map(|b| b.to_string())
            .collect();
        // Every boat built: the line alone, without a space at its end.
        if boats.is_empty() {
            writeln!(f, "boats")?;
        } else {
            writeln!(f, "boats {}", boats.join(" "))?;
        }
        writeln!(
            f,
            "turn {} active {} actions {}",
            p.turn, p.active, p.actions_left
        )?;
        if let Some(c) = &p.conflict {
            let kind = match c.kind {
                ConflictKind::Internal => "internal",
                ConflictKind::External => "external",
            };
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
        if p.conflicts != 0 {
            writeln!(f, "conflicts {}", colours(p.conflicts))?;
        }
        if let Some(l) = p.joining {
            writeln!(f, "joining {}", Place::Link(l))?;
        }
        if let Some(l) = p.treasure_slot {
            writeln!(f, "treasure-slot {}", Place::Link(l))?;
        }
        if let Some(c) = p.boat_column {
            writeln!(f, "boat-column {}", c + 1)?;
        }
        if let Some((s, c)) = p.bank_offer {
            writeln!(f, "bank {s} {c}")?;
        }
        if let Some((s, c, column)) = p.spoils {
            writeln!(f, "spoils {s} {c} {}", column + 1)?;
        }
        if p.boat_banking != 0 {
            // Banking may be under way with no colour left to bank: the word alone then.
            let left = colours(p.boat_banking & 0x0F);
            if left.is_empty() {
                writeln!(f, "boat-banking")?;
            } else {
                writeln!(f, "boat-banking {left}")?;
            }
        }
        let n = (p.config.players as usize).min(4);
        if p.draws[..n].iter().any(|&d| d > 0) || p.ending_turn {
            let after = if p.ending_turn {
                "end-of-turn"
            } else {
                "setup"
            };
            writeln!(
                f,
                "draws {} {after}",
                p.draws[..n]
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )?;
        }
        if p.removals_left > 0 {
            writeln!(f, "removals {}", p.removals_left)?;
        }
        if p.over {
            let on_limit = if p.ended_on_limit { " turn-limit" } else { "" };
            writeln!(f, "over{on_limit}")?;
        }
        Ok(())
    }
}

/// The columns' layout, for the one-line form: row 0 holds the heads (`T`, `t`), the rows
/// below the pieces (`.`, a card letter, `B-k`); any cell may end with a leader (`@0K`).
pub(super) const DIAGRAM: one_line::Diagram = one_line::Diagram {
    header: "     1      2      3      4      5      6      7      8",
    labels: &["0", "1", "2", "3", "4", "5", "6", "7", "8"],
    cell_len: |rest| {
        let card = match rest.as_bytes() {
            [b'B', b'-', _, ..] => 3,
            [c, ..] if b"Ttrbgk.".contains(c) => 1,
            _ => return None,
        };
        match rest.as_bytes().get(card) {
            Some(b'@') => Some(card + 3),
            _ => Some(card),
        }
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
    let err = |line: usize, message: String| ParsePositionError { line, message };
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
    let (line, header) = lines
        .next()
        .ok_or_else(|| err(1, "empty position".into()))?;
    let config: Config = header
        .parse()
        .map_err(|e: crate::config::ParseConfigError| err(line, e.0))?;
    // Out-of-range numbers are read here and reported by `into_game`.
    let mut game = Cards::new(Config {
        players: config.players.clamp(2, 4),
        turn_limit: config.turn_limit.clamp(1, MAX_TURN_LIMIT),
        ..config
    })
    .map_err(|e| err(line, e.to_string()))?;
    game.public.config = config;
    let p = &mut game.public;
    p.pending = crate::state::Pending::Action;
    p.draws = [0; 4];
    p.removals_left = 0;
    p.leaders = [None; PLACES];
    let (line, columns) = lines
        .next()
        .ok_or_else(|| err(line + 1, "missing the column numbers".into()))?;
    if columns.split_whitespace().collect::<String>() != "12345678" {
        return Err(err(line, "expected the column numbers 1 to 8".into()));
    }
    // The line after the last one read, for a text that stops short.
    let mut next_line = line + 1;
    for r in 0..=COLUMN_CARDS {
        let (line, text) = lines
            .next()
            .ok_or_else(|| err(next_line, format!("missing row {r}")))?;
        next_line = line + 1;
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.first() != Some(&r.to_string().as_str()) || words.len() != COLUMNS + 1 {
            return Err(err(line, format!("expected row {r} and 8 cells")));
        }
        for (c, cell) in words[1..].iter().enumerate() {
            let bad = || err(line, format!("unknown cell `{cell}` in column {}", c + 1));
            let (card, leader) = split_leader(cell).map_err(|_| bad())?;
            p.leaders[Place::Column(c as u8, r as u8).index()] = leader;
            if r == 0 {
                p.treasure_heads[c] = match card {
                    "T" => true,
                    "t" => false,
                    _ => return Err(bad()),
                };
                continue;
            }
            p.columns[c][r - 1] = match card {
                "." => None,
                "B-r" => Some(Piece::Boat(Boat::BlueRed)),
                "B-g" => Some(Piece::Boat(Boat::BlueGreen)),
                "B-k" => Some(Piece::Boat(Boat::BlueBlack)),
                s if s.len() == 1 && s.chars().all(|ch| ch.is_ascii_lowercase()) => Some(
                    Piece::Card(s.chars().next().and_then(letter_colour).ok_or_else(bad)?),
                ),
                _ => return Err(bad()),
            };
        }
    }
    let mut hands = Vec::new();
    let mut piles = Vec::new();
    let mut deck = None;
    let mut removed = ColourMap::splat(0u8);
    p.boats_left = [false; 3];
    for (line, text) in lines {
        let words: Vec<&str> = text.split_whitespace().collect();
        let bad = |what: &str| err(line, format!("{what}: `{text}`"));
        let num = |w: &str| {
            w.parse::<u16>()
                .map_err(|_| err(line, format!("bad number `{w}`")))
        };
        let colour = |w: &str| w.parse::<Colour>().map_err(|e| err(line, e.to_string()));
        let seat = |w: &str| {
            w.parse::<usize>()
                .ok()
                .and_then(Seat::new)
                .ok_or_else(|| err(line, format!("bad seat `{w}`")))
        };
        let four = |ws: &[&str]| -> Result<[u16; 4], ParsePositionError> {
            match ws {
                [a, b, c, d] => Ok([num(a)?, num(b)?, num(c)?, num(d)?]),
                _ => Err(err(
                    line,
                    "expected four counts (red blue green black)".into(),
                )),
            }
        };
        let small = |x: u16| u8::try_from(x).map_err(|_| err(line, format!("count {x} too large")));
        match words.as_slice() {
            ["links", cells @ ..] => {
                if cells.len() != LINKS {
                    return Err(bad("expected 7 link slots"));
                }
                for (l, cell) in cells.iter().enumerate() {
                    let (card, leader) = split_leader(cell).map_err(|_| bad("bad link cell"))?;
                    p.leaders[Place::Link(l as u8).index()] = leader;
                    p.links[l] = match card {
                        "." => None,
                        s if s.len() == 1 => {
                            let ch = s.chars().next().unwrap_or('.');
                            Some((
                                letter_colour(ch).ok_or_else(|| bad("bad link card"))?,
                                ch.is_ascii_lowercase(),
                            ))
                        }
                        _ => return Err(bad("bad link card")),
                    };
                }
            }
            [
                "seat",
                s,
                "hand",
                a,
                b,
                c,
                d,
                "catastrophe",
                cat,
                "pile",
                rest @ ..,
            ] => {
                let s = seat(s)?;
                if s.index() != hands.len() || s.index() >= 4 {
                    return Err(bad("seats go in order, 0 to 3"));
                }
                let h = [num(a)?, num(b)?, num(c)?, num(d)?];
                hands.push(ColourMap::from_array([
                    small(h[0])?,
                    small(h[1])?,
                    small(h[2])?,
                    small(h[3])?,
                ]));
                p.catastrophe_left[s.index()] = match *cat {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(bad("catastrophe yes or no")),
                };
                let mut pile = Vec::new();
                for w in rest {
                    pile.push(match *w {
                        "T" => Card::Treasure,
                        w if w.len() == 1 => Card::Civ(
                            w.chars()
                                .next()
                                .and_then(letter_colour)
                                .ok_or_else(|| bad("bad pile card"))?,
                        ),
                        _ => return Err(bad("bad pile card")),
                    });
                }
                piles.push(pile);
            }
            ["deck", rest @ ..] => deck = Some(ColourMap::from_array(four(rest)?)),
            ["removed", rest @ ..] => {
                let r = four(rest)?;
                removed =
                    ColourMap::from_array([small(r[0])?, small(r[1])?, small(r[2])?, small(r[3])?]);
            }
            ["discarded", d] => p.discarded = num(d)?,
            ["boats", names @ ..] => {
                for name in names {
                    let b: Boat = name
                        .parse()
                        .map_err(|e: crate::action::ParseActionError| err(line, e.to_string()))?;
                    p.boats_left[b as usize] = true;
                }
            }
            ["turn", t, "active", a, "actions", n] => {
                p.turn = t.parse().map_err(|_| bad("bad turn"))?;
                p.active = seat(a)?;
                p.actions_left = small(num(n)?)?;
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
                let kind = match *kind {
                    "internal" => ConflictKind::Internal,
                    "external" => ConflictKind::External,
                    _ => return Err(bad("a conflict is internal or external")),
                };
                let attacker_commit = match rest {
                    [] => None,
                    ["committed", n] => Some(small(num(n)?)?),
                    _ => return Err(bad("expected `committed N` or nothing after the bases")),
                };
                p.conflict = Some(Conflict {
                    kind,
                    colour: colour(c)?,
                    attacker: seat(a)?,
                    defender: seat(d)?,
                    attacker_base: small(num(x)?)?,
                    defender_base: small(num(y)?)?,
                    attacker_commit,
                });
            }
            ["conflicts", cs @ ..] => {
                p.conflicts = cs
                    .iter()
                    .map(|c| colour(c))
                    .try_fold(0u8, |m, c| c.map(|c| m | (1 << c.index())))?;
            }
            ["joining", l] => match l.parse::<Place>() {
                Ok(Place::Link(l)) => p.joining = Some(l),
                _ => return Err(bad("expected a link slot such as 3-4")),
            },
            ["treasure-slot", l] => match l.parse::<Place>() {
                Ok(Place::Link(l)) => p.treasure_slot = Some(l),
                _ => return Err(bad("expected a link slot such as 3-4")),
            },
            ["boat-column", c] => match c.parse::<u8>() {
                Ok(c) if (1..=COLUMNS as u8).contains(&c) => p.boat_column = Some(c - 1),
                _ => return Err(bad("expected a column 1 to 8")),
            },
            ["bank", s, c] => p.bank_offer = Some((seat(s)?, colour(c)?)),
            ["spoils", s, c, column] => match column.parse::<u8>() {
                Ok(k) if (1..=COLUMNS as u8).contains(&k) => {
                    p.spoils = Some((seat(s)?, colour(c)?, k - 1));
                }
                _ => return Err(bad("expected `spoils SEAT COLOUR COLUMN`")),
            },
            ["boat-banking", cs @ ..] => {
                p.boat_banking = 0x80
                    | cs.iter()
                        .map(|c| colour(c))
                        .try_fold(0u8, |m, c| c.map(|c| m | (1 << c.index())))?;
            }
            ["draws", rest @ .., after] => {
                p.ending_turn = match *after {
                    "end-of-turn" => true,
                    "setup" => false,
                    _ => return Err(bad("draws end with `end-of-turn` or `setup`")),
                };
                for (s, w) in rest.iter().enumerate().take(4) {
                    p.draws[s] = small(num(w)?)?;
                }
            }
            ["removals", n] => p.removals_left = small(num(n)?)?,
            ["over"] => p.over = true,
            ["over", "turn-limit"] => {
                p.over = true;
                p.ended_on_limit = true;
            }
            _ => return Err(bad("unknown line")),
        }
    }
    game.public.rebuild();
    Ok(Position {
        public: game.public,
        hands,
        piles,
        deck,
        removed,
    })
}

impl fmt::Display for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Position::from_game(self).fmt(f)
    }
}
