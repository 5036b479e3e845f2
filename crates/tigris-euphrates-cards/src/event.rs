//! What happens as steps resolve in the card game: cards banked, conflicts fought,
//! leaders returned, boats built. Collected by [`crate::Cards::apply_with_events`]; the
//! plain `apply` path skips them at no cost.

use core::fmt;

use mesopotamia_core::marks::{
    Mark, MarkedDisplay, MarkedWrite, write_colour_name, write_seat_name,
};
use mesopotamia_core::{Colour, Seat};

use crate::action::{Action, Boat, Place};
use crate::state::{Card, ConflictKind};

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
    /// A card went onto a seat's VP pile.
    Banked {
        /// The pile's owner.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A conflict starts.
    ConflictStarted {
        /// Internal or external.
        kind: ConflictKind,
        /// The leaders' colour.
        colour: Colour,
        /// Attacking seat.
        attacker: Seat,
        /// Defending seat.
        defender: Seat,
        /// Attacker's strength on the display.
        attacker_base: u8,
        /// Defender's strength on the display.
        defender_base: u8,
    },
    /// A conflict is decided.
    ConflictResolved {
        /// The leaders' colour.
        colour: Colour,
        /// Attacker's total.
        attacker_total: u8,
        /// Defender's total.
        defender_total: u8,
        /// The winner.
        winner: Seat,
        /// Cards committed by both.
        committed: u8,
    },
    /// A conflict no longer exists after an earlier one.
    ConflictVanished {
        /// Its colour.
        colour: Colour,
    },
    /// A leader goes back to its owner: defeated in a conflict, or standing on a card that
    /// became part of a boat.
    LeaderReturned {
        /// Owner.
        seat: Seat,
        /// Colour.
        colour: Colour,
        /// Where it stood.
        from: Place,
    },
    /// The loser's cards of the conflict's colour go to the winner's pile.
    CardsWon {
        /// The winner.
        seat: Seat,
        /// Their colour.
        colour: Colour,
        /// How many.
        count: u8,
    },
    /// A catastrophe removed a card.
    Catastrophe {
        /// Where.
        at: Place,
    },
    /// A link card turned face up once its conflicts were over.
    LinkTurned {
        /// The slot.
        slot: u8,
    },
    /// A trader's owner took a treasure.
    TreasureTaken {
        /// The owner.
        seat: Seat,
        /// Its column (0-based).
        column: u8,
    },
    /// A boat replaced a run of four cards.
    BoatBuilt {
        /// Which boat.
        boat: Boat,
        /// Its column (0-based).
        column: u8,
    },
    /// The active seat's turn ends.
    TurnEnded {
        /// The seat.
        seat: Seat,
    },
    /// The game is over.
    GameEnded,
    /// The turn that reached the configuration's turn limit ended (rule G1): the game
    /// ends on the limit.
    TurnLimitReached {
        /// The limit, in turns.
        turns: u32,
    },
}

impl MarkedDisplay for Event {
    fn fmt_marked(&self, out: &mut dyn MarkedWrite) -> fmt::Result {
        match self {
            Event::Forced { seat, action } => {
                write_seat_name(out, *seat)?;
                write!(out, " has one option: {action}")
            }
            Event::Banked { seat, card } => {
                write_seat_name(out, *seat)?;
                match card {
                    Card::Civ(c) => {
                        out.write_str(" banks a ")?;
                        write_colour_name(out, *c)?;
                        out.write_str(" card")
                    }
                    Card::Treasure => out.write_str(" banks a treasure"),
                }
            }
            Event::ConflictStarted {
                kind,
                colour,
                attacker,
                defender,
                attacker_base,
                defender_base,
            } => {
                let kind = match kind {
                    ConflictKind::Internal => "internal",
                    ConflictKind::External => "external",
                };
                write!(out, "{kind} ")?;
                write_colour_name(out, *colour)?;
                out.write_str(" conflict: ")?;
                write_seat_name(out, *attacker)?;
                write!(out, " attacks with {attacker_base}, ")?;
                write_seat_name(out, *defender)?;
                write!(out, " defends with {defender_base}")
            }
            Event::ConflictResolved {
                colour,
                attacker_total,
                defender_total,
                winner,
                committed,
            } => {
                write_colour_name(out, *colour)?;
                write!(out, " conflict {attacker_total}:{defender_total}, ")?;
                write_seat_name(out, *winner)?;
                write!(out, " wins; {committed} cards were committed")
            }
            Event::ConflictVanished { colour } => {
                out.write_str("the ")?;
                write_colour_name(out, *colour)?;
                out.write_str(" conflict vanishes")
            }
            Event::LeaderReturned { seat, colour, from } => {
                write_seat_name(out, *seat)?;
                out.write_str("'s ")?;
                let leader = Mark::Leader {
                    seat: *seat,
                    colour: *colour,
                };
                out.marked(leader, &format!("{colour} leader"))?;
                write!(out, " returns from {from}")
            }
            Event::CardsWon {
                seat,
                colour,
                count,
            } => {
                write!(out, "{count} ")?;
                write_colour_name(out, *colour)?;
                out.write_str(if *count == 1 {
                    " card goes to "
                } else {
                    " cards go to "
                })?;
                write_seat_name(out, *seat)?;
                out.write_str("'s pile")
            }
            Event::Catastrophe { at } => {
                out.marked(Mark::Catastrophe, "catastrophe")?;
                write!(out, ": the card at {at} leaves")
            }
            Event::LinkTurned { slot } => {
                write!(out, "the link card {}-{} turns face up", slot + 1, slot + 2)
            }
            Event::TreasureTaken { seat, column } => {
                write_seat_name(out, *seat)?;
                write!(out, " takes the treasure of column {}", column + 1)
            }
            Event::BoatBuilt { boat, column } => {
                write!(out, "boat {boat} built in column {}", column + 1)
            }
            Event::TurnEnded { seat } => {
                write_seat_name(out, *seat)?;
                out.write_str("'s turn ends")
            }
            Event::GameEnded => out.write_str("the game ends"),
            Event::TurnLimitReached { turns } => {
                write!(out, "the turn limit ({turns} turns) is reached")
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

#[cfg(test)]
mod tests {
    use mesopotamia_core::marks::MarkedString;

    use super::*;

    /// A user interface can colour the seats and colours an event names.
    #[test]
    fn events_mark_the_seats_and_colours_they_name() {
        let (one, two) = (Seat::new(1).unwrap(), Seat::new(2).unwrap());
        let started = MarkedString::of(&Event::ConflictStarted {
            kind: ConflictKind::External,
            colour: Colour::Blue,
            attacker: one,
            defender: two,
            attacker_base: 3,
            defender_base: 2,
        });
        assert_eq!(
            started.text(),
            "external blue conflict: seat 1 attacks with 3, seat 2 defends with 2"
        );
        assert_eq!(
            started.pieces().collect::<Vec<_>>(),
            [
                (Mark::Colour(Colour::Blue), "blue"),
                (Mark::Seat(one), "seat 1"),
                (Mark::Seat(two), "seat 2"),
            ]
        );
        let banked = MarkedString::of(&Event::Banked {
            seat: two,
            card: Card::Civ(Colour::Red),
        });
        assert_eq!(banked.text(), "seat 2 banks a red card");
        assert_eq!(
            banked.pieces().nth(1),
            Some((Mark::Colour(Colour::Red), "red"))
        );
    }
}
