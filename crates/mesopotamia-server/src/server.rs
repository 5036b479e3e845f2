//! The server started: its configuration, its database opened, its games loaded, bound.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

pub use crate::host::{Away, Host, Limits, NewGame, Refusal, Who};
use crate::http;
pub use crate::store::{Database, PostgresStore, SqliteStore, Store, StoreError};

/// How the server is started.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where it listens (`127.0.0.1:8000`).
    pub addr: SocketAddr,
    /// The folder of its SQLite database (`games.sqlite`), when [`Config::database`] is not
    /// set.
    pub data: PathBuf,
    /// Its database, if not `games.sqlite` in [`Config::data`]: another SQLite file or a
    /// PostgreSQL URL.
    pub database: Option<Database>,
    /// The web site's files, if served.
    pub site: Option<PathBuf>,
    /// Games and bots at once.
    pub limits: Limits,
    /// WebSocket connections at once.
    pub max_connections: usize,
    /// Messages a connection may send per second.
    pub rate: u32,
    /// Origins a browser may connect from besides the server's own.
    pub origins: Vec<String>,
}

impl Config {
    /// On `addr`, its database in `data`, the usual limits.
    pub fn new(addr: SocketAddr, data: PathBuf) -> Config {
        Config {
            addr,
            data,
            database: None,
            site: None,
            limits: Limits::default(),
            max_connections: 4096,
            rate: 200,
            origins: Vec::new(),
        }
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StartError {
    /// The data folder could not be made.
    #[error("the data folder {0}: {1}")]
    Data(PathBuf, std::io::Error),
    /// The games stored could not be loaded.
    #[error(transparent)]
    Games(#[from] Refusal),
    /// The database could not be opened.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The address could not be bound.
    #[error("cannot listen on {0}: {1}")]
    Listen(SocketAddr, std::io::Error),
}

/// A server bound to its address, its stored games loaded and going on.
pub struct Server {
    listener: tokio::net::TcpListener,
    router: axum::Router,
}

impl Server {
    /// Opens the database, loads every stored game and binds the address.
    pub async fn bind(config: Config) -> Result<Server, StartError> {
        let database = match &config.database {
            Some(database) => database.clone(),
            None => {
                std::fs::create_dir_all(&config.data)
                    .map_err(|e| StartError::Data(config.data.clone(), e))?;
                Database::Sqlite(config.data.join("games.sqlite"))
            }
        };
        let limits = config.limits.clone();
        // Opening and loading block (a PostgreSQL client may not block on the runtime).
        let host = tokio::task::spawn_blocking(move || -> Result<Arc<Host>, StartError> {
            let host = Host::new(database.open()?, limits)?;
            // On a shared database, what the other instances commit.
            host.listen()?;
            Ok(host)
        })
        .await
        .map_err(|e| StoreError::Database(e.to_string()))??;
        // Games whose bots or chance were to move when the server stopped go on.
        for id in host.ids() {
            let host = Arc::clone(&host);
            tokio::spawn(async move {
                if let Err(e) = host.drive(&id).await {
                    tracing::warn!(game = %id, "bots stopped: {e}");
                }
            });
        }
        // People's seats out of time or away on their turn get what their game's creator
        // chose; games whose bots no one drives (another instance stopped) are driven here;
        // games over a while with no one connected leave memory.
        let watched = Arc::clone(&host);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(std::time::Duration::from_millis(250));
            loop {
                tick.tick().await;
                let host = Arc::clone(&watched);
                let handed = tokio::task::spawn_blocking(move || {
                    let mut ids = host.watch_seats();
                    ids.extend(host.stalled());
                    host.drop_games_over();
                    ids
                })
                .await
                .unwrap_or_default();
                for id in handed {
                    http::spawn_drive(&watched, id);
                }
            }
        });
        let app = Arc::new(http::App {
            host,
            connections: AtomicUsize::new(0),
            max_connections: config.max_connections,
            rate: config.rate,
            origins: config.origins.clone(),
        });
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|e| StartError::Listen(config.addr, e))?;
        Ok(Server {
            listener,
            router: http::router(app, config.site),
        })
    }

    /// The address it listens on (the port chosen when `0` was asked).
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until the task is dropped.
    pub async fn run(self) -> std::io::Result<()> {
        axum::serve(self.listener, self.router).await
    }
}
