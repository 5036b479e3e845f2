//! The rule examples (case files): run and snapshot ([`run_examples`], [`run_refused`]),
//! and the states they pass through ([`example_states`], [`check_example_positions`]).

use std::collections::BTreeSet;

use crate::positions::check_position_read_back;

/// Runs every rule example of a game and returns `(identifier, transcript text)` pairs for
/// the caller to snapshot, after checking that `dir` holds exactly the case files the game
/// embeds (`ID.case` for each identifier of `examples`, and no other).
///
/// Panics when a case cannot be read or an expectation does not hold, naming every
/// failure of every case with its line (not only the first).
pub fn run_examples<G: mesopotamia_core::cases::CaseGame>(
    examples: &[(&str, &str)],
    dir: &std::path::Path,
) -> Vec<(String, String)> {
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            if path.extension()? != "case" {
                return None;
            }
            Some(path.file_stem()?.to_string_lossy().into_owned())
        })
        .collect();
    files.sort();
    let mut ids: Vec<String> = examples.iter().map(|(id, _)| (*id).to_owned()).collect();
    ids.sort();
    assert_eq!(
        files,
        ids,
        "{} and the embedded examples differ",
        dir.display()
    );
    let mut failures = Vec::new();
    let mut transcripts = Vec::new();
    for (id, text) in examples {
        let case = match mesopotamia_core::cases::Case::parse(id, text) {
            Ok(case) => case,
            Err(e) => {
                failures.push(e.to_string());
                continue;
            }
        };
        let (transcript, errors) = mesopotamia_core::cases::run_all::<G>(&case);
        failures.extend(errors.iter().map(|e| e.to_string()));
        if let Some(transcript) = transcript {
            transcripts.push(((*id).to_owned(), transcript.to_string()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failing expectation(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    transcripts
}

/// Every state a game's rule examples pass through: each played scenario's position before
/// its script, and the state after each action or chance outcome, each with where it stands
/// (`EXAMPLE, scenario N, after step M`). Rule examples reach states random games seldom do
/// (a treasure to choose, a war order, a building), for checks that must see them all.
///
/// Panics if an example does not parse or run, or a step it played does not replay.
pub fn example_states<G: mesopotamia_core::cases::CaseGame>(
    examples: &[(&str, &str)],
) -> Vec<(String, G)> {
    use mesopotamia_core::cases::{Case, ScenarioRun, StepRun};
    let mut states = Vec::new();
    for (id, text) in examples {
        let case = Case::parse(id, text).unwrap_or_else(|e| panic!("{e}"));
        let transcript = mesopotamia_core::cases::run::<G>(&case).unwrap_or_else(|e| panic!("{e}"));
        for (n, scenario) in transcript.scenarios.iter().enumerate() {
            let ScenarioRun::Played { before, steps, .. } = scenario else {
                continue;
            };
            let mut game = before.clone();
            states.push((format!("{id}, scenario {}, before", n + 1), game.clone()));
            for (i, step) in steps.iter().enumerate() {
                let at = format!("{id}, scenario {}, after step {}", n + 1, i + 1);
                match step {
                    StepRun::Action { action, .. } => {
                        let action: G::Action = action.parse().unwrap_or_else(|_| panic!("{at}"));
                        game.apply(action).unwrap_or_else(|_| panic!("{at}"));
                    }
                    StepRun::Chance { outcome, .. } => {
                        let outcome: G::Chance = outcome.parse().unwrap_or_else(|_| panic!("{at}"));
                        game.apply_chance(outcome)
                            .unwrap_or_else(|_| panic!("{at}"));
                    }
                    StepRun::Checked(_) | StepRun::Failed { .. } => continue,
                }
                states.push((at, game.clone()));
            }
        }
    }
    states
}

/// Checks that every state a game's rule examples pass through ([`example_states`]) reads
/// back: its position written as text, parsed and validated, is the same game. Validation
/// that refused a legal position, or text that lost a detail, fails here. Returns how many
/// states were checked.
///
/// Panics naming the example, the scenario, the step and the difference.
pub fn check_example_positions<G: mesopotamia_core::cases::CaseGame>(
    examples: &[(&str, &str)],
) -> usize {
    let states = example_states::<G>(examples);
    for (at, game) in &states {
        check_position_read_back(game, at);
    }
    states.len()
}

/// Runs every case file of `dir` (a game's `tests/cases/refused`: positions its validation
/// must refuse), each of whose scenarios must be an `expect refused` one. Returns the
/// `(identifier, transcript text)` pairs, sorted, for the caller to snapshot, and the names
/// of the violations reported, for the caller to check that every check has its case.
///
/// Panics when a case cannot be read, a scenario is played instead of refused, or a
/// refusal is not the one expected, naming every failure.
pub fn run_refused<G: mesopotamia_core::cases::CaseGame>(
    dir: &std::path::Path,
) -> (Vec<(String, String)>, BTreeSet<&'static str>) {
    use mesopotamia_core::cases::{Case, ScenarioRun};
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "case"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{}: no case file", dir.display());
    let mut failures = Vec::new();
    let mut transcripts = Vec::new();
    let mut names = BTreeSet::new();
    for path in &files {
        let id = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text =
            std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let case = match Case::parse(&id, &text) {
            Ok(case) => case,
            Err(e) => {
                failures.push(e.to_string());
                continue;
            }
        };
        let (transcript, errors) = mesopotamia_core::cases::run_all::<G>(&case);
        failures.extend(errors.iter().map(|e| e.to_string()));
        let Some(transcript) = transcript else {
            continue;
        };
        for (n, scenario) in transcript.scenarios.iter().enumerate() {
            match scenario {
                ScenarioRun::Refused { violations, .. } => {
                    names.extend(violations.iter().map(|v| v.name));
                }
                ScenarioRun::Played { .. } => failures.push(format!(
                    "{id}, scenario {}: played, not refused (a refused position's script is `expect refused NAME...`)",
                    n + 1
                )),
            }
        }
        transcripts.push((id, transcript.to_string()));
    }
    assert!(
        failures.is_empty(),
        "{} failing expectation(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    (transcripts, names)
}
