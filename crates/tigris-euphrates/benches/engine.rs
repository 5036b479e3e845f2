//! Engine speed: whole random playouts through the fast paths, legal-list generation and
//! cloning on a fixed set of positions (every decision of a few seeded random games, as in
//! `mesopotamia bench`).
//!
//! `cargo bench -p tigris-euphrates`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mesopotamia_core::Game;
use mesopotamia_core::driver::{random_playout, random_positions};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates::{BoardKind, Config, Tigris};

/// One uniform random game from the start through `random_playout` (the fast paths);
/// returns the number of decisions.
fn playout(
    config: Config,
    rng: &mut ChaCha8Rng,
    legal: &mut Vec<tigris_euphrates::Action>,
    outcomes: &mut Vec<(<Tigris as Game>::Chance, u32)>,
) -> u64 {
    let mut game = Tigris::new(config).expect("valid config");
    random_playout(&mut game, rng, legal, outcomes)
        .expect("a random game ends")
        .decisions
}

/// Every decision of 8 seeded random games.
fn positions(config: Config) -> Vec<Tigris> {
    random_positions::<Tigris, _>(&config, 8, &mut ChaCha8Rng::seed_from_u64(1))
        .expect("random games end")
}

fn benches(c: &mut Criterion) {
    for players in [2u8, 3, 4] {
        c.bench_function(&format!("playout {players}p"), |b| {
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
            b.iter(|| playout(Config::new(players), &mut rng, &mut legal, &mut outcomes));
        });
    }
    // Every option at once, to compare with the base game's 3-player figure.
    let full = Config::new(3)
        .with_board(BoardKind::Alternative)
        .with_buildings(true)
        .with_ziggurat(true)
        .with_english_variant(true);
    c.bench_function("playout 3p, every option", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        b.iter(|| playout(full, &mut rng, &mut legal, &mut outcomes));
    });
    // Per position: the throughput is in legal lists (or clones) per second.
    for players in [2u8, 4] {
        let positions = positions(Config::new(players));
        let mut group = c.benchmark_group(format!("{players}p, {} positions", positions.len()));
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function("legal actions", |b| {
            let mut legal = Vec::new();
            b.iter(|| {
                let mut listed = 0;
                for p in &positions {
                    black_box(p).legal_actions(&mut legal);
                    listed += legal.len();
                }
                listed
            });
        });
        group.bench_function("clone", |b| {
            b.iter(|| {
                for p in &positions {
                    drop(black_box(black_box(p).clone()));
                }
            });
        });
        group.finish();
    }
}

criterion_group! {
    name = engine;
    config = Criterion::default().sample_size(20);
    targets = benches
}
criterion_main!(engine);
