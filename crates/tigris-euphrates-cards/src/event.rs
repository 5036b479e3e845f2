//! What happens as steps resolve in the card game: cards banked, conflicts fought,
//! leaders returned, boats built. Collected by [`crate::Cards::apply_with_events`]; the
//! plain `apply` path skips them at no cost.

use core::fmt;

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
    /// The turn that reached the configuration's turn limit ended (RULINGS G1): the game
    /// ends on the limit.
    TurnLimitReached {
        /// The limit, in turns.
        turns: u32,
    },
}

fn card_name(card: Card) -> String {
    match card {
        Card::Civ(c) => format!("a {c} card"),
        Card::Treasure => "a treasure".into(),
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Forced { seat, action } => write!(f, "seat {seat} has one option: {action}"),
            Event::Banked { seat, card } => write!(f, "seat {seat} banks {}", card_name(*card)),
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
                write!(
                    f,
                    "{kind} {colour} conflict: seat {attacker} attacks with {attacker_base}, seat {defender} defends with {defender_base}"
                )
            }
            Event::ConflictResolved {
                colour,
                attacker_total,
                defender_total,
                winner,
                committed,
            } => write!(
                f,
                "{colour} conflict {attacker_total}:{defender_total}, seat {winner} wins; {committed} cards were committed"
            ),
            Event::ConflictVanished { colour } => write!(f, "the {colour} conflict vanishes"),
            Event::LeaderReturned { seat, colour, from } => {
                write!(f, "seat {seat}'s {colour} leader returns from {from}")
            }
            Event::CardsWon {
                seat,
                colour,
                count,
            } => write!(f, "{count} {colour} cards go to seat {seat}'s pile"),
            Event::Catastrophe { at } => write!(f, "catastrophe: the card at {at} leaves"),
            Event::LinkTurned { slot } => {
                write!(f, "the link card {}-{} turns face up", slot + 1, slot + 2)
            }
            Event::TreasureTaken { seat, column } => {
                write!(f, "seat {seat} takes the treasure of column {}", column + 1)
            }
            Event::BoatBuilt { boat, column } => {
                write!(f, "boat {boat} built in column {}", column + 1)
            }
            Event::TurnEnded { seat } => write!(f, "seat {seat}'s turn ends"),
            Event::GameEnded => f.write_str("the game ends"),
            Event::TurnLimitReached { turns } => {
                write!(f, "the turn limit ({turns} turns) is reached")
            }
        }
    }
}
