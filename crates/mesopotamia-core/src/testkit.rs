//! The conformance kit: a generic random-simulation check that every game's tests run.
//!
//! [`check_conformance`] plays seeded random games and checks, at every step, the
//! contract of [`Game`]: sorted unique legal actions that `apply` accepts; random
//! illegal indices refused with the state unchanged; index and action round-trips;
//! clones equal; state and every view survive serde; views unchanged by resampling
//! what they hide; who sees a chance event ([`Game::chance_seen_by`]) as the views tell
//! it; the game ends within its bound; the record replays to the state.
//!
//! [`check_fast_paths`] checks the random-play fast paths of [`Game`]
//! ([`sample_legal_action`](Game::sample_legal_action), [`play_random`](Game::play_random),
//! [`sample_chance`](Game::sample_chance), [`play_chance_random`](Game::play_chance_random)):
//! every draw is in the lists and each `play_*` call is its sampler followed by the checked
//! `apply` ([`check_sampling`]), an exact sampler plays the very games of the reference
//! draws ([`check_exact_sampler`]), and every sampler passes a chi-square test of uniformity
//! ([`check_sampler_uniformity`]).
//!
//! Failures panic with a message naming the game, the step and the check, as a test
//! helper should.

use std::collections::BTreeSet;

use rand_core::Rng;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::chance::{sample_weighted, uniform_below};
use crate::game::{Game, ToMove};
use crate::record::{GameRecord, Step};
use crate::seat::Seat;

pub mod hostile;
pub mod legend;
pub mod perft;
mod sampling;
pub use sampling::{
    ExactReport, FastPathOptions, FastPathReport, SamplingReport, UniformityOptions,
    UniformityReport, check_exact_sampler, check_example_samplers, check_fast_paths,
    check_sampler_uniformity, check_samplers_at, check_sampling, chi_square_p_value,
};

/// How thorough [`check_conformance`] is.
#[derive(Clone, Debug)]
pub struct ConformanceOptions {
    /// Random games to play.
    pub games: usize,
    /// Random action indices tried at each decision; those not legal must be refused.
    pub illegal_probes: usize,
    /// Apply every legal action to a clone at each decision (otherwise a few).
    pub apply_every_legal: bool,
    /// Check serde and view resampling every this many steps (1: every step).
    pub deep_check_every: usize,
}

impl Default for ConformanceOptions {
    fn default() -> Self {
        ConformanceOptions {
            games: 20,
            illegal_probes: 4,
            apply_every_legal: true,
            deep_check_every: 1,
        }
    }
}

/// What a conformance run saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConformanceReport {
    /// Games played to the end.
    pub games: usize,
    /// Decisions taken.
    pub decisions: usize,
    /// Chance events resolved.
    pub chance_events: usize,
    /// Longest game, in steps.
    pub longest_game: usize,
    /// Illegal actions tried and refused.
    pub illegal_refused: usize,
    /// Chance events, on the deep-check steps ([`ConformanceOptions::deep_check_every`]),
    /// whose outcomes every seat's view told apart (or not) as [`Game::chance_seen_by`] says.
    pub chance_seen_checked: usize,
}

fn json_round_trip<T: Serialize + DeserializeOwned>(value: &T, what: &str) -> T {
    let text = serde_json::to_string(value)
        .unwrap_or_else(|e| panic!("{what}: serialization failed: {e}"));
    serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{what}: deserialization failed: {e}\n{text}"))
}

/// Plays up to `steps` steps of `game` without an RNG, step `i` taking chance outcome
/// `i % n` of `n` and legal action `7 * i % n`: a varied position, the same every time, for
/// tests that need one (saved forms, views). Stops early at the end of the game.
///
/// # Panics
/// If the game refuses an outcome or action it listed itself.
pub fn walk<G: Game>(game: &mut G, steps: usize) {
    let (mut outcomes, mut legal) = (Vec::new(), Vec::new());
    for step in 0..steps {
        match game.to_move() {
            ToMove::Chance => {
                game.chance_outcomes(&mut outcomes);
                let (outcome, _) = outcomes[step % outcomes.len()];
                if let Err(e) = game.apply_chance(outcome) {
                    panic!("step {step}: a listed chance outcome refused: {e}");
                }
            }
            ToMove::Seat(_) => {
                game.legal_actions(&mut legal);
                let action = legal[(step * 7) % legal.len()];
                if let Err(e) = game.apply(action) {
                    panic!("step {step}: a listed action refused: {e}");
                }
            }
            ToMove::Terminal => break,
        }
    }
}

