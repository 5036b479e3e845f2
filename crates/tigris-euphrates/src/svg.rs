//! SVG pictures of positions (feature `svg`): the board with its tiles, leaders,
//! treasures, catastrophes, monuments, buildings and ziggurat, and each seat's score below.
//!
//! Every tile carries its colour's letter as the position format writes it (`r b g k`;
//! face down under a monument or the ziggurat, on a grey tile), every leader its seat and
//! letter (`1K`), so that a picture reads without telling colours apart and maps to the
//! position text. Marks ring the squares a move changed (see [`changes`]).
//!
//! ```
//! use tigris_euphrates::{Config, Square, Tigris};
//! use tigris_euphrates::svg::{self, Mark, Options};
//!
//! let game = Tigris::new(Config::new(2)).unwrap();
//! let b2: Square = "B2".parse().unwrap();
//! let options = Options::default()
//!     .with_caption("The classic board")
//!     .with_marks(vec![(b2, Mark::Moved)]);
//! let picture = svg::position(&game, &options);
//! assert!(picture.starts_with("<svg"));
//! assert!(picture.contains(r#"data-place="B2""#));
//! // A rule example, before and after its steps, with a caption.
//! let example = svg::example("TE-2009-WAR").unwrap().unwrap();
//! assert!(example.contains("TE-2009-WAR"));
//! ```

use mesopotamia_core::Colour;
use mesopotamia_core::cases::CaseError;
use mesopotamia_core::svg::{self as core_svg, Drawing, Svg, colour_fill, colour_letter, ink_on};

use crate::board::{self, Board, Square};
use crate::position::leader_letter;
use crate::{Monument, Tigris};

pub use mesopotamia_core::svg::Mark;

/// A picture's caption and marked squares.
pub type Options = core_svg::Options<Square>;

const CELL: f64 = 40.0;
const MARGIN: f64 = 30.0;

/// The position as a standalone SVG document.
pub fn position(game: &Tigris, options: &Options) -> String {
    core_svg::position(game, options)
}

/// The squares whose pieces differ between two positions: [`Mark::Left`] where a piece
/// stood before and is gone or changed, [`Mark::Moved`] where one stands after that did
/// not stand there before.
pub fn changes(before: &Tigris, after: &Tigris) -> Vec<(Square, Mark)> {
    core_svg::changes(before, after)
}

/// The picture of one of the [rule examples](crate::examples) (the identifier's case does
/// not matter): its identifier and title, then each scenario's position before and after
/// its steps, the squares they changed ringed. `None` if there is no such example; an
/// error if it does not hold.
pub fn example(id: &str) -> Option<Result<String, CaseError>> {
    core_svg::example_of::<Tigris>(crate::examples::EXAMPLES, id)
}

/// The squares a monument covers, from its top-left corner.
fn covered(corner: Square) -> impl Iterator<Item = Square> {
    [(0, 0), (1, 0), (0, 1), (1, 1)]
        .into_iter()
        .filter_map(move |(dc, dr)| Square::new(corner.column() + dc, corner.row() + dr))
}

fn origin(s: Square) -> (f64, f64) {
    (
        MARGIN + s.column() as f64 * CELL,
        MARGIN + s.row() as f64 * CELL,
    )
}

impl Drawing for Tigris {
    type Place = Square;

    fn contents(&self) -> Vec<(Square, Vec<String>)> {
        let p = self.public();
        let mut out = Vec::new();
        for s in (0..board::SQUARES).filter_map(Square::from_index) {
            let mut here = Vec::new();
            for c in Colour::ALL {
                if p.tiles(c).contains(s.space()) {
                    here.push(format!("tile {c}"));
                }
                if p.flipped_tiles(c).contains(s.space()) {
                    here.push(format!("face-down {c}"));
                }
                if p.building(c) == Some(s) {
                    here.push(format!("building {c}"));
                }
            }
            if p.catastrophes().contains(s.space()) {
                here.push("catastrophe".into());
            }
            if p.treasures().contains(s.space()) {
                here.push("treasure".into());
            }
            if let Some((seat, c)) = p.leader_at(s) {
                here.push(format!("leader {seat}{}", leader_letter(c)));
            }
            for m in Monument::ALL {
                if p.monument(m)
                    .is_some_and(|corner| covered(corner).any(|q| q == s))
                {
                    here.push(format!("monument {m}"));
                }
            }
            if p.ziggurat() == Some(s) {
                here.push("ziggurat".into());
            }
            if !here.is_empty() {
                out.push((s, here));
            }
        }
        out
    }

    fn size(&self) -> (f64, f64) {
        let seats = self.public().config().players as f64;
        (
            MARGIN * 2.0 + board::WIDTH as f64 * CELL,
            MARGIN * 2.0 + board::HEIGHT as f64 * CELL + 10.0 + 22.0 * seats,
        )
    }

