//! Uniform random play without writing the legal list: the fast path of random
//! playouts. The draw is exact: the same action `legal[uniform_below(rng, n)]` of the
//! sorted list would give, for the same random numbers, so a seeded game plays the same
//! either way.
//!
//! Safety of the state: the action played without a second check is always one the
//! engine itself just drew from the legal actions; nothing here takes an action from a
//! caller.

use mesopotamia_core::NoEvents;
use mesopotamia_core::chance::{pick_uniform, uniform_below};
use mesopotamia_core::rand_core::Rng;
use smallvec::SmallVec;

use super::{Pending, Tigris};
use crate::action::Action;

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
                let n = counts.iter().sum::<usize>();
                let k = uniform_below(rng, n as u32) as usize;
                targets.nth(&counts, k).map(|a| (a, n))
            }
            Pending::Draw(_) | Pending::Over => None,
            _ => {
                let mut options = SmallVec::new();
                self.small_options(&mut options);
                pick_uniform(rng, &options).map(|a| (a, options.len()))
            }
        }
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
    /// unchecked leaves the same state as `apply`, whose kept regions match the board.
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
}
