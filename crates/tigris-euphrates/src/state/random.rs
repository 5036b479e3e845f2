//! Uniform random play without writing the legal list: the fast path of random
//! playouts. The draw is exact: the same action `legal[uniform_below(rng, n)]` of the
//! sorted list would give, for the same random numbers, so a seeded game plays the same
//! either way.
//!
//! Safety of the state: the action played without a second check is always one the
//! engine itself just drew from the legal actions; nothing here takes an action from a
//! caller.

use mesopotamia_core::NoEvents;
use mesopotamia_core::chance::uniform_below;
use mesopotamia_core::rand_core::Rng;
use smallvec::SmallVec;

use super::legal::ActionTargets;
use super::{Pending, Tigris};
use crate::action::{self, Action};
use crate::board::SQUARES;

impl Tigris {
    /// A legal action drawn uniformly at random, with the length of the legal list it was
    /// drawn from; `None` when no seat is to move. Exactly
    /// `legal[uniform_below(rng, legal.len())]` of [`Tigris::legal_into`]'s list, without
    /// writing the list.
    pub(crate) fn sample_legal<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<(Action, usize)> {
        match self.public.pending {
            Pending::Action => {
                let targets = self.action_targets();
                let counts = targets.counts();
                let n = 1 + counts.iter().sum::<usize>();
                let k = uniform_below(rng, n as u32) as usize;
                self.nth_action(&targets, &counts, k).map(|a| (a, n))
            }
            Pending::Draw(_) | Pending::Over => None,
            _ => {
                let mut options = SmallVec::new();
                self.small_options(&mut options);
                if options.is_empty() {
                    return None;
                }
                let k = uniform_below(rng, options.len() as u32) as usize;
                options.get(k).map(|&a| (a, options.len()))
            }
        }
    }

    /// The `k`-th action (from 0) of an action decision's legal list, decoded from the
    /// counts of each kind, in list order.
    fn nth_action(
        &self,
        targets: &ActionTargets,
        counts: &[usize; 11],
        k: usize,
    ) -> Option<Action> {
        let Some(mut k) = k.checked_sub(1) else {
            return Some(Action::raw(action::PASS));
        };
        let board = self.public.board();
        for (i, &n) in counts[..8].iter().enumerate() {
            if k < n {
                // Tiles then leaders, each by colour: 8 consecutive blocks of squares.
                let set = if i < 4 {
                    targets.tiles(i)
                } else {
                    targets.leaders(i - 4)
                };
                let base = action::TILE + (i * SQUARES) as u16;
                return board.nth_square(set, k).map(|s| Action::raw(base + s.0));
            }
            k -= n;
        }
        if k < counts[8] {
            let mut mask = targets.withdraw;
            for _ in 0..k {
                mask &= mask - 1;
            }
            return Some(Action::raw(action::WITHDRAW + mask.trailing_zeros() as u16));
        }
        k -= counts[8];
        if k < counts[9] {
            return board
                .nth_square(targets.catastrophes, k)
                .map(|s| Action::raw(action::CATASTROPHE + s.0));
        }
        k -= counts[9];
        action::nth_swap_within(targets.swap_hand, k).map(|i| Action::raw(action::SWAP + i as u16))
    }

    /// Draws a uniformly random legal action ([`Tigris::sample_legal`]) and plays it
    /// without checking it again: the engine itself produced it. Returns it with the
    /// length of the legal list; `None` (and nothing played) when no seat is to move.
    pub(crate) fn play_sampled<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<(Action, usize)> {
        let (action, n) = self.sample_legal(rng)?;
        debug_assert_eq!(self.check(action), Ok(()), "{action}");
        self.play(action, &mut NoEvents);
        Some((action, n))
    }
}

#[cfg(test)]
mod tests {
    use mesopotamia_core::chance::{sample_weighted, uniform_below};
    use mesopotamia_core::rand_core::{Rng, SeedableRng};
    use mesopotamia_core::{Game, ToMove};
    use rand_chacha::ChaCha8Rng;

    use crate::{BoardKind, Config, Tigris};

    /// Every combination of options, at 2, 3 and 4 players.
    fn configs() -> impl Iterator<Item = Config> {
        (2u8..=4).flat_map(|players| {
            (0u8..16).map(move |bits| {
                let board = if bits & 1 != 0 {
                    BoardKind::Alternative
                } else {
                    BoardKind::Classic
                };
                Config::new(players)
                    .with_board(board)
                    .with_buildings(bits & 2 != 0)
                    .with_ziggurat(bits & 4 != 0)
                    .with_english_variant(bits & 8 != 0)
            })
        })
    }

