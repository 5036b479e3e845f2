//! The rule examples, for front ends: each game's list with titles, and (with the `svg`
//! feature) an example run step by step with the position and picture after each step,
//! as a page steps through it, and its picture as the docs show it.
//!
//! The examples are each game's ([`GameDescription::examples`]); the run is the core's case
//! runner ([`cases::run`]: every expectation checked), then the steps played again to show
//! each one.
//!
//! ```
//! # #[cfg(feature = "sumeria")]
//! # {
//! let list = mesopotamia::examples::list("sumeria")?;
//! assert!(!list.is_empty() && !list[0].title.is_empty());
//! # #[cfg(feature = "svg")]
//! # {
//! let run = mesopotamia::examples::run("sumeria", list[0].id)?;
//! assert_eq!(run.id, list[0].id);
//! assert!(!run.scenarios.is_empty());
//! # }
//! # }
//! # Ok::<(), mesopotamia::examples::ExampleError>(())
//! ```
//!
//! [`GameDescription::examples`]: mesopotamia_core::describe::GameDescription::examples
//! [`cases::run`]: mesopotamia_core::cases::run

use mesopotamia_core::cases::Case;

use crate::games::{self, UnknownGame};

/// A rule example, listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExampleTitle {
    /// Its identifier (`TE-2009-WAR`).
    pub id: &'static str,
    /// Its title, from its case file's header.
    pub title: String,
}

/// Why an example cannot be given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExampleError {
    /// No game of that name.
    #[error(transparent)]
    Game(#[from] UnknownGame),
    /// The game has no example of that identifier.
    #[error("no rule example `{id}` in {game}")]
    NoSuchExample {
        /// The game.
        game: &'static str,
        /// The identifier asked for.
        id: String,
    },
    /// The example's case does not read or does not hold (a bug in its game): the reason.
    #[error("{0}")]
    Case(String),
}

/// The rule examples of the game named `game`, in the order of its rule documents.
pub fn list(game: &str) -> Result<Vec<ExampleTitle>, ExampleError> {
    let description = games::find(game)?;
    Ok(description
        .examples
        .iter()
        .map(|&(id, text)| ExampleTitle {
            id,
            title: Case::parse(id, text)
                .map(|case| case.title())
                .unwrap_or_default(),
        })
        .collect())
}

#[cfg(feature = "svg")]
pub use mesopotamia_core::svg::Panels;
#[cfg(feature = "svg")]
pub use run::{ExampleRun, ExampleScenario, ExampleStep, Shown, panels, picture, run};

#[cfg(feature = "svg")]
mod run {
    use mesopotamia_core::ToMove;
    use mesopotamia_core::cases::{self, Case, ScenarioRun, StepRun};
    use mesopotamia_core::marks::MarkedString;
    use mesopotamia_core::svg::{self as core_svg, Mark, Options};

    use super::ExampleError;
    use crate::games::{self, GameVisitor};
    use crate::table::NamedGame;

    /// The example `id` (in any letter case) of the game named `game`: its game's name, its
    /// exact identifier and its case file's text.
    fn find(
        game: &str,
        id: &str,
    ) -> Result<(&'static str, &'static str, &'static str), ExampleError> {
        let description = games::find(game)?;
        description
            .examples
            .iter()
            .find(|(i, _)| i.eq_ignore_ascii_case(id))
            .map(|&(id, text)| (description.name, id, text))
            .ok_or_else(|| ExampleError::NoSuchExample {
                game: description.name,
                id: id.to_owned(),
            })
    }

