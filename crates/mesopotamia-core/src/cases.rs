//! Executable rule examples ("cases"), in one text format for every game.
//!
//! A case file starts with `#` lines saying where the example comes from and what was
//! chosen, then holds one or more scenarios. A scenario begins with either a `[position]`
//! section (the game's position format) or a `[start]` section (a configuration in the
//! game's configuration format, such as `tigris players 2 board alternative`: the game's
//! real initial state, before any chance outcome), followed by a `[script]` section with
//! one step per line: an action or a chance outcome in the game's notation, or
//! `expect FACT`, checked at that point.
//!
//! Facts every game knows: `legal ACTION`, `illegal ACTION` (both also check that `apply`
//! agrees), `only ACTION`, `legal-count N` (the number of legal actions),
//! `illegal-chance OUTCOME` (not among the chance outcomes, and `apply_chance` refuses it),
//! `to-move N|chance|over`, `end rules|turn-limit` (why the game ended), `rank SEAT N` (1
//! is first; equal seats share a rank and the next skips: 1, 1, 3), `event TEXT` and `no-event TEXT`
//! (among the events of the last step). Each game adds its own through
//! [`CaseGame::check_fact`].
//!
//! A scenario may instead say that its `[position]` is illegal: `expect refused NAME...` as
//! the script's first line or lines (and nothing after them) checks that the game's
//! validation refuses the position with exactly those violations, each named by its stable
//! kebab-case name ([`NamedViolation::name`], such as `leader-without-temple`), as a multiset
//! in any order: every violation reported must be named, and a name given twice must be
//! reported twice. A position that is accepted, refused for other violations, or that cannot
//! be read at all fails the case at the first `expect refused` line. The transcript shows the
//! position (as the format writes it back) and every violation's name and message.
//!
//! ```text
//! [position]
//! ... a position with a leader and no temple beside it ...
//! [script]
//! expect refused leader-without-temple
//! ```
//!
//! [`run`] plays a case and returns a [`Transcript`] (positions before and after, every
//! step with its events, every fact checked) whose `Display` is what the games' tests
//! snapshot and what `mesopotamia examples ID` prints. It stops at the first failure;
//! [`run_all`] goes on and reports every failing expectation of the case.
//!
//! ```
//! use mesopotamia_core::cases::{Case, Start};
//!
//! let case = Case::parse("DEMO", "# From the rules.\n[position]\nsome position\n[script]\npass\nexpect to-move 1\n").unwrap();
//! assert_eq!(case.source, ["From the rules."]);
//! assert_eq!(case.scenarios[0].start, Start::Position("some position\n".into()));
//! assert_eq!(case.scenarios[0].script[1].text, "expect to-move 1");
//! assert_eq!(case.scenarios[0].script[1].line, 6);
//! ```

use core::fmt;

pub mod facts;
mod shown;
pub use shown::Shown;

use facts::{expect_eq, seat, word};

use crate::game::{Game, ToMove};
use crate::setup::Setup;

/// Embeds a game's case files as `&[(identifier, text)]`: `case_files!("../tests/cases":
/// "TE-2009-WAR", ...)` reads `../tests/cases/TE-2009-WAR.case`, relative to the file that
/// invokes it (as `include_str!` does).
#[macro_export]
macro_rules! case_files {
    ($dir:literal: $($id:literal),* $(,)?) => {
        &[$(($id, include_str!(concat!($dir, "/", $id, ".case")))),*]
    };
}

/// A parsed case file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// Its identifier, such as `TE-2009-WAR`.
    pub id: String,
    /// The leading `#` lines, without the `#`.
    pub source: Vec<String>,
    /// The scenarios, in file order.
    pub scenarios: Vec<Scenario>,
}

/// A starting point and what happens from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// Where the scenario starts.
    pub start: Start,
    /// The script's steps and expectations (comments and blank lines dropped).
    pub script: Vec<ScriptLine>,
}

