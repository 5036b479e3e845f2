//! The game at the table ([`AtTheTable`]): each action as a gesture, the pieces a seat can
//! take (its traders in supply and on the board) and the influence it holds, and the running
//! facts of the table.

use mesopotamia_core::table::{AtTheTable, Fact, Gesture, Piece, SeatFacts};
use mesopotamia_core::{Game, Seat};

use crate::board::Location;
use crate::state::ROUNDS;
use crate::{Action, Influence, Phase, Sumeria};

/// A trader from supply.
const TRADER: &str = "trader";

/// The trader standing on a location.
fn standing(location: Location) -> String {
    format!("trader {location}")
}

impl AtTheTable for Sumeria {
    fn gesture(action: Action) -> Gesture {
        match action {
            Action::Add(location) => Gesture::put(TRADER, location.to_string()),
            Action::Move(from, to) => Gesture::put(standing(from), to.to_string()),
            Action::Remove(location) => Gesture::take(standing(location)),
            Action::Take(_) | Action::TakeTwo(..) => Gesture::decision(),
        }
    }

    fn pieces(&self, seat: Seat) -> Vec<Piece> {
        if seat.index() >= self.seat_count() {
            return Vec::new();
        }
        let public = self.public();
        let mut pieces = vec![Piece::held(
            TRADER,
            TRADER,
            public.supply(seat).into(),
            "trader in supply",
        )];
        let board = public.board();
        for location in (0..).map_while(|i| board.location(i)) {
            if public.trader_at(location) == Some(seat) {
                pieces.push(Piece::standing(
                    standing(location),
                    TRADER,
                    location.to_string(),
                    format!("trader on {location}"),
                ));
            }
        }
        // Influence is held, never taken up again: shown with the hand, named by no gesture.
        for kind in Influence::ALL {
            pieces.push(Piece::held(
                format!("influence {}", kind.name()),
                "influence",
                public.held(seat, kind).into(),
                format!("{} influence", kind.name()),
            ));
        }
        pieces
    }

    fn table_facts(&self) -> Vec<Fact> {
        let public = self.public();
        let round = (public.round() + 1).min(ROUNDS);
        let mut facts = vec![Fact::new("round", format!("{round} of {ROUNDS}"))];
        if public.phase() == Phase::Setup {
            facts.push(Fact::new("phase", "placing traders"));
        }
        facts.push(Fact::new("bag", format!("{} tiles", self.bag().total())));
        facts
    }

    fn seat_facts(&self, seat: Seat, _viewer: Option<Seat>) -> SeatFacts {
        if seat.index() >= self.seat_count() {
            return SeatFacts::default();
        }
        // Influence and traders are open to all.
        let public = self.public();
        let influence = Influence::ALL
            .iter()
            .map(|&k| format!("{} {}", k.name(), public.held(seat, k)))
            .collect::<Vec<_>>()
            .join(", ");
        SeatFacts {
            score: Some(self.score(seat)),
            facts: vec![
                Fact::new("influence", influence),
                Fact::new("traders in supply", public.supply(seat).to_string()),
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
        let mut game = Sumeria::new(Config::new(3)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut legal, mut scratch, mut outcomes) = (Vec::new(), Vec::new(), Vec::new());
        let mut moves = 0;
        for _ in 0..600 {
            match game.to_move() {
                ToMove::Seat(seat) => {
                    let ids: Vec<String> = game.pieces(seat).into_iter().map(|p| p.piece).collect();
                    game.legal_actions(&mut legal);
                    for &action in &legal {
                        if let Some(piece) = Sumeria::gesture(action).piece {
                            moves += usize::from(piece != TRADER);
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
        assert!(
            moves > 0,
            "no move or removal of a standing trader was seen"
        );
    }

    #[test]
    fn a_move_takes_the_trader_where_it_stands() {
        let gesture = Sumeria::gesture("move Adab:C Adab:T1".parse().unwrap());
        assert_eq!(gesture, Gesture::put("trader Adab:C", "Adab:T1"));
        let gesture = Sumeria::gesture("remove Ur:V2".parse().unwrap());
        assert_eq!(gesture, Gesture::take("trader Ur:V2"));
        let gesture = Sumeria::gesture("take economy".parse().unwrap());
        assert_eq!(gesture, Gesture::decision());
    }
}
