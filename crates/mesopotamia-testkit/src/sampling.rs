//! Checks of the random-play fast paths: membership, equivalence of `play_*` with their
//! samplers, identity of exact samplers with the reference draws, and chi-square tests of
//! uniformity.

use mesopotamia_core::rand_core::Rng;

use mesopotamia_core::chance::{pick_uniform, sample_weighted};
use mesopotamia_core::game::{Game, ToMove};
use mesopotamia_core::record::Step;

/// How thorough [`check_fast_paths`] is.
#[derive(Clone, Debug)]
pub struct FastPathOptions {
    /// Random games played for [`check_sampling`] and, when the game claims
    /// [`Game::EXACT_SAMPLING`], as many for [`check_exact_sampler`].
    pub games: usize,
    /// Extra draws from the samplers at every step, each checked against the lists.
    pub draws_per_step: usize,
    /// The chi-square test of [`check_sampler_uniformity`] (none when `positions` is 0).
    pub uniformity: UniformityOptions,
}

impl Default for FastPathOptions {
    fn default() -> Self {
        FastPathOptions {
            games: 10,
            draws_per_step: 4,
            uniformity: UniformityOptions::default(),
        }
    }
}

/// How [`check_sampler_uniformity`] tests.
#[derive(Clone, Debug)]
pub struct UniformityOptions {
    /// Positions to test: decisions with at least two legal actions and chance events with
    /// at least two outcomes, met in random games.
    pub positions: usize,
    /// Take a position at most every this many steps of a random game (spreads the positions
    /// over whole games; 1 takes every one).
    pub stride: usize,
    /// Expected draws of the least likely outcome at a position (at least 5 for the
    /// chi-square approximation to hold; the test's power grows with it).
    pub expected_per_outcome: u32,
    /// Most draws at one position; a position that would need more is skipped (and counted).
    pub max_draws_per_position: u64,
    /// The chance of a false failure allowed to each of the two tests (each position, with
    /// a Bonferroni correction over the positions; all positions pooled): a correct sampler
    /// fails with probability below twice this.
    pub significance: f64,
}

impl Default for UniformityOptions {
    fn default() -> Self {
        UniformityOptions {
            positions: 24,
            stride: 7,
            expected_per_outcome: 40,
            max_draws_per_position: 200_000,
            significance: 1e-6,
        }
    }
}

/// What [`check_sampling`] saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SamplingReport {
    /// Games played to the end.
    pub games: usize,
    /// Decisions at which the samplers were checked.
    pub decisions: usize,
    /// Chance events at which the samplers were checked.
    pub chance_events: usize,
    /// Draws checked against the lists (the extra draws and those of the `play_*` calls).
    pub draws: usize,
}

/// What [`check_exact_sampler`] saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExactReport {
    /// Games played twice, through the reference draws and through the fast paths.
    pub games: usize,
    /// Steps (decisions and chance events) compared.
    pub steps: usize,
}

/// What [`check_sampler_uniformity`] saw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UniformityReport {
    /// Decisions tested.
    pub decisions: usize,
    /// Chance events tested.
    pub chance_events: usize,
    /// Positions skipped because they would need more than the allowed draws.
    pub skipped: usize,
    /// Draws made in all.
    pub draws: u64,
    /// The smallest p-value of one position (1 when none was tested).
    pub smallest_p_value: f64,
    /// The chi-square statistic summed over all positions.
    pub statistic: f64,
    /// Its degrees of freedom (the outcomes of every position, less one per position).
    pub degrees_of_freedom: u64,
    /// The p-value of the pooled statistic (1 when none was tested).
    pub p_value: f64,
}

/// What [`check_fast_paths`] saw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FastPathReport {
    /// Membership and equivalence.
    pub sampling: SamplingReport,
    /// Identity with the reference draws, when the game claims [`Game::EXACT_SAMPLING`].
    pub exact: Option<ExactReport>,
    /// The chi-square test.
    pub uniformity: UniformityReport,
}

