//! Colour in the terminal, through anstyle (the styles) and anstream (the stream that
//! keeps them only when standard output is a terminal that wants them: `NO_COLOR`,
//! `CLICOLOR` and `CLICOLOR_FORCE` are obeyed, <https://no-color.org>).
//!
//! What is coloured is the table a seat sees: the tiles and cards of the board diagrams by
//! their colour (face-down ones dim), leaders and traders by seat, catastrophes in reverse
//! video, and the colour names of hands and VP (`red 2`).

use std::io::{IsTerminal as _, Write as _};

use anstyle::{AnsiColor, Effects, Style};

/// Whether standard output is a terminal (the hand-off screen is cleared only there).
pub(crate) fn is_terminal() -> bool {
    std::io::stdout().is_terminal()
}

/// Writes `text` coloured; anstream drops the styles where colour is not wanted.
pub(crate) fn print(text: &str) -> Result<(), String> {
    let mut out = anstream::stdout().lock();
    write!(out, "{}", paint(text)).map_err(crate::output_error)?;
    out.flush().map_err(crate::output_error)
}

/// The style of a game colour, by its name's first letter (`k` for black).
fn colour_style(letter: char) -> Option<Style> {
    let colour = match letter.to_ascii_lowercase() {
        'r' => AnsiColor::Red,
        'b' => AnsiColor::Blue,
        'g' => AnsiColor::Green,
        'k' => AnsiColor::BrightBlack,
        _ => return None,
    };
    Some(Style::new().fg_color(Some(colour.into())))
}

/// A seat's style (seats 0 to 3: yellow, magenta, cyan, white), bold.
fn seat_style(digit: char) -> Style {
    let colour = match digit {
        '0' => AnsiColor::Yellow,
        '1' => AnsiColor::Magenta,
        '2' => AnsiColor::Cyan,
        _ => AnsiColor::White,
    };
    Style::new().fg_color(Some(colour.into())).bold()
}

fn styled(style: Style, word: &str) -> String {
    format!("{style}{word}{style:#}")
}

/// The text with its pieces and colour names styled. Words are matched whole, so the rest
/// of the text is left alone.
pub(crate) fn paint(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for line in text.split_inclusive('\n') {
        // Board rows start with their number (T&E) or row (cards); city-state rows name
        // their locations (`C:0`). Elsewhere only colour names and `(you)` are styled.
        let board_row = line
            .split_whitespace()
            .next()
            .is_some_and(|w| w.chars().all(|c| c.is_ascii_digit()));
        let mut rest = line;
        while !rest.is_empty() {
            let start = rest
                .find(|c: char| !c.is_whitespace())
                .unwrap_or(rest.len());
            out.push_str(&rest[..start]);
            rest = &rest[start..];
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            out.push_str(&paint_word(&rest[..end], board_row));
            rest = &rest[end..];
        }
    }
    out
}

fn paint_word(word: &str, board_row: bool) -> String {
    let chars: Vec<char> = word.chars().collect();
    match (board_row, chars.as_slice()) {
        (_, _) if matches!(word, "red" | "blue" | "green" | "black") => {
            let letter = if word == "black" { 'k' } else { chars[0] };
            colour_style(letter).map_or(word.to_owned(), |s| styled(s, word))
        }
        (_, _) if word == "(you)" => styled(Style::new().bold(), word),
        // A tile or card, face up or (capital) face down, with or without a treasure or a
        // leader on it (`g@0K` in the card game).
        (true, [t, ..]) if colour_style(*t).is_some() && word.len() <= 5 => {
            let mut style = colour_style(*t).unwrap_or_default();
            if t.is_ascii_uppercase() {
                style = style.effects(Effects::DIMMED);
            }
            styled(style, word)
        }
        // A leader: seat digit and its letter.
        (true, [d, 'P' | 'F' | 'T' | 'K']) if d.is_ascii_digit() => styled(seat_style(*d), word),
        (true, ['X']) => styled(Style::new().invert(), word),
        // A Sumeria location with its trader: `T1:2`.
        (_, [.., ':', d]) if d.is_ascii_digit() => styled(seat_style(*d), word),
        _ => word.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_and_colour_names_are_styled_and_other_words_left_alone() {
        let red = Style::new().fg_color(Some(AnsiColor::Red.into()));
        assert_eq!(paint(" 1  r*\n"), format!(" 1  {red}r*{red:#}\n"));
        assert!(paint(" 2  0K\n").contains(&format!("{}0K", seat_style('0'))));
        assert_eq!(
            paint("hand red 2"),
            format!("hand {red}red{red:#} 2"),
            "colour names in any line"
        );
        assert_eq!(paint("seat 0 hand"), "seat 0 hand");
        let header = "    A  B  C  D\n";
        assert_eq!(paint(header), header, "column letters stay plain");
        assert!(paint(" 1  .  R  .\n").contains("\x1b[2m"), "face down: dim");
        assert!(paint("Kish C:0 T1:.\n").contains(&seat_style('0').to_string()));
    }
}
