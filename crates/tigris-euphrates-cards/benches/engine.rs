//! Engine speed: whole random playouts. `cargo bench -p tigris-euphrates-cards`

use criterion::{Criterion, criterion_group, criterion_main};
use mesopotamia_core::chance::{sample_weighted, uniform_below};
use mesopotamia_core::{Game, ToMove};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates_cards::{Cards, Config};

fn playout(config: Config, rng: &mut ChaCha8Rng) -> usize {
    let mut game = Cards::new(config).expect("valid config");
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let mut decisions = 0;
    loop {
        match game.to_move() {
            ToMove::Terminal => return decisions,
            ToMove::Chance => {
                game.chance_outcomes(&mut outcomes);
                let o = sample_weighted(rng, &outcomes).expect("outcomes");
                game.apply_chance(o).expect("listed outcome");
            }
            ToMove::Seat(_) => {
                game.legal_actions(&mut legal);
                let a = legal[uniform_below(rng, legal.len() as u32) as usize];
                game.apply(a).expect("legal action");
                decisions += 1;
            }
        }
    }
}

fn benches(c: &mut Criterion) {
    for players in [2u8, 3, 4] {
        c.bench_function(&format!("playout {players}p"), |b| {
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            b.iter(|| playout(Config::new(players), &mut rng));
        });
    }
}

criterion_group! {
    name = engine;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(engine);
