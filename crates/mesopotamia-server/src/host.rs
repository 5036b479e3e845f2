//! The games the server hosts: each a session of the library, its seats' tokens, and a
//! watch that tells the game's connections a step was committed.
//!
//! Every step (a person's action, a draw, a bot's action) is played on a copy of the
//! session, committed to the [`Store`] under the step's number, and only then made the
//! game's state and announced. What a connection is sent is made for its seat alone from the
//! session ([`Host::state`]): the seat's view, what it saw of each step, its pieces and the
//! legal gestures when it is to move; a spectator gets what every seat sees.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mesopotamia::core::{GameOptions, ToMove};
use mesopotamia::session::{AnySession, SessionError, new_session, session_from_record};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use tokio::sync::{Semaphore, watch};

use crate::clock::{self, AtZero, LOST_SEAT_BOT, Stamp, TimeControl};
use crate::protocol::Act;
use crate::store::{Store, StoreError, StoredGame, StoredSeat, StoredStep};

mod drive;
mod shared;
mod view;
mod watchdog;

/// Who is connected: a seat, or a spectator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// The seat of that index.
    Seat(usize),
    /// A spectator: sees what every seat sees.
    Spectator,
}

/// Why the server refuses what it is asked; nothing changed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Refusal {
    /// No game of that id.
    #[error("no game {0}")]
    NoGame(String),
    /// The token opens no seat of the game, nor its spectators' view.
    #[error("this token opens no seat of game {0}")]
    BadToken(String),
    /// A spectator may not act.
    #[error("a spectator does not act")]
    Spectator,
    /// Another seat, or chance, is to move, or the game is over.
    #[error("seat {seat} is not to move: {to_move}")]
    NotYourTurn {
        /// The seat that tried.
        seat: usize,
        /// Who is.
        to_move: String,
    },
    /// The client chose on an older state than the game's.
    #[error("step {given} is past: the game is at step {now}")]
    Stale {
        /// The step the client saw.
        given: u64,
        /// The game's step.
        now: u64,
    },
    /// The client named a step the game has not reached (no instance has stored it).
    #[error("step {given} is ahead: the game is at step {now}")]
    Ahead {
        /// The step the client named.
        given: u64,
        /// The game's step.
        now: u64,
    },
    /// The engine refused the action: its words.
    #[error("{0}")]
    Engine(String),
    /// The game could not be made (an unknown game, a bad option or seat).
    #[error("{0}")]
    Setup(String),
    /// No free seat to join.
    #[error("no free seat in game {0}")]
    NoFreeSeat(String),
    /// The seat's time ran out: its action comes too late.
    #[error("seat {0} is out of time")]
    OutOfTime(usize),
    /// The server's limit of games is reached.
    #[error("the server hosts its limit of {0} games")]
    TooManyGames(usize),
    /// The database failed: nothing was played.
    #[error("{0}")]
    Store(#[from] StoreError),
}

impl From<SessionError> for Refusal {
    fn from(e: SessionError) -> Self {
        Refusal::Engine(e.to_string())
    }
}

/// A new game, as the lobby asks for it.
#[derive(Clone, Debug, Default)]
pub struct NewGame {
    /// The game's name (`tigris`, `cards`, `sumeria`).
    pub game: String,
    /// Its options, by their names in its description.
    pub options: GameOptions,
    /// Each seat: `person` or a bot spec.
    pub seats: Vec<String>,
    /// The seed (random when not given).
    pub seed: Option<u64>,
    /// The seats the creator claims now (a token each).
    pub claim: Vec<usize>,
    /// What happens to a person's seat away on its turn: `None`, it waits.
    pub away: Option<Away>,
    /// How the people's seats are timed: `None`, untimed.
    pub time: Option<TimeControl>,
}

/// A person's seat left without a connection on its turn past `after` is handed to `bot`
/// (the online sites' practice); the person's link then watches the bot play the seat.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Away {
    /// How long the seat may be away on its turn, in milliseconds.
    pub after_ms: u64,
    /// The bot that takes the seat.
    pub bot: String,
}

/// What the creator is given: the game's id, a token per claimed seat, the spectators' token.
#[derive(Clone, Debug)]
pub struct Created {
    /// The game's id.
    pub id: String,
    /// `(seat, token)` for each claimed seat.
    pub tokens: Vec<(usize, String)>,
    /// The spectators' token.
    pub spectator: String,
}

