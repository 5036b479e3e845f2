//! The game interface every game of the family implements.
//!
//! In the spirit of OpenSpiel: a state says who is to move (a seat, chance, or nobody
//! because the game is over); a seat to move has a sorted list of legal actions, each
//! with a dense index in a fixed action space; chance has weighted outcomes; every
//! seat has a view with what it may not know removed; a finished game has standings.

use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::str::FromStr;

use rand_core::Rng;

use crate::scoring::Standings;
use crate::seat::{Seat, SeatSet};

/// Who acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum ToMove {
    /// A seat must decide.
    Seat(Seat),
    /// A chance event (a draw) must be resolved.
    Chance,
    /// The game is over.
    Terminal,
}

impl core::fmt::Display for ToMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ToMove::Seat(s) => write!(f, "seat {s}"),
            ToMove::Chance => f.write_str("chance"),
            ToMove::Terminal => f.write_str("nobody (the game is over)"),
        }
    }
}

/// The turn limit of a game whose configuration names none (rule G1 in `docs/rules.md`): a
/// game that reaches the end of this turn ends there, scored as usual
/// ([`EndReason::TurnLimit`]). Real games of Tigris & Euphrates and the card game last well
/// under 150 turns.
pub const DEFAULT_TURN_LIMIT: u32 = 1_000;

/// The highest turn limit a configuration may set (so that [`Game::max_steps`] stays an
/// honest bound a driver can afford). A limit is 1 to this.
pub const MAX_TURN_LIMIT: u32 = 100_000;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum EndReason {
    /// One of the rule documents' own end conditions.
    Rules,
    /// The engine's turn limit (rule G1 in `docs/rules.md`): the documents set none, and a
    /// game where players only pass or move leaders would otherwise never end.
    TurnLimit,
}

impl core::fmt::Display for EndReason {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            EndReason::Rules => "by the rules",
            EndReason::TurnLimit => "on the turn limit",
        })
    }
}

/// A game state and its rules.
///
/// Contract (checked for every game by the conformance kit, the `mesopotamia-testkit`
/// crate):
/// - [`legal_actions`](Game::legal_actions) is sorted ascending, without duplicates,
///   in the same order as the actions' dense indices, and non-empty whenever a seat
///   is to move;
/// - [`apply`](Game::apply) accepts exactly the legal actions; on any other it returns
///   an error and leaves the state as it was;
/// - [`action_index`](Game::action_index) and [`action_from_index`](Game::action_from_index)
///   are inverse bijections between the actions of this configuration and
///   `0..action_space_size()`;
/// - [`view`](Game::view) of a seat does not change when [`resample_hidden`](Game::resample_hidden)
///   redraws what that seat cannot see, nor do the legal actions of the seat to move when it
///   is that seat (what a player may do depends on what it sees; the search lists its own
///   root decision once);
/// - a game ends within [`max_steps`](Game::max_steps) decisions and chance events;
/// - the random-play fast paths agree with the lists (see below).
///
/// # Random play: the fast paths
///
/// Random playouts (benchmarks, Monte Carlo search, self-play) need one uniformly random legal
/// action per decision, not the whole list. Four provided methods serve them, and a game may
/// override each with something faster:
///
/// - [`sample_legal_action`](Game::sample_legal_action) draws a legal action of the seat to
///   move, uniformly over [`legal_actions`](Game::legal_actions);
/// - [`play_random`](Game::play_random) draws one and plays it, in one call;
/// - [`sample_chance`](Game::sample_chance) draws an outcome of the pending chance event with
///   probability proportional to its weight in [`chance_outcomes`](Game::chance_outcomes);
/// - [`play_chance_random`](Game::play_chance_random) draws one and resolves it.
///
/// The defaults list and draw with [`chance::pick_uniform`](crate::chance::pick_uniform) and
/// [`chance::sample_weighted`](crate::chance::sample_weighted): the *reference draws*. A game
/// that overrides a sampler with one that draws exactly what the reference draws, using the
/// RNG exactly as it does, keeps [`EXACT_SAMPLING`](Game::EXACT_SAMPLING) `true`; a game with
/// another uniform sampler (a rejection sampler, say) sets it to `false`.
///
/// **A fast path never weakens safety.** [`apply`](Game::apply) checks every action it is
/// given; only `play_random` and `play_chance_random` may skip that check, because they play
/// what the game's own sampler has just produced, inside one call. There is no public way to
/// play an unchecked action of the caller's, so no caller can corrupt a state. An override of
/// `play_random` must be equivalent to `sample_legal_action` followed by `apply`: the same
/// action, the same resulting state, the same use of the RNG (likewise for chance).
///
/// The conformance kit (`mesopotamia_testkit::check_fast_paths`) checks all of this.
pub trait Game: Clone + PartialEq + Debug {
    /// What fixes a game before it starts: player count, options, board.
    type Config: Clone + Debug + PartialEq;
    /// A decision of a seat, in the game's notation (`Display`/`FromStr` round-trip).
    type Action: Copy + Eq + Ord + Hash + Debug + Display + FromStr<Err: std::error::Error>;
    /// The outcome of a chance event, in the game's notation.
    type Chance: Copy + Eq + Ord + Hash + Debug + Display + FromStr<Err: std::error::Error>;
    /// What one seat may know of the state.
    type View: Clone + Debug + PartialEq;
    /// Why a configuration, action or chance outcome was refused.
    type Error: std::error::Error + Clone + PartialEq;

