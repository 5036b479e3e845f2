//! The match driver: bots decide, chance is sampled from a caller's RNG, and every
//! step goes into a game record.

use mesopotamia_core::driver::PlayoutError;
use mesopotamia_core::game::{Game, ToMove};
use mesopotamia_core::rand_core::Rng;
use mesopotamia_core::record::{GameRecord, Step};
use mesopotamia_core::seat::Seat;

use crate::Bot;

/// Why a match could not be played to the end.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MatchError<E: std::error::Error> {
    /// The configuration is refused.
    #[error("configuration refused: {0}")]
    Config(E),
    /// There must be one bot per seat.
    #[error("{seats} seats but {bots} bots")]
    BotCount {
        /// Seats at the table.
        seats: usize,
        /// Bots given.
        bots: usize,
    },
    /// A bot chose an action that is not legal.
    #[error("the bot of seat {seat} chose `{action}`, which is refused: {error}")]
    IllegalChoice {
        /// The bot's seat.
        seat: Seat,
        /// The action, in notation.
        action: String,
        /// The game's reason.
        error: E,
    },
    /// A player gave up ([`Bot::gave_up`]).
    #[error("seat {seat} gave up: {why}")]
    Abandoned {
        /// The player's seat.
        seat: Seat,
        /// Its reason.
        why: String,
    },
    /// The game broke its own contract (no legal action, no chance outcome, or no end
    /// within its bound). Report it: it is a bug in the game.
    #[error("the game broke its contract: {0}")]
    Contract(String),
}

/// A random playout's error as a match's: the same configuration refused, or the same
/// broken contract.
impl<E: std::error::Error> From<PlayoutError<E>> for MatchError<E> {
    fn from(error: PlayoutError<E>) -> MatchError<E> {
        match error {
            PlayoutError::Config(e) => MatchError::Config(e),
            PlayoutError::Contract(why) => MatchError::Contract(why),
            // `PlayoutError` is non-exhaustive: a kind added later is still a broken game.
            other => MatchError::Contract(other.to_string()),
        }
    }
}

/// A match that could not be played to the end, with its steps up to the failure (a
/// failure before the first step leaves the record empty): enough to replay it and
/// report it.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{error}")]
pub struct MatchFailure<G: Game> {
    /// What went wrong.
    pub error: MatchError<G::Error>,
    /// Every step played before the failure.
    pub record: GameRecord<G>,
}

/// A finished match.
#[derive(Clone, Debug)]
pub struct MatchOutcome<G: Game> {
    /// The final state.
    pub state: G,
    /// Every step, replayable.
    pub record: GameRecord<G>,
}

/// Plays a game of `config` to the end: `bots[i]` decides for seat `i`, chance comes
/// from `rng`. The library never seeds an RNG: pass a seeded one for a repeatable game.
// The failure carries the whole record on purpose (nothing played is lost), and a match
// fails at most once: its size costs nothing worth a box.
#[allow(clippy::result_large_err)]
pub fn play_match<G: Game, B: Bot<G>, R: Rng>(
    config: &G::Config,
    bots: &mut [B],
    rng: &mut R,
) -> Result<MatchOutcome<G>, MatchFailure<G>> {
    play_match_observed(config, bots, rng, |_| {})
}

/// One decision of a match, as [`play_match_observed`] reports it: made, not yet played.
#[derive(Debug)]
#[non_exhaustive]
pub struct Decision<'a, G: Game> {
    /// The state the decision is taken in.
    pub state: &'a G,
    /// Its place in the record: the number of steps (decisions and chance events) before it.
    pub step: usize,
    /// The seat deciding.
    pub seat: Seat,
    /// The legal actions, in the game's order.
    pub legal: &'a [G::Action],
    /// The action chosen (one of `legal`).
    pub action: G::Action,
    /// The bot's weights of `legal`, in the same order ([`Bot::policy`]), if it has them.
    pub policy: Option<&'a [f64]>,
}

