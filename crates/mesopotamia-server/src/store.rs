//! The database: every game and each of its steps, committed before anyone is told of it.
//!
//! [`Store`] is what the server needs of a database; [`SqliteStore`] is the embedded
//! default (a file in the data folder, with its migrations), [`PostgresStore`] the database
//! a site's instances share. [`Database`] names one (`--database`). The calls block: the
//! server makes them off the async runtime.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, params};

/// Why the database refused or failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// A step of that number is already stored for the game: another writer was first.
    #[error("step {index} of game {game} is already stored")]
    StepTaken {
        /// The game.
        game: String,
        /// The step number.
        index: u64,
    },
    /// No game of that id.
    #[error("no game {0}")]
    NoGame(String),
    /// The database itself failed.
    #[error("the database failed: {0}")]
    Database(String),
}

mod pg;
pub use pg::PostgresStore;

/// Which database a server keeps its games in: `sqlite:PATH` (or a bare path) or a
/// `postgres://` (`postgresql://`) URL.
#[derive(Clone, PartialEq, Eq)]
pub enum Database {
    /// An SQLite file, made if missing.
    Sqlite(PathBuf),
    /// A PostgreSQL database at that URL (it must exist; its tables are made).
    Postgres(String),
}

impl std::str::FromStr for Database {
    type Err = StoreError;

    fn from_str(s: &str) -> Result<Database, StoreError> {
        if s.starts_with("postgres://") || s.starts_with("postgresql://") {
            return Ok(Database::Postgres(s.to_owned()));
        }
        let path = s
            .strip_prefix("sqlite://")
            .or_else(|| s.strip_prefix("sqlite:"))
            .unwrap_or(s);
        if path.is_empty() || path.contains("://") {
            return Err(StoreError::Database(format!(
                "{s}: not a database (sqlite:PATH, a path, or postgres://...)"
            )));
        }
        Ok(Database::Sqlite(PathBuf::from(path)))
    }
}

impl std::fmt::Display for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "sqlite:{}", path.display()),
            // Never the password: the scheme and what follows the `@`.
            Database::Postgres(url) => match url.rsplit_once('@') {
                Some((_, place)) => write!(f, "postgres://…@{place}"),
                None => f.write_str(url),
            },
        }
    }
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self, f)
    }
}

impl Database {
    /// Opens it (blocking: off the async runtime) and brings it to the latest schema.
    pub fn open(&self) -> Result<Arc<dyn Store>, StoreError> {
        Ok(match self {
            Database::Sqlite(path) => Arc::new(SqliteStore::open(path)?),
            Database::Postgres(url) => Arc::new(PostgresStore::open(url)?),
        })
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError::Database(e.to_string())
    }
}

/// One seat of a stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeat {
    /// `person` or a bot spec.
    pub spec: String,
    /// The SHA-256 of the seat's token, once a person has claimed the seat.
    pub token_hash: Option<[u8; 32]>,
    /// Whether the seat lost (its time ran out): ranked last, whoever plays it on.
    pub lost: bool,
}

/// One stored step of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredStep {
    /// The step in the record's form (JSON).
    pub step: String,
    /// Where the generator stood after it.
    pub rng: u64,
    /// When it was committed, in milliseconds since the Unix epoch (the clocks count from
    /// it; 0 for a step stored before the server kept times).
    pub at_ms: u64,
}

/// A game as stored: what it was created with and the steps played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// Its id.
    pub id: String,
    /// The record it started from, without steps (JSON, the command line's form).
    pub head: String,
    /// The seats.
    pub seats: Vec<StoredSeat>,
    /// The SHA-256 of the spectators' token.
    pub spectator_hash: [u8; 32],
    /// Its steps, in order.
    pub steps: Vec<StoredStep>,
    /// What happens to a person's seat away on its turn, as JSON (`{"after_ms": 30000,
    /// "bot": "level2"}`: handed to that bot after that time), or `None`: it waits.
    pub away_bot: Option<String>,
    /// Its time control, as JSON (`crate::clock::TimeControl`), or `None`: untimed.
    pub time_control: Option<String>,
    /// Since when its clocks run (milliseconds since the Unix epoch): set once every
    /// person's seat is claimed; `None` before.
    pub clocks_from: Option<u64>,
}

