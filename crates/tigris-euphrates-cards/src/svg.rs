//! SVG pictures of positions (feature `svg`): the eight columns under their treasures
//! (or temples), the link cards between them, the leaders, and each seat's hand and VP
//! pile below.
//!
//! Every card carries its colour's letter as the position format writes it (`r b g k`),
//! a boat its name (`B-r`: blue and red), every leader its seat and letter (`1K`); the
//! rows are numbered as places are written (`3/2` is column 3, row 2). Every label is at
//! least 12 units high: the site shows the pictures at their own size (or larger) on a
//! desktop. Marks ring the places a move changed (see [`changes`]).
//!
//! ```
//! use tigris_euphrates_cards::{Cards, Config, Place};
//! use tigris_euphrates_cards::svg::{self, Mark, Options};
//!
//! let game = Cards::new(Config::new(2)).unwrap();
//! let options = Options::default().with_marks(vec![(Place::Column(0, 0), Mark::Moved)]);
//! let picture = svg::position(&game, &options);
//! assert!(picture.contains(r#"data-place="1/0""#));
//! // A rule example, before and after its steps, with a caption.
//! let example = svg::example("CARDS-BOAT").unwrap().unwrap();
//! assert!(example.contains("CARDS-BOAT"));
//! ```

use mesopotamia_core::cases::CaseError;
use mesopotamia_core::svg::{self as core_svg, Drawing, Svg, colour_fill, colour_letter, ink_on};
use mesopotamia_core::{Colour, Seat};

use crate::action::{COLUMN_CARDS, COLUMNS, LINKS};
use crate::position::LEADER_LETTERS;
use crate::{Card, Cards, Piece, Place};

pub use mesopotamia_core::svg::Mark;

/// A picture's caption and marked places.
pub type Options = core_svg::Options<Place>;

const MARGIN: f64 = 30.0;
const CARD_W: f64 = 84.0;
const CARD_H: f64 = 36.0;
const GAP: f64 = 34.0;

/// The position as a standalone SVG document.
pub fn position(game: &Cards, options: &Options) -> String {
    core_svg::position(game, options)
}

/// The places whose pieces differ between two positions: [`Mark::Left`] where a card,
/// boat or leader stood before and is gone or changed, [`Mark::Moved`] where one stands
/// after that did not stand there before.
pub fn changes(before: &Cards, after: &Cards) -> Vec<(Place, Mark)> {
    core_svg::changes(before, after)
}

/// The picture of one of the [rule examples](crate::examples) (the identifier's case does
/// not matter): its identifier and title, then each scenario's position before and after
/// its steps, the places they changed ringed. `None` if there is no such example; an
/// error if it does not hold.
pub fn example(id: &str) -> Option<Result<String, CaseError>> {
    core_svg::example_of::<Cards>(crate::examples::EXAMPLES, id)
}

fn x_of(column: usize) -> f64 {
    MARGIN + 20.0 + column as f64 * (CARD_W + GAP)
}

fn y_of(row: usize) -> f64 {
    MARGIN + 20.0 + row as f64 * (CARD_H + 6.0)
}

/// The rectangle of a place: a card of a column, or a link slot.
fn rect_of(place: Place) -> (f64, f64, f64, f64) {
    match place {
        Place::Column(c, r) => (x_of(c as usize), y_of(r as usize), CARD_W, CARD_H),
        Place::Link(l) => (
            x_of(l as usize) + CARD_W + 2.0,
            y_of(0) + 2.0,
            GAP - 4.0,
            CARD_H - 4.0,
        ),
    }
}

impl Cards {
    fn leader_on(&self, place: Place) -> Option<(Seat, Colour)> {
        let p = self.public();
        Seat::all(p.config().players as usize).find_map(|s| {
            Colour::ALL
                .into_iter()
                .find(|&c| p.leader(s, c) == Some(place))
                .map(|c| (s, c))
        })
    }
}

impl Drawing for Cards {
    type Place = Place;

    fn contents(&self) -> Vec<(Place, Vec<String>)> {
        let p = self.public();
        let mut out = Vec::new();
        let with_leader = |place: Place, piece: String| {
            let mut pieces = vec![piece];
            if let Some((s, c)) = self.leader_on(place) {
                pieces.push(format!("leader {s}{}", LEADER_LETTERS[c.index()]));
            }
            (place, pieces)
        };
        for c in 0..COLUMNS {
            let head = if p.treasure_head(c) {
                "treasure"
            } else {
                "temple"
            };
            out.push(with_leader(Place::Column(c as u8, 0), head.into()));
            for (r, piece) in p.column(c).iter().enumerate() {
                let place = Place::Column(c as u8, (r + 1) as u8);
                let what = match piece {
                    Piece::Card(colour) => format!("card {colour}"),
                    Piece::Boat(boat) => format!("boat {boat}"),
                };
                out.push(with_leader(place, what));
            }
        }
        for l in 0..LINKS {
            if let Some((colour, up)) = p.link(l) {
                let side = if up { "" } else { " face down" };
                out.push(with_leader(
                    Place::Link(l as u8),
                    format!("link {colour}{side}"),
                ));
            }
        }
        out
    }

