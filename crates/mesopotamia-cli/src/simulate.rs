//! `simulate`: many games between bots on all cores, with win rates and their 95%
//! confidence intervals, mean scores and game lengths.
//!
//! Game `i` is seeded with `seed + i` and, unless `--fixed-seats`, the bots move one seat
//! round the table every game (so that no bot keeps the first seat). Results are
//! gathered by game number, so a seed gives the same figures on any number of threads.
//! A game that fails is reported with its seed, its record is written to a file named in
//! the message, and the other games still count (the exit status then says failure).

use std::io::IsTerminal;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use mesopotamia::core::{EndReason, GameRecord, Seat, Step};
use mesopotamia::search::{play_from, wilson_interval};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use crate::SimulateArgs;
use crate::games::CliGame;
use mesopotamia::table::BotSpec;

use crate::play::{make, parse_bots};

/// One game's result, by bot entry (the position in `--bots`).
struct Played {
    /// Shares of first place (1 for a sole winner, 1/k for k tied winners).
    wins: Vec<f64>,
    scores: Vec<f64>,
    steps: usize,
    decisions: usize,
    /// The game ended on the turn limit (rule G1), not by the rules.
    on_limit: bool,
}

/// A game that could not be played to its end.
struct Failed {
    seed: u64,
    message: String,
    /// Its record up to the failure, as JSON.
    record: String,
}

fn play_one<G: CliGame>(
    config: &G::Config,
    kinds: &[BotSpec],
    seed: u64,
    rotation: usize,
) -> Result<Played, Failed> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = kinds.len();
    // Entry e sits in seat (e + rotation) % n.
    let entry_of = |seat: usize| (seat + n - rotation) % n;
    let mut bots: Vec<_> = (0..n).map(|s| make::<G>(kinds[entry_of(s)])).collect();
    let fail = |message: String, record: &GameRecord<G>| Failed {
        seed,
        message,
        record: mesopotamia::table::write_record(record).unwrap_or_default(),
    };
    let record = GameRecord::new(config.clone())
        .with_seed(seed)
        .with_bots((0..n).map(|s| kinds[entry_of(s)].to_string()).collect());
    let start = G::new(config).map_err(|e| fail(e.to_string(), &record))?;
    let outcome = play_from(start, record, &mut bots, &mut rng)
        .map_err(|f| fail(f.error.to_string(), &f.record))?;
    let standings = outcome
        .state
        .standings()
        .ok_or_else(|| fail("a finished game without standings".into(), &outcome.record))?;
    let winners: Vec<Seat> = standings.winners().collect();
    let mut wins = vec![0.0; n];
    let mut scores = vec![0.0; n];
    for seat in Seat::all(n) {
        let entry = entry_of(seat.index());
        if winners.contains(&seat) {
            wins[entry] = 1.0 / winners.len() as f64;
        }
        scores[entry] = f64::from(outcome.state.score(seat));
    }
    let steps = outcome.record.steps.len();
    let decisions = outcome
        .record
        .steps
        .iter()
        .filter(|s| matches!(s, Step::Action(..)))
        .count();
    Ok(Played {
        wins,
        scores,
        steps,
        decisions,
        on_limit: outcome.record.end == Some(EndReason::TurnLimit),
    })
}

/// One bot entry's figures over all games.
struct Row {
    label: String,
    wins: f64,
    rate: f64,
    interval: (f64, f64),
    score: f64,
}

/// The most worker threads `--threads` takes.
const MAX_THREADS: usize = 256;

/// The number of players: `--players` if given, else one per bot of a list of several (a
/// single name plays every seat of the default table). A `--players` that a list of several
/// bots contradicts is refused, naming both numbers.
fn players(given: Option<u8>, bots: &str, default: u8) -> Result<u8, String> {
    let listed = bots.split(',').count();
    match given {
        Some(n) if listed > 1 && usize::from(n) != listed => Err(format!(
            "--players {n} but {listed} bots in `--bots {bots}`: give one bot per seat, or one for all"
        )),
        Some(n) => Ok(n),
        None if listed > 1 => u8::try_from(listed)
            .map_err(|_| format!("{listed} bots in --bots: no game seats that many")),
        None => Ok(default),
    }
}

