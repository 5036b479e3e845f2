//! The game at the table ([`AtTheTable`]): each action as a gesture, the pieces a seat can
//! take (its cards by colour, its leaders held or standing, its catastrophe) and the running
//! facts of the table.

use mesopotamia_core::table::{
    AtTheTable, Fact, Gesture, Piece as TablePiece, SeatFacts, per_colour,
};
use mesopotamia_core::{Colour, Game, Seat};

use crate::action::leader_name;
use crate::{Action, Card, Cards, Pending, Place};

/// The id of a colour's card in the hand.
fn card(colour: Colour) -> String {
    format!("card {colour}")
}

/// The id of a colour's leader, held or standing (the notation names leaders so).
fn leader(colour: Colour) -> String {
    format!("leader {}", leader_name(colour))
}

const CATASTROPHE: &str = "catastrophe";

impl AtTheTable for Cards {
    fn gesture(action: Action) -> Gesture {
        match action {
            Action::Leader(colour, place) => Gesture::put(leader(colour), place.to_string()),
            // A card at the bottom of a column: the pictures name each card's column too,
            // so the whole column is the place.
            Action::Column(colour, column) => Gesture::put(card(colour), (column + 1).to_string()),
            Action::Link(colour, link) => Gesture::put(card(colour), Place::Link(link).to_string()),
            Action::Catastrophe(place) => Gesture::put(CATASTROPHE, place.to_string()),
            Action::Treasure(column) => Gesture::at((column + 1).to_string()),
            Action::Pass
            | Action::Bank
            | Action::Decline
            | Action::Support(_)
            | Action::Conflict(_)
            | Action::Boat(_) => Gesture::decision(),
        }
    }

    fn pieces(&self, seat: Seat) -> Vec<TablePiece> {
        if seat.index() >= self.seat_count() {
            return Vec::new();
        }
        let public = self.public();
        let hand = self.hand(seat);
        let mut pieces: Vec<TablePiece> = Colour::ALL
            .into_iter()
            .map(|colour| {
                TablePiece::held(
                    card(colour),
                    "card",
                    hand[colour].into(),
                    format!("{colour} card"),
                )
                .coloured(colour)
            })
            .collect();
        for colour in Colour::ALL {
            let label = format!("{} ({colour} leader)", leader_name(colour));
            pieces.push(
                match public.leader(seat, colour) {
                    Some(place) => {
                        TablePiece::standing(leader(colour), "leader", place.to_string(), label)
                    }
                    None => TablePiece::held(leader(colour), "leader", 1, label),
                }
                .coloured(colour),
            );
        }
        pieces.push(TablePiece::held(
            CATASTROPHE,
            CATASTROPHE,
            public.catastrophe_left(seat).into(),
            "catastrophe card",
        ));
        pieces
    }

    fn table_facts(&self) -> Vec<Fact> {
        let public = self.public();
        let mut facts = vec![Fact::new("turn", (public.turn() + 1).to_string())];
        if public.pending() == Pending::Action {
            facts.push(Fact::new("actions left", public.actions_left.to_string()));
        }
        facts.push(Fact::new("deck", format!("{} cards", public.deck_size())));
        let (_, _, treasures) = public.display_counts();
        facts.push(Fact::new("treasures on display", treasures.to_string()));
        facts
    }

    fn seat_facts(&self, seat: Seat, viewer: Option<Seat>) -> SeatFacts {
        if seat.index() >= self.seat_count() {
            return SeatFacts::default();
        }
        let public = self.public();
        let pile = self.pile(seat);
        // Closed piles: a seat sees its own pile whole, the others' only by size and top card
        // (as its view does); open piles are open to all.
        let open = self.config().open_piles || viewer == Some(seat);
        let mut facts = Vec::new();
        if open {
            let mut counts = [0u32; 4];
            let mut treasures = 0;
            for card in pile {
                match card {
                    Card::Civ(colour) => counts[colour.index()] += 1,
                    _ => treasures += 1,
                }
            }
            let by_colour = per_colour(|c| counts[c.index()]);
            facts.push(Fact::new("VP pile", by_colour));
            facts.push(Fact::new("treasures", treasures.to_string()));
        } else {
            facts.push(Fact::new("VP pile", format!("{} cards", pile.len())));
        }
        facts.push(Fact::new(
            "cards in hand",
            public.hand_size(seat).to_string(),
        ));
        facts.push(Fact::new(
            "catastrophe",
            if public.catastrophe_left(seat) {
                "held"
            } else {
                "used"
            },
        ));
        SeatFacts {
            score: open.then(|| self.score(seat)),
            facts,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;
    use mesopotamia_core::ToMove;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;

    #[test]
    fn every_legal_action_names_a_piece_the_seat_can_take() {
        let mut game = Cards::new(Config::new(3)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut legal, mut scratch, mut outcomes) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..600 {
            match game.to_move() {
                ToMove::Seat(seat) => {
                    let ids: Vec<String> = game.pieces(seat).into_iter().map(|p| p.piece).collect();
                    game.legal_actions(&mut legal);
                    for &action in &legal {
                        if let Some(piece) = Cards::gesture(action).piece {
                            assert!(ids.contains(&piece), "{action}: {piece} not in {ids:?}");
                        }
                    }
                    let action = game.sample_legal_action(&mut rng, &mut scratch).unwrap();
                    game.apply(action).unwrap();
                }
                ToMove::Chance => {
                    let outcome = game.sample_chance(&mut rng, &mut outcomes).unwrap();
                    game.apply_chance(outcome).unwrap();
                }
                ToMove::Terminal => break,
            }
        }
    }

    #[test]
    fn gestures_name_the_pictures_places() {
        for (text, piece, place) in [
            ("play red 3", Some("card red"), Some("3")),
            ("play blue 3-4", Some("card blue"), Some("3-4")),
            ("leader king 2/1", Some("leader king"), Some("2/1")),
            ("catastrophe 4/1", Some("catastrophe"), Some("4/1")),
            ("treasure 2", None, Some("2")),
            ("bank", None, None),
        ] {
            let gesture = Cards::gesture(text.parse().unwrap());
            assert_eq!(gesture.piece.as_deref(), piece, "{text}");
            assert_eq!(gesture.place.as_deref(), place, "{text}");
        }
    }

    #[test]
    fn closed_piles_hide_other_seats_scores() {
        let game = Cards::new(Config::new(3)).unwrap();
        let (zero, one) = (Seat::new(0).unwrap(), Seat::new(1).unwrap());
        assert_eq!(game.seat_facts(one, Some(one)).score, Some(0));
        assert_eq!(game.seat_facts(one, Some(zero)).score, None);
        assert_eq!(game.seat_facts(one, None).score, None);
        // The whole table as seat 0 sees it: every seat once, in order, its own score
        // alone shown.
        let facts = game.facts(Some(zero));
        assert_eq!(facts.table, game.table_facts());
        let seats: Vec<_> = facts.seats.iter().map(|s| (s.seat, s.score)).collect();
        assert_eq!(seats, [(0, Some(0)), (1, None), (2, None)]);
        assert_eq!(facts.seats[1].facts, game.seat_facts(one, Some(zero)).facts);
    }
}
