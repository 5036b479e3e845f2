//! Players: the [`Bot`] trait, and the two simplest bots, [`RandomBot`] and [`GreedyBot`].

use mesopotamia_core::chance::uniform_below;
use mesopotamia_core::game::Game;
use mesopotamia_core::rand_core::Rng;
use mesopotamia_core::seat::Seat;

#[cfg(doc)]
use crate::{MatchError, play_match_observed};

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
        legal[uniform_below(rng, legal.len() as u32) as usize]
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
/// use mesopotamia_core::Seat;
/// use mesopotamia_search::{Bot, GreedyBot};
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
        best[uniform_below(rng, best.len() as u32) as usize]
    }
}
