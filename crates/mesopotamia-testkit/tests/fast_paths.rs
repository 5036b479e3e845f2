//! The random-play fast paths: the defaults draw as the reference draws, the driver uses
//! them, and the kit's checks pass correct samplers and catch broken ones.
//!
//! The broken samplers live in a toy game of their own, `PickGame`: two seats take turns to
//! pick a number not yet picked from `0..numbers`, then roll a die weighted 1:2:3:4. Its
//! sampler is a type parameter, so each way of getting sampling wrong is one small type.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use mesopotamia_core::chance::{pick_uniform, sample_weighted, uniform_below};
use mesopotamia_core::driver::random_playout;
use mesopotamia_core::rand_core::Rng;
use mesopotamia_core::{Game, PlayedAction, SampleRefused, Seat, Standings, ToMove};
use mesopotamia_testkit::{
    FastPathOptions, UniformityOptions, check_exact_sampler, check_fast_paths,
    check_sampler_uniformity, check_sampling,
};
use mesopotamia_toy::{TokenConfig, TokenGame};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

// ---------------------------------------------------------------------------------------
// The pick game.

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Pick(u8);

impl fmt::Display for Pick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pick {}", self.0)
    }
}

#[derive(Debug, thiserror::Error, Clone, PartialEq)]
#[error("bad notation `{0}`")]
struct BadNotation(String);

impl FromStr for Pick {
    type Err = BadNotation;
    fn from_str(s: &str) -> Result<Self, BadNotation> {
        s.strip_prefix("pick ")
            .and_then(|n| n.parse().ok())
            .map(Pick)
            .ok_or_else(|| BadNotation(s.to_owned()))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Roll(u8);

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "roll {}", self.0)
    }
}

impl FromStr for Roll {
    type Err = BadNotation;
    fn from_str(s: &str) -> Result<Self, BadNotation> {
        s.strip_prefix("roll ")
            .and_then(|n| n.parse().ok())
            .map(Roll)
            .ok_or_else(|| BadNotation(s.to_owned()))
    }
}

#[derive(Debug, thiserror::Error, Clone, PartialEq)]
enum PickError {
    #[error("1 to 32 numbers")]
    Numbers,
    #[error("not legal now")]
    Illegal,
}

/// How a `PickGame` samples; every method defaults to the reference draw.
trait Sampler: Clone + Copy + fmt::Debug + PartialEq + Default {
    const EXACT: bool = true;

    fn sample<R: Rng + ?Sized>(game: &PickGame<Self>, rng: &mut R) -> Option<Pick> {
        pick_uniform(rng, &game.legal_action_vec())
    }

    fn play<R: Rng + ?Sized>(
        game: &mut PickGame<Self>,
        rng: &mut R,
    ) -> PlayedAction<PickGame<Self>> {
        let Some(pick) = Self::sample(game, rng) else {
            return Ok(None);
        };
        game.apply(pick).map_err(|error| SampleRefused {
            sampled: pick,
            error,
        })?;
        Ok(Some(pick))
    }

