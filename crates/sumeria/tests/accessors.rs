//! The state's accessors say what its position says (`Position::from_game`, which the
//! position text is written from), and a seat's score counts its influence tiles as the rules
//! do: 1, 3, 6, 10, ... points for 1, 2, 3, 4, ... tiles of a kind.

use mesopotamia_core::Seat;
use mesopotamia_testkit::random_states;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use sumeria::{Config, Position, Sumeria};

#[test]
fn the_accessors_agree_with_the_position() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let (mut rounds, mut turns, mut traders, mut scores) = (0, 0, 0, 0);
    for players in [3, 4] {
        for game in random_states(Sumeria::new(Config::new(players)).unwrap(), &mut rng, 1000) {
            let position = Position::from_game(&game);
            let public = game.public();
            assert_eq!(public.round(), position.round);
            assert_eq!(public.turn(), position.turn);
            rounds += usize::from(position.round > 0);
            turns += usize::from(position.turn > 1);
            let board = public.board();
            for (i, trader) in position.traders.iter().enumerate() {
                assert_eq!(public.trader_at(board.location(i).unwrap()), *trader);
                traders += usize::from(trader.is_some());
            }
            for seat in Seat::all(usize::from(players)) {
                let held = position.seats[seat.index()].1;
                let points: u32 = held
                    .iter()
                    .map(|&n| u32::from(n) * (u32::from(n) + 1) / 2)
                    .sum();
                assert_eq!(game.score(seat), points, "seat {seat:?} holding {held:?}");
                scores += usize::from(points > 1);
            }
        }
    }
    // The states reach later rounds and turns, traders on the board and scores of several
    // tiles of a kind.
    assert!(rounds > 50 && turns > 50 && traders > 50 && scores > 50);
}
