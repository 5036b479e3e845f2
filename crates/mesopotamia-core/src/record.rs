//! Game records: every decision and chance outcome of a game, replayable to the
//! identical state.

pub mod text;

use crate::game::{EndReason, Game, ToMove};
use crate::seat::Seat;

/// One step of a game: a seat's decision or a chance outcome. Serialized in the
/// game's notation: `{"action": [0, "tile red F3"]}`, `{"chance": "draw red"}`; reading
/// says what is wrong in those words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        rename_all = "lowercase",
        bound(serialize = "A: core::fmt::Display, C: core::fmt::Display")
    )
)]
pub enum Step<A, C> {
    /// `seat` chose `action`.
    Action(
        Seat,
        #[cfg_attr(feature = "serde", serde(with = "notation"))] A,
    ),
    /// Chance resolved to this outcome.
    Chance(#[cfg_attr(feature = "serde", serde(with = "notation"))] C),
}

impl<A: core::fmt::Display, C: core::fmt::Display> core::fmt::Display for Step<A, C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Step::Action(seat, a) => write!(f, "seat {seat}: {a}"),
            Step::Chance(c) => write!(f, "chance: {c}"),
        }
    }
}

/// The steps of a game of `G` type alias.
pub type GameStep<G> = Step<<G as Game>::Action, <G as Game>::Chance>;

/// The version of the record format this library writes. Version 2 added `seed` and
/// `bots`, version 3 `rng_position`; records without a version are of version 1, without
/// `end`.
pub const RECORD_VERSION: u32 = 3;

/// Records with more steps than this are refused when read, before any step is kept: no
/// game of this family comes near it (a Tigris & Euphrates game at the default turn limit
/// is bounded by about 200,000), and it caps the memory a hostile file can claim (each
/// step takes 16 bytes or less once read).
pub const MAX_RECORD_STEPS: usize = 4_000_000;

/// Checks the header of a seat view's stored form: the format `version` it was written in
/// and the `game` it is of, against what the reading game supports. The error says which,
/// in the words every game uses.
///
/// ```
/// use mesopotamia_core::record::check_view_header;
///
/// assert_eq!(check_view_header(1, "tigris", 1, "tigris"), Ok(()));
/// assert_eq!(
///     check_view_header(9, "tigris", 1, "tigris").unwrap_err(),
///     "a view of version 9: this library reads version 1"
/// );
/// assert_eq!(
///     check_view_header(1, "cards", 1, "tigris").unwrap_err(),
///     "a view of `cards`, not of `tigris`"
/// );
/// ```
pub fn check_view_header(
    version: u32,
    game: &str,
    supported_version: u32,
    expected_game: &str,
) -> Result<(), String> {
    if version != supported_version {
        return Err(format!(
            "a view of version {version}: this library reads version {supported_version}"
        ));
    }
    if game != expected_game {
        return Err(format!("a view of `{game}`, not of `{expected_game}`"));
    }
    Ok(())
}

/// A whole game: its configuration and every step from the initial state.
///
/// Serialized as `{"version": 1, "game": "tigris", "config": ..., "steps": [...], "end":
/// "rules"}`. Reading refuses unknown fields, a newer version, more than
/// [`MAX_RECORD_STEPS`] steps, and a record of another game (the `game` field is checked
/// before the configuration, so the error names both games).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(serialize = "G::Config: serde::Serialize"))
)]
pub struct GameRecord<G: Game> {
    /// The format version ([`RECORD_VERSION`] for records this library writes).
    pub version: u32,
    /// [`Game::NAME`] of the game recorded.
    pub game: String,
    /// The configuration the game started from.
    pub config: G::Config,
    /// The seed of the generator that drew chance, when the writer knows it (the match
    /// driver takes any generator, so it leaves this to its caller).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub seed: Option<u64>,
    /// Where the generator stood after the last step, when the writer says: for the
    /// facade's session, the 32-bit words its ChaCha8 generator gave since its seed. A game
    /// rebuilt from the record sets its generator there and draws on as the original would.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub rng_position: Option<u64>,
    /// Who played each seat, in seat order (`random`, `greedy`, `mcts:10000`, `person`...),
    /// when the writer says; empty otherwise.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub bots: Vec<String>,
    /// The position the game started from (the game's position format), when it did not
    /// start from the configuration's initial state; absent from the JSON otherwise, so
    /// records without it read as before. [`GameRecord::replay`] refuses such a record:
    /// [`GameRecord::replay_from`] replays it from that position's state.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub start: Option<String>,
    /// Every decision and chance outcome, in order.
    pub steps: Vec<GameStep<G>>,
    /// Why the game ended, once it has ([`Game::end_reason`]); `None` for a game that
    /// stopped before its end.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub end: Option<EndReason>,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError<E: std::error::Error> {
    /// The record belongs to another game.
    #[error("the record is of game `{found}`, not `{expected}`")]
    WrongGame {
        /// This game's name.
        expected: &'static str,
        /// The name in the record.
        found: String,
    },
    /// The configuration is refused.
    #[error("the record's configuration is refused: {0}")]
    Config(E),
    /// The record starts from a position, which [`GameRecord::replay`] cannot read (replay
    /// it with [`GameRecord::replay_from`]).
    #[error("the record starts from a position: it replays only from that position's state")]
    StartPosition,
    /// The state given to [`GameRecord::replay_from`] is not of the record's configuration.
    #[error("the start position's configuration is not the record's")]
    StartConfig,
    /// The record says the game ended one way, the replay ends another.
    #[error(
        "the record says the game {}, but replayed it {}",
        ended(*.recorded),
        ended(*.found)
    )]
    End {
        /// The record's `end`.
        recorded: Option<EndReason>,
        /// The replayed state's [`Game::end_reason`].
        found: Option<EndReason>,
    },
    /// A step does not fit the state it meets (numbered from 1).
    #[error("step {number} ({step}): {reason}")]
    Step {
        /// Step number, from 1.
        number: usize,
        /// The step, in notation.
        step: String,
        /// What went wrong.
        reason: StepMismatch<E>,
    },
}