/// Every state of one uniform random game from `game`, chance nodes and the end included,
/// `game` first, at most `at_most` of them: positions of every kind for tests of views and
/// observations. Played through the fast paths, as [`crate::driver::random_playout`] plays.
///
/// # Panics
/// If the game refuses its own random step.
pub fn random_states<G: Game, R: Rng + ?Sized>(mut game: G, rng: &mut R, at_most: usize) -> Vec<G> {
    let mut out = vec![game.clone()];
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    while !game.is_terminal() && out.len() < at_most {
        let refused = if game.to_move() == ToMove::Chance {
            game.play_chance_random(rng, &mut outcomes)
                .err()
                .map(|e| e.to_string())
        } else {
            game.play_random(rng, &mut legal)
                .err()
                .map(|e| e.to_string())
        };
        if let Some(e) = refused {
            panic!(
                "state {}: the game refused its own random step: {e}",
                out.len()
            );
        }
        out.push(game.clone());
    }
    out
}

/// Plays `options.games` random games of `config`, checking the contract of [`Game`]
/// at every step, with randomness from `rng`.
///
/// # Panics
/// On the first broken rule of the contract, with a message that says which.
pub fn check_conformance<G, R>(
    config: &G::Config,
    options: &ConformanceOptions,
    rng: &mut R,
) -> ConformanceReport
where
    G: Game + Serialize + DeserializeOwned,
    G::View: Serialize + DeserializeOwned,
    G::Config: Serialize + DeserializeOwned,
    R: Rng,
{
    let mut report = ConformanceReport::default();
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    for game_number in 0..options.games {
        let mut state =
            G::new(config).unwrap_or_else(|e| panic!("{}: config refused: {e}", G::NAME));
        let mut record = GameRecord::<G>::new(config.clone());
        check_action_space(&state);
        let bound = state.max_steps();
        loop {
            let step = record.steps.len();
            let at = format!("{} game {game_number} step {step}", G::NAME);
            assert!(
                step <= bound,
                "{at}: the game exceeds its bound of {bound} steps"
            );
            assert_eq!(
                state.clone(),
                state,
                "{at}: a clone differs from the original"
            );
            if step % options.deep_check_every.max(1) == 0 {
                deep_checks(&state, &at, rng);
            }
            match state.to_move() {
                ToMove::Terminal => {
                    assert!(
                        state.standings().is_some(),
                        "{at}: a finished game has no standings"
                    );
                    state.legal_actions(&mut legal);
                    assert!(legal.is_empty(), "{at}: legal actions after the end");
                    break;
                }
                ToMove::Chance => {
                    assert!(
                        state.standings().is_none(),
                        "{at}: standings before the end"
                    );
                    state.chance_outcomes(&mut outcomes);
                    assert!(!outcomes.is_empty(), "{at}: a chance node without outcomes");
                    assert!(
                        outcomes.windows(2).all(|w| w[0].0 < w[1].0),
                        "{at}: chance outcomes not sorted and unique: {outcomes:?}"
                    );
                    assert!(
                        outcomes.iter().all(|&(_, w)| w > 0),
                        "{at}: a zero weight in {outcomes:?}"
                    );
                    if step % options.deep_check_every.max(1) == 0 {
                        report.chance_seen_checked +=
                            usize::from(check_chance_seen_by(&state, &outcomes, &at));
                    }
                    let outcome = sample_weighted(rng, &outcomes).expect("positive weights");
                    state
                        .apply_chance(outcome)
                        .unwrap_or_else(|e| panic!("{at}: chance outcome {outcome} refused: {e}"));
                    record.steps.push(Step::Chance(outcome));
                    report.chance_events += 1;
                }
                ToMove::Seat(seat) => {
                    assert!(
                        state.standings().is_none(),
                        "{at}: standings before the end"
                    );
                    report.illegal_refused += check_decision(&state, &mut legal, options, &at, rng);
                    let action = legal[uniform_below(rng, legal.len() as u32) as usize];
                    state
                        .apply(action)
                        .unwrap_or_else(|e| panic!("{at}: legal action {action} refused: {e}"));
                    record.steps.push(Step::Action(seat, action));
                    report.decisions += 1;
                }
            }
        }
        report.longest_game = report.longest_game.max(record.steps.len());
        let replayed = record.replay().unwrap_or_else(|e| {
            panic!(
                "{} game {game_number}: the record does not replay: {e}",
                G::NAME
            )
        });
        assert_eq!(
            replayed,
            state,
            "{} game {game_number}: replay differs",
            G::NAME
        );
        let record_back: GameRecord<G> = json_round_trip(&record, "game record");
        assert_eq!(
            record_back,
            record,
            "{} game {game_number}: record serde round-trip",
            G::NAME
        );
        report.games += 1;
    }
    report
}