    fn sample_chance<R: Rng + ?Sized>(game: &PickGame<Self>, rng: &mut R) -> Option<Roll> {
        let mut outcomes = Vec::new();
        game.chance_outcomes(&mut outcomes);
        sample_weighted(rng, &outcomes)
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct PickGame<S> {
    numbers: u8,
    taken: u32,
    turn: Seat,
    rolling: bool,
    scores: [u32; 2],
    sampler: PhantomData<S>,
}

impl<S> PickGame<S> {
    fn free(&self) -> u32 {
        !self.taken & (u32::MAX >> (32 - u32::from(self.numbers)))
    }

    /// The `k`-th free number, ascending.
    fn nth_free(&self, k: u32) -> Option<u8> {
        let mut free = self.free();
        for _ in 0..k {
            free &= free.wrapping_sub(1);
        }
        (free != 0).then(|| free.trailing_zeros() as u8)
    }

    /// Plays a pick known to be legal, without checking it: private, as the safety rule asks.
    fn play_unchecked(&mut self, n: u8) {
        self.taken |= 1 << n;
        self.scores[self.turn.index()] += u32::from(n);
        self.rolling = true;
    }
}

impl<S: Sampler> Game for PickGame<S> {
    type Config = u8;
    type Action = Pick;
    type Chance = Roll;
    type View = u32;
    type Error = PickError;
    const NAME: &'static str = "pick";
    const EXACT_SAMPLING: bool = S::EXACT;

    fn new(numbers: &u8) -> Result<Self, PickError> {
        if !(1..=32).contains(numbers) {
            return Err(PickError::Numbers);
        }
        Ok(PickGame {
            numbers: *numbers,
            taken: 0,
            turn: Seat::new(0).ok_or(PickError::Numbers)?,
            rolling: false,
            scores: [0; 2],
            sampler: PhantomData,
        })
    }

    fn config(&self) -> &u8 {
        &self.numbers
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn to_move(&self) -> ToMove {
        if self.rolling {
            ToMove::Chance
        } else if self.free() == 0 {
            ToMove::Terminal
        } else {
            ToMove::Seat(self.turn)
        }
    }

    fn legal_actions(&self, out: &mut Vec<Pick>) {
        out.clear();
        if let ToMove::Seat(_) = self.to_move() {
            out.extend(
                (0..self.numbers)
                    .filter(|n| self.free() & (1 << n) != 0)
                    .map(Pick),
            );
        }
    }

    fn apply(&mut self, Pick(n): Pick) -> Result<(), PickError> {
        let legal = matches!(self.to_move(), ToMove::Seat(_))
            && n < self.numbers
            && self.free() & (1 << n) != 0;
        if !legal {
            return Err(PickError::Illegal);
        }
        self.play_unchecked(n);
        Ok(())
    }

    fn chance_outcomes(&self, out: &mut Vec<(Roll, u32)>) {
        out.clear();
        if self.rolling {
            out.extend((1..=4).map(|r| (Roll(r), u32::from(r))));
        }
    }

    fn apply_chance(&mut self, Roll(r): Roll) -> Result<(), PickError> {
        if !self.rolling || !(1..=4).contains(&r) {
            return Err(PickError::Illegal);
        }
        self.scores[self.turn.index()] += u32::from(r);
        self.turn = self.turn.next(2);
        self.rolling = false;
        Ok(())
    }

    fn action_space_size(&self) -> usize {
        usize::from(self.numbers)
    }

    fn action_index(&self, Pick(n): Pick) -> usize {
        usize::from(n)
    }

    fn action_from_index(&self, index: usize) -> Option<Pick> {
        u8::try_from(index)
            .ok()
            .filter(|&n| n < self.numbers)
            .map(Pick)
    }

    fn view(&self, _seat: Seat) -> u32 {
        self.taken
    }

    fn standings(&self) -> Option<Standings> {
        self.is_terminal()
            .then(|| Standings::from_keys(&self.scores))
    }

    fn max_steps(&self) -> usize {
        2 * usize::from(self.numbers)
    }

    fn resample_hidden<R: Rng + ?Sized>(&self, _observer: Seat, _rng: &mut R) -> Self {
        *self
    }

    fn sample_legal_action<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        _scratch: &mut Vec<Pick>,
    ) -> Option<Pick> {
        if !matches!(self.to_move(), ToMove::Seat(_)) {
            return None;
        }
        S::sample(self, rng)
    }

    fn play_random<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        _scratch: &mut Vec<Pick>,
    ) -> PlayedAction<Self> {
        if !matches!(self.to_move(), ToMove::Seat(_)) {
            return Ok(None);
        }
        S::play(self, rng)
    }

    fn sample_chance<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        _scratch: &mut Vec<(Roll, u32)>,
    ) -> Option<Roll> {
        if !self.rolling {
            return None;
        }
        S::sample_chance(self, rng)
    }
}

// ---------------------------------------------------------------------------------------
// Samplers, right and wrong.

/// The reference draws.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct Reference;
impl Sampler for Reference {}

/// A fast exact sampler: the same draw of `uniform_below` as the reference, but the action
/// found by counting free numbers instead of listing them, and played without a re-check.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct FastExact;
impl Sampler for FastExact {
    fn sample<R: Rng + ?Sized>(game: &PickGame<Self>, rng: &mut R) -> Option<Pick> {
        let count = game.free().count_ones();
        if count == 0 {
            return None;
        }
        game.nth_free(uniform_below(rng, count)).map(Pick)
    }

    fn play<R: Rng + ?Sized>(
        game: &mut PickGame<Self>,
        rng: &mut R,
    ) -> PlayedAction<PickGame<Self>> {
        let pick = Self::sample(game, rng);
        if let Some(Pick(n)) = pick {
            game.play_unchecked(n);
        }
        Ok(pick)
    }
}

