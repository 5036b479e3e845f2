//! The core's conformance kit for 3 and 4 players.

use mesopotamia_core::testkit::{ConformanceOptions, check_conformance};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use sumeria::{Config, Sumeria};

fn run(players: u8, options: &ConformanceOptions, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let report = check_conformance::<Sumeria, _>(&Config::new(players), options, &mut rng);
    assert_eq!(report.games, options.games);
    assert!(report.illegal_refused > 0);
}

#[test]
fn three_players() {
    run(
        3,
        &ConformanceOptions {
            games: 150,
            illegal_probes: 8,
            apply_every_legal: true,
            deep_check_every: 5,
        },
        3,
    );
}

#[test]
fn four_players() {
    run(
        4,
        &ConformanceOptions {
            games: 150,
            illegal_probes: 8,
            apply_every_legal: true,
            deep_check_every: 5,
        },
        4,
    );
}

#[test]
#[ignore = "long: 4,000 games with every check at every step"]
fn long_run() {
    for players in [3, 4] {
        run(
            players,
            &ConformanceOptions {
                games: 2000,
                illegal_probes: 32,
                apply_every_legal: true,
                deep_check_every: 1,
            },
            99,
        );
    }
}
