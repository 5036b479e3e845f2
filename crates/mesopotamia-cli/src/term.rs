//! Colour in the terminal, through anstyle (the styles) and anstream (the stream that
//! keeps them only when standard output is a terminal that wants them: `NO_COLOR`,
//! `CLICOLOR` and `CLICOLOR_FORCE` are obeyed, <https://no-color.org>).
//!
//! What is coloured is what the games mark in the table a seat sees
//! ([`mesopotamia::core::marks`]): tiles and cards by their colour (face-down ones dim),
//! leaders, traders and seat names by seat, catastrophes in reverse video, the colour names
//! of hands and VP, and `(you)` in bold. The text itself is the game's, unchanged.

use std::io::{IsTerminal as _, Write as _};

use anstyle::{AnsiColor, Effects, Style};
use mesopotamia::core::marks::{Mark, MarkedString};
use mesopotamia::core::{Colour, Seat};

/// Whether standard output is a terminal (the hand-off screen is cleared only there).
pub(crate) fn is_terminal() -> bool {
    std::io::stdout().is_terminal()
}

/// Writes plain text (narration) as it is.
pub(crate) fn print(text: &str) -> Result<(), String> {
    let mut out = anstream::stdout().lock();
    out.write_all(text.as_bytes())
        .map_err(crate::output_error)?;
    out.flush().map_err(crate::output_error)
}

/// Writes a marked text with its pieces styled; anstream drops the styles where colour is
/// not wanted.
pub(crate) fn print_marked(text: &MarkedString) -> Result<(), String> {
    print(&paint(text))
}

/// A game colour's style.
fn colour_style(colour: Colour) -> Style {
    let ansi = match colour {
        Colour::Red => AnsiColor::Red,
        Colour::Blue => AnsiColor::Blue,
        Colour::Green => AnsiColor::Green,
        Colour::Black => AnsiColor::BrightBlack,
    };
    Style::new().fg_color(Some(ansi.into()))
}

/// A seat's style (seats 0 to 3: yellow, magenta, cyan, white), bold.
fn seat_style(seat: Seat) -> Style {
    let colour = match seat.index() {
        0 => AnsiColor::Yellow,
        1 => AnsiColor::Magenta,
        2 => AnsiColor::Cyan,
        _ => AnsiColor::White,
    };
    Style::new().fg_color(Some(colour.into())).bold()
}

/// How a mark is shown; marks added to the games later show plain until given a style.
fn style(mark: Mark) -> Style {
    match mark {
        Mark::Colour(c) => colour_style(c),
        Mark::FaceDown(c) => colour_style(c).effects(Effects::DIMMED),
        Mark::Leader { seat, .. } | Mark::Trader(seat) | Mark::Seat(seat) => seat_style(seat),
        Mark::You => Style::new().bold(),
        Mark::Catastrophe => Style::new().invert(),
        _ => Style::new(),
    }
}

/// The text with ANSI styles around its marked pieces.
pub(crate) fn paint(text: &MarkedString) -> String {
    let plain = text.text();
    let mut out = String::with_capacity(plain.len() * 2);
    let mut at = 0;
    for span in text.spans() {
        let (Some(before), Some(piece)) = (
            plain.get(at..span.range.start),
            plain.get(span.range.clone()),
        ) else {
            continue;
        };
        let style = style(span.mark);
        out.push_str(before);
        out.push_str(&format!("{style}{piece}{style:#}"));
        at = span.range.end;
    }
    out.push_str(plain.get(at..).unwrap_or_default());
    out
}

#[cfg(test)]
mod tests {
    use core::fmt;

    use mesopotamia::core::marks::{MarkedDisplay, MarkedWrite};

    use super::*;

    struct Row;

    impl MarkedDisplay for Row {
        fn fmt_marked(&self, out: &mut dyn MarkedWrite) -> fmt::Result {
            out.write_str(" 1  ")?;
            out.marked(Mark::Colour(Colour::Red), "r*")?;
            out.write_str(" ")?;
            out.marked(Mark::FaceDown(Colour::Blue), "B")?;
            out.write_str(" ")?;
            let seat = Seat::new(0).unwrap();
            out.marked(
                Mark::Leader {
                    seat,
                    colour: Colour::Black,
                },
                "0K",
            )?;
            out.write_str(" red X\n")
        }
    }

    #[test]
    fn marked_pieces_are_styled_and_the_rest_is_left_alone() {
        let painted = paint(&MarkedString::of(&Row));
        let red = colour_style(Colour::Red);
        let dim_blue = colour_style(Colour::Blue).effects(Effects::DIMMED);
        let seat0 = seat_style(Seat::new(0).unwrap());
        assert_eq!(
            painted,
            format!(" 1  {red}r*{red:#} {dim_blue}B{dim_blue:#} {seat0}0K{seat0:#} red X\n"),
            "unmarked words (`red`, `X`) stay plain: nothing is guessed from the text"
        );
        assert!(painted.contains("\x1b[2m"), "face down: dim");
    }
}
