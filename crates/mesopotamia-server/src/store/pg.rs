//! PostgreSQL, the second backend: a database shared by a site's server instances.
//!
//! The client is the synchronous `postgres` crate (rust-postgres), not `tokio-postgres`
//! behind an async trait: [`Store`] blocks and the server already calls it off the async
//! runtime (as SQLite needs), so a blocking client fits it as it is, and the trait, the host
//! and SQLite stay unchanged. (The crate is a thin blocking wrapper on `tokio-postgres`,
//! the same project.)
//!
//! A few connections (`CONNECTIONS`), each behind a mutex as SQLite's one is, and one more
//! for listening to the other instances' steps. A connection that failed (the
//! database restarted, the network cut) is dropped and opened again on the next call: a call
//! during the outage fails with [`StoreError::Database`] and, each call being one
//! transaction, leaves nothing half-written.

use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use postgres::error::SqlState;
use postgres::fallible_iterator::FallibleIterator;
use postgres::{Client, GenericClient, IsolationLevel, NoTls, Transaction};

use super::{Change, Listener, Store, StoreError, StoredGame, StoredSeat, StoredStep, hash_of};

impl From<postgres::Error> for StoreError {
    fn from(e: postgres::Error) -> Self {
        StoreError::Database(e.to_string())
    }
}

/// The migrations, in order, in PostgreSQL's dialect: the same tables as SQLite's
/// (`super::MIGRATIONS`), each remembered in `schema_version`.
pub(super) const MIGRATIONS: &[&str] = &[
    // 1: games, their seats and their steps.
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        head TEXT NOT NULL,
        spectator_hash BYTEA NOT NULL,
        away_bot TEXT,
        created BIGINT NOT NULL DEFAULT (EXTRACT(EPOCH FROM now())::BIGINT)
    );
    CREATE TABLE seats (
        game TEXT NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        spec TEXT NOT NULL,
        token_hash BYTEA,
        PRIMARY KEY (game, seat)
    );
    CREATE TABLE steps (
        game TEXT NOT NULL REFERENCES games(id),
        idx BIGINT NOT NULL,
        step TEXT NOT NULL,
        rng BIGINT NOT NULL,
        PRIMARY KEY (game, idx)
    );",
    // 2: which instance plays a game's bots, until when.
    "CREATE TABLE leases (
        game TEXT PRIMARY KEY REFERENCES games(id),
        instance TEXT NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
    );",
    // 3: each instance's connections to each seat (a seat is away only if away on all).
    "CREATE TABLE presence (
        game TEXT NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        instance TEXT NOT NULL,
        connections INTEGER NOT NULL,
        PRIMARY KEY (game, seat, instance)
    );",
    // 4: time controls: each game's, since when its clocks run, each step's time, the
    // seats lost on time.
    "ALTER TABLE games ADD COLUMN time_control TEXT;
    ALTER TABLE games ADD COLUMN clocks_from BIGINT;
    ALTER TABLE seats ADD COLUMN lost BOOLEAN NOT NULL DEFAULT false;
    ALTER TABLE steps ADD COLUMN at_ms BIGINT NOT NULL DEFAULT 0;",
];

/// Any number of instances may migrate at once: the first takes this lock (for its
/// transaction), the others wait and then find the schema done.
const MIGRATION_LOCK: i64 = 0x6d65_736f_0001;

/// How long a connection is tried before the call fails (a database that is down must not
/// hold a player's action for the system's TCP timeout).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Connections per instance for its calls: games' steps are stored a few at a time, not
/// one after another (one connection held a thousand games' draws in a queue).
const CONNECTIONS: usize = 4;

/// The shared database: PostgreSQL, at a `postgres://` URL.
pub struct PostgresStore {
    config: postgres::Config,
    /// Each opened when first needed, and again after it failed.
    clients: Vec<Mutex<Option<Client>>>,
    /// Where the next call starts looking for a free connection.
    next: AtomicUsize,
}

impl std::fmt::Debug for PostgresStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the password.
        f.debug_struct("PostgresStore")
            .field("hosts", &self.config.get_hosts())
            .field("dbname", &self.config.get_dbname())
            .finish()
    }
}

impl Drop for PostgresStore {
    fn drop(&mut self) {
        // The client blocks to close its connection, which a thread of the async runtime
        // may not do (a server dropped on its runtime): closed on a thread of its own there.
        let on_runtime = tokio::runtime::Handle::try_current().is_ok();
        for slot in &mut self.clients {
            if let Some(client) = slot.get_mut().ok().and_then(Option::take)
                && on_runtime
            {
                std::thread::spawn(move || drop(client));
            }
        }
    }
}