/// A way of playing that tries not to end the game, for [`check_termination`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stalling {
    /// Pass whenever passing is legal (the game says which action passes), else random.
    Pass,
    /// Always the first legal action.
    First,
    /// Always the last legal action.
    Last,
    /// Uniformly random legal actions.
    Random,
}

impl Stalling {
    /// Every policy.
    pub const ALL: [Stalling; 4] = [
        Stalling::Pass,
        Stalling::First,
        Stalling::Last,
        Stalling::Random,
    ];
}

/// How games ended under one [`Stalling`] policy.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TerminationReport {
    /// Games played to their end.
    pub games: usize,
    /// Of those, the games that ended on a turn limit rather than by the rules.
    pub on_limit: usize,
    /// Longest game, in steps.
    pub longest_game: usize,
}

/// Plays `games` games of `config` under `policy` (chance sampled by weight from `rng`)
/// and checks that each ends within [`Game::max_steps`], with standings and an
/// [`EndReason`](crate::EndReason). `is_pass` says which actions pass.
///
/// # Panics
/// When a game runs past its bound, or breaks the contract on the way.
pub fn check_termination<G: Game, R: Rng>(
    config: &G::Config,
    policy: Stalling,
    is_pass: impl Fn(&G::Action) -> bool,
    games: usize,
    rng: &mut R,
) -> TerminationReport {
    let mut report = TerminationReport::default();
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    for game in 0..games {
        let mut state =
            G::new(config).unwrap_or_else(|e| panic!("{}: config refused: {e}", G::NAME));
        let bound = state.max_steps();
        let mut steps = 0;
        loop {
            let at = format!("{} {policy:?} game {game} step {steps}", G::NAME);
            assert!(
                steps <= bound,
                "{at}: no end within the bound of {bound} steps"
            );
            match state.to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => {
                    state.chance_outcomes(&mut outcomes);
                    let outcome = sample_weighted(rng, &outcomes)
                        .unwrap_or_else(|| panic!("{at}: a chance node without outcomes"));
                    state
                        .apply_chance(outcome)
                        .unwrap_or_else(|e| panic!("{at}: chance outcome {outcome} refused: {e}"));
                }
                ToMove::Seat(_) => {
                    state.legal_actions(&mut legal);
                    assert!(!legal.is_empty(), "{at}: no legal action");
                    let random =
                        |rng: &mut R| legal[uniform_below(rng, legal.len() as u32) as usize];
                    let action = match policy {
                        Stalling::Pass => match legal.iter().find(|a| is_pass(a)) {
                            Some(&pass) => pass,
                            None => random(rng),
                        },
                        Stalling::First => legal[0],
                        Stalling::Last => legal[legal.len() - 1],
                        Stalling::Random => random(rng),
                    };
                    state
                        .apply(action)
                        .unwrap_or_else(|e| panic!("{at}: legal action {action} refused: {e}"));
                }
            }
            steps += 1;
        }
        assert!(
            state.standings().is_some(),
            "{} {policy:?} game {game}: over without standings",
            G::NAME
        );
        match state.end_reason() {
            Some(crate::EndReason::TurnLimit) => report.on_limit += 1,
            Some(_) => {}
            None => panic!(
                "{} {policy:?} game {game}: over without an end reason",
                G::NAME
            ),
        }
        report.games += 1;
        report.longest_game = report.longest_game.max(steps);
    }
    report
}

/// What [`check_tampered_states`] saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TamperReport {
    /// Tampered texts tried (states and views).
    pub tried: usize,
    /// Of those, the ones deserialization accepted (and that then played on).
    pub accepted: usize,
}

