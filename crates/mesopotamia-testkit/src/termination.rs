//! Games that end, however they are played: [`check_termination`].

use mesopotamia_core::chance::{sample_weighted, uniform_below};
use mesopotamia_core::game::{Game, ToMove};
use mesopotamia_core::rand_core::Rng;

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
/// [`EndReason`](mesopotamia_core::EndReason). `is_pass` says which actions pass.
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
            Some(mesopotamia_core::EndReason::TurnLimit) => report.on_limit += 1,
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