/// Checks the random-play fast paths of a game: [`check_sampling`] on `options.games` games,
/// [`check_exact_sampler`] on as many when the game claims [`Game::EXACT_SAMPLING`], and
/// [`check_sampler_uniformity`]. Every game's tests call it.
///
/// # Panics
/// On the first broken rule, with a message that says which.
pub fn check_fast_paths<G: Game, R: Rng + Clone>(
    config: &G::Config,
    options: &FastPathOptions,
    rng: &mut R,
) -> FastPathReport {
    let sampling = check_sampling::<G, R>(config, options.games, options.draws_per_step, rng);
    let exact = G::EXACT_SAMPLING.then(|| check_exact_sampler::<G, R>(config, options.games, rng));
    let uniformity = if options.uniformity.positions > 0 {
        check_sampler_uniformity::<G, R>(config, &options.uniformity, rng)
    } else {
        UniformityReport {
            smallest_p_value: 1.0,
            p_value: 1.0,
            ..UniformityReport::default()
        }
    };
    FastPathReport {
        sampling,
        exact,
        uniformity,
    }
}

/// Checks the samplers on given states (a game's [`example_states`](super::example_states),
/// which reach decisions random games seldom do): at each, `draws` times from the same RNG
/// state, that [`Game::sample_legal_action`] (or [`Game::sample_chance`]) draws a member of
/// the complete list (an outcome of positive weight), the very draw of the reference
/// ([`pick_uniform`], [`sample_weighted`]) when the game claims [`Game::EXACT_SAMPLING`], and
/// that [`Game::play_random`] (or [`Game::play_chance_random`]) plays that draw, leaving the
/// state `apply` leaves. Returns how many draws were checked.
///
/// # Panics
/// At the first state where a sampler breaks a rule, naming the state.
pub fn check_samplers_at<G: Game, R: Rng + Clone>(
    states: &[(String, G)],
    draws: usize,
    rng: &mut R,
) -> usize {
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let (mut scratch, mut chance_scratch) = (Vec::new(), Vec::new());
    let mut checked = 0;
    for (at, state) in states {
        for _ in 0..draws {
            let mut fast = state.clone();
            let mut fast_rng = rng.clone();
            match state.to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => {
                    state.chance_outcomes(&mut outcomes);
                    let reference = sample_weighted(&mut rng.clone(), &outcomes);
                    let sampled = state.sample_chance(&mut rng.clone(), &mut chance_scratch);
                    let Some(outcome) = sampled else {
                        panic!("{at}: sample_chance drew nothing at a chance node");
                    };
                    assert!(
                        outcomes.iter().any(|&(o, w)| o == outcome && w > 0),
                        "{at}: sample_chance drew {outcome}, not an outcome of positive weight"
                    );
                    if G::EXACT_SAMPLING {
                        assert_eq!(
                            sampled, reference,
                            "{at}: sample_chance (left) and the reference draw"
                        );
                    }
                    let played = fast
                        .play_chance_random(&mut fast_rng, &mut chance_scratch)
                        .unwrap_or_else(|e| panic!("{at}: play_chance_random: {e}"));
                    assert_eq!(
                        played, sampled,
                        "{at}: play_chance_random (left) and sample_chance"
                    );
                    let mut applied = state.clone();
                    applied
                        .apply_chance(outcome)
                        .unwrap_or_else(|e| panic!("{at}: {outcome} refused: {e}"));
                    assert!(
                        fast == applied,
                        "{at}: play_chance_random left another state than apply_chance"
                    );
                }
                ToMove::Seat(_) => {
                    state.legal_actions(&mut legal);
                    let reference = pick_uniform(&mut rng.clone(), &legal);
                    let sampled = state.sample_legal_action(&mut rng.clone(), &mut scratch);
                    let Some(action) = sampled else {
                        panic!("{at}: sample_legal_action drew nothing at a decision");
                    };
                    assert!(
                        legal.contains(&action),
                        "{at}: sample_legal_action drew {action}, not a legal action"
                    );
                    if G::EXACT_SAMPLING {
                        assert_eq!(
                            sampled, reference,
                            "{at}: sample_legal_action (left) and the reference draw"
                        );
                    }
                    let played = fast
                        .play_random(&mut fast_rng, &mut scratch)
                        .unwrap_or_else(|e| panic!("{at}: play_random: {e}"));
                    assert_eq!(
                        played, sampled,
                        "{at}: play_random (left) and sample_legal_action"
                    );
                    let mut applied = state.clone();
                    applied
                        .apply(action)
                        .unwrap_or_else(|e| panic!("{at}: legal action {action} refused: {e}"));
                    assert!(
                        fast == applied,
                        "{at}: play_random left another state than apply"
                    );
                }
            }
            checked += 1;
            // The next draw from another point of the stream.
            rng.next_u64();
        }
    }
    checked
}