/// What the server needs of a database. Every call either holds or leaves the database as
/// it was.
pub trait Store: Send + Sync + 'static {
    /// Stores a new game with no steps.
    fn create_game(&self, game: &StoredGame) -> Result<(), StoreError>;
    /// Stores steps `first`, `first + 1`, ... (from 0) of a game, all or none (one
    /// transaction); [`StoreError::StepTaken`] if one of those numbers is already stored
    /// (the database decides between two writers).
    fn append_steps(&self, game: &str, first: u64, steps: &[StoredStep]) -> Result<(), StoreError>;
    /// Stores step `index` alone ([`Store::append_steps`]).
    fn append_step(&self, game: &str, index: u64, step: &StoredStep) -> Result<(), StoreError> {
        self.append_steps(game, index, std::slice::from_ref(step))
    }
    /// Sets a seat's token (a person claimed it) or its spec (handed to a bot).
    fn update_seat(&self, game: &str, seat: usize, seat_row: &StoredSeat)
    -> Result<(), StoreError>;
    /// Every game with its steps, oldest first.
    fn games(&self) -> Result<Vec<StoredGame>, StoreError>;
    /// One game with its steps.
    fn game(&self, id: &str) -> Result<StoredGame, StoreError>;
    /// A game's steps from number `index` on (another instance's, to catch up with).
    fn steps_since(&self, game: &str, index: u64) -> Result<Vec<StoredStep>, StoreError>;
    /// Starts a game's clocks at `at_ms` unless they were started already: when they were
    /// (the first writer's time).
    fn start_clocks(&self, game: &str, at_ms: u64) -> Result<u64, StoreError>;
    /// Tells `tell` of each step or seat another writer commits, from a thread of its own,
    /// for as long as `tell` returns `true` (it is also asked with `None`, about each second
    /// when nothing is heard); `Ok(false)` if this database has no other writers to hear of
    /// (SQLite: one server per file).
    fn listen(&self, tell: Listener) -> Result<bool, StoreError> {
        drop(tell);
        Ok(false)
    }
    /// Takes or renews the lease of `game`'s bots for `instance` for `ttl`: `true` if this
    /// instance holds it now, `false` if another does and it has not expired. By default
    /// (one server per database) always `true`.
    fn hold_lease(&self, game: &str, instance: &str, ttl: Duration) -> Result<bool, StoreError> {
        let _ = (game, instance, ttl);
        Ok(true)
    }
    /// Gives the lease of `game`'s bots up, if `instance` holds it.
    fn release_lease(&self, game: &str, instance: &str) -> Result<(), StoreError> {
        let _ = (game, instance);
        Ok(())
    }
    /// Records how many connections `instance` has open for a seat (for the other
    /// instances' away watchdog). By default (one server per database) nothing.
    fn set_presence(
        &self,
        game: &str,
        seat: usize,
        instance: &str,
        connections: usize,
    ) -> Result<(), StoreError> {
        let _ = (game, seat, instance, connections);
        Ok(())
    }
    /// Whether an instance other than `instance` has a connection open for the seat.
    fn present_elsewhere(
        &self,
        game: &str,
        seat: usize,
        instance: &str,
    ) -> Result<bool, StoreError> {
        let _ = (game, seat, instance);
        Ok(false)
    }
}

/// What [`Store::listen`] tells: a change, or `None` (nothing heard: still listening?).
pub type Listener = Box<dyn FnMut(Option<Change>) -> bool + Send>;

/// What another writer committed, as [`Store::listen`] tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Step `index` of `game` is stored.
    Step {
        /// The game.
        game: String,
        /// The step's number.
        index: u64,
    },
    /// `game` was created.
    Game {
        /// The game.
        game: String,
    },
    /// A seat of `game` was claimed or handed to a bot.
    Seat {
        /// The game.
        game: String,
    },
    /// The listening connection was lost and opened again: changes may have been missed.
    Missed,
}

impl Change {
    /// The notification's payload: `step INDEX GAME`, `seat GAME` or `game GAME`.
    pub(crate) fn read(payload: &str) -> Option<Change> {
        let mut words = payload.splitn(3, ' ');
        match (words.next()?, words.next()?, words.next()) {
            ("step", index, Some(game)) => Some(Change::Step {
                game: game.to_owned(),
                index: index.parse().ok()?,
            }),
            ("seat", game, None) => Some(Change::Seat {
                game: game.to_owned(),
            }),
            ("game", game, None) => Some(Change::Game {
                game: game.to_owned(),
            }),
            _ => None,
        }
    }
}