/// Where a scenario starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// A `[position]` section: the text, as the game's position format reads it.
    Position(String),
    /// A `[start]` section: a configuration, as the game's configuration format reads it;
    /// the scenario starts from that configuration's initial state.
    Configuration(String),
}

impl Start {
    /// The section's text.
    pub fn text(&self) -> &str {
        match self {
            Start::Position(text) | Start::Configuration(text) => text,
        }
    }

    fn text_mut(&mut self) -> &mut String {
        match self {
            Start::Position(text) | Start::Configuration(text) => text,
        }
    }
}

/// One line of a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptLine {
    /// Line number in the file, from 1.
    pub line: usize,
    /// The text, trimmed.
    pub text: String,
}

/// Why a case could not be read or did not hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CaseError {
    /// The file has no scenario, or a script before any position or start.
    #[error("{id}: {message}")]
    Format {
        /// The case.
        id: String,
        /// What is wrong.
        message: String,
    },
    /// A scenario's position or configuration was refused.
    #[error("{id}, scenario {scenario}: the position is refused: {message}")]
    Position {
        /// The case.
        id: String,
        /// Scenario number, from 1.
        scenario: usize,
        /// The game's message.
        message: String,
    },
    /// A step could not be read or was refused, or an expectation does not hold.
    #[error("{id}:{line}: `{text}`: {message}")]
    Step {
        /// The case.
        id: String,
        /// Line number in the file.
        line: usize,
        /// The line.
        text: String,
        /// What went wrong.
        message: String,
    },
}

impl Case {
    /// Reads a case file's text.
    pub fn parse(id: &str, text: &str) -> Result<Case, CaseError> {
        let format = |message: &str| CaseError::Format {
            id: id.to_owned(),
            message: message.to_owned(),
        };
        let mut case = Case {
            id: id.to_owned(),
            source: Vec::new(),
            scenarios: Vec::new(),
        };
        #[derive(PartialEq)]
        enum Section {
            Header,
            Position,
            Script,
        }
        let mut section = Section::Header;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            match line {
                "[position]" | "[start]" => {
                    let start = if line == "[start]" {
                        Start::Configuration(String::new())
                    } else {
                        Start::Position(String::new())
                    };
                    case.scenarios.push(Scenario {
                        start,
                        script: Vec::new(),
                    });
                    section = Section::Position;
                }
                "[script]" => {
                    if case.scenarios.is_empty() {
                        return Err(format("a [script] before any [position] or [start]"));
                    }
                    section = Section::Script;
                }
                _ => {
                    let scenario = case.scenarios.last_mut();
                    match (&section, scenario) {
                        (Section::Header, _) => {
                            if let Some(comment) = line.strip_prefix('#') {
                                case.source.push(comment.trim().to_owned());
                            } else if !line.is_empty() {
                                return Err(format("text before the first [position] or [start]"));
                            }
                        }
                        (Section::Position, Some(s)) => {
                            let text = s.start.text_mut();
                            text.push_str(raw);
                            text.push('\n');
                        }
                        (Section::Script, Some(s)) => {
                            if !line.is_empty() && !line.starts_with('#') {
                                s.script.push(ScriptLine {
                                    line: i + 1,
                                    text: line.to_owned(),
                                });
                            }
                        }
                        _ => return Err(format("a section outside a scenario")),
                    }
                }
            }
        }
        if case.scenarios.is_empty() {
            return Err(format("no scenario"));
        }
        Ok(case)
    }
}

impl Case {
    /// A one-line title: the header's first sentence, without a leading `ID:` (full stops
    /// inside brackets, quotes and guillemets do not end it).
    ///
    /// ```
    /// use mesopotamia_core::cases::Case;
    ///
    /// let text = "# DEMO: RULES (\"Setup\": 2 players. 3 cards), first\n# example. More.\n[start]\ntoy\n";
    /// let case = Case::parse("DEMO", text).unwrap();
    /// assert_eq!(case.title(), "RULES (\"Setup\": 2 players. 3 cards), first example.");
    /// ```
    pub fn title(&self) -> String {
        let header = self.source.join(" ");
        let header = header
            .strip_prefix(self.id.as_str())
            .and_then(|rest| rest.strip_prefix(':'))
            .unwrap_or(&header)
            .trim();
        let mut depth = 0usize;
        let mut quoted = false;
        let mut chars = header.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            match c {
                '(' | '[' | '\u{ab}' => depth += 1,
                ')' | ']' | '\u{bb}' => depth = depth.saturating_sub(1),
                '"' => quoted = !quoted,
                '.' if depth == 0
                    && !quoted
                    && chars.peek().is_none_or(|(_, next)| next.is_whitespace()) =>
                {
                    return header[..=i].to_owned();
                }
                _ => {}
            }
        }
        header.to_owned()
    }
}