/// [`check_samplers_at`] on every state of a game's rule examples
/// ([`example_states`](super::example_states)), `draws` draws a state; what each game's
/// case tests call. Returns how many draws were checked.
///
/// # Panics
/// As [`check_samplers_at`], or when the examples give no decision to draw from.
pub fn check_example_samplers<G: mesopotamia_core::cases::CaseGame, R: Rng + Clone>(
    examples: &[(&str, &str)],
    draws: usize,
    rng: &mut R,
) -> usize {
    let states = super::example_states::<G>(examples);
    let checked = check_samplers_at(&states, draws, rng);
    assert!(
        checked > states.len(),
        "{checked} draws over {} states",
        states.len()
    );
    checked
}

/// Whether two RNGs are at the same point of the same stream (their next outputs agree).
fn same_stream<R: Rng + Clone>(a: &R, b: &R) -> bool {
    let (mut a, mut b) = (a.clone(), b.clone());
    (0..2).all(|_| a.next_u64() == b.next_u64())
}

/// Plays `games` random games of `config` through [`Game::play_random`] and
/// [`Game::play_chance_random`] and checks at every step that:
/// - every draw of [`Game::sample_legal_action`] is in [`Game::legal_actions`], and every
///   draw of [`Game::sample_chance`] is an outcome of [`Game::chance_outcomes`] with a
///   positive weight (`draws_per_step` extra draws, and the one played);
/// - `play_random` plays what `sample_legal_action` draws with the same RNG, leaves the state
///   that `apply` of it leaves and uses the RNG alike (likewise `play_chance_random`);
/// - the samplers draw nothing and the `play_*` calls change nothing when it is not their
///   turn (a seat, chance, or the end).
///
/// # Panics
/// On the first broken rule, with a message that says which.
pub fn check_sampling<G: Game, R: Rng + Clone>(
    config: &G::Config,
    games: usize,
    draws_per_step: usize,
    rng: &mut R,
) -> SamplingReport {
    let mut report = SamplingReport::default();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let (mut scratch, mut chance_scratch) = (Vec::new(), Vec::new());
    for game in 0..games {
        let mut state =
            G::new(config).unwrap_or_else(|e| panic!("{}: config refused: {e}", G::NAME));
        let bound = state.max_steps();
        for step in 0.. {
            let at = format!("{} game {game} step {step}", G::NAME);
            assert!(
                step <= bound,
                "{at}: the game exceeds its bound of {bound} steps"
            );
            state.legal_actions(&mut legal);
            state.chance_outcomes(&mut outcomes);
            let to_move = state.to_move();
            if to_move != ToMove::Chance {
                nothing_to_draw_by_chance(&state, &mut chance_scratch, &at, rng);
            }
            if !matches!(to_move, ToMove::Seat(_)) {
                nothing_to_draw_by_a_seat(&state, &mut scratch, &at, rng);
            }
            match to_move {
                ToMove::Terminal => break,
                ToMove::Chance => {
                    for _ in 0..draws_per_step {
                        let outcome = state.sample_chance(rng, &mut chance_scratch);
                        check_outcome::<G>(outcome, &outcomes, &at);
                        report.draws += 1;
                    }
                    let (mut sampled_state, mut sampled_rng) = (state.clone(), rng.clone());
                    let outcome = state.sample_chance(&mut sampled_rng, &mut chance_scratch);
                    let outcome = check_outcome::<G>(outcome, &outcomes, &at);
                    sampled_state.apply_chance(outcome).unwrap_or_else(|e| {
                        panic!("{at}: the sampled outcome {outcome} is refused: {e}")
                    });
                    let played = state
                        .play_chance_random(rng, &mut chance_scratch)
                        .unwrap_or_else(|e| panic!("{at}: play_chance_random: {e}"));
                    assert_eq!(
                        played,
                        Some(outcome),
                        "{at}: play_chance_random resolved another outcome than sample_chance draws"
                    );
                    assert!(
                        state == sampled_state,
                        "{at}: play_chance_random left another state than apply_chance of {outcome}"
                    );
                    assert!(
                        same_stream(rng, &sampled_rng),
                        "{at}: play_chance_random used the RNG otherwise than sample_chance"
                    );
                    report.chance_events += 1;
                    report.draws += 1;
                }
                ToMove::Seat(_) => {
                    for _ in 0..draws_per_step {
                        let action = state.sample_legal_action(rng, &mut scratch);
                        check_action::<G>(action, &legal, &at);
                        report.draws += 1;
                    }
                    let (mut sampled_state, mut sampled_rng) = (state.clone(), rng.clone());
                    let action = state.sample_legal_action(&mut sampled_rng, &mut scratch);
                    let action = check_action::<G>(action, &legal, &at);
                    sampled_state.apply(action).unwrap_or_else(|e| {
                        panic!("{at}: the sampled action {action} is refused: {e}")
                    });
                    let played = state
                        .play_random(rng, &mut scratch)
                        .unwrap_or_else(|e| panic!("{at}: play_random: {e}"));
                    assert_eq!(
                        played,
                        Some(action),
                        "{at}: play_random played another action than sample_legal_action draws"
                    );
                    assert!(
                        state == sampled_state,
                        "{at}: play_random left another state than apply of {action}"
                    );
                    assert!(
                        same_stream(rng, &sampled_rng),
                        "{at}: play_random used the RNG otherwise than sample_legal_action"
                    );
                    report.decisions += 1;
                    report.draws += 1;
                }
            }
        }
        report.games += 1;
    }
    report
}