/// The migrations, in order (SQLite's dialect; PostgreSQL's in `pg`): each runs once, in a transaction, and is remembered in
/// `schema_version`.
const MIGRATIONS: &[&str] = &[
    // 1: games, their seats and their steps.
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        head TEXT NOT NULL,
        spectator_hash BLOB NOT NULL,
        away_bot TEXT,
        created INTEGER NOT NULL DEFAULT (unixepoch())
    );
    CREATE TABLE seats (
        game TEXT NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        spec TEXT NOT NULL,
        token_hash BLOB,
        PRIMARY KEY (game, seat)
    );
    CREATE TABLE steps (
        game TEXT NOT NULL REFERENCES games(id),
        idx INTEGER NOT NULL,
        step TEXT NOT NULL,
        rng INTEGER NOT NULL,
        PRIMARY KEY (game, idx)
    );",
    // 2: time controls: each game's, since when its clocks run, each step's time, the
    // seats lost on time.
    "ALTER TABLE games ADD COLUMN time_control TEXT;
    ALTER TABLE games ADD COLUMN clocks_from INTEGER;
    ALTER TABLE seats ADD COLUMN lost INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE steps ADD COLUMN at_ms INTEGER NOT NULL DEFAULT 0;",
];

/// The embedded database: SQLite, one file.
pub struct SqliteStore {
    connection: Mutex<Connection>,
}

impl SqliteStore {
    /// Opens (or creates) the database file and brings it to the latest schema.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let connection = Connection::open(path)?;
        Self::with(connection)
    }

    /// An in-memory database (tests).
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        Self::with(Connection::open_in_memory()?)
    }

    fn with(mut connection: Connection) -> Result<SqliteStore, StoreError> {
        // A step is on disk when its commit returns (WAL with full sync).
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "FULL")?;
        connection.pragma_update(None, "foreign_keys", "ON")?;
        connection.execute_batch(
            "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)",
        )?;
        let done: i64 = connection.query_row(
            "SELECT COALESCE(MAX(version), 0) FROM schema_version",
            [],
            |r| r.get(0),
        )?;
        for (i, migration) in MIGRATIONS.iter().enumerate().skip(done as usize) {
            let tx = connection.transaction()?;
            tx.execute_batch(migration)?;
            tx.execute(
                "INSERT INTO schema_version (version) VALUES (?1)",
                [i as i64 + 1],
            )?;
            tx.commit()?;
        }
        Ok(SqliteStore {
            connection: Mutex::new(connection),
        })
    }

    fn lock(&self) -> Result<std::sync::MutexGuard<'_, Connection>, StoreError> {
        self.connection
            .lock()
            .map_err(|_| StoreError::Database("a writer panicked".into()))
    }
}

fn hash_of(blob: Option<Vec<u8>>) -> Option<[u8; 32]> {
    blob.and_then(|b| <[u8; 32]>::try_from(b.as_slice()).ok())
}

