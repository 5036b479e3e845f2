//! Saved states edited by hand: [`check_tampered_states`], and [`play_on`], the checks an
//! accepted state plays on with.

use mesopotamia_core::chance::{sample_weighted, uniform_below};
use mesopotamia_core::game::{Game, ToMove};
use mesopotamia_core::rand_core::Rng;
use mesopotamia_core::seat::Seat;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::states::random_step;

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
