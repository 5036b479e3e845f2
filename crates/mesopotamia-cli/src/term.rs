//! Colour in the terminal: on only when standard output is a terminal and `NO_COLOR`
//! is not set (<https://no-color.org>).

use std::io::IsTerminal;

/// Whether to colour the output.
pub(crate) fn colour_wanted() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stdout().is_terminal()
}

const RESET: &str = "\x1b[0m";

/// ANSI colour of a tile, card or leader letter's colour.
fn colour_code(letter: char) -> Option<&'static str> {
    match letter.to_ascii_lowercase() {
        'r' => Some("\x1b[31m"),
        'b' => Some("\x1b[34m"),
        'g' => Some("\x1b[32m"),
        'k' => Some("\x1b[90m"),
        _ => None,
    }
}

/// A seat's colour (seats 0 to 3: yellow, magenta, cyan, white), bold.
fn seat_code(digit: char) -> &'static str {
    match digit {
        '0' => "\x1b[1;33m",
        '1' => "\x1b[1;35m",
        '2' => "\x1b[1;36m",
        _ => "\x1b[1;37m",
    }
}

/// Colours the pieces of a position diagram: tiles and cards by colour (face-down ones
/// dim), leaders and traders by seat, catastrophes in reverse video. Words are matched
/// whole, so the rest of the text is left alone.
pub(crate) fn paint(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for line in text.split_inclusive('\n') {
        // The column letters above a board (`A  B  C ...`) are labels, not tiles.
        let labels = line.split_whitespace().count() > 2
            && line
                .split_whitespace()
                .all(|w| w.len() == 1 && w.chars().all(|c| c.is_ascii_uppercase()));
        if labels {
            out.push_str(line);
            continue;
        }
        let mut rest = line;
        while !rest.is_empty() {
            let start = rest
                .find(|c: char| !c.is_whitespace())
                .unwrap_or(rest.len());
            out.push_str(&rest[..start]);
            rest = &rest[start..];
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let word = &rest[..end];
            out.push_str(&paint_word(word));
            rest = &rest[end..];
        }
    }
    out
}

fn paint_word(word: &str) -> String {
    let chars: Vec<char> = word.chars().collect();
    match chars.as_slice() {
        // A tile, face up or (capital) face down, with or without a treasure.
        [t] | [t, '*'] if colour_code(*t).is_some() => {
            let dim = if t.is_ascii_uppercase() {
                "\x1b[2m"
            } else {
                ""
            };
            format!("{dim}{}{word}{RESET}", colour_code(*t).unwrap_or(""))
        }
        // A leader: seat digit and its letter.
        [d, 'P' | 'F' | 'T' | 'K'] if d.is_ascii_digit() => {
            format!("{}{word}{RESET}", seat_code(*d))
        }
        ['X'] => format!("\x1b[7m{word}{RESET}"),
        // A Sumeria location with its trader: `T1:2`.
        [.., ':', d] if d.is_ascii_digit() => format!("{}{word}{RESET}", seat_code(*d)),
        _ => word.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_are_coloured_and_words_left_alone() {
        assert_eq!(paint("r*"), "\x1b[31mr*\x1b[0m");
        assert_eq!(paint(" 0K\n"), " \x1b[1;33m0K\x1b[0m\n");
        assert_eq!(paint("seat 0 hand"), "seat 0 hand");
        assert!(paint("R").starts_with("\x1b[2m\x1b[31m"));
        let header = "    A  B  C  D\n";
        assert_eq!(paint(header), header, "column letters stay plain");
        assert!(paint(" 1  .  R  .\n").contains("\x1b[31mR"));
    }
}
