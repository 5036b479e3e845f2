//! The core's conformance kit, for 2, 3 and 4 players, with and without the English variant.

use mesopotamia_core::testkit::{ConformanceOptions, check_conformance};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates::{Config, Tigris};

fn run(config: Config, games: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let options = ConformanceOptions {
        games,
        illegal_probes: 8,
        apply_every_legal: false,
        deep_check_every: 7,
    };
    let report = check_conformance::<Tigris, _>(&config, &options, &mut rng);
    assert_eq!(report.games, games);
    assert!(report.illegal_refused > 0);
}

#[test]
fn two_players() {
    run(Config::new(2), 10, 2);
}

#[test]
fn three_players() {
    run(Config::new(3), 10, 3);
}

#[test]
fn four_players_english_variant() {
    run(Config::new(4).with_english_variant(true), 10, 4);
}
