//! `bench`: uniform random playouts on one thread.

use std::time::Instant;

use mesopotamia_core::Game;
use mesopotamia_core::driver::random_playout;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use sumeria::Sumeria;
use tigris_euphrates::Tigris;

use crate::{BenchArgs, GameName};

/// Counts from a run of random playouts.
#[derive(Default)]
struct Totals {
    games: u64,
    decisions: u64,
    legal_gens: u64,
    legal_actions: u64,
}

/// Plays `games` games from the initial position: every decision uniform over the full
/// legal list, chance sampled by bag counts.
fn playouts<G: Game>(config: &G::Config, games: u64, seed: u64) -> Result<Totals, String> {
    let mut totals = Totals::default();
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    for i in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(i));
        let mut state = G::new(config).map_err(|e| e.to_string())?;
        let done = random_playout(&mut state, &mut rng, &mut legal, &mut outcomes)
            .map_err(|e| e.to_string())?;
        totals.legal_gens += done.decisions;
        totals.legal_actions += done.legal_actions;
        totals.decisions += done.decisions;
        totals.games += 1;
    }
    Ok(totals)
}

pub(crate) fn run(args: &BenchArgs) -> Result<(), String> {
    args.options.only_for_tigris(args.game)?;
    let start = Instant::now();
    let (totals, state_bytes) = match args.game {
        GameName::Tigris => (
            playouts::<Tigris>(&args.options.tigris()?, args.games, args.seed)?,
            std::mem::size_of::<Tigris>(),
        ),
        GameName::Cards => (
            playouts::<tigris_euphrates_cards::Cards>(
                &args.options.cards()?,
                args.games,
                args.seed,
            )?,
            std::mem::size_of::<tigris_euphrates_cards::Cards>(),
        ),
        GameName::Sumeria => (
            playouts::<Sumeria>(&args.options.sumeria()?, args.games, args.seed)?,
            std::mem::size_of::<Sumeria>(),
        ),
    };
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let games_per_sec = totals.games as f64 / secs;
    let decisions_per_sec = totals.decisions as f64 / secs;
    let legal_gens_per_sec = totals.legal_gens as f64 / secs;
    let mean_legal = totals.legal_actions as f64 / totals.legal_gens.max(1) as f64;
    let mean_decisions = totals.decisions as f64 / totals.games.max(1) as f64;
    if args.json {
        say!(
            "{{\"game\":\"{}\",\"players\":{},\"games\":{},\"seconds\":{secs:.3},\"games_per_sec\":{games_per_sec:.1},\"decisions_per_sec\":{decisions_per_sec:.1},\"legal_gens_per_sec\":{legal_gens_per_sec:.1},\"mean_legal_actions\":{mean_legal:.2},\"mean_decisions\":{mean_decisions:.2},\"state_bytes\":{state_bytes}}}",
            args.game.name(),
            args.options.players,
            totals.games
        );
    } else {
        say!(
            "{} games of {} ({} players) in {secs:.2} s",
            totals.games,
            args.game.name(),
            args.options.players
        );
        say!("games/s:                  {games_per_sec:.1}");
        say!("decisions/s:              {decisions_per_sec:.1}");
        say!("legal generations/s:      {legal_gens_per_sec:.1}");
        say!("mean legal actions:       {mean_legal:.2}");
        say!("mean decisions per game:  {mean_decisions:.2}");
        say!("state size:               {state_bytes} bytes");
    }
    Ok(())
}
