//! The one-line form of a position, as FEN is for chess: a whole position on one line, for
//! logs, URLs, bug reports and test data.
//!
//! A game's full position text is a configuration line, perhaps a board diagram (a header
//! of column names, then one line per row), then one line per fact. The one-line form keeps
//! every line, in order, as a *part*; parts are joined by ` | `. The diagram is one part: its
//! header is left out, its rows are joined by `/`, each row's cells are written side by side
//! without the row's label, and a run of empty cells is written as its length and a dot
//! (`16.` for an empty row of Tigris & Euphrates, `.` for a single empty cell):
//!
//! ```text
//! tigris players 2 ... | 10.r*5./... | seat 0 hand 2 1 2 1 vp 0 0 0 0 ... | turn 0 active 0 actions 2
//! ```
//!
//! The form is read back by expanding it into the full text, which the game's own parser
//! then reads: both forms go through one parser and one validation, and a mistake in a part
//! is reported with the part's number. Each game describes its diagram with a [`Diagram`];
//! a game without one (Sumeria) writes each line as a part.

use core::fmt;

/// Between two parts of a one-line position.
pub const PART_SEPARATOR: &str = " | ";

/// Between two rows of the diagram's part.
pub const ROW_SEPARATOR: char = '/';

/// How a game's full position text lays out its board diagram, right after the
/// configuration line.
#[derive(Clone, Copy, Debug)]
pub struct Diagram {
    /// The header line of column names, exactly as the full text writes it (the one-line form
    /// leaves it out and puts it back).
    pub header: &'static str,
    /// The row labels, in order (`"1"` to `"11"`, or `"0"` to `"8"`): one row each.
    pub labels: &'static [&'static str],
    /// The length in bytes of the cell that `rest` starts with (`rest` never starts with a
    /// run of empty cells: those are read first), or `None` if no cell starts there.
    pub cell_len: fn(rest: &str) -> Option<usize>,
}

/// Why a one-line position could not be expanded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("part {part}: {message}")]
pub struct OneLineError {
    /// The part, from 1.
    pub part: usize,
    /// What is wrong.
    pub message: String,
}

/// Whether `text` is a position in the one-line form: one line (a full position text has
/// at least two lines that are neither blank nor comments).
pub fn is_one_line(text: &str) -> bool {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .take(2)
        .count()
        == 1
}

/// The one-line form of a full position text written by the game (comments and blank lines
/// dropped; each line's words joined by single spaces).
pub fn write(full: &str, diagram: Option<&Diagram>) -> String {
    let mut lines = full
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    let mut parts: Vec<String> = Vec::new();
    parts.extend(lines.next().map(words));
    if let Some(d) = diagram {
        lines.next(); // the header
        let rows: Vec<String> = lines
            .by_ref()
            .take(d.labels.len())
            .map(|row| squeeze(row.split_whitespace().skip(1)))
            .collect();
        parts.push(rows.join(&ROW_SEPARATOR.to_string()));
    }
    parts.extend(lines.map(words));
    parts.join(PART_SEPARATOR)
}

/// A line's words joined by single spaces.
fn words(line: &str) -> String {
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A row's cells side by side, each run of empty cells (`.` or `~`) as its length and a dot.
fn squeeze<'a>(cells: impl Iterator<Item = &'a str>) -> String {
    let mut out = String::new();
    let mut run = 0usize;
    let flush = |out: &mut String, run: &mut usize| {
        match *run {
            0 => {}
            1 => out.push('.'),
            n => {
                out.push_str(&n.to_string());
                out.push('.');
            }
        }
        *run = 0;
    };
    for cell in cells {
        if cell == "." || cell == "~" {
            run += 1;
        } else {
            flush(&mut out, &mut run);
            out.push_str(cell);
        }
    }
    flush(&mut out, &mut run);
    out
}

