//! Positions for tests: a fixed walk into a game, the states of a random game, and the
//! random step the other checks play on with.

use mesopotamia_core::chance::{sample_weighted, uniform_below};
use mesopotamia_core::game::{Game, ToMove};
use mesopotamia_core::rand_core::Rng;

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
/// observations. Played through the fast paths, as [`mesopotamia_core::driver::random_playout`] plays.
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

/// One random step: a uniformly random legal action or a chance outcome by weight.
/// `false` at the end.
pub(crate) fn random_step<G: Game, R: Rng>(
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