impl PostgresStore {
    /// Connects to the database at `url` (`postgres://user@host:port/name`) and brings it to
    /// the latest schema.
    pub fn open(url: &str) -> Result<PostgresStore, StoreError> {
        let mut config = postgres::Config::from_str(url).map_err(|e| {
            StoreError::Database(format!("a PostgreSQL URL that does not read: {e}"))
        })?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        let store = PostgresStore {
            config,
            clients: (0..CONNECTIONS).map(|_| Mutex::new(None)).collect(),
            next: AtomicUsize::new(0),
        };
        store.with(migrate)?;
        Ok(store)
    }

    /// Runs `call` on a free connection (or waits for one), opened first if there is none.
    /// A connection found closed after a failure is dropped and `call` tried once more on a
    /// new one: a connection the database closed (it restarted) is only noticed when used,
    /// and its call never reached a commit; a second failure is the caller's.
    fn with<T>(
        &self,
        mut call: impl FnMut(&mut Client) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut slot = self.lock()?;
        let mut tries = 0;
        loop {
            tries += 1;
            if slot.as_ref().is_none_or(Client::is_closed) {
                *slot = None;
                *slot = Some(self.config.connect(NoTls)?);
            }
            let Some(client) = slot.as_mut() else {
                return Err(StoreError::Database("no connection".into()));
            };
            let result = call(client);
            if result.is_err() && client.is_closed() {
                *slot = None;
                if tries < 2 {
                    continue;
                }
            }
            return result;
        }
    }

    fn lock(&self) -> Result<MutexGuard<'_, Option<Client>>, StoreError> {
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        for i in 0..self.clients.len() {
            if let Ok(slot) = self.clients[(start + i) % self.clients.len()].try_lock() {
                return Ok(slot);
            }
        }
        self.clients[start % self.clients.len()]
            .lock()
            .map_err(|_| StoreError::Database("a writer panicked".into()))
    }
}

fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let mut tx = client.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")?;
    let done: i32 = tx
        .query_one("SELECT COALESCE(MAX(version), 0) FROM schema_version", &[])?
        .get(0);
    for (i, migration) in MIGRATIONS.iter().enumerate().skip(done.max(0) as usize) {
        tx.batch_execute(migration)?;
        tx.execute(
            "INSERT INTO schema_version (version) VALUES ($1)",
            &[&(i as i32 + 1)],
        )?;
    }
    tx.commit()?;
    Ok(())
}

/// A read of several queries from one snapshot: a game's seats and steps as they were at
/// one moment, whatever another instance commits meanwhile.
fn snapshot(client: &mut Client) -> Result<Transaction<'_>, StoreError> {
    Ok(client
        .build_transaction()
        .isolation_level(IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()?)
}

fn load(client: &mut impl GenericClient, id: &str) -> Result<StoredGame, StoreError> {
    let game = client
        .query_opt(
            "SELECT head, spectator_hash, away_bot, time_control, clocks_from FROM games
             WHERE id = $1",
            &[&id],
        )?
        .ok_or_else(|| StoreError::NoGame(id.to_owned()))?;
    let seats = client
        .query(
            "SELECT spec, token_hash, lost FROM seats WHERE game = $1 ORDER BY seat",
            &[&id],
        )?
        .iter()
        .map(|r| StoredSeat {
            spec: r.get(0),
            token_hash: hash_of(r.get(1)),
            lost: r.get(2),
        })
        .collect();
    let steps = steps_from(client, id, 0)?;
    Ok(StoredGame {
        id: id.to_owned(),
        head: game.get(0),
        seats,
        spectator_hash: hash_of(Some(game.get(1))).unwrap_or_default(),
        steps,
        away_bot: game.get(2),
        time_control: game.get(3),
        clocks_from: game.get::<_, Option<i64>>(4).map(|t| t as u64),
    })
}

fn steps_from(
    client: &mut impl GenericClient,
    game: &str,
    index: u64,
) -> Result<Vec<StoredStep>, StoreError> {
    Ok(client
        .query(
            "SELECT step, rng, at_ms FROM steps WHERE game = $1 AND idx >= $2 ORDER BY idx",
            &[&game, &(index as i64)],
        )?
        .iter()
        .map(|r| StoredStep {
            step: r.get(0),
            rng: r.get::<_, i64>(1) as u64,
            at_ms: r.get::<_, i64>(2) as u64,
        })
        .collect())
}

