//! A seat's view as a person reads it: the [`Display`](core::fmt::Display) of
//! [`SumeriaView`], the table that seat may see (the city-state order and the display, the
//! traders on the board, each seat's supply, influence tiles with their kinds named and
//! points so far, the pending decision). Only the bag's contents are hidden in Sumeria.
//!
//! The same text comes with its pieces marked (tiles and cards by colour, leaders and
//! traders by seat) through [`MarkedDisplay`], for a user interface to style.
//!
//! ```
//! use sumeria::core::{Game, Seat, ToMove};
//! use sumeria::{Config, Sumeria};
//!
//! let mut game = Sumeria::new(Config::new(3)).unwrap();
//! let mut outcomes = Vec::new();
//! while game.to_move() == ToMove::Chance {
//!     game.chance_outcomes(&mut outcomes);
//!     game.apply_chance(outcomes[0].0).unwrap();
//! }
//! let table = game.view(Seat::new(1).unwrap()).to_string();
//! assert!(table.contains("seat 1 (you): 14 traders in supply"), "{table}");
//! assert!(table.contains("influence economy 0 military 0 politics 0 religion 0"), "{table}");
//! ```

use core::fmt;

use mesopotamia_core::Seat;
use mesopotamia_core::marks::{Mark, MarkedDisplay, MarkedWrite, write_seat, write_seat_name};
use mesopotamia_core::scoring::triangular;

use crate::action::Influence;
use crate::board::{SLOTS, Slot};
use crate::state::{Phase, Public, ROUNDS, SumeriaView};

