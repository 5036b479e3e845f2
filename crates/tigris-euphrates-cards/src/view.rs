//! A seat's view as a person reads it: the [`Display`](core::fmt::Display) of
//! [`CardsView`], the table that seat may see (the display, its own hand with the colours
//! named, the other seats' hand sizes, the VP piles as far as they show, the pending
//! decision).
//!
//! ```
//! use tigris_euphrates_cards::core::{Game, Seat, ToMove};
//! use tigris_euphrates_cards::{Cards, Config};
//!
//! let mut game = Cards::new(Config::new(3)).unwrap();
//! let mut outcomes = Vec::new();
//! while game.to_move() == ToMove::Chance {
//!     game.chance_outcomes(&mut outcomes);
//!     game.apply_chance(outcomes[0].0).unwrap();
//! }
//! let table = game.view(Seat::new(2).unwrap()).to_string();
//! assert!(table.contains("seat 2 (you): hand red "), "{table}");
//! assert!(table.contains("seat 0: 8 cards in hand"), "{table}");
//! ```

use core::fmt;

use mesopotamia_core::Seat;

use crate::action::Boat;
use crate::position::write_display;
use crate::state::{Card, CardsView, ConflictKind, Pending, Public};

/// `red 2 blue 1 green 0 black 3`: counts with their colours named.
fn labelled(counts: &mesopotamia_core::ColourMap<u8>) -> String {
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

fn card_letter(card: Card) -> String {
    match card {
        Card::Civ(c) => c.to_string(),
        Card::Treasure => "treasure".into(),
    }
}

/// The pending decision in words.
fn decision(p: &Public, me: Seat) -> String {
    let active = who(p.active, me);
    match p.pending {
        Pending::Action => format!(
            "{active} to act ({} action{} left)",
            p.actions_left,
            if p.actions_left == 1 { "" } else { "s" }
        ),
        Pending::Remove => "cards to remove unseen from the deck".into(),
        Pending::Draw(seat) => format!("cards to draw for {}", who(seat, me)),
        Pending::Bank(seat, colour) => {
            format!("{} may bank a {colour} card from hand", who(seat, me))
        }
        Pending::Support(seat) => format!("{} to commit support", who(seat, me)),
        Pending::ConflictOrder => format!("{active} to choose the next conflict"),
        Pending::Treasure(seat) => format!("{} may take a treasure", who(seat, me)),
        Pending::Boat => format!("{active} may build a boat"),
        Pending::Over if p.ended_on_limit => "the game is over (turn limit)".into(),
        Pending::Over => "the game is over".into(),
    }
}

impl fmt::Display for CardsView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = &self.public;
        let me = self.seat;
        write_display(f, p)?;
        for (s, (len, shown)) in self.piles.iter().enumerate() {
            let Some(seat) = Seat::new(s) else { continue };
            let pile = if *len == 0 {
                "pile empty".to_string()
            } else if p.config.open_piles {
                let cards: Vec<String> = shown.iter().map(|&c| card_letter(c)).collect();
                format!("pile {len}: {}", cards.join(" "))
            } else {
                let top = shown.last().map_or("?".into(), |&c| card_letter(c));
                format!("pile {len}, top {top}")
            };
            let catastrophe = if p.catastrophe_left(seat) {
                "catastrophe yes"
            } else {
                "catastrophe used"
            };
            if seat == me {
                writeln!(
                    f,
                    "{}: hand {} | {pile} | {catastrophe}",
                    who(seat, me),
                    labelled(&self.hand)
                )?;
            } else {
                writeln!(
                    f,
                    "seat {seat}: {} cards in hand | {pile} | {catastrophe}",
                    p.hand_size(seat)
                )?;
            }
        }
        writeln!(f, "deck {} cards | discarded {}", p.deck_size, p.discarded)?;
        let boats: Vec<String> = Boat::ALL
            .iter()
            .filter(|b| p.boats_left[**b as usize])
            .map(|b| b.to_string())
            .collect();
        if !boats.is_empty() {
            writeln!(f, "boats left {}", boats.join(" "))?;
        }
        if let Some(c) = p.conflict() {
            let kind = match c.kind {
                ConflictKind::Internal => "internal",
                ConflictKind::External => "external",
            };
            write!(
                f,
                "{kind} {} conflict: {} attacks with {}, {} defends with {}",
                c.colour,
                who(c.attacker, me),
                c.attacker_base,
                who(c.defender, me),
                c.defender_base
            )?;
            if let Some(n) = c.attacker_commit {
                write!(f, "; the attacker committed {n}")?;
            }
            writeln!(f, " ({} cards count)", c.support_colour())?;
        }
        writeln!(f, "turn {}: {}", p.turn + 1, decision(p, me))
    }
}

#[cfg(test)]
mod tests {
    use mesopotamia_core::testkit::random_states;
    use mesopotamia_core::{Game, ToMove};
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;

    use super::*;
    use crate::{Cards, Config};

    /// Over a random game: each seat's table names its own hand's colours and shows the
    /// other hands as counts only, closed piles by size and top card.
    #[test]
    fn a_seat_sees_its_own_hand_and_only_counts_of_the_others() {
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let start = Cards::new(Config::new(3)).unwrap();
        for game in random_states(start, &mut rng, 600) {
            if !matches!(game.to_move(), ToMove::Seat(_)) {
                continue;
            }
            for seat in Seat::all(3) {
                let table = game.view(seat).to_string();
                let hand = labelled(&game.hand(seat));
                assert!(
                    table.contains(&format!("seat {seat} (you): hand {hand} | pile")),
                    "{table}"
                );
                assert_eq!(table.matches("hand red").count(), 1, "{table}");
                for other in Seat::all(3).filter(|&s| s != seat) {
                    let size = game.public().hand_size(other);
                    assert!(
                        table.contains(&format!("seat {other}: {size} cards in hand")),
                        "{table}"
                    );
                }
            }
        }
    }
}