/// A rejection sampler: uniform, but not the reference draw, and says so.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct Rejection;
impl Sampler for Rejection {
    const EXACT: bool = false;
    fn sample<R: Rng + ?Sized>(game: &PickGame<Self>, rng: &mut R) -> Option<Pick> {
        rejection(game, rng)
    }
}

fn rejection<S, R: Rng + ?Sized>(game: &PickGame<S>, rng: &mut R) -> Option<Pick> {
    if game.free() == 0 {
        return None;
    }
    loop {
        let n = uniform_below(rng, u32::from(game.numbers)) as u8;
        if game.free() & (1 << n) != 0 {
            return Some(Pick(n));
        }
    }
}

/// The same rejection sampler claiming to be exact.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct RejectionClaimedExact;
impl Sampler for RejectionClaimedExact {
    fn sample<R: Rng + ?Sized>(game: &PickGame<Self>, rng: &mut R) -> Option<Pick> {
        rejection(game, rng)
    }
}

/// One try of rejection, then the lowest free number: strongly biased towards it.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct OneTry;
impl Sampler for OneTry {
    const EXACT: bool = false;
    fn sample<R: Rng + ?Sized>(game: &PickGame<Self>, rng: &mut R) -> Option<Pick> {
        let n = uniform_below(rng, u32::from(game.numbers)) as u8;
        if game.free() & (1 << n) != 0 {
            Some(Pick(n))
        } else {
            game.nth_free(0).map(Pick)
        }
    }
}

/// Exact nine times in ten, the lowest free number otherwise: a mild bias that one position
/// hardly shows but the pooled test does.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct SlightlyBiased;
impl Sampler for SlightlyBiased {
    const EXACT: bool = false;
    fn sample<R: Rng + ?Sized>(game: &PickGame<Self>, rng: &mut R) -> Option<Pick> {
        if uniform_below(rng, 10) == 0 {
            return game.nth_free(0).map(Pick);
        }
        game.nth_free(uniform_below(rng, game.free().count_ones()))
            .map(Pick)
    }
}

/// Draws the number 0 even once it is taken.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct DrawsTaken;
impl Sampler for DrawsTaken {
    const EXACT: bool = false;
    fn sample<R: Rng + ?Sized>(game: &PickGame<Self>, rng: &mut R) -> Option<Pick> {
        if uniform_below(rng, 2) == 0 {
            Some(Pick(0))
        } else {
            rejection(game, rng)
        }
    }
}

/// `play_random` plays the lowest free number, whatever it drew.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct PlaysOtherwise;
impl Sampler for PlaysOtherwise {
    fn play<R: Rng + ?Sized>(
        game: &mut PickGame<Self>,
        rng: &mut R,
    ) -> PlayedAction<PickGame<Self>> {
        let _drawn = Self::sample(game, rng);
        let lowest = game.nth_free(0);
        if let Some(n) = lowest {
            game.play_unchecked(n);
        }
        Ok(lowest.map(Pick))
    }
}

/// `play_random` draws once more than `sample_legal_action` does.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct PlaysWithAnotherDraw;
impl Sampler for PlaysWithAnotherDraw {
    fn play<R: Rng + ?Sized>(
        game: &mut PickGame<Self>,
        rng: &mut R,
    ) -> PlayedAction<PickGame<Self>> {
        let pick = Self::sample(game, rng);
        rng.next_u32();
        if let Some(Pick(n)) = pick {
            game.play_unchecked(n);
        }
        Ok(pick)
    }
}

/// Rolls the die as if its faces were equally likely.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct FairDie;
impl Sampler for FairDie {
    const EXACT: bool = false;
    fn sample_chance<R: Rng + ?Sized>(_game: &PickGame<Self>, rng: &mut R) -> Option<Roll> {
        Some(Roll(1 + uniform_below(rng, 4) as u8))
    }
}

/// Rolls a face the die does not have.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct FifthFace;
impl Sampler for FifthFace {
    fn sample_chance<R: Rng + ?Sized>(_game: &PickGame<Self>, rng: &mut R) -> Option<Roll> {
        Some(Roll(1 + uniform_below(rng, 5) as u8))
    }
}

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

