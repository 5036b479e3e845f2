//! The four colours every game of the family shares, and a map keyed by them.

use core::fmt;
use core::ops::{Index, IndexMut};
use core::str::FromStr;

/// One of the four civilization colours.
///
/// The games give each colour a meaning (red: temples and priests, blue: farms and
/// farmers, green: markets and traders, black: settlements and kings); the core only
/// knows the colour. The order `Red < Blue < Green < Black` is the order of the
/// rule books and of every dense index built on colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Colour {
    /// Red: temples, priests.
    Red = 0,
    /// Blue: farms, farmers.
    Blue = 1,
    /// Green: markets, traders.
    Green = 2,
    /// Black: settlements, kings.
    Black = 3,
}

impl Colour {
    /// The four colours in index order.
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Blue, Colour::Green, Colour::Black];

    /// Dense index 0..4 of this colour.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour with dense index `index`, if it is below 4.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Colour> {
        match index {
            0 => Some(Colour::Red),
            1 => Some(Colour::Blue),
            2 => Some(Colour::Green),
            3 => Some(Colour::Black),
            _ => None,
        }
    }

    /// Lower-case English name, as used in every notation of the project.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Black => "black",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A string that names no colour.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown colour `{0}` (expected red, blue, green or black)")]
pub struct ParseColourError(pub String);

impl FromStr for Colour {
    type Err = ParseColourError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Colour::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseColourError(s.to_owned()))
    }
}

/// A value for each colour, stored inline (`[T; 4]`), indexed by [`Colour`].
///
/// ```
/// use mesopotamia_core::{Colour, ColourMap};
/// let mut vp = ColourMap::splat(0u32);
/// vp[Colour::Green] += 3;
/// assert_eq!(vp.values(), &[0, 0, 3, 0]);
/// assert_eq!(vp.iter().map(|(_, v)| *v).sum::<u32>(), 3);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ColourMap<T>([T; 4]);

impl<T> ColourMap<T> {
    /// A map from its four values in colour order.
    pub const fn from_array(values: [T; 4]) -> Self {
        ColourMap(values)
    }

    /// A map whose value for each colour is `f(colour)`.
    pub fn from_fn(mut f: impl FnMut(Colour) -> T) -> Self {
        ColourMap(Colour::ALL.map(&mut f))
    }

    /// The four values in colour order.
    pub const fn values(&self) -> &[T; 4] {
        &self.0
    }

    /// The four values in colour order, by value.
    pub fn into_array(self) -> [T; 4] {
        self.0
    }

    /// Each colour with its value, in colour order.
    pub fn iter(&self) -> impl Iterator<Item = (Colour, &T)> {
        Colour::ALL.into_iter().zip(self.0.iter())
    }

    /// A map of `f` applied to every value.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ColourMap<U> {
        ColourMap(self.0.map(f))
    }
}

/// A [`ColourMap`] in the JSON forms meant for people and other programs: the four values
/// named by colour, `{"red": 2, "blue": 0, "green": 1, "black": 3}` (a `ColourMap` itself
/// is saved as an array in colour order). Unknown and missing colours are refused.
///
/// ```
/// use mesopotamia_core::{ByColour, Colour, ColourMap};
///
/// let hand = ColourMap::from_array([2u8, 0, 1, 3]);
/// let json = serde_json::to_string(&ByColour::from(hand)).unwrap();
/// assert_eq!(json, r#"{"red":2,"blue":0,"green":1,"black":3}"#);
/// let back: ByColour<u8> = serde_json::from_str(&json).unwrap();
/// assert_eq!(ColourMap::from(back)[Colour::Black], 3);
/// ```
#[cfg(feature = "serde")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByColour<T> {
    /// The red value.
    pub red: T,
    /// The blue value.
    pub blue: T,
    /// The green value.
    pub green: T,
    /// The black value.
    pub black: T,
}

#[cfg(feature = "serde")]
impl<T> ByColour<T> {
    /// The values of `f` applied to each value.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColour<U> {
        ByColour {
            red: f(self.red),
            blue: f(self.blue),
            green: f(self.green),
            black: f(self.black),
        }
    }
}

#[cfg(feature = "serde")]
impl<T> From<ColourMap<T>> for ByColour<T> {
    fn from(m: ColourMap<T>) -> Self {
        let [red, blue, green, black] = m.into_array();
        ByColour {
            red,
            blue,
            green,
            black,
        }
    }
}

#[cfg(feature = "serde")]
impl<T> From<ByColour<T>> for ColourMap<T> {
    fn from(b: ByColour<T>) -> Self {
        ColourMap::from_array([b.red, b.blue, b.green, b.black])
    }
}

impl<T: Copy> ColourMap<T> {
    /// The same value for every colour.
    pub const fn splat(value: T) -> Self {
        ColourMap([value; 4])
    }
}

impl<T> Index<Colour> for ColourMap<T> {
    type Output = T;
    #[inline]
    fn index(&self, colour: Colour) -> &T {
        &self.0[colour.index()]
    }
}

impl<T> IndexMut<Colour> for ColourMap<T> {
    #[inline]
    fn index_mut(&mut self, colour: Colour) -> &mut T {
        &mut self.0[colour.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_reject_unknown() {
        for c in Colour::ALL {
            assert_eq!(c.to_string().parse::<Colour>(), Ok(c));
            assert_eq!(Colour::from_index(c.index()), Some(c));
        }
        assert_eq!("RED".parse::<Colour>(), Ok(Colour::Red));
        assert!("purple".parse::<Colour>().is_err());
        assert_eq!(Colour::from_index(4), None);
    }
}