/// A rule a position breaks, with the stable name `expect refused` gives it.
pub trait NamedViolation: fmt::Display {
    /// The violation's kebab-case name, one per kind of check (such as
    /// `leader-without-temple`); it does not change with the violation's details.
    fn name(&self) -> &'static str;
}

/// What a game provides to run cases.
pub trait CaseGame: Game + Clone {
    /// What happens as a step resolves, as the transcript prints it.
    type Event: fmt::Display;
    /// The game's position format; its violations have names, for `expect refused`.
    type Position: Setup<Game = Self, Violation: NamedViolation>;
    /// A playable state from the position format's text (parsed, then validated).
    fn from_position(text: &str) -> Result<Self, String> {
        Self::Position::game_from_text(text)
    }
    /// The initial state of the configuration a `[start]` section names, in the game's
    /// configuration format (the first line of its position format), before any chance
    /// outcome.
    fn from_start(text: &str) -> Result<Self, String>;
    /// Replays a game record: from its start position when it has one (read and
    /// validated as [`CaseGame::from_position`] does), else from the configuration's
    /// initial state; every step checked.
    fn replay_record(record: &crate::GameRecord<Self>) -> Result<Self, String> {
        let start = Self::record_start(record)?;
        record.replay_from(start).map_err(|e| e.to_string())
    }
    /// The state a game record starts from: its start position when it has one (read and
    /// validated as [`CaseGame::from_position`] does), else the configuration's initial
    /// state.
    fn record_start(record: &crate::GameRecord<Self>) -> Result<Self, String> {
        match &record.start {
            Some(text) => {
                Self::from_position(text).map_err(|e| format!("the record's start position: {e}"))
            }
            None => {
                Self::new(&record.config).map_err(|e| crate::ReplayError::Config(e).to_string())
            }
        }
    }
    /// The position format's text of the state.
    fn position(&self) -> String {
        Self::Position::from_game(self).to_string()
    }
    /// Applies an action and appends what happened.
    fn apply_with_events(
        &mut self,
        action: Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error>;
    /// Applies a chance outcome and appends what happened.
    fn apply_chance_with_events(
        &mut self,
        chance: Self::Chance,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error>;
    /// Checks a fact of the game's own vocabulary: `None` if the fact is not one of
    /// them, else whether it holds (the error says what was found instead).
    fn check_fact(&self, fact: &str) -> Option<Result<(), String>>;
    /// Lines describing the final standings, for a finished game.
    fn standings_lines(&self) -> Vec<String>;
}

/// A case played through.
#[derive(Clone, Debug)]
pub struct Transcript<G> {
    /// The case's identifier.
    pub id: String,
    /// Where it comes from (the header lines).
    pub source: Vec<String>,
    /// Each scenario as played.
    pub scenarios: Vec<ScenarioRun<G>>,
}

/// One scenario as played.
#[derive(Clone, Debug)]
pub enum ScenarioRun<G> {
    /// A scenario played from its position or configuration.
    Played {
        /// The state the position gave (forced decisions already applied).
        before: G,
        /// Every step, with its events, and every fact checked.
        steps: Vec<StepRun>,
        /// The state at the end of the script.
        after: G,
    },
    /// A `[position]` whose script says it is refused (`expect refused NAME...`).
    Refused {
        /// The position as its format writes it back (read, not validated).
        position: String,
        /// Every violation validation reported, in its order; empty when it accepted the
        /// position (only in [`run_all`]'s transcripts).
        violations: Vec<Refusal>,
        /// The `expect refused` facts: checked, or failed and why.
        steps: Vec<StepRun>,
    },
}

/// A violation a refused position was reported for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Its name ([`NamedViolation::name`]).
    pub name: &'static str,
    /// Its message.
    pub message: String,
}

/// One line of a script as played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepRun {
    /// An action, by whoever was to move, with the events it caused.
    Action {
        /// Who was to move.
        by: ToMove,
        /// The action in notation.
        action: String,
        /// The events, as text.
        events: Vec<String>,
    },
    /// A chance outcome with the events it caused.
    Chance {
        /// The outcome in notation.
        outcome: String,
        /// The events, as text.
        events: Vec<String>,
    },
    /// A fact that held.
    Checked(String),
    /// A fact that did not hold (only in [`run_all`]'s transcripts), and why.
    Failed {
        /// The fact.
        fact: String,
        /// What was found instead.
        message: String,
    },
}