fn options() -> FastPathOptions {
    FastPathOptions {
        games: 20,
        draws_per_step: 4,
        uniformity: UniformityOptions {
            positions: 30,
            stride: 3,
            ..UniformityOptions::default()
        },
    }
}

// ---------------------------------------------------------------------------------------
// The defaults and the driver.

#[test]
fn the_defaults_pass_every_check_on_the_token_game() {
    for seats in 2..=4 {
        let config = TokenConfig {
            seats,
            per_colour: 3,
            broken: None,
        };
        let report = check_fast_paths::<TokenGame, _>(&config, &options(), &mut rng(seats as u64));
        assert_eq!(report.sampling.games, 20);
        assert!(report.sampling.decisions > 0 && report.sampling.chance_events > 0);
        // Every step: 4 extra draws and the one played.
        assert_eq!(
            report.sampling.draws,
            5 * (report.sampling.decisions + report.sampling.chance_events)
        );
        let exact = report.exact.expect("the defaults are exact");
        assert_eq!(exact.games, 20);
        assert!(exact.steps > 20 * 12);
        let u = &report.uniformity;
        assert_eq!(u.decisions + u.chance_events, 30, "{u:?}");
        assert!(u.chance_events > 0 && u.p_value > 1e-6, "{u:?}");
    }
}

#[test]
fn the_defaults_pass_on_the_pick_game_and_so_does_a_fast_exact_sampler() {
    let report = check_fast_paths::<PickGame<Reference>, _>(&20, &options(), &mut rng(1));
    assert!(report.exact.is_some());
    assert_eq!(
        report.uniformity.decisions + report.uniformity.chance_events,
        30
    );
    assert!(report.uniformity.decisions > 0 && report.uniformity.chance_events > 0);
    let report = check_fast_paths::<PickGame<FastExact>, _>(&20, &options(), &mut rng(1));
    assert_eq!(report.exact.map(|e| e.games), Some(20));
}

#[test]
fn random_playout_draws_as_the_reference_draws() {
    for seed in 0..20 {
        let config = TokenConfig {
            seats: 3,
            per_colour: 3,
            broken: None,
        };
        // The reference: list, draw with `uniform_below`, apply; outcomes by weight.
        let mut reference = TokenGame::new(&config).unwrap();
        let mut reference_rng = rng(seed);
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        let mut decisions = 0;
        loop {
            match reference.to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => {
                    reference.chance_outcomes(&mut outcomes);
                    let o = sample_weighted(&mut reference_rng, &outcomes).unwrap();
                    reference.apply_chance(o).unwrap();
                }
                ToMove::Seat(_) => {
                    reference.legal_actions(&mut legal);
                    let i = uniform_below(&mut reference_rng, legal.len() as u32) as usize;
                    reference.apply(legal[i]).unwrap();
                    decisions += 1;
                }
            }
        }
        let mut game = TokenGame::new(&config).unwrap();
        let mut playout_rng = rng(seed);
        let done = random_playout(&mut game, &mut playout_rng, &mut legal, &mut outcomes).unwrap();
        assert_eq!(game, reference, "seed {seed}");
        assert_eq!(done.decisions, decisions);
        assert_eq!(done.chance_events, 12);
        assert_eq!(playout_rng.next_u64(), reference_rng.next_u64());
    }
}

#[test]
fn random_playout_uses_a_games_own_fast_path() {
    // A game whose `play_random` plays the lowest free number is played that way.
    let mut game = PickGame::<PlaysOtherwise>::new(&8).unwrap();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let done = random_playout(&mut game, &mut rng(3), &mut legal, &mut outcomes).unwrap();
    assert_eq!((done.decisions, done.chance_events), (8, 8));
    // Seat 0 picked 0, 2, 4, 6 and seat 1 picked 1, 3, 5, 7 (rolls on top).
    assert!(
        game.scores[0] >= 12 && game.scores[0] <= 12 + 16,
        "{game:?}"
    );
    assert!(
        game.scores[1] >= 16 && game.scores[1] <= 16 + 16,
        "{game:?}"
    );
}

#[test]
fn a_refused_sample_is_a_contract_error_not_a_panic() {
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let mut refused = None;
    for seed in 0..20 {
        let mut game = PickGame::<DrawsTaken>::new(&6).unwrap();
        if let Err(e) = random_playout(&mut game, &mut rng(seed), &mut legal, &mut outcomes) {
            refused = Some((e, game));
            break;
        }
    }
    let (error, game) = refused.expect("the sampler draws a taken number in 20 games");
    let text = error.to_string();
    assert!(
        text.contains("broke its contract") && text.contains("refused `pick 0`"),
        "{text}"
    );
    // The refused draw left the state as it was: a consistent state, still to move.
    assert!(!game.is_terminal());
    assert_eq!(game.taken & 1, 1);
}

