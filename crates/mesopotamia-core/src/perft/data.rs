//! The perft data files: positions with their [`perft`](super::perft) counts, in one text
//! format for every game, so that another implementation can check itself against them.
//!
//! ```text
//! # Comment lines and blank lines between entries are ignored.
//! [start] tigris players 2 board classic variant standard
//! [perft] 1 4 / 2 16 / 3 64
//!
//! [position] tigris players 3 board classic variant standard | 10.r*5./... | turn 4 active 1 actions 2
//! [perft] 1 312 / 2 97344 / 3 30371328
//! ```
//!
//! An entry starts with `[start] CONFIGURATION` (the configuration line of the game's
//! position format: the game's initial state, before any chance outcome, as a case file's
//! `[start]`) or with `[position]`, whose text runs from the rest of that line (the
//! position's one-line form, as the files are written today, like EPD for chess) to the
//! `[perft]` line (a position in the full text starts on the next line); `#` lines inside it belong to the
//! position, whose format takes them as comments. `[perft]` ends the entry with its counts:
//! `DEPTH COUNT` pairs separated by `/`, depths strictly ascending. The `#` lines just
//! before an entry's tag (no blank line between) are its note: where the position comes
//! from.

use core::fmt;

use crate::cases::{CaseGame, Start};

/// One position of a perft file and its counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftEntry {
    /// The line of its `[start]` or `[position]` tag in the file, from 1 (0 for an entry
    /// made in memory).
    pub line: usize,
    /// The `#` lines just before the tag, without the `#` and one space, one per line:
    /// where the position comes from (empty for none).
    pub note: String,
    /// The position: a configuration's initial state or a position's text.
    pub start: Start,
    /// `(depth, count)` pairs, depths strictly ascending.
    pub counts: Vec<(u32, u64)>,
}

/// Why a perft file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct PerftFileError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong there.
    pub message: String,
}

impl PerftEntry {
    /// The entry's state in game `G`: the configuration's initial state
    /// ([`CaseGame::from_start`]) or the position, parsed and validated
    /// ([`CaseGame::from_position`]).
    ///
    /// # Errors
    /// The game's message when it refuses the configuration or the position.
    pub fn state<G: CaseGame>(&self) -> Result<G, String> {
        match &self.start {
            Start::Configuration(text) => G::from_start(text),
            Start::Position(text) => G::from_position(text),
        }
    }

    /// The entry's counts computed by this engine, at the entry's depths: equal to
    /// [`counts`](PerftEntry::counts) when the engine agrees with the file.
    ///
    /// # Errors
    /// The game's message when the state cannot be made, or a count fails.
    pub fn recount<G: CaseGame>(&self) -> Result<Vec<(u32, u64)>, String> {
        let state = self.state::<G>()?;
        self.counts
            .iter()
            .map(|&(depth, _)| {
                super::perft(&state, depth)
                    .map(|count| (depth, count))
                    .map_err(|e| e.to_string())
            })
            .collect()
    }

    /// An entry for `start` with this engine's counts at depths 1 to `depth`: what a
    /// regenerated file holds.
    ///
    /// # Errors
    /// As [`PerftEntry::recount`].
    pub fn counted<G: CaseGame>(start: Start, depth: u32) -> Result<PerftEntry, String> {
        let mut entry = PerftEntry {
            line: 0,
            note: String::new(),
            start,
            counts: (1..=depth).map(|d| (d, 0)).collect(),
        };
        entry.counts = entry.recount::<G>()?;
        Ok(entry)
    }

    /// The same entry with a note (one or more lines, written as `#` lines before it).
    pub fn with_note(mut self, note: &str) -> PerftEntry {
        self.note = note.to_owned();
        self
    }

    /// A short name for messages: the line and the configuration.
    pub fn label(&self) -> String {
        let first = self.start.text().lines().next().unwrap_or("").trim();
        match self.start {
            Start::Configuration(_) => format!("line {}: [start] {first}", self.line),
            Start::Position(_) => format!("line {}: [position] {first}", self.line),
        }
    }
}

/// Writes the entry as the file holds it (the position text ends with a newline).
impl fmt::Display for PerftEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in self.note.lines() {
            writeln!(f, "# {line}")?;
        }
        match &self.start {
            Start::Configuration(text) => writeln!(f, "[start] {}", text.trim())?,
            // The one-line form stays on the tag's line; a full text starts on the next.
            Start::Position(text) if !text.trim().contains('\n') => {
                writeln!(f, "[position] {}", text.trim())?;
            }
            Start::Position(text) => {
                writeln!(f, "[position]")?;
                f.write_str(text)?;
                if !text.ends_with('\n') {
                    writeln!(f)?;
                }
            }
        }
        f.write_str("[perft]")?;
        for (i, (depth, count)) in self.counts.iter().enumerate() {
            let separator = if i == 0 { " " } else { " / " };
            write!(f, "{separator}{depth} {count}")?;
        }
        writeln!(f)
    }
}

