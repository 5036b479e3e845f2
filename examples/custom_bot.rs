//! Writes a bot of one's own: it implements the core's `Bot` trait, prefers actions that
//! score at once (looking at the VP it would gain), and plays a few hundred games of
//! Tigris & Euphrates against three random bots.
//!
//! Run with `cargo run --release --example custom_bot`.

use mesopotamia::core::rand_core::Rng;
use mesopotamia::core::{Colour, Game, Seat};
use mesopotamia::search::{Bot, RandomBot, play_match};
use mesopotamia::tigris::{Action, Config, Tigris};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// Plays the action that gains its seat the most VP right away; among equals, any.
struct Scorer;

impl Bot<Tigris> for Scorer {
    fn choose(&mut self, game: &Tigris, seat: Seat, legal: &[Action], rng: &mut dyn Rng) -> Action {
        let vp = |g: &Tigris| -> u32 {
            let p = g.public();
            Colour::ALL.iter().map(|&c| p.vp(seat)[c]).sum::<u32>() + p.treasures_taken(seat) as u32
        };
        // An honest bot never looks at hidden information: it tries the actions on a
        // copy whose other hands and bag are redrawn from what its seat can see.
        let world = game.resample_hidden(seat, rng);
        let now = vp(&world);
        let mut best = Vec::new();
        let mut best_gain = 0;
        for &action in legal {
            let mut next = world.clone();
            let gain = match next.apply(action) {
                Ok(()) => vp(&next) - now,
                Err(_) => 0,
            };
            if gain > best_gain {
                best_gain = gain;
                best.clear();
            }
            if gain == best_gain {
                best.push(action);
            }
        }
        best[(rng.next_u32() as usize) % best.len()]
    }
}

fn main() {
    let games = 300;
    let mut wins = 0.0;
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut scorer, mut random) = (Scorer, [RandomBot; 3]);
        let [a, b, c] = &mut random;
        // The scorer changes seat every game, so that the first seat's edge evens out.
        let mut seats: Vec<&mut dyn Bot<Tigris>> = vec![a, b, c];
        let at = (seed % 4) as usize;
        seats.insert(at, &mut scorer);
        let outcome = play_match::<Tigris, _, _>(&Config::new(4), &mut seats, &mut rng)
            .expect("a finished game");
        let standings = outcome.state.standings().expect("standings");
        let winners: Vec<Seat> = standings.winners().collect();
        if winners.iter().any(|s| s.index() == at) {
            wins += 1.0 / winners.len() as f64;
        }
    }
    println!(
        "the scorer won {wins} of {games} games against three random bots ({:.1}%, a fair share is 25%)",
        100.0 * wins / games as f64
    );
}