struct Table {
    session: Box<dyn AnySession>,
    seats: Vec<StoredSeat>,
    spectator_hash: [u8; 32],
    away: Option<Away>,
    /// Each seat's open connections, and since when it has had none.
    present: Vec<(usize, Instant)>,
    /// When the game last moved (here or, heard of, elsewhere).
    moved: Instant,
    /// Each seat's connections here as last written to a shared database.
    published: Vec<usize>,
    /// The time control, if the game is timed.
    time: Option<TimeControl>,
    /// Since when the clocks run (every person's seat claimed).
    clocks_from: Option<u64>,
    /// Who decided each step and when it was committed (the clocks' reading).
    stamps: Vec<Stamp>,
}

impl Table {
    /// The number of steps committed.
    fn steps(&self) -> u64 {
        // One stamp per step, kept with them: the session's own list would be made whole.
        self.stamps.len() as u64
    }

    /// Whether the game is over: by its rules, or all seats but one lost on time.
    fn over(&self) -> bool {
        self.session.end_reason().is_some() || self.lost_out()
    }

    /// Whether all seats but one lost on time (the game ends there).
    fn lost_out(&self) -> bool {
        let lost = self.seats.iter().filter(|s| s.lost).count();
        lost > 0 && lost + 1 >= self.seats.len()
    }

    /// Who is to move: the session's, unless the game ended on time.
    fn to_move(&self) -> ToMove {
        if self.lost_out() {
            ToMove::Terminal
        } else {
            self.session.to_move()
        }
    }

    /// Each seat's time left now, if the game is timed.
    fn time_left(&self, now_ms: u64) -> Option<Vec<i64>> {
        let time = self.time.as_ref()?;
        let to_move = match self.to_move() {
            ToMove::Seat(seat) => Some(seat.index()),
            _ => None,
        };
        Some(clock::time_left(
            time.timing,
            self.seats.len(),
            self.clocks_from,
            &self.stamps,
            to_move,
            now_ms,
        ))
    }

    /// The person's seat to move whose time has run out, if any.
    fn out_of_time(&self, now_ms: u64) -> Option<usize> {
        let ToMove::Seat(seat) = self.to_move() else {
            return None;
        };
        let seat = seat.index();
        let left = self.time_left(now_ms)?;
        (self.seats[seat].spec == "person" && left[seat] <= 0).then_some(seat)
    }
}

/// Who decided each of a session's steps, with when each was stored.
fn stamps(session: &dyn AnySession, steps: &[StoredStep]) -> Vec<Stamp> {
    session
        .steps()
        .iter()
        .zip(steps)
        .map(|((seat, _), step)| Stamp {
            seat: *seat,
            at_ms: step.at_ms,
        })
        .collect()
}

/// Whether every person's seat has been claimed (the clocks then run).
fn all_claimed(seats: &[StoredSeat]) -> bool {
    seats
        .iter()
        .all(|s| s.spec != "person" || s.token_hash.is_some())
}

/// A stored JSON column read back, or why it does not read (never silently dropped).
fn stored<T: serde::de::DeserializeOwned>(
    game: &str,
    what: &str,
    json: Option<&str>,
) -> Result<Option<T>, Refusal> {
    json.map(|j| {
        serde_json::from_str(j).map_err(|e| {
            Refusal::Setup(format!(
                "game {game}: a stored {what} that does not read: {e}"
            ))
        })
    })
    .transpose()
}

/// One hosted game.
pub struct Hosted {
    id: String,
    table: Mutex<Table>,
    steps: watch::Sender<u64>,
    /// Whether this instance is playing the game's bots and chance now.
    driving: AtomicBool,
    /// Whether its bots or chance failed here (the engine refused): not driven again by the
    /// sweep of stalled games, which would only fail again.
    failed: AtomicBool,
}

