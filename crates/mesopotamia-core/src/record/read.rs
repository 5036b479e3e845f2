//! Reading records: the JSON form of a [`GameRecord`], each step in the game's notation,
//! with what is wrong said in words and the step named.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Unexpected, Visitor,
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
                    let v =
                        map.next_value_seed(Whole("the format's version, a whole number".into()))?;
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
                "rng_position" => {
                    rng_position = map.next_value_seed(Optional(Whole(
                        "the generator's position, a whole number from 0 to 18446744073709551615"
                            .into(),
                    )))?
                }
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
                while let Some(step) = seq.next_element_seed(StepSeed::<G::Action, G::Chance> {
                    number: steps.len() + 1,
                    marker: PhantomData,
                })? {
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
