//! Seeded random games play exactly as they did when these fingerprints were taken: the
//! engine's speed work must not change a rule. Each fingerprint folds every step of the
//! games (actions, draws, the legal list's length) and their final standings.

use mesopotamia_core::chance::{sample_weighted, uniform_below};
use mesopotamia_core::{Game, Seat, ToMove};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates::Tigris;

mod common;

/// FNV-1a, 64 bits: stable across platforms and toolchains.
struct Fnv(u64);

impl Fnv {
    fn add(&mut self, x: u64) {
        for b in x.to_le_bytes() {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x100_0000_01b3);
        }
    }
}

/// Plays `games` uniform random games of configuration `bits` (see `common::config`) and
/// folds them into one number.
fn fingerprint(players: u8, bits: u8, games: u64) -> u64 {
    let config = common::config(players, bits);
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Tigris::new(config).expect("valid config");
        loop {
            match game.to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => {
                    game.chance_outcomes(&mut outcomes);
                    let draw = sample_weighted(&mut rng, &outcomes).expect("outcomes");
                    h.add(1 << 32 | draw.0.index() as u64);
                    game.apply_chance(draw).expect("listed");
                }
                ToMove::Seat(seat) => {
                    game.legal_actions(&mut legal);
                    let action = legal[uniform_below(&mut rng, legal.len() as u32) as usize];
                    h.add((seat.index() as u64) << 48 | (legal.len() as u64) << 16);
                    h.add(action.index() as u64);
                    game.apply(action).expect("legal");
                }
            }
        }
        for s in Seat::all(players as usize) {
            for k in game.public().standing_key(s) {
                h.add(k as u64);
            }
        }
        h.add(game.public().turn() as u64);
    }
    h.0
}

#[test]
fn seeded_games_play_as_before() {
    let expected: [(u8, u8, u64); 6] = [
        (2, 0, 242250634345760252),
        (3, 0, 8289799913442086651),
        (4, 0, 15527753465791350428),
        (2, 15, 11904777575105454922),
        (3, 6, 9796709089245956734),
        (4, 9, 5209316513378318158),
    ];
    let got: Vec<(u8, u8, u64)> = expected
        .iter()
        .map(|&(players, bits, _)| (players, bits, fingerprint(players, bits, 150)))
        .collect();
    assert_eq!(got, expected);
}