/// The samplers of chance draw nothing and change nothing when chance is not to move.
fn nothing_to_draw_by_chance<G: Game, R: Rng>(
    state: &G,
    scratch: &mut Vec<(G::Chance, u32)>,
    at: &str,
    rng: &mut R,
) {
    let who = state.to_move();
    if let Some(outcome) = state.sample_chance(rng, scratch) {
        panic!("{at}: sample_chance drew {outcome} though {who} is to move");
    }
    let mut copy = state.clone();
    match copy.play_chance_random(rng, scratch) {
        Ok(None) => {}
        Ok(Some(outcome)) => {
            panic!("{at}: play_chance_random resolved {outcome} though {who} is to move")
        }
        Err(e) => panic!("{at}: play_chance_random with {who} to move: {e}"),
    }
    assert!(
        &copy == state,
        "{at}: play_chance_random changed the state though {who} is to move"
    );
}

/// The samplers of decisions draw nothing and change nothing when no seat is to move.
fn nothing_to_draw_by_a_seat<G: Game, R: Rng>(
    state: &G,
    scratch: &mut Vec<G::Action>,
    at: &str,
    rng: &mut R,
) {
    let who = state.to_move();
    if let Some(action) = state.sample_legal_action(rng, scratch) {
        panic!("{at}: sample_legal_action drew {action} though {who} is to move");
    }
    let mut copy = state.clone();
    match copy.play_random(rng, scratch) {
        Ok(None) => {}
        Ok(Some(action)) => panic!("{at}: play_random played {action} though {who} is to move"),
        Err(e) => panic!("{at}: play_random with {who} to move: {e}"),
    }
    assert!(
        &copy == state,
        "{at}: play_random changed the state though {who} is to move"
    );
}

/// A drawn action must be in the (sorted) legal list.
fn check_action<G: Game>(drawn: Option<G::Action>, legal: &[G::Action], at: &str) -> G::Action {
    let Some(action) = drawn else {
        panic!(
            "{at}: sample_legal_action drew nothing from {} legal actions",
            legal.len()
        );
    };
    // The list is sorted by contract; `contains` covers a list that is not (which
    // `check_conformance` reports on its own).
    assert!(
        legal.binary_search(&action).is_ok() || legal.contains(&action),
        "{at}: sample_legal_action drew {action}, which is not legal (legal: {legal:?})"
    );
    action
}

