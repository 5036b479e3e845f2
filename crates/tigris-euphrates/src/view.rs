//! A seat's view as a person reads it: the [`Display`](core::fmt::Display) of
//! [`TigrisView`], the table that seat may see (the board, its own hand with the colours
//! named, the other seats' hand sizes, everyone's VP and treasures, the pending decision).
//!
//! The same text comes with its pieces marked (tiles and cards by colour, leaders and
//! traders by seat) through [`MarkedDisplay`], for a user interface to style.
//!
//! ```
//! use tigris_euphrates::core::{Game, Seat};
//! use tigris_euphrates::{Config, Tigris};
//!
//! let mut game = Tigris::new(Config::new(2)).unwrap();
//! let mut outcomes = Vec::new();
//! while game.to_move() == tigris_euphrates::core::ToMove::Chance {
//!     game.chance_outcomes(&mut outcomes);
//!     game.apply_chance(outcomes[0].0).unwrap();
//! }
//! let table = game.view(Seat::new(1).unwrap()).to_string();
//! assert!(table.contains("seat 1 (you): hand red "), "{table}");
//! assert!(table.contains("seat 0: 6 tiles in hand"), "{table}");
//! ```

use core::fmt;

use mesopotamia_core::marks::{
    MarkedDisplay, MarkedWrite, write_colour_counts, write_colour_name, write_seat,
};
use mesopotamia_core::{Colour, Seat};

use crate::action::Monument;
use crate::position::{board_cells, write_board};
use crate::state::{AfterPlacement, Pending, Public, TigrisView};