    fn draw(&self, svg: &mut Svg, marks: &[(Square, Mark)]) {
        let p = self.public();
        let board = Board::get(p.config().board);
        for c in 0..board::WIDTH {
            let x = MARGIN + (c as f64 + 0.5) * CELL;
            let letter = ((b'A' + c as u8) as char).to_string();
            svg.text(x, MARGIN / 2.0, 12.0, "#555", "middle", &letter);
        }
        for r in 0..board::HEIGHT {
            let y = MARGIN + (r as f64 + 0.5) * CELL;
            svg.text(
                MARGIN / 2.0,
                y,
                12.0,
                "#555",
                "middle",
                &(r + 1).to_string(),
            );
        }
        for s in (0..board::SQUARES).filter_map(Square::from_index) {
            let (x, y) = origin(s);
            let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
            let river = board.river().contains(s.space());
            let ground = if river { "#a9d3ef" } else { "#e9dcb5" };
            // `data-at` names the square as the notation writes it, so a page can map a
            // click to the legal actions that mention it.
            let edge = format!(r##"stroke="#c9b98f" stroke-width="0.5" data-at="{s}""##);
            svg.rect(x, y, CELL, CELL, ground, &edge);
            if board.framed().contains(s.space()) {
                let frame = r##"stroke="#b8860b" stroke-width="2""##;
                svg.rect(x + 2.0, y + 2.0, CELL - 4.0, CELL - 4.0, "none", frame);
            }
            let face_up = Colour::ALL
                .into_iter()
                .find(|&c| p.tiles(c).contains(s.space()));
            let face_down = Colour::ALL
                .into_iter()
                .find(|&c| p.flipped_tiles(c).contains(s.space()));
            if let Some(c) = face_up {
                let fill = colour_fill(c);
                svg.rect(x + 4.0, y + 4.0, CELL - 8.0, CELL - 8.0, fill, r#"rx="4""#);
                svg.text(cx, cy + 2.0, 15.0, ink_on(fill), "middle", colour_letter(c));
            } else if let Some(c) = face_down {
                // Face down under a monument or the ziggurat: its colour as a border.
                let border = format!(r#"rx="4" stroke="{}" stroke-width="3""#, colour_fill(c));
                svg.rect(x + 4.0, y + 4.0, CELL - 8.0, CELL - 8.0, "#8a7f6a", &border);
                svg.text(
                    cx,
                    cy + 2.0,
                    13.0,
                    ink_on("#8a7f6a"),
                    "middle",
                    colour_letter(c),
                );
            }
            if p.catastrophes().contains(s.space()) {
                svg.rect(
                    x + 4.0,
                    y + 4.0,
                    CELL - 8.0,
                    CELL - 8.0,
                    "#111",
                    r#"rx="2""#,
                );
                let (a, b) = (10.0, CELL - 10.0);
                svg.line((x + a, y + a), (x + b, y + b), "#f4f4f4", 3.0);
                svg.line((x + b, y + a), (x + a, y + b), "#f4f4f4", 3.0);
            }
            if p.treasures().contains(s.space()) {
                let (tx, ty) = (x + CELL - 11.0, y + 11.0);
                svg.polygon(
                    &[
                        (tx, ty - 6.0),
                        (tx + 6.0, ty),
                        (tx, ty + 6.0),
                        (tx - 6.0, ty),
                    ],
                    "#f2c500",
                    r##"stroke="#7a6000""##,
                );
            }
            if let Some((seat, colour)) = p.leader_at(s) {
                let fill = core_svg::seat_fill(seat);
                let ring = format!(r#"stroke="{}" stroke-width="4""#, colour_fill(colour));
                svg.circle(cx, cy, 15.0, fill, &ring);
                let label = format!("{seat}{}", leader_letter(colour));
                svg.text(cx, cy, 13.0, ink_on(fill), "middle", &label);
            }
        }
        for m in Monument::ALL {
            let Some(corner) = p.monument(m) else {
                continue;
            };
            let (x, y) = origin(corner);
            let (a, b) = m.colours();
            // Over the four face-down tiles it stands on: the first colour outside, the
            // second inside, each with its letter.
            let (cx, cy) = (x + CELL, y + CELL);
            let (outer, inner) = (CELL * 1.6, CELL * 0.8);
            let edge = r##"rx="6" stroke="#222" stroke-width="2""##;
            svg.rect(
                cx - outer / 2.0,
                cy - outer / 2.0,
                outer,
                outer,
                colour_fill(a),
                edge,
            );
            let corner = (cx - outer / 2.0 + 9.0, cy - outer / 2.0 + 9.0);
            svg.text(
                corner.0,
                corner.1,
                12.0,
                ink_on(colour_fill(a)),
                "middle",
                colour_letter(a),
            );
            let edge = r##"rx="3" stroke="#222" stroke-width="1.5""##;
            svg.rect(
                cx - inner / 2.0,
                cy - inner / 2.0,
                inner,
                inner,
                colour_fill(b),
                edge,
            );
            svg.text(
                cx,
                cy,
                15.0,
                ink_on(colour_fill(b)),
                "middle",
                colour_letter(b),
            );
        }
        if let Some(centre) = p.ziggurat() {
            let (x, y) = origin(centre);
            let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
            let edge = r##"stroke="#5b3a1a" stroke-width="3""##;
            let (long, short) = (CELL * 3.0 - 8.0, CELL - 12.0);
            svg.rect(cx - long / 2.0, cy - short / 2.0, long, short, "none", edge);
            svg.rect(cx - short / 2.0, cy - long / 2.0, short, long, "none", edge);
            svg.circle(cx, cy, 10.0, "#5b3a1a", "");
            svg.text(cx, cy, 10.0, "#ffffff", "middle", "Z");
        }
        for c in Colour::ALL {
            let Some(s) = p.building(c) else { continue };
            let (x, y) = origin(s);
            // A small house in the tile's top-left corner, clear of its letter.
            svg.polygon(
                &[
                    (x + 5.0, y + 18.0),
                    (x + 5.0, y + 11.0),
                    (x + 10.0, y + 5.0),
                    (x + 15.0, y + 11.0),
                    (x + 15.0, y + 18.0),
                ],
                "#f4f0e0",
                r##"stroke="#222" stroke-width="1.5""##,
            );
        }
        for (s, mark) in marks {
            let (x, y) = origin(*s);
            svg.mark_rect(
                x + 1.0,
                y + 1.0,
                CELL - 2.0,
                CELL - 2.0,
                *mark,
                &s.to_string(),
            );
        }
        let mut y = MARGIN + board::HEIGHT as f64 * CELL + 20.0;
        for seat in mesopotamia_core::Seat::all(p.config().players as usize) {
            let vp = p.vp(seat);
            let fill = core_svg::seat_fill(seat);
            svg.circle(MARGIN + 8.0, y, 8.0, fill, r##"stroke="#333""##);
            svg.text(
                MARGIN + 8.0,
                y,
                10.0,
                ink_on(fill),
                "middle",
                &seat.to_string(),
            );
            let text = format!(
                "seat {seat}: VP red {} blue {} green {} black {}, treasures {}, catastrophes left {}, {} tiles in hand",
                vp[Colour::Red],
                vp[Colour::Blue],
                vp[Colour::Green],
                vp[Colour::Black],
                p.treasures_taken(seat),
                p.catastrophes_left(seat),
                p.hand_size(seat)
            );
            svg.text(MARGIN + 22.0, y, 13.0, "#222", "start", &text);
            y += 22.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Action, Position};
    use mesopotamia_core::cases::Case;

    fn square(s: &str) -> Square {
        s.parse().unwrap()
    }

    /// Seat 0 to act with a hand, on an otherwise empty classic board (its temples).
    fn game() -> Tigris {
        let text = crate::examples::example("TE-2009-WAR").unwrap();
        let case = Case::parse("TE-2009-WAR", text).unwrap();
        let position: Position = case.scenarios[0].start.text().parse().unwrap();
        position.into_game().unwrap()
    }

    #[test]
    fn every_square_names_itself_for_a_page_to_map_clicks() {
        let svg = position(&game(), &Options::default());
        assert_eq!(svg.matches("data-at=").count(), board::SQUARES);
        for s in ["A1", "G6", "P11"] {
            assert_eq!(svg.matches(&format!(r#"data-at="{s}""#)).count(), 1, "{s}");
        }
    }

    #[test]
    fn tiles_carry_their_letter_and_leaders_their_label() {
        let game = game();
        let svg = position(&game, &Options::default());
        // The position has red tiles (temples), green markets and leaders 1K, 2T.
        let letters = |l: &str| svg.matches(&format!(">{l}</text>")).count();
        let red = game.public().tiles(Colour::Red).len();
        assert!(red > 0);
        assert_eq!(letters("r"), red);
        assert_eq!(letters("g"), game.public().tiles(Colour::Green).len());
        assert!(svg.contains(">1K</text>") && svg.contains(">2T</text>"));
    }

    #[test]
    fn the_marked_squares_are_those_the_move_changed() {
        let before = game();
        let mut after = before.clone();
        let action: Action = "tile black G5".parse().unwrap();
        after.apply_with_events(action, &mut Vec::new()).unwrap();
        let marks = changes(&before, &after);
        assert_eq!(marks, vec![(square("G5"), Mark::Moved)]);
        let svg = position(&after, &Options::default().with_marks(marks));
        assert_eq!(svg.matches("data-place=").count(), 1);
        assert!(svg.contains(r#"class="moved" data-place="G5""#));
        assert!(changes(&before, &before).is_empty());
    }

    #[test]
    fn the_example_picture_shows_before_after_and_what_left() {
        let svg = example("te-2009-war").unwrap().unwrap();
        assert!(svg.contains("TE-2009-WAR: TE-2009, &quot;Conflit externe&quot;, exemple."));
        assert!(svg.contains(">before</text>") && svg.contains(">after</text>"));
        assert!(svg.contains("seat 0: tile black G5"));
        // The war removes the losing markets H5 and I5 and the trader J5: dashed rings
        // on both panels; G5 is ringed as placed.
        for s in ["H5", "I5", "J5"] {
            assert_eq!(
                svg.matches(&format!(r#"class="left" data-place="{s}""#))
                    .count(),
                2,
                "{s}"
            );
        }
        assert!(svg.contains(r#"class="moved" data-place="G5""#));
        assert!(example("TE-NOTHING").is_none());
    }
}