/// Changes a few digits of `text` at random (a digit replaced, inserted or removed), as
/// someone editing saved JSON might.
fn tamper<R: Rng>(text: &str, rng: &mut R) -> String {
    let mut bytes: Vec<u8> = text.as_bytes().to_vec();
    let digits: Vec<usize> = (0..bytes.len())
        .filter(|&i| bytes[i].is_ascii_digit())
        .collect();
    if digits.is_empty() {
        return text.to_owned();
    }
    for _ in 0..=uniform_below(rng, 3) {
        let at = digits[uniform_below(rng, digits.len() as u32) as usize].min(bytes.len() - 1);
        let digit = b'0' + uniform_below(rng, 10) as u8;
        match uniform_below(rng, 4) {
            0 => bytes.insert(at, digit),
            1 if bytes.len() > 1 => {
                bytes.remove(at);
            }
            _ => bytes[at] = digit,
        }
    }
    String::from_utf8(bytes).unwrap_or_else(|_| text.to_owned())
}

/// Plays random games of `config`; every few steps serializes the state and each seat's
/// view to JSON, changes some of their digits at random `tries` times, and reads them
/// back. A tampered text is either refused with an error or accepted; an accepted state
/// then plays `steps_after` random steps with every check of a legal list, none of which
/// may panic.
///
/// # Panics
/// When an accepted state breaks the contract or the engine panics on it.
pub fn check_tampered_states<G, R>(
    config: &G::Config,
    games: usize,
    tries: usize,
    steps_after: usize,
    rng: &mut R,
) -> TamperReport
where
    G: Game + Serialize + DeserializeOwned,
    G::View: Serialize + DeserializeOwned,
    R: Rng,
{
    let mut report = TamperReport::default();
    let mut outcomes = Vec::new();
    for game in 0..games {
        let mut state =
            G::new(config).unwrap_or_else(|e| panic!("{}: config refused: {e}", G::NAME));
        let mut step = 0usize;
        while !state.is_terminal() {
            if step % 37 == 11 {
                let json = serde_json::to_string(&state).expect("a state serializes");
                for _ in 0..tries {
                    let text = tamper(&json, rng);
                    report.tried += 1;
                    if let Ok(mut tampered) = serde_json::from_str::<G>(&text) {
                        report.accepted += 1;
                        let at = format!("{} game {game} step {step}, tampered: {text}", G::NAME);
                        play_on(&mut tampered, steps_after, &at, rng);
                    }
                }
                for seat in Seat::all(state.seat_count()) {
                    let json = serde_json::to_string(&state.view(seat)).expect("a view serializes");
                    let text = tamper(&json, rng);
                    report.tried += 1;
                    if serde_json::from_str::<G::View>(&text).is_ok() {
                        report.accepted += 1;
                    }
                }
            }
            if !random_step(&mut state, &mut outcomes, rng) {
                break;
            }
            step += 1;
        }
    }
    report
}

/// One random step: a uniformly random legal action or a chance outcome by weight.
/// `false` at the end.
fn random_step<G: Game, R: Rng>(
    state: &mut G,
    outcomes: &mut Vec<(G::Chance, u32)>,
    rng: &mut R,
) -> bool {
    match state.to_move() {
        ToMove::Terminal => false,
        ToMove::Chance => {
            state.chance_outcomes(outcomes);
            match sample_weighted(rng, outcomes) {
                Some(o) => state.apply_chance(o).is_ok(),
                None => false,
            }
        }
        ToMove::Seat(_) => {
            let legal = state.legal_action_vec();
            if legal.is_empty() {
                return false;
            }
            let action = legal[uniform_below(rng, legal.len() as u32) as usize];
            state.apply(action).is_ok()
        }
    }
}