impl Store for PostgresStore {
    fn create_game(&self, game: &StoredGame) -> Result<(), StoreError> {
        self.with(|client| {
            let mut tx = client.transaction()?;
            tx.execute(
                "INSERT INTO games (id, head, spectator_hash, away_bot, time_control, clocks_from)
                 VALUES ($1, $2, $3, $4, $5, $6)",
                &[
                    &game.id,
                    &game.head,
                    &game.spectator_hash.as_slice(),
                    &game.away_bot,
                    &game.time_control,
                    &game.clocks_from.map(|t| t as i64),
                ],
            )?;
            for (i, seat) in game.seats.iter().enumerate() {
                tx.execute(
                    "INSERT INTO seats (game, seat, spec, token_hash, lost)
                     VALUES ($1, $2, $3, $4, $5)",
                    &[
                        &game.id,
                        &(i as i32),
                        &seat.spec,
                        &seat.token_hash.as_ref().map(|h| h.as_slice()),
                        &seat.lost,
                    ],
                )?;
            }
            // The other instances host it at once (their lobbies list it).
            tx.execute(
                "SELECT pg_notify($1, $2)",
                &[&CHANNEL, &format!("game {}", game.id)],
            )?;
            tx.commit()?;
            Ok(())
        })
    }

    fn append_steps(&self, game: &str, first: u64, steps: &[StoredStep]) -> Result<(), StoreError> {
        let Some(last) = (first..).zip(steps).map(|(i, _)| i).last() else {
            return Ok(());
        };
        self.with(|client| {
            let mut tx = client.transaction()?;
            for (index, step) in (first..).zip(steps) {
                match tx.execute(
                    "INSERT INTO steps (game, idx, step, rng, at_ms) VALUES ($1, $2, $3, $4, $5)",
                    &[
                        &game,
                        &(index as i64),
                        &step.step,
                        &(step.rng as i64),
                        &(step.at_ms as i64),
                    ],
                ) {
                    Ok(_) => {}
                    Err(e) if e.code() == Some(&SqlState::UNIQUE_VIOLATION) => {
                        return Err(StoreError::StepTaken {
                            game: game.to_owned(),
                            index,
                        });
                    }
                    Err(e) => return Err(e.into()),
                }
            }
            // Sent at the commit, with it or not at all: every other instance hears of
            // the stored steps (the last one's number: it reads all it has not).
            tx.execute(
                "SELECT pg_notify($1, $2)",
                &[&CHANNEL, &format!("step {last} {game}")],
            )?;
            tx.commit()?;
            Ok(())
        })
    }

    fn update_seat(&self, game: &str, seat: usize, row: &StoredSeat) -> Result<(), StoreError> {
        self.with(|client| {
            let mut tx = client.transaction()?;
            tx.execute(
                "SELECT pg_notify($1, $2)",
                &[&CHANNEL, &format!("seat {game}")],
            )?;
            let changed = tx.execute(
                "UPDATE seats SET spec = $3, token_hash = $4, lost = $5
                 WHERE game = $1 AND seat = $2",
                &[
                    &game,
                    &(seat as i32),
                    &row.spec,
                    &row.token_hash.as_ref().map(|h| h.as_slice()),
                    &row.lost,
                ],
            )?;
            if changed == 0 {
                return Err(StoreError::NoGame(game.to_owned()));
            }
            tx.commit()?;
            Ok(())
        })
    }

    fn games(&self) -> Result<Vec<StoredGame>, StoreError> {
        self.with(|client| {
            let mut tx = snapshot(client)?;
            let ids: Vec<String> = tx
                .query("SELECT id FROM games ORDER BY created, id", &[])?
                .iter()
                .map(|r| r.get(0))
                .collect();
            let games = ids
                .iter()
                .map(|id| load(&mut tx, id))
                .collect::<Result<_, _>>()?;
            tx.commit()?;
            Ok(games)
        })
    }

    fn game(&self, id: &str) -> Result<StoredGame, StoreError> {
        self.with(|client| {
            let mut tx = snapshot(client)?;
            let game = load(&mut tx, id)?;
            tx.commit()?;
            Ok(game)
        })
    }

    fn steps_since(&self, game: &str, index: u64) -> Result<Vec<StoredStep>, StoreError> {
        self.with(|client| steps_from(client, game, index))
    }

    fn start_clocks(&self, game: &str, at_ms: u64) -> Result<u64, StoreError> {
        self.with(|client| {
            let mut tx = client.transaction()?;
            let from = tx.query_opt(
                "UPDATE games SET clocks_from = COALESCE(clocks_from, $2) WHERE id = $1
                 RETURNING clocks_from",
                &[&game, &(at_ms as i64)],
            )?;
            let Some(from) = from.and_then(|r| r.get::<_, Option<i64>>(0)) else {
                return Err(StoreError::NoGame(game.to_owned()));
            };
            // The other instances read the game's seats and clocks again.
            tx.execute(
                "SELECT pg_notify($1, $2)",
                &[&CHANNEL, &format!("seat {game}")],
            )?;
            tx.commit()?;
            Ok(from as u64)
        })
    }