/// [`play_match`], calling `at_decision` on each decision once the bot has made it and
/// before it is played: what self-play data for learning is made of (the state, the legal
/// list, the choice and a search's visit shares). The match is the same as `play_match`
/// would play with the same bots and `rng`.
#[allow(clippy::result_large_err)] // as `play_match`
pub fn play_match_observed<G: Game, B: Bot<G>, R: Rng>(
    config: &G::Config,
    bots: &mut [B],
    rng: &mut R,
    at_decision: impl FnMut(Decision<'_, G>),
) -> Result<MatchOutcome<G>, MatchFailure<G>> {
    let mut record = GameRecord::new(config.clone());
    let mut state = match G::new(config) {
        Ok(state) => state,
        Err(e) => {
            return Err(MatchFailure {
                error: MatchError::Config(e),
                record,
            });
        }
    };
    match play_on(&mut state, &mut record, bots, rng, at_decision) {
        Ok(()) => {
            record.end = state.end_reason();
            Ok(MatchOutcome { state, record })
        }
        Err(error) => Err(MatchFailure { error, record }),
    }
}

/// Plays on from `state`, whose steps so far are in `record`, to the end. The record comes
/// back in the outcome, or in the failure with every step up to it.
#[allow(clippy::result_large_err)] // as `play_match`
pub fn play_from<G: Game, B: Bot<G>, R: Rng>(
    mut state: G,
    mut record: GameRecord<G>,
    bots: &mut [B],
    rng: &mut R,
) -> Result<MatchOutcome<G>, MatchFailure<G>> {
    match play_on(&mut state, &mut record, bots, rng, |_| {}) {
        Ok(()) => {
            record.end = state.end_reason();
            Ok(MatchOutcome { state, record })
        }
        Err(error) => Err(MatchFailure { error, record }),
    }
}

fn play_on<G: Game, B: Bot<G>, R: Rng>(
    state: &mut G,
    record: &mut GameRecord<G>,
    bots: &mut [B],
    rng: &mut R,
    mut at_decision: impl FnMut(Decision<'_, G>),
) -> Result<(), MatchError<G::Error>> {
    if bots.len() != state.seat_count() {
        return Err(MatchError::BotCount {
            seats: state.seat_count(),
            bots: bots.len(),
        });
    }
    let bound = state.max_steps();
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    loop {
        if record.steps.len() > bound {
            return Err(MatchError::Contract(format!(
                "{} steps, beyond the declared bound {bound}",
                record.steps.len()
            )));
        }
        match state.to_move() {
            ToMove::Terminal => return Ok(()),
            ToMove::Chance => {
                let outcome = state
                    .play_chance_random(rng, &mut outcomes)
                    .map_err(|refused| MatchError::Contract(format!("chance: {refused}")))?
                    .ok_or_else(|| MatchError::Contract("a chance node without outcomes".into()))?;
                record.steps.push(Step::Chance(outcome));
            }
            ToMove::Seat(seat) => {
                state.legal_actions(&mut legal);
                if legal.is_empty() {
                    return Err(MatchError::Contract(format!(
                        "seat {seat} to move without a legal action"
                    )));
                }
                let bot = bots.get_mut(seat.index()).ok_or_else(|| {
                    MatchError::Contract(format!("seat {seat} is not at the table"))
                })?;
                let action = bot.choose(state, seat, &legal, rng);
                if let Some(why) = bot.gave_up() {
                    return Err(MatchError::Abandoned { seat, why });
                }
                at_decision(Decision {
                    state,
                    step: record.steps.len(),
                    seat,
                    legal: &legal,
                    action,
                    policy: bot.policy().filter(|p| p.len() == legal.len()),
                });
                state
                    .apply(action)
                    .map_err(|error| MatchError::IllegalChoice {
                        seat,
                        action: action.to_string(),
                        error,
                    })?;
                record.steps.push(Step::Action(seat, action));
            }
        }
    }
}
