//! The game at the table ([`AtTheTable`]): each action as a gesture, the pieces a seat can
//! take (its tiles by colour, its leaders held or standing, its catastrophes) and the running
//! facts of the table.

use mesopotamia_core::table::{AtTheTable, Fact, Gesture, Piece, SeatFacts, per_colour};
use mesopotamia_core::{Colour, Game, Seat};

use crate::action::leader_name;
use crate::{Action, ActionKind, Pending, Tigris};

/// The id of a colour's tile in the hand.
fn tile(colour: Colour) -> String {
    format!("tile {colour}")
}

/// The id of a colour's leader, held or standing (the notation names leaders so).
fn leader(colour: Colour) -> String {
    format!("leader {}", leader_name(colour))
}

const CATASTROPHE: &str = "catastrophe";

impl AtTheTable for Tigris {
    fn gesture(action: Action) -> Gesture {
        match action.kind() {
            ActionKind::Tile(colour, square) => Gesture::put(tile(colour), square.to_string()),
            ActionKind::Leader(colour, square) => Gesture::put(leader(colour), square.to_string()),
            ActionKind::Withdraw(colour) => Gesture::take(leader(colour)),
            ActionKind::Catastrophe(square) => Gesture::put(CATASTROPHE, square.to_string()),
            // A monument's corner, a treasure, the building's tile, the ziggurat's centre:
            // a place pointed at, the piece implied.
            ActionKind::Monument(_, square)
            | ActionKind::Treasure(square)
            | ActionKind::Building(square)
            | ActionKind::Ziggurat(square) => Gesture::at(square.to_string()),
            ActionKind::Pass
            | ActionKind::Swap(_)
            | ActionKind::Support(_)
            | ActionKind::War(_)
            | ActionKind::Decline
            | ActionKind::ZigguratVp(_) => Gesture::decision(),
        }
    }

    fn pieces(&self, seat: Seat) -> Vec<Piece> {
        if seat.index() >= self.seat_count() {
            return Vec::new();
        }
        let public = self.public();
        let hand = self.hand(seat);
        let mut pieces: Vec<Piece> = Colour::ALL
            .into_iter()
            .map(|colour| {
                Piece::held(
                    tile(colour),
                    "tile",
                    hand[colour].into(),
                    format!("{colour} tile"),
                )
                .coloured(colour)
            })
            .collect();
        for colour in Colour::ALL {
            let label = format!("{} ({colour} leader)", leader_name(colour));
            pieces.push(
                match public.leader(seat, colour) {
                    Some(square) => {
                        Piece::standing(leader(colour), "leader", square.to_string(), label)
                    }
                    None => Piece::held(leader(colour), "leader", 1, label),
                }
                .coloured(colour),
            );
        }
        pieces.push(Piece::held(
            CATASTROPHE,
            CATASTROPHE,
            public.catastrophes_left(seat).into(),
            "catastrophe tile",
        ));
        pieces
    }

    fn table_facts(&self) -> Vec<Fact> {
        let public = self.public();
        let mut facts = vec![Fact::new("turn", (public.turn() + 1).to_string())];
        if public.pending() == Pending::Action {
            facts.push(Fact::new("actions left", public.actions_left().to_string()));
        }
        facts.push(Fact::new("bag", format!("{} tiles", public.bag_size())));
        facts.push(Fact::new(
            "treasures on the board",
            public.treasures().len().to_string(),
        ));
        facts
    }

    fn seat_facts(&self, seat: Seat, _viewer: Option<Seat>) -> SeatFacts {
        if seat.index() >= self.seat_count() {
            return SeatFacts::default();
        }
        // Victory points, treasures and hand sizes are open in this edition's views:
        // every viewer sees them.
        let public = self.public();
        let vp = public.vp(seat);
        let by_colour = per_colour(|c| vp[c]);
        SeatFacts {
            score: Some(public.score(seat)),
            facts: vec![
                Fact::new("VP", by_colour),
                Fact::new("treasures", public.treasures_taken(seat).to_string()),
                Fact::new("tiles in hand", public.hand_size(seat).to_string()),
                Fact::new("catastrophes", public.catastrophes_left(seat).to_string()),
            ],
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
        let mut game = Tigris::new(Config::new(2)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut legal, mut scratch, mut outcomes) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..400 {
            match game.to_move() {
                ToMove::Seat(seat) => {
                    let ids: Vec<String> = game.pieces(seat).into_iter().map(|p| p.piece).collect();
                    game.legal_actions(&mut legal);
                    for &action in &legal {
                        if let Some(piece) = Tigris::gesture(action).piece {
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
    fn gestures_name_the_notations_places() {
        for (text, piece, place) in [
            ("tile red B2", Some("tile red"), Some("B2")),
            ("leader king C3", Some("leader king"), Some("C3")),
            ("withdraw priest", Some("leader priest"), None),
            ("catastrophe D4", Some("catastrophe"), Some("D4")),
            ("treasure K1", None, Some("K1")),
            ("support 2", None, None),
        ] {
            let gesture = Tigris::gesture(text.parse().unwrap());
            assert_eq!(gesture.piece.as_deref(), piece, "{text}");
            assert_eq!(gesture.place.as_deref(), place, "{text}");
        }
    }

    #[test]
    fn the_hand_counts_tiles_leaders_and_catastrophes() {
        let game = Tigris::new(Config::new(3)).unwrap();
        let seat = Seat::new(1).unwrap();
        let pieces = game.pieces(seat);
        let tiles: u32 = pieces
            .iter()
            .filter(|p| p.kind == "tile")
            .map(|p| p.count)
            .sum();
        assert_eq!(u32::from(game.public().hand_size(seat)), tiles);
        assert_eq!(pieces.iter().filter(|p| p.kind == "leader").count(), 4);
        assert!(game.pieces(Seat::new(5).unwrap()).is_empty());
        assert_eq!(game.seat_facts(seat, None).score, Some(0));
    }
}
