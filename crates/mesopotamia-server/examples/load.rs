//! A load run of the game server, all on 127.0.0.1, bounded in games and time: GAMES games of
//! Tigris & Euphrates at once, two people each, scripted clients that play PACE_MS after their
//! seat is to move (0: at once, as fast as the server answers); a game that ends is followed
//! by a new one, so GAMES are in play all along (a soak). PLAY is how the clients choose:
//! `first`, the first legal action (such games are long: none ended in a 10-minute soak), or
//! `random`, one of the legal actions drawn by a generator seeded per game (games end by the
//! rules, so games come and go through the run). It measures the actions per second and, for
//! each action, the time from its sending to every seat of its game told of it (p50, p99), the
//! process's memory over the run (sampled about twenty times) and per game, and counts the
//! errors (want 0). It prints one JSON line.
//!
//! ```sh
//! cargo run --release -p mesopotamia-server --example load -- [GAMES] [SECONDS] [INSTANCES] [PACE_MS] [PLAY]   # 100 60 1 0 first
//! ```
//!
//! The servers run in the same process (their own runtime threads): INSTANCES of them, on a
//! fresh SQLite file in the temporary folder (one instance), or on the PostgreSQL database at
//! `MESOPOTAMIA_LOAD_POSTGRES` (a `postgres://` URL of an empty database: required for two
//! instances or more). With several instances each game's two seats connect to different
//! ones, so every step crosses the database's notifications.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use mesopotamia_server::{Config, Database, Server};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// A game made on the server, or `None` (counted as an error).
async fn create(addr: SocketAddr, seed: u64) -> Option<Value> {
    let body =
        json!({ "game": "tigris", "seats": ["person", "person"], "seed": seed, "claim": [0, 1] })
            .to_string();
    let mut stream = TcpStream::connect(addr).await.ok()?;
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.ok()?;
    let mut response = String::new();
    stream.read_to_string(&mut response).await.ok()?;
    let body = response
        .split_once("\r\n\r\n")
        .map(|(_, b)| b)
        .unwrap_or("");
    let created: Value = serde_json::from_str(body).ok()?;
    created["id"].is_string().then_some(created)
}

/// What one game measured: actions, each action's time to every seat told, errors.
#[derive(Default)]
struct Measured {
    actions: u64,
    told: Vec<f64>,
    errors: u64,
    over: bool,
}

/// How the scripted clients choose among the legal actions.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Play {
    /// The first legal action.
    First,
    /// A legal action drawn uniformly (SplitMix64, seeded per game: runs repeat).
    Random,
}

/// SplitMix64: a few lines of a well-known generator are enough for a load script.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