/// How a game ended, in words: `ended by the rules`, `has not ended`.
fn ended(reason: Option<EndReason>) -> String {
    match reason {
        Some(reason) => format!("ended {reason}"),
        None => "has not ended".to_owned(),
    }
}

/// What is wrong with one recorded step.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StepMismatch<E: std::error::Error> {
    /// The step is a decision of one seat but another actor is to move.
    #[error("recorded as seat {recorded}'s, but {to_move} is to move")]
    WrongActor {
        /// Seat in the record.
        recorded: Seat,
        /// Who is really to move.
        to_move: ToMove,
    },
    /// The step is a chance outcome but a seat is to move, or the game is over.
    #[error("a chance outcome, but {0} is to move")]
    NotChance(ToMove),
    /// The game refused the step.
    #[error("{0}")]
    Refused(E),
}

impl<G: Game> GameRecord<G> {
    /// An empty record of a game of this configuration.
    pub fn new(config: G::Config) -> Self {
        GameRecord {
            version: RECORD_VERSION,
            game: G::NAME.to_owned(),
            config,
            seed: None,
            rng_position: None,
            bots: Vec::new(),
            start: None,
            steps: Vec::new(),
            end: None,
        }
    }

    /// The same record, saying which seed drew its chance.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// The same record, starting from a position (its text in the game's position format)
    /// rather than the configuration's initial state.
    pub fn with_start(mut self, position: String) -> Self {
        self.start = Some(position);
        self
    }

    /// The same record, saying who played each seat (in seat order).
    pub fn with_bots(mut self, bots: Vec<String>) -> Self {
        self.bots = bots;
        self
    }

    /// Replays the record from the initial state, checking every step. A record with a
    /// start position is refused ([`ReplayError::StartPosition`]): the core cannot read
    /// positions, each game can ([`GameRecord::replay_from`]).
    pub fn replay(&self) -> Result<G, ReplayError<G::Error>> {
        self.check_game()?;
        if self.start.is_some() {
            return Err(ReplayError::StartPosition);
        }
        let state = G::new(&self.config).map_err(ReplayError::Config)?;
        self.replay_steps(state)
    }

    /// Replays the record's steps from `start` (the state of its start position), checking
    /// every step; `start` must be of the record's configuration.
    pub fn replay_from(&self, start: G) -> Result<G, ReplayError<G::Error>> {
        self.check_game()?;
        if start.config() != &self.config {
            return Err(ReplayError::StartConfig);
        }
        self.replay_steps(start)
    }

    fn check_game(&self) -> Result<(), ReplayError<G::Error>> {
        if self.game != G::NAME {
            return Err(ReplayError::WrongGame {
                expected: G::NAME,
                found: self.game.clone(),
            });
        }
        Ok(())
    }