/// Plays `steps` random steps from an accepted (possibly tampered) state with the checks
/// of the contract that need no history: legal lists sorted and accepted, chance outcomes
/// positive, views and standings computable. `at` names the state in the messages.
///
/// # Panics
/// When the state breaks one of those checks, or the engine panics on it.
pub fn play_on<G: Game, R: Rng>(state: &mut G, steps: usize, at: &str, rng: &mut R) {
    let mut outcomes = Vec::new();
    for n in 0..steps {
        for seat in Seat::all(state.seat_count()) {
            let _ = state.view(seat);
        }
        let _ = state.standings();
        match state.to_move() {
            ToMove::Terminal => return,
            ToMove::Chance => {
                state.chance_outcomes(&mut outcomes);
                assert!(
                    !outcomes.is_empty(),
                    "{at}, {n} steps on: a chance node without outcomes"
                );
                let o = sample_weighted(rng, &outcomes).expect("positive weights");
                state
                    .apply_chance(o)
                    .unwrap_or_else(|e| panic!("{at}, {n} steps on: outcome {o} refused: {e}"));
            }
            ToMove::Seat(_) => {
                let legal = state.legal_action_vec();
                assert!(!legal.is_empty(), "{at}, {n} steps on: no legal action");
                assert!(
                    legal.windows(2).all(|w| w[0] < w[1]),
                    "{at}, {n} steps on: legal actions not sorted"
                );
                let action = legal[uniform_below(rng, legal.len() as u32) as usize];
                state
                    .apply(action)
                    .unwrap_or_else(|e| panic!("{at}, {n} steps on: legal {action} refused: {e}"));
            }
        }
    }
}

/// Every index names an action and back; nothing beyond the space does.
fn check_action_space<G: Game>(state: &G) {
    let size = state.action_space_size();
    assert!(size > 0, "{}: empty action space", G::NAME);
    let mut previous: Option<G::Action> = None;
    for index in 0..size {
        let action = state
            .action_from_index(index)
            .unwrap_or_else(|| panic!("{}: index {index} of {size} names no action", G::NAME));
        assert_eq!(
            state.action_index(action),
            index,
            "{}: index round-trip of {action}",
            G::NAME
        );
        let text = action.to_string();
        let parsed: G::Action = text
            .parse()
            .unwrap_or_else(|e| panic!("{}: notation `{text}` does not parse back: {e}", G::NAME));
        assert_eq!(
            parsed,
            action,
            "{}: notation round-trip of `{text}`",
            G::NAME
        );
        if let Some(p) = previous {
            assert!(
                p < action,
                "{}: action order disagrees with index order at {index}",
                G::NAME
            );
        }
        previous = Some(action);
    }
    assert!(
        state.action_from_index(size).is_none(),
        "{}: an action beyond the space",
        G::NAME
    );
}

/// Returns the number of illegal actions refused.
fn check_decision<G: Game, R: Rng>(
    state: &G,
    legal: &mut Vec<G::Action>,
    options: &ConformanceOptions,
    at: &str,
    rng: &mut R,
) -> usize {
    state.legal_actions(legal);
    assert!(
        !legal.is_empty(),
        "{at}: a seat to move without a legal action"
    );
    let size = state.action_space_size();
    let mut previous_index = None;
    for (k, &action) in legal.iter().enumerate() {
        if k > 0 {
            assert!(
                legal[k - 1] < action,
                "{at}: legal actions not sorted and unique: {legal:?}"
            );
        }
        let index = state.action_index(action);
        assert!(
            index < size,
            "{at}: index {index} of {action} beyond the space {size}"
        );
        assert!(
            previous_index < Some(index),
            "{at}: legal action indices not ascending"
        );
        previous_index = Some(index);
        assert_eq!(
            state.action_from_index(index),
            Some(action),
            "{at}: index round-trip"
        );
    }
    let mask = state.legal_mask();
    assert_eq!(
        mask.iter().filter(|&&m| m).count(),
        legal.len(),
        "{at}: legal mask size"
    );
    let tries: Vec<G::Action> = if options.apply_every_legal {
        legal.clone()
    } else {
        (0..3)
            .map(|_| legal[uniform_below(rng, legal.len() as u32) as usize])
            .collect()
    };
    for action in tries {
        let mut copy = state.clone();
        if let Err(e) = copy.apply(action) {
            panic!("{at}: legal action {action} refused: {e}");
        }
    }
    let legal_set: BTreeSet<G::Action> = legal.iter().copied().collect();
    let mut refused = 0;
    for _ in 0..options.illegal_probes {
        let index = uniform_below(rng, size as u32) as usize;
        let Some(action) = state.action_from_index(index) else {
            panic!("{at}: index {index} names no action");
        };
        if legal_set.contains(&action) {
            continue;
        }
        let mut copy = state.clone();
        assert!(
            copy.apply(action).is_err(),
            "{at}: illegal action {action} accepted"
        );
        assert_eq!(&copy, state, "{at}: refusing {action} changed the state");
        refused += 1;
    }
    refused
}

