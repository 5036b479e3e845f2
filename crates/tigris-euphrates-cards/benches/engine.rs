//! Engine speed: whole random playouts through the fast paths, legal-list generation and
//! cloning on a fixed set of positions (every decision of a few seeded random games, as in
//! `mesopotamia bench`).
//!
//! `cargo bench -p tigris-euphrates-cards`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mesopotamia_core::driver::{random_playout, random_positions};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates_cards::{Cards, Config};

/// One uniform random game from the start through `random_playout` (the fast paths);
/// returns the number of decisions.
fn playout(config: Config, rng: &mut ChaCha8Rng) -> u64 {
    let mut game = Cards::new(config).expect("valid config");
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    random_playout(&mut game, rng, &mut legal, &mut outcomes)
        .expect("a random game ends")
        .decisions
}

fn benches(c: &mut Criterion) {
    for players in [2u8, 3, 4] {
        c.bench_function(&format!("playout {players}p"), |b| {
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            b.iter(|| playout(Config::new(players), &mut rng));
        });
    }
    // Per position: the throughput is in legal lists (or clones) per second.
    for players in [2u8, 4] {
        let positions = random_positions::<Cards, _>(
            &Config::new(players),
            8,
            &mut ChaCha8Rng::seed_from_u64(1),
        )
        .expect("random games end");
        let mut group = c.benchmark_group(format!("{players}p, {} positions", positions.len()));
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function("legal actions", |b| {
            let mut legal = Vec::new();
            b.iter(|| {
                let mut listed = 0;
                for p in &positions {
                    mesopotamia_core::Game::legal_actions(black_box(p), &mut legal);
                    listed += legal.len();
                }
                listed
            });
        });
        group.bench_function("clone", |b| {
            b.iter(|| {
                for p in &positions {
                    black_box(black_box(p).clone());
                }
            });
        });
        group.finish();
    }
}

criterion_group! {
    name = engine;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(engine);
