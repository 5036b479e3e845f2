//! `bench`: uniform random playouts on one thread through the games' fast paths, then
//! legal-list generation and state clones timed on a fixed set of positions; with `--mcts`,
//! the search bot too.

use std::hint::black_box;
use std::time::{Duration, Instant};

use mesopotamia::core::driver::{random_playout, random_positions};
use mesopotamia::core::{Game, ToMove};
use mesopotamia::search::mcts::MctsBot;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use serde::Serialize;

use crate::BenchArgs;
use crate::games::CliGame;

/// Games whose every decision joins the fixed set of positions.
const POSITION_GAMES: usize = 8;
/// Each timed loop over the positions runs at least this long.
const MIN_LOOP: Duration = Duration::from_millis(400);
/// The tick rate assumed when the kernel's cannot be read: what libc's
/// `sysconf(_SC_CLK_TCK)` falls back to, and `USER_HZ` on every mainstream Linux architecture.
const FALLBACK_TICKS_PER_SEC: u64 = 100;
/// The auxiliary vector's entry that holds the clock tick rate (`AT_CLKTCK`, `<elf.h>`).
const AT_CLKTCK: usize = 17;

/// Everything `bench` measured, as printed with `--json`.
#[derive(Debug, Serialize)]
struct Figures {
    game: &'static str,
    players: u8,
    /// Playouts, through `random_playout` (the games' fast paths).
    games: u64,
    /// Wall time of the playouts.
    seconds: f64,
    /// Process CPU time (user + system) of the playouts; `None` where `/proc` is missing.
    cpu_seconds: Option<f64>,
    games_per_sec: f64,
    decisions_per_sec: f64,
    /// Wall time per decision (chance events included in the time).
    ns_per_decision: f64,
    mean_decisions: f64,
    mean_chance_events: f64,
    /// The fixed positions: every decision of `POSITION_GAMES` games seeded by `--seed`.
    positions: usize,
    /// Complete legal lists generated per second on the positions.
    legal_gens_per_sec: f64,
    /// Mean size of the complete legal list on the positions.
    mean_legal_actions: f64,
    /// Time to clone (and drop) one of the positions.
    clone_ns: f64,
    state_bytes: usize,
    /// With `--mcts`: the search bot at its default iterations.
    #[serde(skip_serializing_if = "Option::is_none")]
    mcts: Option<SearchFigures>,
    /// With `--mcts`: the first search bot (`mcts-v1`) at its default iterations, the
    /// baseline whose iterations compare across versions (the same search, the same
    /// choices).
    #[serde(skip_serializing_if = "Option::is_none")]
    mcts_v1: Option<SearchFigures>,
}

/// The search bot timed on some of the fixed positions.
#[derive(Debug, Serialize)]
struct SearchFigures {
    decisions: usize,
    iterations_per_decision: u32,
    iterations_per_sec: f64,
    seconds_per_decision: f64,
}

/// Decisions the search bot is timed on.
const SEARCH_DECISIONS: usize = 10;

/// Process CPU time so far (user + system, every thread), from `/proc/self/stat`; `None`
/// where it cannot be read (not Linux). Its resolution is a clock tick, 10 ms at 100 Hz.
///
/// `/proc/self/schedstat` would give nanoseconds, but of the main thread only; the ticks of
/// `stat` count the whole process, which is what is asked.
fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let ticks = cpu_ticks(&stat)?;
    Some(ticks as f64 / clock_ticks_per_sec() as f64)
}

/// utime + stime of a `/proc/PID/stat` line, in clock ticks.
fn cpu_ticks(stat: &str) -> Option<u64> {
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    let (_, rest) = stat.rsplit_once(')')?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // `rest` starts at field 3 (state); utime and stime are fields 14 and 15.
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    utime.checked_add(stime)
}

/// The unit of `utime` and `stime`: the kernel's clock tick rate, as `sysconf(_SC_CLK_TCK)`
/// gives it. libc reads it from the `AT_CLKTCK` entry of the auxiliary vector the kernel
/// hands every process; without libc, the same vector is read from `/proc/self/auxv`.
fn clock_ticks_per_sec() -> u64 {
    std::fs::read("/proc/self/auxv")
        .ok()
        .and_then(|auxv| auxv_entry(&auxv, AT_CLKTCK))
        .and_then(|rate| u64::try_from(rate).ok())
        .filter(|&rate| rate > 0)
        .unwrap_or(FALLBACK_TICKS_PER_SEC)
}

/// The value of entry `key` in an auxiliary vector: pairs of native words (key, value),
/// ended by key 0.
fn auxv_entry(auxv: &[u8], key: usize) -> Option<usize> {
    const WORD: usize = std::mem::size_of::<usize>();
    auxv.chunks_exact(2 * WORD)
        .map(|pair| {
            let word = |at: usize| {
                let mut bytes = [0u8; WORD];
                bytes.copy_from_slice(&pair[at..at + WORD]);
                usize::from_ne_bytes(bytes)
            };
            (word(0), word(WORD))
        })
        .take_while(|&(k, _)| k != 0)
        .find(|&(k, _)| k == key)
        .map(|(_, value)| value)
}

