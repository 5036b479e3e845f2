//! The executable rule examples of Sumeria, as case files run by
//! [`mesopotamia_core::cases`]. The tests snapshot their transcripts;
//! `mesopotamia examples ID` prints one.
//!
//! Facts this game adds to the shared ones: `moves-from LOCATION = LOCATIONS...` (the
//! destinations, also checked against the legal moves), `order NAMES...`, `first SEAT`,
//! `phase draw|turns`, `held SEAT N N N N`, `discarded N N N N`, `score SEAT N`.

use mesopotamia_core::Game;
use mesopotamia_core::cases::{self, CaseGame, expect_eq, seat, word as parse};

use crate::{Action, Chance, Event, Influence, Location, Phase, Position, Sumeria, SumeriaError};

/// Every rule example, as (identifier, case file text), sorted by identifier.
pub const EXAMPLES: &[(&str, &str)] = mesopotamia_core::case_files!("../tests/cases":
    "SUMERIA-FINAL-SCORING",
    "SUMERIA-MOVE",
    "SUMERIA-REORDER",
    "SUMERIA-ROUND-SCORING",
);

/// The case file of one example (the identifier's case does not matter).
pub fn example(id: &str) -> Option<&'static str> {
    cases::find(EXAMPLES, id)
}

impl CaseGame for Sumeria {
    type Event = Event;

    fn from_position(text: &str) -> Result<Self, String> {
        let position: Position = text.parse().map_err(|e| format!("{e}"))?;
        position.into_game().map_err(|v| cases::violations(&v))
    }

    fn position(&self) -> String {
        Position::from_game(self).to_string()
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
        _events: &mut Vec<Event>,
    ) -> Result<(), SumeriaError> {
        // Chance outcomes (the order, the first player, the display) report nothing
        // beyond themselves.
        self.apply_chance(chance)
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
                let expected: Vec<Location> = to
                    .iter()
                    .map(|t| parse(t, "a location"))
                    .collect::<Result<_, _>>()?;
                expect_eq(self.destinations(from), expected.clone())?;
                let listed: Vec<Location> = self
                    .legal_action_vec()
                    .into_iter()
                    .filter_map(|a| match a {
                        Action::Move(a, b) if a == from => Some(b),
                        _ => None,
                    })
                    .collect();
                expect_eq(listed, expected)
            })(),
            ["order", names @ ..] => {
                let order: Vec<String> = p.order().map(|n| n.to_string()).collect();
                expect_eq(order, names.iter().map(|n| n.to_string()).collect())
            }
            ["first", s] => seat(s).and_then(|s| expect_eq(p.first(), s)),
            ["phase", "draw"] => expect_eq(p.phase(), Phase::Draw),
            ["phase", "turns"] => expect_eq(p.phase(), Phase::Turns),
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
            ["score", s, n] => (|| expect_eq(self.scores()[seat(s)?.index()].0, num(n)?))(),
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
                    standings.rank(s).unwrap_or(0) + 1
                )
            })
            .collect()
    }
}