/// A whole file: `header` (each of its lines written as a `#` line), a blank line, then the
/// entries, a blank line between each two.
pub fn write_perft_file(header: &str, entries: &[PerftEntry]) -> String {
    let mut out: String = header
        .lines()
        .map(|line| {
            if line.is_empty() {
                "#\n".to_owned()
            } else {
                format!("# {line}\n")
            }
        })
        .collect();
    for entry in entries {
        out.push('\n');
        out.push_str(&entry.to_string());
    }
    out
}

/// Reads a perft file: every entry, in file order.
///
/// # Errors
/// The first line that does not fit the format: text outside an entry, an entry without
/// its `[perft]` line, counts that do not read, depths not strictly ascending.
pub fn parse_perft_file(text: &str) -> Result<Vec<PerftEntry>, PerftFileError> {
    let mut entries = Vec::new();
    // The entry being read: its tag's line and its start.
    let mut open: Option<(usize, Start)> = None;
    // The note of the next entry: the `#` lines read since the last blank line.
    let mut note: Vec<&str> = Vec::new();
    let mut entry_note = String::new();
    let error = |line: usize, message: &str| PerftFileError {
        line,
        message: message.to_owned(),
    };
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw.trim();
        if let Some(rest) = tag(line, "[perft]") {
            let Some((tag_line, start)) = open.take() else {
                return Err(error(number, "a [perft] line without a position before it"));
            };
            if start.text().trim().is_empty() {
                return Err(error(tag_line, "an entry without a position"));
            }
            let counts = parse_counts(rest).map_err(|message| error(number, &message))?;
            entries.push(PerftEntry {
                line: tag_line,
                note: core::mem::take(&mut entry_note),
                start,
                counts,
            });
        } else if let Some(rest) = tag(line, "[start]").or_else(|| tag(line, "[position]")) {
            if let Some((tag_line, _)) = open {
                return Err(error(
                    number,
                    &format!("the entry of line {tag_line} has no [perft] line"),
                ));
            }
            let start = if line.starts_with("[start]") {
                Start::Configuration(rest.to_owned())
            } else if rest.is_empty() {
                Start::Position(String::new())
            } else {
                Start::Position(format!("{rest}\n"))
            };
            open = Some((number, start));
            entry_note = note.join("\n");
            note.clear();
        } else {
            match &mut open {
                Some((_, Start::Position(text))) => {
                    text.push_str(raw);
                    text.push('\n');
                }
                None if line.is_empty() => note.clear(),
                None if line.starts_with('#') => {
                    let text = &line[1..];
                    note.push(text.strip_prefix(' ').unwrap_or(text));
                }
                // Comments and blank lines may stand between a `[start]` line and its
                // counts.
                Some(_) if line.is_empty() || line.starts_with('#') => {}
                Some((_, Start::Configuration(_))) => {
                    return Err(error(
                        number,
                        "text between a [start] line and its [perft] line",
                    ));
                }
                None => {
                    return Err(error(
                        number,
                        "text outside an entry (entries start with [start] or [position])",
                    ));
                }
            }
        }
    }
    if let Some((tag_line, _)) = open {
        return Err(error(tag_line, "the entry has no [perft] line"));
    }
    Ok(entries)
}

/// The rest of `line` after `name`, when `line` is that tag (alone or followed by a space).
fn tag<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let rest = line.strip_prefix(name)?;
    (rest.is_empty() || rest.starts_with(char::is_whitespace)).then(|| rest.trim())
}

/// `1 N / 2 N / 3 N`.
fn parse_counts(text: &str) -> Result<Vec<(u32, u64)>, String> {
    let mut counts: Vec<(u32, u64)> = Vec::new();
    for pair in text.split('/') {
        let words: Vec<&str> = pair.split_whitespace().collect();
        let [depth, count] = words[..] else {
            return Err(format!(
                "`{}`: counts are `DEPTH COUNT` pairs separated by `/`",
                pair.trim()
            ));
        };
        let depth: u32 = depth
            .parse()
            .map_err(|_| format!("`{depth}` is not a depth"))?;
        let count: u64 = count
            .parse()
            .map_err(|_| format!("`{count}` is not a count"))?;
        if depth == 0 || depth > super::MAX_DEPTH {
            return Err(format!(
                "depth {depth}: depths go from 1 to {}",
                super::MAX_DEPTH
            ));
        }
        if let Some(&(last, _)) = counts.last().filter(|&&(last, _)| depth <= last) {
            return Err(format!(
                "depth {depth} after depth {last}: depths go strictly up"
            ));
        }
        counts.push((depth, count));
    }
    Ok(counts)
}
