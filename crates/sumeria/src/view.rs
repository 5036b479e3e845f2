//! A seat's view as a person reads it: the [`Display`](core::fmt::Display) of
//! [`SumeriaView`], the table that seat may see (the city-state order and the display, the
//! traders on the board, each seat's supply, influence tiles with their kinds named and
//! points so far, the pending decision). Only the bag's contents are hidden in Sumeria.
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
use mesopotamia_core::scoring::triangular;

use crate::action::Influence;
use crate::board::{SLOTS, Slot};
use crate::state::{Phase, Public, ROUNDS, SumeriaView};

/// `seat 2`, or `seat 2 (you)` for the seat whose view it is.
fn who(seat: Seat, me: Seat) -> String {
    if seat == me {
        format!("seat {seat} (you)")
    } else {
        format!("seat {seat}")
    }
}

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
fn decision(p: &Public, me: Seat) -> String {
    let deciding = p.deciding().map(|s| who(s, me));
    match (p.phase(), deciding) {
        (Phase::Order, _) => "the city-state order to draw".into(),
        (Phase::First, _) => "the first player to draw".into(),
        (Phase::Draw, _) => "influence tiles to draw for the display".into(),
        (Phase::Setup, Some(s)) => format!("setup: {s} to place a trader"),
        (Phase::Turns, Some(s)) => format!("{s} to act"),
        (Phase::Take(place), Some(s)) => format!(
            "{s}, controller of the city-state in place {}, to take influence tiles",
            place + 1
        ),
        (Phase::Over, _) => "the game is over".into(),
        (phase, _) => format!("phase {phase}"),
    }
}

impl fmt::Display for SumeriaView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = &self.public;
        let me = self.seat;
        writeln!(f, "{}", p.config())?;
        let order: Vec<String> = p.order().map(|n| n.to_string()).collect();
        if order.is_empty() {
            writeln!(f, "order not drawn yet")?;
        } else {
            writeln!(f, "order (most important first) {}", order.join(" "))?;
            for place in 0..3 {
                if let Some(name) = order.get(place) {
                    writeln!(f, "display above {name}: {}", display_tiles(p, place))?;
                }
            }
        }
        let names = p.board().names();
        let width = names.iter().map(|n| n.as_str().len()).max().unwrap_or(0);
        for (s, name) in names.iter().enumerate() {
            write!(f, "{:<width$}", name.as_str())?;
            for slot in 0..SLOTS {
                let trader = p
                    .occupant(s * SLOTS + slot)
                    .map_or(".".to_string(), |w| w.to_string());
                let slot = Slot::from_index(slot).map_or(String::new(), |s| s.to_string());
                write!(f, " {slot}:{trader}")?;
            }
            writeln!(f)?;
        }
        for seat in Seat::all(p.seats()) {
            let points: u32 = Influence::ALL
                .iter()
                .map(|&k| triangular(p.held(seat, k) as u32))
                .sum();
            writeln!(
                f,
                "{}: {} traders in supply | influence {} | {points} points",
                who(seat, me),
                p.supply(seat),
                kinds(|k| p.held(seat, k))
            )?;
        }
        writeln!(
            f,
            "discarded {} | bag {} tiles",
            kinds(|k| p.discarded(k)),
            self.bag_size
        )?;
        writeln!(
            f,
            "round {} of {ROUNDS}, first player seat {}: {}",
            (p.round() + 1).min(ROUNDS),
            p.first(),
            decision(p, me)
        )
    }
}

#[cfg(test)]
mod tests {
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