/// The full text of a one-line position, for the game's parser, and for each of its lines
/// (from 1) the part it came from (from 1), so that an error can name the part.
pub fn expand(text: &str, diagram: Option<&Diagram>) -> Result<(String, Vec<usize>), OneLineError> {
    // The one line that is not a comment: comments before it do not count as parts.
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .unwrap_or_default();
    let parts: Vec<&str> = line.split('|').map(str::trim).collect();
    let mut full = String::new();
    let mut part_of_line = Vec::new();
    let mut push = |full: &mut String, text: &str, part: usize| {
        full.push_str(text);
        full.push('\n');
        part_of_line.push(part);
    };
    for (i, part) in parts.iter().enumerate() {
        let number = i + 1;
        if part.is_empty() {
            return Err(OneLineError {
                part: number,
                message: "empty part (two separators in a row, or one at an end)".into(),
            });
        }
        // Expanded, it would be a comment line and silently dropped.
        if part.starts_with('#') {
            return Err(OneLineError {
                part: number,
                message: "a part cannot start with `#`".into(),
            });
        }
        match diagram {
            Some(d) if i == 1 => {
                push(&mut full, d.header, number);
                let rows: Vec<&str> = part.split(ROW_SEPARATOR).collect();
                if rows.len() != d.labels.len() {
                    return Err(OneLineError {
                        part: number,
                        message: format!(
                            "{} rows in the board, expected {} (rows are separated by `/`)",
                            rows.len(),
                            d.labels.len()
                        ),
                    });
                }
                for (row, label) in rows.iter().zip(d.labels) {
                    let cells = unsqueeze(row, d).map_err(|message| OneLineError {
                        part: number,
                        message: format!("row {label}: {message}"),
                    })?;
                    push(&mut full, &format!("{label} {}", cells.join(" ")), number);
                }
            }
            _ => push(&mut full, part, number),
        }
    }
    Ok((full, part_of_line))
}

/// The most empty cells one run may stand for: more than any board row has, few enough
/// that no input can make a long row.
const MAX_RUN: usize = 64;

/// A row's cells from its one-line form.
fn unsqueeze(row: &str, d: &Diagram) -> Result<Vec<String>, String> {
    let mut cells = Vec::new();
    let mut rest = row;
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let after = rest.as_bytes().get(digits).copied();
        // A lone dot is one empty cell, unless the game has a longer cell starting with it
        // (the card game's `.@0K`).
        let longer_cell = digits == 0 && (d.cell_len)(rest).is_some_and(|n| n > 1);
        if matches!(after, Some(b'.' | b'~')) && !longer_cell {
            let run = if digits == 0 {
                1
            } else {
                rest[..digits]
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=MAX_RUN).contains(n))
                    .ok_or_else(|| format!("bad run of empty cells `{}`", &rest[..=digits]))?
            };
            cells.extend(core::iter::repeat_n(".".to_owned(), run));
            if cells.len() > MAX_RUN {
                return Err(format!("more than {MAX_RUN} cells"));
            }
            rest = &rest[digits + 1..];
            continue;
        }
        let len = (d.cell_len)(rest)
            .filter(|&n| n > 0 && rest.is_char_boundary(n.min(rest.len())) && n <= rest.len())
            .ok_or_else(|| {
                let shown: String = rest.chars().take(8).collect();
                format!("no cell starts at `{shown}`")
            })?;
        cells.push(rest[..len].to_owned());
        if cells.len() > MAX_RUN {
            return Err(format!("more than {MAX_RUN} cells"));
        }
        rest = &rest[len..];
    }
    Ok(cells)
}

/// Reads a position text in either form with the game's parser of full texts: the
/// one-line form is expanded first, and a parse error of the expanded text is told in the
/// one-line form's terms (`split` gives an error's line and message, `one` makes the game's
/// error of a [`OneLineError`]). Every game's `FromStr` for its position is this.
pub fn parse_either<T, E>(
    text: &str,
    diagram: Option<&Diagram>,
    parse_full: impl FnOnce(&str) -> Result<T, E>,
    split: impl FnOnce(E) -> (usize, String),
    one: impl Fn(OneLineError) -> E,
) -> Result<T, E> {
    if !is_one_line(text) {
        return parse_full(text);
    }
    let (full, parts) = expand(text, diagram).map_err(&one)?;
    parse_full(&full).map_err(|e| {
        let (line, message) = split(e);
        one(at_part(&parts, line, message))
    })
}

