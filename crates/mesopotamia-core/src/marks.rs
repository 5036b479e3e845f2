//! Text with its pieces marked: what a table's words show (a tile of a colour, a seat's
//! leader, a catastrophe), said by the game that writes the text, so that a terminal can
//! colour it, a web page can give it classes, and a screen reader can name it, without
//! guessing from the words.
//!
//! A game writes its text once, through [`MarkedWrite`]; [`Display`](fmt::Display) is the
//! same writer with the marks dropped, so the plain text and the marked text cannot
//! differ. [`MarkedString`] keeps the text with the byte range of each mark.
//!
//! ```
//! use core::fmt;
//! use mesopotamia_core::marks::{Mark, MarkedDisplay, MarkedString, MarkedWrite};
//! use mesopotamia_core::Colour;
//!
//! struct Hand(Colour, u8);
//!
//! impl MarkedDisplay for Hand {
//!     fn fmt_marked(&self, out: &mut dyn MarkedWrite) -> fmt::Result {
//!         write!(out, "hand ")?;
//!         out.marked(Mark::Colour(self.0), self.0.name())?;
//!         write!(out, " {}", self.1)
//!     }
//! }
//!
//! let marked = MarkedString::of(&Hand(Colour::Red, 2));
//! assert_eq!(marked.text(), "hand red 2");
//! assert_eq!(marked.pieces().collect::<Vec<_>>(), [(Mark::Colour(Colour::Red), "red")]);
//! ```

use core::fmt;
use core::ops::Range;

use crate::{Colour, Seat};

/// What a marked piece of text shows.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// A face-up tile or card of this colour, or the colour's name.
    Colour(Colour),
    /// A tile or card of this colour lying face down (flipped, or a link turned over).
    FaceDown(Colour),
    /// A seat's leader of this colour on the board.
    Leader {
        /// Whose leader.
        seat: Seat,
        /// Its colour.
        colour: Colour,
    },
    /// A seat's trader on the board.
    Trader(Seat),
    /// A seat named in the text (`seat 2`).
    Seat(Seat),
    /// What says that a seat is the reader's own (`(you)`).
    You,
    /// A catastrophe.
    Catastrophe,
}

/// A text writer that can also take marked pieces. Writing a piece with
/// [`marked`](Self::marked) must add exactly `text` to the text: a mark may style a piece,
/// never change it.
pub trait MarkedWrite: fmt::Write {
    /// Writes `text`, a piece showing `mark`. By default the mark is dropped.
    fn marked(&mut self, mark: Mark, text: &str) -> fmt::Result {
        let _ = mark;
        self.write_str(text)
    }
}

/// Plain text: the marks are dropped (how `Display` writes).
impl MarkedWrite for fmt::Formatter<'_> {}

/// Text that can be written with its pieces marked; its `Display`, if it has one, is the
/// same text.
pub trait MarkedDisplay {
    /// Writes the text to `out`, marking its pieces.
    fn fmt_marked(&self, out: &mut dyn MarkedWrite) -> fmt::Result;
}

/// A marked piece: the byte range of the text it covers and what it shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    /// Where the piece is in the text, in bytes.
    pub range: Range<usize>,
    /// What it shows.
    pub mark: Mark,
}

/// Text with the byte range of each marked piece, in the order they were written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct MarkedString {
    text: String,
    spans: Vec<Span>,
}

impl MarkedString {
    /// An empty text.
    pub fn new() -> MarkedString {
        MarkedString::default()
    }

    /// The marked text of `value`. As with `to_string`, a value whose writer fails on its
    /// own (writing to a `MarkedString` never fails) is a bug of that value; its text then
    /// ends where it failed.
    pub fn of(value: &(impl MarkedDisplay + ?Sized)) -> MarkedString {
        let mut out = MarkedString::new();
        let _ = value.fmt_marked(&mut out);
        out
    }

    /// Adds unmarked text.
    pub fn push_str(&mut self, text: &str) {
        self.text.push_str(text);
    }

    /// The text, without marks.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The marked pieces, in the order they were written (so in text order).
    pub fn spans(&self) -> &[Span] {
        &self.spans
    }

