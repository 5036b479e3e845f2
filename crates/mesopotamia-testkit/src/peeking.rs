//! Bots that never peek: [`check_no_peeking`].

use mesopotamia_core::game::{Game, ToMove};
use mesopotamia_core::rand_core::Rng;
use mesopotamia_core::seat::Seat;

use crate::states::random_step;

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