/// `red 2 blue 1 green 0 black 3`: counts with their colours named.
#[cfg(test)]
fn labelled<T: fmt::Display>(counts: &mesopotamia_core::ColourMap<T>) -> String {
    counts
        .iter()
        .map(|(c, n)| format!("{c} {n}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The pending decision in words.
fn decision(out: &mut dyn MarkedWrite, p: &Public, me: Seat) -> fmt::Result {
    let active = p.active();
    let (seat, what) = match p.pending() {
        Pending::Action => {
            let n = p.actions_left();
            let s = if n == 1 { "" } else { "s" };
            (active, format!(" to act ({n} action{s} left)"))
        }
        Pending::Support(seat) => (seat, " to commit support".into()),
        Pending::WarOrder => (active, " to choose the next war".into()),
        Pending::Monument => (active, " to build a monument or decline".into()),
        Pending::Ziggurat => (active, " to build the ziggurat or decline".into()),
        Pending::Building => (active, " to put a civilization building or decline".into()),
        Pending::ZigguratVp => (active, " to choose the colour of the ziggurat VP".into()),
        Pending::Treasure(seat) => (seat, " to take a treasure".into()),
        Pending::Draw(seat) => {
            out.write_str("tiles to draw for ")?;
            return write_seat(out, seat, me);
        }
        Pending::Over if p.ended_on_limit() => {
            return out.write_str("the game is over (turn limit)");
        }
        Pending::Over => return out.write_str("the game is over"),
        // A decision added later is named by its debug form until it gets words.
        #[allow(unreachable_patterns)]
        other => return write!(out, "{other:?}"),
    };
    write_seat(out, seat, me)?;
    out.write_str(&what)
}

impl MarkedDisplay for TigrisView {
    fn fmt_marked(&self, out: &mut dyn MarkedWrite) -> fmt::Result {
        let p = &self.public;
        let me = self.seat;
        writeln!(out, "{}", p.config())?;
        write_board(out, p.config(), &board_cells(p))?;
        for seat in Seat::all(p.seats()) {
            write_seat(out, seat, me)?;
            if seat == me {
                out.write_str(": hand ")?;
                write_colour_counts(out, &self.hand)?;
            } else {
                write!(out, ": {} tiles in hand", p.hand_size(seat))?;
            }
            out.write_str(" | vp ")?;
            write_colour_counts(out, &p.vp(seat))?;
            write!(
                out,
                " | treasures {} | catastrophes {}",
                p.treasures_taken(seat),
                p.catastrophes_left(seat)
            )?;
            if seat == me && self.discarded.values().iter().any(|&n| n > 0) {
                out.write_str(" | discarded ")?;
                write_colour_counts(out, &self.discarded)?;
            }
            writeln!(out)?;
        }
        write!(out, "bag {} tiles", p.bag_size())?;
        let removed = p.removed();
        if removed.values().iter().any(|&n| n > 0) {
            out.write_str(" | out of the game ")?;
            write_colour_counts(out, &removed)?;
        }
        writeln!(out)?;
        for m in Monument::ALL {
            if let Some(s) = p.monument(m) {
                writeln!(out, "monument {m} at {s}")?;
            }
        }
        for c in Colour::ALL {
            if let Some(s) = p.building(c) {
                write_colour_name(out, c)?;
                writeln!(out, " building at {s}")?;
            }
        }
        if let Some(s) = p.ziggurat() {
            writeln!(out, "ziggurat centred on {s}")?;
        }
        if let Some(c) = p.conflict() {
            write_colour_name(out, c.colour)?;
            write!(out, " {}: ", c.kind.name())?;
            write_seat(out, c.attacker, me)?;
            write!(out, " attacks with {}, ", c.attacker_base)?;
            write_seat(out, c.defender, me)?;
            write!(out, " defends with {}", c.defender_base)?;
            if let Some(n) = c.attacker_commit {
                write!(out, "; the attacker committed {n}")?;
            }
            out.write_str(" (")?;
            let support = c.support_colour();
            write_colour_name(out, support)?;
            writeln!(out, " tiles count)")?;
        }
        for (i, c) in p.wars().enumerate() {
            out.write_str(if i == 0 { "wars to fight: " } else { " " })?;
            write_colour_name(out, c)?;
        }
        if p.wars().next().is_some() {
            writeln!(out)?;
        }
        if let Some((s, next)) = p.placed() {
            let next = match next {
                AfterPlacement::Monument => "a monument",
                AfterPlacement::Ziggurat => "the ziggurat",
                AfterPlacement::Building => "a building",
            };
            writeln!(out, "tile placed at {s}: {next} to decide")?;
        }
        write!(out, "turn {}: ", p.turn() + 1)?;
        decision(out, p, me)?;
        writeln!(out)
    }
}

/// The same text as [`MarkedDisplay`], without the marks.
impl fmt::Display for TigrisView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_marked(f)
    }
}

#[cfg(test)]
mod tests {
    use mesopotamia_core::{Game, ToMove};
    use mesopotamia_testkit::random_states;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;

    use super::*;
    use crate::{Config, Tigris};

    /// Over a random game: each seat's table names its own hand's colours and shows the
    /// other hands as counts only.
    #[test]
    fn a_seat_sees_its_own_hand_and_only_counts_of_the_others() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let start = Tigris::new(Config::new(3)).unwrap();
        for game in random_states(start, &mut rng, 400) {
            if !matches!(game.to_move(), ToMove::Seat(_)) {
                continue;
            }
            for seat in Seat::all(3) {
                let table = game.view(seat).to_string();
                let hand = game.hand(seat);
                assert!(
                    table.contains(&format!("seat {seat} (you): hand {}", labelled(&hand))),
                    "{table}"
                );
                assert_eq!(table.matches("hand red").count(), 1, "{table}");
                for other in Seat::all(3).filter(|&s| s != seat) {
                    let size = game.public().hand_size(other);
                    assert!(
                        table.contains(&format!("seat {other}: {size} tiles in hand")),
                        "{table}"
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod marks {
    use mesopotamia_core::marks::{Mark, MarkedString};
    use mesopotamia_core::{Colour, Game, Seat};
    use mesopotamia_testkit::random_states;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;

    use crate::position::{Cell, board_cells, leader_letter};
    use crate::{Config, Tigris};

    fn tile_letter(colour: Colour) -> &'static str {
        match colour {
            Colour::Red => "r",
            Colour::Blue => "b",
            Colour::Green => "g",
            Colour::Black => "k",
        }
    }

    /// Over a random game: every tile, leader and catastrophe of the board is marked once,
    /// with what it is, and the marked text is the table's text.
    #[test]
    fn every_piece_of_the_board_is_marked_with_what_it_is() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let start = Tigris::new(Config::new(4)).unwrap();
        for game in random_states(start, &mut rng, 300) {
            let cells = board_cells(game.public());
            for seat in Seat::all(4) {
                let view = game.view(seat);
                let marked = MarkedString::of(&view);
                assert_eq!(marked.text(), view.to_string());
                let mut on_board = Vec::new();
                for (mark, piece) in marked.pieces() {
                    match mark {
                        Mark::Colour(c) if piece == c.name() => {}
                        Mark::Colour(c) => {
                            assert_eq!(piece.trim_end_matches('*'), tile_letter(c), "{piece}");
                            on_board.push(mark);
                        }
                        Mark::FaceDown(c) => {
                            let letter = tile_letter(c).to_uppercase();
                            assert_eq!(piece.trim_end_matches('*'), letter, "{piece}");
                            on_board.push(mark);
                        }
                        Mark::Leader { seat, colour } => {
                            assert_eq!(piece, format!("{seat}{}", leader_letter(colour)));
                            on_board.push(mark);
                        }
                        Mark::Catastrophe => {
                            assert_eq!(piece, "X");
                            on_board.push(mark);
                        }
                        Mark::Seat(s) => assert_eq!(piece, format!("seat {s}")),
                        Mark::You => assert_eq!(piece, "(you)"),
                        other => panic!("{other:?} on {piece:?}"),
                    }
                }
                let expected: Vec<Mark> = cells
                    .iter()
                    .filter_map(|&cell| match cell {
                        Cell::Empty => None,
                        Cell::Tile {
                            colour,
                            flipped: false,
                            ..
                        } => Some(Mark::Colour(colour)),
                        Cell::Tile { colour, .. } => Some(Mark::FaceDown(colour)),
                        Cell::Leader { seat, colour } => Some(Mark::Leader { seat, colour }),
                        Cell::Catastrophe => Some(Mark::Catastrophe),
                    })
                    .collect();
                assert_eq!(on_board, expected, "{view}");
                let you = marked.pieces().filter(|(m, _)| *m == Mark::You).count();
                assert_eq!(you, marked.text().matches("(you)").count());
            }
        }
    }
}

#[cfg(test)]
mod seen_by {
    use mesopotamia_core::{Game, Seat, ToMove};

    use crate::{Action, Config, Tigris};

    /// A seat's draw is its own; a swap shows only how many tiles went face down.
    #[test]
    fn draws_are_seen_by_the_drawer_and_swaps_by_their_count() {
        let game = Tigris::new(Config::new(3)).unwrap();
        assert_eq!(game.to_move(), ToMove::Chance);
        let seen: Vec<Seat> = game.chance_seen_by().iter().collect();
        assert_eq!(seen.len(), 1, "{seen:?}");
        let swap: Action = "swap red:2 blue:1".parse().unwrap();
        assert_eq!(game.action_seen_by_others(swap), "swap 3 tiles");
        let tile: Action = "tile red F3".parse().unwrap();
        assert_eq!(game.action_seen_by_others(tile), "tile red F3");
    }
}