/// A drawn outcome must be listed with a positive weight.
fn check_outcome<G: Game>(
    drawn: Option<G::Chance>,
    outcomes: &[(G::Chance, u32)],
    at: &str,
) -> G::Chance {
    let Some(outcome) = drawn else {
        panic!("{at}: sample_chance drew nothing from {outcomes:?}");
    };
    match outcomes.iter().find(|&&(o, _)| o == outcome) {
        Some(&(_, weight)) if weight > 0 => outcome,
        Some(_) => panic!("{at}: sample_chance drew {outcome}, whose weight is 0"),
        None => panic!("{at}: sample_chance drew {outcome}, which is not an outcome: {outcomes:?}"),
    }
}

/// Plays `games` games of `config` twice from the same RNG state: once with the reference
/// draws (the complete legal list and [`pick_uniform`], the outcomes and [`sample_weighted`],
/// then the checked `apply` and `apply_chance`), once through [`Game::play_random`] and
/// [`Game::play_chance_random`]; checks at every step that the fast path drew the same
/// action or outcome (so does [`Game::sample_legal_action`] or [`Game::sample_chance`] on
/// a copy of the RNG), left the same state and used the RNG alike, and at the end that the
/// two games' steps and final states are equal. A game whose samplers pass claims
/// [`Game::EXACT_SAMPLING`] rightly: seeded random games are the same through either path.
///
/// # Panics
/// At the first step where the two paths differ, naming both draws.
pub fn check_exact_sampler<G: Game, R: Rng + Clone>(
    config: &G::Config,
    games: usize,
    rng: &mut R,
) -> ExactReport {
    let mut report = ExactReport::default();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let (mut scratch, mut chance_scratch) = (Vec::new(), Vec::new());
    for game in 0..games {
        let mut reference =
            G::new(config).unwrap_or_else(|e| panic!("{}: config refused: {e}", G::NAME));
        let mut fast = reference.clone();
        let (mut reference_rng, mut fast_rng) = (rng.clone(), rng.clone());
        let (mut reference_steps, mut fast_steps) = (Vec::new(), Vec::new());
        let bound = reference.max_steps();
        for step in 0.. {
            let at = format!("{} game {game} step {step}", G::NAME);
            assert!(
                step <= bound,
                "{at}: the game exceeds its bound of {bound} steps"
            );
            match reference.to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => {
                    reference.chance_outcomes(&mut outcomes);
                    let Some(outcome) = sample_weighted(&mut reference_rng, &outcomes) else {
                        panic!("{at}: a chance node without outcomes");
                    };
                    reference
                        .apply_chance(outcome)
                        .unwrap_or_else(|e| panic!("{at}: chance outcome {outcome} refused: {e}"));
                    let sampled = fast.sample_chance(&mut fast_rng.clone(), &mut chance_scratch);
                    assert_eq!(
                        sampled,
                        Some(outcome),
                        "{at}: sample_chance drew otherwise than the reference draw (right)"
                    );
                    let played = fast
                        .play_chance_random(&mut fast_rng, &mut chance_scratch)
                        .unwrap_or_else(|e| panic!("{at}: play_chance_random: {e}"));
                    assert_eq!(
                        played,
                        Some(outcome),
                        "{at}: play_chance_random drew otherwise than the reference draw (right)"
                    );
                    reference_steps.push(Step::<G::Action, G::Chance>::Chance(outcome));
                    fast_steps.push(Step::Chance(outcome));
                }
                ToMove::Seat(seat) => {
                    reference.legal_actions(&mut legal);
                    let Some(action) = pick_uniform(&mut reference_rng, &legal) else {
                        panic!("{at}: seat {seat} to move without a legal action");
                    };
                    reference
                        .apply(action)
                        .unwrap_or_else(|e| panic!("{at}: legal action {action} refused: {e}"));
                    let sampled = fast.sample_legal_action(&mut fast_rng.clone(), &mut scratch);
                    assert_eq!(
                        sampled,
                        Some(action),
                        "{at}: sample_legal_action drew otherwise than the reference draw (right)"
                    );
                    let played = fast
                        .play_random(&mut fast_rng, &mut scratch)
                        .unwrap_or_else(|e| panic!("{at}: play_random: {e}"));
                    assert_eq!(
                        played,
                        Some(action),
                        "{at}: play_random drew otherwise than the reference draw (right)"
                    );
                    reference_steps.push(Step::Action(seat, action));
                    fast_steps.push(Step::Action(seat, action));
                }
            }
            assert!(
                fast == reference,
                "{at}: the fast path left another state than the reference draw"
            );
            assert!(
                same_stream(&fast_rng, &reference_rng),
                "{at}: the fast path used the RNG otherwise than the reference draw"
            );
            report.steps += 1;
        }
        assert_eq!(
            fast_steps,
            reference_steps,
            "{} game {game}: the two games' steps differ",
            G::NAME
        );
        assert_eq!(
            fast,
            reference,
            "{} game {game}: the final states differ",
            G::NAME
        );
        *rng = reference_rng;
        report.games += 1;
    }
    report
}