/// Counts from the playouts.
#[derive(Default)]
struct Playouts {
    games: u64,
    decisions: u64,
    chance_events: u64,
    seconds: f64,
    cpu_seconds: Option<f64>,
}

/// Plays `games` games from the initial position through the fast paths: every decision
/// uniform over the complete legal list, chance sampled by its weights. Game `i` uses seed
/// `seed + i`.
fn playouts<G: Game>(config: &G::Config, games: u64, seed: u64) -> Result<Playouts, String> {
    let mut totals = Playouts::default();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let cpu_start = process_cpu_seconds();
    let start = Instant::now();
    for i in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(i));
        let mut state = G::new(config).map_err(|e| e.to_string())?;
        let done = random_playout(&mut state, &mut rng, &mut legal, &mut outcomes)
            .map_err(|e| format!("game {i} (seed {}): {e}", seed.wrapping_add(i)))?;
        totals.decisions += done.decisions;
        totals.chance_events += done.chance_events;
        totals.games += 1;
    }
    totals.seconds = start.elapsed().as_secs_f64().max(1e-9);
    totals.cpu_seconds = cpu_start
        .zip(process_cpu_seconds())
        .map(|(start, end)| (end - start).max(0.0));
    Ok(totals)
}

/// Runs `pass` over and over for at least [`MIN_LOOP`]; returns the passes and the seconds.
fn timed(mut pass: impl FnMut()) -> (u64, f64) {
    let start = Instant::now();
    let mut passes = 0u64;
    loop {
        pass();
        passes += 1;
        let elapsed = start.elapsed();
        if elapsed >= MIN_LOOP {
            return (passes, elapsed.as_secs_f64());
        }
    }
}