impl Hosted {
    /// A receiver told each time a step is committed (the number of steps).
    pub fn watch(&self) -> watch::Receiver<u64> {
        self.steps.subscribe()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Table> {
        // A panic while holding the table cannot leave it half-changed: every change is
        // made on a copy and swapped in whole.
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A connection of `who` opened.
    pub fn arrive(&self, who: Who) {
        if let Who::Seat(seat) = who
            && let Some(p) = self.lock().present.get_mut(seat)
        {
            p.0 += 1;
        }
    }

    /// A connection of `who` closed.
    pub fn leave(&self, who: Who) {
        if let Who::Seat(seat) = who
            && let Some(p) = self.lock().present.get_mut(seat)
        {
            p.0 = p.0.saturating_sub(1);
            if p.0 == 0 {
                p.1 = Instant::now();
            }
        }
    }
}

/// The limits the server keeps.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Games hosted at once.
    pub games: usize,
    /// Bots thinking at once (the blocking workers they use).
    pub bots: usize,
    /// How long an instance's lease on a game's bots lasts unless renewed (each step renews
    /// it): another instance on the same database takes the bots over once it has expired.
    pub lease: Duration,
    /// How long a game over with no one connected stays in memory: it is then dropped
    /// from memory (and the lobby's list), kept in the database, and loaded again when
    /// asked for (its record, a seat's link).
    pub keep_over: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            games: 1000,
            bots: 2,
            lease: Duration::from_secs(5),
            keep_over: Duration::from_secs(60),
        }
    }
}

/// How long a bot or chance waits before trying again a step the database failed to store.
const STORE_RETRY: Duration = Duration::from_millis(500);

/// How long a game whose bots or chance are to move may stand still before this instance
/// tries to drive it (see [`Host::stalled`]).
const STALLED: Duration = Duration::from_millis(500);

/// Every hosted game, and the database behind them.
pub struct Host {
    store: Arc<dyn Store>,
    /// This instance's name in the bots' leases.
    instance: String,
    /// Whether other instances share the database (PostgreSQL, listening).
    shared: AtomicBool,
    games: Mutex<HashMap<String, Arc<Hosted>>>,
    limits: Limits,
    thinking: Arc<Semaphore>,
}

/// 128 random bits from the operating system, as 32 hex digits.
pub fn random_token() -> Result<String, Refusal> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| Refusal::Store(StoreError::Database(format!("no randomness: {e}"))))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A token's SHA-256: what the database keeps.
pub fn token_hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

fn same(hash: &[u8; 32], token_hash: &[u8; 32]) -> bool {
    hash.ct_eq(token_hash).into()
}

/// The session's last step as the record writes it, where the generator stands after it,
/// and now: what the store keeps of it.
fn last_step(session: &dyn AnySession) -> Result<StoredStep, Refusal> {
    let (step, rng) = session
        .last_step_json()?
        .ok_or_else(|| Refusal::Engine("no step to store".into()))?;
    Ok(StoredStep {
        step,
        rng,
        at_ms: clock::now_ms(),
    })
}

/// The session a stored game is at: its head record with its steps.
fn rebuild(game: &StoredGame) -> Result<Box<dyn AnySession>, Refusal> {
    let mut record: Value = serde_json::from_str(&game.head)
        .map_err(|e| Refusal::Setup(format!("game {}: a head that is not JSON: {e}", game.id)))?;
    let mut steps = Vec::new();
    for step in &game.steps {
        steps.push(serde_json::from_str::<Value>(&step.step).map_err(|e| {
            Refusal::Setup(format!("game {}: a step that is not JSON: {e}", game.id))
        })?);
    }
    if let Some(step) = game.steps.last() {
        record["rng_position"] = json!(step.rng);
    }
    record["steps"] = Value::Array(steps);
    let mut session = session_from_record(None, &record.to_string())?;
    // A seat handed to a bot since the start is that bot's.
    let specs: Vec<String> = game.seats.iter().map(|s| s.spec.clone()).collect();
    session.set_seats(&specs)?;
    Ok(session)
}

/// A stored game, hosted: its session rebuilt, no one connected yet.
fn hosted_from(game: StoredGame) -> Result<Arc<Hosted>, Refusal> {
    let session = rebuild(&game)?;
    let away = stored(&game.id, "away rule", game.away_bot.as_deref())?;
    let time = stored(&game.id, "time control", game.time_control.as_deref())?;
    let stamps = stamps(session.as_ref(), &game.steps);
    Ok(Arc::new(Hosted {
        id: game.id,
        steps: watch::Sender::new(session.steps().len() as u64),
        driving: AtomicBool::new(false),
        failed: AtomicBool::new(false),
        table: Mutex::new(Table {
            present: vec![(0, Instant::now()); game.seats.len()],
            published: vec![0; game.seats.len()],
            moved: Instant::now(),
            away,
            time,
            clocks_from: game.clocks_from,
            stamps,
            session,
            seats: game.seats,
            spectator_hash: game.spectator_hash,
        }),
    }))
}

