//! The dense action index as a learning library consumes it: a fixed-size space, the
//! legal mask of a decision, and the round trip between index and action.
//!
//! Run with `cargo run --example action_space`.

use mesopotamia::core::{Game, ToMove};
use mesopotamia::sumeria::{Config, Sumeria};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

fn main() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut game = Sumeria::new(Config::new(3)).expect("3 players");
    let mut outcomes = Vec::new();
    while game.to_move() == ToMove::Chance {
        let chance = mesopotamia::core::driver::sample_chance(&game, &mut outcomes, &mut rng)
            .expect("an outcome");
        game.apply_chance(chance).expect("a listed outcome");
    }

    // One space for the whole game: a policy network's output layer has this many units.
    let size = game.action_space_size();
    let mask: Vec<bool> = game.legal_mask();
    assert_eq!(mask.len(), size);
    let legal: Vec<usize> = mask
        .iter()
        .enumerate()
        .filter(|&(_, &ok)| ok)
        .map(|(i, _)| i)
        .collect();
    println!("action space: {size} indices, {} legal now", legal.len());

    // Indices and actions convert both ways, in the same order as the legal list.
    for &i in legal.iter().take(5) {
        let action = game
            .action_from_index(i)
            .expect("a legal index is an action");
        assert_eq!(game.action_index(action), i);
        println!("  index {i:>4} = {action}");
    }
    assert_eq!(
        legal,
        game.legal_action_vec()
            .iter()
            .map(|&a| game.action_index(a))
            .collect::<Vec<_>>()
    );

    // A policy picks an index (here: the legal index with the largest made-up logit).
    let logits: Vec<f32> = (0..size).map(|i| ((i * 7919) % 101) as f32).collect();
    let choice = legal
        .iter()
        .copied()
        .max_by(|&a, &b| logits[a].total_cmp(&logits[b]))
        .expect("a legal action");
    let action = game.action_from_index(choice).expect("an action");
    game.apply(action).expect("legal");
    println!("played index {choice}: {action}");
    // An index outside the legal mask is refused and changes nothing.
    let illegal = (0..size)
        .find(|&i| !game.legal_mask()[i])
        .expect("some illegal index");
    let before = game.clone();
    if let Some(action) = game.action_from_index(illegal) {
        assert!(game.apply(action).is_err());
    }
    assert_eq!(game, before);
}
