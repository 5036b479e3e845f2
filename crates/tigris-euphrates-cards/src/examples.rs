//! The executable rule examples of the card game, as case files run by
//! [`mesopotamia_core::cases`]. The tests snapshot their transcripts;
//! `mesopotamia examples ID` prints one.
//!
//! Facts this game adds to the shared ones:
//!
//! - `pile SEAT CARDS...`: the VP pile, bottom first, in that exact order (`r b g k` cards,
//!   `T` treasures); `pile-set SEAT CARDS...`: the same cards in any order.
//! - `hand SEAT COLOUR N`; `catastrophe SEAT yes|no`: whether the seat still has its
//!   catastrophe.
//! - `deck N`: cards left in the deck; `deck COLOUR N`: those of one colour.
//! - `leader SEAT COLOUR PLACE|none`.
//! - `column N PIECES...` (top first, `B-k` for a boat), `head N T|t`.
//! - `link SLOT CARD|none` (a face-up link card), `link SLOT CARD face-down`.
//! - `strength attacker|defender BASE COMMITTED|none`: the conflict in progress, one side's
//!   strength on the display and the cards it has committed (`none`: not decided yet; the
//!   defender's commitment ends the conflict, so it is always `none`).
//! - `discarded N`, `kingdoms RANGES...` (such as `1-2 3 4-8`).
//!
//! A `[start]` section holds a [`crate::Config`] as text, `cards players N piles
//! open|closed [turn-limit N]`: the scenario starts from [`Cards::new`], before any chance
//! outcome. The shared `expect end rules|turn-limit` tells a game ended by the rules from
//! one ended on the turn limit (rule G1).

use mesopotamia_core::cases::facts::{expect_eq, seat, word as parse};
use mesopotamia_core::cases::{self, CaseGame};
use mesopotamia_core::{Colour, Game};

use crate::{
    Action, Card, Cards, CardsError, Chance, Config, Event, Piece, Place, Position, Violation,
};

// The failed expectations name these as the case files write them.
mesopotamia_core::shown_by_display!(Place);

/// Every rule example, as (identifier, case file text), sorted by identifier.
pub const EXAMPLES: &[(&str, &str)] = mesopotamia_core::case_files!("../tests/cases":
    "CARDS-BOAT",
    "CARDS-BOAT-LOWEST-RUN",
    "CARDS-CATASTROPHE",
    "CARDS-EMPTY-DECK-FULL-HANDS",
    "CARDS-EXTERNAL",
    "CARDS-FINAL-SCORING",
    "CARDS-FULL-DISPLAY",
    "CARDS-INTERNAL",
    "CARDS-KING-JOKER",
    "CARDS-LEADER-MOVE-OTHER-KINGDOM",
    "CARDS-LEADER-ON-TAKEN-TREASURE",
    "CARDS-LINK-TREASURE",
    "CARDS-NO-DISCARD",
    "CARDS-PILE-ORDER",
    "CARDS-REFILL",
    "CARDS-SCORE-OWN-LEADER",
    "CARDS-SCORE-THEN-BOAT",
    "CARDS-START",
    "CARDS-TURN-LIMIT",
    "CARDS-TWO-CONFLICTS-ONE-LINK",
);

/// The case file of one example (the identifier's case does not matter).
pub fn example(id: &str) -> Option<&'static str> {
    crate::DESCRIPTION.example(id).map(|(_, text)| text)
}

fn card_text(c: &Card) -> String {
    match c {
        Card::Civ(Colour::Red) => "r".into(),
        Card::Civ(Colour::Blue) => "b".into(),
        Card::Civ(Colour::Green) => "g".into(),
        Card::Civ(Colour::Black) => "k".into(),
        Card::Treasure => "T".into(),
    }
}

fn piece_text(p: &Piece) -> String {
    match p {
        Piece::Card(c) => card_text(&Card::Civ(*c)),
        Piece::Boat(b) => format!("B-{}", card_text(&Card::Civ(b.other()))),
    }
}

fn link_slot(word: &str) -> Result<usize, String> {
    match word.parse::<Place>() {
        Ok(Place::Link(l)) => Ok(l as usize),
        _ => Err(format!("`{word}` is not a link slot")),
    }
}

/// `expect refused NAME` names a violation by [`Violation::name`].
impl cases::NamedViolation for Violation {
    fn name(&self) -> &'static str {
        Violation::name(self)
    }
}

/// Lines of the game text (`mesopotamia_core::record::text`): one per turn, numbered from 0 as
/// positions number them.
impl mesopotamia_core::record::text::Turns for Cards {
    fn turn_label(&self) -> String {
        self.public().turn().to_string()
    }
}

/// The card on link slot `l` as the `link` fact writes it: `g`, or `g face-down`.
fn link_text(p: &crate::Public, l: usize) -> Option<String> {
    p.link(l).map(|(colour, up)| {
        let card = card_text(&Card::Civ(colour));
        if up {
            card
        } else {
            format!("{card} face-down")
        }
    })
}

