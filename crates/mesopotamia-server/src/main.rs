//! `mesopotamia-server`: the game server, on 127.0.0.1:8000 by default, its database in
//! `./mesopotamia-data/`, serving the web site of `target/web/` when it is there.

#![forbid(unsafe_code)]

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use mesopotamia_server::{Config, Database, Limits, Server};

/// The mesopotamia game server: a lobby, each seat's view over a WebSocket, every step
/// committed to its database before anyone is told.
#[derive(Parser)]
#[command(version)]
struct Args {
    /// Where to listen.
    #[arg(long, default_value = "127.0.0.1:8000")]
    addr: SocketAddr,
    /// The folder of the database (made if missing), when `--database` is not given.
    #[arg(long, default_value = "mesopotamia-data")]
    data: PathBuf,
    /// The database: `sqlite:PATH` (or a path), or `postgres://user@host:port/name` for a
    /// database shared by several instances [default: sqlite:DATA/games.sqlite].
    #[arg(long)]
    database: Option<Database>,
    /// The web site's files (built by `cargo xtask web`).
    #[arg(long, default_value = "target/web")]
    site: PathBuf,
    /// Games hosted at once.
    #[arg(long, default_value_t = 1000)]
    max_games: usize,
    /// Bots thinking at once.
    #[arg(long, default_value_t = 2)]
    bots: usize,
    /// How long (ms) an instance keeps a game's bots without a step before another
    /// instance on the same database may take them over.
    #[arg(long, default_value_t = 5000)]
    lease_ms: u64,
    /// How long (seconds) a game over with no one connected stays in memory (the database
    /// keeps it; it is loaded again when asked for).
    #[arg(long, default_value_t = 60)]
    keep_over_s: u64,
    /// WebSocket connections at once.
    #[arg(long, default_value_t = 4096)]
    max_connections: usize,
    /// Another origin browsers may connect from (repeatable).
    #[arg(long = "origin")]
    origins: Vec<String>,
}

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .init();
    let args = Args::parse();
    let mut config = Config::new(args.addr, args.data.clone());
    config.database = args.database.clone();
    config.site = args
        .site
        .join("index.html")
        .exists()
        .then_some(args.site.clone());
    config.limits = Limits {
        games: args.max_games,
        bots: args.bots,
        lease: std::time::Duration::from_millis(args.lease_ms),
        keep_over: std::time::Duration::from_secs(args.keep_over_s),
    };
    config.max_connections = args.max_connections;
    config.origins = args.origins;
    let server = match Server::bind(config).await {
        Ok(server) => server,
        Err(e) => {
            eprintln!("mesopotamia-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    match server.local_addr() {
        Ok(addr) => tracing::info!(
            "listening on http://{addr}, database {}{}",
            args.database
                .clone()
                .unwrap_or_else(|| Database::Sqlite(args.data.join("games.sqlite"))),
            if args.site.join("index.html").exists() {
                ""
            } else {
                " (no site: run `cargo xtask web`)"
            }
        ),
        Err(e) => tracing::warn!("no local address: {e}"),
    }
    tokio::select! {
        served = server.run() => {
            if let Err(e) = served {
                eprintln!("mesopotamia-server: {e}");
                return ExitCode::FAILURE;
            }
        }
        _ = tokio::signal::ctrl_c() => tracing::info!("stopped"),
    }
    ExitCode::SUCCESS
}
