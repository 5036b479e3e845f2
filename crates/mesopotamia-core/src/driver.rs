//! Random play: a game played on to its end by uniform random decisions and chance drawn by
//! weight ([`random_playout`]), the positions of a few such games ([`random_positions`]), and
//! a chance event sampled by weight ([`sample_chance`]). No bot is involved: bots, matches and
//! search are in the `mesopotamia-search` crate.

use rand_core::Rng;

use crate::game::{Game, ToMove};

/// Why a random playout, or the collection of random positions, stopped before the end.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayoutError<E: std::error::Error> {
    /// The configuration is refused.
    #[error("configuration refused: {0}")]
    Config(E),
    /// The game broke its own contract (no legal action, no chance outcome, a sampled step
    /// refused, or no end within its bound). Report it: it is a bug in the game.
    #[error("the game broke its contract: {0}")]
    Contract(String),
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
/// [`PlayoutError::Contract`] when the game breaks its contract: a seat to move without a
/// legal action, a chance node without outcomes, a sampled action or outcome refused, or no
/// end within [`Game::max_steps`].
pub fn random_playout<G: Game, R: Rng + ?Sized>(
    game: &mut G,
    rng: &mut R,
    legal: &mut Vec<G::Action>,
    outcomes: &mut Vec<(G::Chance, u32)>,
) -> Result<Playout, PlayoutError<G::Error>> {
    play_out(game, rng, legal, outcomes, |_| {})
}

/// Every position where a seat is to move in `games` uniform random games of `config`
/// (played as [`random_playout`] plays, one after the other with `rng`), in order: a fixed
/// set of positions on which to time legal-list generation or cloning, as the CLI's `bench`
/// and the criterion benchmarks do.
///
/// # Errors
/// [`PlayoutError::Config`] when the configuration is refused; [`PlayoutError::Contract`] as
/// for [`random_playout`].
pub fn random_positions<G: Game, R: Rng + ?Sized>(
    config: &G::Config,
    games: usize,
    rng: &mut R,
) -> Result<Vec<G>, PlayoutError<G::Error>> {
    let mut positions = Vec::new();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..games {
        let mut game = G::new(config).map_err(PlayoutError::Config)?;
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
) -> Result<Playout, PlayoutError<G::Error>> {
    let mut done = Playout::default();
    let bound = game.max_steps() as u64;
    loop {
        if done.decisions + done.chance_events > bound {
            return Err(PlayoutError::Contract(format!(
                "beyond the declared bound of {bound} steps"
            )));
        }
        match game.to_move() {
            ToMove::Terminal => return Ok(done),
            ToMove::Chance => match game.play_chance_random(rng, outcomes) {
                Ok(Some(_)) => done.chance_events += 1,
                Ok(None) => {
                    return Err(PlayoutError::Contract(
                        "a chance node without outcomes".into(),
                    ));
                }
                Err(refused) => {
                    return Err(PlayoutError::Contract(format!("chance: {refused}")));
                }
            },
            ToMove::Seat(seat) => {
                at_decision(game);
                match game.play_random(rng, legal) {
                    Ok(Some(_)) => done.decisions += 1,
                    Ok(None) => {
                        return Err(PlayoutError::Contract(format!(
                            "seat {seat} to move without a legal action"
                        )));
                    }
                    Err(refused) => {
                        return Err(PlayoutError::Contract(format!("seat {seat}: {refused}")));
                    }
                }
            }
        }
    }
}
