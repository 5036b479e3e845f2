//! SVG pictures of positions (feature `svg`): the city-states and the trade routes between
//! them, the traders on them, the city-state order and each seat's supply and influence.
//!
//! Every city carries its city-state's name and every town and village its slot as the
//! notation writes it (`T1`, `V2`: `Kish:T1` is the town next to Kish on its route), so
//! that the picture maps to the actions; every trader carries its seat's number. The
//! influence tiles on display lie above the first three city-states' cities (below, for the
//! cities of the southern bank), each a tile with its kind's initial (`E` economy, `M`
//! military, `P` politics, `R` religion) and the city-state's place (`place 1`). Every
//! label is at least 12 units high: the site shows the pictures at their own size (or
//! larger) on a desktop. Marks ring the locations a move changed (see [`changes`]).
//!
//! ```
//! use sumeria::{Config, Location, Sumeria};
//! use sumeria::svg::{self, Mark, Options};
//!
//! let game = Sumeria::new(Config::new(3)).unwrap();
//! let kish_t1: Location = "Kish:T1".parse().unwrap();
//! let picture = svg::position(&game, &Options::default().with_marks(vec![(kish_t1, Mark::Moved)]));
//! assert!(picture.contains(r#"data-place="Kish:T1""#));
//! assert!(picture.contains(">Kish</text>") && picture.contains(">T1</text>"));
//! // A rule example, before and after its steps, with a caption.
//! let example = svg::example("SUMERIA-MOVE").unwrap().unwrap();
//! assert!(example.contains("SUMERIA-MOVE"));
//! ```

use mesopotamia_core::Seat;
use mesopotamia_core::cases::CaseError;
use mesopotamia_core::svg::{self as core_svg, Drawing, Svg, ink_on};

use crate::{Board, Influence, Location, Slot, Sumeria};

pub use mesopotamia_core::svg::Mark;

/// A picture's caption and marked locations.
pub type Options = core_svg::Options<Location>;

const WIDTH: f64 = 980.0;
const MAP_HEIGHT: f64 = 455.0;

/// The position as a standalone SVG document.
pub fn position(game: &Sumeria, options: &Options) -> String {
    core_svg::position(game, options)
}

/// The locations whose trader differs between two positions: [`Mark::Left`] where a
/// trader stood before and is gone (or another stands), [`Mark::Moved`] where one stands
/// after that did not stand there before.
pub fn changes(before: &Sumeria, after: &Sumeria) -> Vec<(Location, Mark)> {
    core_svg::changes(before, after)
}

/// The picture of one of the [rule examples](crate::examples) (the identifier's case does
/// not matter): its identifier and title, then each scenario's position before and after
/// its steps, the locations they changed ringed. `None` if there is no such example; an
/// error if it does not hold.
pub fn example(id: &str) -> Option<Result<String, CaseError>> {
    core_svg::example_of::<Sumeria>(crate::examples::EXAMPLES, id)
}

/// A point of the picture.
type Point = (f64, f64);

/// Where each location (by index) is drawn, and the direction of its route there.
struct Layout {
    at: Vec<Option<(Point, Point)>>,
    routes: Vec<Vec<Point>>,
}

