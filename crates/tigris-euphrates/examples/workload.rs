//! A fixed, seeded workload of Tigris & Euphrates, to count its instructions with valgrind:
//! the counts do not drift with the machine as times do, so two builds compare exactly.
//!
//! ```sh
//! cargo build --release -p tigris-euphrates --example workload
//! valgrind --tool=cachegrind --cache-sim=no target/release/examples/workload playout 2 1000
//! ```
//!
//! Usage: `workload MODE [PLAYERS] [N]` (2 players and N = 10 when not given). Every mode
//! first plays 8 random games (seed 1) and keeps their decisions as fixed positions, then:
//! - `playout`: N random games from the start (one RNG, seed 1), through the fast paths;
//! - `legal`: the legal list of every position, N times over;
//! - `clone`: a clone of every position, N times over;
//! - `mcts`: a `mcts-v1` search of N iterations on 10 of the positions.
//!
//! It prints the work done (decisions played, actions listed, clones or searches), the same
//! in any build that plays the same games.

use std::hint::black_box;
use std::time::Instant;

use mesopotamia_core::driver::{random_playout, random_positions};
use mesopotamia_core::{Game, ToMove};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates::{Config, Tigris};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_default();
    let players: u8 = args.next().map_or(Ok(2), |s| s.parse())?;
    let n: usize = args.next().map_or(Ok(10), |s| s.parse())?;
    let config = Config::new(players);
    let positions = random_positions::<Tigris, _>(&config, 8, &mut ChaCha8Rng::seed_from_u64(1))?;
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let start = Instant::now();
    let mut work = 0u64;
    match mode.as_str() {
        "playout" => {
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            for _ in 0..n {
                let mut game = Tigris::new(config)?;
                work += random_playout(&mut game, &mut rng, &mut legal, &mut outcomes)?.decisions;
            }
        }
        "legal" => {
            for _ in 0..n {
                for position in &positions {
                    black_box(position).legal_actions(&mut legal);
                    work += legal.len() as u64;
                }
            }
        }
        "clone" => {
            for _ in 0..n {
                for position in &positions {
                    drop(black_box(black_box(position).clone()));
                    work += 1;
                }
            }
        }
        "mcts" => {
            let bot = tigris_euphrates::bots::mcts_v1_bot(u32::try_from(n)?);
            let every = (positions.len() / 10).max(1);
            for (i, position) in positions.iter().step_by(every).take(10).enumerate() {
                let ToMove::Seat(seat) = position.to_move() else {
                    continue;
                };
                position.legal_actions(&mut legal);
                let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
                black_box(bot.analyse(position, seat, &legal, &mut rng));
                work += 1;
            }
        }
        other => {
            return Err(format!("unknown mode {other:?}: playout, legal, clone or mcts").into());
        }
    }
    eprintln!("{mode}: work {work} in {:?}", start.elapsed());
    Ok(())
}