    fn hold_lease(&self, game: &str, instance: &str, ttl: Duration) -> Result<bool, StoreError> {
        self.with(|client| {
            // Taken if free or expired, renewed if ours; the database's clock alone decides.
            let held = client.query_opt(
                "INSERT INTO leases (game, instance, expires_at)
                 VALUES ($1, $2, now() + make_interval(secs => $3))
                 ON CONFLICT (game) DO UPDATE
                   SET instance = EXCLUDED.instance, expires_at = EXCLUDED.expires_at
                   WHERE leases.instance = EXCLUDED.instance OR leases.expires_at < now()
                 RETURNING instance",
                &[&game, &instance, &ttl.as_secs_f64()],
            )?;
            Ok(held.is_some())
        })
    }

    fn release_lease(&self, game: &str, instance: &str) -> Result<(), StoreError> {
        self.with(|client| {
            client.execute(
                "DELETE FROM leases WHERE game = $1 AND instance = $2",
                &[&game, &instance],
            )?;
            Ok(())
        })
    }

    fn set_presence(
        &self,
        game: &str,
        seat: usize,
        instance: &str,
        connections: usize,
    ) -> Result<(), StoreError> {
        self.with(|client| {
            client.execute(
                "INSERT INTO presence (game, seat, instance, connections) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (game, seat, instance) DO UPDATE SET connections = EXCLUDED.connections",
                &[
                    &game,
                    &(seat as i32),
                    &instance,
                    &i32::try_from(connections).unwrap_or(i32::MAX),
                ],
            )?;
            Ok(())
        })
    }

    fn present_elsewhere(
        &self,
        game: &str,
        seat: usize,
        instance: &str,
    ) -> Result<bool, StoreError> {
        self.with(|client| {
            let row = client.query_one(
                "SELECT EXISTS (SELECT 1 FROM presence
                 WHERE game = $1 AND seat = $2 AND instance <> $3 AND connections > 0)",
                &[&game, &(seat as i32), &instance],
            )?;
            Ok(row.get(0))
        })
    }

    fn listen(&self, mut tell: Listener) -> Result<bool, StoreError> {
        // Its own connection: one waiting for notifications cannot serve calls.
        let config = self.config.clone();
        let mut client = config.connect(NoTls)?;
        client.batch_execute(&format!("LISTEN {CHANNEL}"))?;
        std::thread::Builder::new()
            .name("mesopotamia-listen".into())
            .spawn(move || {
                loop {
                    if !hear(&mut client, &mut tell) {
                        return;
                    }
                    // The connection was lost: opened again (the database restarting), and
                    // whatever was committed meanwhile is read again.
                    client = loop {
                        std::thread::sleep(LISTEN_RETRY);
                        if !tell(None) {
                            return;
                        }
                        let Ok(mut client) = config.connect(NoTls) else {
                            continue;
                        };
                        if client.batch_execute(&format!("LISTEN {CHANNEL}")).is_ok() {
                            break client;
                        }
                    };
                    if !tell(Some(Change::Missed)) {
                        return;
                    }
                }
            })
            .map_err(|e| StoreError::Database(format!("no listening thread: {e}")))?;
        Ok(true)
    }
}

/// The channel each stored step and seat is notified on.
const CHANNEL: &str = "mesopotamia";

/// How long the listener waits between tries to connect again.
const LISTEN_RETRY: Duration = Duration::from_millis(250);

/// Tells each notification until the connection fails (`true`: listen again) or `tell`
/// wants no more (`false`).
fn hear(client: &mut Client, tell: &mut Listener) -> bool {
    loop {
        // Woken each second at most, to notice a lost connection or a `tell` done with.
        {
            let mut notifications = client.notifications();
            let mut heard = notifications.timeout_iter(Duration::from_secs(1));
            loop {
                match heard.next() {
                    Ok(Some(n)) => {
                        if let Some(change) = Change::read(n.payload())
                            && !tell(Some(change))
                        {
                            return false;
                        }
                    }
                    Ok(None) => break,
                    Err(_) => return true,
                }
            }
        }
        if !tell(None) {
            return false;
        }
        if client.is_closed() || client.is_valid(Duration::from_secs(5)).is_err() {
            return true;
        }
    }
}
