//! A seat's view as a person reads it: the [`Display`](core::fmt::Display) of
//! [`CardsView`], the table that seat may see (the display, its own hand with the colours
//! named, the other seats' hand sizes, the VP piles as far as they show, the pending
//! decision).
//!
//! The same text comes with its pieces marked (tiles and cards by colour, leaders and
//! traders by seat) through [`MarkedDisplay`], for a user interface to style.
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
use mesopotamia_core::marks::{
    MarkedDisplay, MarkedWrite, write_colour_counts, write_colour_name, write_seat,
};

use crate::action::Boat;
use crate::position::write_display;
use crate::state::{Card, CardsView, ConflictKind, Pending, Public};

/// `red 2 blue 1 green 0 black 3`: counts with their colours named.
#[cfg(test)]
fn labelled(counts: &mesopotamia_core::ColourMap<u8>) -> String {
    counts
        .iter()
        .map(|(c, n)| format!("{c} {n}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A card of a pile: its colour's name, marked, or `treasure`.
fn write_card(out: &mut dyn MarkedWrite, card: Card) -> fmt::Result {
    match card {
        Card::Civ(c) => write_colour_name(out, c),
        Card::Treasure => out.write_str("treasure"),
    }
}

/// The pending decision in words.
fn decision(out: &mut dyn MarkedWrite, p: &Public, me: Seat) -> fmt::Result {
    let (seat, what) = match p.pending {
        Pending::Action => {
            let n = p.actions_left;
            let s = if n == 1 { "" } else { "s" };
            (p.active, format!(" to act ({n} action{s} left)"))
        }
        Pending::Remove => return out.write_str("cards to remove unseen from the deck"),
        Pending::Draw(seat) => {
            out.write_str("cards to draw for ")?;
            return write_seat(out, seat, me);
        }
        Pending::Bank(seat, colour) => {
            write_seat(out, seat, me)?;
            out.write_str(" may bank a ")?;
            write_colour_name(out, colour)?;
            return out.write_str(" card from hand");
        }
        Pending::Support(seat) => (seat, " to commit support".into()),
        Pending::ConflictOrder => (p.active, " to choose the next conflict".into()),
        Pending::Treasure(seat) => (seat, " may take a treasure".into()),
        Pending::Boat => (p.active, " may build a boat".into()),
        Pending::Over if p.ended_on_limit => {
            return out.write_str("the game is over (turn limit)");
        }
        Pending::Over => return out.write_str("the game is over"),
    };
    write_seat(out, seat, me)?;
    out.write_str(&what)
}

impl MarkedDisplay for CardsView {
    fn fmt_marked(&self, out: &mut dyn MarkedWrite) -> fmt::Result {
        let p = &self.public;
        let me = self.seat;
        write_display(out, p)?;
        for (s, (len, shown)) in self.piles.iter().enumerate() {
            let Some(seat) = Seat::new(s) else { continue };
            write_seat(out, seat, me)?;
            if seat == me {
                out.write_str(": hand ")?;
                write_colour_counts(out, &self.hand)?;
            } else {
                write!(out, ": {} cards in hand", p.hand_size(seat))?;
            }
            if *len == 0 {
                out.write_str(" | pile empty")?;
            } else if p.config.open_piles {
                write!(out, " | pile {len}:")?;
                for &card in shown {
                    out.write_str(" ")?;
                    write_card(out, card)?;
                }
            } else {
                write!(out, " | pile {len}, top ")?;
                match shown.last() {
                    Some(&card) => write_card(out, card)?,
                    None => out.write_str("?")?,
                }
            }
            let catastrophe = if p.catastrophe_left(seat) {
                "yes"
            } else {
                "used"
            };
            writeln!(out, " | catastrophe {catastrophe}")?;
        }
        writeln!(
            out,
            "deck {} cards | discarded {}",
            p.deck_size, p.discarded
        )?;
        let boats: Vec<String> = Boat::ALL
            .iter()
            .filter(|b| p.boats_left[**b as usize])
            .map(|b| b.to_string())
            .collect();
        if !boats.is_empty() {
            writeln!(out, "boats left {}", boats.join(" "))?;
        }
        if let Some(c) = p.conflict() {
            let kind = match c.kind {
                ConflictKind::Internal => "internal",
                ConflictKind::External => "external",
            };
            write!(out, "{kind} ")?;
            write_colour_name(out, c.colour)?;
            out.write_str(" conflict: ")?;
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
            writeln!(out, " cards count)")?;
        }
        write!(out, "turn {}: ", p.turn + 1)?;
        decision(out, p, me)?;
        writeln!(out)
    }
}

/// The same text as [`MarkedDisplay`], without the marks.
impl fmt::Display for CardsView {
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

#[cfg(test)]
mod marks {
    use mesopotamia_core::marks::{Mark, MarkedString};
    use mesopotamia_core::{Colour, Game, Seat};
    use mesopotamia_testkit::random_states;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;

    use crate::position::LEADER_LETTERS;
    use crate::state::Piece;
    use crate::{Cards, Config};

    fn card_letter(colour: Colour) -> &'static str {
        match colour {
            Colour::Red => "r",
            Colour::Blue => "b",
            Colour::Green => "g",
            Colour::Black => "k",
        }
    }

    /// Over a random game: every card and leader of the display is marked once, with what
    /// it is, and the marked text is the table's text.
    #[test]
    fn every_card_and_leader_of_the_display_is_marked_with_what_it_is() {
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let start = Cards::new(Config::new(3)).unwrap();
        for game in random_states(start, &mut rng, 400) {
            let p = game.public();
            let cards = p
                .columns
                .iter()
                .flatten()
                .filter(|piece| matches!(piece, Some(Piece::Card(_))))
                .count()
                + p.links.iter().flatten().count();
            let leaders = p.leaders.iter().flatten().count();
            for seat in Seat::all(3) {
                let view = game.view(seat);
                let marked = MarkedString::of(&view);
                assert_eq!(marked.text(), view.to_string());
                let (mut marked_cards, mut marked_leaders) = (0, 0);
                // The display ends where the seats' lines begin.
                let board = marked.text().find("\nseat 0").expect("a line per seat");
                for span in marked.spans() {
                    let piece = &marked.text()[span.range.clone()];
                    let on_board = span.range.end <= board;
                    match span.mark {
                        Mark::Colour(c) if !on_board => assert_eq!(piece, c.name()),
                        Mark::Colour(c) => {
                            assert_eq!(piece, card_letter(c));
                            marked_cards += 1;
                        }
                        Mark::FaceDown(c) => {
                            assert_eq!(piece, card_letter(c).to_uppercase());
                            marked_cards += 1;
                        }
                        Mark::Leader { seat, colour } => {
                            let letter = LEADER_LETTERS[colour.index()];
                            assert_eq!(piece, format!("@{seat}{letter}"));
                            marked_leaders += 1;
                        }
                        Mark::Seat(s) => assert_eq!(piece, format!("seat {s}")),
                        Mark::You => assert_eq!(piece, "(you)"),
                        other => panic!("{other:?} on {piece:?}"),
                    }
                }
                assert_eq!((marked_cards, marked_leaders), (cards, leaders), "{view}");
            }
        }
    }
}
