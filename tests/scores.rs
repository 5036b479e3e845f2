//! Each game's per-seat score is the figure its standings rank by first: a seat with a
//! higher score never ranks below one with a lower score, at the end of seeded games.

use mesopotamia::table::NamedGame;
use mesopotamia_core::Seat;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// Plays `games` seeded random games of `config` to the end; checks the scores against the
/// ranks and returns how many pairs of seats had different scores.
#[allow(dead_code)] // Unused when no game is built.
fn scores_order_the_standings<G: NamedGame>(config: &G::Config, games: u64) -> usize {
    let mut distinct = 0;
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = G::new(config).unwrap();
        mesopotamia_core::driver::random_playout(
            &mut state,
            &mut rng,
            &mut Vec::new(),
            &mut Vec::new(),
        )
        .unwrap();
        let standings = state.standings().unwrap();
        let seats: Vec<Seat> = (0..state.seat_count()).filter_map(Seat::new).collect();
        for &a in &seats {
            for &b in &seats {
                if state.score(a) > state.score(b) {
                    distinct += 1;
                    assert!(
                        standings.rank(a) < standings.rank(b),
                        "seed {seed}: seat {a} scores {} and seat {b} {}, ranks {:?}",
                        state.score(a),
                        state.score(b),
                        standings.ranks()
                    );
                }
            }
        }
    }
    distinct
}

#[cfg(feature = "tigris")]
#[test]
fn tigris_scores() {
    use tigris_euphrates::{Config, Tigris};
    assert!(scores_order_the_standings::<Tigris>(&Config::new(3), 6) > 0);
    // The score is the public part's.
    let state = Tigris::new(Config::new(2)).unwrap();
    let seat = Seat::new(1).unwrap();
    assert_eq!(
        mesopotamia::core::Described::score(&state, seat),
        state.public().score(seat)
    );
}

#[cfg(feature = "cards")]
#[test]
fn cards_scores() {
    use tigris_euphrates_cards::{Cards, Config};
    assert!(scores_order_the_standings::<Cards>(&Config::new(3), 6) > 0);
}

#[cfg(feature = "sumeria")]
#[test]
fn sumeria_scores() {
    use sumeria::{Config, Sumeria};
    assert!(scores_order_the_standings::<Sumeria>(&Config::new(4), 6) > 0);
}
