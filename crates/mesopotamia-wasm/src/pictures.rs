//! The rule examples, run for a page (every step with its events, position and picture),
//! and the picture of what one seat may see.

use mesopotamia_core::Seat;
use mesopotamia_core::cases::{self, Case, ScenarioRun, StepRun};
use mesopotamia_core::svg::{self as core_svg, Mark, Options as SvgOptions};
use serde_json::{Value, json};

use crate::games::WebGame;
use crate::table::to_move_json;

/// `[{id, title}]`: the game's rule examples, in the order of its documents.
pub fn examples<G: WebGame>() -> Value {
    G::examples()
        .iter()
        .map(|(id, text)| {
            let title = Case::parse(id, text)
                .map(|case| case.title())
                .unwrap_or_default();
            json!({ "id": id, "title": title })
        })
        .collect()
}

/// The case file of the example `id` (any letter case) and its exact identifier.
fn find<G: WebGame>(id: &str) -> Result<(&'static str, &'static str), String> {
    G::examples()
        .iter()
        .find(|(i, _)| i.eq_ignore_ascii_case(id))
        .copied()
        .ok_or_else(|| format!("no rule example `{id}` in {}", G::NAME))
}

/// A position and its picture, the places in `marks` ringed.
fn shown<G: WebGame>(state: &G, marks: Vec<(G::Place, Mark)>) -> Value {
    json!({
        "position": state.position(),
        "svg": core_svg::position(state, &SvgOptions::default().with_marks(marks)),
    })
}

/// Where a move left pieces ([`Mark::Moved`] only: rings on the position after it).
fn arrivals<G: WebGame>(before: &G, after: &G) -> Vec<(G::Place, Mark)> {
    core_svg::changes(before, after)
        .into_iter()
        .filter(|(_, mark)| *mark == Mark::Moved)
        .collect()
}

/// The rule example `id` run by the case runner, then played again step by step for the
/// page: `{id, title, source, scenarios}`, each scenario `{before, steps, after}` (a
/// position and its picture before and after; each step `{by, step, events, position,
/// svg}`) or `{refused: {position, violations: [{name, message}]}}`.
pub fn run_example<G: WebGame>(id: &str) -> Result<Value, String> {
    let (id, text) = find::<G>(id)?;
    let case = Case::parse(id, text).map_err(|e| e.to_string())?;
    let transcript = cases::run::<G>(&case).map_err(|e| e.to_string())?;
    let mut scenarios = Vec::new();
    for scenario in &transcript.scenarios {
        match scenario {
            ScenarioRun::Refused {
                position,
                violations,
                ..
            } => {
                let violations: Vec<Value> = violations
                    .iter()
                    .map(|v| json!({ "name": v.name, "message": v.message }))
                    .collect();
                scenarios
                    .push(json!({ "refused": { "position": position, "violations": violations } }));
            }
            ScenarioRun::Played {
                before,
                steps,
                after,
            } => {
                let mut state = before.clone();
                let mut shown_steps = Vec::new();
                for step in steps {
                    let previous = state.clone();
                    let mut events = Vec::new();
                    let (by, notation) = match step {
                        StepRun::Action { by, action, .. } => {
                            let parsed: G::Action =
                                action.parse().map_err(|e| format!("`{action}`: {e}"))?;
                            state
                                .apply_with_events(parsed, &mut events)
                                .map_err(|e| format!("`{action}`: {e}"))?;
                            (to_move_json(*by), action)
                        }
                        StepRun::Chance { outcome, .. } => {
                            let parsed: G::Chance =
                                outcome.parse().map_err(|e| format!("`{outcome}`: {e}"))?;
                            state
                                .apply_chance_with_events(parsed, &mut events)
                                .map_err(|e| format!("`{outcome}`: {e}"))?;
                            (json!({ "kind": "chance" }), outcome)
                        }
                        StepRun::Checked(_) | StepRun::Failed { .. } => continue,
                    };
                    let picture = shown(&state, arrivals(&previous, &state));
                    shown_steps.push(json!({
                        "by": by,
                        "step": notation,
                        "events": crate::table::events_json(&events),
                        "position": picture["position"],
                        "svg": picture["svg"],
                    }));
                }
                // The steps played again must land where the case runner did.
                if state.position() != after.position() {
                    return Err(format!(
                        "{id}: the steps played again end on another position than the case runner's"
                    ));
                }
                scenarios.push(json!({
                    "before": shown(before, Vec::new()),
                    "steps": shown_steps,
                    "after": shown(after, arrivals(before, after)),
                }));
            }
        }
    }
    Ok(json!({
        "id": id,
        "title": case.title(),
        "source": case.source,
        "scenarios": scenarios,
    }))
}

/// The example's picture as the docs show it (every scenario before and after).
pub fn example_svg<G: WebGame>(id: &str) -> Result<String, String> {
    let (id, _) = find::<G>(id)?;
    core_svg::example_of::<G>(G::examples(), id)
        .ok_or_else(|| format!("no rule example `{id}` in {}", G::NAME))?
        .map_err(|e| e.to_string())
}

/// The picture of what `seat` may see. The games' pictures draw only what every seat
/// sees (the board, hand sizes, what the views show of each seat: a test checks that
/// states a seat cannot tell apart give the same picture), so it is the position's picture;
/// the seat is taken so that a game whose picture would show a seat's own secrets can.
pub fn view_svg<G: WebGame>(state: &G, _seat: Seat) -> String {
    core_svg::position(state, &SvgOptions::default())
}
