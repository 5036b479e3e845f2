//! Plays one seeded game of each of the three games between random bots and prints the
//! standings.
//!
//! Run with `cargo run --example quickstart`.

use mesopotamia::cards::Cards;
use mesopotamia::core::{Game, Standings};
use mesopotamia::search::{RandomBot, play_match};
use mesopotamia::sumeria::Sumeria;
use mesopotamia::tigris::Tigris;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// Plays one game of `G` with a random bot in every seat, chance drawn from `seed`.
fn play<G: Game>(config: &G::Config, seed: u64) -> (G, Standings) {
    // The library never seeds anything itself: the caller's RNG makes a game repeatable.
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let seats = G::new(config).expect("a valid configuration").seat_count();
    let mut bots = vec![RandomBot; seats];
    let outcome =
        play_match::<G, _, _>(config, &mut bots, &mut rng).expect("the game plays to its end");
    let standings = outcome
        .state
        .standings()
        .expect("a finished game has standings");
    println!("{}: {} steps", G::NAME, outcome.record.steps.len());
    (outcome.state, standings)
}

fn print(standings: &Standings) {
    for seat in standings.seats_by_rank() {
        println!("  rank {}: seat {seat}", standings.rank(seat).unwrap_or(0));
    }
}

fn main() {
    let (tigris, standings) = play::<Tigris>(&mesopotamia::tigris::Config::new(4), 1);
    print(&standings);
    for seat in standings.seats_by_rank() {
        let p = tigris.public();
        println!(
            "  seat {seat}: VP {:?}, {} treasures",
            p.vp(seat).values(),
            p.treasures_taken(seat)
        );
    }

    let (cards, standings) = play::<Cards>(&mesopotamia::cards::Config::new(3), 2);
    print(&standings);
    println!("  sorted colour counts with treasures: {:?}", cards.keys());

    let (sumeria, standings) = play::<Sumeria>(&mesopotamia::sumeria::Config::new(3), 3);
    print(&standings);
    println!("  (points, most of one kind): {:?}", sumeria.scores());
}