    /// Short name of the game, stored in game records (`"tigris"`, `"cards"`, `"sumeria"`).
    const NAME: &'static str;

    /// Whether [`sample_legal_action`](Game::sample_legal_action) and
    /// [`sample_chance`](Game::sample_chance) (and so the `play_*` fast paths) draw exactly
    /// what the reference draws of the defaults draw with the same RNG, using it the same way:
    /// then a seeded random game is the same game through either path. `true` unless a game
    /// overrides a sampler with a merely uniform one (a rejection sampler); the conformance
    /// kit then tests uniformity instead of identity.
    const EXACT_SAMPLING: bool = true;

    /// The initial state of a game of this configuration.
    fn new(config: &Self::Config) -> Result<Self, Self::Error>;

    /// The configuration the game was created with.
    fn config(&self) -> &Self::Config;

    /// Number of seats at the table.
    fn seat_count(&self) -> usize;

    /// Who acts next.
    fn to_move(&self) -> ToMove;

    /// Clears `out` and fills it with the legal actions of the seat to move, sorted
    /// ascending (empty at chance nodes and at the end).
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Plays an action of the seat to move. On error the state is unchanged.
    fn apply(&mut self, action: Self::Action) -> Result<(), Self::Error>;

    /// Clears `out` and fills it with the outcomes of the pending chance event and
    /// their positive integer weights, sorted by outcome (empty unless chance is to move).
    fn chance_outcomes(&self, out: &mut Vec<(Self::Chance, u32)>);

    /// Resolves the pending chance event. On error the state is unchanged.
    fn apply_chance(&mut self, outcome: Self::Chance) -> Result<(), Self::Error>;

    /// Size of the dense action space of this configuration.
    fn action_space_size(&self) -> usize;

    /// Dense index of an action, in `0..action_space_size()`.
    fn action_index(&self, action: Self::Action) -> usize;

    /// The action with that dense index, if the index is in range.
    fn action_from_index(&self, index: usize) -> Option<Self::Action>;

    /// What `seat` may know: everything hidden from it removed.
    fn view(&self, seat: Seat) -> Self::View;

    /// Final standings, once the game is over.
    fn standings(&self) -> Option<Standings>;

    /// Why the game ended, once it is over. A game with a turn limit says when it ended on
    /// the limit; by default every end is by the rules.
    fn end_reason(&self) -> Option<EndReason> {
        self.is_terminal().then_some(EndReason::Rules)
    }

    /// An upper bound on the decisions and chance events of one game of this
    /// configuration, counted from the start.
    fn max_steps(&self) -> usize;

    /// The seats that see the outcome of the pending chance event. By default every seat; a
    /// game says where a seat draws in secret (only that seat) or something leaves unseen
    /// (no seat), so that what each seat is told (a table, an information state) follows
    /// the rules. The views agree: a seat outside the set has the same view whatever the
    /// outcome, and a seat in it tells apart two outcomes that leave different states (the
    /// conformance kit checks both).
    fn chance_seen_by(&self) -> SeatSet {
        Seat::all(self.seat_count()).collect()
    }

    /// `action` as the seats other than its player see it played, in words: by default its
    /// notation. A game whose action hides something says only what shows (Tigris &
    /// Euphrates: swapped tiles go face down, so `swap 3 tiles`).
    fn action_seen_by_others(&self, action: Self::Action) -> String {
        action.to_string()
    }

    /// A state that `observer` cannot tell from this one: what is hidden from it (other
    /// hands, the order of a bag) redrawn at random, consistent with what it sees.
    fn resample_hidden<R: Rng + ?Sized>(&self, observer: Seat, rng: &mut R) -> Self;