/// `economy 2 military 0 politics 1 religion 0`.
fn kinds(count: impl Fn(Influence) -> u8) -> String {
    Influence::ALL
        .iter()
        .map(|&k| format!("{} {}", k.name(), count(k)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The tiles on display above one place, by name (`-` for none).
fn display_tiles(p: &Public, place: usize) -> String {
    let words: Vec<&str> = Influence::ALL
        .iter()
        .flat_map(|&k| core::iter::repeat_n(k.name(), p.display(place, k) as usize))
        .collect();
    if words.is_empty() {
        "-".into()
    } else {
        words.join(" ")
    }
}

/// The pending decision in words.
fn decision(out: &mut dyn MarkedWrite, p: &Public, me: Seat) -> fmt::Result {
    match (p.phase(), p.deciding()) {
        (Phase::Order, _) => out.write_str("the city-state order to draw"),
        (Phase::First, _) => out.write_str("the first player to draw"),
        (Phase::Draw, _) => out.write_str("influence tiles to draw for the display"),
        (Phase::Setup, Some(s)) => {
            out.write_str("setup: ")?;
            write_seat(out, s, me)?;
            out.write_str(" to place a trader")
        }
        (Phase::Turns, Some(s)) => {
            write_seat(out, s, me)?;
            out.write_str(" to act")
        }
        (Phase::Take(place), Some(s)) => {
            write_seat(out, s, me)?;
            write!(
                out,
                ", controller of the city-state in place {}, to take influence tiles",
                place + 1
            )
        }
        (Phase::Over, _) => out.write_str("the game is over"),
        (phase, _) => write!(out, "phase {phase}"),
    }
}

impl MarkedDisplay for SumeriaView {
    fn fmt_marked(&self, out: &mut dyn MarkedWrite) -> fmt::Result {
        let p = &self.public;
        let me = self.seat;
        writeln!(out, "{}", p.config())?;
        let order: Vec<String> = p.order().map(|n| n.to_string()).collect();
        if order.is_empty() {
            writeln!(out, "order not drawn yet")?;
        } else {
            writeln!(out, "order (most important first) {}", order.join(" "))?;
            for place in 0..3 {
                if let Some(name) = order.get(place) {
                    writeln!(out, "display above {name}: {}", display_tiles(p, place))?;
                }
            }
        }
        let names = p.board().names();
        let width = names.iter().map(|n| n.as_str().len()).max().unwrap_or(0);
        for (s, name) in names.iter().enumerate() {
            write!(out, "{:<width$}", name.as_str())?;
            for slot in 0..SLOTS {
                let label = Slot::from_index(slot).map_or(String::new(), |s| s.to_string());
                write!(out, " {label}:")?;
                match p.occupant(s * SLOTS + slot) {
                    Some(seat) => out.marked(Mark::Trader(seat), &seat.to_string())?,
                    None => out.write_str(".")?,
                }
            }
            writeln!(out)?;
        }
        for seat in Seat::all(p.seats()) {
            let points: u32 = Influence::ALL
                .iter()
                .map(|&k| triangular(p.held(seat, k) as u32))
                .sum();
            write_seat(out, seat, me)?;
            writeln!(
                out,
                ": {} traders in supply | influence {} | {points} points",
                p.supply(seat),
                kinds(|k| p.held(seat, k))
            )?;
        }
        writeln!(
            out,
            "discarded {} | bag {} tiles",
            kinds(|k| p.discarded(k)),
            self.bag_size
        )?;
        write!(
            out,
            "round {} of {ROUNDS}, first player ",
            (p.round() + 1).min(ROUNDS)
        )?;
        write_seat_name(out, p.first())?;
        out.write_str(": ")?;
        decision(out, p, me)?;
        writeln!(out)
    }
}

/// The same text as [`MarkedDisplay`], without the marks.
impl fmt::Display for SumeriaView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_marked(f)
    }
}

#[cfg(test)]
mod tests {
    use mesopotamia_core::marks::MarkedString;
    use mesopotamia_core::{Game, ToMove};

    use super::*;
    use crate::{Config, Sumeria};

    /// Over a game: each seat's table marks that seat alone as `(you)`, shows every seat's
    /// supply and influence by kind, every trader by its owner, and the tiles in the bag.
    #[test]
    fn a_table_shows_every_seat_and_the_traders() {
        let mut game = Sumeria::new(Config::new(3)).unwrap();
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        for step in 0..120 {
            match game.to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => {
                    game.chance_outcomes(&mut outcomes);
                    game.apply_chance(outcomes[step % outcomes.len()].0)
                        .unwrap();
                }
                ToMove::Seat(_) => {
                    let p = game.public();
                    for seat in Seat::all(3) {
                        let table = game.view(seat).to_string();
                        assert_eq!(
                            table.matches("(you)").count(),
                            1 + usize::from(p.deciding() == Some(seat)),
                            "{table}"
                        );
                        for s in Seat::all(3) {
                            assert!(
                                table.contains(&format!("{} traders in supply", p.supply(s))),
                                "{table}"
                            );
                        }
                        let traders: usize = Seat::all(3).map(|s| 14 - p.supply(s) as usize).sum();
                        // `T1:2`: a trader of seat 2.
                        let shown = table
                            .split_whitespace()
                            .filter(|w| {
                                let b = w.as_bytes();
                                b.len() >= 3
                                    && b[b.len() - 2] == b':'
                                    && b[b.len() - 1].is_ascii_digit()
                            })
                            .count();
                        assert_eq!(shown, traders, "{table}");
                        // The same traders, and the seats, marked for a painter.
                        let marked = MarkedString::of(&game.view(seat));
                        assert_eq!(marked.text(), table);
                        let mut marked_traders = [0u8; 3];
                        for (mark, piece) in marked.pieces() {
                            match mark {
                                Mark::Trader(s) => {
                                    assert_eq!(piece, s.to_string());
                                    marked_traders[s.index()] += 1;
                                }
                                Mark::Seat(s) => assert_eq!(piece, format!("seat {s}")),
                                Mark::You => assert_eq!(piece, "(you)"),
                                other => panic!("{other:?} on {piece:?}"),
                            }
                        }
                        for s in Seat::all(3) {
                            assert_eq!(marked_traders[s.index()], 14 - p.supply(s), "{s}");
                        }
                        assert!(
                            table.contains(&format!("bag {} tiles", game.bag().total())),
                            "{table}"
                        );
                    }
                    game.legal_actions(&mut legal);
                    game.apply(legal[(step * 5) % legal.len()]).unwrap();
                }
            }
        }
    }
}