// ---------------------------------------------------------------------------------------
// Correct samplers that are not exact.

#[test]
fn a_rejection_sampler_is_uniform_but_not_exact() {
    let report = check_fast_paths::<PickGame<Rejection>, _>(&20, &options(), &mut rng(2));
    assert_eq!(report.exact, None, "it does not claim exactness");
    assert!(report.uniformity.p_value > 1e-6);
    assert!(report.uniformity.smallest_p_value > 1e-6 / 30.0);
}

#[test]
#[should_panic(expected = "otherwise than the reference draw")]
fn the_exact_check_catches_a_rejection_sampler() {
    check_exact_sampler::<PickGame<Rejection>, _>(&20, 5, &mut rng(2));
}

#[test]
#[should_panic(expected = "otherwise than the reference draw")]
fn a_sampler_that_claims_exactness_wrongly_fails_the_kit() {
    check_fast_paths::<PickGame<RejectionClaimedExact>, _>(&20, &options(), &mut rng(2));
}

// ---------------------------------------------------------------------------------------
// Broken samplers.

#[test]
#[should_panic(expected = "are not uniform")]
fn the_uniformity_check_catches_a_biased_sampler() {
    check_sampler_uniformity::<PickGame<OneTry>, _>(
        &20,
        &UniformityOptions::default(),
        &mut rng(4),
    );
}

#[test]
fn the_pooled_test_catches_a_mild_bias_that_single_positions_hide() {
    let options = UniformityOptions {
        positions: 200,
        stride: 1,
        ..UniformityOptions::default()
    };
    let caught = std::panic::catch_unwind(|| {
        check_sampler_uniformity::<PickGame<SlightlyBiased>, _>(&6, &options, &mut rng(5))
    });
    let message = caught
        .expect_err("a 10% bias is caught")
        .downcast::<String>()
        .map(|s| *s)
        .unwrap_or_default();
    assert!(message.contains("pooled over 200 positions"), "{message}");
    // The same run with a fair sampler passes.
    let report = check_sampler_uniformity::<PickGame<FastExact>, _>(&6, &options, &mut rng(5));
    assert_eq!(report.decisions + report.chance_events, 200);
}

#[test]
#[should_panic(expected = "not uniform")]
fn a_biased_sampler_fails_the_kit_even_without_claiming_exactness() {
    check_fast_paths::<PickGame<OneTry>, _>(&20, &options(), &mut rng(6));
}

#[test]
#[should_panic(expected = "by the weights")]
fn the_uniformity_check_catches_chance_drawn_without_its_weights() {
    check_sampler_uniformity::<PickGame<FairDie>, _>(
        &20,
        &UniformityOptions::default(),
        &mut rng(7),
    );
}

#[test]
#[should_panic(expected = "which is not legal")]
fn the_kit_catches_a_sampler_that_draws_an_illegal_action() {
    check_sampling::<PickGame<DrawsTaken>, _>(&20, 5, 4, &mut rng(8));
}

#[test]
#[should_panic(expected = "which is not an outcome")]
fn the_kit_catches_a_chance_sampler_that_draws_an_unlisted_outcome() {
    check_sampling::<PickGame<FifthFace>, _>(&20, 5, 4, &mut rng(9));
}

#[test]
#[should_panic(expected = "play_random played another action than sample_legal_action draws")]
fn the_kit_catches_play_random_playing_another_action() {
    check_sampling::<PickGame<PlaysOtherwise>, _>(&20, 5, 0, &mut rng(10));
}

#[test]
#[should_panic(expected = "play_random used the RNG otherwise than sample_legal_action")]
fn the_kit_catches_play_random_using_the_rng_otherwise() {
    check_sampling::<PickGame<PlaysWithAnotherDraw>, _>(&20, 5, 0, &mut rng(11));
}

#[test]
#[should_panic(expected = "drew otherwise than the reference draw")]
fn the_exact_check_catches_a_fast_path_that_plays_another_action() {
    check_exact_sampler::<PickGame<PlaysOtherwise>, _>(&20, 5, &mut rng(12));
}
