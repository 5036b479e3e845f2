//! Values of facts in words, for the messages of failed expectations.

use crate::game::ToMove;
use crate::seat::Seat;

/// A value that a fact compares, written for a person in the case files' words, for the
/// message of a failed expectation ([`expect_eq`](super::expect_eq)): a square as `F3`, a
/// missing value as `none`, a list as its items separated by spaces (`nothing` when empty).
/// Never a Rust type's debug form (`Some(Square(37))`).
///
/// A game implements it for its own types with [`shown_by_display!`](crate::shown_by_display)
/// when their notation (`Display`) is the case files' word for them.
pub trait Shown {
    /// The value in words.
    fn shown(&self) -> String;
}

/// Implements [`Shown`](crate::cases::Shown) for types whose `Display` is the word the
/// case files use for them (a square `F3`, a place `3/1`, a colour `red`).
///
/// ```
/// use mesopotamia_core::cases::Shown;
/// struct Square;
/// impl core::fmt::Display for Square {
///     fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result { f.write_str("F3") }
/// }
/// mesopotamia_core::shown_by_display!(Square);
/// assert_eq!(Some(Square).shown(), "F3");
/// assert_eq!(None::<Square>.shown(), "none");
/// ```
#[macro_export]
macro_rules! shown_by_display {
    ($($t:ty),+ $(,)?) => {$(
        impl $crate::cases::Shown for $t {
            fn shown(&self) -> String {
                self.to_string()
            }
        }
    )+};
}

shown_by_display!(
    bool,
    u8,
    u16,
    u32,
    u64,
    usize,
    i32,
    i64,
    char,
    str,
    String,
    Seat,
    ToMove,
    crate::Colour
);

impl Shown for crate::EndReason {
    /// As the `end` fact names it: `rules`, `turn-limit`.
    fn shown(&self) -> String {
        match self {
            crate::EndReason::Rules => "rules",
            crate::EndReason::TurnLimit => "turn-limit",
        }
        .to_owned()
    }
}

impl<T: Shown + ?Sized> Shown for &T {
    fn shown(&self) -> String {
        (**self).shown()
    }
}

impl<T: Shown> Shown for Option<T> {
    fn shown(&self) -> String {
        self.as_ref()
            .map_or_else(|| "none".to_owned(), Shown::shown)
    }
}

impl<T: Shown> Shown for [T] {
    fn shown(&self) -> String {
        if self.is_empty() {
            return "nothing".to_owned();
        }
        self.iter().map(Shown::shown).collect::<Vec<_>>().join(" ")
    }
}

impl<T: Shown> Shown for Vec<T> {
    fn shown(&self) -> String {
        self.as_slice().shown()
    }
}

impl<A: Shown, B: Shown> Shown for (A, B) {
    fn shown(&self) -> String {
        format!("{} {}", self.0.shown(), self.1.shown())
    }
}
