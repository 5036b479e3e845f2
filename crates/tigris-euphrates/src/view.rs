//! A seat's view as a person reads it: the [`Display`](core::fmt::Display) of
//! [`TigrisView`], the table that seat may see (the board, its own hand with the colours
//! named, the other seats' hand sizes, everyone's VP and treasures, the pending decision).
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

use mesopotamia_core::{Colour, ColourMap, Seat};

use crate::action::Monument;
use crate::event::ConflictKind;
use crate::position::{board_cells, write_board};
use crate::state::{AfterPlacement, Pending, Public, TigrisView};

/// `red 2 blue 1 green 0 black 3`: counts with their colours named.
pub(crate) fn labelled<T: fmt::Display>(counts: &ColourMap<T>) -> String {
    counts
        .iter()
        .map(|(c, n)| format!("{c} {n}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `seat 2`, or `seat 2 (you)` for the seat whose view it is.
fn who(seat: Seat, me: Seat) -> String {
    if seat == me {
        format!("seat {seat} (you)")
    } else {
        format!("seat {seat}")
    }
}

/// The pending decision in words.
fn decision(p: &Public, me: Seat) -> String {
    let active = who(p.active(), me);
    match p.pending() {
        Pending::Action => format!(
            "{active} to act ({} action{} left)",
            p.actions_left(),
            if p.actions_left() == 1 { "" } else { "s" }
        ),
        Pending::Support(seat) => format!("{} to commit support", who(seat, me)),
        Pending::WarOrder => format!("{active} to choose the next war"),
        Pending::Monument => format!("{active} to build a monument or decline"),
        Pending::Ziggurat => format!("{active} to build the ziggurat or decline"),
        Pending::Building => format!("{active} to put a civilization building or decline"),
        Pending::ZigguratVp => format!("{active} to choose the colour of the ziggurat VP"),
        Pending::Treasure(seat) => format!("{} to take a treasure", who(seat, me)),
        Pending::Draw(seat) => format!("tiles to draw for {}", who(seat, me)),
        Pending::Over if p.ended_on_limit() => "the game is over (turn limit)".into(),
        Pending::Over => "the game is over".into(),
        // A decision added later is named by its debug form until it gets words.
        #[allow(unreachable_patterns)]
        other => format!("{other:?}"),
    }
}

impl fmt::Display for TigrisView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = &self.public;
        let me = self.seat;
        writeln!(f, "{}", p.config())?;
        write_board(f, p.config(), &board_cells(p))?;
        for seat in Seat::all(p.seats()) {
            let vp = labelled(&p.vp(seat));
            let rest = format!(
                "vp {vp} | treasures {} | catastrophes {}",
                p.treasures_taken(seat),
                p.catastrophes_left(seat)
            );
            if seat == me {
                let discarded = if self.discarded.values().iter().all(|&n| n == 0) {
                    String::new()
                } else {
                    format!(" | discarded {}", labelled(&self.discarded))
                };
                writeln!(
                    f,
                    "{}: hand {} | {rest}{discarded}",
                    who(seat, me),
                    labelled(&self.hand)
                )?;
            } else {
                writeln!(
                    f,
                    "seat {seat}: {} tiles in hand | {rest}",
                    p.hand_size(seat)
                )?;
            }
        }
        let removed = p.removed();
        if removed.values().iter().any(|&n| n > 0) {
            writeln!(
                f,
                "bag {} tiles | out of the game {}",
                p.bag_size(),
                labelled(&removed)
            )?;
        } else {
            writeln!(f, "bag {} tiles", p.bag_size())?;
        }
        for m in Monument::ALL {
            if let Some(s) = p.monument(m) {
                writeln!(f, "monument {m} at {s}")?;
            }
        }
        for c in Colour::ALL {
            if let Some(s) = p.building(c) {
                writeln!(f, "{c} building at {s}")?;
            }
        }
        if let Some(s) = p.ziggurat() {
            writeln!(f, "ziggurat centred on {s}")?;
        }
        if let Some(c) = p.conflict() {
            let kind = match c.kind {
                ConflictKind::Revolt => "revolt",
                ConflictKind::War => "war",
            };
            write!(
                f,
                "{} {kind}: {} attacks with {}, {} defends with {}",
                c.colour,
                who(c.attacker, me),
                c.attacker_base,
                who(c.defender, me),
                c.defender_base
            )?;
            if let Some(n) = c.attacker_commit {
                write!(f, "; the attacker committed {n}")?;
            }
            writeln!(f, " ({} tiles count)", c.support_colour())?;
        }
        let wars: Vec<String> = p.wars().map(|c| c.to_string()).collect();
        if !wars.is_empty() {
            writeln!(f, "wars to fight: {}", wars.join(" "))?;
        }
        if let Some((s, next)) = p.placed() {
            let next = match next {
                AfterPlacement::Monument => "a monument",
                AfterPlacement::Ziggurat => "the ziggurat",
                AfterPlacement::Building => "a building",
            };
            writeln!(f, "tile placed at {s}: {next} to decide")?;
        }
        writeln!(f, "turn {}: {}", p.turn() + 1, decision(p, me))
    }
}

#[cfg(test)]
mod tests {
    use mesopotamia_core::testkit::random_states;
    use mesopotamia_core::{Game, ToMove};
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
