//! `render`: an SVG picture of a position, written by hand (SVG is plain XML text; no
//! crate is needed to write a few rectangles, circles and labels).

use std::fmt::Write as _;

use mesopotamia_core::cases::CaseGame;
use mesopotamia_core::{Colour, Game, Seat};
use sumeria::Sumeria;
use tigris_euphrates::{Board, Monument, Square, Tigris};
use tigris_euphrates_cards::{Card, Cards, Piece, Place};

/// A game whose positions can be drawn.
pub(crate) trait Render {
    /// The position as a standalone SVG document.
    fn svg(&self) -> String;
}

/// Fill colours of the four civilization colours.
fn fill(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "#c8323c",
        Colour::Blue => "#2d6fb5",
        Colour::Green => "#2e8b45",
        Colour::Black => "#333333",
    }
}

/// Each seat's colour (dynasty), seats 0 to 3.
fn seat_fill(seat: Seat) -> &'static str {
    ["#e0a800", "#8e44ad", "#16a2b8", "#e8e8e8"][seat.index() % 4]
}

fn leader_letter(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "P",
        Colour::Blue => "F",
        Colour::Green => "T",
        Colour::Black => "K",
    }
}

/// Text escaped for XML.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// An SVG document being written.
struct Svg {
    out: String,
}

impl Svg {
    fn new(width: u32, height: u32, title: &str) -> Svg {
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, sans-serif">"#
        );
        let _ = writeln!(out, "<title>{}</title>", esc(title));
        let _ = writeln!(
            out,
            r##"<rect x="0" y="0" width="{width}" height="{height}" fill="#faf6ec"/>"##
        );
        Svg { out }
    }

    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, extra: &str) {
        let _ = writeln!(
            self.out,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" fill="{fill}" {extra}/>"#
        );
    }

    fn circle(&mut self, x: f64, y: f64, r: f64, fill: &str, extra: &str) {
        let _ = writeln!(
            self.out,
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{fill}" {extra}/>"#
        );
    }

    fn line(&mut self, a: (f64, f64), b: (f64, f64), stroke: &str, width: f64) {
        let _ = writeln!(
            self.out,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{stroke}" stroke-width="{width}"/>"#,
            a.0, a.1, b.0, b.1
        );
    }

    fn text(&mut self, x: f64, y: f64, size: f64, fill: &str, anchor: &str, text: &str) {
        let _ = writeln!(
            self.out,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" dominant-baseline="central">{}</text>"#,
            esc(text)
        );
    }

    fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

const CELL: f64 = 40.0;
const MARGIN: f64 = 30.0;

