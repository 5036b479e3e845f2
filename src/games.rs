//! The one list of games and the one dispatch by name: every front end finds a game here,
//! by the name commands, records and positions use, and reads what it is from its
//! description ([`GameDescription`]).
//!
//! ```
//! let names: Vec<&str> = mesopotamia::games::all().iter().map(|g| g.name).collect();
//! # #[cfg(all(feature = "tigris", feature = "cards", feature = "sumeria"))]
//! assert_eq!(names, ["tigris", "cards", "sumeria"]);
//!
//! // Something to do with whichever game a name gives, written once.
//! struct Seats;
//! impl mesopotamia::games::GameVisitor for Seats {
//!     type Out = (u8, u8);
//!     fn visit<G: mesopotamia::table::NamedGame>(self) -> (u8, u8) {
//!         use mesopotamia::core::Described;
//!         (G::DESCRIPTION.min_players, G::DESCRIPTION.max_players)
//!     }
//! }
//! # #[cfg(feature = "sumeria")]
//! assert_eq!(mesopotamia::games::visit("sumeria", Seats)?, (3, 4));
//! assert!(mesopotamia::games::visit("chess", Seats).is_err());
//! # Ok::<(), mesopotamia::games::UnknownGame>(())
//! ```

use mesopotamia_core::describe::GameDescription;

use crate::table::NamedGame;

/// Something to do with a game, whichever it is: [`visit`] calls it with the game's type.
pub trait GameVisitor {
    /// What it gives.
    type Out;
    /// Does it with game `G`.
    fn visit<G: NamedGame>(self) -> Self::Out;
}

/// A name that is not one of this build's games.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game `{name}` (expected {})", expected())]
pub struct UnknownGame {
    /// The name given.
    pub name: String,
}

/// This build's game names, `a, b or c`.
fn expected() -> String {
    let names: Vec<&str> = all().iter().map(|g| g.name).collect();
    match names.split_last() {
        None => "no game: this build has none".to_owned(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// The games: one line each (its feature and its state type). The list, the lookup by name
/// and the dispatch are all made from it.
macro_rules! games {
    ($($feature:literal => $game:ty,)*) => {
        /// This build's games, in the order front ends list them.
        pub fn all() -> &'static [&'static GameDescription] {
            &[$(
                #[cfg(feature = $feature)]
                <$game as mesopotamia_core::Described>::DESCRIPTION,
            )*]
        }

        /// Calls `visitor` with the type of the game named `name`.
        pub fn visit<V: GameVisitor>(name: &str, visitor: V) -> Result<V::Out, UnknownGame> {
            $(
                #[cfg(feature = $feature)]
                if name == <$game as mesopotamia_core::Described>::DESCRIPTION.name {
                    return Ok(visitor.visit::<$game>());
                }
            )*
            let _ = visitor;
            Err(UnknownGame { name: name.to_owned() })
        }
    };
}

games! {
    "tigris" => tigris_euphrates::Tigris,
    "cards" => tigris_euphrates_cards::Cards,
    "sumeria" => sumeria::Sumeria,
}

/// The description of the game named `name`.
pub fn find(name: &str) -> Result<&'static GameDescription, UnknownGame> {
    all()
        .iter()
        .copied()
        .find(|g| g.name == name)
        .ok_or_else(|| UnknownGame {
            name: name.to_owned(),
        })
}

/// The games that have an option of that name (snake case), in the list's order.
pub fn with_option(option: &str) -> impl Iterator<Item = &'static GameDescription> + '_ {
    all()
        .iter()
        .copied()
        .filter(move |g| g.option(option).is_some())
}