fn load(connection: &Connection, id: &str) -> Result<StoredGame, StoreError> {
    type Row = (String, Vec<u8>, Option<String>, Option<String>, Option<i64>);
    let (head, spectator, away_bot, time_control, clocks_from): Row = connection
        .query_row(
            "SELECT head, spectator_hash, away_bot, time_control, clocks_from FROM games WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .optional()?
        .ok_or_else(|| StoreError::NoGame(id.to_owned()))?;
    let mut seats = Vec::new();
    let mut query = connection
        .prepare("SELECT spec, token_hash, lost FROM seats WHERE game = ?1 ORDER BY seat")?;
    for row in query.query_map([id], |r| {
        Ok((r.get::<_, String>(0)?, r.get(1)?, r.get::<_, bool>(2)?))
    })? {
        let (spec, hash, lost) = row?;
        seats.push(StoredSeat {
            spec,
            token_hash: hash_of(hash),
            lost,
        });
    }
    let steps = steps_from(connection, id, 0)?;
    Ok(StoredGame {
        id: id.to_owned(),
        head,
        seats,
        spectator_hash: hash_of(Some(spectator)).unwrap_or_default(),
        steps,
        away_bot,
        time_control,
        clocks_from: clocks_from.map(|t| t as u64),
    })
}

fn steps_from(
    connection: &Connection,
    game: &str,
    index: u64,
) -> Result<Vec<StoredStep>, StoreError> {
    let mut query = connection
        .prepare("SELECT step, rng, at_ms FROM steps WHERE game = ?1 AND idx >= ?2 ORDER BY idx")?;
    let steps = query
        .query_map(params![game, index as i64], |r| {
            Ok(StoredStep {
                step: r.get(0)?,
                rng: r.get::<_, i64>(1)? as u64,
                at_ms: r.get::<_, i64>(2)? as u64,
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok(steps)
}

impl Store for SqliteStore {
    fn create_game(&self, game: &StoredGame) -> Result<(), StoreError> {
        let mut connection = self.lock()?;
        let tx = connection.transaction()?;
        tx.execute(
            "INSERT INTO games (id, head, spectator_hash, away_bot, time_control, clocks_from)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                game.id,
                game.head,
                game.spectator_hash.to_vec(),
                game.away_bot,
                game.time_control,
                game.clocks_from.map(|t| t as i64)
            ],
        )?;
        for (i, seat) in game.seats.iter().enumerate() {
            tx.execute(
                "INSERT INTO seats (game, seat, spec, token_hash, lost) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    game.id,
                    i as i64,
                    seat.spec,
                    seat.token_hash.map(|h| h.to_vec()),
                    seat.lost
                ],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    fn append_steps(&self, game: &str, first: u64, steps: &[StoredStep]) -> Result<(), StoreError> {
        let mut connection = self.lock()?;
        let tx = connection.transaction()?;
        for (index, step) in (first..).zip(steps) {
            match tx.execute(
                "INSERT INTO steps (game, idx, step, rng, at_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    game,
                    index as i64,
                    step.step,
                    step.rng as i64,
                    step.at_ms as i64
                ],
            ) {
                Ok(_) => {}
                Err(rusqlite::Error::SqliteFailure(e, _))
                    if e.code == rusqlite::ErrorCode::ConstraintViolation =>
                {
                    return Err(StoreError::StepTaken {
                        game: game.to_owned(),
                        index,
                    });
                }
                Err(e) => return Err(e.into()),
            }
        }
        tx.commit()?;
        Ok(())
    }

    fn update_seat(&self, game: &str, seat: usize, row: &StoredSeat) -> Result<(), StoreError> {
        let connection = self.lock()?;
        let changed = connection.execute(
            "UPDATE seats SET spec = ?3, token_hash = ?4, lost = ?5 WHERE game = ?1 AND seat = ?2",
            params![
                game,
                seat as i64,
                row.spec,
                row.token_hash.map(|h| h.to_vec()),
                row.lost
            ],
        )?;
        if changed == 0 {
            return Err(StoreError::NoGame(game.to_owned()));
        }
        Ok(())
    }

    fn games(&self) -> Result<Vec<StoredGame>, StoreError> {
        let connection = self.lock()?;
        let ids: Vec<String> = connection
            .prepare("SELECT id FROM games ORDER BY created, id")?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        ids.iter().map(|id| load(&connection, id)).collect()
    }

    fn game(&self, id: &str) -> Result<StoredGame, StoreError> {
        load(&*self.lock()?, id)
    }

    fn steps_since(&self, game: &str, index: u64) -> Result<Vec<StoredStep>, StoreError> {
        steps_from(&*self.lock()?, game, index)
    }

    fn start_clocks(&self, game: &str, at_ms: u64) -> Result<u64, StoreError> {
        let connection = self.lock()?;
        let from: Option<Option<i64>> = connection
            .query_row(
                "UPDATE games SET clocks_from = COALESCE(clocks_from, ?2) WHERE id = ?1
                 RETURNING clocks_from",
                params![game, at_ms as i64],
                |r| r.get(0),
            )
            .optional()?;
        match from {
            Some(Some(from)) => Ok(from as u64),
            _ => Err(StoreError::NoGame(game.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str) -> StoredGame {
        StoredGame {
            id: id.into(),
            head: "{}".into(),
            seats: vec![
                StoredSeat {
                    spec: "person".into(),
                    token_hash: Some([7; 32]),
                    lost: false,
                },
                StoredSeat {
                    spec: "level2".into(),
                    token_hash: None,
                    lost: true,
                },
            ],
            spectator_hash: [9; 32],
            steps: vec![],
            away_bot: None,
            time_control: Some(r#"{"kind":"per_decision","ms":1000,"at_zero":"lose"}"#.into()),
            clocks_from: None,
        }
    }

    /// A step as stored, committed at `rng` seconds past the epoch (any distinct time).
    fn step(json: &str, rng: u64) -> StoredStep {
        StoredStep {
            step: json.into(),
            rng,
            at_ms: rng.wrapping_mul(1000),
        }
    }

    #[test]
    fn a_step_number_is_stored_once_and_games_come_back_whole() {
        let store = SqliteStore::in_memory().unwrap();
        store.create_game(&game("a")).unwrap();
        store
            .append_step("a", 0, &step(r#"{"chance":"x"}"#, 3))
            .unwrap();
        assert!(matches!(
            store.append_step("a", 0, &step(r#"{"chance":"y"}"#, 4)),
            Err(StoreError::StepTaken { index: 0, .. })
        ));
        store
            .append_step("a", 1, &step(r#"{"action":[0,"pass"]}"#, 5))
            .unwrap();
        let back = store.game("a").unwrap();
        assert_eq!(
            back.steps,
            vec![
                step(r#"{"chance":"x"}"#, 3),
                step(r#"{"action":[0,"pass"]}"#, 5)
            ]
        );
        // Several steps at once: all stored, or none (4 is free, 3 is not: 4 stays free).
        let more = [step(r#"{"chance":"z"}"#, 6), step(r#"{"chance":"w"}"#, 7)];
        store.append_steps("a", 2, &more).unwrap();
        assert!(matches!(
            store.append_steps("a", 3, &more),
            Err(StoreError::StepTaken { index: 3, .. })
        ));
        assert_eq!(store.steps_since("a", 2).unwrap(), more);
        assert_eq!(store.steps_since("a", 4).unwrap(), vec![]);
        assert_eq!(back.seats, game("a").seats);
        assert_eq!(back.spectator_hash, [9; 32]);
        assert_eq!(back.time_control, game("a").time_control);
        assert_eq!(back.clocks_from, None);
        // The clocks start once: the first time stands.
        assert_eq!(store.start_clocks("a", 77).unwrap(), 77);
        assert_eq!(store.start_clocks("a", 99).unwrap(), 77);
        assert_eq!(store.game("a").unwrap().clocks_from, Some(77));
        assert!(matches!(
            store.start_clocks("b", 1),
            Err(StoreError::NoGame(_))
        ));
        assert!(matches!(store.game("b"), Err(StoreError::NoGame(_))));
        assert!(store.append_step("b", 0, &step("{}", 0)).is_err());
    }

    #[test]
    fn a_notification_reads_as_a_change_or_nothing() {
        assert_eq!(
            Change::read("step 12 g1"),
            Some(Change::Step {
                game: "g1".into(),
                index: 12
            })
        );
        assert_eq!(
            Change::read("seat g1"),
            Some(Change::Seat { game: "g1".into() })
        );
        assert_eq!(
            Change::read("game g1"),
            Some(Change::Game { game: "g1".into() })
        );
        for bad in ["", "step", "step x g1", "seat", "seat a b", "dance g1"] {
            assert_eq!(Change::read(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_database_is_named_by_a_path_or_a_url() {
        let db = |s: &str| s.parse::<Database>();
        assert_eq!(
            db("sqlite:games.db").unwrap(),
            Database::Sqlite("games.db".into())
        );
        assert_eq!(
            db("/tmp/g.sqlite").unwrap(),
            Database::Sqlite("/tmp/g.sqlite".into())
        );
        let url = "postgres://me:secret@127.0.0.1:5432/meso";
        assert_eq!(db(url).unwrap(), Database::Postgres(url.into()));
        assert!(!db(url).unwrap().to_string().contains("secret"));
        assert!(db("mysql://x").is_err() && db("").is_err() && db("sqlite:").is_err());
        assert!(PostgresStore::open("postgres://[bad").is_err());
    }

    /// The same calls on PostgreSQL, in a database of its own, when
    /// `MESOPOTAMIA_TEST_POSTGRES` names a server (required in CI, skipped elsewhere).
    #[test]
    fn postgres_stores_a_step_number_once_and_survives_a_reopen() {
        let Some(base) = std::env::var("MESOPOTAMIA_TEST_POSTGRES").ok() else {
            assert!(
                std::env::var_os("CI").is_none(),
                "MESOPOTAMIA_TEST_POSTGRES is not set: CI must test PostgreSQL (scripts/postgres.sh start)"
            );
            eprintln!("skipped: MESOPOTAMIA_TEST_POSTGRES is not set (scripts/postgres.sh start)");
            return;
        };
        let (rest, _) = base.rsplit_once('/').unwrap();
        let mut admin = postgres::Client::connect(&base, postgres::NoTls).unwrap();
        admin
            .batch_execute("DROP DATABASE IF EXISTS meso_store_unit WITH (FORCE)")
            .unwrap();
        admin
            .batch_execute("CREATE DATABASE meso_store_unit")
            .unwrap();
        let url = format!("{rest}/meso_store_unit");
        {
            let store = PostgresStore::open(&url).unwrap();
            store.create_game(&game("a")).unwrap();
            store
                .append_step("a", 0, &step(r#"{"chance":"x"}"#, u64::MAX))
                .unwrap();
            assert!(matches!(
                store.append_step("a", 0, &step(r#"{"chance":"y"}"#, 4)),
                Err(StoreError::StepTaken { index: 0, .. })
            ));
            assert!(matches!(store.game("b"), Err(StoreError::NoGame(_))));
            assert!(store.append_step("b", 0, &step("{}", 0)).is_err());
            let mut seat = game("a").seats[1].clone();
            seat.token_hash = Some([1; 32]);
            store.update_seat("a", 1, &seat).unwrap();
            assert!(matches!(
                store.update_seat("a", 5, &seat),
                Err(StoreError::NoGame(_))
            ));
            // One instance plays a game's bots at a time: the lease is taken, renewed, refused
            // to another until it expires or is given up.
            assert_eq!(store.start_clocks("a", 77).unwrap(), 77);
            assert_eq!(store.start_clocks("a", 99).unwrap(), 77);
            assert!(matches!(
                store.start_clocks("b", 1),
                Err(StoreError::NoGame(_))
            ));
            let long = std::time::Duration::from_secs(60);
            assert!(store.hold_lease("a", "one", long).unwrap());
            assert!(store.hold_lease("a", "one", long).unwrap());
            assert!(!store.hold_lease("a", "two", long).unwrap());
            store.release_lease("a", "two").unwrap();
            assert!(!store.hold_lease("a", "two", long).unwrap());
            store.release_lease("a", "one").unwrap();
            assert!(
                store
                    .hold_lease("a", "two", std::time::Duration::ZERO)
                    .unwrap()
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
            assert!(
                store.hold_lease("a", "one", long).unwrap(),
                "expired: taken over"
            );
        }
        // Opened again (the migrations not run twice), the game whole.
        let store = PostgresStore::open(&url).unwrap();
        let back = store.games().unwrap();
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].steps, vec![step(r#"{"chance":"x"}"#, u64::MAX)]);
        assert_eq!(back[0].seats[1].token_hash, Some([1; 32]));
        assert!(back[0].seats[1].lost && !back[0].seats[0].lost);
        assert_eq!(back[0].spectator_hash, [9; 32]);
        assert_eq!(back[0].time_control, game("a").time_control);
        assert_eq!(back[0].clocks_from, Some(77));
        let versions: i64 = admin_in(&url)
            .query_one("SELECT COUNT(*) FROM schema_version", &[])
            .unwrap()
            .get(0);
        assert_eq!(versions, pg::MIGRATIONS.len() as i64);
        drop(store);
        admin
            .batch_execute("DROP DATABASE meso_store_unit WITH (FORCE)")
            .unwrap();
    }

    fn admin_in(url: &str) -> postgres::Client {
        postgres::Client::connect(url, postgres::NoTls).unwrap()
    }

    #[test]
    fn the_schema_is_migrated_once_and_survives_a_reopen() {
        let dir = std::env::temp_dir().join(format!("meso-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.sqlite");
        let _ = std::fs::remove_file(&path);
        {
            let store = SqliteStore::open(&path).unwrap();
            store.create_game(&game("a")).unwrap();
        }
        let store = SqliteStore::open(&path).unwrap();
        assert_eq!(store.games().unwrap().len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
