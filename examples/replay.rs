//! Writes a whole game to a JSON game record, reads it back, and replays it to the
//! identical final state.
//!
//! Run with `cargo run --example replay`.

use mesopotamia::core::GameRecord;
use mesopotamia::search::{RandomBot, play_match};
use mesopotamia::sumeria::{Config, Sumeria};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

fn main() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut bots = [RandomBot; 3];
    let outcome =
        play_match::<Sumeria, _, _>(&Config::new(3), &mut bots, &mut rng).expect("a finished game");

    // Steps are stored in the games' notation: a record is readable and diffable.
    let json = serde_json::to_string_pretty(&outcome.record).expect("a record serializes");
    println!(
        "{} steps, {} bytes of JSON; the first steps:",
        outcome.record.steps.len(),
        json.len()
    );
    for step in outcome.record.steps.iter().take(5) {
        println!("  {step}");
    }

    let record: GameRecord<Sumeria> = serde_json::from_str(&json).expect("and reads back");
    let replayed = record.replay().expect("every step is legal");
    assert_eq!(replayed, outcome.state);
    println!(
        "replayed to the identical final state: {}",
        replayed == outcome.state
    );

    // A corrupt record is an error naming the step.
    let corrupt = json.replacen("\"add ", "\"remove ", 1);
    let record: GameRecord<Sumeria> = serde_json::from_str(&corrupt).expect("still well formed");
    println!("corrupt record: {}", record.replay().unwrap_err());
}
