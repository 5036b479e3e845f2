//! The contract of [`Game`] checked at every step of seeded random games:
//! [`check_conformance`].

use std::collections::BTreeSet;

use mesopotamia_core::chance::{sample_weighted, uniform_below};
use mesopotamia_core::game::{Game, ToMove};
use mesopotamia_core::rand_core::Rng;
use mesopotamia_core::record::{GameRecord, Step};
use mesopotamia_core::seat::Seat;
use serde::Serialize;
use serde::de::DeserializeOwned;

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
