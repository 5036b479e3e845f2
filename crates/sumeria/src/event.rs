//! What happens as steps resolve in Sumeria: city-state tiles moving, influence tiles
//! taken or discarded at the end of a round, the new order and first player. Collected
//! by [`crate::Sumeria::apply_with_events`]; the plain `apply` path skips them.

use core::fmt;

use mesopotamia_core::Seat;

use crate::action::{Action, Influence};
use crate::board::StateName;

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Event {
    /// A decision with one option, applied by the engine.
    Forced {
        /// Whose decision.
        seat: Seat,
        /// The only action.
        action: Action,
    },
    /// A city-state tile moved one place (places counted from 1).
    TileMoved {
        /// The city-state.
        state: StateName,
        /// Its place before.
        from: u8,
        /// Its place after.
        to: u8,
    },
    /// Influence tiles went to a seat at the end of a round.
    Took {
        /// The seat.
        seat: Seat,
        /// The city-state's place (from 1).
        place: u8,
        /// The tiles.
        kinds: Vec<Influence>,
    },
    /// Influence tiles were discarded at the end of a round.
    Discarded {
        /// The city-state's place (from 1).
        place: u8,
        /// The tiles.
        kinds: Vec<Influence>,
    },
    /// The round is over: the new city-state order and first player.
    RoundEnded {
        /// Rounds completed.
        round: u8,
        /// The order for the next round, most important first.
        order: Vec<StateName>,
        /// The next first player.
        first: Seat,
    },
    /// The game is over.
    GameEnded,
}

fn kinds_text(kinds: &[Influence]) -> String {
    if kinds.is_empty() {
        return "nothing".into();
    }
    kinds
        .iter()
        .map(|k| k.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Forced { seat, action } => write!(f, "seat {seat} has one option: {action}"),
            Event::TileMoved { state, from, to } => {
                write!(f, "{state} moves from place {from} to place {to}")
            }
            Event::Took { seat, place, kinds } => {
                write!(
                    f,
                    "seat {seat} takes {} from place {place}",
                    kinds_text(kinds)
                )
            }
            Event::Discarded { place, kinds } => {
                write!(f, "{} discarded from place {place}", kinds_text(kinds))
            }
            Event::RoundEnded {
                round,
                order,
                first,
            } => {
                write!(f, "round {round} ends; order")?;
                for s in order {
                    write!(f, " {s}")?;
                }
                write!(f, "; seat {first} plays first")
            }
            Event::GameEnded => f.write_str("the game ends"),
        }
    }
}
