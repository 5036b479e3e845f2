//! Self-play on every core with `std::thread`: many games of the card game between the
//! greedy bot and random bots, each from its own seed, with the results gathered by game
//! number, so that a base seed gives the same totals on any number of threads.
//!
//! Run with `cargo run --release --example self_play [GAMES] [BASE_SEED]`.

use std::sync::atomic::{AtomicU64, Ordering};

use mesopotamia::cards::{Cards, Config, bots::greedy_bot};
use mesopotamia::core::{Game, Seat};
use mesopotamia::search::{Bot, RandomBot, play_match};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// Plays game `i` (seed `base + i`); the greedy bot sits in seat `i % 4`. Returns its
/// share of the win.
fn play(base: u64, i: u64) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(base.wrapping_add(i));
    let mut greedy = greedy_bot();
    let [mut a, mut b, mut c] = [RandomBot; 3];
    let mut seats: Vec<&mut dyn Bot<Cards>> = vec![&mut a, &mut b, &mut c];
    let at = (i % 4) as usize;
    seats.insert(at, &mut greedy);
    let outcome =
        play_match::<Cards, _, _>(&Config::new(4), &mut seats, &mut rng).expect("a finished game");
    let winners: Vec<Seat> = outcome
        .state
        .standings()
        .expect("standings")
        .winners()
        .collect();
    if winners.iter().any(|s| s.index() == at) {
        1.0 / winners.len() as f64
    } else {
        0.0
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let base: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());

    // Workers take the next game number; each result is stored under its number.
    let next = AtomicU64::new(0);
    let mut results = vec![0.0; games as usize];
    let chunks: Vec<Vec<(u64, f64)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= games {
                            return mine;
                        }
                        mine.push((i, play(base, i)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a worker"))
            .collect()
    });
    for (i, share) in chunks.into_iter().flatten() {
        results[i as usize] = share;
    }
    let wins: f64 = results.iter().sum();
    println!(
        "{games} games on {threads} threads from base seed {base}: the greedy bot won {wins} ({:.1}%)",
        100.0 * wins / games as f64
    );
}