    /// Each mark with the text it covers.
    pub fn pieces(&self) -> impl Iterator<Item = (Mark, &str)> {
        self.spans
            .iter()
            .map(|s| (s.mark, self.text.get(s.range.clone()).unwrap_or_default()))
    }
}

/// Unmarked text.
impl From<String> for MarkedString {
    fn from(text: String) -> MarkedString {
        MarkedString {
            text,
            spans: Vec::new(),
        }
    }
}

impl fmt::Write for MarkedString {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push_str(s);
        Ok(())
    }
}

impl MarkedWrite for MarkedString {
    fn marked(&mut self, mark: Mark, text: &str) -> fmt::Result {
        let start = self.text.len();
        self.text.push_str(text);
        if !text.is_empty() {
            self.spans.push(Span {
                range: start..self.text.len(),
                mark,
            });
        }
        Ok(())
    }
}

impl fmt::Display for MarkedString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// `seat 2`, marked as the seat.
pub fn write_seat_name(out: &mut dyn MarkedWrite, seat: Seat) -> fmt::Result {
    out.marked(Mark::Seat(seat), &format!("seat {seat}"))
}

/// A colour's name (`red`), marked as the colour.
pub fn write_colour_name(out: &mut dyn MarkedWrite, colour: Colour) -> fmt::Result {
    out.marked(Mark::Colour(colour), colour.name())
}

/// `seat 2`, marked as the seat, then ` (you)` marked when it is `me`: how the games' tables
/// name a seat to its reader.
pub fn write_seat(out: &mut dyn MarkedWrite, seat: Seat, me: Seat) -> fmt::Result {
    write_seat_name(out, seat)?;
    if seat == me {
        out.write_str(" ")?;
        out.marked(Mark::You, "(you)")?;
    }
    Ok(())
}

/// `red 2 blue 1 green 0 black 3`: counts with their colours named, each name marked.
pub fn write_colour_counts<T: fmt::Display>(
    out: &mut dyn MarkedWrite,
    counts: &crate::ColourMap<T>,
) -> fmt::Result {
    for (i, (colour, n)) in counts.iter().enumerate() {
        if i > 0 {
            out.write_str(" ")?;
        }
        write_colour_name(out, colour)?;
        write!(out, " {n}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ColourMap;

    struct Table;

    impl MarkedDisplay for Table {
        fn fmt_marked(&self, out: &mut dyn MarkedWrite) -> fmt::Result {
            write_seat(out, Seat::new(1).unwrap(), Seat::new(1).unwrap())?;
            out.write_str(": hand ")?;
            write_colour_counts(out, &ColourMap::from_array([1u8, 0, 2, 3]))?;
            out.write_str(" | ")?;
            write_seat(out, Seat::new(0).unwrap(), Seat::new(1).unwrap())?;
            out.marked(Mark::Catastrophe, "")
        }
    }

    impl fmt::Display for Table {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.fmt_marked(f)
        }
    }

    #[test]
    fn the_marked_text_is_the_plain_text_with_ranges_over_its_pieces() {
        let marked = MarkedString::of(&Table);
        assert_eq!(
            marked.text(),
            "seat 1 (you): hand red 1 blue 0 green 2 black 3 | seat 0"
        );
        assert_eq!(marked.text(), Table.to_string());
        assert_eq!(marked.to_string(), Table.to_string());
        let one = Seat::new(1).unwrap();
        assert_eq!(
            marked.pieces().collect::<Vec<_>>(),
            [
                (Mark::Seat(one), "seat 1"),
                (Mark::You, "(you)"),
                (Mark::Colour(Colour::Red), "red"),
                (Mark::Colour(Colour::Blue), "blue"),
                (Mark::Colour(Colour::Green), "green"),
                (Mark::Colour(Colour::Black), "black"),
                (Mark::Seat(Seat::new(0).unwrap()), "seat 0"),
            ],
            "an empty piece leaves no span"
        );
        assert_eq!(marked.spans()[0].range, 0..6);
    }
}