    /// A position and its picture.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct Shown {
        /// The position text.
        pub position: String,
        /// Its picture, an SVG document (the places a step changed ringed).
        pub svg: String,
    }

    /// One step of an example, played.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct ExampleStep {
        /// Who played it (a seat, or chance).
        pub by: ToMove,
        /// The step in notation.
        pub step: String,
        /// What it caused, each event's text with its pieces marked.
        pub events: Vec<MarkedString>,
        /// The position after it, the places where pieces arrived ringed.
        pub after: Shown,
    }

    /// One scenario of an example.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum ExampleScenario {
        /// Played from a position.
        Played {
            /// The position before the steps.
            before: Shown,
            /// Every step.
            steps: Vec<ExampleStep>,
            /// The position after them, the places where pieces arrived ringed.
            after: Shown,
        },
        /// A position the rules refuse.
        Refused {
            /// The position's text.
            position: String,
            /// Each violation's name and message.
            violations: Vec<(&'static str, String)>,
        },
    }

    /// A rule example run, step by step.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct ExampleRun {
        /// Its identifier.
        pub id: &'static str,
        /// Its title.
        pub title: String,
        /// Where it comes from (its case file's header lines).
        pub source: Vec<String>,
        /// Its scenarios, in order.
        pub scenarios: Vec<ExampleScenario>,
    }

    /// The example `id` (any letter case) of the game named `game`, run by the case runner
    /// (every expectation checked), then played again step by step for a page: the
    /// position and picture before, after each step (with its events) and after the last.
    pub fn run(game: &str, id: &str) -> Result<ExampleRun, ExampleError> {
        let (name, id, text) = find(game, id)?;
        struct Run(&'static str, &'static str);
        impl GameVisitor for Run {
            type Out = Result<ExampleRun, ExampleError>;
            fn visit<G: NamedGame>(self) -> Self::Out {
                run_case::<G>(self.0, self.1)
            }
        }
        games::visit(name, Run(id, text))?
    }

    /// The example's picture as the docs show it: every scenario before and after, side
    /// by side.
    pub fn picture(game: &str, id: &str) -> Result<String, ExampleError> {
        let (name, id, _) = find(game, id)?;
        struct Picture(&'static str);
        impl GameVisitor for Picture {
            type Out = Result<String, ExampleError>;
            fn visit<G: NamedGame>(self) -> Self::Out {
                core_svg::example_of::<G>(G::DESCRIPTION.examples, self.0)
                    .ok_or_else(|| ExampleError::NoSuchExample {
                        game: G::NAME,
                        id: self.0.to_owned(),
                    })?
                    .map_err(|e| ExampleError::Case(e.to_string()))
            }
        }
        games::visit(name, Picture(id))?
    }

    /// The example's scenarios as the docs' picture shows them, each position before and
    /// after in a picture of its own (for a page that lays them out itself: side by side on
    /// a wide screen, one above the other on a narrow one), refused positions left out.
    pub fn panels(game: &str, id: &str) -> Result<Vec<core_svg::Panels>, ExampleError> {
        let (name, id, _) = find(game, id)?;
        struct Panels(&'static str);
        impl GameVisitor for Panels {
            type Out = Result<Vec<core_svg::Panels>, ExampleError>;
            fn visit<G: NamedGame>(self) -> Self::Out {
                core_svg::example_panels_of::<G>(G::DESCRIPTION.examples, self.0)
                    .ok_or_else(|| ExampleError::NoSuchExample {
                        game: G::NAME,
                        id: self.0.to_owned(),
                    })?
                    .map_err(|e| ExampleError::Case(e.to_string()))
            }
        }
        games::visit(name, Panels(id))?
    }

    /// A position and its picture, the places in `marks` ringed.
    fn shown<G: NamedGame>(state: &G, marks: Vec<(G::Place, Mark)>) -> Shown {
        Shown {
            position: state.position(),
            svg: core_svg::position(state, &Options::default().with_marks(marks)),
        }
    }

    /// Where a step left pieces ([`Mark::Moved`] only: rings on the position after it).
    fn arrivals<G: NamedGame>(before: &G, after: &G) -> Vec<(G::Place, Mark)> {
        core_svg::changes(before, after)
            .into_iter()
            .filter(|(_, mark)| *mark == Mark::Moved)
            .collect()
    }

    fn run_case<G: NamedGame>(id: &'static str, text: &str) -> Result<ExampleRun, ExampleError> {
        let case = Case::parse(id, text).map_err(|e| ExampleError::Case(e.to_string()))?;
        let transcript = cases::run::<G>(&case).map_err(|e| ExampleError::Case(e.to_string()))?;
        let broken = |what: &str, e: &dyn core::fmt::Display| {
            ExampleError::Case(format!("{id}: `{what}` plays no more: {e}"))
        };
        let mut scenarios = Vec::new();
        for scenario in &transcript.scenarios {
            match scenario {
                ScenarioRun::Refused {
                    position,
                    violations,
                    ..
                } => scenarios.push(ExampleScenario::Refused {
                    position: position.clone(),
                    violations: violations
                        .iter()
                        .map(|v| (v.name, v.message.clone()))
                        .collect(),
                }),
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
                                    action.parse().map_err(|e| broken(action, &e))?;
                                state
                                    .apply_with_events(parsed, &mut events)
                                    .map_err(|e| broken(action, &e))?;
                                (*by, action)
                            }
                            StepRun::Chance { outcome, .. } => {
                                let parsed: G::Chance =
                                    outcome.parse().map_err(|e| broken(outcome, &e))?;
                                state
                                    .apply_chance_with_events(parsed, &mut events)
                                    .map_err(|e| broken(outcome, &e))?;
                                (ToMove::Chance, outcome)
                            }
                            StepRun::Checked(_) | StepRun::Failed { .. } => continue,
                        };
                        shown_steps.push(ExampleStep {
                            by,
                            step: notation.clone(),
                            events: events.iter().map(MarkedString::of).collect(),
                            after: shown(&state, arrivals(&previous, &state)),
                        });
                    }
                    // The steps played again must land where the case runner did.
                    if state.position() != after.position() {
                        return Err(ExampleError::Case(format!(
                            "{id}: the steps played again end on another position than the case runner's"
                        )));
                    }
                    scenarios.push(ExampleScenario::Played {
                        before: shown(before, Vec::new()),
                        steps: shown_steps,
                        after: shown(after, arrivals(before, after)),
                    });
                }
            }
        }
        Ok(ExampleRun {
            id,
            title: case.title(),
            source: case.source,
            scenarios,
        })
    }
}
