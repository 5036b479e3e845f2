//! Engine speed: whole random playouts. `cargo bench -p tigris-euphrates-cards`

use criterion::{Criterion, criterion_group, criterion_main};
use mesopotamia_core::driver::random_playout;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates_cards::{Cards, Config};

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
}

criterion_group! {
    name = engine;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(engine);
