//! The executable rule examples of Sumeria, as case files run by
//! [`mesopotamia_core::cases`]. The tests snapshot their transcripts;
//! `mesopotamia examples ID` prints one.
//!
//! Facts this game adds to the shared ones:
//!
//! - `moves-from LOCATION = LOCATIONS...`: the destinations of the trader there, as a set
//!   (the order they are written in does not matter), also checked against the legal moves;
//! - `order NAMES...`: the city-state order, most important first (as far as it is drawn);
//! - `first SEAT`: the first player of the round;
//! - `phase NAME`: what happens next, by the engine's phase names (see [`Phase`]): `order`,
//!   `first` and `draw` (chance: the initial order, the first player, the display), `setup`,
//!   `turns`, `take 0` and `take 1` (the controller of the first or second city-state
//!   chooses influence tiles), `over`;
//! - `supply SEAT N`: the traders the seat has left in supply;
//! - `display PLACE KINDS...`: the influence tiles on display above the city-state in
//!   place 1, 2 or 3, as a set of kinds (`economy economy religion`, any order; `-` for
//!   none);
//! - `held SEAT N N N N`, `discarded N N N N`: influence tiles per kind (economy,
//!   military, politics, religion);
//! - `score SEAT N`: final points.
//!
//! A `[start]` section holds one configuration line, `sumeria players N` (see
//! [`Config`]'s `FromStr`), on the default board; the scenario starts from the new game,
//! before the chance outcomes of the setup.

use mesopotamia_core::Game;
use mesopotamia_core::cases::facts::{expect_eq, seat, word as parse};
use mesopotamia_core::cases::{self, CaseGame};

use crate::{
    Action, Chance, Config, Event, Influence, Location, Phase, Position, Sumeria, SumeriaError,
    Violation,
};

// The failed expectations name these as the case files write them.
mesopotamia_core::shown_by_display!(Location, Phase, Influence);

/// Every rule example, as (identifier, case file text), sorted by identifier.
pub const EXAMPLES: &[(&str, &str)] = mesopotamia_core::case_files!("../tests/cases":
    "SUMERIA-ADD-NEEDS-SUPPLY",
    "SUMERIA-FINAL-SCORING",
    "SUMERIA-INFLUENCE-DRAWS",
    "SUMERIA-MOVE",
    "SUMERIA-MOVE-BACK-TO-START",
    "SUMERIA-REORDER",
    "SUMERIA-ROUND-SCORING",
    "SUMERIA-START",
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

/// Lines of the game text (`mesopotamia_core::record::text`): one per turn, labelled
/// `ROUND/TURN` as positions count them (`2/3`: round 2, turn 3).
impl mesopotamia_core::record::text::Turns for Sumeria {
    fn turn_label(&self) -> String {
        format!("{}/{}", self.public().round(), self.public().turn())
    }
}

impl CaseGame for Sumeria {
    type Position = Position;
    type Event = Event;

    fn from_start(text: &str) -> Result<Self, String> {
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        let [line] = lines.as_slice() else {
            return Err(format!(
                "a [start] section holds one line, `sumeria players N`; found {} lines",
                lines.len()
            ));
        };
        let config: Config = line.parse().map_err(|e| format!("{e}"))?;
        Sumeria::new(config).map_err(|e| e.to_string())
    }

    fn apply_with_events(
        &mut self,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), SumeriaError> {
        Sumeria::apply_with_events(self, action, events)
    }

    fn apply_chance_with_events(
        &mut self,
        chance: Chance,
        events: &mut Vec<Event>,
    ) -> Result<(), SumeriaError> {
        Sumeria::apply_chance_with_events(self, chance, events)
    }

    fn check_fact(&self, fact: &str) -> Option<Result<(), String>> {
        let words: Vec<&str> = fact.split_whitespace().collect();
        let p = self.public();
        let num = |w: &str| parse::<u32>(w, "a number");
        let four =
            |ws: [&&str; 4]| -> Result<Vec<u32>, String> { ws.iter().map(|w| num(w)).collect() };
        Some(match words.as_slice() {
            ["moves-from", from, "=", to @ ..] => (|| {
                let from: Location = parse(from, "a location")?;
                let mut expected: Vec<Location> = to
                    .iter()
                    .map(|t| parse(t, "a location"))
                    .collect::<Result<_, _>>()?;
                // A set: the order the case lists them in does not matter.
                expected.sort();
                expect_eq(self.destinations(from), expected.clone())?;
                let mut listed: Vec<Location> = self
                    .legal_action_vec()
                    .into_iter()
                    .filter_map(|a| match a {
                        Action::Move(a, b) if a == from => Some(b),
                        _ => None,
                    })
                    .collect();
                listed.sort();
                expect_eq(listed, expected)
            })(),
            ["order", names @ ..] => {
                let order: Vec<String> = p.order().map(|n| n.to_string()).collect();
                expect_eq(order, names.iter().map(|n| n.to_string()).collect())
            }
            ["first", s] => seat(s).and_then(|s| expect_eq(p.first(), s)),
            ["phase", name @ ..] => parse::<Phase>(&name.join(" "), "a phase")
                .and_then(|phase| expect_eq(p.phase(), phase)),
            ["supply", s, n] => (|| {
                let s = seat(s)?;
                if s.index() >= self.seat_count() {
                    return Err(format!("seat {s} is not at the table"));
                }
                expect_eq(p.supply(s) as u32, num(n)?)
            })(),
            ["display", place, kinds @ ..] => (|| {
                let place: usize = parse(place, "a display place (1, 2 or 3)")?;
                if !(1..=3).contains(&place) {
                    return Err(format!("no display place {place}: places are 1, 2 and 3"));
                }
                let mut expected: Vec<Influence> = match kinds {
                    ["-"] => Vec::new(),
                    _ => kinds
                        .iter()
                        .map(|k| parse(k, "an influence kind"))
                        .collect::<Result<_, _>>()?,
                };
                // A set of tiles: the order the case lists them in does not matter.
                expected.sort();
                let shown: Vec<Influence> = Influence::ALL
                    .into_iter()
                    .flat_map(|k| std::iter::repeat_n(k, p.display(place - 1, k) as usize))
                    .collect();
                expect_eq(shown, expected)
            })(),
            ["held", s, a, b, c, d] => (|| {
                let s = seat(s)?;
                let held: Vec<u32> = Influence::ALL
                    .iter()
                    .map(|&k| p.held(s, k) as u32)
                    .collect();
                expect_eq(held, four([a, b, c, d])?)
            })(),
            ["discarded", a, b, c, d] => (|| {
                let discarded: Vec<u32> = Influence::ALL
                    .iter()
                    .map(|&k| p.discarded(k) as u32)
                    .collect();
                expect_eq(discarded, four([a, b, c, d])?)
            })(),
            ["score", s, n] => (|| {
                let s = seat(s)?;
                let (score, _) = self
                    .scores()
                    .get(s.index())
                    .copied()
                    .ok_or_else(|| format!("seat {s} is not at the table"))?;
                expect_eq(score, num(n)?)
            })(),
            _ => return None,
        })
    }

    fn standings_lines(&self) -> Vec<String> {
        let Some(standings) = self.standings() else {
            return Vec::new();
        };
        let scores = self.scores();
        standings
            .seats_by_rank()
            .map(|s| {
                let (points, most) = scores[s.index()];
                format!(
                    "rank {}: seat {s}, {points} points, most of one kind {most}",
                    standings.rank(s).unwrap_or(0)
                )
            })
            .collect()
    }
}