impl Host {
    /// A host on a database: every game stored is loaded and goes on from its last
    /// committed step.
    pub fn new(store: Arc<dyn Store>, limits: Limits) -> Result<Arc<Host>, Refusal> {
        let host = Arc::new(Host {
            store,
            instance: random_token()?,
            shared: AtomicBool::new(false),
            games: Mutex::new(HashMap::new()),
            thinking: Arc::new(Semaphore::new(limits.bots.max(1))),
            limits,
        });
        for game in host.store.games()? {
            let hosted = hosted_from(game)?;
            host.games_lock().insert(hosted.id.clone(), hosted);
        }
        Ok(host)
    }

    fn games_lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Hosted>>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A hosted game.
    pub fn game(&self, id: &str) -> Result<Arc<Hosted>, Refusal> {
        self.games_lock()
            .get(id)
            .cloned()
            .ok_or_else(|| Refusal::NoGame(id.to_owned()))
    }

    /// A game, hosted here or, if another instance created it, loaded from the database
    /// (blocking: off the async runtime).
    pub fn load(&self, id: &str) -> Result<Arc<Hosted>, Refusal> {
        if let Ok(hosted) = self.game(id) {
            return Ok(hosted);
        }
        let stored = match self.store.game(id) {
            Err(StoreError::NoGame(_)) => return Err(Refusal::NoGame(id.to_owned())),
            stored => stored?,
        };
        let hosted = hosted_from(stored)?;
        let mut games = self.games_lock();
        if games.len() >= self.limits.games && !games.contains_key(id) {
            return Err(Refusal::TooManyGames(self.limits.games));
        }
        // Loaded meanwhile by another call: that one is the game.
        Ok(Arc::clone(games.entry(id.to_owned()).or_insert(hosted)))
    }

    /// Drops from memory the games over for [`Limits::keep_over`] with no one connected
    /// here (the database keeps them; [`Host::load`] brings one back): a server's memory
    /// follows the games in play, not every game it ever hosted. How many were dropped.
    pub fn drop_games_over(&self) -> usize {
        let keep = self.limits.keep_over;
        let mut games = self.games_lock();
        let before = games.len();
        games.retain(|_, hosted| {
            let table = hosted.lock();
            let idle = table
                .present
                .iter()
                .all(|(connections, _)| *connections == 0);
            !(table.over() && idle && table.moved.elapsed() >= keep)
        });
        before - games.len()
    }

