//! How deep a target's inputs go: replays every file of the folders given (a corpus, the
//! seeds) through the target's own code, with its checks, and reports the steps played,
//! the deepest turn (rounds for Sumeria), the games that ended and the time per input.
//!
//! ```sh
//! cd fuzz && cargo run --release --example depth -- tigris_game corpus/tigris_game seeds/tigris_game
//! ```

use std::time::Instant;

use mesopotamia_fuzz::{FuzzGame, Played, input, run_game, run_state};
use sumeria::Sumeria;
use tigris_euphrates::Tigris;
use tigris_euphrates_cards::Cards;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((target, folders)) = args.split_first() else {
        eprintln!("usage: depth TARGET FOLDER...");
        std::process::exit(2);
    };
    let run: fn(&[u8]) -> Option<Played> = match target.as_str() {
        "tigris_game" => |d| Some(run_game::<Tigris>(d)),
        "cards_game" => |d| Some(run_game::<Cards>(d)),
        "sumeria_game" => |d| Some(run_game::<Sumeria>(d)),
        "tigris_state" => run_state::<Tigris>,
        "cards_state" => run_state::<Cards>,
        "sumeria_state" => run_state::<Sumeria>,
        _ => {
            eprintln!("depth measures the *_game and *_state targets");
            std::process::exit(2);
        }
    };
    let (depth, label): (&str, fn(u8) -> String) = match target.split('_').next() {
        Some("sumeria") => (Sumeria::DEPTH, input::label::<Sumeria>),
        Some("cards") => (Cards::DEPTH, input::label::<Cards>),
        _ => (Tigris::DEPTH, input::label::<Tigris>),
    };
    let mut inputs = Vec::new();
    for folder in folders {
        let Ok(entries) = std::fs::read_dir(folder) else {
            eprintln!("{folder}: not a folder");
            continue;
        };
        for entry in entries.flatten() {
            if let Ok(bytes) = std::fs::read(entry.path()) {
                inputs.push((entry.path(), bytes));
            }
        }
    }
    let mut played = Vec::new();
    let started = Instant::now();
    let mut slowest = (0.0, String::new());
    for (path, bytes) in &inputs {
        let one = Instant::now();
        if let Some(p) = run(bytes) {
            played.push(p);
        }
        let seconds = one.elapsed().as_secs_f64();
        if seconds > slowest.0 {
            slowest = (seconds, path.display().to_string());
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let n = inputs.len().max(1) as f64;
    println!(
        "{target}: {} inputs in {seconds:.2} s ({:.0} us each, slowest {:.0} us: {})",
        inputs.len(),
        seconds / n * 1e6,
        slowest.0 * 1e6,
        slowest.1
    );
    if played.is_empty() {
        println!("no input played a game (raw JSON only)");
        return;
    }
    let mut depths: Vec<u32> = played.iter().map(|p| p.depth).collect();
    depths.sort_unstable();
    let over = played.iter().filter(|p| p.over).count();
    let steps: usize = played.iter().map(|p| p.steps).sum();
    let deepest = played
        .iter()
        .max_by_key(|p| (p.depth, p.steps))
        .expect("one");
    println!(
        "{} games: {over} over; {depth} median {}, 90th percentile {}, deepest {} ({} steps from {}); mean {:.0} steps",
        played.len(),
        depths[depths.len() / 2],
        depths[depths.len() * 9 / 10],
        deepest.depth,
        deepest.steps,
        label(deepest.start),
        steps as f64 / played.len() as f64,
    );
}
