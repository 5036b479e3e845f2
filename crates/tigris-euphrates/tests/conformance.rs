//! The core's conformance kit: 1,000 seeded games in all for 2, 3 and 4 players, with and
//! without the English variant, 480 more over every combination of the options, and a
//! longer run behind `#[ignore]`.

mod common;

use mesopotamia_core::testkit::{ConformanceOptions, ConformanceReport, check_conformance};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates::{Config, Tigris};

fn run(config: Config, options: &ConformanceOptions, seed: u64) -> ConformanceReport {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let report = check_conformance::<Tigris, _>(&config, options, &mut rng);
    assert_eq!(report.games, options.games);
    assert!(report.illegal_refused > 0);
    report
}

/// Light checks at every step, the expensive ones (serde, views, every legal action
/// applied) every few steps.
fn quick(games: usize) -> ConformanceOptions {
    ConformanceOptions {
        games,
        illegal_probes: 4,
        apply_every_legal: false,
        deep_check_every: 29,
    }
}

#[test]
fn two_players() {
    run(Config::new(2), &quick(300), 2);
    run(Config::new(2).with_english_variant(true), &quick(100), 20);
}

#[test]
fn three_players() {
    run(Config::new(3), &quick(200), 3);
    run(Config::new(3).with_english_variant(true), &quick(100), 30);
}

#[test]
fn four_players() {
    run(Config::new(4), &quick(200), 4);
    run(Config::new(4).with_english_variant(true), &quick(100), 40);
}

/// Alternative board x buildings x ziggurat x English variant, 2 to 4 players.
#[test]
fn every_combination_of_options() {
    for players in 2..=4 {
        for (bits, config) in common::every_config(players).enumerate() {
            run(config, &quick(10), 500 + 16 * players as u64 + bits as u64);
        }
    }
}

#[test]
fn every_check_at_every_step() {
    let full = ConformanceOptions {
        games: 6,
        illegal_probes: 16,
        apply_every_legal: true,
        deep_check_every: 1,
    };
    for players in 2..=4 {
        run(Config::new(players), &full, 100 + players as u64);
        // Every option at once.
        run(common::config(players, 15), &full, 200 + players as u64);
    }
}

/// `cargo test -p tigris-euphrates --release -- --ignored`
#[test]
#[ignore = "long: 48,000 more games with every check at every step"]
fn long_run() {
    let full = ConformanceOptions {
        games: 1000,
        illegal_probes: 32,
        apply_every_legal: true,
        deep_check_every: 1,
    };
    for players in 2..=4 {
        for (bits, config) in common::every_config(players).enumerate() {
            run(config, &full, 1000 + 16 * players as u64 + bits as u64);
        }
    }
}