    /// The ids of every game hosted, sorted (after a restart, each is driven on).
    pub fn ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = self.games_lock().keys().cloned().collect();
        ids.sort();
        ids
    }

    /// Creates a game: checked by the engine (game, options, seats), stored, hosted.
    pub fn create(&self, new: &NewGame) -> Result<Created, Refusal> {
        if self.games_lock().len() >= self.limits.games {
            return Err(Refusal::TooManyGames(self.limits.games));
        }
        let seed = match new.seed {
            Some(seed) => seed,
            None => {
                let mut bytes = [0u8; 8];
                getrandom::fill(&mut bytes)
                    .map_err(|e| Refusal::Setup(format!("no randomness: {e}")))?;
                u64::from_le_bytes(bytes) >> 11 // a whole number JavaScript holds exactly
            }
        };
        let mut session = new_session(&new.game, &new.options, seed)?;
        session.set_seats(&new.seats)?;
        let players = session.players();
        let mut seats: Vec<StoredSeat> = session
            .seats()
            .into_iter()
            .map(|spec| StoredSeat {
                spec,
                token_hash: None,
                lost: false,
            })
            .collect();
        let mut tokens = Vec::new();
        for &seat in &new.claim {
            if seat >= players || seats[seat].spec != "person" || seats[seat].token_hash.is_some() {
                return Err(Refusal::Setup(format!(
                    "seat {seat} cannot be claimed: the people's seats are {:?}",
                    (0..players)
                        .filter(|&s| seats[s].spec == "person")
                        .collect::<Vec<_>>()
                )));
            }
            let token = random_token()?;
            seats[seat].token_hash = Some(token_hash(&token));
            tokens.push((seat, token));
        }
        if let Some(time) = &new.time {
            time.check().map_err(Refusal::Setup)?;
            // The bot that would take a seat at zero is checked now, as the seats are.
            let bot = match &time.at_zero {
                AtZero::Bot(bot) => bot.as_str(),
                AtZero::Lose => LOST_SEAT_BOT,
            };
            session
                .clone_box()
                .set_seats(&vec![bot.to_owned(); players])?;
        }
        // The clocks run once every person's seat is claimed: now, if the creator claimed
        // them all.
        let clocks_from = all_claimed(&seats).then(clock::now_ms);
        let spectator = random_token()?;
        let id = random_token()?[..12].to_owned();
        let head = session.record_json()?;
        let stored = StoredGame {
            id: id.clone(),
            head,
            seats: seats.clone(),
            spectator_hash: token_hash(&spectator),
            steps: Vec::new(),
            away_bot: new.away.as_ref().map(|a| json!(a).to_string()),
            time_control: new.time.as_ref().map(|t| json!(t).to_string()),
            clocks_from,
        };
        if let Some(away) = &new.away {
            // The bot is checked now, as the seats are.
            let mut check = session.clone_box();
            check.set_seats(&vec![away.bot.clone(); players])?;
        }
        self.store.create_game(&stored)?;
        let hosted = Arc::new(Hosted {
            id: id.clone(),
            steps: watch::Sender::new(0),
            driving: AtomicBool::new(false),
            failed: AtomicBool::new(false),
            table: Mutex::new(Table {
                present: vec![(0, Instant::now()); seats.len()],
                published: vec![0; seats.len()],
                moved: Instant::now(),
                session,
                seats,
                spectator_hash: stored.spectator_hash,
                away: new.away.clone(),
                time: new.time.clone(),
                clocks_from,
                stamps: Vec::new(),
            }),
        });
        self.games_lock().insert(id.clone(), hosted);
        Ok(Created {
            id,
            tokens,
            spectator,
        })
    }

    /// Claims a free seat for a person (the given one, or the first free): its token.
    pub fn join(&self, id: &str, seat: Option<usize>) -> Result<(usize, String), Refusal> {
        let hosted = self.load(id)?;
        let mut table = hosted.lock();
        let free: Vec<usize> = (0..table.seats.len())
            .filter(|&s| table.seats[s].spec == "person" && table.seats[s].token_hash.is_none())
            .collect();
        let seat = match seat {
            Some(s) if free.contains(&s) => s,
            Some(_) => return Err(Refusal::NoFreeSeat(id.to_owned())),
            None => *free
                .first()
                .ok_or_else(|| Refusal::NoFreeSeat(id.to_owned()))?,
        };
        let token = random_token()?;
        let row = StoredSeat {
            spec: "person".into(),
            token_hash: Some(token_hash(&token)),
            lost: false,
        };
        self.store.update_seat(id, seat, &row)?;
        table.seats[seat] = row;
        if table.time.is_some() && table.clocks_from.is_none() && all_claimed(&table.seats) {
            // The last person's seat claimed: the clocks start (or started, on another
            // instance: its time is the game's).
            table.clocks_from = Some(self.store.start_clocks(id, clock::now_ms())?);
            hosted.steps.send_modify(|_| {});
        }
        Ok((seat, token))
    }

    /// Who a token opens in a game (compared in constant time with each stored hash).
    pub fn who(&self, id: &str, token: &str) -> Result<Who, Refusal> {
        let hosted = self.game(id)?;
        let table = hosted.lock();
        let hash = token_hash(token);
        let mut found = None;
        for (i, seat) in table.seats.iter().enumerate() {
            if let Some(h) = &seat.token_hash
                && same(h, &hash)
            {
                found = Some(Who::Seat(i));
            }
        }
        if same(&table.spectator_hash, &hash) {
            found = Some(Who::Spectator);
        }
        found.ok_or_else(|| Refusal::BadToken(id.to_owned()))
    }

    /// The games, for the lobby: `[{id, game, title, players, seats, free, step, over, time}]`.
    pub fn list(&self) -> Vec<Value> {
        let games: Vec<Arc<Hosted>> = self.games_lock().values().cloned().collect();
        let mut list: Vec<Value> = games
            .iter()
            .map(|hosted| {
                let table = hosted.lock();
                let d = table.session.description();
                json!({
                    "id": hosted.id,
                    "game": d.name,
                    "title": d.title,
                    "players": table.seats.len(),
                    "seats": table.seats.iter().map(|s| s.spec.clone()).collect::<Vec<_>>(),
                    "free": (0..table.seats.len())
                        .filter(|&s| table.seats[s].spec == "person" && table.seats[s].token_hash.is_none())
                        .collect::<Vec<_>>(),
                    "step": table.steps(),
                    "over": table.over(),
                    "time": table.time,
                })
            })
            .collect();
        list.sort_by(|a, b| a["id"].as_str().cmp(&b["id"].as_str()));
        list
    }

    /// The game's record (JSON, or the game text), once it is over: before, it would tell
    /// every hidden draw.
    pub fn record(&self, id: &str, text: bool) -> Result<Option<String>, Refusal> {
        let hosted = self.load(id)?;
        let table = hosted.lock();
        if !table.over() {
            return Ok(None);
        }
        Ok(Some(if text {
            table.session.record_text()?
        } else {
            table.session.record_json()?
        }))
    }

    /// Commits the steps made on a copy of the session (each with the seat that decided
    /// it, `None` for chance), all or none, then makes the copy the game's and tells the
    /// game's connections.
    fn commit(
        &self,
        hosted: &Hosted,
        table: &mut Table,
        next: Box<dyn AnySession>,
        steps: Vec<(StoredStep, Option<usize>)>,
    ) -> Result<(), Refusal> {
        let first = table.steps();
        let stored: Vec<StoredStep> = steps.iter().map(|(step, _)| step.clone()).collect();
        match self.store.append_steps(&hosted.id, first, &stored) {
            Ok(()) => {}
            // Another instance stored this step first: its step is the game's, this one was
            // chosen on a past state.
            Err(StoreError::StepTaken { .. }) => {
                self.catch_up(hosted, table)?;
                return Err(Refusal::Stale {
                    given: first,
                    now: table.steps(),
                });
            }
            Err(e) => return Err(e.into()),
        }
        table.session = next;
        table.stamps.extend(steps.iter().map(|(step, seat)| Stamp {
            seat: *seat,
            at_ms: step.at_ms,
        }));
        table.moved = Instant::now();
        hosted.steps.send_replace(table.steps());
        Ok(())
    }

    /// A seat's action at step `step` (the number of steps the client saw): checked by the
    /// engine, committed, announced.
    pub fn act(&self, id: &str, who: Who, step: u64, action: &Act) -> Result<(), Refusal> {
        let hosted = self.load(id)?;
        let mut table = hosted.lock();
        let Who::Seat(seat) = who else {
            return Err(Refusal::Spectator);
        };
        if step > table.steps() {
            // The client saw a step this instance has not heard of yet (it was connected to
            // another): read it now.
            self.catch_up(&hosted, &mut table)?;
        }
        // The step first, whoever is to move now: another instance's step may have passed
        // the turn on since the client chose.
        let now = table.steps();
        match step.cmp(&now) {
            std::cmp::Ordering::Less => return Err(Refusal::Stale { given: step, now }),
            std::cmp::Ordering::Greater => return Err(Refusal::Ahead { given: step, now }),
            std::cmp::Ordering::Equal => {}
        }
        let to_move = table.to_move();
        if to_move != ToMove::Seat(table.session.seat(seat)?) {
            return Err(Refusal::NotYourTurn {
                seat,
                to_move: match to_move {
                    ToMove::Seat(s) => format!("seat {} is", s.index()),
                    ToMove::Chance => "chance is".into(),
                    _ => "the game is over".into(),
                },
            });
        }
        if table.out_of_time(clock::now_ms()) == Some(seat) {
            // The watchdog gives the seat what the creator chose in a moment.
            return Err(Refusal::OutOfTime(seat));
        }
        let mut next = table.session.clone_box();
        match action {
            Act::Notation(notation) => next.play(notation)?,
            Act::Index(index) => next.play_index(usize::try_from(*index).unwrap_or(usize::MAX))?,
        };
        let step = last_step(next.as_ref())?;
        self.commit(&hosted, &mut table, next, vec![(step, Some(seat))])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SqliteStore;

    fn host() -> Arc<Host> {
        Host::new(
            Arc::new(SqliteStore::in_memory().unwrap()),
            Limits::default(),
        )
        .unwrap()
    }

    #[test]
    fn tokens_are_128_bits_and_only_their_hash_is_kept() {
        let token = random_token().unwrap();
        assert_eq!(token.len(), 32);
        assert!(token.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(token, random_token().unwrap());
        assert_eq!(token_hash(&token), token_hash(&token));
        assert_ne!(token_hash(&token), token_hash("other"));
    }

    #[tokio::test]
    async fn a_seat_acts_only_on_its_turn_at_the_current_step() {
        let host = host();
        let created = host
            .create(&NewGame {
                game: "sumeria".into(),
                options: GameOptions::new().with_players(3),
                seats: vec!["person".into(), "person".into(), "random".into()],
                seed: Some(4),
                claim: vec![0, 1],
                away: None,
                time: None,
            })
            .unwrap();
        let id = created.id.clone();
        host.drive(&id).await.unwrap();
        let (zero, one) = (&created.tokens[0].1, &created.tokens[1].1);
        assert_eq!(host.who(&id, zero).unwrap(), Who::Seat(0));
        assert_eq!(host.who(&id, one).unwrap(), Who::Seat(1));
        assert_eq!(host.who(&id, &created.spectator).unwrap(), Who::Spectator);
        assert!(matches!(host.who(&id, "nope"), Err(Refusal::BadToken(_))));
        let state = host.state(&id, Who::Seat(0), 0).unwrap();
        let seat = state["to_move"]["seat"].as_u64().unwrap() as usize;
        let step = state["step"].as_u64().unwrap();
        let other = if seat == 0 { 1 } else { 0 };
        let mover = host.state(&id, Who::Seat(seat), 0).unwrap();
        let action = mover["gestures"][0]["action"].as_str().unwrap().to_owned();
        let act = Act::Notation(action.clone());
        assert!(matches!(
            host.act(&id, Who::Seat(other), step, &act),
            Err(Refusal::NotYourTurn { .. })
        ));
        assert!(matches!(
            host.act(&id, Who::Spectator, step, &act),
            Err(Refusal::Spectator)
        ));
        // A step the game has not reached is ahead, whoever names it.
        for who in [seat, other] {
            assert!(matches!(
                host.act(&id, Who::Seat(who), step + 1, &act),
                Err(Refusal::Ahead { given, now }) if given == step + 1 && now == step
            ));
        }
        assert!(matches!(
            host.act(&id, Who::Seat(seat), step, &Act::Notation("fly".into())),
            Err(Refusal::Engine(_))
        ));
        assert_eq!(host.state(&id, Who::Seat(0), 0).unwrap()["step"], step);
        host.act(&id, Who::Seat(seat), step, &act).unwrap();
        // The same action again is stale, whoever is to move now: applied once.
        assert!(matches!(
            host.act(&id, Who::Seat(seat), step, &act),
            Err(Refusal::Stale { given, now }) if given == step && now > step
        ));
        // A spectator sees no view and no hand.
        let seen = host.state(&id, Who::Spectator, 0).unwrap();
        assert!(seen.get("view").is_none() && seen.get("pieces").is_none());
        assert_eq!(
            host.record(&id, false).unwrap(),
            None,
            "no record before the end"
        );
    }

    #[tokio::test]
    async fn a_game_over_leaves_memory_and_comes_back_from_the_database() {
        let limits = Limits {
            keep_over: Duration::ZERO,
            ..Limits::default()
        };
        let host = Host::new(Arc::new(SqliteStore::in_memory().unwrap()), limits).unwrap();
        let new = |seats: [&str; 2]| NewGame {
            game: "cards".into(),
            options: GameOptions::new().with_players(2),
            seats: seats.map(String::from).to_vec(),
            seed: Some(8),
            ..NewGame::default()
        };
        let over = host.create(&new(["random", "random"])).unwrap().id;
        let playing = host.create(&new(["person", "random"])).unwrap().id;
        host.drive(&over).await.unwrap();
        host.drive(&playing).await.unwrap();
        let record = host.record(&over, false).unwrap().expect("over");
        // The game over leaves memory; the one in play stays.
        assert_eq!(host.drop_games_over(), 1);
        assert!(matches!(host.game(&over), Err(Refusal::NoGame(_))));
        assert!(host.game(&playing).is_ok());
        assert_eq!(host.list().len(), 1);
        // Asked for, it comes back whole from the database.
        assert_eq!(host.record(&over, false).unwrap(), Some(record));
        assert!(host.game(&over).is_ok());
    }
}