/// Checks [`Game::chance_seen_by`] against the views at a chance node: after two outcomes
/// (the first and the last) that leave different states, every seat that sees the event
/// tells them apart, and every other seat's view is the same (what it is not shown does not
/// leak). Returns whether there were two such outcomes to compare.
fn check_chance_seen_by<G: Game>(state: &G, outcomes: &[(G::Chance, u32)], at: &str) -> bool {
    let (Some(&(first, _)), Some(&(last, _))) = (outcomes.first(), outcomes.last()) else {
        return false;
    };
    if first == last {
        return false;
    }
    let after = |outcome: G::Chance| {
        let mut next = state.clone();
        next.apply_chance(outcome)
            .unwrap_or_else(|e| panic!("{at}: chance outcome {outcome} refused: {e}"));
        next
    };
    let (a, b) = (after(first), after(last));
    // Outcomes with the same effect (two faces of a die that do the same) show nothing.
    if a == b {
        return false;
    }
    let seen = state.chance_seen_by();
    for seat in Seat::all(state.seat_count()) {
        let told_apart = a.view(seat) != b.view(seat);
        assert_eq!(
            told_apart,
            seen.contains(seat),
            "{at}: seat {seat} {} the outcomes {first} and {last} apart, but chance_seen_by \
             says it {} the event",
            if told_apart { "tells" } else { "cannot tell" },
            if seen.contains(seat) {
                "sees"
            } else {
                "does not see"
            },
        );
    }
    true
}

fn deep_checks<G, R>(state: &G, at: &str, rng: &mut R)
where
    G: Game + Serialize + DeserializeOwned,
    G::View: Serialize + DeserializeOwned,
    R: Rng,
{
    let back: G = json_round_trip(state, at);
    assert_eq!(&back, state, "{at}: state serde round-trip");
    for seat in Seat::all(state.seat_count()) {
        let view = state.view(seat);
        let view_back: G::View = json_round_trip(&view, at);
        assert_eq!(
            view_back, view,
            "{at}: view of seat {seat} serde round-trip"
        );
        let other = state.resample_hidden(seat, rng);
        assert_eq!(
            other.view(seat),
            view,
            "{at}: the view of seat {seat} changed when its hidden information was resampled"
        );
        assert_eq!(
            other.to_move(),
            state.to_move(),
            "{at}: resampling changed who is to move"
        );
        if state.to_move() == ToMove::Seat(seat) {
            assert_eq!(
                other.legal_action_vec(),
                state.legal_action_vec(),
                "{at}: resampling changed the legal actions of the seat to move"
            );
        }
    }
}