    fn replay_steps(&self, mut state: G) -> Result<G, ReplayError<G::Error>> {
        for (i, step) in self.steps.iter().enumerate() {
            let mismatch = |reason| ReplayError::Step {
                number: i + 1,
                step: step.to_string(),
                reason,
            };
            match *step {
                Step::Action(seat, action) => {
                    let to_move = state.to_move();
                    if to_move != ToMove::Seat(seat) {
                        return Err(mismatch(StepMismatch::WrongActor {
                            recorded: seat,
                            to_move,
                        }));
                    }
                    state
                        .apply(action)
                        .map_err(|e| mismatch(StepMismatch::Refused(e)))?;
                }
                Step::Chance(outcome) => {
                    let to_move = state.to_move();
                    if to_move != ToMove::Chance {
                        return Err(mismatch(StepMismatch::NotChance(to_move)));
                    }
                    state
                        .apply_chance(outcome)
                        .map_err(|e| mismatch(StepMismatch::Refused(e)))?;
                }
            }
        }
        if self.end.is_some() && self.end != state.end_reason() {
            return Err(ReplayError::End {
                recorded: self.end,
                found: state.end_reason(),
            });
        }
        Ok(state)
    }
}

#[cfg(feature = "serde")]
mod read;

/// Serde helpers that read whole numbers with messages in words ("expected a whole number
/// from 0 to 255"), where serde's own name the Rust type ("expected u8"): for
/// `#[serde(deserialize_with = "mesopotamia_core::record::whole::u8")]` on the fields of
/// configurations and records that people write.
///
/// ```
/// #[derive(serde::Deserialize)]
/// struct Config {
///     #[serde(deserialize_with = "mesopotamia_core::record::whole::u8")]
///     players: u8,
/// }
/// let e = serde_json::from_str::<Config>(r#"{"players": "two"}"#).err().unwrap();
/// assert!(e.to_string().contains("expected a whole number from 0 to 255"), "{e}");
/// let e = serde_json::from_str::<Config>(r#"{"players": 300}"#).err().unwrap();
/// assert!(e.to_string().contains("expected a whole number from 0 to 255"), "{e}");
/// ```
#[cfg(feature = "serde")]
pub mod whole {
    use core::fmt;

    use serde::de::{self, Unexpected, Visitor};

    /// A whole number from 0 to the bound.
    struct Upto(u64);

    impl Visitor<'_> for Upto {
        type Value = u64;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a whole number from 0 to {}", self.0)
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
            if v <= self.0 {
                Ok(v)
            } else {
                Err(E::invalid_value(Unexpected::Unsigned(v), &self))
            }
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
            match u64::try_from(v) {
                Ok(v) => self.visit_u64(v),
                Err(_) => Err(E::invalid_value(Unexpected::Signed(v), &self)),
            }
        }
    }

    /// A whole number from 0 to 255.
    pub fn u8<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
        d.deserialize_u64(Upto(u8::MAX.into()))
            .map(|v| u8::try_from(v).unwrap_or(u8::MAX))
    }

    /// A whole number from 0 to 4294967295.
    pub fn u32<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
        d.deserialize_u64(Upto(u32::MAX.into()))
            .map(|v| u32::try_from(v).unwrap_or(u32::MAX))
    }
}

/// Serde helpers that store a value as its `Display` text and read it with `FromStr`.
#[cfg(feature = "serde")]
pub mod notation {
    use core::fmt::Display;
    use core::str::FromStr;

    /// Serializes `value` as its `Display` text.
    pub fn serialize<T: Display, S: serde::Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    /// Deserializes a value from text with `FromStr`, reporting its parse error.
    pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
    where
        T: FromStr<Err: Display>,
        D: serde::Deserializer<'de>,
    {
        let text = <String as serde::Deserialize>::deserialize(d)?;
        text.parse()
            .map_err(|e| serde::de::Error::custom(format_args!("`{text}`: {e}")))
    }
}

/// Implements `Serialize` and `Deserialize` for a type as its `Display` text read back with
/// `FromStr`, as every game stores actions, chance outcomes and squares.
///
/// ```
/// # use core::{fmt, str::FromStr};
/// struct Pass;
/// impl fmt::Display for Pass {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str("pass") }
/// }
/// impl FromStr for Pass {
///     type Err = String;
///     fn from_str(s: &str) -> Result<Self, String> { (s == "pass").then_some(Pass).ok_or(s.into()) }
/// }
/// mesopotamia_core::serde_via_notation!(Pass);
/// assert_eq!(serde_json::to_string(&Pass).unwrap(), "\"pass\"");
/// ```
#[cfg(feature = "serde")]
#[macro_export]
macro_rules! serde_via_notation {
    ($($t:ty),+ $(,)?) => {$(
        impl $crate::__serde::Serialize for $t {
            fn serialize<S: $crate::__serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> $crate::__serde::Deserialize<'de> for $t {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <String as $crate::__serde::Deserialize>::deserialize(d)?;
                text.parse().map_err(<D::Error as $crate::__serde::de::Error>::custom)
            }
        }
    )+};
}
