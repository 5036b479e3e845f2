//! The watchdog: people's seats out of time or away on their turn, and (on a shared
//! database) this instance's connections published for the others.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use mesopotamia::core::ToMove;

use super::{Host, Hosted, Refusal, Table};
use crate::clock::{self, AtZero, LOST_SEAT_BOT};
use crate::store::StoredSeat;

impl Host {
    /// The watchdog's round over the games in memory: publishes this instance's
    /// connections (on a shared database), gives each person's seat whose time ran out what
    /// its game's creator chose (a bot takes it, or it loses), and hands each person's seat
    /// away on its turn past its game's time to the game's bot. The ids of the games whose
    /// bots now play on.
    pub fn watch_seats(&self) -> Vec<String> {
        let shared = self.shared.load(Ordering::Relaxed);
        let games: Vec<Arc<Hosted>> = self.games_lock().values().cloned().collect();
        let mut handed = Vec::new();
        for hosted in games {
            let mut table = hosted.lock();
            if shared {
                self.publish_presence(&hosted, &mut table);
            }
            let reseated = if let Some(seat) = table.out_of_time(clock::now_ms()) {
                self.time_out(&hosted, &mut table, seat)
                    .inspect_err(
                        |e| tracing::warn!(game = %hosted.id, "seat {seat} out of time: {e}"),
                    )
                    .is_ok()
            } else {
                self.hand_away(&hosted, &mut table, shared)
            };
            if reseated {
                handed.push(hosted.id.clone());
            }
        }
        handed
    }

    /// This instance's connections to the game's seats, for the other instances'
    /// watchdogs: written when they changed, here off the connections' path.
    fn publish_presence(&self, hosted: &Hosted, table: &mut Table) {
        for seat in 0..table.present.len() {
            let connections = table.present[seat].0;
            if table.published.get(seat) != Some(&connections)
                && self
                    .store
                    .set_presence(&hosted.id, seat, &self.instance, connections)
                    .is_ok()
                && let Some(p) = table.published.get_mut(seat)
            {
                *p = connections;
            }
        }
    }

    /// Hands the person's seat to move to the game's bot if the creator chose so and no
    /// one has been connected to it for the game's away time; whether it did.
    fn hand_away(&self, hosted: &Hosted, table: &mut Table, shared: bool) -> bool {
        let Some(away) = table.away.clone() else {
            return false;
        };
        let ToMove::Seat(seat) = table.to_move() else {
            return false;
        };
        let seat = seat.index();
        let (connections, since) = table.present[seat];
        if table.seats[seat].spec != "person"
            || connections > 0
            || since.elapsed() < Duration::from_millis(away.after_ms)
        {
            return false;
        }
        // On a shared database the seat may be connected to another instance. (One that
        // was killed leaves its count: the seat then waits, as it does by default.)
        if shared
            && !matches!(
                self.store
                    .present_elsewhere(&hosted.id, seat, &self.instance),
                Ok(false)
            )
        {
            return false;
        }
        let row = StoredSeat {
            spec: away.bot.clone(),
            token_hash: table.seats[seat].token_hash,
            lost: false,
        };
        self.reseat_one(hosted, table, seat, row)
            .inspect_err(|e| tracing::warn!(game = %hosted.id, "seat {seat} away: {e}"))
            .is_ok()
    }

    /// A seat out of time: a bot takes it, or it loses (ranked last; the weakest level plays
    /// its turns while the others play on, and with two seats the game ends).
    fn time_out(&self, hosted: &Hosted, table: &mut Table, seat: usize) -> Result<(), Refusal> {
        let (spec, lost) = match table.time.as_ref().map(|t| &t.at_zero) {
            Some(AtZero::Bot(bot)) => (bot.clone(), false),
            Some(AtZero::Lose) => (LOST_SEAT_BOT.to_owned(), true),
            None => return Ok(()),
        };
        let row = StoredSeat {
            spec,
            token_hash: table.seats[seat].token_hash,
            lost,
        };
        self.reseat_one(hosted, table, seat, row)
    }

    /// Stores a seat's new row, then plays the game on with it; every connection learns
    /// who plays the seat now. Nothing changes if the database refuses.
    fn reseat_one(
        &self,
        hosted: &Hosted,
        table: &mut Table,
        seat: usize,
        row: StoredSeat,
    ) -> Result<(), Refusal> {
        let mut specs: Vec<String> = table.seats.iter().map(|s| s.spec.clone()).collect();
        specs[seat] = row.spec.clone();
        // Checked on a copy first: the session's seats change only once the row is stored.
        let mut session = table.session.clone_box();
        session.set_seats(&specs)?;
        self.store.update_seat(&hosted.id, seat, &row)?;
        table.session = session;
        table.seats[seat] = row;
        hosted.steps.send_modify(|_| {});
        Ok(())
    }
}