/// Plays every scenario of `case`, checking its expectations; the first failure is the
/// error.
pub fn run<G: CaseGame>(case: &Case) -> Result<Transcript<G>, CaseError> {
    let (transcript, mut failures) = play(case, true);
    match transcript {
        Some(transcript) if failures.is_empty() => Ok(transcript),
        _ => Err(failures.remove(0)),
    }
}

/// Plays every scenario of `case` and reports every failure, not only the first: a fact
/// that does not hold is recorded (as [`StepRun::Failed`]) and the script goes on; a step
/// that cannot be played ends its scenario, and the next scenario still runs. The
/// transcript is `None` only when the case file itself cannot be read.
///
/// ```
/// use mesopotamia_core::cases::{self, Case};
/// # use mesopotamia_core::cases::CaseGame;
/// # fn demo<G: CaseGame>(case: &Case) {
/// let (transcript, failures) = cases::run_all::<G>(case);
/// for failure in &failures {
///     eprintln!("{failure}");
/// }
/// # let _ = transcript;
/// # }
/// ```
pub fn run_all<G: CaseGame>(case: &Case) -> (Option<Transcript<G>>, Vec<CaseError>) {
    play(case, false)
}

fn play<G: CaseGame>(case: &Case, stop_early: bool) -> (Option<Transcript<G>>, Vec<CaseError>) {
    let mut failures = Vec::new();
    let mut scenarios = Vec::with_capacity(case.scenarios.len());
    for (n, scenario) in case.scenarios.iter().enumerate() {
        let fail = |line: &ScriptLine, message: String| CaseError::Step {
            id: case.id.clone(),
            line: line.line,
            text: line.text.clone(),
            message,
        };
        let refused = match refused_lines(scenario) {
            Ok(refused) => refused,
            Err((line, message)) => {
                failures.push(fail(line, message));
                if stop_early {
                    return (None, failures);
                }
                continue;
            }
        };
        if !refused.is_empty() {
            let (run, failure) = refusal::<G>(scenario.start.text(), &refused);
            if let Some(message) = failure {
                failures.push(fail(refused[0].0, message));
                if stop_early {
                    return (None, failures);
                }
            }
            scenarios.extend(run);
            continue;
        }
        let before = match &scenario.start {
            Start::Position(text) => G::from_position(text),
            Start::Configuration(text) => G::from_start(text),
        };
        let before = match before {
            Ok(before) => before,
            Err(message) => {
                failures.push(CaseError::Position {
                    id: case.id.clone(),
                    scenario: n + 1,
                    message,
                });
                if stop_early {
                    return (None, failures);
                }
                continue;
            }
        };
        let mut game = before.clone();
        let mut steps = Vec::new();
        let mut events: Vec<G::Event> = Vec::new();
        for line in &scenario.script {
            let fail = |message: String| CaseError::Step {
                id: case.id.clone(),
                line: line.line,
                text: line.text.clone(),
                message,
            };
            if let Some(fact) = line.text.strip_prefix("expect ") {
                let fact = fact.trim();
                match check(&game, &events, fact) {
                    Ok(()) => steps.push(StepRun::Checked(fact.to_owned())),
                    Err(message) => {
                        failures.push(fail(message.clone()));
                        if stop_early {
                            return (None, failures);
                        }
                        steps.push(StepRun::Failed {
                            fact: fact.to_owned(),
                            message,
                        });
                    }
                }
                continue;
            }
            events.clear();
            match step(&mut game, &line.text, &mut events) {
                Ok(run) => steps.push(run),
                Err(message) => {
                    failures.push(fail(message));
                    if stop_early {
                        return (None, failures);
                    }
                    // The rest of the script assumed this step: the scenario ends here.
                    break;
                }
            }
        }
        scenarios.push(ScenarioRun::Played {
            before,
            steps,
            after: game,
        });
    }
    let transcript = Transcript {
        id: case.id.clone(),
        source: case.source.clone(),
        scenarios,
    };
    (Some(transcript), failures)
}