impl CaseGame for Cards {
    type Position = Position;
    type Event = Event;

    fn from_start(text: &str) -> Result<Self, String> {
        let config: Config = text.trim().parse().map_err(|e| format!("{e}"))?;
        Cards::new(config).map_err(|e| e.to_string())
    }

    fn apply_with_events(
        &mut self,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), CardsError> {
        Cards::apply_with_events(self, action, events)
    }

    fn apply_chance_with_events(
        &mut self,
        chance: Chance,
        events: &mut Vec<Event>,
    ) -> Result<(), CardsError> {
        Cards::apply_chance_with_events(self, chance, events)
    }

    fn check_fact(&self, fact: &str) -> Option<Result<(), String>> {
        let words: Vec<&str> = fact.split_whitespace().collect();
        let p = self.public();
        let num = |w: &str| parse::<usize>(w, "a number");
        let colour = |w: &str| parse::<Colour>(w, "a colour");
        Some(match words.as_slice() {
            ["pile", s, cards @ ..] => seat(s).and_then(|s| {
                let pile: Vec<String> = self.pile(s).iter().map(card_text).collect();
                expect_eq(pile, cards.iter().map(|c| c.to_string()).collect())
            }),
            ["pile-set", s, cards @ ..] => seat(s).and_then(|s| {
                let mut pile: Vec<String> = self.pile(s).iter().map(card_text).collect();
                let mut want: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
                pile.sort();
                want.sort();
                expect_eq(pile, want)
            }),
            ["catastrophe", s, yes @ ("yes" | "no")] => seat(s).and_then(|s| {
                let left = p.catastrophe_left(s);
                expect_eq(left, *yes == "yes")
            }),
            ["deck", n] => num(n).and_then(|n| expect_eq(p.deck_size() as usize, n)),
            ["deck", c, n] => (|| expect_eq(self.deck_count(colour(c)?) as usize, num(n)?))(),
            [
                "strength",
                side @ ("attacker" | "defender"),
                base,
                committed,
            ] => (|| {
                let conflict = p.conflict().ok_or("no conflict is in progress")?;
                let got = if *side == "attacker" {
                    (conflict.attacker_base, conflict.attacker_commit)
                } else {
                    (conflict.defender_base, None)
                };
                let committed = match *committed {
                    "none" => None,
                    n => Some(parse::<u8>(n, "a number or none")?),
                };
                expect_eq(got, (parse::<u8>(base, "a number")?, committed))
            })(),
            ["hand", s, c, n] => {
                (|| expect_eq(self.hand(seat(s)?)[colour(c)?] as usize, num(n)?))()
            }
            ["leader", s, c, "none"] => (|| expect_eq(p.leader(seat(s)?, colour(c)?), None))(),
            ["leader", s, c, place] => (|| {
                let place: Place = parse(place, "a place")?;
                expect_eq(p.leader(seat(s)?, colour(c)?), Some(place))
            })(),
            ["column", c, pieces @ ..] => num(c).and_then(|c| {
                let column: Vec<String> = p
                    .column(c.saturating_sub(1))
                    .iter()
                    .map(piece_text)
                    .collect();
                expect_eq(column, pieces.iter().map(|p| p.to_string()).collect())
            }),
            ["head", c, h] => {
                num(c).and_then(|c| expect_eq(p.treasure_head(c.saturating_sub(1)), *h == "T"))
            }
            ["link", l, "none"] => link_slot(l).and_then(|l| expect_eq(p.link(l), None)),
            ["link", l, card, "face-down"] => link_slot(l)
                .and_then(|l| expect_eq(link_text(p, l), Some(format!("{card} face-down")))),
            ["link", l, card] => {
                link_slot(l).and_then(|l| expect_eq(link_text(p, l), Some((*card).to_owned())))
            }
            ["discarded", n] => num(n).and_then(|n| expect_eq(p.discarded() as usize, n)),
            ["kingdoms", ranges @ ..] => {
                let got: Vec<String> = p
                    .kingdom_ranges()
                    .iter()
                    .map(|&(a, b)| {
                        if a == b {
                            format!("{}", a + 1)
                        } else {
                            format!("{}-{}", a + 1, b + 1)
                        }
                    })
                    .collect();
                expect_eq(got, ranges.iter().map(|r| r.to_string()).collect())
            }
            _ => return None,
        })
    }

    fn standings_lines(&self) -> Vec<String> {
        let Some(standings) = self.standings() else {
            return Vec::new();
        };
        standings
            .seats_by_rank()
            .map(|s| {
                format!(
                    "rank {}: seat {s}, key {:?}",
                    standings.rank(s).unwrap_or(0),
                    self.keys()[s.index()]
                )
            })
            .collect()
    }
}
