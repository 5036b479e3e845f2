//! Bots and chance played on: off the async runtime, a bounded number at once, one
//! instance's at a time (a lease in a shared database).

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use mesopotamia::core::ToMove;

use super::{Host, Hosted, Refusal, STALLED, STORE_RETRY, last_step};
use crate::store::StoreError;

/// The most draws in a row stored in one commit.
const CHANCE_BATCH: usize = 64;

impl Host {
    /// Plays chance and bots until a person is to move or the game is over: each step
    /// committed and announced in turn. A bot thinks on a copy, outside the table's lock and
    /// with one of the bounded workers, so a slow bot never delays another game.
    pub async fn drive(self: &Arc<Self>, id: &str) -> Result<(), Refusal> {
        let hosted = self.game(id)?;
        // One drive of a game at a time on this instance; the others leave it to that one
        // (the sweep, [`Host::stalled`], catches a game left between two).
        if hosted.driving.swap(true, Ordering::AcqRel) {
            return Ok(());
        }
        let mut leased = false;
        let driven = self.drive_leased(&hosted, &mut leased).await;
        if leased {
            // People are to move now: the next instance to drive the game takes the lease
            // at once, without waiting for it to expire.
            let host = Arc::clone(self);
            let id = hosted.id.clone();
            let _ =
                tokio::task::spawn_blocking(move || host.store.release_lease(&id, &host.instance))
                    .await;
        }
        if driven.is_err() {
            hosted.failed.store(true, Ordering::Release);
        }
        hosted.driving.store(false, Ordering::Release);
        driven
    }

    async fn drive_leased(
        self: &Arc<Self>,
        hosted: &Arc<Hosted>,
        leased: &mut bool,
    ) -> Result<(), Refusal> {
        let id = hosted.id.as_str();
        let mut renewed: Option<Instant> = None;
        loop {
            let (copy, bot, steps) = {
                let table = hosted.lock();
                let bot = match table.to_move() {
                    ToMove::Chance => false,
                    ToMove::Seat(seat) if table.seats[seat.index()].spec != "person" => true,
                    _ => return Ok(()),
                };
                (table.session.clone_box(), bot, table.steps())
            };
            // The bots of a game play on one instance at a time: this one while its lease
            // holds (each step renews it), another once it has expired. (Alone on its
            // database, an instance needs none.)
            // Renewed once a third of it has gone by, not at every step: a round trip to the
            // database fewer for most steps, well before it could expire.
            let due = renewed.is_none_or(|at| at.elapsed() >= self.limits.lease / 3);
            if !self.shared.load(Ordering::Relaxed) {
                *leased = false;
            } else if !due {
                // Held, and renewed a moment ago.
            } else if let Some(held) = self.hold_lease(id).await? {
                if !held {
                    return Ok(());
                }
                *leased = true;
                renewed = Some(Instant::now());
            } else {
                continue;
            }
            let permit = if bot {
                Some(
                    self.thinking
                        .clone()
                        .acquire_owned()
                        .await
                        .map_err(|e| Refusal::Engine(e.to_string()))?,
                )
            } else {
                None
            };
            let host = Arc::clone(self);
            let hosted = Arc::clone(hosted);
            let done = tokio::task::spawn_blocking(move || -> Result<bool, Refusal> {
                let mut next = copy;
                let mut made = Vec::new();
                if bot {
                    let seat = match next.to_move() {
                        ToMove::Seat(seat) => Some(seat.index()),
                        _ => None,
                    };
                    next.bot_turn()?;
                    made.push((last_step(next.as_ref())?, seat));
                } else {
                    // Draws in a row (a game's opening hands) are stored together: one
                    // commit to disk for them all, each still stored before anyone is told.
                    while next.to_move() == ToMove::Chance && made.len() < CHANCE_BATCH {
                        next.sample_chance()?;
                        made.push((last_step(next.as_ref())?, None));
                    }
                }
                drop(permit);
                let mut table = hosted.lock();
                // Someone else moved the game on meanwhile: think again from there.
                if table.steps() != steps {
                    return Ok(false);
                }
                host.commit(&hosted, &mut table, next, made)?;
                Ok(true)
            })
            .await
            .map_err(|e| Refusal::Engine(format!("a bot's worker failed: {e}")))?;
            match done {
                // Another instance stored this step first: it plays on from there.
                Err(Refusal::Stale { .. }) => return Ok(()),
                // The database is down (restarting, cut off): nothing was stored, the bot or
                // chance plays again once it is back, or no one would move the game on.
                Err(Refusal::Store(StoreError::Database(e))) => {
                    tracing::warn!(game = %id, "the database failed, trying again: {e}");
                    tokio::time::sleep(STORE_RETRY).await;
                }
                done => {
                    done?;
                }
            }
        }
    }

    /// Takes or renews the game's lease: whether held, or `None` after a database failure
    /// (waited on: try again).
    async fn hold_lease(self: &Arc<Self>, id: &str) -> Result<Option<bool>, Refusal> {
        let host = Arc::clone(self);
        let game = id.to_owned();
        let ttl = self.limits.lease;
        let held =
            tokio::task::spawn_blocking(move || host.store.hold_lease(&game, &host.instance, ttl))
                .await
                .map_err(|e| Refusal::Engine(format!("a lease's worker failed: {e}")))?;
        match held {
            Ok(held) => Ok(Some(held)),
            Err(e) => {
                tracing::warn!(game = %id, "the database failed, trying again: {e}");
                tokio::time::sleep(STORE_RETRY).await;
                Ok(None)
            }
        }
    }

    /// The games whose bots or chance are to move, that no drive of this instance is
    /// playing, and that have not moved for a while: a drive left between two, or another
    /// instance's whose lease may have expired (it stopped). Driving them again takes their
    /// lease if it is free.
    pub fn stalled(&self) -> Vec<String> {
        let games: Vec<Arc<Hosted>> = self.games_lock().values().cloned().collect();
        games
            .into_iter()
            .filter(|hosted| {
                if hosted.driving.load(Ordering::Acquire) || hosted.failed.load(Ordering::Acquire) {
                    return false;
                }
                let table = hosted.lock();
                let to_move = match table.to_move() {
                    ToMove::Chance => true,
                    ToMove::Seat(seat) => table.seats[seat.index()].spec != "person",
                    _ => false,
                };
                to_move && table.moved.elapsed() >= STALLED
            })
            .map(|hosted| hosted.id.clone())
            .collect()
    }
}
