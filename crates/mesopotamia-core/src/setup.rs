//! The shape every game's position format shares: plain data, written and parsed as text,
//! that may break the rules, and becomes a playable game only through validation that
//! reports every violation.
//!
//! [`Setup`] is the trait; what implements it is each game's `Position`, the plain data.
//! The playable game is the game's own state type (`Tigris`, `Cards`, `Sumeria`), which
//! only [`Setup::into_game`] makes from a position.

use core::fmt;
use core::str::FromStr;

pub mod one_line;

/// A game's position format: everything a game is at one moment, hidden information
/// included, as plain data that may be illegal.
///
/// A game's `Position` implements it; the rule examples
/// ([`CaseGame`](crate::cases::CaseGame)) and the games' serde forms are written once on it.
pub trait Setup: Sized + FromStr<Err: fmt::Display> + fmt::Display {
    /// The game it sets up.
    type Game;
    /// A rule the data breaks.
    type Violation: fmt::Display;

    /// How the text lays out its board diagram, for the one-line form ([`one_line`]);
    /// `None` for a text without one.
    const DIAGRAM: Option<one_line::Diagram> = None;

    /// The setup of a game: everything, hidden information included.
    fn from_game(game: &Self::Game) -> Self;

    /// The position on one line ([`one_line`]), as FEN is for chess. `str::parse` reads it
    /// back, as it reads the full text that `Display` writes: a game's parser accepts both.
    fn to_one_line(&self) -> String {
        one_line::write(&self.to_string(), Self::DIAGRAM.as_ref())
    }

    /// Validates the data and turns it into a playable game; every violation found is
    /// reported.
    fn into_game(self) -> Result<Self::Game, Vec<Self::Violation>>;

    /// A playable game from the format's text: the parse error, or every violation joined
    /// by `; `, in words.
    fn game_from_text(text: &str) -> Result<Self::Game, String> {
        let setup = text
            .parse::<Self>()
            .map_err(|e: <Self as FromStr>::Err| e.to_string())?;
        setup
            .into_game()
            .map_err(|v: Vec<Self::Violation>| violations_message(&v))
    }
}

/// A setup whose text leaves out something its game needs to be read back (Sumeria's
/// board: its position text names the players, not the board). A game's saved form then
/// holds it beside the text, as `{ FIELD: ..., "position": TEXT }`
/// (`serde_via_setup!(Game, Setup, beside)`).
#[cfg(feature = "serde")]
pub trait SetupBeside: Setup {
    /// The name of the field beside `position`.
    const FIELD: &'static str;
    /// What the text leaves out, as it is saved.
    type Beside: serde::Serialize + serde::de::DeserializeOwned;
    /// What the text of `game`'s setup leaves out.
    fn beside(game: &Self::Game) -> Self::Beside;
    /// Reads the text with what it leaves out.
    fn parse_beside(text: &str, beside: Self::Beside) -> Result<Self, <Self as FromStr>::Err>;
}

/// What [`serde_via_setup!`](crate::serde_via_setup) expands to call: a game saved as its
/// setup's text, or as that text with what it leaves out beside it; read back only through
/// the setup's validation. Not part of the API.
#[cfg(feature = "serde")]
#[doc(hidden)]
pub mod saved {
    use core::fmt;
    use core::marker::PhantomData;

    use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};
    use serde::ser::{SerializeStruct, Serializer};

    use super::{Setup, SetupBeside};

    /// Writes `game` as its setup's text.
    pub fn serialize_text<P: Setup, S: Serializer>(
        game: &P::Game,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_str(&P::from_game(game))
    }

    /// Reads a game from its setup's text, validated (the error names every violation).
    pub fn deserialize_text<'de, P: Setup, D: Deserializer<'de>>(
        d: D,
    ) -> Result<P::Game, D::Error> {
        let text = String::deserialize(d)?;
        P::game_from_text(&text).map_err(de::Error::custom)
    }

    /// The setup's text, written as a string.
    struct Text<P>(P);

    impl<P: Setup> serde::Serialize for Text<P> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(&self.0)
        }
    }

    /// Writes `game` as `{ FIELD: what its text leaves out, "position": TEXT }`.
    pub fn serialize_beside<P: SetupBeside, S: Serializer>(
        game: &P::Game,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let mut state = s.serialize_struct("Game", 2)?;
        state.serialize_field(P::FIELD, &P::beside(game))?;
        state.serialize_field("position", &Text(P::from_game(game)))?;
        state.end()
    }

    /// Reads `{ FIELD: ..., "position": TEXT }` (no other field), validated as the setup's
    /// text is (the error names every violation).
    pub fn deserialize_beside<'de, P: SetupBeside, D: Deserializer<'de>>(
        d: D,
    ) -> Result<P::Game, D::Error> {
        struct Fields<P>(PhantomData<P>);
        impl<'de, P: SetupBeside> Visitor<'de> for Fields<P> {
            type Value = P::Game;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "an object with `{}` and `position`", P::FIELD)
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<P::Game, A::Error> {
                let (mut beside, mut text) = (None, None::<String>);
                while let Some(key) = map.next_key::<String>()? {
                    let twice = if key == P::FIELD {
                        beside.replace(map.next_value::<P::Beside>()?).is_some()
                    } else if key == "position" {
                        text.replace(map.next_value()?).is_some()
                    } else {
                        return Err(de::Error::unknown_field(&key, &[P::FIELD, "position"]));
                    };
                    if twice {
                        return Err(de::Error::custom(format_args!("`{key}` given twice")));
                    }
                }
                let beside = beside.ok_or_else(|| de::Error::missing_field(P::FIELD))?;
                let text = text.ok_or_else(|| de::Error::missing_field("position"))?;
                let setup = P::parse_beside(&text, beside).map_err(de::Error::custom)?;
                setup
                    .into_game()
                    .map_err(|v| de::Error::custom(super::violations_message(&v)))
            }
        }
        d.deserialize_map(Fields(PhantomData::<P>))
    }
}