/// The names of an `expect refused NAME...` line, `None` for any other line.
fn refused_names(text: &str) -> Option<Vec<&str>> {
    let mut words = text.split_whitespace();
    (words.next() == Some("expect") && words.next() == Some("refused")).then(|| words.collect())
}

/// A scenario's leading `expect refused` lines, each with the names it gives.
type RefusedLines<'a> = Vec<(&'a ScriptLine, Vec<&'a str>)>;

/// The scenario's leading `expect refused` lines with their names, or the line that breaks
/// the form: a refused position has no game, so these lines come first, under a
/// `[position]`, each names at least one violation, and nothing follows them.
fn refused_lines(scenario: &Scenario) -> Result<RefusedLines<'_>, (&ScriptLine, String)> {
    let is_refused = |line: &&ScriptLine| refused_names(&line.text).is_some();
    let leading = scenario.script.iter().take_while(is_refused).count();
    let (head, rest) = scenario.script.split_at(leading);
    if head.is_empty() {
        return match rest.iter().find(is_refused) {
            Some(line) => Err((
                line,
                "`expect refused` comes only as a script's first lines".into(),
            )),
            None => Ok(Vec::new()),
        };
    }
    if let Some(line) = rest.first() {
        return Err((
            line,
            "a refused position has no game: only `expect refused` lines may be in its script"
                .into(),
        ));
    }
    if let Start::Configuration(_) = scenario.start {
        return Err((
            &head[0],
            "`expect refused` checks a [position], not a [start]".into(),
        ));
    }
    head.iter()
        .map(|line| match refused_names(&line.text) {
            Some(names) if !names.is_empty() => Ok((line, names)),
            _ => Err((line, "`expect refused` names at least one violation".into())),
        })
        .collect()
}

/// Checks that the position is refused for exactly the violations named (as a multiset):
/// the scenario as run (`None` when the text cannot be read), and what went wrong.
fn refusal<G: CaseGame>(
    text: &str,
    refused: &RefusedLines<'_>,
) -> (Option<ScenarioRun<G>>, Option<String>) {
    let facts: Vec<String> = refused
        .iter()
        .map(|(_, names)| format!("refused {}", names.join(" ")))
        .collect();
    let mut wanted: Vec<&str> = refused
        .iter()
        .flat_map(|(_, names)| names.clone())
        .collect();
    wanted.sort_unstable();
    let position = match text.parse::<G::Position>() {
        Ok(position) => position,
        Err(e) => {
            return (
                None,
                Some(format!(
                    "the position cannot be read, so validation never saw it: {e}"
                )),
            );
        }
    };
    let written = position.to_string();
    let violations: Vec<Refusal> = match position.into_game() {
        Ok(_) => Vec::new(),
        Err(violations) => violations
            .iter()
            .map(|v| Refusal {
                name: v.name(),
                message: v.to_string(),
            })
            .collect(),
    };
    let mut found: Vec<&str> = violations.iter().map(|v| v.name).collect();
    found.sort_unstable();
    let failure = if violations.is_empty() {
        Some(format!(
            "the position is accepted, but the case expects it refused for {}",
            wanted.join(", ")
        ))
    } else if found != wanted {
        let reported: Vec<String> = violations
            .iter()
            .map(|v| format!("{} ({})", v.name, v.message))
            .collect();
        Some(format!(
            "the position is refused for {}, but the case expects {}",
            reported.join(", "),
            wanted.join(", ")
        ))
    } else {
        None
    };
    let steps = match &failure {
        None => facts.into_iter().map(StepRun::Checked).collect(),
        Some(message) => vec![StepRun::Failed {
            fact: facts.join("; "),
            message: message.clone(),
        }],
    };
    let run = ScenarioRun::Refused {
        position: written,
        violations,
        steps,
    };
    (Some(run), failure)
}

