//! Engine speed: whole random playouts, legal-action generation, and cloning.
//!
//! `cargo bench -p tigris-euphrates`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use mesopotamia_core::chance::{sample_weighted, uniform_below};
use mesopotamia_core::driver::random_playout;
use mesopotamia_core::{Game, ToMove};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates::{BoardKind, Config, Tigris};

/// One uniform random game from the start; returns the number of decisions.
fn playout(config: Config, rng: &mut ChaCha8Rng, legal: &mut Vec<tigris_euphrates::Action>) -> u64 {
    let mut game = Tigris::new(config).expect("valid config");
    let mut outcomes = Vec::new();
    random_playout(&mut game, rng, legal, &mut outcomes)
        .expect("a random game ends")
        .decisions
}

/// A position some way into a random game, with a seat to move.
fn midgame(config: Config, steps: usize) -> Tigris {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut game = Tigris::new(config).expect("valid config");
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..steps {
        match game.to_move() {
            ToMove::Terminal => break,
            ToMove::Chance => {
                game.chance_outcomes(&mut outcomes);
                game.apply_chance(sample_weighted(&mut rng, &outcomes).expect("outcomes"))
                    .expect("listed");
            }
            ToMove::Seat(_) => {
                game.legal_actions(&mut legal);
                game.apply(legal[uniform_below(&mut rng, legal.len() as u32) as usize])
                    .expect("legal");
            }
        }
    }
    while game.to_move() == ToMove::Chance {
        game.chance_outcomes(&mut outcomes);
        game.apply_chance(outcomes[0].0).expect("listed");
    }
    game
}

/// Every position with a seat to move in `games` uniform random games: the mix of
/// decisions a random playout generates lists for.
fn positions(config: Config, games: u64) -> Vec<Tigris> {
    let mut out = Vec::new();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Tigris::new(config).expect("valid config");
        loop {
            match game.to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => {
                    game.chance_outcomes(&mut outcomes);
                    game.apply_chance(sample_weighted(&mut rng, &outcomes).expect("outcomes"))
                        .expect("listed");
                }
                ToMove::Seat(_) => {
                    out.push(game.clone());
                    game.legal_actions(&mut legal);
                    game.apply(legal[uniform_below(&mut rng, legal.len() as u32) as usize])
                        .expect("legal");
                }
            }
        }
    }
    out
}

fn benches(c: &mut Criterion) {
    for players in [2u8, 3, 4] {
        c.bench_function(&format!("playout {players}p"), |b| {
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let mut legal = Vec::new();
            b.iter(|| playout(Config::new(players), &mut rng, &mut legal));
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
        let mut legal = Vec::new();
        b.iter(|| playout(full, &mut rng, &mut legal));
    });
    let game = midgame(Config::new(2), 250);
    c.bench_function("legal actions, 2p midgame", |b| {
        let mut legal = Vec::new();
        b.iter(|| {
            black_box(&game).legal_actions(&mut legal);
            legal.len()
        });
    });
    for players in [2u8, 4] {
        let all = positions(Config::new(players), 10);
        c.bench_function(
            &format!("legal actions, all positions of 10 random {players}p games"),
            |b| {
                let mut legal = Vec::new();
                b.iter(|| {
                    let mut n = 0;
                    for game in black_box(&all) {
                        game.legal_actions(&mut legal);
                        n += legal.len();
                    }
                    n
                });
            },
        );
    }
    c.bench_function("clone state", |b| b.iter(|| black_box(&game).clone()));
}

criterion_group! {
    name = engine;
    config = Criterion::default().sample_size(20);
    targets = benches
}
criterion_main!(engine);