/// Tests that [`Game::sample_legal_action`] draws uniformly over [`Game::legal_actions`]
/// and [`Game::sample_chance`] by the weights of [`Game::chance_outcomes`]: at
/// `options.positions` positions met in random games, it draws many times and runs
/// Pearson's chi-square goodness-of-fit test. It fails when a position's p-value is below
/// `options.significance / options.positions` (Bonferroni) or when the statistics pooled over
/// all positions have a p-value below `options.significance`; the pooled test catches a small
/// bias repeated at every position. Meant for samplers that are not exact (rejection
/// samplers); an exact one passes too. Every draw must also be in the lists.
///
/// # Panics
/// When a position or the pool fails the test (with the counts), or a draw is not listed.
pub fn check_sampler_uniformity<G: Game, R: Rng>(
    config: &G::Config,
    options: &UniformityOptions,
    rng: &mut R,
) -> UniformityReport {
    let mut report = UniformityReport {
        smallest_p_value: 1.0,
        p_value: 1.0,
        ..UniformityReport::default()
    };
    let tested = |r: &UniformityReport| r.decisions + r.chance_events;
    let per_position = options.significance / options.positions.max(1) as f64;
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let (mut scratch, mut chance_scratch) = (Vec::new(), Vec::new());
    let stride = options.stride.max(1);
    // Give up looking after many games without enough positions (a game of forced moves).
    let max_games = options.positions.saturating_mul(10).max(10);
    'games: for game in 0..max_games {
        let mut state =
            G::new(config).unwrap_or_else(|e| panic!("{}: config refused: {e}", G::NAME));
        let mut since_last = stride;
        for step in 0..=state.max_steps() {
            if tested(&report) >= options.positions {
                break 'games;
            }
            let at = format!("{} game {game} step {step}", G::NAME);
            let to_move = state.to_move();
            state.legal_actions(&mut legal);
            state.chance_outcomes(&mut outcomes);
            let choices = match to_move {
                ToMove::Terminal => break,
                ToMove::Chance => outcomes.len(),
                ToMove::Seat(_) => legal.len(),
            };
            since_last += 1;
            if since_last >= stride && choices >= 2 {
                since_last = 0;
                // Expected counts: proportional to the weights (1 each for actions).
                let weights: Vec<u64> = match to_move {
                    ToMove::Chance => outcomes.iter().map(|&(_, w)| u64::from(w)).collect(),
                    _ => vec![1; legal.len()],
                };
                let total: u64 = weights.iter().sum();
                let lightest = weights.iter().copied().min().unwrap_or(0);
                let draws = (u64::from(options.expected_per_outcome) * total)
                    .div_ceil(lightest.max(1))
                    .max(1);
                if lightest == 0 || draws > options.max_draws_per_position {
                    report.skipped += 1;
                } else {
                    let mut counts = vec![0u64; weights.len()];
                    for _ in 0..draws {
                        let k = if to_move == ToMove::Chance {
                            let drawn = state.sample_chance(rng, &mut chance_scratch);
                            let outcome = check_outcome::<G>(drawn, &outcomes, &at);
                            outcomes.iter().position(|&(o, _)| o == outcome)
                        } else {
                            let drawn = state.sample_legal_action(rng, &mut scratch);
                            let action = check_action::<G>(drawn, &legal, &at);
                            legal
                                .binary_search(&action)
                                .ok()
                                .or_else(|| legal.iter().position(|&a| a == action))
                        };
                        if let Some(count) = k.and_then(|k| counts.get_mut(k)) {
                            *count += 1;
                        }
                    }
                    let statistic = chi_square_statistic(&counts, &weights);
                    let dof = (counts.len() - 1) as u64;
                    let p = chi_square_p_value(statistic, dof);
                    assert!(
                        p >= per_position,
                        "{at}: the draws of {} are not {} (chi-square {statistic:.1} on {dof} \
                         degrees of freedom, p = {p:.3e} < {per_position:.1e}); counts {counts:?} \
                         for weights {weights:?}",
                        if to_move == ToMove::Chance {
                            "sample_chance"
                        } else {
                            "sample_legal_action"
                        },
                        if to_move == ToMove::Chance {
                            "by the weights"
                        } else {
                            "uniform"
                        },
                    );
                    report.smallest_p_value = report.smallest_p_value.min(p);
                    report.statistic += statistic;
                    report.degrees_of_freedom += dof;
                    report.draws += draws;
                    if to_move == ToMove::Chance {
                        report.chance_events += 1;
                    } else {
                        report.decisions += 1;
                    }
                }
            }
            // Move on by the reference draws, so that the positions do not depend on the
            // sampler under test.
            let moved = match to_move {
                ToMove::Chance => sample_weighted(rng, &outcomes)
                    .is_some_and(|outcome| state.apply_chance(outcome).is_ok()),
                _ => pick_uniform(rng, &legal).is_some_and(|action| state.apply(action).is_ok()),
            };
            assert!(moved, "{at}: the reference draw could not move on");
        }
    }
    if tested(&report) > 0 {
        report.p_value = chi_square_p_value(report.statistic, report.degrees_of_freedom);
        assert!(
            report.p_value >= options.significance,
            "{}: the samplers' draws, pooled over {} positions, are not uniform (chi-square \
             {:.1} on {} degrees of freedom, p = {:.3e} < {:.1e})",
            G::NAME,
            tested(&report),
            report.statistic,
            report.degrees_of_freedom,
            report.p_value,
            options.significance
        );
    }
    report
}