fn layout(board: &Board) -> Layout {
    // City-states in the board file's order: the first half along the top, the rest
    // along the bottom (the reconstructed map's north and south banks).
    let order: Vec<usize> = board
        .source()
        .lines()
        .filter_map(|l| l.strip_prefix("state "))
        .filter_map(|n| board.names().iter().position(|s| s.as_str() == n.trim()))
        .collect();
    let half = order.len().div_ceil(2).max(1);
    let city_at = |state: usize| -> (f64, f64) {
        let k = order.iter().position(|&s| s == state).unwrap_or(state);
        let (row, col) = (k / half, k % half);
        (150.0 + col as f64 * 230.0, 110.0 + row as f64 * 260.0)
    };
    let centre = (WIDTH / 2.0, 240.0);
    let locations = board
        .routes()
        .iter()
        .flatten()
        .map(|&i| i as usize + 1)
        .max()
        .unwrap_or(0);
    let mut out = Layout {
        at: vec![None; locations],
        routes: Vec::new(),
    };
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for route in board.routes() {
        let loc = |i: u8| board.location(i as usize);
        let (Some(first), Some(last)) = (
            route.first().and_then(|&i| loc(i)),
            route.last().and_then(|&i| loc(i)),
        ) else {
            continue;
        };
        let a_state = board.state_index(first.state).unwrap_or(0);
        let b_state = board.state_index(last.state).unwrap_or(0);
        let a = city_at(a_state);
        let b = if matches!(last.slot, Slot::City) && b_state != a_state {
            city_at(b_state)
        } else {
            // A route to the board's edge points away from the middle.
            let (dx, dy) = (a.0 - centre.0, a.1 - centre.1);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            (a.0 + dx / len * 130.0, a.1 + dy / len * 130.0)
        };
        // Parallel routes between the same two cities are bowed apart.
        let key = (a_state.min(b_state), a_state.max(b_state));
        let twin = pairs.iter().filter(|&&k| k == key).count() as f64;
        pairs.push(key);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let (nx, ny) = (-dy / len, dx / len);
        let bow = twin * 40.0;
        let n = route.len().max(2) - 1;
        let mut points = Vec::new();
        for (k, &index) in route.iter().enumerate() {
            let t = k as f64 / n as f64;
            let lift = bow * (std::f64::consts::PI * t).sin();
            let point = (a.0 + dx * t + nx * lift, a.1 + dy * t + ny * lift);
            points.push(point);
            if let Some(slot) = out.at.get_mut(index as usize) {
                slot.get_or_insert((point, (dx / len, dy / len)));
            }
        }
        out.routes.push(points);
    }
    out
}

fn radius(slot: Slot) -> f64 {
    match slot {
        Slot::City => 18.0,
        Slot::Town(_) => 12.0,
        Slot::Village(_) => 9.0,
    }
}

impl Drawing for Sumeria {
    type Place = Location;

    fn contents(&self) -> Vec<(Location, Vec<String>)> {
        let p = self.public();
        let board = p.board();
        (0..crate::board::LOCATIONS)
            .filter_map(|i| {
                let seat = p.occupant(i)?;
                Some((board.location(i)?, vec![format!("trader {seat}")]))
            })
            .collect()
    }

    fn size(&self) -> (f64, f64) {
        let seats = self.public().config().players as f64;
        (WIDTH, MAP_HEIGHT + 40.0 + 24.0 * seats)
    }