    fn size(&self) -> (f64, f64) {
        let seats = self.public().config().players as f64;
        (
            x_of(COLUMNS) - GAP + MARGIN,
            y_of(COLUMN_CARDS + 1) + 14.0 + 22.0 * seats + MARGIN / 2.0,
        )
    }

    fn draw(&self, svg: &mut Svg, marks: &[(Place, Mark)]) {
        let p = self.public();
        let seats = p.config().players as usize;
        let draw_leader = |svg: &mut Svg, (cx, cy): (f64, f64), r: f64, place: Place| {
            if let Some((seat, colour)) = self.leader_on(place) {
                let fill = core_svg::seat_fill(seat);
                let ring = format!(r#"stroke="{}" stroke-width="3""#, colour_fill(colour));
                svg.circle(cx, cy, r, fill, &ring);
                let label = format!("{seat}{}", LEADER_LETTERS[colour.index()]);
                svg.text(cx, cy, 12.0, ink_on(fill), "middle", &label);
            }
        };
        for r in 0..=COLUMN_CARDS {
            let y = y_of(r) + CARD_H / 2.0;
            svg.text(MARGIN, y, 12.0, "#555", "middle", &r.to_string());
        }
        for c in 0..COLUMNS {
            let x = x_of(c);
            let label = (c + 1).to_string();
            svg.text(x + CARD_W / 2.0, MARGIN, 12.0, "#555", "middle", &label);
            // The treasure (or the temple that replaced it) heads the column.
            let (fill, text) = if p.treasure_head(c) {
                ("#f2c500", "treasure")
            } else {
                (colour_fill(Colour::Red), "temple")
            };
            let y = y_of(0);
            // `data-at` names the place and its column as the notation writes them, so a
            // page can map a click to the legal actions that mention either.
            let place_of = |r: usize| format!("{} {}", Place::Column(c as u8, r as u8), c + 1);
            let edge = format!(r##"rx="5" stroke="#333" data-at="{}""##, place_of(0));
            svg.rect(x, y, CARD_W, CARD_H, fill, &edge);
            svg.text(x + 4.0, y + CARD_H / 2.0, 12.0, ink_on(fill), "start", text);
            let at = (x + CARD_W - 14.0, y + CARD_H / 2.0);
            draw_leader(svg, at, 12.0, Place::Column(c as u8, 0));
            for (r, piece) in p.column(c).iter().enumerate() {
                let y = y_of(r + 1);
                match piece {
                    Piece::Card(colour) => {
                        let fill = colour_fill(*colour);
                        let edge =
                            format!(r##"rx="5" stroke="#222" data-at="{}""##, place_of(r + 1));
                        svg.rect(x, y, CARD_W, CARD_H, fill, &edge);
                        let letter = colour_letter(*colour);
                        svg.text(
                            x + 14.0,
                            y + CARD_H / 2.0,
                            15.0,
                            ink_on(fill),
                            "middle",
                            letter,
                        );
                    }
                    Piece::Boat(boat) => {
                        let fill = colour_fill(Colour::Blue);
                        let edge = format!(
                            r#"rx="16" stroke="{}" stroke-width="4" data-at="{}""#,
                            colour_fill(boat.other()),
                            place_of(r + 1)
                        );
                        svg.rect(x, y, CARD_W, CARD_H, fill, &edge);
                        let name = format!("B-{}", colour_letter(boat.other()));
                        svg.text(
                            x + 8.0,
                            y + CARD_H / 2.0,
                            12.0,
                            ink_on(fill),
                            "start",
                            &name,
                        );
                    }
                }
                let at = (x + CARD_W - 14.0, y + CARD_H / 2.0);
                draw_leader(svg, at, 12.0, Place::Column(c as u8, (r + 1) as u8));
            }
        }
        for l in 0..LINKS {
            let place = Place::Link(l as u8);
            let (x, y, w, h) = rect_of(place);
            match p.link(l) {
                Some((colour, up)) => {
                    let fill = colour_fill(colour);
                    let stroke = if up { "#222" } else { "#f2c500" };
                    let edge =
                        format!(r#"rx="3" stroke="{stroke}" stroke-width="2" data-at="{place}""#);
                    svg.rect(x, y, w, h, fill, &edge);
                    let letter_y = if self.leader_on(place).is_some() {
                        y + 7.0
                    } else {
                        y + h / 2.0
                    };
                    let letter = colour_letter(colour);
                    svg.text(x + w / 2.0, letter_y, 12.0, ink_on(fill), "middle", letter);
                    draw_leader(svg, (x + w / 2.0, y + h / 2.0 + 4.0), 11.0, place);
                }
                // An empty slot: faint and solid, unlike a mark's dashed ring.
                None => {
                    let edge = format!(
                        r##"rx="3" stroke="#ddd4c0" pointer-events="all" data-at="{place}""##
                    );
                    svg.rect(x, y, w, h, "none", &edge)
                }
            }
        }
        for (place, mark) in marks {
            let (x, y, w, h) = rect_of(*place);
            svg.mark_rect(
                x - 3.0,
                y - 3.0,
                w + 6.0,
                h + 6.0,
                *mark,
                &place.to_string(),
            );
        }
        let mut y = y_of(COLUMN_CARDS + 1) + 14.0;
        for seat in Seat::all(seats) {
            let hand: u32 = self.hand(seat).values().iter().map(|&n| n as u32).sum();
            let fill = core_svg::seat_fill(seat);
            svg.circle(MARGIN + 8.0, y, 9.0, fill, r##"stroke="#333""##);
            svg.text(
                MARGIN + 8.0,
                y,
                12.0,
                ink_on(fill),
                "middle",
                &seat.to_string(),
            );
            let top = match self.pile(seat).last() {
                Some(Card::Civ(c)) => c.to_string(),
                Some(Card::Treasure) => "treasure".into(),
                None => "empty".into(),
            };
            let text = format!(
                "seat {seat}: {hand} cards in hand, VP pile of {} (top: {top})",
                self.pile(seat).len()
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

    fn game(id: &str) -> Cards {
        let text = crate::examples::example(id).unwrap();
        let case = Case::parse(id, text).unwrap();
        let position: Position = case.scenarios[0].start.text().parse().unwrap();
        position.into_game().unwrap()
    }

    #[test]
    fn every_card_and_link_slot_names_its_place_for_a_page_to_map_clicks() {
        let game = game("CARDS-EXTERNAL");
        let svg = position(&game, &Options::default());
        let p = game.public();
        let pieces: usize = (0..COLUMNS).map(|c| p.column(c).len()).sum();
        // Each treasure* and column piece (its place and its column), each link slot.
        assert_eq!(svg.matches("data-at=").count(), COLUMNS + pieces + LINKS);
        assert!(svg.contains(r#"data-at="1/0 1""#));
        assert!(svg.contains(r#"data-at="3-4""#));
    }

    #[test]
    fn cards_carry_their_letter_and_leaders_their_label() {
        let game = game("CARDS-EXTERNAL");
        let svg = position(&game, &Options::default());
        let p = game.public();
        let cards = |colour: Colour| {
            (0..COLUMNS)
                .flat_map(|c| p.column(c))
                .filter(|piece| *piece == Piece::Card(colour))
                .count()
        };
        let letters = |l: &str| svg.matches(&format!(">{l}</text>")).count();
        // The green link card carries its letter too.
        assert_eq!(letters("g"), cards(Colour::Green) + 1);
        assert_eq!(letters("k"), cards(Colour::Black));
        assert!(cards(Colour::Black) > 0);
        for leader in ["1T", "1P", "2T", "3P"] {
            assert!(svg.contains(&format!(">{leader}</text>")), "{leader}");
        }
    }

    #[test]
    fn the_marked_places_are_those_the_move_changed() {
        let before = game("CARDS-SCORE-OWN-LEADER");
        let mut after = before.clone();
        let action: Action = "leader trader 1/1".parse().unwrap();
        after.apply_with_events(action, &mut Vec::new()).unwrap();
        // The card 1/1 now carries the trader: that place changed, and no other.
        let marks = changes(&before, &after);
        let place = Place::Column(0, 1);
        assert_eq!(marks, vec![(place, Mark::Moved)]);
        assert!(after.leader_on(place).is_some() && before.leader_on(place).is_none());
        let svg = position(&after, &Options::default().with_marks(marks));
        assert_eq!(svg.matches("data-place=").count(), 1);
        assert!(svg.contains(r#"class="moved" data-place="1/1""#));
    }

    #[test]
    fn no_label_is_under_12_units() {
        for id in ["CARDS-EXTERNAL", "CARDS-BOAT", "CARDS-LINK-TREASURE"] {
            let svg = example(id).unwrap().unwrap();
            for size in svg.split(r#"font-size=""#).skip(1) {
                let size: f64 = size.split('"').next().unwrap().parse().unwrap();
                assert!(size >= 12.0, "{id}: a label of {size}");
            }
        }
    }

    #[test]
    fn the_example_picture_has_a_caption_and_both_positions() {
        let svg = example("cards-boat").unwrap().unwrap();
        assert!(svg.contains("CARDS-BOAT: CARDS, &quot;Bleu&quot;, exemple."));
        assert!(svg.contains(">before</text>") && svg.contains(">after</text>"));
        assert!(svg.contains(r#"class="moved""#));
        assert!(example("CARDS-NOTHING").is_none());
    }
}
