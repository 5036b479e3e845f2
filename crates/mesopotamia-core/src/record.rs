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
mod read {
    use core::fmt;
    use core::marker::PhantomData;
    use core::str::FromStr;

    use serde::de::{
        self, DeserializeOwned, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Unexpected,
        Visitor,
    };

    use super::{GameRecord, GameStep, MAX_RECORD_STEPS, RECORD_VERSION, Step};
    use crate::game::{EndReason, Game};
    use crate::seat::Seat;

    const FIELDS: &[&str] = &[
        "version",
        "game",
        "config",
        "seed",
        "rng_position",
        "bots",
        "start",
        "steps",
        "end",
    ];

    impl<'de, G> serde::Deserialize<'de> for GameRecord<G>
    where
        G: Game,
        G::Config: DeserializeOwned,
    {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            d.deserialize_struct("GameRecord", FIELDS, RecordVisitor(PhantomData))
        }
    }

    struct RecordVisitor<G>(PhantomData<G>);

    impl<'de, G> Visitor<'de> for RecordVisitor<G>
    where
        G: Game,
        G::Config: DeserializeOwned,
    {
        type Value = GameRecord<G>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a game record of `{}`", G::NAME)
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut version = None;
            let mut game: Option<String> = None;
            let mut config = None;
            let mut steps = None;
            let mut end = None;
            let mut seed = None;
            let mut rng_position = None;
            let mut bots = Vec::new();
            let mut start = None;
            while let Some(key) = map.next_key::<String>()? {
                match key.as_str() {
                    "version" => {
                        let v = map.next_value_seed(Whole(
                            "the format's version, a whole number".into(),
                        ))?;
                        if v == 0 || v > u64::from(RECORD_VERSION) {
                            return Err(de::Error::custom(format_args!(
                                "record format version {v}: this library reads versions 1 to {RECORD_VERSION}"
                            )));
                        }
                        version = Some(v as u32);
                    }
                    "game" => {
                        let name: String = map.next_value()?;
                        if name != G::NAME {
                            return Err(de::Error::custom(format_args!(
                                "the record is of game `{name}`, not `{}`",
                                G::NAME
                            )));
                        }
                        game = Some(name);
                    }
                    "config" => config = Some(map.next_value::<G::Config>()?),
                    "steps" => steps = Some(map.next_value::<Steps<G>>()?.0),
                    "end" => end = map.next_value_seed(Optional(End))?,
                    "seed" => {
                        seed = map.next_value_seed(Optional(Whole(
                            "the seed, a whole number from 0 to 18446744073709551615".into(),
                        )))?
                    }
                    "rng_position" => rng_position = map.next_value_seed(Optional(Whole(
                        "the generator's position, a whole number from 0 to 18446744073709551615"
                            .into(),
                    )))?,
                    "bots" => bots = map.next_value_seed(Names)?,
                    "start" => start = map.next_value::<Option<String>>()?,
                    other => {
                        let _ = map.next_value::<IgnoredAny>();
                        return Err(de::Error::unknown_field(other, FIELDS));
                    }
                }
            }
            Ok(GameRecord {
                version: version.unwrap_or(1),
                game: game.ok_or_else(|| de::Error::missing_field("game"))?,
                config: config.ok_or_else(|| de::Error::missing_field("config"))?,
                seed,
                rng_position,
                bots,
                start,
                steps: steps.ok_or_else(|| de::Error::missing_field("steps"))?,
                end,
            })
        }
    }

    /// The steps, read one at a time and refused past [`MAX_RECORD_STEPS`].
    struct Steps<G: Game>(Vec<GameStep<G>>);

    impl<'de, G: Game> serde::Deserialize<'de> for Steps<G> {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct StepsVisitor<G>(PhantomData<G>);
            impl<'de, G: Game> Visitor<'de> for StepsVisitor<G> {
                type Value = Steps<G>;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a list of steps")
                }
                fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Steps<G>, A::Error> {
                    let mut steps = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
                    while let Some(step) =
                        seq.next_element_seed(StepSeed::<G::Action, G::Chance> {
                            number: steps.len() + 1,
                            marker: PhantomData,
                        })?
                    {
                        if steps.len() == MAX_RECORD_STEPS {
                            return Err(de::Error::custom(format_args!(
                                "more than {MAX_RECORD_STEPS} steps: no game is that long"
                            )));
                        }
                        steps.push(step);
                    }
                    Ok(Steps(steps))
                }
            }
            d.deserialize_seq(StepsVisitor(PhantomData))
        }
    }

    /// A whole number, refused in words: serde's own messages name the Rust type (`u64`).
    /// The text says what the number is.
    struct Whole(String);

    impl<'de> DeserializeSeed<'de> for Whole {
        type Value = u64;
        fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<u64, D::Error> {
            d.deserialize_u64(self)
        }
    }

    impl<'de> Visitor<'de> for Whole {
        type Value = u64;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(&self.0)
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
            Ok(v)
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
            u64::try_from(v).map_err(|_| E::invalid_value(Unexpected::Signed(v), &self))
        }
    }

    /// Who played each seat: a list of names.
    struct Names;

    impl<'de> DeserializeSeed<'de> for Names {
        type Value = Vec<String>;
        fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Vec<String>, D::Error> {
            d.deserialize_seq(self)
        }
    }

    impl<'de> Visitor<'de> for Names {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(r#"who played each seat, a list such as ["person", "greedy"]"#)
        }
        fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<Vec<String>, S::Error> {
            let mut names = Vec::new();
            // A seat is at most `MAX_SEATS`: more names than that is no table.
            while let Some(name) = seq.next_element::<String>()? {
                if names.len() == crate::MAX_SEATS {
                    return Err(de::Error::custom(format_args!(
                        "more than {} names in `bots`: no table seats that many",
                        crate::MAX_SEATS
                    )));
                }
                names.push(name);
            }
            Ok(names)
        }
    }

    /// A value that may be `null`: `None`.
    struct Optional<S>(S);

    impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Optional<S> {
        type Value = Option<S::Value>;
        fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            d.deserialize_option(self)
        }
    }

    impl<'de, S: DeserializeSeed<'de>> Visitor<'de> for Optional<S> {
        type Value = Option<S::Value>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a value or null")
        }
        fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            self.0.deserialize(d).map(Some)
        }
    }

    /// How the game ended: `rules` or `turn-limit`.
    struct End;

    impl<'de> DeserializeSeed<'de> for End {
        type Value = EndReason;
        fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<EndReason, D::Error> {
            d.deserialize_str(self)
        }
    }

    impl<'de> Visitor<'de> for End {
        type Value = EndReason;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("how the game ended, `rules` or `turn-limit`")
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<EndReason, E> {
            match v {
                "rules" => Ok(EndReason::Rules),
                "turn-limit" => Ok(EndReason::TurnLimit),
                other => Err(E::custom(format_args!(
                    "`end` is `rules` or `turn-limit`, not `{other}`"
                ))),
            }
        }
    }

    /// The form of a step, for the messages.
    const STEP_FORM: &str = r#"{"action": [SEAT, "ACTION"]} or {"chance": "OUTCOME"}"#;

    /// Step `number` (from 1) of a record, read with messages in the format's words.
    struct StepSeed<A, C> {
        number: usize,
        marker: PhantomData<(A, C)>,
    }

    impl<'de, A, C> DeserializeSeed<'de> for StepSeed<A, C>
    where
        A: FromStr<Err: fmt::Display>,
        C: FromStr<Err: fmt::Display>,
    {
        type Value = Step<A, C>;
        fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Step<A, C>, D::Error> {
            d.deserialize_map(self)
        }
    }

    impl<'de, A, C> Visitor<'de> for StepSeed<A, C>
    where
        A: FromStr<Err: fmt::Display>,
        C: FromStr<Err: fmt::Display>,
    {
        type Value = Step<A, C>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "step {} as {STEP_FORM}", self.number)
        }

        fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Step<A, C>, M::Error> {
            let n = self.number;
            let Some(key) = map.next_key::<String>()? else {
                return Err(de::Error::custom(format_args!(
                    "step {n} is empty: a step is {STEP_FORM}"
                )));
            };
            let step = match key.as_str() {
                "action" => {
                    let (seat, text) = map.next_value_seed(ActionPair(n))?;
                    let seat = Seat::new(seat as usize).ok_or_else(|| {
                        de::Error::custom(format_args!(
                            "step {n}: seat {seat} is out of range (0 to {})",
                            crate::MAX_SEATS - 1
                        ))
                    })?;
                    let action = text
                        .parse::<A>()
                        .map_err(|e| de::Error::custom(format_args!("step {n}: `{text}`: {e}")))?;
                    Step::Action(seat, action)
                }
                "chance" => {
                    let text: String = map.next_value_seed(Text(n))?;
                    let outcome = text
                        .parse::<C>()
                        .map_err(|e| de::Error::custom(format_args!("step {n}: `{text}`: {e}")))?;
                    Step::Chance(outcome)
                }
                other => {
                    return Err(de::Error::custom(format_args!(
                        "step {n}: `{other}` is not a kind of step; a step is {STEP_FORM}"
                    )));
                }
            };
            if let Some(more) = map.next_key::<String>()? {
                return Err(de::Error::custom(format_args!(
                    "step {n}: `{key}` and `{more}` in one step; a step is {STEP_FORM}"
                )));
            }
            Ok(step)
        }
    }

    /// An action step's value: `[SEAT, "ACTION"]`.
    struct ActionPair(usize);

    impl<'de> DeserializeSeed<'de> for ActionPair {
        type Value = (u64, String);
        fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(u64, String), D::Error> {
            d.deserialize_seq(self)
        }
    }

    impl<'de> Visitor<'de> for ActionPair {
        type Value = (u64, String);

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(
                f,
                r#"step {}'s action as [SEAT, "ACTION"], such as [0, "pass"]"#,
                self.0
            )
        }

        fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<(u64, String), S::Error> {
            let short = || de::Error::invalid_length(0, &self);
            let seat = seq
                .next_element_seed(Whole(format!("step {}'s seat, a whole number", self.0)))?
                .ok_or_else(short)?;
            let text = seq.next_element_seed(Text(self.0))?.ok_or_else(|| {
                de::Error::custom(format_args!(
                    r#"step {}'s action has a seat but no action: [SEAT, "ACTION"], such as [0, "pass"]"#,
                    self.0
                ))
            })?;
            if seq.next_element::<IgnoredAny>()?.is_some() {
                return Err(de::Error::custom(format_args!(
                    r#"step {}'s action has more than a seat and an action: [SEAT, "ACTION"], such as [0, "pass"]"#,
                    self.0
                )));
            }
            Ok((seat, text))
        }
    }

    /// Step `n`'s notation (an action or a chance outcome), as text.
    struct Text(usize);

    impl<'de> DeserializeSeed<'de> for Text {
        type Value = String;
        fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
            d.deserialize_string(self)
        }
    }

    impl<'de> Visitor<'de> for Text {
        type Value = String;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "step {}'s notation, as text", self.0)
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
            Ok(v.to_owned())
        }
        fn visit_string<E: de::Error>(self, v: String) -> Result<String, E> {
            Ok(v)
        }
    }

    /// A step read on its own, as a record's steps are: `{"action": [0, "pass"]}`.
    impl<'de, A, C> serde::Deserialize<'de> for Step<A, C>
    where
        A: FromStr<Err: fmt::Display>,
        C: FromStr<Err: fmt::Display>,
    {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            StepSeed {
                number: 1,
                marker: PhantomData,
            }
            .deserialize(d)
        }
    }
}

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
