//! What the games' SVG pictures share (feature `svg`): a writer of SVG text, the palette,
//! marks on the places a move changed, and the layout of a rule example's picture
//! (caption, then the position before and after each scenario's steps).
//!
//! Each game draws its own board by implementing [`Drawing`]; its `svg` module (feature
//! `svg` of `tigris-euphrates`, `tigris-euphrates-cards` and `sumeria`) is the public way
//! to draw a position. SVG is plain XML text: no dependency is needed to write it.
//!
//! ```
//! use mesopotamia_core::svg::{Svg, colour_fill, ink_on};
//! use mesopotamia_core::Colour;
//!
//! let mut svg = Svg::new(40.0, 40.0, "one red tile");
//! let fill = colour_fill(Colour::Red);
//! svg.rect(4.0, 4.0, 32.0, 32.0, fill, "");
//! svg.text(20.0, 20.0, 14.0, ink_on(fill), "middle", "r");
//! let text = svg.finish();
//! assert!(text.starts_with("<svg") && text.ends_with("</svg>\n"));
//! assert!(text.contains(">r</text>"));
//! ```

use core::fmt::{self, Write as _};

use crate::cases::{CaseGame, ScenarioRun, StepRun, Transcript};
use crate::colour::Colour;
use crate::seat::Seat;

/// Text escaped for XML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// Fill of a civilization colour (tiles, cards, a leader's ring).
pub const fn colour_fill(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "#c8323c",
        Colour::Blue => "#2d6fb5",
        Colour::Green => "#237a3b",
        Colour::Black => "#333333",
    }
}

/// The letter of a colour as the position formats write a tile or a card: `r b g k`.
/// Drawn on every tile and card, so that the colour does not rest on hue alone.
pub const fn colour_letter(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "r",
        Colour::Blue => "b",
        Colour::Green => "g",
        Colour::Black => "k",
    }
}

/// Fill of a seat (a dynasty, a player's traders), seats 0 to 7.
pub fn seat_fill(seat: Seat) -> &'static str {
    [
        "#e0a800", "#8e44ad", "#16a2b8", "#e8e8e8", "#e67e22", "#7f8c8d", "#f1948a", "#a3e4d7",
    ][seat.index() % 8]
}

/// The text colour readable on a `#rrggbb` fill: near-black or white, whichever has the
/// higher contrast ratio (WCAG relative luminance).
pub fn ink_on(fill: &str) -> &'static str {
    const DARK: &str = "#111111";
    const LIGHT: &str = "#ffffff";
    let Some(hex) = fill.strip_prefix('#').filter(|h| h.len() == 6) else {
        return DARK;
    };
    let channel = |i: usize| {
        let v = u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0) as f64 / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    let l = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
    // Contrast with #111 (luminance ~0.0056) against contrast with white.
    let with_dark = (l + 0.05) / 0.0556;
    let with_light = 1.05 / (l + 0.05);
    if with_dark >= with_light { DARK } else { LIGHT }
}

/// What a move did at a place, as a picture marks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Something arrived or changed there: a solid orange ring.
    Moved,
    /// What stood there left (or was turned over): a dashed red ring.
    Left,
}

impl Mark {
    /// The ring's stroke attributes.
    pub const fn stroke(self) -> &'static str {
        match self {
            Mark::Moved => r##"stroke="#ff7f00" stroke-width="4""##,
            Mark::Left => r##"stroke="#d0021b" stroke-width="3" stroke-dasharray="6,4""##,
        }
    }

    /// The `class` attribute value of a ring.
    pub const fn class(self) -> &'static str {
        match self {
            Mark::Moved => "moved",
            Mark::Left => "left",
        }
    }
}

/// What to draw beyond a position: a caption and marked places.
#[derive(Clone, Debug, PartialEq)]
pub struct Options<P> {
    /// A line of text above the position.
    pub caption: Option<String>,
    /// Places to ring, and how.
    pub marks: Vec<(P, Mark)>,
}

impl<P> Default for Options<P> {
    fn default() -> Self {
        Options {
            caption: None,
            marks: Vec::new(),
        }
    }
}

