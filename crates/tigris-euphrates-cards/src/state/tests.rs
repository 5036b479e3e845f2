//! The crate-private counting and decoding of the legal list, and the masks against the
//! display, over many positions of random games (the kit's `check_fast_paths` compares
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

/// The sampler's count and n-th action are the list's, and nothing lies beyond the list.
fn check_sampler(game: &Cards, legal: &mut Vec<Action>) {
    game.legal_actions(legal);
    assert_eq!(game.legal_count() as usize, legal.len(), "{game}");
    for (n, &action) in legal.iter().enumerate() {
        assert_eq!(
            game.nth_legal(n as u32),
            Some(action),
            "{n} of {legal:?}\n{game}"
        );
        assert!(game.is_legal(action));
    }
    assert_eq!(game.nth_legal(legal.len() as u32), None, "{game}");
}

#[test]
fn the_sampler_draws_what_the_list_draws() {
    let mut legal = Vec::new();
    let mut positions = 0;
    for (config, seed) in configs() {
        random_game(config, seed, |game| {
            check_sampler(game, &mut legal);
            positions += 1;
        });
    }
    assert!(positions > 5_000, "{positions} positions");
}

/// The same in every state of the rule examples, which reach decisions random games seldom
/// do (treasures to choose, conflicts to order, boats).
#[test]
fn the_sampler_draws_what_the_list_draws_in_the_rule_examples() {
    let mut legal = Vec::new();
    let states = mesopotamia_testkit::example_states::<Cards>(crate::examples::EXAMPLES);
    let mut pending = std::collections::HashSet::new();
    for (at, game) in &states {
        check_sampler(game, &mut legal);
        pending.insert(core::mem::discriminant(&game.public.pending));
        // A treasure beyond the columns is never one to take.
        assert!(
            !game.is_legal(Action::Treasure(crate::action::COLUMNS as u8)),
            "{at}"
        );
    }
    assert!(
        pending.contains(&core::mem::discriminant(&Pending::Treasure(
            Seat::new(0).unwrap()
        ))),
        "no treasure choice among {} states",
        states.len()
    );
}

/// Actions naming places beyond the display (a column, a row, a link slot out of range),
/// which the action type can hold, are never legal.
#[test]
fn places_beyond_the_display_are_never_legal() {
    use crate::action::{COLUMN_CARDS, COLUMNS, LINKS};
    let beyond = [
        Place::Column(COLUMNS as u8, 0),
        Place::Column(0, COLUMN_CARDS as u8 + 1),
        Place::Link(LINKS as u8),
    ];
    let mut checked = 0;
    for (config, seed) in configs().take(3) {
        random_game(config, seed, |game| {
            if game.public.pending != Pending::Action {
                return;
            }
            for c in Colour::ALL {
                for at in beyond {
                    assert!(!game.is_legal(Action::Leader(c, at)), "{c} {at:?}\n{game}");
                }
                assert!(!game.is_legal(Action::Column(c, COLUMNS as u8)));
                assert!(!game.is_legal(Action::Link(c, LINKS as u8)));
            }
            for at in beyond {
                assert!(!game.is_legal(Action::Catastrophe(at)));
            }
            checked += 1;
        });
    }
    assert!(checked > 100, "{checked} action decisions");
}
