//! The fast paths against the lists, and the masks against the display, over many positions
//! of random games.

use mesopotamia_core::chance::{sample_weighted, uniform_below};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::*;

/// Plays a seeded random game through the lists, calling `check` before every step.
fn random_game(config: Config, seed: u64, mut check: impl FnMut(&Cards, &ChaCha8Rng)) -> Cards {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Cards::new(config).unwrap();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    loop {
        check(&game, &rng);
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
        random_game(config, seed, |game, _| {
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
        random_game(config, seed, |game, rng| {
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
            // The same draws from the same RNG, and the same RNG afterwards.
            for k in 0..4u128 {
                let mut by_list = rng.clone();
                by_list.set_word_pos(rng.get_word_pos() + k);
                let mut by_sampler = by_list.clone();
                let expected = (!legal.is_empty())
                    .then(|| legal[uniform_below(&mut by_list, legal.len() as u32) as usize]);
                assert_eq!(game.sample_legal(&mut by_sampler), expected, "{game}");
                assert_eq!(by_sampler.next_u64(), by_list.next_u64());
                // Sampling and playing in one call is sampling, then `apply`.
                let mut fast = game.clone();
                let mut by_fast = rng.clone();
                by_fast.set_word_pos(rng.get_word_pos() + k);
                let played = fast.play_random_action(&mut by_fast);
                assert_eq!(played, expected);
                let mut slow = game.clone();
                if let Some(action) = expected {
                    slow.apply(action).unwrap();
                }
                assert_eq!(fast, slow, "{expected:?}\n{game}");
            }
            positions += 1;
        });
    }
    assert!(positions > 5_000, "{positions} positions");
}

#[test]
fn the_chance_sampler_draws_what_the_weights_draw() {
    let mut outcomes = Vec::new();
    for (config, seed) in configs().take(4) {
        random_game(config, seed, |game, rng| {
            game.chance_outcomes(&mut outcomes);
            let mut by_weights = rng.clone();
            let mut by_sampler = rng.clone();
            let expected = sample_weighted(&mut by_weights, &outcomes);
            assert_eq!(game.sample_chance_outcome(&mut by_sampler), expected);
            assert_eq!(by_sampler.next_u64(), by_weights.next_u64());
            let mut fast = game.clone();
            let mut by_fast = rng.clone();
            assert_eq!(play_random_chance(&mut fast, &mut by_fast), expected);
            let mut slow = game.clone();
            if let Some(outcome) = expected {
                slow.apply_chance(outcome).unwrap();
            }
            assert_eq!(fast, slow);
        });
    }
}

/// Whole games through the fast paths are the games through the lists.
#[test]
fn fast_games_are_the_listed_games() {
    for (config, seed) in configs() {
        let listed = random_game(config, seed, |_, _| {});
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Cards::new(config).unwrap();
        while game.play_random_action(&mut rng).is_some()
            || play_random_chance(&mut game, &mut rng).is_some()
        {}
        assert!(game.is_terminal());
        assert_eq!(game, listed, "seed {seed}");
    }
}

/// The trait's chance fast path, which must never refuse its own draw.
fn play_random_chance(game: &mut Cards, rng: &mut ChaCha8Rng) -> Option<Chance> {
    Game::play_chance_random(game, rng, &mut Vec::new()).expect("the engine's own draw")
}

/// A number from the environment, or `default`.
fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Random 2-player games per second, seeds 1 to 3000 (or `CARDS_SPEED_GAMES`), through the fast paths or the lists.
fn games_per_second(fast: bool) -> (f64, f64) {
    use std::time::Instant;
    let games = env_number("CARDS_SPEED_GAMES", 3000);
    let config = Config::new(2);
    let start = Instant::now();
    let mut decisions = 0u64;
    for i in 0..games {
        if fast {
            let mut rng = ChaCha8Rng::seed_from_u64(1 + i);
            let mut game = Cards::new(config).unwrap();
            loop {
                if game.play_random_action(&mut rng).is_some() {
                    decisions += 1;
                } else if play_random_chance(&mut game, &mut rng).is_none() {
                    break;
                }
            }
        } else {
            random_game(config, 1 + i, |game, _| {
                decisions += u64::from(matches!(game.to_move(), ToMove::Seat(_)));
            });
        }
    }
    let secs = start.elapsed().as_secs_f64();
    (games as f64 / secs, decisions as f64 / games as f64)
}

/// Prints the speed of random 2-player games through the fast paths (no assertion on time):
/// `cargo test --release -p tigris-euphrates-cards --lib speed -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a test"]
fn speed_of_fast_random_games() {
    for round in 0..env_number("CARDS_SPEED_ROUNDS", 5) {
        let (per_sec, decisions) = games_per_second(true);
        println!(
            "round {round}: fast paths {per_sec:.0} games/s, {decisions:.1} decisions per game, {} bytes per state",
            core::mem::size_of::<Cards>()
        );
    }
}

/// Prints the speed of random 2-player games through the lists (no assertion on time).
#[test]
#[ignore = "a measurement, not a test"]
fn speed_of_listed_random_games() {
    for round in 0..env_number("CARDS_SPEED_ROUNDS", 5) {
        let (per_sec, decisions) = games_per_second(false);
        println!("round {round}: lists {per_sec:.0} games/s, {decisions:.1} decisions per game");
    }
}

/// Prints the time of the parts of a random decision on fixed positions (no assertion).
#[test]
#[ignore = "a measurement, not a test"]
fn speed_of_the_parts() {
    use std::hint::black_box;
    use std::time::Instant;
    let mut positions = Vec::new();
    for seed in 0..20 {
        random_game(Config::new(2), seed, |game, _| {
            if matches!(game.to_move(), ToMove::Seat(_)) {
                positions.push(game.clone());
            }
        });
    }
    // A few (their memory stays in the caches), from all parts of the games.
    let positions: Vec<Cards> = positions.into_iter().step_by(50).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    // The fastest of several rounds: the machine may be busy.
    let time = |name: &str, f: &mut dyn FnMut(&Cards) -> u32| {
        let mut best = f64::MAX;
        let mut sum = 0u32;
        for _ in 0..15 {
            let start = Instant::now();
            for _ in 0..100 {
                for p in &positions {
                    sum = sum.wrapping_add(f(black_box(p)));
                }
            }
            let ns = start.elapsed().as_nanos() as f64 / (100 * positions.len()) as f64;
            best = best.min(ns);
        }
        println!("{name}: {best:.1} ns ({sum})");
    };
    time("legal_count", &mut |g| g.legal_count());
    time("sample_legal", &mut |g| {
        g.sample_legal(&mut rng).map_or(0, |a| a.index() as u32)
    });
    time("nth_legal of the middle", &mut |g| {
        g.nth_legal(g.legal_count() / 2)
            .map_or(0, |a| a.index() as u32)
    });
    time("uniform_below", &mut |g| {
        uniform_below(&mut rng, g.public.turn + 100)
    });
    time("clone", &mut |g| black_box(g.clone()).public.turn);
    time("to_move", &mut |g| {
        u32::from(matches!(black_box(g).to_move(), ToMove::Seat(_)))
    });
    let mut actions = Vec::new();
    let mut rng2 = ChaCha8Rng::seed_from_u64(5);
    for p in &positions {
        actions.push(p.sample_legal(&mut rng2).unwrap());
    }
    let mut k = 0;
    time("clone + play", &mut |g| {
        let mut c = black_box(g.clone());
        c.play(actions[k % actions.len()], &mut NoEvents);
        k += 1;
        c.public.turn
    });
    let mut legal = Vec::new();
    time("legal_actions", &mut |g| {
        g.legal_actions(&mut legal);
        legal.len() as u32
    });
    println!(
        "{} positions, {} bytes per action",
        positions.len(),
        core::mem::size_of::<Action>()
    );
}