    fn draw(&self, svg: &mut Svg, marks: &[(Location, Mark)]) {
        let p = self.public();
        let board = p.board();
        let layout = layout(board);
        for route in &layout.routes {
            for pair in route.windows(2) {
                svg.line(pair[0], pair[1], "#9c8b6e", 2.0);
            }
        }
        for (index, placed) in layout.at.iter().enumerate() {
            let (Some(((x, y), (dx, dy))), Some(location)) = (*placed, board.location(index))
            else {
                continue;
            };
            let r = radius(location.slot);
            let ground = match location.slot {
                Slot::City => "#d9b26f",
                Slot::Town(_) => "#efe0bd",
                Slot::Village(_) => "#f7f0de",
            };
            // `data-at` names the location as the notation writes it (a page maps a click
            // to the legal actions that mention it).
            let edge = format!(r##"stroke="#6b5a3c" stroke-width="1.5" data-at="{location}""##);
            svg.circle(x, y, r, ground, &edge);
            if let Some(seat) = p.occupant(index) {
                let fill = core_svg::seat_fill(seat);
                svg.circle(x, y, r - 2.0, fill, r##"stroke="#222""##);
                svg.text(x, y, 12.0, ink_on(fill), "middle", &seat.to_string());
            }
            if matches!(location.slot, Slot::City) {
                // Above the northern cities, below the southern ones: clear of the
                // routes that leave them.
                let name = location.state.as_str();
                let dy = if y > 240.0 { 31.0 } else { -30.0 };
                svg.text(x, y + dy, 14.0, "#3b2f1c", "middle", name);
            } else {
                // The slot's name beside the route, clear of a mark's ring: above a
                // level route, right of a steep one.
                let label = location.slot.to_string();
                if dx.abs() >= dy.abs() {
                    svg.text(x, y - r - 13.0, 12.0, "#5a4a30", "middle", &label);
                } else {
                    svg.text(x + r + 8.0, y, 12.0, "#5a4a30", "start", &label);
                }
            }
        }
        draw_display(self, svg, &layout);
        for (location, mark) in marks {
            let Some(((x, y), _)) = board
                .index_of(*location)
                .and_then(|i| layout.at.get(i).copied().flatten())
            else {
                continue;
            };
            let r = radius(location.slot) + 4.0;
            svg.mark_circle(x, y, r, *mark, &location.to_string());
        }
        let order: Vec<String> = p
            .order()
            .enumerate()
            .map(|(i, n)| format!("{}. {n}", i + 1))
            .collect();
        let text = format!("City-state order: {}", order.join("  "));
        svg.text(30.0, MAP_HEIGHT + 10.0, 13.0, "#222", "start", &text);
        let mut y = MAP_HEIGHT + 40.0;
        for seat in Seat::all(p.config().players as usize) {
            let fill = core_svg::seat_fill(seat);
            svg.circle(38.0, y, 9.0, fill, r##"stroke="#333""##);
            svg.text(38.0, y, 12.0, ink_on(fill), "middle", &seat.to_string());
            let held: Vec<String> = Influence::ALL
                .iter()
                .map(|&k| format!("{k} {}", p.held(seat, k)))
                .collect();
            let text = format!(
                "seat {seat}: {} traders in supply; influence: {}",
                p.supply(seat),
                held.join(", ")
            );
            svg.text(52.0, y, 12.0, "#222", "start", &text);
            y += 24.0;
        }
    }
}

/// The influence tiles on display: those of place 1, 2 and 3 beside the city of the
/// city-state in that place (above a northern city, below a southern one), one tile per
/// influence tile with its kind's initial, and the place's number.
fn draw_display(game: &Sumeria, svg: &mut Svg, layout: &Layout) {
    const TILE: f64 = 22.0;
    let p = game.public();
    let board = p.board();
    for (place, name) in p.order().take(3).enumerate() {
        let Some(((x, y), _)) = board
            .index_of(Location {
                state: name,
                slot: Slot::City,
            })
            .and_then(|i| layout.at.get(i).copied().flatten())
        else {
            continue;
        };
        let tiles: Vec<Influence> = Influence::ALL
            .into_iter()
            .flat_map(|k| std::iter::repeat_n(k, p.display(place, k) as usize))
            .collect();
        // Clear of the city's name: above it in the north, below it in the south.
        let row = if y > 240.0 { y + 58.0 } else { y - 62.0 };
        let label = format!("place {}", place + 1);
        let width = tiles.len() as f64 * (TILE + 3.0) - 3.0;
        let left = x - width / 2.0;
        let label_x = if tiles.is_empty() { x } else { left - 6.0 };
        let anchor = if tiles.is_empty() { "middle" } else { "end" };
        svg.text(label_x, row, 12.0, "#5a4a30", anchor, &label);
        for (k, kind) in tiles.iter().enumerate() {
            let tx = left + k as f64 * (TILE + 3.0);
            let fill = influence_fill(*kind);
            let edge = format!(r##"rx="3" stroke="#333" data-influence="{kind}""##);
            svg.rect(tx, row - TILE / 2.0, TILE, TILE, fill, &edge);
            svg.text(
                tx + TILE / 2.0,
                row,
                13.0,
                ink_on(fill),
                "middle",
                influence_letter(*kind),
            );
        }
    }
}

/// An influence kind's initial in the pictures.
const fn influence_letter(kind: Influence) -> &'static str {
    match kind {
        Influence::Economy => "E",
        Influence::Military => "M",
        Influence::Politics => "P",
        Influence::Religion => "R",
    }
}

/// An influence kind's tile colour (its initial says which it is: colour only helps).
const fn influence_fill(kind: Influence) -> &'static str {
    match kind {
        Influence::Economy => "#2f7d4f",
        Influence::Military => "#9b2c2c",
        Influence::Politics => "#3b5b9a",
        Influence::Religion => "#e0c050",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Action, Position};
    use mesopotamia_core::cases::Case;

    fn game() -> Sumeria {
        let text = crate::examples::example("SUMERIA-MOVE").unwrap();
        let case = Case::parse("SUMERIA-MOVE", text).unwrap();
        let position: Position = case.scenarios[0].start.text().parse().unwrap();
        position.into_game().unwrap()
    }

    #[test]
    fn every_location_names_itself_for_a_page_to_map_clicks() {
        let game = game();
        let svg = position(&game, &Options::default());
        let board = game.public().board();
        let locations = (0..crate::board::LOCATIONS)
            .filter_map(|i| board.location(i))
            .collect::<Vec<_>>();
        assert_eq!(svg.matches("data-at=").count(), locations.len());
        for location in locations {
            assert!(
                svg.contains(&format!(r#"data-at="{location}""#)),
                "{location}"
            );
        }
    }

    #[test]
    fn every_location_shows_its_name() {
        let game = game();
        let svg = position(&game, &Options::default());
        let board = game.public().board();
        for name in board.names() {
            assert!(
                svg.contains(&format!(">{}</text>", name.as_str())),
                "{name}"
            );
        }
        // Each town and village slot is written once per city-state that has it.
        for slot in ["T1", "T2", "T3", "V1", "V2", "V3"] {
            let have = (0..crate::board::LOCATIONS)
                .filter_map(|i| board.location(i))
                .filter(|l| l.slot.to_string() == slot)
                .count();
            assert!(have > 0);
            assert_eq!(
                svg.matches(&format!(">{slot}</text>")).count(),
                have,
                "{slot}"
            );
        }
    }

    #[test]
    fn the_influence_tiles_on_display_are_drawn_above_their_city_states() {
        let text = crate::examples::example("SUMERIA-ROUND-SCORING").unwrap();
        let case = Case::parse("SUMERIA-ROUND-SCORING", text).unwrap();
        let position: Position = case.scenarios[0].start.text().parse().unwrap();
        let game = position.into_game().unwrap();
        let svg = position_svg(&game);
        // `display economy military religion / economy politics / military`: six tiles.
        assert_eq!(svg.matches("data-influence=").count(), 6);
        for (kind, n) in [
            ("economy", 2),
            ("military", 2),
            ("politics", 1),
            ("religion", 1),
        ] {
            assert_eq!(
                svg.matches(&format!(r#"data-influence="{kind}""#)).count(),
                n,
                "{kind}"
            );
        }
        for place in ["place 1", "place 2", "place 3"] {
            assert!(svg.contains(&format!(">{place}</text>")), "{place}");
        }
        for letter in ["E", "M", "P", "R"] {
            assert!(svg.contains(&format!(">{letter}</text>")), "{letter}");
        }
    }

    #[test]
    fn no_label_is_under_12_units() {
        let svg = example("SUMERIA-ROUND-SCORING").unwrap().unwrap();
        for size in svg.split(r#"font-size=""#).skip(1) {
            let size: f64 = size.split('"').next().unwrap().parse().unwrap();
            assert!(size >= 12.0, "a label of {size}");
        }
    }

    fn position_svg(game: &Sumeria) -> String {
        position(game, &Options::default())
    }

    #[test]
    fn the_marked_locations_are_those_the_move_changed() {
        let before = game();
        let mut after = before.clone();
        let action: Action = "move Kish:V1 Nippur:T2".parse().unwrap();
        after.apply_with_events(action, &mut Vec::new()).unwrap();
        let at = |s: &str| s.parse::<Location>().unwrap();
        assert_eq!(
            changes(&before, &after),
            vec![(at("Kish:V1"), Mark::Left), (at("Nippur:T2"), Mark::Moved)]
        );
        let svg = example("sumeria-move").unwrap().unwrap();
        assert!(svg.contains(r#"class="left" data-place="Kish:V1""#));
        assert!(svg.contains(r#"class="moved" data-place="Nippur:T2""#));
        assert!(svg.contains("seat 0: move Kish:V1 Nippur:T2"));
        assert!(svg.contains(">Scenario 2: before</text>"));
    }
}
