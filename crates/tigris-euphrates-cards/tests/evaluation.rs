//! The search's evaluations (`bots::search_evaluate`, `bots::fitted_evaluate`): they read
//! only what the judged seat can see of the other piles and hands, and `search_evaluate`
//! agrees with the greedy bot's `evaluate` when nothing is hidden.

use mesopotamia_core::{Game, Seat, ToMove};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates_cards::{Cards, Config, bots};

/// Every decision of a few random games of `config`, with the seat to move.
fn decisions(config: &Config, games: u64) -> Vec<(Cards, Seat)> {
    let mut out = Vec::new();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Cards::new(*config).unwrap();
        loop {
            match game.to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => {
                    game.play_chance_random(&mut rng, &mut outcomes).unwrap();
                }
                ToMove::Seat(seat) => {
                    out.push((game.clone(), seat));
                    game.play_random(&mut rng, &mut legal).unwrap();
                }
            }
        }
    }
    out
}

/// Redrawing what a seat cannot see leaves its search evaluations as they are (every seat's
/// hidden pile cards and hands move), where the greedy bot's evaluation moves with them.
#[test]
fn the_search_evaluation_ignores_what_the_seat_cannot_see() {
    let config = Config::new(4);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut greedy_moved = 0;
    let positions = decisions(&config, 3);
    assert!(positions.len() > 300, "{} decisions", positions.len());
    for (game, seat) in positions.iter().step_by(5) {
        let value = bots::search_evaluate(game, *seat);
        let fitted = bots::fitted_evaluate(game, *seat);
        for _ in 0..3 {
            let redrawn = game.resample_hidden(*seat, &mut rng);
            assert_eq!(bots::search_evaluate(&redrawn, *seat), value, "{game:?}");
            assert_eq!(bots::fitted_evaluate(&redrawn, *seat), fitted, "{game:?}");
            greedy_moved +=
                usize::from(bots::evaluate(&redrawn, *seat) != bots::evaluate(game, *seat));
        }
    }
    assert!(
        greedy_moved > 10,
        "the hidden piles changed the greedy evaluation {greedy_moved} times"
    );
}

/// With open piles nothing is hidden, and the search evaluation is the greedy bot's.
#[test]
fn with_open_piles_the_search_evaluation_is_the_greedy_one() {
    let mut config = Config::new(4);
    config.open_piles = true;
    let positions = decisions(&config, 2);
    assert!(positions.len() > 200, "{} decisions", positions.len());
    for (game, _) in &positions {
        for seat in Seat::all(4) {
            assert_eq!(
                bots::search_evaluate(game, seat),
                bots::evaluate(game, seat),
                "{game:?}"
            );
        }
    }
}

/// The fitted evaluation is a margin over the best opponent: of two seats, at most one is
/// rated above all others, and the seats' ratings agree with their fitted scores' order.
#[test]
fn the_fitted_evaluation_is_a_margin_over_the_best_opponent() {
    let positions = decisions(&Config::new(4), 2);
    let mut ahead = 0;
    for (game, _) in &positions {
        let rated: Vec<i64> = Seat::all(4)
            .map(|s| bots::fitted_evaluate(game, s))
            .collect();
        assert!(rated.iter().filter(|&&v| v > 0).count() <= 1, "{rated:?}");
        let best = rated.iter().copied().max().unwrap();
        // The best seat's margin is minus the second best's.
        let second = rated.iter().filter(|&&v| v < best).copied().max();
        if best > 0 {
            assert_eq!(second.map(|v| -v), Some(best), "{rated:?}");
            ahead += 1;
        }
    }
    assert!(ahead > 100, "a seat ahead in {ahead} states");
}