    /// At every decision of random games, the sampler gives the very action the list
    /// draw gives with the same random numbers, uses as many of them, and playing it
    /// unchecked leaves the same state as `apply`. A state that kept nothing of its board
    /// (as just deserialized) lists and draws the same: what is kept only saves work.
    #[test]
    fn the_sampler_draws_what_the_list_draws() {
        let mut legal = Vec::new();
        let mut outcomes = Vec::new();
        let mut decisions = 0;
        for (i, config) in configs().enumerate() {
            for seed in 0..4u64 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed * 100 + i as u64);
                let mut game = Tigris::new(config).unwrap();
                loop {
                    match game.to_move() {
                        ToMove::Terminal => break,
                        ToMove::Chance => {
                            game.chance_outcomes(&mut outcomes);
                            let draw = sample_weighted(&mut rng, &outcomes).unwrap();
                            game.apply_chance(draw).unwrap();
                        }
                        ToMove::Seat(_) => {
                            game.legal_actions(&mut legal);
                            let mut by_list = rng.clone();
                            let expected =
                                legal[uniform_below(&mut by_list, legal.len() as u32) as usize];
                            let mut cold = game.clone();
                            cold.public.regions = Default::default();
                            let mut cold_legal = Vec::new();
                            cold.legal_actions(&mut cold_legal);
                            assert_eq!(cold_legal, legal);
                            assert_eq!(
                                cold.sample_legal(&mut rng.clone()),
                                game.sample_legal(&mut rng.clone())
                            );
                            let mut sampled = game.clone();
                            let got = sampled.play_sampled(&mut rng);
                            assert_eq!(got, Some((expected, legal.len())), "{game:?}");
                            assert_eq!(game.check(expected), Ok(()));
                            assert_eq!(rng.next_u64(), by_list.next_u64());
                            game.apply(expected).unwrap();
                            assert_eq!(sampled, game);
                            assert!(sampled.public.regions_consistent());
                            decisions += 1;
                        }
                    }
                }
                assert_eq!(game.sample_legal(&mut rng), None);
            }
        }
        assert!(decisions > 10_000, "{decisions}");
    }

    /// The random-play fast path's speed, as the CLI's `bench` measures playouts (same
    /// seeds, same chance sampling): a measurement, not a check.
    ///
    /// `cargo test --release -p tigris-euphrates --lib -- --ignored --nocapture random_play_speed`
    /// (`TIGRIS_SPEED_GAMES` games per player count, 3000 by default; `TIGRIS_SPEED_PLAYERS`
    /// the player counts, `24` by default).
    #[test]
    #[ignore = "a measurement, not a check"]
    fn random_play_speed() {
        let games: u64 = std::env::var("TIGRIS_SPEED_GAMES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(3000);
        let mut outcomes = Vec::new();
        let players_list = std::env::var("TIGRIS_SPEED_PLAYERS").unwrap_or_else(|_| "24".into());
        for players in players_list
            .bytes()
            .filter_map(|b| (b as char).to_digit(10))
        {
            let players = players as u8;
            let config = Config::new(players);
            let (mut decisions, mut listed) = (0u64, 0u64);
            let start = std::time::Instant::now();
            for i in 0..games {
                let mut rng = ChaCha8Rng::seed_from_u64(1u64.wrapping_add(i));
                let mut game = Tigris::new(config).unwrap();
                loop {
                    match game.to_move() {
                        ToMove::Terminal => break,
                        ToMove::Chance => {
                            game.play_chance_random(&mut rng, &mut outcomes).unwrap();
                        }
                        ToMove::Seat(_) => {
                            let (_, n) = game.play_sampled(&mut rng).unwrap();
                            decisions += 1;
                            listed += n as u64;
                        }
                    }
                }
            }
            let secs = start.elapsed().as_secs_f64();
            println!(
                "{{\"players\":{players},\"games\":{games},\"seconds\":{secs:.3},\"games_per_sec\":{:.1},\"mean_legal_actions\":{:.2},\"mean_decisions\":{:.2}}}",
                games as f64 / secs,
                listed as f64 / decisions as f64,
                decisions as f64 / games as f64,
            );
        }
    }

    /// The speed of writing the complete legal list, over every position with a seat to
    /// move of 10 random games: a measurement, not a check.
    ///
    /// `cargo test --release -p tigris-euphrates --lib -- --ignored --nocapture legal_list_speed`
    #[test]
    #[ignore = "a measurement, not a check"]
    fn legal_list_speed() {
        let rounds: usize = std::env::var("TIGRIS_SPEED_ROUNDS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(200);
        let (mut positions, mut legal, mut outcomes) = (Vec::new(), Vec::new(), Vec::new());
        for seed in 0..10 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Tigris::new(Config::new(2)).unwrap();
            loop {
                match game.to_move() {
                    ToMove::Terminal => break,
                    ToMove::Chance => {
                        game.chance_outcomes(&mut outcomes);
                        let draw = sample_weighted(&mut rng, &outcomes).unwrap();
                        game.apply_chance(draw).unwrap();
                    }
                    ToMove::Seat(_) => {
                        positions.push(game.clone());
                        game.play_sampled(&mut rng).unwrap();
                    }
                }
            }
        }
        let start = std::time::Instant::now();
        let mut listed = 0;
        for _ in 0..rounds {
            for game in &positions {
                game.legal_actions(&mut legal);
                listed += legal.len();
            }
        }
        let secs = start.elapsed().as_secs_f64();
        let lists = rounds * positions.len();
        println!(
            "{{\"lists\":{lists},\"ns_per_list\":{:.1},\"mean_legal_actions\":{:.2}}}",
            secs * 1e9 / lists as f64,
            listed as f64 / lists as f64
        );
    }
}
