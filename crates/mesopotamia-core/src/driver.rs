//! The match driver: bots decide, chance is sampled from a caller's RNG, and every
//! step goes into a game record.

use rand_core::Rng;

use crate::game::{Game, ToMove};
use crate::record::{GameRecord, Step};
use crate::seat::Seat;

/// A player that picks one of the legal actions.
///
/// A bot receives the whole state so that it can search; an honest bot only looks at
/// `game.view(seat)`, or at [`Game::resample_hidden`] states.
pub trait Bot<G: Game> {
    /// Picks one action of `legal` (never empty) for `seat`.
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action], rng: &mut dyn Rng)
    -> G::Action;

    /// Why this player gave up during its last [`Bot::choose`], if it did: a person whose
    /// input ended, a remote client that went away. The match then stops with
    /// [`MatchError::Abandoned`] and the action returned is not played. Bots never give up.
    fn gave_up(&self) -> Option<String> {
        None
    }

    /// How the bot weighed the legal actions at its last [`Bot::choose`], in the order of
    /// the legal list it was given (a search's share of the root visits), or `None` for a
    /// bot that does not weigh them. Learning code trains on these
    /// ([`play_match_observed`]).
    fn policy(&self) -> Option<&[f64]> {
        None
    }
}

/// A borrowed bot plays as the bot itself: `play_match` takes `&mut [&mut dyn Bot<G>]` as
/// well as a slice of one bot type.
impl<G: Game, B: Bot<G> + ?Sized> Bot<G> for &mut B {
    fn choose(
        &mut self,
        game: &G,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut dyn Rng,
    ) -> G::Action {
        (**self).choose(game, seat, legal, rng)
    }

    fn gave_up(&self) -> Option<String> {
        (**self).gave_up()
    }

    fn policy(&self) -> Option<&[f64]> {
        (**self).policy()
    }
}

/// A boxed bot plays as the bot itself: a table of different bots is a
/// `Vec<Box<dyn Bot<G>>>`, given to `play_match` as it is.
impl<G: Game, B: Bot<G> + ?Sized> Bot<G> for Box<B> {
    fn choose(
        &mut self,
        game: &G,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut dyn Rng,
    ) -> G::Action {
        (**self).choose(game, seat, legal, rng)
    }

    fn gave_up(&self) -> Option<String> {
        (**self).gave_up()
    }

    fn policy(&self) -> Option<&[f64]> {
        (**self).policy()
    }
}

/// Picks uniformly among the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn choose(
        &mut self,
        _game: &G,
        _seat: Seat,
        legal: &[G::Action],
        rng: &mut dyn Rng,
    ) -> G::Action {
        legal[crate::chance::uniform_below(rng, legal.len() as u32) as usize]
    }
}

/// Looks one decision ahead: applies each legal action to a copy of the state and
/// keeps the one whose result `evaluate` likes best for the deciding seat (ties broken
/// at random).
///
/// The bot is honest: it first redraws what its seat cannot see
/// ([`Game::resample_hidden`]), so it never peeks at other hands or at the bag. Each
/// game crate provides an evaluation (`greedy_bot()`); any `Fn(&G, Seat) -> i64` works.
///
/// ```
/// use mesopotamia_core::{Bot, GreedyBot, Seat};
/// # fn demo<G: mesopotamia_core::Game>(game: &G, legal: &[G::Action], rng: &mut dyn mesopotamia_core::rand_core::Rng) {
/// // Prefer states where the deciding seat is about to move again.
/// let mut bot = GreedyBot::new(|g: &G, seat: Seat| {
///     (g.to_move() == mesopotamia_core::ToMove::Seat(seat)) as i64
/// });
/// let seat = Seat::new(0).unwrap();
/// let action = bot.choose(game, seat, legal, rng);
/// assert!(legal.contains(&action));
/// # }
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyBot<F> {
    evaluate: F,
}

impl<F> GreedyBot<F> {
    /// A greedy bot with this evaluation (higher is better for the seat given).
    pub const fn new(evaluate: F) -> GreedyBot<F> {
        GreedyBot { evaluate }
    }
}

impl<G: Game, F: Fn(&G, Seat) -> i64> Bot<G> for GreedyBot<F> {
    fn choose(
        &mut self,
        game: &G,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut dyn Rng,
    ) -> G::Action {
        let world = game.resample_hidden(seat, rng);
        let mut best: Vec<G::Action> = Vec::new();
        let mut best_value = i64::MIN;
        for &action in legal {
            let mut next = world.clone();
            // The resampled world may refuse an action that depends on hidden state the
            // real one accepts; such an action is judged on the state as it stands.
            let value = match next.apply(action) {
                Ok(()) => (self.evaluate)(&next, seat),
                Err(_) => (self.evaluate)(&world, seat),
            };
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value == best_value {
                best.push(action);
            }
        }
        best[crate::chance::uniform_below(rng, best.len() as u32) as usize]
    }
}

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

