//! What happens as steps resolve in Sumeria: the chance outcomes of the setup and of each
//! round's display (where each went), city-state tiles moving, influence tiles taken or
//! discarded at the end of a round, the new order and first player. Collected by
//! [`crate::Sumeria::apply_with_events`] and [`crate::Sumeria::apply_chance_with_events`];
//! the plain `apply` and `apply_chance` paths skip them.

use core::fmt;

use mesopotamia_core::Seat;
use mesopotamia_core::marks::{MarkedDisplay, MarkedWrite, write_seat_name};

use crate::action::{Action, Influence};
use crate::board::StateName;

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
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
    /// A city-state tile was drawn for the next place of the initial order.
    OrderDrawn {
        /// The city-state.
        state: StateName,
        /// Its place (from 1).
        place: u8,
    },
    /// The first player was chosen at random.
    FirstChosen {
        /// The first player.
        seat: Seat,
    },
    /// An influence tile drawn from the bag went on display above a city-state.
    Displayed {
        /// The tile.
        kind: Influence,
        /// The city-state's place (from 1).
        place: u8,
        /// The city-state in that place.
        state: StateName,
    },
    /// The display is complete and the setup placements begin.
    SetupStarted {
        /// The seat that places first.
        first: Seat,
    },
    /// The turns of a round begin (after the setup, or once its display is complete).
    RoundStarted {
        /// The round (from 1).
        round: u8,
        /// The seat that plays first.
        first: Seat,
    },
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

impl MarkedDisplay for Event {
    fn fmt_marked(&self, out: &mut dyn MarkedWrite) -> fmt::Result {
        match self {
            Event::Forced { seat, action } => {
                write_seat_name(out, *seat)?;
                write!(out, " has one option: {action}")
            }
            Event::TileMoved { state, from, to } => {
                write!(out, "{state} moves from place {from} to place {to}")
            }
            Event::Took { seat, place, kinds } => {
                write_seat_name(out, *seat)?;
                write!(out, " takes {} from place {place}", kinds_text(kinds))
            }
            Event::Discarded { place, kinds } => {
                write!(out, "{} discarded from place {place}", kinds_text(kinds))
            }
            Event::RoundEnded {
                round,
                order,
                first,
            } => {
                write!(out, "round {round} ends; order")?;
                for s in order {
                    write!(out, " {s}")?;
                }
                out.write_str("; ")?;
                write_seat_name(out, *first)?;
                out.write_str(" plays first")
            }
            Event::GameEnded => out.write_str("the game ends"),
            Event::OrderDrawn { state, place } => write!(out, "{state} takes place {place}"),
            Event::FirstChosen { seat } => {
                write_seat_name(out, *seat)?;
                out.write_str(" is the first player")
            }
            Event::Displayed { kind, place, state } => {
                write!(out, "{kind} goes on display above {state} (place {place})")
            }
            Event::SetupStarted { first } => {
                out.write_str("the setup begins: ")?;
                write_seat_name(out, *first)?;
                out.write_str(" places first")
            }
            Event::RoundStarted { round, first } => {
                write!(out, "round {round} begins: ")?;
                write_seat_name(out, *first)?;
                out.write_str(" plays first")
            }
        }
    }
}

/// The same text as [`MarkedDisplay`], without the marks.
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_marked(f)
    }
}