/// Plays one script line: a chance outcome if it reads as one, else an action.
fn step<G: CaseGame>(
    game: &mut G,
    text: &str,
    events: &mut Vec<G::Event>,
) -> Result<StepRun, String> {
    let strings = |events: &[G::Event]| events.iter().map(|e| e.to_string()).collect();
    if let Ok(chance) = text.parse::<G::Chance>() {
        game.apply_chance_with_events(chance, events)
            .map_err(|e| e.to_string())?;
        return Ok(StepRun::Chance {
            outcome: chance.to_string(),
            events: strings(events),
        });
    }
    let action: G::Action = text.parse().map_err(|e| format!("{e}"))?;
    let by = game.to_move();
    game.apply_with_events(action, events)
        .map_err(|e| e.to_string())?;
    Ok(StepRun::Action {
        by,
        action: action.to_string(),
        events: strings(events),
    })
}

fn check<G: CaseGame>(game: &G, events: &[G::Event], fact: &str) -> Result<(), String> {
    let words: Vec<&str> = fact.split_whitespace().collect();
    let action = |rest: &[&str]| -> Result<G::Action, String> {
        let text = rest.join(" ");
        text.parse::<G::Action>()
            .map_err(|e| format!("`{text}` is not an action: {e}"))
    };
    match words.as_slice() {
        [verdict @ ("legal" | "illegal"), rest @ ..] => {
            let action = action(rest)?;
            let listed = game.legal_action_vec().contains(&action);
            let mut copy = game.clone();
            let accepted = copy.apply(action).is_ok();
            if listed != accepted {
                return Err(format!(
                    "the legal list ({listed}) and apply ({accepted}) disagree on `{action}`"
                ));
            }
            expect_eq(listed, *verdict == "legal")
        }
        ["only", rest @ ..] => {
            let notation = |actions: Vec<G::Action>| -> Vec<String> {
                actions.iter().map(|a| a.to_string()).collect()
            };
            expect_eq(
                notation(game.legal_action_vec()),
                notation(vec![action(rest)?]),
            )
        }
        ["legal-count", n] => {
            let n: usize = word(n, "a number")?;
            expect_eq(game.legal_action_vec().len(), n)
        }
        ["illegal-chance", rest @ ..] => {
            let text = rest.join(" ");
            let outcome: G::Chance = text
                .parse()
                .map_err(|e| format!("`{text}` is not a chance outcome: {e}"))?;
            let mut outcomes = Vec::new();
            game.chance_outcomes(&mut outcomes);
            let listed = outcomes.iter().any(|(o, _)| *o == outcome);
            let mut copy = game.clone();
            let accepted = copy.apply_chance(outcome).is_ok();
            if listed != accepted {
                return Err(format!(
                    "the chance outcomes ({listed}) and apply_chance ({accepted}) disagree on `{outcome}`"
                ));
            }
            expect_eq(listed, false)
        }
        ["to-move", "chance"] => expect_eq(game.to_move(), ToMove::Chance),
        ["to-move", "over"] => expect_eq(game.to_move(), ToMove::Terminal),
        ["to-move", s] => expect_eq(game.to_move(), ToMove::Seat(seat(s)?)),
        ["end", "rules"] => expect_eq(game.end_reason(), Some(crate::EndReason::Rules)),
        ["end", "turn-limit"] => expect_eq(game.end_reason(), Some(crate::EndReason::TurnLimit)),
        ["rank", s, n] => {
            let standings = game.standings().ok_or("the game is not over")?;
            let n: usize = n.parse().map_err(|_| format!("`{n}` is not a rank"))?;
            expect_eq(standings.rank(seat(s)?), Some(n))
        }
        ["event", ..] | ["no-event", ..] => {
            let wanted = words[0] == "event";
            let text = fact[words[0].len()..].trim();
            let found = events.iter().any(|e| e.to_string() == text);
            if found == wanted {
                Ok(())
            } else {
                let all: Vec<String> = events.iter().map(|e| format!("`{e}`")).collect();
                let all = if all.is_empty() {
                    "none".to_owned()
                } else {
                    all.join(", ")
                };
                Err(format!("events of the last step: {all}"))
            }
        }
        _ => game
            .check_fact(fact)
            .unwrap_or_else(|| Err(format!("unknown expectation `{fact}`"))),
    }
}

