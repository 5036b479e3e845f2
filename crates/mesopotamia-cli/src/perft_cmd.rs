//! `perft`: the game tree counted to a depth (the core's `perft`), from a game's start or
//! a `--from` file, one line per depth with its time, or split by first step (`--divide`).

use std::time::Instant;

use crate::PerftArgs;
use crate::games::CliGame;
use mesopotamia::core::Step;
use mesopotamia::core::perft::{MAX_DEPTH, perft, perft_divide};
use serde::Serialize;

/// One depth's count, as `--json` prints it.
#[derive(Serialize)]
struct DepthCount {
    depth: u32,
    count: u64,
    seconds: f64,
}

/// One first step's count (`--divide --json`).
#[derive(Serialize)]
struct StepCount {
    step: String,
    count: u64,
}

pub(crate) fn run(args: &PerftArgs) -> Result<(), String> {
    if !(1..=MAX_DEPTH).contains(&args.depth) {
        return Err(format!(
            "--depth {}: give a depth from 1 to {MAX_DEPTH} (each depth multiplies the work \
             by the number of steps, hundreds in the widest games)",
            args.depth
        ));
    }
    struct Count<'a>(&'a PerftArgs);
    impl mesopotamia::games::GameVisitor for Count<'_> {
        type Out = Result<(), String>;
        fn visit<G: mesopotamia::table::NamedGame>(self) -> Self::Out {
            count::<G>(self.0)
        }
    }
    mesopotamia::games::visit(&args.game, Count(args)).map_err(|e| e.to_string())?
}

fn count<G: CliGame>(args: &PerftArgs) -> Result<(), String> {
    let state: G = match &args.from {
        Some(path) => {
            crate::play::read_from::<G>(path, &args.options, "counts from the file's position")?.0
        }
        None => {
            let options = args.options.for_game(G::DESCRIPTION)?;
            let config = G::configure(&options).map_err(|e| crate::options::message(&e))?;
            G::new(&config).map_err(|e| e.to_string())?
        }
    };
    if args.divide {
        return divide(&state, args);
    }
    let mut counts = Vec::new();
    for depth in 1..=args.depth {
        let start = Instant::now();
        let count = perft(&state, depth).map_err(|e| e.to_string())?;
        let seconds = start.elapsed().as_secs_f64();
        if !args.json {
            say!("depth {depth}: {count} ({seconds:.3} s)");
        }
        counts.push(DepthCount {
            depth,
            count,
            seconds,
        });
    }
    if args.json {
        #[derive(Serialize)]
        struct Counts<'a> {
            game: &'static str,
            depths: &'a [DepthCount],
        }
        let line = serde_json::to_string(&Counts {
            game: G::NAME,
            depths: &counts,
        })
        .map_err(|e| e.to_string())?;
        say!("{line}");
    }
    Ok(())
}

fn divide<G: CliGame>(state: &G, args: &PerftArgs) -> Result<(), String> {
    let split = perft_divide(state, args.depth).map_err(|e| e.to_string())?;
    let steps: Vec<StepCount> = split
        .into_iter()
        .map(|(step, count)| StepCount {
            // The step's own notation: the seat is the same for every first action.
            step: match step {
                Step::Action(_, action) => action.to_string(),
                Step::Chance(outcome) => outcome.to_string(),
            },
            count,
        })
        .collect();
    let total = steps
        .iter()
        .try_fold(0u64, |total, s| total.checked_add(s.count))
        .ok_or("the total does not fit in 64 bits")?;
    if args.json {
        #[derive(Serialize)]
        struct Divide<'a> {
            game: &'static str,
            depth: u32,
            divide: &'a [StepCount],
            total: u64,
        }
        let line = serde_json::to_string(&Divide {
            game: G::NAME,
            depth: args.depth,
            divide: &steps,
            total,
        })
        .map_err(|e| e.to_string())?;
        say!("{line}");
        return Ok(());
    }
    for step in &steps {
        say!("{}: {}", step.step, step.count);
    }
    say!("total: {total}");
    Ok(())
}