impl<P> Options<P> {
    /// The same options with this caption.
    pub fn with_caption(mut self, caption: impl Into<String>) -> Self {
        self.caption = Some(caption.into());
        self
    }

    /// The same options with these marks.
    pub fn with_marks(mut self, marks: Vec<(P, Mark)>) -> Self {
        self.marks = marks;
        self
    }
}

/// An SVG document being written: shapes are appended as text.
#[derive(Clone, Debug)]
pub struct Svg {
    out: String,
}

impl Svg {
    /// A document of this size (pixels) with a title and a light background.
    pub fn new(width: f64, height: f64, title: &str) -> Svg {
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans, Verdana, sans-serif">"#
        );
        let _ = writeln!(out, "<title>{}</title>", escape(title));
        let _ = writeln!(
            out,
            r##"<rect x="0" y="0" width="{width:.0}" height="{height:.0}" fill="#faf6ec"/>"##
        );
        Svg { out }
    }

    /// A rectangle; `extra` holds further attributes (`rx="4" stroke="#222"`).
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, extra: &str) {
        let _ = writeln!(
            self.out,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" fill="{fill}" {extra}/>"#
        );
    }

    /// A circle.
    pub fn circle(&mut self, x: f64, y: f64, r: f64, fill: &str, extra: &str) {
        let _ = writeln!(
            self.out,
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{fill}" {extra}/>"#
        );
    }

    /// A line.
    pub fn line(&mut self, a: (f64, f64), b: (f64, f64), stroke: &str, width: f64) {
        let _ = writeln!(
            self.out,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{stroke}" stroke-width="{width}"/>"#,
            a.0, a.1, b.0, b.1
        );
    }

    /// A closed polygon.
    pub fn polygon(&mut self, points: &[(f64, f64)], fill: &str, extra: &str) {
        let mut list = String::new();
        for (i, (x, y)) in points.iter().enumerate() {
            let sep = if i == 0 { "" } else { " " };
            let _ = write!(list, "{sep}{x:.1},{y:.1}");
        }
        let _ = writeln!(
            self.out,
            r#"<polygon points="{list}" fill="{fill}" {extra}/>"#
        );
    }

    /// Text centred vertically on `y`; `anchor` is `start`, `middle` or `end`.
    pub fn text(&mut self, x: f64, y: f64, size: f64, fill: &str, anchor: &str, text: &str) {
        // `dy` rather than `dominant-baseline`, which some renderers ignore.
        let _ = writeln!(
            self.out,
            r#"<text x="{x:.1}" y="{y:.1}" dy="0.35em" font-size="{size}" fill="{fill}" text-anchor="{anchor}">{}</text>"#,
            escape(text)
        );
    }

    /// A ring marking a rectangular place: `place` names it (`data-place`), for readers
    /// and tests.
    pub fn mark_rect(&mut self, x: f64, y: f64, w: f64, h: f64, mark: Mark, place: &str) {
        let _ = writeln!(
            self.out,
            r#"<rect class="{}" data-place="{}" x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" rx="5" fill="none" {}/>"#,
            mark.class(),
            escape(place),
            mark.stroke()
        );
    }

    /// A ring marking a round place.
    pub fn mark_circle(&mut self, x: f64, y: f64, r: f64, mark: Mark, place: &str) {
        let _ = writeln!(
            self.out,
            r#"<circle class="{}" data-place="{}" cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="none" {}/>"#,
            mark.class(),
            escape(place),
            mark.stroke()
        );
    }

    /// Starts a group whose content is shifted by `(dx, dy)`; close it with [`Svg::end_group`].
    pub fn group(&mut self, dx: f64, dy: f64) {
        let _ = writeln!(self.out, r#"<g transform="translate({dx:.1},{dy:.1})">"#);
    }

    /// Ends the group [`Svg::group`] started.
    pub fn end_group(&mut self) {
        self.out.push_str("</g>\n");
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// Splits text into lines of at most about `width` characters, at spaces.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(core::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A game whose positions can be drawn. The games implement it; their `svg` modules
/// are the way to use it.
pub trait Drawing: CaseGame {
    /// A place of the board that a mark can ring (a square, a slot of a column, a
    /// location), named as the notation names it.
    type Place: Copy + PartialEq + fmt::Display;

    /// The pieces at each place that is not empty, each as text that differs whenever the
    /// pieces differ (compared between two positions to find what a move changed).
    fn contents(&self) -> Vec<(Self::Place, Vec<String>)>;

    /// Width and height of the drawing, in pixels.
    fn size(&self) -> (f64, f64);

    /// Draws the position with its top-left corner at (0, 0), and rings the marked places.
    fn draw(&self, svg: &mut Svg, marks: &[(Self::Place, Mark)]);
}

/// The places a move changed: [`Mark::Left`] where a piece that stood there before is
/// gone (to ring on the position before), [`Mark::Moved`] where a piece stands that did not
/// stand there before (to ring on the position after). A place may carry both (a tile
/// turned over, a leader replaced).
pub fn changes<G: Drawing>(before: &G, after: &G) -> Vec<(G::Place, Mark)> {
    let (b, a) = (before.contents(), after.contents());
    // Pieces at `place` in `list` that are missing at `place` in `other`.
    let lost = |list: &[(G::Place, Vec<String>)], other: &[(G::Place, Vec<String>)]| {
        let mut out = Vec::new();
        for (place, pieces) in list {
            let there = other
                .iter()
                .find(|(p, _)| p == place)
                .map(|(_, pieces)| pieces.as_slice())
                .unwrap_or_default();
            if pieces.iter().any(|piece| !there.contains(piece)) {
                out.push(*place);
            }
        }
        out
    };
    let mut out: Vec<(G::Place, Mark)> =
        lost(&b, &a).into_iter().map(|p| (p, Mark::Left)).collect();
    out.extend(lost(&a, &b).into_iter().map(|p| (p, Mark::Moved)));
    out
}

const CAPTION_LINE: f64 = 20.0;
const PAD: f64 = 20.0;

/// A standalone SVG document of one position, with the options' caption and marks.
pub fn position<G: Drawing>(state: &G, options: &Options<G::Place>) -> String {
    let (w, h) = state.size();
    let caption = options
        .caption
        .as_deref()
        .map(|c| wrap(c, (w / 8.0) as usize))
        .unwrap_or_default();
    let top = caption.len() as f64 * CAPTION_LINE + if caption.is_empty() { 0.0 } else { 8.0 };
    let title = options.caption.as_deref().unwrap_or("position");
    let mut svg = Svg::new(w, h + top, title);
    for (i, line) in caption.iter().enumerate() {
        svg.text(
            PAD,
            CAPTION_LINE * (i as f64 + 0.5) + 4.0,
            14.0,
            "#222",
            "start",
            line,
        );
    }
    svg.group(0.0, top);
    state.draw(&mut svg, &options.marks);
    svg.end_group();
    svg.finish()
}

/// The picture of the rule example `id` (in any letter case) among a game's `examples`
/// (its `EXAMPLES`, identifier and case-file text): the case is run and drawn by
/// [`example`]. `None` if there is no such example; an error if it does not hold.
pub fn example_of<G: Drawing>(
    examples: &[(&str, &str)],
    id: &str,
) -> Option<Result<String, crate::cases::CaseError>> {
    let (id, text) = examples.iter().find(|(i, _)| i.eq_ignore_ascii_case(id))?;
    Some(crate::cases::Case::parse(id, text).and_then(|case| {
        let transcript = crate::cases::run::<G>(&case)?;
        Ok(example(&transcript, &case.title()))
    }))
}

/// One scenario of a rule example as two pictures, for a page that lays them out itself
/// (side by side, or one above the other on a narrow screen): the position before its
/// steps and the position after, each a standalone SVG document ringed as in [`example`]'s
/// picture, and the steps in notation (`seat 0: tile red F3`, `chance: draw red`).
#[derive(Clone, Debug, PartialEq)]
pub struct Panels {
    /// The position before the steps, a dashed ring where a piece left.
    pub before: String,
    /// The position after them, a solid ring where a piece arrived (and a dashed one
    /// where a place was emptied).
    pub after: String,
    /// Each step, written out.
    pub steps: Vec<String>,
    /// The pictures' size (the larger of the two), in user units (pixels at scale 1).
    pub size: (f64, f64),
}

/// The played scenarios of a rule example as [`Panels`] (refused positions are left out):
/// the pictures [`example`] puts side by side, one document each.
pub fn example_panels<G: Drawing>(transcript: &Transcript<G>) -> Vec<Panels> {
    played(transcript)
        .into_iter()
        .map(|(before, after, steps)| {
            let (left, after_marks) = example_marks(before, after);
            let (bw, bh) = before.size();
            let (aw, ah) = after.size();
            Panels {
                before: position(before, &Options::default().with_marks(left)),
                after: position(after, &Options::default().with_marks(after_marks)),
                steps,
                size: (bw.max(aw), bh.max(ah)),
            }
        })
        .collect()
}

/// [`example_panels`] of the rule example `id` (in any letter case) among a game's
/// `examples`, as [`example_of`] finds and runs it.
pub fn example_panels_of<G: Drawing>(
    examples: &[(&str, &str)],
    id: &str,
) -> Option<Result<Vec<Panels>, crate::cases::CaseError>> {
    let (id, text) = examples.iter().find(|(i, _)| i.eq_ignore_ascii_case(id))?;
    Some(crate::cases::Case::parse(id, text).and_then(|case| {
        let transcript = crate::cases::run::<G>(&case)?;
        Ok(example_panels(&transcript))
    }))
}

/// Marked places of a picture.
type Rings<P> = Vec<(P, Mark)>;

/// The played scenarios: each position before and after, and its steps written out.
fn played<G: Drawing>(transcript: &Transcript<G>) -> Vec<(&G, &G, Vec<String>)> {
    transcript
        .scenarios
        .iter()
        .filter_map(|s| {
            // A refused position has no game to draw.
            let ScenarioRun::Played {
                before,
                steps,
                after,
            } = s
            else {
                return None;
            };
            let steps: Vec<String> = steps
                .iter()
                .filter_map(|step| match step {
                    StepRun::Action { by, action, .. } => Some(format!("{by}: {action}")),
                    StepRun::Chance { outcome, .. } => Some(format!("chance: {outcome}")),
                    _ => None,
                })
                .collect();
            Some((before, after, steps))
        })
        .collect()
}

/// The rings of an example's two pictures: where pieces left (on the position before), and
/// where pieces arrived plus the places emptied (on the position after).
fn example_marks<G: Drawing>(before: &G, after: &G) -> (Rings<G::Place>, Rings<G::Place>) {
    let marks = changes(before, after);
    let (left, moved): (Vec<_>, Vec<_>) = marks.into_iter().partition(|(_, m)| *m == Mark::Left);
    // After the move, a place that was emptied keeps its dashed ring.
    let filled = after.contents();
    let mut after_marks = moved;
    after_marks.extend(
        left.iter()
            .filter(|(p, _)| !filled.iter().any(|(q, _)| q == p))
            .copied(),
    );
    (left, after_marks)
}

/// A rule example's picture: its identifier and title as a caption, then for each
/// scenario the position before and after its steps side by side, the places the steps
/// changed ringed (on the left, a dashed ring where a piece left; on the right, a solid
/// ring where one arrived), and the steps written out below. Scenarios of refused
/// positions are left out.
pub fn example<G: Drawing>(transcript: &Transcript<G>, title: &str) -> String {
    const GAP: f64 = 40.0;
    const LABEL: f64 = 26.0;
    const STEP_LINE: f64 = 17.0;
    const MAX_STEP_LINES: usize = 6;
    let rows = played(transcript);
    let panel_w = rows
        .iter()
        .map(|(b, a, _)| b.size().0.max(a.size().0))
        .fold(0.0, f64::max);
    let width = panel_w * 2.0 + GAP;
    let chars = (width / 7.5) as usize;
    let caption = wrap(
        &format!("{}: {title}", transcript.id),
        (width / 8.5) as usize,
    );
    let step_lines: Vec<Vec<String>> = rows
        .iter()
        .map(|(_, _, steps)| {
            let text = if steps.is_empty() {
                "no step".to_owned()
            } else {
                steps.join("; ")
            };
            let mut lines = wrap(&text, chars);
            if lines.len() > MAX_STEP_LINES {
                lines.truncate(MAX_STEP_LINES);
                if let Some(last) = lines.last_mut() {
                    last.push_str(" ...");
                }
            }
            lines
        })
        .collect();
    let row_heights: Vec<f64> = rows
        .iter()
        .zip(&step_lines)
        .map(|((b, a, _), lines)| {
            LABEL + b.size().1.max(a.size().1) + lines.len() as f64 * STEP_LINE + 14.0
        })
        .collect();
    let caption_h = caption.len() as f64 * CAPTION_LINE + 12.0;
    let legend_h = 28.0;
    let height = caption_h + row_heights.iter().sum::<f64>() + legend_h;
    let mut svg = Svg::new(width, height, &caption.join(" "));
    for (i, line) in caption.iter().enumerate() {
        svg.text(
            PAD,
            CAPTION_LINE * (i as f64 + 0.5) + 6.0,
            15.0,
            "#222",
            "start",
            line,
        );
    }
    let mut y = caption_h;
    let several = rows.len() > 1;
    for (n, ((before, after, _), lines)) in rows.iter().zip(&step_lines).enumerate() {
        let (left, after_marks) = example_marks(*before, *after);
        let scenario = if several {
            format!("Scenario {}: ", n + 1)
        } else {
            String::new()
        };
        svg.text(
            PAD,
            y + LABEL / 2.0,
            14.0,
            "#222",
            "start",
            &format!("{scenario}before"),
        );
        svg.text(
            panel_w + GAP + PAD,
            y + LABEL / 2.0,
            14.0,
            "#222",
            "start",
            &format!("{scenario}after"),
        );
        svg.text(
            panel_w + GAP / 2.0,
            y + LABEL + before.size().1 / 2.0,
            28.0,
            "#6b5a3c",
            "middle",
            "\u{2192}",
        );
        svg.group(0.0, y + LABEL);
        before.draw(&mut svg, &left);
        svg.end_group();
        svg.group(panel_w + GAP, y + LABEL);
        after.draw(&mut svg, &after_marks);
        svg.end_group();
        let mut ty = y + LABEL + before.size().1.max(after.size().1) + STEP_LINE / 2.0;
        for line in lines {
            svg.text(PAD, ty, 13.0, "#222", "start", line);
            ty += STEP_LINE;
        }
        y += row_heights[n];
    }
    svg.mark_rect(PAD, y + 4.0, 22.0, 16.0, Mark::Moved, "legend");
    svg.text(
        PAD + 30.0,
        y + 12.0,
        12.0,
        "#222",
        "start",
        "placed, moved or changed by the steps",
    );
    svg.mark_rect(PAD + 300.0, y + 4.0, 22.0, 16.0, Mark::Left, "legend");
    svg.text(
        PAD + 330.0,
        y + 12.0,
        12.0,
        "#222",
        "start",
        "a piece left (or was turned over)",
    );
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_wrapped() {
        assert_eq!(escape(r#"a<b & "c">"#), "a&lt;b &amp; &quot;c&quot;&gt;");
        assert_eq!(wrap("one two three four", 9), ["one two", "three", "four"]);
        assert!(wrap("", 10).is_empty());
    }

    #[test]
    fn ink_contrasts_with_its_fill() {
        assert_eq!(ink_on("#ffffff"), "#111111");
        assert_eq!(ink_on("#000000"), "#ffffff");
        // Every colour's letter and every seat's number is readable on its fill.
        for c in Colour::ALL {
            assert_eq!(ink_on(colour_fill(c)), "#ffffff", "{c:?}");
        }
        let purple = seat_fill(Seat::new(1).unwrap());
        assert_eq!(ink_on(purple), "#ffffff");
        let yellow = seat_fill(Seat::new(0).unwrap());
        assert_eq!(ink_on(yellow), "#111111");
    }
}
