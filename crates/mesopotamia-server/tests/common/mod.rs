//! What the server's integration tests share: the backends, the server started, HTTP and
//! WebSocket clients, scripted people.

#![allow(dead_code, unused_macros, unreachable_pub)] // each test binary uses some of it

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use mesopotamia::core::Seat;
use mesopotamia::session::AnySession;
use mesopotamia_server::{Config, Database, Server};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// Every wait of these tests is bounded.
pub const PATIENCE: Duration = Duration::from_secs(60);

pub fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("meso-server-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Which database a test's servers keep their games in.
#[derive(Clone, Copy, Debug)]
pub enum Backend {
    /// `games.sqlite` in a data folder of the test's own.
    Sqlite,
    /// A database of the test's own on the PostgreSQL server at `MESOPOTAMIA_TEST_POSTGRES`.
    Postgres,
}

/// The PostgreSQL server the tests use (`MESOPOTAMIA_TEST_POSTGRES`, a `postgres://` URL of
/// an existing database, as `scripts/postgres.sh start` prints). Without it a PostgreSQL test
/// fails in CI (`CI` set) and is skipped, saying so, elsewhere.
pub fn postgres_url() -> Option<String> {
    match std::env::var("MESOPOTAMIA_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            assert!(
                std::env::var_os("CI").is_none(),
                "MESOPOTAMIA_TEST_POSTGRES is not set: CI must test the PostgreSQL backend \
                 (export MESOPOTAMIA_TEST_POSTGRES=\"$(scripts/postgres.sh start)\")"
            );
            eprintln!(
                "skipped: MESOPOTAMIA_TEST_POSTGRES is not set \
                 (export MESOPOTAMIA_TEST_POSTGRES=\"$(scripts/postgres.sh start)\")"
            );
            None
        }
    }
}

/// The database test `name` uses on `backend`, made empty: SQLite in a data folder of its
/// own, or a PostgreSQL database of its own (`meso_NAME`, dropped and made again).
pub async fn database(name: &str, backend: Backend) -> Database {
    match backend {
        Backend::Sqlite => Database::Sqlite(data_dir(name).join("games.sqlite")),
        Backend::Postgres => {
            let base = postgres_url().expect("MESOPOTAMIA_TEST_POSTGRES");
            let db = format!("meso_{name}");
            let (rest, _) = base
                .split('?')
                .next()
                .unwrap()
                .rsplit_once('/')
                .expect("a postgres:// URL with a database");
            let url = format!("{rest}/{db}");
            tokio::task::spawn_blocking(move || {
                let mut admin = postgres::Client::connect(&base, postgres::NoTls).unwrap();
                // Two calls: a batch of both would be one transaction, which neither may be in.
                admin
                    .batch_execute(&format!("DROP DATABASE IF EXISTS {db} WITH (FORCE)"))
                    .unwrap();
                admin
                    .batch_execute(&format!("CREATE DATABASE {db}"))
                    .unwrap();
            })
            .await
            .unwrap();
            Database::Postgres(url)
        }
    }
}

/// A server on a free port of 127.0.0.1 on `database`, in this process.
pub async fn start_on(database: &Database) -> SocketAddr {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), std::env::temp_dir());
    config.database = Some(database.clone());
    let server = Server::bind(config).await.unwrap();
    let addr = server.local_addr().unwrap();
    tokio::spawn(server.run());
    addr
}

/// A server for test `name` on an empty database of `backend`.
pub async fn start(name: &str, backend: Backend) -> SocketAddr {
    start_on(&database(name, backend).await).await
}

/// One HTTP/1.1 request: the status and the JSON body.
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut response))
        .await
        .unwrap()
        .unwrap();
    let response = String::from_utf8(response).unwrap();
    let status: u16 = response[9..12].parse().unwrap();
    let body = response
        .split_once("\r\n\r\n")
        .map(|(_, b)| b)
        .unwrap_or("");
    (
        status,
        serde_json::from_str(body).unwrap_or(Value::String(body.to_owned())),
    )
}

pub async fn connect(addr: SocketAddr, id: &str, token: &str) -> Socket {
    let url = format!("ws://{addr}/api/games/{id}/socket?token={token}");
    tokio_tungstenite::connect_async(url).await.unwrap().0
}

pub async fn next(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(PATIENCE, socket.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        if let Message::Text(text) = message {
            return serde_json::from_str(text.as_str()).unwrap();
        }
    }
}

/// The next message that is not a state (a refusal or an error).
pub async fn next_answer(socket: &mut Socket) -> Value {
    loop {
        let m = next(socket).await;
        if m["type"] != "state" {
            return m;
        }
    }
}

pub async fn say(socket: &mut Socket, value: Value) {
    socket
        .send(Message::Text(value.to_string().into()))
        .await
        .unwrap();
}

/// A person who plays the first legal action whenever its seat is to move, to the end;
/// every message it was sent, in order.
pub async fn person(socket: Socket) -> Vec<Value> {
    person_until(socket, u64::MAX).await
}

/// A spectator to the end: every message.
pub async fn spectator(mut socket: Socket) -> Vec<Value> {
    let mut seen = Vec::new();
    loop {
        let message = next(&mut socket).await;
        seen.push(message.clone());
        if message["type"] == "state" && !message["over"].is_null() {
            return seen;
        }
    }
}

