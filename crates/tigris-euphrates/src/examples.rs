//! The executable rule examples: every worked example of the rule documents (and edge
//! cases), as case files run by [`mesopotamia_core::cases`]. The game's tests snapshot
//! their transcripts; `mesopotamia examples ID` prints one.
//!
//! ```
//! use tigris_euphrates::{Tigris, examples};
//! use tigris_euphrates::core::cases::{self, Case};
//!
//! let (id, text) = examples::EXAMPLES[0];
//! let transcript = cases::run::<Tigris>(&Case::parse(id, text).unwrap()).unwrap();
//! assert!(transcript.to_string().contains("-- after --"));
//! ```
//!
//! A `[start]` section holds a configuration as a position's first line writes it
//! (`tigris players 2 board alternative variant standard buildings`): the scenario starts
//! from that configuration's initial state, whose first steps are the draws of the hands.
//!
//! Facts this game adds to the shared ones:
//! - the board: `tile SQUARE COLOUR|none`, `flipped SQUARE`, `treasure SQUARE [none]`,
//!   `leader SEAT COLOUR SQUARE|none`, `monument MONUMENT SQUARE`, `building COLOUR
//!   SQUARE|none`, `ziggurat SQUARE|none`, `declined SQUARE` and `declined SQUARE none`
//!   (the 2x2 square with that top-left corner was declined as a monument, or not),
//!   `declined-ziggurat SQUARE [none]` (the cross with that centre was declined);
//! - the seats: `vp SEAT COLOUR N`, `treasures SEAT N`, `hand SEAT COLOUR N`, `hand SEAT
//!   RED BLUE GREEN BLACK` (the whole hand as four counts), `hand-size SEAT N`,
//!   `catastrophes SEAT N` (catastrophe tiles left), `discarded SEAT COLOUR N` and
//!   `discarded SEAT RED BLUE GREEN BLACK` (the tiles the seat discarded face down by
//!   swaps, out of the game);
//! - the supply: `bag-size N`, `bag COLOUR N`, `removed COLOUR N`;
//! - the turn: `turn N` (from 0), `actions N` (left in the turn), `pending NAME`, `wars
//!   COLOUR...` and `wars none` (the wars still to fight), `strength attacker|defender BASE
//!   COMMITTED|none` (the conflict in progress: strength on the board, tiles committed).

use mesopotamia_core::cases::facts::{expect_eq, seat, word as parse};
use mesopotamia_core::cases::{self, CaseGame};
use mesopotamia_core::{Colour, Game};

use crate::{
    Action, Chance, Config, Event, Monument, Pending, Position, Square, Tigris, TigrisError,
    Violation,
};

// The failed expectations name these as the case files write them.
mesopotamia_core::shown_by_display!(Square);

/// Every rule example, as (identifier, case file text), sorted by identifier.
pub const EXAMPLES: &[(&str, &str)] = mesopotamia_core::case_files!("../tests/cases":
    "EDGE-BAG-RUNS-OUT-IN-SWAP",
    "EDGE-BUILDING-ROW-AND-COLUMN",
    "EDGE-BUILDING-WAR-AND-MONUMENT",
    "EDGE-LAST-TREASURES",
    "EDGE-LEADER-MOVE-VACATED",
    "EDGE-PRIEST-WAR-TREASURE",
    "EDGE-SQUARE-BROKEN-BY-WAR",
    "EDGE-SWAP-EMPTY-BAG",
    "EDGE-THREE-KINGDOMS",
    "EDGE-TWO-SQUARES",
    "EDGE-TWO-WARS-ONE-UNION",
    "EDGE-WAR-LEADER-ONLY",
    "EDGE-WITHDRAW-IS-AN-ACTION",
    "TE-1997-MONUMENT",
    "TE-1997-REVOLT",
    "TE-1997-TREASURE",
    "TE-1997-WAR",
    "TE-2009-MONUMENT",
    "TE-2009-REVOLT",
    "TE-2009-TREASURE",
    "TE-2009-WAR",
    "TE-BUILDING-AFTER-CATASTROPHE",
    "TE-BUILDING-BONUS",
    "TE-BUILDING-BONUS-TERRITORY-KING",
    "TE-BUILDING-BONUS-TERRITORY-LEADER",
    "TE-BUILDING-BONUS-TILES-ONLY",
    "TE-BUILDING-LINE-NOW",
    "TE-BUILDING-LONGER-LINE",
    "TE-DEAL-ORDER",
    "TE-ENGLISH-VARIANT",
    "TE-FINAL-SCORING",
    "TE-START-ALTERNATIVE",
    "TE-START-CLASSIC",
    "TE-TURN-LIMIT",
    "TE-TURN-LIMIT-RULES-END",
    "TE-ZIGGURAT",
    "TE-ZIGGURAT-DECLINED",
);

