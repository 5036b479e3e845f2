//! A session that takes back what was played on a copy of it elsewhere: a web page's worker
//! rebuilds the game from its record, plays a bot's turn and sends the record back; the page's
//! session takes the steps the record adds and where its generator stands, keeping what it
//! knows of its own steps (where the generator stood before each, so that undo still puts it
//! back). The session is then exactly the one that played the steps.

use mesopotamia_core::GameRecord;

use super::{Session, SessionError, position};
use crate::table::NamedGame;

impl<G: NamedGame> Session<G> {
    /// Takes the steps that `record`, a record of this game (the same start and seed) whose
    /// steps begin with this session's, adds, and sets the generator where the record says
    /// it stands: the steps taken. The first step taken is known to have been chosen or
    /// drawn with the generator where this session's stands now (as a copy rebuilt from this
    /// session's record has it), so undoing it puts the generator back there. The seats stay
    /// this session's. A record of another game, or one that does not continue this one, is
    /// refused, and the session is unchanged.
    pub fn follow(&mut self, record: &GameRecord<G>) -> Result<usize, SessionError> {
        let start = G::record_start(record).map_err(SessionError::Start)?;
        if start != self.start || record.seed.unwrap_or(0) != self.seed {
            return Err(SessionError::Start(
                "the record is of another game: another start or seed".into(),
            ));
        }
        let ours = self.steps.len();
        if let Some(at) =
            (0..ours.min(record.steps.len())).find(|&i| record.steps[i] != self.steps[i])
        {
            return Err(SessionError::Start(format!(
                "the record does not go on from this game: its step {} is not this game's",
                at + 1
            )));
        }
        if record.steps.len() < ours {
            return Err(SessionError::Start(format!(
                "the record does not go on from this game: it has {} steps, the game {ours}",
                record.steps.len()
            )));
        }
        let mut next = self.clone();
        let mut before = Some(position(&next.rng));
        for (number, &step) in record.steps.iter().enumerate().skip(ours) {
            next.push(step, 0)
                .map_err(|e| SessionError::Start(format!("step {} ({step}): {e}", number + 1)))?;
            if let Some(played) = next.played.last_mut() {
                played.rng_before = before.take();
            }
        }
        if let Some(at) = record.rng_position {
            next.rng.set_word_pos(u128::from(at));
        }
        *self = next;
        Ok(record.steps.len() - ours)
    }
}

/// A record of `G` from its JSON or its game text.
#[cfg(feature = "serde")]
pub(super) fn read<G: NamedGame>(text: &str) -> Result<GameRecord<G>, SessionError> {
    use mesopotamia_core::record::text as game_text;
    if game_text::is_game_text(text) {
        game_text::read::<G>(text).map_err(|e| SessionError::Start(e.to_string()))
    } else {
        crate::table::read_record::<G>(text).map_err(|e| SessionError::Start(e.to_string()))
    }
}