    /// Draws a legal action of the seat to move, each with probability `1 / n` over the `n`
    /// actions of [`legal_actions`](Game::legal_actions); `None` when no seat is to move
    /// (chance, or the end).
    ///
    /// `scratch` is a buffer the sampler may use, so that a playout allocates nothing; what it
    /// holds afterwards is unspecified. The default lists the actions into it and picks one
    /// with [`chance::pick_uniform`](crate::chance::pick_uniform), the reference draw. A game
    /// may override this with a faster sampler (see [the fast paths](Game#random-play-the-fast-paths)).
    fn sample_legal_action<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        scratch: &mut Vec<Self::Action>,
    ) -> Option<Self::Action> {
        self.legal_actions(scratch);
        crate::chance::pick_uniform(rng, scratch)
    }

    /// Draws a legal action as [`sample_legal_action`](Game::sample_legal_action) does and
    /// plays it; returns the action played, or `None` (the state untouched) when no seat is to
    /// move.
    ///
    /// The default samples, then plays through [`apply`](Game::apply); a game may override it
    /// to play its own sample without checking it again. An override must be equivalent to the
    /// default: the same action, the same state after, the same use of the RNG. The unchecked
    /// apply it uses stays private to the game, as in this sketch:
    ///
    /// ```ignore
    /// fn play_random<R: Rng + ?Sized>(
    ///     &mut self,
    ///     rng: &mut R,
    ///     _scratch: &mut Vec<Action>,
    /// ) -> PlayedAction<Self> {
    ///     // Exact: one draw of `uniform_below` over the legal count, as the reference draws.
    ///     let count = self.legal_count();
    ///     if count == 0 {
    ///         return Ok(None);
    ///     }
    ///     let action = self.nth_legal(uniform_below(rng, count));
    ///     self.play_trusted(action); // private: only ever given this game's own samples
    ///     Ok(Some(action))
    /// }
    /// ```
    ///
    /// # Errors
    /// [`SampleRefused`] when the game refuses the action its own sampler drew (the state is
    /// then unchanged): a broken contract, a bug in the game.
    fn play_random<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        scratch: &mut Vec<Self::Action>,
    ) -> PlayedAction<Self> {
        let Some(action) = self.sample_legal_action(rng, scratch) else {
            return Ok(None);
        };
        self.apply(action).map_err(|error| SampleRefused {
            sampled: action,
            error,
        })?;
        Ok(Some(action))
    }

    /// Draws an outcome of the pending chance event with probability proportional to its
    /// weight in [`chance_outcomes`](Game::chance_outcomes); `None` unless chance is to move.
    ///
    /// `scratch` is a buffer the sampler may use; what it holds afterwards is unspecified. The
    /// default lists the outcomes into it and draws with
    /// [`chance::sample_weighted`](crate::chance::sample_weighted), the reference draw.
    fn sample_chance<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        scratch: &mut Vec<(Self::Chance, u32)>,
    ) -> Option<Self::Chance> {
        self.chance_outcomes(scratch);
        crate::chance::sample_weighted(rng, scratch)
    }

    /// Draws an outcome as [`sample_chance`](Game::sample_chance) does and resolves it;
    /// returns the outcome, or `None` (the state untouched) unless chance is to move.
    ///
    /// The default samples, then resolves through [`apply_chance`](Game::apply_chance); an
    /// override must be equivalent to it (the same outcome, state and use of the RNG).
    ///
    /// # Errors
    /// [`SampleRefused`] when the game refuses the outcome its own sampler drew (the state is
    /// then unchanged): a broken contract, a bug in the game.
    fn play_chance_random<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        scratch: &mut Vec<(Self::Chance, u32)>,
    ) -> PlayedChance<Self> {
        let Some(outcome) = self.sample_chance(rng, scratch) else {
            return Ok(None);
        };
        self.apply_chance(outcome).map_err(|error| SampleRefused {
            sampled: outcome,
            error,
        })?;
        Ok(Some(outcome))
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.to_move() == ToMove::Terminal
    }

    /// The legal actions in a new vector.
    fn legal_action_vec(&self) -> Vec<Self::Action> {
        let mut out = Vec::new();
        self.legal_actions(&mut out);
        out
    }

    /// The legal actions as a mask over the dense action space (for learning code).
    fn legal_mask(&self) -> Vec<bool> {
        let mut mask = vec![false; self.action_space_size()];
        for a in self.legal_action_vec() {
            if let Some(m) = mask.get_mut(self.action_index(a)) {
                *m = true;
            }
        }
        mask
    }

    /// Parses an action in the game's notation and plays it.
    fn apply_notation(
        &mut self,
        notation: &str,
    ) -> Result<Self::Action, NotationError<Self::Error>> {
        let action: Self::Action = notation
            .parse()
            .map_err(|e: <Self::Action as FromStr>::Err| NotationError::Parse(e.to_string()))?;
        self.apply(action).map_err(NotationError::Illegal)?;
        Ok(action)
    }
}

/// An action given in notation that did not parse or was not legal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError<E> {
    /// The text is not an action.
    #[error("not an action: {0}")]
    Parse(String),
    /// The action is not legal here.
    #[error("illegal action: {0}")]
    Illegal(E),
}

/// An action or chance outcome that a game's own sampler drew and the game then refused
/// ([`Game::play_random`], [`Game::play_chance_random`]): the game broke its contract.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the game refused `{sampled}`, drawn by its own sampler: {error}")]
pub struct SampleRefused<T, E> {
    /// What the sampler drew.
    pub sampled: T,
    /// The game's reason for refusing it.
    pub error: E,
}

/// What [`Game::play_random`] returns: the action played (`None` when no seat is to move),
/// or the game's refusal of its own sample.
pub type PlayedAction<G> =
    Result<Option<<G as Game>::Action>, SampleRefused<<G as Game>::Action, <G as Game>::Error>>;

/// What [`Game::play_chance_random`] returns: the outcome resolved (`None` unless chance is
/// to move), or the game's refusal of its own sample.
pub type PlayedChance<G> =
    Result<Option<<G as Game>::Chance>, SampleRefused<<G as Game>::Chance, <G as Game>::Error>>;
