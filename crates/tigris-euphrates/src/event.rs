//! What happens as actions resolve: VP gained, leaders returned, tiles removed, ...
//! Collected by [`crate::Tigris::apply_with_events`] for people and tests; the plain
//! `apply` path skips them at no cost.

use core::fmt;

use mesopotamia_core::marks::{
    Mark, MarkedDisplay, MarkedWrite, write_colour_name, write_seat_name,
};
use mesopotamia_core::{Colour, Seat};

use crate::action::{Action, Monument, leader_name};
use crate::board::Square;

/// Why a leader went back to its owner's supply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum ReturnCause {
    /// It lost a revolt or a war.
    Defeat,
    /// Its last adjacent face-up temple disappeared.
    NoTemple,
}

/// Kind of conflict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum ConflictKind {
    /// Internal conflict: a leader entered a kingdom holding a leader of its colour.
    Revolt,
    /// External conflict: a tile joined two kingdoms holding leaders of one colour.
    War,
}

impl ConflictKind {
    /// The kind's word, as events, views and the position format write it: `revolt` or
    /// `war`.
    pub const fn name(self) -> &'static str {
        match self {
            ConflictKind::Revolt => "revolt",
            ConflictKind::War => "war",
        }
    }

    /// The kind a word names ([`ConflictKind::name`]'s inverse).
    pub fn from_name(name: &str) -> Option<ConflictKind> {
        [ConflictKind::Revolt, ConflictKind::War]
            .into_iter()
            .find(|kind| kind.name() == name)
    }
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Event {
    /// The engine played a decision that had a single legal option.
    Forced {
        /// Who it was for.
        seat: Seat,
        /// The only legal action.
        action: Action,
    },
    /// A seat gained victory points.
    Vp {
        /// Who.
        seat: Seat,
        /// Of which colour.
        colour: Colour,
        /// How many.
        amount: u16,
    },
    /// A tile joined two kingdoms; these wars follow.
    Unification {
        /// The unification tile.
        square: Square,
        /// Colours at war.
        wars: Vec<Colour>,
    },
    /// A conflict starts.
    ConflictStarted {
        /// Revolt or war.
        kind: ConflictKind,
        /// Colour of the leaders.
        colour: Colour,
        /// Attacking seat.
        attacker: Seat,
        /// Defending seat.
        defender: Seat,
        /// Attacker's strength on the board.
        attacker_base: u8,
        /// Defender's strength on the board.
        defender_base: u8,
    },
    /// A conflict is decided.
    ConflictResolved {
        /// Colour of the leaders.
        colour: Colour,
        /// Attacker's total.
        attacker_total: u8,
        /// Defender's total.
        defender_total: u8,
        /// The winner.
        winner: Seat,
        /// Tiles committed by both sides, now out of the game.
        committed: u8,
    },
    /// A war no longer exists (its leaders are no longer in one kingdom).
    WarVanished {
        /// Colour of the war.
        colour: Colour,
    },
    /// A leader went back to supply.
    LeaderReturned {
        /// Owner.
        seat: Seat,
        /// Its colour.
        colour: Colour,
        /// Where it stood.
        square: Square,
        /// Why.
        cause: ReturnCause,
    },
    /// Tiles left the game from the board.
    TilesRemoved {
        /// Their colour.
        colour: Colour,
        /// Where they were.
        squares: Vec<Square>,
    },
    /// A monument was built.
    MonumentBuilt {
        /// Which.
        monument: Monument,
        /// Top-left square.
        square: Square,
    },
    /// The active seat declined a monument.
    MonumentDeclined,
    /// The ziggurat was built on the cross centred on `square`.
    ZigguratBuilt {
        /// Centre of the cross.
        square: Square,
    },
    /// The active seat declined the ziggurat.
    ZigguratDeclined,
    /// A civilization building was put on a tile, from supply or moved.
    BuildingPlaced {
        /// The building's colour.
        colour: Colour,
        /// Its new square.
        square: Square,
        /// Where it stood before, if it was moved.
        from: Option<Square>,
    },
    /// The active seat declined to place a civilization building.
    BuildingDeclined,
    /// A monument or the ziggurat covered a building's tile: it returns to supply.
    BuildingReturned {
        /// The building's colour.
        colour: Colour,
        /// The square it left.
        square: Square,
    },
    /// A treasure was taken.
    TreasureTaken {
        /// By whom.
        seat: Seat,
        /// From where.
        square: Square,
    },
    /// The bag could not serve a draw in full: the game ends after this turn.
    BagExhausted,
    /// A turn ended.
    TurnEnded {
        /// Whose turn it was.
        seat: Seat,
    },
    /// The game ended.
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
            Event::Vp {
                seat,
                colour,
                amount,
            } => {
                write_seat_name(out, *seat)?;
                write!(out, " gains {amount} ")?;
                write_colour_name(out, *colour)?;
                out.write_str(" VP")
            }
            Event::Unification { square, wars } => {
                write!(out, "{square} joins two kingdoms; wars:")?;
                if wars.is_empty() {
                    out.write_str(" none")?;
                }
                for &c in wars {
                    out.write_str(" ")?;
                    write_colour_name(out, c)?;
                }
                Ok(())
            }
            Event::ConflictStarted {
                kind,
                colour,
                attacker,
                defender,
                attacker_base,
                defender_base,
            } => {
                write_colour_name(out, *colour)?;
                write!(out, " {}: ", kind.name())?;
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
                write!(out, " wins; {committed} committed tiles leave the game")
            }
            Event::WarVanished { colour } => {
                out.write_str("the ")?;
                write_colour_name(out, *colour)?;
                out.write_str(" war vanishes")
            }
            Event::LeaderReturned {
                seat,
                colour,
                square,
                cause,
            } => {
                let why = match cause {
                    ReturnCause::Defeat => "defeated",
                    ReturnCause::NoTemple => "no temple left",
                };
                write_seat_name(out, *seat)?;
                out.write_str("'s ")?;
                let leader = Mark::Leader {
                    seat: *seat,
                    colour: *colour,
                };
                out.marked(leader, leader_name(*colour))?;
                write!(out, " returns from {square} ({why})")
            }
            Event::TilesRemoved { colour, squares } => {
                write!(out, "{} ", squares.len())?;
                write_colour_name(out, *colour)?;
                out.write_str(" tiles leave the game:")?;
                for s in squares {
                    write!(out, " {s}")?;
                }
                Ok(())
            }
            Event::MonumentBuilt { monument, square } => {
                write!(out, "monument {monument} built at {square}")
            }
            Event::MonumentDeclined => out.write_str("monument declined"),
            Event::ZigguratBuilt { square } => write!(out, "ziggurat built centred on {square}"),
            Event::ZigguratDeclined => out.write_str("ziggurat declined"),
            Event::BuildingPlaced {
                colour,
                square,
                from,
            } => {
                write_colour_name(out, *colour)?;
                match from {
                    None => write!(out, " building placed on {square}"),
                    Some(from) => write!(out, " building moves from {from} to {square}"),
                }
            }
            Event::BuildingDeclined => out.write_str("building declined"),
            Event::BuildingReturned { colour, square } => {
                write_colour_name(out, *colour)?;
                write!(out, " building on {square} returns to supply")
            }
            Event::TreasureTaken { seat, square } => {
                write_seat_name(out, *seat)?;
                write!(out, " takes the treasure on {square}")
            }
            Event::BagExhausted => out.write_str("the bag is empty: the game ends after this turn"),
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

    /// Events, views and positions write a conflict's kind with one word, read back.
    #[test]
    fn conflict_kinds_read_back_their_names() {
        for kind in [ConflictKind::Revolt, ConflictKind::War] {
            assert_eq!(ConflictKind::from_name(kind.name()), Some(kind));
        }
        assert_eq!(ConflictKind::from_name("internal"), None);
    }

    /// A user interface can colour the seat, the colour and the leader an event names.
    #[test]
    fn events_mark_the_seats_colours_and_leaders_they_name() {
        let seat = Seat::new(1).unwrap();
        let vp = MarkedString::of(&Event::Vp {
            seat,
            colour: Colour::Green,
            amount: 2,
        });
        assert_eq!(vp.text(), "seat 1 gains 2 green VP");
        assert_eq!(
            vp.pieces().collect::<Vec<_>>(),
            [
                (Mark::Seat(seat), "seat 1"),
                (Mark::Colour(Colour::Green), "green")
            ]
        );
        let returned = MarkedString::of(&Event::LeaderReturned {
            seat,
            colour: Colour::Black,
            square: "C4".parse().unwrap(),
            cause: ReturnCause::Defeat,
        });
        assert_eq!(returned.text(), "seat 1's king returns from C4 (defeated)");
        let leader = Mark::Leader {
            seat,
            colour: Colour::Black,
        };
        assert_eq!(returned.pieces().nth(1), Some((leader, "king")));
    }
}