/// `bot`'s decision (at its configured iterations) on up to [`SEARCH_DECISIONS`] positions
/// spread over `positions`.
fn search<G: CliGame>(positions: &[G], bot: &MctsBot<G>) -> SearchFigures {
    let step = (positions.len() / SEARCH_DECISIONS).max(1);
    let mut decisions = 0;
    let mut legal = Vec::new();
    let start = Instant::now();
    for (i, p) in positions
        .iter()
        .step_by(step)
        .take(SEARCH_DECISIONS)
        .enumerate()
    {
        let ToMove::Seat(seat) = p.to_move() else {
            continue;
        };
        p.legal_actions(&mut legal);
        let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
        black_box(bot.analyse(p, seat, &legal, &mut rng));
        decisions += 1;
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let n = decisions.max(1) as f64;
    let iterations = bot.config().iterations;
    SearchFigures {
        decisions,
        iterations_per_decision: iterations,
        iterations_per_sec: n * f64::from(iterations) / secs,
        seconds_per_decision: secs / n,
    }
}

fn measure<G: CliGame>(args: &BenchArgs, config: &G::Config) -> Result<Figures, String> {
    let played = playouts::<G>(config, args.games, args.seed)?;
    // The fixed positions: every decision of a few seeded games.
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let positions = random_positions::<G, _>(config, POSITION_GAMES, &mut rng)
        .map_err(|e| format!("collecting positions: {e}"))?;
    let count = positions.len().max(1) as f64;

    let mut legal = Vec::new();
    let mut listed = 0u64;
    let (passes, list_secs) = timed(|| {
        listed = 0;
        for p in &positions {
            black_box(p).legal_actions(&mut legal);
            listed += black_box(legal.len()) as u64;
        }
    });
    let (clone_passes, clone_secs) = timed(|| {
        for p in &positions {
            drop(black_box(black_box(p).clone()));
        }
    });

    let games = played.games.max(1) as f64;
    let decisions = played.decisions.max(1) as f64;
    Ok(Figures {
        game: G::NAME,
        players: config_players::<G>(config),
        games: played.games,
        seconds: played.seconds,
        cpu_seconds: played.cpu_seconds,
        games_per_sec: played.games as f64 / played.seconds,
        decisions_per_sec: played.decisions as f64 / played.seconds,
        ns_per_decision: played.seconds * 1e9 / decisions,
        mean_decisions: played.decisions as f64 / games,
        mean_chance_events: played.chance_events as f64 / games,
        positions: positions.len(),
        legal_gens_per_sec: passes as f64 * positions.len() as f64 / list_secs,
        mean_legal_actions: listed as f64 / count,
        clone_ns: clone_secs * 1e9 / (clone_passes as f64 * count),
        state_bytes: std::mem::size_of::<G>(),
        mcts: args
            .mcts
            .then(|| search(&positions, &G::mcts_bot(G::MCTS_ITERATIONS))),
        mcts_v1: args
            .mcts
            .then(|| search(&positions, &G::mcts_v1_bot(G::MCTS_V1_ITERATIONS))),
    })
}

/// The players of a configuration (its game's seats).
fn config_players<G: CliGame>(config: &G::Config) -> u8 {
    G::new(config).map_or(0, |g| g.seat_count() as u8)
}

pub(crate) fn run(args: &BenchArgs) -> Result<(), String> {
    if args.games == 0 {
        return Err("--games 0: play at least 1 game".into());
    }
    struct Measure<'a>(&'a BenchArgs);
    impl mesopotamia::games::GameVisitor for Measure<'_> {
        type Out = Result<Figures, String>;
        fn visit<G: mesopotamia::table::NamedGame>(self) -> Self::Out {
            let options = self.0.options.for_game(G::DESCRIPTION)?;
            let config = G::configure(&options).map_err(|e| crate::options::message(&e))?;
            measure::<G>(self.0, &config)
        }
    }
    let f = mesopotamia::games::visit(&args.game, Measure(args)).map_err(|e| e.to_string())??;
    if args.json {
        let line = serde_json::to_string(&f).map_err(|e| e.to_string())?;
        say!("{line}");
        return Ok(());
    }
    let cpu = match f.cpu_seconds {
        Some(cpu) => format!("{cpu:.2} s CPU"),
        None => "CPU time unavailable".to_owned(),
    };
    say!(
        "{} games of {} ({} players) in {:.2} s ({cpu}), through the fast paths",
        f.games,
        f.game,
        f.players,
        f.seconds
    );
    say!("games/s:                  {:.1}", f.games_per_sec);
    say!("decisions/s:              {:.1}", f.decisions_per_sec);
    say!("ns per decision:          {:.1}", f.ns_per_decision);
    say!("mean decisions per game:  {:.2}", f.mean_decisions);
    say!("mean chance events/game:  {:.2}", f.mean_chance_events);
    say!(
        "on {} fixed positions (every decision of {POSITION_GAMES} games):",
        f.positions
    );
    say!("legal generations/s:      {:.1}", f.legal_gens_per_sec);
    say!("mean legal actions:       {:.2}", f.mean_legal_actions);
    say!("clone:                    {:.1} ns", f.clone_ns);
    say!("state size:               {} bytes", f.state_bytes);
    for (name, m) in [("mcts", &f.mcts), ("mcts-v1", &f.mcts_v1)] {
        if let Some(m) = m {
            say!(
                "search bot {name} ({} iterations per decision, one thread, {} decisions):",
                m.iterations_per_decision,
                m.decisions
            );
            say!("iterations/s:             {:.0}", m.iterations_per_sec);
            say!("seconds per decision:     {:.3}", m.seconds_per_decision);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search is timed on up to ten positions spread over the list, each a decision,
    /// at the bot's budget.
    #[test]
    fn the_search_is_timed_on_decisions_at_its_budget() {
        use mesopotamia::core::Described;
        use mesopotamia::sumeria::Sumeria;
        use mesopotamia::table::GameBots;
        let config = Sumeria::configure(&Default::default()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let positions = random_positions::<Sumeria, _>(&config, 1, &mut rng).unwrap();
        assert!(positions.len() > SEARCH_DECISIONS);
        let figures = search(&positions, &Sumeria::mcts_v1_bot(7));
        assert_eq!(figures.decisions, SEARCH_DECISIONS);
        assert_eq!(figures.iterations_per_decision, 7);
        assert!(figures.iterations_per_sec > 0.0 && figures.seconds_per_decision > 0.0);
        let few = search(&positions[..3], &Sumeria::mcts_bot(5));
        assert_eq!(few.decisions, 3);
    }

    #[test]
    fn cpu_time_is_read_and_grows_with_work() {
        let Some(start) = process_cpu_seconds() else {
            // Not Linux: nothing to read, and the bench says so.
            assert!(!std::path::Path::new("/proc/self/stat").exists());
            return;
        };
        let begin = Instant::now();
        let mut x = 0u64;
        loop {
            for _ in 0..100_000 {
                x = black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
            }
            let now = process_cpu_seconds().expect("readable once, readable again");
            assert!(now >= start, "CPU time went back from {start} to {now}");
            if now > start {
                break;
            }
            assert!(
                begin.elapsed() < Duration::from_secs(30),
                "30 s of work and the CPU time has not moved from {start}"
            );
        }
    }

    #[test]
    fn the_tick_rate_is_the_kernels() {
        // The auxiliary vector: (key, value) words, ended by key 0.
        let words: Vec<usize> = vec![6, 4096, AT_CLKTCK, 250, 0, 0, AT_CLKTCK, 999];
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_ne_bytes()).collect();
        assert_eq!(auxv_entry(&bytes, AT_CLKTCK), Some(250));
        assert_eq!(auxv_entry(&bytes, 6), Some(4096));
        assert_eq!(auxv_entry(&bytes, 3), None, "nothing after the end is read");
        assert_eq!(auxv_entry(&bytes[..bytes.len() - 1], 99), None);
        if std::path::Path::new("/proc/self/auxv").exists() {
            let rate = clock_ticks_per_sec();
            assert!((10..=10_000).contains(&rate), "{rate} Hz");
        }
        // Field 2 may hold spaces and parentheses; utime and stime are fields 14 and 15.
        let stat = "42 (a (b) c) R 1 2 3 4 5 6 7 8 9 10 300 45 0 0 20 0 1 0";
        assert_eq!(cpu_ticks(stat), Some(345));
        assert_eq!(cpu_ticks("42 (x) R 1 2"), None);
    }
}