/// A parse error of the expanded text, told in the one-line form's terms: the part its line
/// came from (`line` is the expanded text's line, from 1, as the game's parser reports it).
pub fn at_part(part_of_line: &[usize], line: usize, message: impl fmt::Display) -> OneLineError {
    OneLineError {
        part: part_of_line
            .get(line.wrapping_sub(1))
            .or(part_of_line.last())
            .copied()
            .unwrap_or(1),
        message: message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy diagram: cells are letters, or a digit and a letter (a piece of a seat).
    const TOY: Diagram = Diagram {
        header: "   A B C D",
        labels: &["1", "2"],
        cell_len: |rest| {
            let b = rest.as_bytes();
            match b {
                [d, l, ..] if d.is_ascii_digit() && l.is_ascii_uppercase() => Some(2),
                [l, ..] if l.is_ascii_lowercase() => Some(1),
                _ => None,
            }
        },
    };

    const FULL: &str = "toy players 2\n   A B C D\n1  .  ~  0K r\n2  .  .  .  .\n# a comment\nseat 0 hand 1  2\nturn 3\n";

    #[test]
    fn writes_parts_with_the_diagram_squeezed() {
        assert_eq!(
            write(FULL, Some(&TOY)),
            "toy players 2 | 2.0Kr/4. | seat 0 hand 1 2 | turn 3"
        );
        assert_eq!(write("a  b\n\nc\n", None), "a b | c");
    }

    #[test]
    fn expands_back_to_a_text_with_the_same_cells_and_part_numbers() {
        let (full, parts) = expand(
            "toy players 2 | 2.0Kr/4. | seat 0 hand 1 2 | turn 3",
            Some(&TOY),
        )
        .unwrap();
        assert_eq!(
            full,
            "toy players 2\n   A B C D\n1 . . 0K r\n2 . . . .\nseat 0 hand 1 2\nturn 3\n"
        );
        assert_eq!(parts, vec![1, 2, 2, 2, 3, 4]);
        // A single dot and `1.` are one empty cell; `~` runs too.
        let (full, _) = expand("t | .1.a~/3~b", Some(&TOY)).unwrap();
        assert_eq!(full, "t\n   A B C D\n1 . . a .\n2 . . . b\n");
        assert_eq!(
            at_part(&parts, 5, "bad"),
            OneLineError {
                part: 3,
                message: "bad".into()
            }
        );
    }

    #[test]
    fn refuses_with_the_part_named() {
        let err = |line: &str| expand(line, Some(&TOY)).unwrap_err().to_string();
        assert_eq!(
            err("t | 4./4. || x"),
            "part 3: empty part (two separators in a row, or one at an end)"
        );
        assert_eq!(
            err("t | 4."),
            "part 2: 1 rows in the board, expected 2 (rows are separated by `/`)"
        );
        assert_eq!(err("t | 4./Z"), "part 2: row 2: no cell starts at `Z`");
        assert_eq!(
            err("t | 4./0."),
            "part 2: row 2: bad run of empty cells `0.`"
        );
        assert_eq!(
            err("t | 4./99999999999999999999."),
            "part 2: row 2: bad run of empty cells `99999999999999999999.`"
        );
        assert_eq!(err("t | 64.64./a"), "part 2: row 1: more than 64 cells");
    }

    #[test]
    fn comments_before_the_line_are_not_parts_and_no_part_is_a_comment() {
        let (full, parts) = expand("# a note\n# another\nt | 4./4. | x", Some(&TOY)).unwrap();
        assert_eq!(full, "t\n   A B C D\n1 . . . .\n2 . . . .\nx\n");
        assert_eq!(parts, vec![1, 2, 2, 2, 3]);
        assert_eq!(
            expand("t | 4./4. | # x", Some(&TOY))
                .unwrap_err()
                .to_string(),
            "part 3: a part cannot start with `#`"
        );
    }

    #[test]
    fn a_longer_cell_may_start_with_a_dot() {
        const DOTTED: Diagram = Diagram {
            header: "   A B",
            labels: &["1"],
            cell_len: |rest| match rest.as_bytes() {
                [b'.', b'@', _, _, ..] => Some(4),
                [b'.', ..] => Some(1),
                _ => None,
            },
        };
        let full = "d\n   A B\n1 .@0K .\n";
        let line = write(full, Some(&DOTTED));
        assert_eq!(line, "d | .@0K.");
        assert_eq!(
            expand(&line, Some(&DOTTED)).unwrap().0,
            "d\n   A B\n1 .@0K .\n"
        );
        let (full, _) = expand("d | 2..@0K", Some(&DOTTED)).unwrap();
        assert_eq!(full, "d\n   A B\n1 . . .@0K\n");
    }

    #[test]
    fn one_line_is_told_from_a_full_text() {
        assert!(is_one_line("a | b\n"));
        assert!(is_one_line("# comment\n  a | b  \n\n"));
        assert!(!is_one_line(FULL));
        assert!(!is_one_line(""));
    }
}
