//! Several instances on one database: what the others commit, heard and caught up with.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use mesopotamia::core::ToMove;

use super::{Host, Hosted, Refusal, Table};
use crate::clock::Stamp;
use crate::store::Change;

impl Host {
    /// Hears the steps and seats other instances commit on a shared database (PostgreSQL),
    /// from the store's listening thread, for as long as the host lives; `false` if the
    /// database has no other writers (SQLite). Blocking: off the async runtime.
    pub fn listen(self: &Arc<Self>) -> Result<bool, Refusal> {
        let host = Arc::downgrade(self);
        let shared = self.store.listen(Box::new(move |change| {
            let Some(host) = host.upgrade() else {
                return false;
            };
            if let Some(change) = change {
                // The instance that committed the step drives the game's bots on.
                host.hear(change);
            }
            true
        }))?;
        self.shared.store(shared, Ordering::Relaxed);
        Ok(shared)
    }

    /// Catches up with what another instance committed: the ids of the games that moved.
    fn hear(&self, change: Change) -> Vec<String> {
        let games: Vec<Arc<Hosted>> = match &change {
            Change::Game { game } => {
                if let Err(e) = self.load(game) {
                    tracing::warn!(game = %game, "could not load a game made elsewhere: {e}");
                }
                return Vec::new();
            }
            Change::Step { game, .. } | Change::Seat { game } => {
                self.game(game).into_iter().collect()
            }
            Change::Missed => self.games_lock().values().cloned().collect(),
        };
        let mut moved = Vec::new();
        for hosted in games {
            let mut table = hosted.lock();
            let caught = match &change {
                // Its own step, or one already read: nothing to read.
                Change::Step { index, .. } if *index < table.steps() => Ok(false),
                Change::Step { .. } => self.catch_up(&hosted, &mut table),
                Change::Game { .. } | Change::Seat { .. } | Change::Missed => self
                    .reseat(&hosted, &mut table)
                    .and_then(|()| self.catch_up(&hosted, &mut table)),
            };
            match caught {
                Ok(true) => moved.push(hosted.id.clone()),
                Ok(false) => {}
                Err(e) => tracing::warn!(game = %hosted.id, "could not catch up: {e}"),
            }
        }
        moved
    }

    /// Plays the steps stored since the game's last (another instance's) on its session and
    /// tells its connections; whether there were any.
    pub(super) fn catch_up(&self, hosted: &Hosted, table: &mut Table) -> Result<bool, Refusal> {
        let have = table.steps();
        let new = self.store.steps_since(&hosted.id, have)?;
        if new.is_empty() {
            return Ok(false);
        }
        // Played step by step on a copy (each checked, as every step is): the game's own
        // session changes only if all of them play.
        let mut session = table.session.clone_box();
        let mut stamps = Vec::with_capacity(new.len());
        for step in &new {
            let seat = match session.to_move() {
                ToMove::Seat(seat) => Some(seat.index()),
                _ => None,
            };
            session.play_step_json(&step.step, step.rng).map_err(|e| {
                Refusal::Setup(format!(
                    "game {}: a stored step that does not play: {e}",
                    hosted.id
                ))
            })?;
            stamps.push(Stamp {
                seat,
                at_ms: step.at_ms,
            });
        }
        table.stamps.extend(stamps);
        table.session = session;
        table.moved = Instant::now();
        hosted.steps.send_replace(have + new.len() as u64);
        Ok(true)
    }

    /// Reads the game's seats and clocks again (a seat claimed, handed to a bot or lost on
    /// time elsewhere; the clocks started there).
    pub(super) fn reseat(&self, hosted: &Hosted, table: &mut Table) -> Result<(), Refusal> {
        let stored = self.store.game(&hosted.id)?;
        if stored.seats != table.seats || stored.clocks_from != table.clocks_from {
            let specs: Vec<String> = stored.seats.iter().map(|s| s.spec.clone()).collect();
            table.session.set_seats(&specs)?;
            table.seats = stored.seats;
            table.clocks_from = stored.clocks_from;
            hosted.steps.send_modify(|_| {});
        }
        Ok(())
    }
}