/// Samples the pending chance event of `game` by its weights: [`Game::sample_chance`], kept
/// as a function of the game.
pub fn sample_chance<G: Game, R: Rng + ?Sized>(
    game: &G,
    buffer: &mut Vec<(G::Chance, u32)>,
    rng: &mut R,
) -> Option<G::Chance> {
    game.sample_chance(rng, buffer)
}

/// What a random playout did.
///
/// It does not count legal actions: a playout through the fast paths need not list them.
/// The branching factor is measured by listing on positions of its own (the CLI's `bench`
/// does so).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Playout {
    /// Decisions taken by seats.
    pub decisions: u64,
    /// Chance events resolved.
    pub chance_events: u64,
}

/// Plays `game` on to its end with every decision uniform over the complete legal list and
/// chance sampled by weight: the reference workload of the benchmarks. It goes through the
/// fast paths [`Game::play_random`] and [`Game::play_chance_random`], so a game that
/// overrides them plays without listing every action; with the defaults it draws exactly as
/// the lists would. The buffers are the samplers' scratch space, reused between calls to
/// spare allocations (what they hold afterwards is unspecified).
///
/// # Errors
/// [`MatchError::Contract`] when the game breaks its contract: a seat to move without a
/// legal action, a chance node without outcomes, a sampled action or outcome refused, or no
/// end within [`Game::max_steps`].
pub fn random_playout<G: Game, R: Rng + ?Sized>(
    game: &mut G,
    rng: &mut R,
    legal: &mut Vec<G::Action>,
    outcomes: &mut Vec<(G::Chance, u32)>,
) -> Result<Playout, MatchError<G::Error>> {
    play_out(game, rng, legal, outcomes, |_| {})
}

/// Every position where a seat is to move in `games` uniform random games of `config`
/// (played as [`random_playout`] plays, one after the other with `rng`), in order: a fixed
/// set of positions on which to time legal-list generation or cloning, as the CLI's `bench`
/// and the criterion benchmarks do.
///
/// # Errors
/// [`MatchError::Config`] when the configuration is refused; [`MatchError::Contract`] as
/// for [`random_playout`].
pub fn random_positions<G: Game, R: Rng + ?Sized>(
    config: &G::Config,
    games: usize,
    rng: &mut R,
) -> Result<Vec<G>, MatchError<G::Error>> {
    let mut positions = Vec::new();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..games {
        let mut game = G::new(config).map_err(MatchError::Config)?;
        play_out(&mut game, rng, &mut legal, &mut outcomes, |position| {
            positions.push(position.clone())
        })?;
    }
    Ok(positions)
}

/// [`random_playout`], calling `at_decision` on each position where a seat is to move.
fn play_out<G: Game, R: Rng + ?Sized>(
    game: &mut G,
    rng: &mut R,
    legal: &mut Vec<G::Action>,
    outcomes: &mut Vec<(G::Chance, u32)>,
    mut at_decision: impl FnMut(&G),
) -> Result<Playout, MatchError<G::Error>> {
    let mut done = Playout::default();
    let bound = game.max_steps() as u64;
    loop {
        if done.decisions + done.chance_events > bound {
            return Err(MatchError::Contract(format!(
                "beyond the declared bound of {bound} steps"
            )));
        }
        match game.to_move() {
            ToMove::Terminal => return Ok(done),
            ToMove::Chance => match game.play_chance_random(rng, outcomes) {
                Ok(Some(_)) => done.chance_events += 1,
                Ok(None) => {
                    return Err(MatchError::Contract(
                        "a chance node without outcomes".into(),
                    ));
                }
                Err(refused) => {
                    return Err(MatchError::Contract(format!("chance: {refused}")));
                }
            },
            ToMove::Seat(seat) => {
                at_decision(game);
                match game.play_random(rng, legal) {
                    Ok(Some(_)) => done.decisions += 1,
                    Ok(None) => {
                        return Err(MatchError::Contract(format!(
                            "seat {seat} to move without a legal action"
                        )));
                    }
                    Err(refused) => {
                        return Err(MatchError::Contract(format!("seat {seat}: {refused}")));
                    }
                }
            }
        }
    }
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