pub(crate) fn run<G: CliGame>(args: &SimulateArgs) -> Result<(), String> {
    if args.games == 0 {
        return Err("--games 0: play at least 1 game".into());
    }
    let threads = match args.threads {
        Some(n) if !(1..=MAX_THREADS).contains(&n) => {
            return Err(format!(
                "--threads {n}: give 1 to {MAX_THREADS} worker threads"
            ));
        }
        Some(n) => n,
        None => std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(MAX_THREADS),
    };
    let mut options = args.options.for_game(G::DESCRIPTION)?;
    options.players = Some(players(
        args.options.players,
        &args.bots,
        G::DESCRIPTION.default_players,
    )?);
    let config = G::configure(&options).map_err(|e| match args.options.players {
        // The count came from the bots: say so.
        None if args.bots.contains(',') => {
            format!(
                "one seat per bot in --bots: {}",
                crate::options::message(&e)
            )
        }
        _ => crate::options::message(&e),
    })?;
    let seats = G::new(&config).map_err(|e| e.to_string())?.seat_count();
    let kinds = parse_bots(&args.bots, seats)?;
    let bar = if std::io::stderr().is_terminal() && !args.json {
        let bar = indicatif::ProgressBar::new(args.games);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {per_sec}, eta {eta}",
        ) {
            bar.set_style(style);
        }
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let next = AtomicU64::new(0);
    let results: Mutex<Vec<(u64, Result<Played, Failed>)>> = Mutex::new(Vec::new());
    let start = std::time::Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut mine = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= args.games {
                        break;
                    }
                    let rotation = if args.fixed_seats {
                        0
                    } else {
                        (i % seats as u64) as usize
                    };
                    let played =
                        play_one::<G>(&config, &kinds, args.seed.wrapping_add(i), rotation);
                    mine.push((i, played));
                    bar.inc(1);
                }
                if let Ok(mut all) = results.lock() {
                    all.append(&mut mine);
                }
            });
        }
    });
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    let mut results = results.into_inner().map_err(|_| "a worker thread failed")?;
    results.sort_by_key(|(i, _)| *i);
    let mut played = Vec::with_capacity(results.len());
    let mut failures = Vec::new();
    for (i, r) in results {
        match r {
            Ok(p) => played.push(p),
            Err(failed) => {
                // Nothing is thrown away: the record goes to a file the message names.
                let path = std::env::temp_dir().join(format!(
                    "mesopotamia-{}-failed-seed-{}.json",
                    G::NAME,
                    failed.seed
                ));
                let saved = match std::fs::write(&path, &failed.record) {
                    Ok(()) => format!("record in {}", path.display()),
                    Err(e) => format!("record not written to {}: {e}", path.display()),
                };
                failures.push(format!(
                    "game {i} (seed {}) failed: {}; {saved}",
                    failed.seed, failed.message
                ));
            }
        }
    }
    for failure in &failures {
        eprintln!("{failure}");
    }
    if played.is_empty() {
        return Err(format!("all {} games failed", failures.len()));
    }
    let n = played.len() as f64;
    let on_limit = played.iter().filter(|p| p.on_limit).count();
    let sum = |f: &dyn Fn(&Played) -> f64| played.iter().map(f).sum::<f64>();
    let mean_steps = sum(&|p| p.steps as f64) / n;
    let mean_decisions = sum(&|p| p.decisions as f64) / n;
    let rows: Vec<Row> = (0..seats)
        .map(|e| {
            let wins = sum(&|p| p.wins[e]);
            Row {
                label: format!("{} {}", kinds[e], e + 1),
                wins,
                rate: wins / n,
                interval: wilson_interval(wins, n),
                score: sum(&|p| p.scores[e]) / n,
            }
        })
        .collect();
    if args.json {
        let bots: Vec<String> = rows
            .iter()
            .zip(&kinds)
            .map(|(row, kind)| {
                let (wins, rate, score) = (row.wins, row.rate, row.score);
                let (lo, hi) = row.interval;
                format!(
                    "{{\"bot\":\"{}\",\"wins\":{wins},\"win_rate\":{rate:.4},\"ci95\":[{lo:.4},{hi:.4}],\"mean_score\":{score:.3}}}",
                    kind
                )
            })
            .collect();
        say!(
            "{{\"game\":\"{}\",\"players\":{seats},\"games\":{},\"failed_games\":{},\"ended_on_turn_limit\":{on_limit},\"seed\":{},\"rotate_seats\":{},\"score\":\"{}\",\"bots\":[{}],\"mean_steps\":{mean_steps:.2},\"mean_decisions\":{mean_decisions:.2}}}",
            G::NAME,
            played.len(),
            failures.len(),
            args.seed,
            !args.fixed_seats,
            G::DESCRIPTION.score,
            bots.join(",")
        );
        return finish(&failures);
    }
    say!(
        "{} games of {} ({seats} players), seeds {}..{}, {}, {threads} threads, {secs:.1} s",
        played.len(),
        G::NAME,
        args.seed,
        args.seed.wrapping_add(args.games - 1),
        if args.fixed_seats {
            "fixed seats"
        } else {
            "bots change seats every game"
        }
    );
    say!(
        "bot         wins      win rate  95% interval      mean score ({})",
        G::DESCRIPTION.score
    );
    for row in &rows {
        say!(
            "{:<10} {:>8.1}  {:>7.1}%  [{:>5.1}%, {:>5.1}%]  {:>8.2}",
            row.label,
            row.wins,
            100.0 * row.rate,
            100.0 * row.interval.0,
            100.0 * row.interval.1,
            row.score
        );
    }
    say!("mean length: {mean_steps:.1} steps, {mean_decisions:.1} decisions");
    say!(
        "ended on the turn limit: {on_limit} of {} games ({:.1}%)",
        played.len(),
        100.0 * on_limit as f64 / n
    );
    if !failures.is_empty() {
        say!("failed: {} games (see the messages above)", failures.len());
    }
    finish(&failures)
}

/// The run fails when a game did, after every result is out.
fn finish(failures: &[String]) -> Result<(), String> {
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} game(s) failed; the others are counted above",
            failures.len()
        ))
    }
}