/// Pearson's statistic of observed `counts` against expectations proportional to `weights`.
fn chi_square_statistic(counts: &[u64], weights: &[u64]) -> f64 {
    let n: u64 = counts.iter().sum();
    let total: u64 = weights.iter().sum();
    counts
        .iter()
        .zip(weights)
        .map(|(&observed, &weight)| {
            let expected = n as f64 * weight as f64 / total.max(1) as f64;
            let diff = observed as f64 - expected;
            if expected > 0.0 {
                diff * diff / expected
            } else if observed > 0 {
                f64::INFINITY
            } else {
                0.0
            }
        })
        .sum()
}

/// The probability that a chi-square variable with `degrees_of_freedom` degrees of freedom
/// is at least `statistic` (the p-value of Pearson's test): the regularized upper incomplete
/// gamma function `Q(dof / 2, statistic / 2)`, by its series or its continued fraction,
/// accurate to about 1e-12. It is 1 for no degree of freedom or a statistic of 0 or less,
/// and 0 for an infinite statistic.
///
/// ```
/// use mesopotamia_testkit::chi_square_p_value;
/// // The 95% point of the chi-square law with 1 and with 10 degrees of freedom.
/// assert!((chi_square_p_value(3.841_458_8, 1) - 0.05).abs() < 1e-8);
/// assert!((chi_square_p_value(18.307_038, 10) - 0.05).abs() < 1e-8);
/// ```
pub fn chi_square_p_value(statistic: f64, degrees_of_freedom: u64) -> f64 {
    if degrees_of_freedom == 0 || statistic.is_nan() || statistic <= 0.0 {
        return 1.0;
    }
    if statistic == f64::INFINITY {
        return 0.0;
    }
    upper_regularized_gamma(degrees_of_freedom as f64 / 2.0, statistic / 2.0)
}