/// The case file of one example (the identifier's case does not matter).
pub fn example(id: &str) -> Option<&'static str> {
    crate::DESCRIPTION.example(id).map(|(_, text)| text)
}

/// `expect refused NAME` names a violation by [`Violation::name`].
impl cases::NamedViolation for Violation {
    fn name(&self) -> &'static str {
        Violation::name(self)
    }
}

/// Lines of the game text (`mesopotamia_core::record::text`): one per turn, numbered from 0 as
/// positions number them.
impl mesopotamia_core::record::text::Turns for Tigris {
    fn turn_label(&self) -> String {
        self.public().turn().to_string()
    }
}

impl CaseGame for Tigris {
    type Position = Position;
    type Event = Event;

    fn from_start(text: &str) -> Result<Self, String> {
        let config: Config = text.trim().parse().map_err(|e| format!("{e}"))?;
        Tigris::new(config).map_err(|e| e.to_string())
    }

    fn apply_with_events(
        &mut self,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), TigrisError> {
        Tigris::apply_with_events(self, action, events)
    }

    fn apply_chance_with_events(
        &mut self,
        chance: Chance,
        events: &mut Vec<Event>,
    ) -> Result<(), TigrisError> {
        Tigris::apply_chance_with_events(self, chance, events)
    }

    fn check_fact(&self, fact: &str) -> Option<Result<(), String>> {
        let words: Vec<&str> = fact.split_whitespace().collect();
        let p = self.public();
        let colour = |w: &str| parse::<Colour>(w, "a colour");
        let square = |w: &str| parse::<Square>(w, "a square");
        let num = |w: &str| parse::<u32>(w, "a number");
        let result = (|| match words.as_slice() {
            ["vp", s, c, n] => expect_eq(p.vp(seat(s)?)[colour(c)?], num(n)?),
            ["leader", s, c, "none"] => expect_eq(p.leader(seat(s)?, colour(c)?), None),
            ["leader", s, c, q] => expect_eq(p.leader(seat(s)?, colour(c)?), Some(square(q)?)),
            ["removed", c, n] => expect_eq(p.removed()[colour(c)?] as u32, num(n)?),
            ["tile", q, "none"] => {
                let q = square(q)?;
                expect_eq(
                    Colour::ALL
                        .iter()
                        .find(|&&c| p.tiles(c).contains(q.space())),
                    None,
                )
            }
            ["tile", q, c] => expect_eq(p.tiles(colour(c)?).contains(square(q)?.space()), true),
            ["flipped", q] => expect_eq(p.flipped().contains(square(q)?.space()), true),
            ["treasures", s, n] => expect_eq(p.treasures_taken(seat(s)?) as u32, num(n)?),
            ["treasure", q, "none"] => expect_eq(p.treasures().contains(square(q)?.space()), false),
            ["treasure", q] => expect_eq(p.treasures().contains(square(q)?.space()), true),
            ["hand", s, c, n] => expect_eq(self.hand(seat(s)?)[colour(c)?] as u32, num(n)?),
            ["hand", s, counts @ ..] if counts.len() == 4 => {
                let want = counts
                    .iter()
                    .map(|n| num(n))
                    .collect::<Result<Vec<_>, _>>()?;
                let hand = self.hand(seat(s)?);
                let got: Vec<u32> = Colour::ALL.iter().map(|&c| hand[c] as u32).collect();
                expect_eq(got, want)
            }
            ["discarded", s, c, n] => {
                let discarded = self.discarded.get(seat(s)?.index()).copied();
                expect_eq(discarded.unwrap_or_default()[colour(c)?] as u32, num(n)?)
            }
            ["discarded", s, counts @ ..] if counts.len() == 4 => {
                let want = counts
                    .iter()
                    .map(|n| num(n))
                    .collect::<Result<Vec<_>, _>>()?;
                let discarded = self.discarded.get(seat(s)?.index()).copied();
                let discarded = discarded.unwrap_or_default();
                let got: Vec<u32> = Colour::ALL.iter().map(|&c| discarded[c] as u32).collect();
                expect_eq(got, want)
            }
            ["hand-size", s, n] => expect_eq(p.hand_size(seat(s)?) as u32, num(n)?),
            ["catastrophes", s, n] => expect_eq(p.catastrophes_left(seat(s)?) as u32, num(n)?),
            ["bag-size", n] => expect_eq(p.bag_size() as u32, num(n)?),
            ["bag", c, n] => expect_eq(self.bag().count(colour(c)?), num(n)?),
            ["turn", n] => expect_eq(p.turn(), num(n)?),
            ["actions", n] => expect_eq(p.actions_left() as u32, num(n)?),
            ["wars", "none"] => expect_eq(p.wars().collect::<Vec<_>>(), vec![]),
            ["wars", colours @ ..] => {
                let want = colours
                    .iter()
                    .map(|c| colour(c))
                    .collect::<Result<Vec<_>, _>>()?;
                let mut got: Vec<Colour> = p.wars().collect();
                let mut want = want;
                got.sort();
                want.sort();
                expect_eq(got, want)
            }
            [
                "strength",
                side @ ("attacker" | "defender"),
                base,
                committed,
            ] => {
                let conflict = p.conflict().ok_or("no conflict is in progress")?;
                let (got_base, got_committed) = if *side == "attacker" {
                    (conflict.attacker_base, conflict.attacker_commit)
                } else {
                    // The defender's commitment resolves the conflict at once.
                    (conflict.defender_base, None)
                };
                let want_committed = match *committed {
                    "none" => None,
                    n => Some(num(n)?),
                };
                expect_eq(
                    (got_base as u32, got_committed.map(u32::from)),
                    (num(base)?, want_committed),
                )
            }
            ["declined", q, "none"] => expect_eq(p.declined_monument(square(q)?), false),
            ["declined", q] => expect_eq(p.declined_monument(square(q)?), true),
            ["declined-ziggurat", q, "none"] => expect_eq(p.declined_ziggurat(square(q)?), false),
            ["declined-ziggurat", q] => expect_eq(p.declined_ziggurat(square(q)?), true),
            ["monument", m, q] => {
                let m: Monument = parse(m, "a monument")?;
                expect_eq(p.monument(m), Some(square(q)?))
            }
            ["building", c, "none"] => expect_eq(p.building(colour(c)?), None),
            ["building", c, q] => expect_eq(p.building(colour(c)?), Some(square(q)?)),
            ["ziggurat", "none"] => expect_eq(p.ziggurat(), None),
            ["ziggurat", q] => expect_eq(p.ziggurat(), Some(square(q)?)),
            ["pending", what] => {
                let name = match p.pending() {
                    Pending::Action => "action",
                    Pending::Support(_) => "support",
                    Pending::WarOrder => "war",
                    Pending::Monument => "monument",
                    Pending::Ziggurat => "ziggurat",
                    Pending::Building => "building",
                    Pending::ZigguratVp => "ziggurat-vp",
                    Pending::Treasure(_) => "treasure",
                    Pending::Draw(_) => "draw",
                    Pending::Over => "over",
                };
                expect_eq(name, *what)
            }
            _ => Err(String::new()),
        })();
        match result {
            Err(e) if e.is_empty() => None,
            other => Some(other),
        }
    }

    fn standings_lines(&self) -> Vec<String> {
        let Some(standings) = self.standings() else {
            return Vec::new();
        };
        let p = self.public();
        standings
            .seats_by_rank()
            .map(|s| {
                format!(
                    "rank {}: seat {s}, vp {:?} + {} treasures",
                    standings.rank(s).unwrap_or(0),
                    p.vp(s).values(),
                    p.treasures_taken(s)
                )
            })
            .collect()
    }
}