/// Runs every rule example of a game and returns `(identifier, transcript text)` pairs for
/// the caller to snapshot, after checking that `dir` holds exactly the case files the game
/// embeds (`ID.case` for each identifier of `examples`, and no other).
///
/// Panics when a case cannot be read or an expectation does not hold, naming every
/// failure of every case with its line (not only the first).
pub fn run_examples<G: crate::cases::CaseGame>(
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
        let case = match crate::cases::Case::parse(id, text) {
            Ok(case) => case,
            Err(e) => {
                failures.push(e.to_string());
                continue;
            }
        };
        let (transcript, errors) = crate::cases::run_all::<G>(&case);
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
pub fn example_states<G: crate::cases::CaseGame>(examples: &[(&str, &str)]) -> Vec<(String, G)> {
    use crate::cases::{Case, ScenarioRun, StepRun};
    let mut states = Vec::new();
    for (id, text) in examples {
        let case = Case::parse(id, text).unwrap_or_else(|e| panic!("{e}"));
        let transcript = crate::cases::run::<G>(&case).unwrap_or_else(|e| panic!("{e}"));
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
pub fn check_example_positions<G: crate::cases::CaseGame>(examples: &[(&str, &str)]) -> usize {
    let states = example_states::<G>(examples);
    for (at, game) in &states {
        check_position_read_back(game, at);
    }
    states.len()
}

/// Plays `games` seeded random games of `config` (the first from `start` when given, so that
/// a record with a start position is checked too) and checks that each record converts to
/// the game text and back without loss: the record read back equals the record, and its
/// text is the same text. Returns the texts, for the caller to look at or snapshot.
///
/// Panics naming the game and the difference.
pub fn check_game_texts<G, R>(config: &G::Config, games: usize, rng: &mut R) -> Vec<String>
where
    G: crate::cases::CaseGame + crate::record::text::Turns,
    R: Rng,
{
    use crate::record::text;
    let check = |record: &GameRecord<G>, at: &str| -> String {
        let written = text::write(record).unwrap_or_else(|e| panic!("{at}: {e}"));
        let read: GameRecord<G> =
            text::read(&written).unwrap_or_else(|e| panic!("{at}: {e}\n{written}"));
        assert_eq!(
            &read, record,
            "{at}: read back as another record\n{written}"
        );
        assert_eq!(text::write(&read).unwrap(), written, "{at}");
        written
    };
    let mut texts = Vec::new();
    let seats = G::new(config)
        .unwrap_or_else(|_| panic!("a bad configuration"))
        .seat_count();
    for i in 0..games {
        let mut bots = vec![crate::driver::RandomBot; seats];
        let outcome = crate::driver::play_match(config, &mut bots, rng)
            .unwrap_or_else(|e| panic!("game {i}: {}", e.error));
        let mut record = outcome.record.with_seed(i as u64);
        record.bots = vec!["random".to_owned(); seats];
        texts.push(check(&record, &format!("game {i}")));
        // Stopped half-way: no `End` or `Ranks`, and it reads back too.
        let mut half = record.clone();
        half.steps.truncate(record.steps.len() / 2);
        half.end = None;
        let written = check(&half, &format!("game {i}, half"));
        assert!(
            !written.contains("[End ") && !written.contains("[Ranks "),
            "{written}"
        );
        // Played on from where the half stopped, as a record with a start position.
        let start = half.replay_from(G::record_start(&half).unwrap()).unwrap();
        let from = GameRecord::new(config.clone()).with_start(start.position());
        let outcome = crate::driver::play_from(start, from, &mut bots, rng)
            .unwrap_or_else(|e| panic!("game {i}, from its half: {}", e.error));
        let written = check(&outcome.record, &format!("game {i}, from its half"));
        assert!(written.contains("[Start "), "{written}");
    }
    texts
}

/// Checks that `game`'s position reads back as the same game, from its full text, from that
/// text with comment lines (`#`) and blank lines between its lines (a reader skips them),
/// and from its one-line form, and that every form writes the same position (no line of it
/// ending in a space).
///
/// Panics naming `at`, the text and the difference.
pub fn check_position_read_back<G: crate::cases::CaseGame>(game: &G, at: &str) {
    use crate::setup::Setup;
    let position = G::Position::from_game(game);
    let text = position.to_string();
    let line = position.to_one_line();
    assert!(
        !line.contains('\n') && crate::setup::one_line::is_one_line(&line),
        "{at}: the one-line form has several lines\n{line}"
    );
    // No line ends in a space: a reader who copies a position by hand keeps what he sees.
    if let Some(bad) = text.lines().find(|l| l.ends_with(' ')) {
        panic!("{at}: a line of the position ends in a space: `{bad}`\n{text}");
    }
    let annotated = format!(
        "# {at}\n\n{}\n# the end\n",
        text.lines().collect::<Vec<_>>().join("\n\n# a note\n")
    );
    for form in [&text, &annotated, &line] {
        let read: G::Position = form
            .parse()
            .unwrap_or_else(|e| panic!("{at}: the position does not parse: {e}\n{form}"));
        assert_eq!(
            read.to_string(),
            text,
            "{at}: read back as another position\n{form}"
        );
        match read.into_game() {
            Ok(back) => assert_eq!(&back, game, "{at}: read back as another game\n{form}"),
            Err(v) => panic!(
                "{at}: the position is refused: {}\n{form}",
                crate::cases::violations(&v)
            ),
        }
    }
}

/// Checks that every seat's redraw of what it cannot see ([`Game::resample_hidden`]) is a
/// position the game's validation accepts: the hidden pieces are dealt again from the pieces
/// the seat cannot see, none made and none lost as far as the validation counts them. And
/// one the game could have reached: read back, it stays as it is, so that no decision
/// pending in it is one the redrawn hands would have forced (a seat asked for its support
/// holds what gives it a choice).
///
/// Panics naming `at`, the seat and the violations or the state's difference.
pub fn check_redrawn_positions<G: crate::cases::CaseGame, R: Rng>(game: &G, at: &str, rng: &mut R) {
    use crate::setup::Setup;
    for seat in Seat::all(game.seat_count()) {
        let redrawn = game.resample_hidden(seat, rng);
        let position = G::Position::from_game(&redrawn);
        let text = position.to_string();
        match position.into_game() {
            Ok(back) => assert!(
                back == redrawn,
                "{at}: seat {seat}'s redraw is a state the game never makes: read back, it \
                 moves on (a decision the redrawn hands would force)\n{text}"
            ),
            Err(v) => panic!(
                "{at}: seat {seat}'s redraw is refused: {}\n{text}",
                crate::cases::violations(&v)
            ),
        }
    }
}

/// Runs every case file of `dir` (a game's `tests/cases/refused`: positions its validation
/// must refuse), each of whose scenarios must be an `expect refused` one. Returns the
/// `(identifier, transcript text)` pairs, sorted, for the caller to snapshot, and the names
/// of the violations reported, for the caller to check that every check has its case.
///
/// Panics when a case cannot be read, a scenario is played instead of refused, or a
/// refusal is not the one expected, naming every failure.
pub fn run_refused<G: crate::cases::CaseGame>(
    dir: &std::path::Path,
) -> (Vec<(String, String)>, BTreeSet<&'static str>) {
    use crate::cases::{Case, ScenarioRun};
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
        let (transcript, errors) = crate::cases::run_all::<G>(&case);
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

/// What [`check_no_peeking`] compared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PeekReport {
    /// Decisions compared between a state and its twin.
    pub decisions: usize,
    /// Of those, decisions whose twin hid something different (a twin unequal to the state).
    pub hidden_differs: usize,
}

/// A bot that never peeks decides the same in two states its seat cannot tell apart.
///
/// Plays `games` random games of `config`; at decisions spread over each game, makes a twin
/// of the state with [`Game::resample_hidden`] from the deciding seat (so the seat's view is
/// the same, which is checked), and asserts that `decide(state, seat, legal, seed)` and
/// `decide(twin, seat, legal, seed)` choose the same action for the same seed.
///
/// # Panics
/// When a twin's view differs from the state's, its legal actions differ, or the decisions
/// differ: the bot (or `resample_hidden`) uses what the seat cannot see.
pub fn check_no_peeking<G, R>(
    config: &G::Config,
    games: usize,
    every: usize,
    mut decide: impl FnMut(&G, Seat, &[G::Action], u64) -> G::Action,
    rng: &mut R,
) -> PeekReport
where
    G: Game,
    R: Rng,
{
    let mut report = PeekReport::default();
    let mut outcomes = Vec::new();
    let every = every.max(1);
    for game in 0..games {
        let mut state =
            G::new(config).unwrap_or_else(|e| panic!("{}: config refused: {e}", G::NAME));
        let mut step = 0usize;
        while !state.is_terminal() {
            if let ToMove::Seat(seat) = state.to_move() {
                if step % every == every / 2 {
                    let twin = state.resample_hidden(seat, rng);
                    assert!(
                        twin.view(seat) == state.view(seat),
                        "{} game {game} step {step}: resample_hidden changed seat {seat}'s view",
                        G::NAME
                    );
                    let legal = state.legal_action_vec();
                    assert_eq!(
                        twin.legal_action_vec(),
                        legal,
                        "{} game {game} step {step}: the twin's legal actions differ",
                        G::NAME
                    );
                    let seed = rng.next_u64();
                    let here = decide(&state, seat, &legal, seed);
                    let there = decide(&twin, seat, &legal, seed);
                    assert_eq!(
                        here,
                        there,
                        "{} game {game} step {step}: seat {seat} decides {here} here but {there} \
                         in a state it cannot tell from this one",
                        G::NAME
                    );
                    report.decisions += 1;
                    if twin != state {
                        report.hidden_differs += 1;
                    }
                }
            }
            if !random_step(&mut state, &mut outcomes, rng) {
                break;
            }
            step += 1;
        }
    }
    report
}