impl Render for Tigris {
    fn svg(&self) -> String {
        let p = self.public();
        let config = p.config();
        let board = Board::get(config.board);
        let (cols, rows) = (16.0, 11.0);
        let seats = config.players as usize;
        let width = (MARGIN * 2.0 + cols * CELL) as u32;
        let height = (MARGIN * 2.0 + rows * CELL + 30.0 + 22.0 * seats as f64) as u32;
        let mut svg = Svg::new(width, height, "Tigris & Euphrates position");
        let origin = |s: Square| {
            (
                MARGIN + s.column() as f64 * CELL,
                MARGIN + s.row() as f64 * CELL,
            )
        };
        for c in 0..16 {
            let x = MARGIN + (c as f64 + 0.5) * CELL;
            svg.text(
                x,
                MARGIN / 2.0,
                12.0,
                "#555",
                "middle",
                &((b'A' + c) as char).to_string(),
            );
        }
        for r in 0..11 {
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
        let flipped_colour = |s: Square| {
            Colour::ALL
                .into_iter()
                .find(|&c| p.flipped_tiles(c).contains(s.space()))
        };
        for i in 0..tigris_euphrates::board::SQUARES {
            let Some(s) = Square::from_index(i) else {
                continue;
            };
            let (x, y) = origin(s);
            let river = board.river().contains(s.space());
            let ground = if river { "#a9d3ef" } else { "#e9dcb5" };
            svg.rect(
                x,
                y,
                CELL,
                CELL,
                ground,
                r##"stroke="#c9b98f" stroke-width="0.5""##,
            );
            if board.framed().contains(s.space()) {
                svg.rect(
                    x + 2.0,
                    y + 2.0,
                    CELL - 4.0,
                    CELL - 4.0,
                    "none",
                    r##"stroke="#b8860b" stroke-width="2""##,
                );
            }
            if let Some(c) = Colour::ALL
                .into_iter()
                .find(|&c| p.tiles(c).contains(s.space()))
            {
                svg.rect(
                    x + 4.0,
                    y + 4.0,
                    CELL - 8.0,
                    CELL - 8.0,
                    fill(c),
                    r#"rx="4""#,
                );
            } else if let Some(c) = flipped_colour(s) {
                // Face down under a monument or the ziggurat: its colour only as a border.
                svg.rect(
                    x + 4.0,
                    y + 4.0,
                    CELL - 8.0,
                    CELL - 8.0,
                    "#8a7f6a",
                    &format!(r#"rx="4" stroke="{}" stroke-width="3""#, fill(c)),
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
                svg.line(
                    (x + 10.0, y + 10.0),
                    (x + CELL - 10.0, y + CELL - 10.0),
                    "#f4f4f4",
                    3.0,
                );
                svg.line(
                    (x + CELL - 10.0, y + 10.0),
                    (x + 10.0, y + CELL - 10.0),
                    "#f4f4f4",
                    3.0,
                );
            }
            if p.treasures().contains(s.space()) {
                let (cx, cy) = (x + CELL - 11.0, y + 11.0);
                let _ = writeln!(
                    svg.out,
                    r##"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="#f2c500" stroke="#7a6000"/>"##,
                    cx,
                    cy - 6.0,
                    cx + 6.0,
                    cy,
                    cx,
                    cy + 6.0,
                    cx - 6.0,
                    cy
                );
            }
            if let Some((seat, colour)) = p.leader_at(s) {
                let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
                svg.circle(
                    cx,
                    cy,
                    15.0,
                    seat_fill(seat),
                    &format!(r#"stroke="{}" stroke-width="4""#, fill(colour)),
                );
                svg.text(
                    cx,
                    cy,
                    13.0,
                    "#111",
                    "middle",
                    &format!("{}{}", seat, leader_letter(colour)),
                );
            }
        }
        for m in Monument::ALL {
            let Some(corner) = p.monument(m) else {
                continue;
            };
            let (x, y) = origin(corner);
            let (a, b) = m.colours();
            let (cx, cy) = (x + CELL, y + CELL);
            svg.rect(
                cx - 18.0,
                cy - 18.0,
                36.0,
                36.0,
                fill(a),
                r##"stroke="#222" stroke-width="2""##,
            );
            svg.rect(
                cx - 9.0,
                cy - 9.0,
                18.0,
                18.0,
                fill(b),
                r##"stroke="#222" stroke-width="1.5""##,
            );
        }
        if let Some(centre) = p.ziggurat() {
            let (x, y) = origin(centre);
            let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
            svg.rect(
                cx - CELL * 1.5 + 4.0,
                cy - CELL / 2.0 + 6.0,
                CELL * 3.0 - 8.0,
                CELL - 12.0,
                "none",
                r##"stroke="#5b3a1a" stroke-width="3""##,
            );
            svg.rect(
                cx - CELL / 2.0 + 6.0,
                cy - CELL * 1.5 + 4.0,
                CELL - 12.0,
                CELL * 3.0 - 8.0,
                "none",
                r##"stroke="#5b3a1a" stroke-width="3""##,
            );
            svg.circle(cx, cy, 10.0, "#5b3a1a", "");
            svg.text(cx, cy, 10.0, "#fff", "middle", "Z");
        }
        for c in Colour::ALL {
            let Some(s) = p.building(c) else { continue };
            let (x, y) = origin(s);
            let _ = writeln!(
                svg.out,
                r##"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="#f4f0e0" stroke="#222" stroke-width="1.5"/>"##,
                x + 8.0,
                y + 32.0,
                x + 8.0,
                y + 20.0,
                x + 14.0,
                y + 13.0,
                x + 20.0,
                y + 20.0,
                x + 20.0,
                y + 32.0
            );
        }
        let mut y = MARGIN + rows * CELL + 20.0;
        for seat in Seat::all(seats) {
            let vp = p.vp(seat);
            svg.circle(MARGIN + 8.0, y, 8.0, seat_fill(seat), r##"stroke="#333""##);
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
        svg.finish()
    }
}

impl Render for Cards {
    fn svg(&self) -> String {
        let p = self.public();
        let (card_w, card_h, gap) = (70.0, 36.0, 34.0);
        let seats = p.config().players as usize;
        let columns = 8;
        let width = (MARGIN * 2.0 + columns as f64 * (card_w + gap)) as u32;
        let height = (MARGIN * 2.0 + 9.0 * (card_h + 6.0) + 40.0 + 22.0 * seats as f64) as u32;
        let mut svg = Svg::new(width, height, "Euphrat & Tigris (card game) position");
        let x_of = |c: usize| MARGIN + c as f64 * (card_w + gap);
        let y_of = |row: usize| MARGIN + 20.0 + row as f64 * (card_h + 6.0);
        let leader_on = |place: Place| {
            Seat::all(seats).find_map(|s| {
                Colour::ALL
                    .into_iter()
                    .find(|&c| p.leader(s, c) == Some(place))
                    .map(|c| (s, c))
            })
        };
        let draw_leader = |svg: &mut Svg, x: f64, y: f64, place: Place| {
            if let Some((seat, colour)) = leader_on(place) {
                svg.circle(
                    x + card_w - 14.0,
                    y + card_h / 2.0,
                    12.0,
                    seat_fill(seat),
                    &format!(r#"stroke="{}" stroke-width="3""#, fill(colour)),
                );
                svg.text(
                    x + card_w - 14.0,
                    y + card_h / 2.0,
                    11.0,
                    "#111",
                    "middle",
                    &format!("{seat}{}", leader_letter(colour)),
                );
            }
        };
        for c in 0..columns {
            let x = x_of(c);
            svg.text(
                x + card_w / 2.0,
                MARGIN,
                12.0,
                "#555",
                "middle",
                &(c + 1).to_string(),
            );
            // The treasure (or the temple that replaced it) heads the column.
            let (head_fill, head_text) = if p.treasure_head(c) {
                ("#f2c500", "treasure")
            } else {
                (fill(Colour::Red), "temple")
            };
            let y = y_of(0);
            svg.rect(x, y, card_w, card_h, head_fill, r##"rx="5" stroke="#333""##);
            svg.text(x + 6.0, y + card_h / 2.0, 11.0, "#111", "start", head_text);
            draw_leader(&mut svg, x, y, Place::Column(c as u8, 0));
            for (r, piece) in p.column(c).iter().enumerate() {
                let y = y_of(r + 1);
                match piece {
                    Piece::Card(colour) => {
                        svg.rect(
                            x,
                            y,
                            card_w,
                            card_h,
                            fill(*colour),
                            r##"rx="5" stroke="#222""##,
                        );
                    }
                    Piece::Boat(boat) => {
                        svg.rect(
                            x,
                            y,
                            card_w,
                            card_h,
                            fill(Colour::Blue),
                            &format!(
                                r#"rx="16" stroke="{}" stroke-width="4""#,
                                fill(boat.other())
                            ),
                        );
                        svg.text(x + 8.0, y + card_h / 2.0, 11.0, "#fff", "start", "boat");
                    }
                }
                draw_leader(&mut svg, x, y, Place::Column(c as u8, (r + 1) as u8));
            }
        }
        for l in 0..columns - 1 {
            let x = x_of(l) + card_w + 2.0;
            let y = y_of(0) + 2.0;
            match p.link(l) {
                Some((colour, up)) => {
                    let stroke = if up { "#222" } else { "#f2c500" };
                    svg.rect(
                        x,
                        y,
                        gap - 4.0,
                        card_h - 4.0,
                        fill(colour),
                        &format!(r#"rx="3" stroke="{stroke}" stroke-width="2""#),
                    );
                    if let Some((seat, colour)) = leader_on(Place::Link(l as u8)) {
                        svg.circle(
                            x + (gap - 4.0) / 2.0,
                            y + card_h / 2.0 - 2.0,
                            10.0,
                            seat_fill(seat),
                            &format!(r#"stroke="{}" stroke-width="3""#, fill(colour)),
                        );
                    }
                }
                None => svg.rect(
                    x,
                    y,
                    gap - 4.0,
                    card_h - 4.0,
                    "none",
                    r##"rx="3" stroke="#bbb" stroke-dasharray="3,3""##,
                ),
            }
        }
        let mut y = y_of(9) + 20.0;
        for seat in Seat::all(seats) {
            let hand: u32 = self.hand(seat).values().iter().map(|&n| n as u32).sum();
            svg.circle(MARGIN + 8.0, y, 8.0, seat_fill(seat), r##"stroke="#333""##);
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
        svg.finish()
    }
}

impl Render for Sumeria {
    fn svg(&self) -> String {
        let p = self.public();
        let board = p.board();
        // City-states in the board file's order: the first half along the top, the rest
        // along the bottom (the reconstructed map's north and south banks).
        let order: Vec<usize> = board
            .source()
            .lines()
            .filter_map(|l| l.strip_prefix("state "))
            .filter_map(|n| board.names().iter().position(|s| s.as_str() == n.trim()))
            .collect();
        let half = order.len().div_ceil(2).max(1);
        let (width, height) = (980.0, 660.0);
        let city_at = |state: usize| -> (f64, f64) {
            let k = order.iter().position(|&s| s == state).unwrap_or(state);
            let (row, col) = (k / half, k % half);
            (150.0 + col as f64 * 230.0, 150.0 + row as f64 * 260.0)
        };
        let centre = (width / 2.0, 280.0);
        let mut at = vec![
            None;
            board
                .routes()
                .iter()
                .flatten()
                .map(|&i| i as usize + 1)
                .max()
                .unwrap_or(0)
        ];
        let mut svg = Svg::new(width as u32, height as u32, "Sumeria position");
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for route in board.routes() {
            let loc = |i: u8| board.location(i as usize);
            let Some(first) = route.first().and_then(|&i| loc(i)) else {
                continue;
            };
            let Some(last) = route.last().and_then(|&i| loc(i)) else {
                continue;
            };
            let a_state = board.state_index(first.state).unwrap_or(0);
            let b_state = board.state_index(last.state).unwrap_or(0);
            let a = city_at(a_state);
            let ends_at_city = matches!(last.slot, sumeria::Slot::City) && b_state != a_state;
            let b = if ends_at_city {
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
            let (nx, ny) = {
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                let len = (dx * dx + dy * dy).sqrt().max(1.0);
                (-dy / len, dx / len)
            };
            let bow = twin * 40.0;
            let n = route.len().max(2) - 1;
            let mut previous = None;
            for (k, &index) in route.iter().enumerate() {
                let t = k as f64 / n as f64;
                let lift = bow * (std::f64::consts::PI * t).sin();
                let point = (
                    a.0 + (b.0 - a.0) * t + nx * lift,
                    a.1 + (b.1 - a.1) * t + ny * lift,
                );
                if let Some(prev) = previous {
                    svg.line(prev, point, "#9c8b6e", 2.0);
                }
                previous = Some(point);
                if let Some(slot) = at.get_mut(index as usize) {
                    if slot.is_none() {
                        *slot = Some(point);
                    }
                }
            }
        }
        for (index, point) in at.iter().enumerate() {
            let (Some((x, y)), Some(location)) = (point, board.location(index)) else {
                continue;
            };
            let (r, ground) = match location.slot {
                sumeria::Slot::City => (18.0, "#d9b26f"),
                sumeria::Slot::Town(_) => (12.0, "#efe0bd"),
                sumeria::Slot::Village(_) => (9.0, "#f7f0de"),
            };
            svg.circle(
                *x,
                *y,
                r,
                ground,
                r##"stroke="#6b5a3c" stroke-width="1.5""##,
            );
            if let Some(seat) = p.occupant(index) {
                svg.circle(*x, *y, r - 3.0, seat_fill(seat), r##"stroke="#222""##);
                svg.text(*x, *y, 10.0, "#111", "middle", &seat.to_string());
            }
            if matches!(location.slot, sumeria::Slot::City) {
                svg.text(
                    *x,
                    *y - 28.0,
                    14.0,
                    "#3b2f1c",
                    "middle",
                    location.state.as_str(),
                );
            }
        }
        let order_text: Vec<String> = p
            .order()
            .enumerate()
            .map(|(i, n)| format!("{}. {n}", i + 1))
            .collect();
        svg.text(
            30.0,
            530.0,
            13.0,
            "#222",
            "start",
            &format!("City-state order: {}", order_text.join("  ")),
        );
        let mut y = 560.0;
        for seat in Seat::all(p.config().players as usize) {
            svg.circle(38.0, y, 8.0, seat_fill(seat), r##"stroke="#333""##);
            let held: Vec<String> = sumeria::Influence::ALL
                .iter()
                .map(|&k| format!("{k} {}", p.held(seat, k)))
                .collect();
            svg.text(
                52.0,
                y,
                12.0,
                "#222",
                "start",
                &format!(
                    "seat {seat}: {} traders in supply; influence: {}",
                    p.supply(seat),
                    held.join(", ")
                ),
            );
            y += 24.0;
        }
        svg.finish()
    }
}

/// The picture of a position text or a game record's final position.
fn picture_of_file(path: &std::path::Path) -> Result<String, String> {
    let named = |e: String| format!("{}: {e}", path.display());
    let size = std::fs::metadata(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?
        .len();
    if size > crate::records::MAX_RECORD_BYTES {
        return Err(named(format!(
            "{size} bytes: too large for a position or a record"
        )));
    }
    let peek = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if peek.trim_ascii_start().starts_with(b"{") {
        drop(peek);
        let (game, text) = crate::records::read(path)?;
        fn end<G: Game + Render>(text: &str) -> Result<String, String>
        where
            G::Config: serde::de::DeserializeOwned,
        {
            let record = crate::records::parse::<G>(text)?;
            Ok(record.replay().map_err(|e| e.to_string())?.svg())
        }
        return match game.as_str() {
            "tigris" => end::<Tigris>(&text),
            "cards" => end::<Cards>(&text),
            "sumeria" => end::<Sumeria>(&text),
            other => Err(format!("not a game record: unknown game `{other}`")),
        }
        .map_err(named);
    }
    let text = String::from_utf8(peek).map_err(|e| named(format!("not text: {e}")))?;
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .unwrap_or("");
    // Each game reads its own position format (the one its rule examples use).
    fn picture<G: CaseGame + Render>(text: &str) -> Result<String, String> {
        Ok(G::from_position(text)?.svg())
    }
    match first.split_whitespace().next() {
        Some("tigris") => picture::<Tigris>(&text),
        Some("cards") => picture::<Cards>(&text),
        Some("sumeria") => picture::<Sumeria>(&text),
        _ => Err(
            "neither a position (first line `tigris ...`, `cards ...` or `sumeria ...`) nor a game record".into(),
        ),
    }
    .map_err(named)
}

pub(crate) fn run(args: &crate::RenderArgs) -> Result<(), String> {
    if let Some(dir) = &args.examples_dir {
        return examples_dir(dir, args.check);
    }
    let svg = if let Some(id) = &args.example {
        let all = crate::examples_cmd::all();
        let (game, id, text) = all
            .iter()
            .find(|(_, i, _)| i.eq_ignore_ascii_case(id))
            .ok_or_else(|| format!("no rule example `{id}` (`mesopotamia examples` lists them)"))?;
        crate::examples_cmd::transcript(game, id, text)?.1
    } else if let Some(file) = &args.file {
        picture_of_file(file)?
    } else {
        return Err("give a file, --example ID or --examples-dir DIR".into());
    };
    match &args.output {
        Some(path) => {
            std::fs::write(path, svg).map_err(|e| format!("cannot write {}: {e}", path.display()))
        }
        None => {
            say_raw!("{svg}");
            Ok(())
        }
    }
}

/// Writes (or with `check`, compares) `DIR/ID.svg` for every rule example.
fn examples_dir(dir: &std::path::Path, check: bool) -> Result<(), String> {
    if !check {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let mut stale = Vec::new();
    for (game, id, text) in crate::examples_cmd::all() {
        let (_, svg) = crate::examples_cmd::transcript(game, id, text)?;
        let path = dir.join(format!("{id}.svg"));
        if check {
            if std::fs::read_to_string(&path).ok().as_deref() != Some(svg.as_str()) {
                stale.push(path.display().to_string());
            }
        } else {
            std::fs::write(&path, svg)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
    }
    if stale.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} pictures are missing or stale (run `mesopotamia render --examples-dir {}`): {}",
            stale.len(),
            dir.display(),
            stale.join(", ")
        ))
    }
}
