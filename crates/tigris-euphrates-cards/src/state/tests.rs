//! The crate-private counting and decoding of the legal list, and the masks against the
//! display, over many positions of random games (the core's `check_fast_paths` compares
//! the sampler's draws with the list's).

use mesopotamia_core::chance::{sample_weighted, uniform_below};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use super::*;

/// Plays a seeded random game through the lists, calling `check` before every step.
fn random_game(config: Config, seed: u64, mut check: impl FnMut(&Cards)) -> Cards {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Cards::new(config).unwrap();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    loop {
        check(&game);
        match game.to_move() {
            ToMove::Terminal => return game,
            ToMove::Chance => {
                game.chance_outcomes(&mut outcomes);
                let outcome = sample_weighted(&mut rng, &outcomes).unwrap();
                game.apply_chance(outcome).unwrap();
            }
            ToMove::Seat(_) => {
                game.legal_actions(&mut legal);
                let action = legal[uniform_below(&mut rng, legal.len() as u32) as usize];
                game.apply(action).unwrap();
            }
        }
    }
}

fn configs() -> impl Iterator<Item = (Config, u64)> {
    (0..12u64).map(|i| {
        let players = 2 + (i % 3) as u8;
        (Config::new(players).with_open_piles(i % 2 == 0), 100 + i)
    })
}

#[test]
fn the_masks_always_match_the_display() {
    for (config, seed) in configs() {
        random_game(config, seed, |game| {
            let mut rebuilt = game.clone();
            rebuilt.public.rebuild();
            assert_eq!(
                rebuilt.public.masks, game.public.masks,
                "seed {seed}\n{game}"
            );
        });
    }
}

#[test]
fn the_sampler_draws_what_the_list_draws() {
    let mut legal = Vec::new();
    let mut positions = 0;
    for (config, seed) in configs() {
        random_game(config, seed, |game| {
            game.legal_actions(&mut legal);
            assert_eq!(game.legal_count() as usize, legal.len(), "{game}");
            for (n, &action) in legal.iter().enumerate() {
                assert_eq!(
                    game.nth_legal(n as u32),
                    Some(action),
                    "{n} of {legal:?}\n{game}"
                );
                assert!(game.is_legal(action));
            }
            assert_eq!(game.nth_legal(legal.len() as u32), None);
            positions += 1;
        });
    }
    assert!(positions > 5_000, "{positions} positions");
}
