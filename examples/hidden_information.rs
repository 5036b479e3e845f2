//! What one seat may know: its view holds the public state and its own hand, and hides
//! the other hands and the bag. A view serializes (to JSON here), ready to send to a
//! player's client.
//!
//! Run with `cargo run --example hidden_information`.

use mesopotamia::core::{Game, Seat, ToMove};
use mesopotamia::tigris::{Config, Tigris};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

fn main() {
    // Deal the opening hands (chance) for a 3-player game.
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut game = Tigris::new(Config::new(3)).expect("3 players");
    let mut outcomes = Vec::new();
    while game.to_move() == ToMove::Chance {
        let draw = mesopotamia::core::driver::sample_chance(&game, &mut outcomes, &mut rng)
            .expect("a draw");
        game.apply_chance(draw).expect("a listed outcome");
    }

    let seat = Seat::new(1).expect("seat 1");
    let view = game.view(seat);
    println!("seat 1 sees its own hand: {:?}", view.hand.values());
    for other in Seat::all(3).filter(|&s| s != seat) {
        // Only the size of another hand is public.
        println!(
            "seat {other}: {} tiles in hand (which ones is hidden)",
            view.public.hand_size(other)
        );
    }
    println!(
        "the bag: {} tiles (their colours are hidden)",
        view.public.bag_size()
    );
    assert_eq!(view.hand, game.hand(seat));

    // The view does not change when what seat 1 cannot see is redrawn.
    let other_world = game.resample_hidden(seat, &mut rng);
    assert_eq!(other_world.view(seat), view);
    println!(
        "a redrawn world looks the same to seat 1: {}",
        other_world.view(seat) == view
    );

    let json = serde_json::to_string(&view).expect("a view serializes");
    println!(
        "the view as JSON: {} bytes; it holds seat 1's hand and no other",
        json.len()
    );
    let back: mesopotamia::tigris::TigrisView =
        serde_json::from_str(&json).expect("and reads back");
    assert_eq!(back, view);
}
