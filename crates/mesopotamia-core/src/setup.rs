//! The shape every game's position format shares (after shakmaty's `Setup`): plain data,
//! written and parsed as text, that may break the rules, and becomes a playable game only
//! through validation that reports every violation.

use core::fmt;
use core::str::FromStr;

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

    /// The setup of a game: everything, hidden information included.
    fn from_game(game: &Self::Game) -> Self;

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
            .map_err(|v: Vec<Self::Violation>| crate::cases::violations(&v))
    }
}

/// Implements `Serialize` and `Deserialize` for a game as the text of its [`Setup`]: written
/// from the game, read back through the setup's validation (the error names every
/// violation).
///
/// `serde_via_setup!(Tigris, Position)` in a game crate with the `serde` feature.
#[cfg(feature = "serde")]
#[macro_export]
macro_rules! serde_via_setup {
    ($game:ty, $setup:ty) => {
        impl $crate::__serde::Serialize for $game {
            fn serialize<S: $crate::__serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(&<$setup as $crate::Setup>::from_game(self))
            }
        }

        impl<'de> $crate::__serde::Deserialize<'de> for $game {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <String as $crate::__serde::Deserialize>::deserialize(d)?;
                <$setup as $crate::Setup>::game_from_text(&text)
                    .map_err(<D::Error as $crate::__serde::de::Error>::custom)
            }
        }
    };
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
}