impl<G: CaseGame> fmt::Display for Transcript<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.id)?;
        for line in &self.source {
            writeln!(f, "# {line}")?;
        }
        for (n, scenario) in self.scenarios.iter().enumerate() {
            writeln!(f, "\n== scenario {} ==", n + 1)?;
            let (before, steps, after) = match scenario {
                ScenarioRun::Played {
                    before,
                    steps,
                    after,
                } => (before, steps, after),
                ScenarioRun::Refused {
                    position,
                    violations,
                    steps,
                } => {
                    write!(f, "-- refused --\n{position}")?;
                    writeln!(f, "-- violations --")?;
                    if violations.is_empty() {
                        writeln!(f, "none: the position is accepted")?;
                    }
                    for v in violations {
                        writeln!(f, "{}: {}", v.name, v.message)?;
                    }
                    writeln!(f, "-- script --")?;
                    write_steps(f, steps)?;
                    continue;
                }
            };
            write!(f, "-- before --\n{}", before.position())?;
            writeln!(f, "-- script --")?;
            write_steps(f, steps)?;
            write!(f, "-- after --\n{}", after.position())?;
            let standings = after.standings_lines();
            if !standings.is_empty() {
                writeln!(f, "-- standings --")?;
                for line in standings {
                    writeln!(f, "{line}")?;
                }
            }
        }
        Ok(())
    }
}

/// A script's steps as the transcript writes them.
fn write_steps(f: &mut fmt::Formatter<'_>, steps: &[StepRun]) -> fmt::Result {
    for step in steps {
        match step {
            StepRun::Action { by, action, events } => {
                writeln!(f, "{by}: {action}")?;
                for e in events {
                    writeln!(f, "  * {e}")?;
                }
            }
            StepRun::Chance { outcome, events } => {
                writeln!(f, "chance: {outcome}")?;
                for e in events {
                    writeln!(f, "  * {e}")?;
                }
            }
            StepRun::Checked(fact) => writeln!(f, "ok: {fact}")?,
            StepRun::Failed { fact, message } => writeln!(f, "FAILED: {fact}: {message}")?,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_case_files_are_errors() {
        assert!(matches!(
            Case::parse("X", "# only a header\n"),
            Err(CaseError::Format { .. })
        ));
        assert!(matches!(
            Case::parse("X", "[script]\npass\n"),
            Err(CaseError::Format { .. })
        ));
        assert!(matches!(
            Case::parse("X", "stray\n[position]\n"),
            Err(CaseError::Format { .. })
        ));
        let case = Case::parse("X", "[start]\ntoy players 2\n[script]\nstep\n").unwrap();
        assert_eq!(
            case.scenarios[0].start,
            Start::Configuration("toy players 2\n".into())
        );
        let case = Case::parse("X", "#a\n\n[position]\nP\n[script]\n# note\n\nstep\n").unwrap();
        assert_eq!(case.scenarios[0].script.len(), 1);
    }
}
