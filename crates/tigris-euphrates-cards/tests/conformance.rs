//! The core's conformance kit on 2 to 4 players, and random play in which the legal list
//! is compared with what `apply` accepts over the whole action space, refusals must leave
//! the state unchanged, and the 185 civilization cards and 8 treasures are conserved.

use mesopotamia_core::chance::{sample_weighted, uniform_below};
use mesopotamia_core::{Game, ToMove};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates_cards::{ACTION_SPACE, Action, Cards, Config};

mod common;
use common::cards_accounted;

fn bounded_random_play(config: Config, seed: u64, steps: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Cards::new(config).unwrap();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    for step in 0..steps {
        assert_eq!(
            cards_accounted(&game),
            (185, 8),
            "seed {seed} step {step}\n{game}"
        );
        match game.to_move() {
            ToMove::Terminal => {
                assert!(game.standings().is_some());
                return;
            }
            ToMove::Chance => {
                game.chance_outcomes(&mut outcomes);
                game.apply_chance(sample_weighted(&mut rng, &outcomes).unwrap())
                    .unwrap();
            }
            ToMove::Seat(_) => {
                game.legal_actions(&mut legal);
                assert!(!legal.is_empty());
                if step % 13 == 0 {
                    for i in 0..ACTION_SPACE {
                        let a = Action::from_index(i).unwrap();
                        let mut copy = game.clone();
                        let ok = copy.apply(a).is_ok();
                        assert_eq!(
                            ok,
                            legal.binary_search(&a).is_ok(),
                            "seed {seed} step {step}: {a}"
                        );
                        if !ok {
                            assert_eq!(copy, game, "refusing {a} changed the state");
                        }
                    }
                }
                let a = legal[uniform_below(&mut rng, legal.len() as u32) as usize];
                game.apply(a).unwrap();
            }
        }
    }
}

#[test]
fn random_play_keeps_the_contract_and_the_cards() {
    for (players, seed) in [(2u8, 1u64), (3, 2), (4, 3), (2, 4), (3, 5), (4, 6)] {
        bounded_random_play(Config::new(players), seed, 1500);
    }
}

mod kit {
    use mesopotamia_core::testkit::{ConformanceOptions, check_conformance};
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;
    use tigris_euphrates_cards::{Cards, Config};

    fn run(config: Config, games: usize, seed: u64) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let options = ConformanceOptions {
            games,
            illegal_probes: 8,
            apply_every_legal: false,
            deep_check_every: 11,
        };
        let report = check_conformance::<Cards, _>(&config, &options, &mut rng);
        assert_eq!(report.games, games);
        assert!(report.illegal_refused > 0);
    }

    #[test]
    fn the_conformance_kit_passes() {
        run(Config::new(2), 40, 2);
        run(
            Config {
                players: 3,
                open_piles: true,
            },
            40,
            3,
        );
        run(Config::new(4), 40, 4);
    }
}

#[test]
fn the_random_play_fast_paths_keep_their_contract() {
    use mesopotamia_core::testkit::{FastPathOptions, check_fast_paths};
    for (players, seed) in [(2u8, 141u64), (3, 142), (4, 143)] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let report = check_fast_paths::<Cards, _>(
            &Config::new(players),
            &FastPathOptions::default(),
            &mut rng,
        );
        assert_eq!(report.sampling.games, 10);
        let tested = report.uniformity.decisions + report.uniformity.chance_events;
        assert_eq!(tested, 24, "{:?}", report.uniformity);
    }
}
