//! The watchdog: people's seats away on their turn, and (on a shared database) this
//! instance's connections published for the others.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use mesopotamia::core::ToMove;

use super::{Host, Hosted};
use crate::store::StoredSeat;

impl Host {
    /// Hands each person's seat away on its turn past its game's time to the game's bot;
    /// the ids of the games whose bots now play on.
    pub fn hand_away_seats(&self) -> Vec<String> {
        let shared = self.shared.load(Ordering::Relaxed);
        let games: Vec<Arc<Hosted>> = self.games_lock().values().cloned().collect();
        let mut handed = Vec::new();
        for hosted in games {
            let mut table = hosted.lock();
            if shared {
                // This instance's connections, for the others' watchdogs: written when they
                // changed, here off the connections' path.
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
            let Some(away) = table.away.clone() else {
                continue;
            };
            let ToMove::Seat(seat) = table.session.to_move() else {
                continue;
            };
            let seat = seat.index();
            let (connections, since) = table.present[seat];
            if table.seats[seat].spec != "person"
                || connections > 0
                || since.elapsed() < Duration::from_millis(away.after_ms)
            {
                continue;
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
                continue;
            }
            let mut specs: Vec<String> = table.seats.iter().map(|s| s.spec.clone()).collect();
            specs[seat] = away.bot.clone();
            let row = StoredSeat {
                spec: away.bot.clone(),
                token_hash: table.seats[seat].token_hash,
            };
            if table.session.set_seats(&specs).is_err()
                || self.store.update_seat(&hosted.id, seat, &row).is_err()
            {
                continue;
            }
            table.seats[seat] = row;
            handed.push(hosted.id.clone());
            // Every connection learns who plays the seat now.
            hosted.steps.send_modify(|_| {});
        }
        handed
    }
}