/// Every state a seat (or a spectator) was sent is what the engine shows it at that step.
pub fn check_messages(record: &dyn AnySession, seat: Option<usize>, messages: &[Value]) {
    let mut steps_seen = 0;
    for message in messages.iter().filter(|m| m["type"] == "state") {
        let step = message["step"].as_u64().unwrap() as usize;
        let at = record.at_step(step).unwrap();
        match seat {
            Some(seat) => {
                let s = Seat::new(seat).unwrap();
                let view: Value = serde_json::from_str(&at.view_json(s).unwrap()).unwrap();
                assert_eq!(message["view"], view, "seat {seat}, step {step}");
                assert_eq!(message["svg"], json!(at.view_svg(s)));
            }
            None => {
                // A spectator: no view, no hand, the picture every seat sees.
                assert!(message.get("view").is_none() && message.get("pieces").is_none());
                assert!(message.get("gestures").is_none());
                assert_eq!(message["svg"], json!(at.svg()));
            }
        }
        for told in message["steps"].as_array().unwrap() {
            let i = told["index"].as_u64().unwrap() as usize;
            assert_eq!(i, steps_seen, "steps are told once each, in order");
            steps_seen += 1;
            let expected = match seat {
                Some(seat) => record.seen(Seat::new(seat).unwrap(), i),
                None => record.shown(i),
            };
            assert_eq!(told["seen"], json!(expected), "step {i}");
        }
    }
    assert_eq!(steps_seen, record.steps().len(), "every step was told");
}

/// The server binary on a free port of 127.0.0.1 on `database`.
pub fn spawn_binary(database: &Database, port: u16) -> std::process::Child {
    spawn_binary_with(database, port, &[])
}

/// The server binary on a free port of 127.0.0.1 on `database`, with more flags.
pub fn spawn_binary_with(database: &Database, port: u16, flags: &[&str]) -> std::process::Child {
    let database = match database {
        Database::Sqlite(path) => format!("sqlite:{}", path.display()),
        Database::Postgres(url) => url.clone(),
    };
    std::process::Command::new(env!("CARGO_BIN_EXE_mesopotamia-server"))
        .args([
            "--addr",
            &format!("127.0.0.1:{port}"),
            "--site",
            "/nonexistent",
            "--database",
            &database,
        ])
        .args(flags)
        .env("RUST_LOG", "warn")
        .spawn()
        .unwrap()
}

/// A free port of 127.0.0.1 (for a binary, which is told its port).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Runs each named test on SQLite and on PostgreSQL: `NAME::sqlite` and `NAME::postgres`,
/// each calling `NAME(Backend)`.
macro_rules! on_both_backends {
    ($($test:ident),* $(,)?) => {$(
        mod $test {
            use super::common::{postgres_url, Backend};

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$test(Backend::Sqlite).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                if postgres_url().is_some() {
                    super::$test(Backend::Postgres).await;
                }
            }
        }
    )*};
}

pub async fn wait_listening(addr: SocketAddr) {
    for _ in 0..600 {
        if TcpStream::connect(addr).await.is_ok() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the server did not listen on {addr}");
}

/// A person playing the first legal action whenever its seat is to move, until the game
/// has `until` steps or is over; every message it was sent, in order (never an error).
pub async fn person_until(mut socket: Socket, until: u64) -> Vec<Value> {
    let mut seen = Vec::new();
    loop {
        let message = next(&mut socket).await;
        assert_ne!(message["type"], "error", "{message}");
        seen.push(message.clone());
        if message["type"] != "state" {
            continue;
        }
        if !message["over"].is_null() || message["step"].as_u64().unwrap() >= until {
            return seen;
        }
        if message["to_move"]["seat"] == message["you"]
            && let Some(first) = message["gestures"].get(0)
        {
            say(
                &mut socket,
                json!({ "type": "act", "step": message["step"], "action": first["action"] }),
            )
            .await;
        }
    }
}

/// A game the lobby made: its id, the tokens of the seats it claimed (in order) and the
/// spectators' token.
pub struct Created {
    pub id: String,
    pub tokens: Vec<String>,
    pub spectator: String,
}

/// Creates a game on the server at `addr` (`body` as the lobby takes it; answered 201).
pub async fn create(addr: SocketAddr, body: Value) -> Created {
    let (status, created) = http(addr, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, 201, "{created}");
    let token = |v: &Value| v["token"].as_str().unwrap().to_owned();
    Created {
        id: created["id"].as_str().unwrap().to_owned(),
        tokens: created["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(token)
            .collect(),
        spectator: token(&created["spectator"]),
    }
}

/// Each of `tokens`' seats played by a [`person_until`] `until` steps, all at once.
pub async fn people_until(addr: SocketAddr, id: &str, tokens: &[String], until: u64) {
    let mut clients = Vec::new();
    for token in tokens {
        clients.push(tokio::spawn(person_until(
            connect(addr, id, token).await,
            until,
        )));
    }
    for client in clients {
        client.await.unwrap();
    }
}

/// The record of a game of `game` on `seats` from `seed` played without a server: each
/// person plays its first legal action, the bots and the generator their own steps (what
/// [`person`] clients make of it online).
pub fn played_alone(game: &str, seats: &[&str], seed: u64) -> Value {
    let options =
        mesopotamia::core::GameOptions::new().with_players(u8::try_from(seats.len()).unwrap());
    let mut alone = mesopotamia::session::new_session(game, &options, seed).unwrap();
    let specs: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
    alone.set_seats(&specs).unwrap();
    while alone.end_reason().is_none() {
        match alone.to_move() {
            mesopotamia::core::ToMove::Chance => {
                alone.sample_chance().unwrap();
            }
            mesopotamia::core::ToMove::Seat(seat) if seats[seat.index()] == "person" => {
                let first = alone.legal()[0].clone();
                alone.play(&first).unwrap();
            }
            _ => {
                alone.bot_turn().unwrap();
            }
        }
    }
    serde_json::from_str(&alone.record_json().unwrap()).unwrap()
}
