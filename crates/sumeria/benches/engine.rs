//! Engine speed: whole random playouts. `cargo bench -p sumeria`

use criterion::{Criterion, criterion_group, criterion_main};
use mesopotamia_core::driver::random_playout;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use sumeria::{Config, Sumeria};

fn playout(config: &Config, rng: &mut ChaCha8Rng) -> u64 {
    let mut game = Sumeria::new(config.clone()).expect("valid config");
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    random_playout(&mut game, rng, &mut legal, &mut outcomes)
        .expect("a random game ends")
        .decisions
}

fn benches(c: &mut Criterion) {
    for players in [3u8, 4] {
        let config = Config::new(players);
        c.bench_function(&format!("playout {players}p"), |b| {
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            b.iter(|| playout(&config, &mut rng));
        });
    }
}

criterion_group! {
    name = engine;
    config = Criterion::default().sample_size(20);
    targets = benches
}
criterion_main!(engine);