/// Implements `Serialize` and `Deserialize` for a game through its [`Setup`]: written from
/// the game, read back only through the setup's validation (the error names every
/// violation).
///
/// - `serde_via_setup!(Tigris, Position)`: the game is saved as its position text.
/// - `serde_via_setup!(Sumeria, Position, beside)`: as `{ FIELD: ..., "position": TEXT }`,
///   with what the text leaves out beside it ([`SetupBeside`]).
#[cfg(feature = "serde")]
#[macro_export]
macro_rules! serde_via_setup {
    ($game:ty, $setup:ty) => {
        $crate::serde_via_setup!(@impl $game, $setup, serialize_text, deserialize_text);
    };
    ($game:ty, $setup:ty, beside) => {
        $crate::serde_via_setup!(@impl $game, $setup, serialize_beside, deserialize_beside);
    };
    (@impl $game:ty, $setup:ty, $write:ident, $read:ident) => {
        impl $crate::__serde::Serialize for $game {
            fn serialize<S: $crate::__serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                $crate::setup::saved::$write::<$setup, S>(self, s)
            }
        }

        impl<'de> $crate::__serde::Deserialize<'de> for $game {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $crate::setup::saved::$read::<$setup, D>(d)
            }
        }
    };
}

/// A position's violations as one message, each in its own words, separated by `; `: what a
/// refusal of a whole position says.
pub fn violations_message<V: core::fmt::Display>(violations: &[V]) -> String {
    violations
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter that must stay under 10: `7` parses, `12` parses but is illegal.
    #[derive(Debug, PartialEq)]
    struct Count(u32);

    impl FromStr for Count {
        type Err = core::num::ParseIntError;
        fn from_str(s: &str) -> Result<Count, Self::Err> {
            s.trim().parse().map(Count)
        }
    }

    impl fmt::Display for Count {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{}", self.0)
        }
    }

    impl Setup for Count {
        type Game = u32;
        type Violation = String;
        fn from_game(game: &u32) -> Count {
            Count(*game)
        }
        fn into_game(self) -> Result<u32, Vec<String>> {
            let mut v = Vec::new();
            if self.0 >= 10 {
                v.push(format!("{} is 10 or more", self.0));
            }
            if self.0 % 2 == 1 && self.0 >= 10 {
                v.push(format!("{} is odd", self.0));
            }
            if v.is_empty() { Ok(self.0) } else { Err(v) }
        }
    }

    #[test]
    fn text_is_parsed_then_validated_and_every_violation_named() {
        assert_eq!(Count::game_from_text("7"), Ok(7));
        assert_eq!(
            Count::game_from_text("13"),
            Err("13 is 10 or more; 13 is odd".to_owned())
        );
        assert_eq!(
            Count::game_from_text("x"),
            Err("invalid digit found in string".to_owned())
        );
        assert_eq!(Count::from_game(&4).to_string(), "4");
    }

    /// A value under a limit its text does not give: the limit is saved beside it.
    #[cfg(feature = "serde")]
    mod beside {
        use super::*;

        #[derive(Debug, PartialEq)]
        struct Under {
            value: u32,
            limit: u32,
        }

        /// A game's state: the value and its limit.
        #[derive(Debug, PartialEq)]
        struct Game(Under);

        struct Text(u32, u32);

        impl FromStr for Text {
            type Err = core::num::ParseIntError;
            fn from_str(s: &str) -> Result<Text, Self::Err> {
                s.trim().parse().map(|v| Text(v, 10))
            }
        }

        impl fmt::Display for Text {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }

        impl Setup for Text {
            type Game = Game;
            type Violation = String;
            fn from_game(game: &Game) -> Text {
                Text(game.0.value, game.0.limit)
            }
            fn into_game(self) -> Result<Game, Vec<String>> {
                if self.0 < self.1 {
                    Ok(Game(Under {
                        value: self.0,
                        limit: self.1,
                    }))
                } else {
                    Err(vec![format!("{} is not under {}", self.0, self.1)])
                }
            }
        }

        impl SetupBeside for Text {
            const FIELD: &'static str = "limit";
            type Beside = u32;
            fn beside(game: &Game) -> u32 {
                game.0.limit
            }
            fn parse_beside(text: &str, limit: u32) -> Result<Text, Self::Err> {
                text.trim().parse().map(|v| Text(v, limit))
            }
        }

        crate::serde_via_setup!(Game, Text, beside);

        #[test]
        fn the_text_is_saved_with_what_it_leaves_out_and_read_back_validated() {
            let game = Game(Under {
                value: 30,
                limit: 40,
            });
            let json = serde_json::to_string(&game).unwrap();
            assert_eq!(json, r#"{"limit":40,"position":"30"}"#);
            assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
            for (bad, says) in [
                (r#"{"limit":20,"position":"30"}"#, "30 is not under 20"),
                (r#"{"limit":40,"position":"x"}"#, "invalid digit"),
                (r#"{"position":"3"}"#, "missing field `limit`"),
                (
                    r#"{"limit":4,"limit":5,"position":"3"}"#,
                    "`limit` given twice",
                ),
                (
                    r#"{"limit":4,"position":"3","board":1}"#,
                    "unknown field `board`",
                ),
                (r#"{"limit":-1,"position":"3"}"#, "invalid value"),
            ] {
                let err = serde_json::from_str::<Game>(bad).unwrap_err().to_string();
                assert!(err.contains(says), "{bad}: {err}");
            }
        }
    }
}