/// `Q(a, x)` for `a > 0`, `x > 0` (Numerical Recipes' `gammq`).
fn upper_regularized_gamma(a: f64, x: f64) -> f64 {
    const ITERATIONS: usize = 100_000;
    const EPSILON: f64 = 1e-15;
    const TINY: f64 = 1e-300;
    let log_prefix = -x + a * x.ln() - ln_gamma(a);
    if x < a + 1.0 {
        // P(a, x) by its series; Q = 1 - P (no cancellation: here Q is not small).
        let (mut term, mut sum, mut ap) = (1.0 / a, 1.0 / a, a);
        for _ in 0..ITERATIONS {
            ap += 1.0;
            term *= x / ap;
            sum += term;
            if term.abs() < sum.abs() * EPSILON {
                break;
            }
        }
        (1.0 - sum * log_prefix.exp()).clamp(0.0, 1.0)
    } else {
        // Q(a, x) by its continued fraction (modified Lentz).
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / TINY;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..=ITERATIONS {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < TINY {
                d = TINY;
            }
            c = b + an / c;
            if c.abs() < TINY {
                c = TINY;
            }
            d = 1.0 / d;
            let delta = d * c;
            h *= delta;
            if (delta - 1.0).abs() < EPSILON {
                break;
            }
        }
        (log_prefix.exp() * h).clamp(0.0, 1.0)
    }
}

/// `ln Γ(x)` for `x > 0` (Lanczos, g = 7, nine terms; relative error near 1e-15).
#[allow(clippy::excessive_precision)]
fn ln_gamma(x: f64) -> f64 {
    const G: f64 = 7.0;
    const COEFFICIENTS: [f64; 9] = [
        0.999_999_999_999_809_93,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_13,
        -176.615_029_162_140_59,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_571_6e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Γ(x) Γ(1 - x) = π / sin(πx).
        let pi = core::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let t = x + G + 0.5;
    let series = COEFFICIENTS
        .iter()
        .enumerate()
        .skip(1)
        .fold(COEFFICIENTS[0], |acc, (i, &c)| acc + c / (x + i as f64));
    0.5 * (2.0 * core::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + series.ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chi_square_p_values_match_the_tables() {
        // (statistic, degrees of freedom, upper tail), from standard tables.
        let table = [
            (3.841_458_820_694_126, 1, 0.05),
            (6.634_896_601_021_215, 1, 0.01),
            (23.928_126_976_934_83, 1, 1e-6),
            (5.991_464_547_107_982, 2, 0.05),
            (13.815_510_557_964_274, 2, 0.001),
            (18.307_038_053_275_147, 10, 0.05),
            (124.342_113_404_004_08, 100, 0.05),
            (77.929_465_165_017_27, 100, 0.95),
            (1_074.679_448_803_441, 1_000, 0.05),
            (3_382.698_980_149_643, 3_000, 1e-6),
        ];
        for (x, dof, p) in table {
            let got = chi_square_p_value(x, dof);
            assert!(
                (got / p - 1.0).abs() < 1e-8,
                "Q({x}, {dof}) = {got}, expected {p}"
            );
        }
        // With 2 degrees of freedom the tail is exp(-x/2) exactly.
        for x in [0.1, 1.0, 10.0, 50.0, 200.0] {
            let got = chi_square_p_value(x, 2);
            assert!(
                (got / (-x / 2.0f64).exp() - 1.0).abs() < 1e-10,
                "{x}: {got}"
            );
        }
        assert_eq!(chi_square_p_value(0.0, 3), 1.0);
        assert_eq!(chi_square_p_value(5.0, 0), 1.0);
        assert_eq!(chi_square_p_value(f64::INFINITY, 3), 0.0);
        assert_eq!(chi_square_p_value(f64::NAN, 3), 1.0);
    }

    #[test]
    fn ln_gamma_matches_factorials() {
        let mut factorial = 1.0f64;
        for n in 1..30u32 {
            // Γ(n) = (n - 1)!
            let got = ln_gamma(f64::from(n));
            assert!((got - factorial.ln()).abs() < 1e-10, "ln Γ({n}) = {got}");
            factorial *= f64::from(n);
        }
        assert!((ln_gamma(0.5) - core::f64::consts::PI.sqrt().ln()).abs() < 1e-12);
    }

    #[test]
    fn the_statistic_is_pearsons() {
        assert_eq!(chi_square_statistic(&[10, 10], &[1, 1]), 0.0);
        // 30 and 10 against 20 each: (10² + 10²) / 20.
        assert_eq!(chi_square_statistic(&[30, 10], &[1, 1]), 10.0);
        // Weights 3:1 over 40 draws expect 30 and 10.
        assert_eq!(chi_square_statistic(&[30, 10], &[3, 1]), 0.0);
    }
}
