//! The public state's accessors say what the position says (`Position::from_game` reads the
//! state's own fields, not these accessors), and a seat's score is its weakest colour once
//! its treasures are added where they help most (rule T14, the core's `weakest_colour_key`).

use mesopotamia_core::scoring::weakest_colour_key;
use mesopotamia_core::{EndReason, Game, Seat};
use mesopotamia_testkit::random_states;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates::{Cell, Config, Position, Square, Tigris};

#[test]
fn the_accessors_agree_with_the_position() {
    let mut rng = ChaCha8Rng::seed_from_u64(24);
    let (mut catastrophes, mut unifications, mut exhausted, mut on_limit, mut scores) =
        (0, 0, 0, 0, 0);
    let configs = [
        Config::new(2),
        Config::new(3),
        Config::new(4),
        Config::new(2).with_turn_limit(12),
        Config::new(4).with_turn_limit(12),
    ];
    for config in configs {
        for _ in 0..4 {
            for game in random_states(Tigris::new(config).unwrap(), &mut rng, 100_000) {
                let position = Position::from_game(&game);
                let p = game.public();
                let on_board: Vec<Square> = position
                    .cells
                    .iter()
                    .enumerate()
                    .filter(|(_, cell)| **cell == Cell::Catastrophe)
                    .map(|(i, _)| Square::from_index(i).unwrap())
                    .collect();
                let listed: Vec<Square> = p
                    .catastrophes()
                    .iter()
                    .filter_map(Square::from_space)
                    .collect();
                assert_eq!(listed, on_board);
                catastrophes += usize::from(!on_board.is_empty());
                assert_eq!(p.unification(), position.unification);
                unifications += usize::from(position.unification.is_some());
                assert_eq!(p.bag_exhausted(), position.bag_exhausted);
                exhausted += usize::from(position.bag_exhausted);
                let ended_on_limit = game.end_reason() == Some(EndReason::TurnLimit);
                assert_eq!(p.ended_on_limit(), ended_on_limit);
                assert_eq!(ended_on_limit, position.over_on_limit);
                on_limit += usize::from(ended_on_limit);
                for seat in Seat::all(usize::from(config.players)) {
                    let held = position.seats[seat.index()];
                    let score = weakest_colour_key(held.vp, held.treasures.into())[0];
                    assert_eq!(p.score(seat), score, "seat {seat:?}: {held:?}");
                    scores += usize::from(score > 1);
                }
            }
        }
    }
    // The states reach catastrophes, wars under way, an exhausted bag, the turn limit and
    // scores above 1.
    assert!(
        catastrophes > 100 && unifications > 10,
        "{catastrophes} {unifications}"
    );
    assert!(
        exhausted > 0 && on_limit > 0 && scores > 100,
        "{exhausted} {on_limit} {scores}"
    );
}