async fn play(
    addrs: [SocketAddr; 2],
    seed: u64,
    until: Instant,
    pace: Duration,
    choose: Play,
) -> Measured {
    let mut measured = Measured::default();
    let mut generator = seed;
    let Some(created) = create(addrs[0], seed).await else {
        measured.errors += 1;
        return measured;
    };
    let id = created["id"].as_str().unwrap_or_default().to_owned();
    let seats = created["seats"].as_array().cloned().unwrap_or_default();
    let mut sockets: Vec<Socket> = Vec::new();
    for (seat, addr) in seats.iter().zip(addrs) {
        let url = format!(
            "ws://{addr}/api/games/{id}/socket?token={}",
            seat["token"].as_str().unwrap_or_default()
        );
        // Clients with the server's read buffer (16 KiB, not 128): the process's memory
        // is then mostly the server's.
        let config =
            WebSocketConfig::default().read_buffer_size(mesopotamia_server::protocol::MAX_MESSAGE);
        match tokio_tungstenite::connect_async_with_config(url, Some(config), false).await {
            Ok((socket, _)) => sockets.push(socket),
            Err(_) => {
                measured.errors += 1;
                return measured;
            }
        }
    }
    let mut it = sockets.into_iter();
    let (Some(mut a), Some(mut b)) = (it.next(), it.next()) else {
        measured.errors += 1;
        return measured;
    };
    // The action in flight: its step, when it was sent, and which seats were told since.
    let mut in_flight: Option<(u64, Instant, [bool; 2])> = None;
    let mut states: [Option<Value>; 2] = [None, None];
    while Instant::now() < until && !measured.over {
        let (from, message) = tokio::select! {
            m = a.next() => (0usize, m),
            m = b.next() => (1usize, m),
            _ = tokio::time::sleep_until(until.into()) => break,
        };
        let Some(Ok(Message::Text(text))) = message else {
            measured.errors += 1;
            break;
        };
        let message: Value = serde_json::from_str(text.as_str()).unwrap_or(Value::Null);
        if message["type"] != "state" {
            measured.errors += 1;
            continue;
        }
        let step = message["step"].as_u64().unwrap_or(0);
        if let Some((at, sent, told)) = &mut in_flight
            && step > *at
        {
            told[from] = true;
            if told[0] && told[1] {
                measured.told.push(sent.elapsed().as_secs_f64() * 1000.0);
                in_flight = None;
            }
        }
        measured.over = !message["over"].is_null();
        states[from] = Some(message);
        // The seat to move acts on its latest state, once per step.
        for (seat, state) in states.iter().enumerate() {
            let Some(state) = state else { continue };
            if state["to_move"]["seat"].as_u64() != Some(seat as u64) || in_flight.is_some() {
                continue;
            }
            let count = state["gestures"].as_array().map_or(0, Vec::len);
            let pick = match choose {
                Play::First => 0,
                Play::Random if count > 0 => (splitmix64(&mut generator) % count as u64) as usize,
                Play::Random => 0,
            };
            let Some(chosen) = state["gestures"].get(pick) else {
                continue;
            };
            let step = state["step"].as_u64().unwrap_or(0);
            let act =
                json!({ "type": "act", "step": step, "action": chosen["action"] }).to_string();
            if !pace.is_zero() {
                // A person thinking: nothing is in flight meanwhile, so nothing is timed.
                if Instant::now() + pace >= until {
                    return measured;
                }
                tokio::time::sleep(pace).await;
            }
            let socket = if seat == 0 { &mut a } else { &mut b };
            if socket.send(Message::Text(act.into())).await.is_err() {
                measured.errors += 1;
            }
            measured.actions += 1;
            in_flight = Some((step, Instant::now(), [false, false]));
        }
    }
    measured
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// The process's resident memory (kB), from /proc (Linux); 0 elsewhere.
fn resident_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
    let seconds: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(60);
    let instances: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1).max(1);
    let pace = Duration::from_millis(args.get(3).and_then(|a| a.parse().ok()).unwrap_or(0));
    let choose = match args.get(4).map(String::as_str) {
        None | Some("first") => Play::First,
        Some("random") => Play::Random,
        Some(other) => {
            eprintln!("load: PLAY is first or random, not {other}");
            std::process::exit(2);
        }
    };
    let data = std::env::temp_dir().join(format!("meso-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let postgres = std::env::var("MESOPOTAMIA_LOAD_POSTGRES").ok();
    if instances > 1 && postgres.is_none() {
        eprintln!(
            "load: {instances} instances share a PostgreSQL database: set MESOPOTAMIA_LOAD_POSTGRES"
        );
        std::process::exit(2);
    }
    let mut addrs = Vec::new();
    for _ in 0..instances {
        let mut config = Config::new("127.0.0.1:0".parse().expect("an address"), data.clone());
        config.database = postgres.clone().map(Database::Postgres);
        config.rate = 1000;
        // Room for the games over too: the server keeps each in memory for a minute
        // (`Limits::keep_over`) once its clients leave, and random play ends games quickly.
        config.limits.games = 5 * games as usize + 64;
        config.max_connections = 2 * games as usize + 64;
        let server = Server::bind(config).await.expect("a server");
        addrs.push(server.local_addr().expect("its address"));
        tokio::spawn(server.run());
    }
    let memory_before = resident_kb();
    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    // The process's memory, sampled through the run: flat in a soak, or not.
    let every = Duration::from_secs((seconds / 20).max(2));
    let sampler = tokio::spawn(async move {
        let mut samples = Vec::new();
        loop {
            samples.push((started.elapsed().as_secs(), resident_kb()));
            if Instant::now() >= until {
                return samples;
            }
            tokio::time::sleep(every.min(until.saturating_duration_since(Instant::now()))).await;
        }
    });
    let runs: Vec<_> = (0..games)
        .map(|slot| {
            let first = addrs[slot as usize % addrs.len()];
            let second = addrs[(slot as usize + 1) % addrs.len()];
            tokio::spawn(async move {
                // One game after another in this slot until the time is up.
                let mut slot_runs = Vec::new();
                for round in 0.. {
                    let m = play([first, second], slot + round * games, until, pace, choose).await;
                    let go_on = m.over && m.errors == 0 && Instant::now() < until;
                    slot_runs.push(m);
                    if !go_on {
                        break;
                    }
                }
                slot_runs
            })
        })
        .collect();
    let mut told = Vec::new();
    let (mut actions, mut errors, mut over, mut played) = (0, 0, 0, 0);
    for run in runs {
        for m in run.await.expect("a game's client") {
            played += 1;
            actions += m.actions;
            errors += m.errors;
            over += u64::from(m.over);
            told.extend(m.told);
        }
    }
    let samples = sampler.await.expect("the memory sampler");
    let memory_peak = samples
        .iter()
        .map(|&(_, kb)| kb)
        .max()
        .unwrap_or(memory_before);
    let elapsed = started.elapsed().as_secs_f64();
    told.sort_by(f64::total_cmp);
    println!(
        "{}",
        json!({
            "games": games,
            "instances": instances,
            "pace_ms": pace.as_millis() as u64,
            "play": if choose == Play::Random { "random" } else { "first" },
            "database": if postgres.is_some() { "postgres" } else { "sqlite" },
            "games_played": played,
            "games_over": over,
            "seconds": (elapsed * 10.0).round() / 10.0,
            "actions": actions,
            "actions_per_sec": (actions as f64 / elapsed).round(),
            "told_p50_ms": (percentile(&told, 0.5) * 100.0).round() / 100.0,
            "told_p99_ms": (percentile(&told, 0.99) * 100.0).round() / 100.0,
            "errors": errors,
            // Servers and clients in one process: an upper bound of the servers' own.
            "memory_per_game_kb": memory_peak.saturating_sub(memory_before) / games.max(1),
            "memory_before_kb": memory_before,
            "memory_kb_over_time": samples,
            "cores": std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
        })
    );
    let _ = std::fs::remove_dir_all(&data);
}
