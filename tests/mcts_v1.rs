//! `mcts-v1` is the first search bot unchanged: on seeded positions of each game it makes
//! the same choices, with the same visits, as the search bot did before the guided search
//! was added (the fingerprints below were taken from that code, with `bots::mcts_bot`).

use mesopotamia::table::{BotSpec, NamedGame};
use mesopotamia_core::{Seat, ToMove};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// FNV-1a over numbers.
struct Fnv(u64);

impl Fnv {
    fn add(&mut self, x: u64) {
        for b in x.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x100_0000_01b3);
        }
    }
}

/// The search's analysis at several decisions of seeded random games of `config`: the
/// choice and every action's visits, hashed.
#[allow(dead_code)] // Unused when no game is built.
fn fingerprint<G: NamedGame>(config: &G::Config, spec: &str, games: u64, every: usize) -> u64 {
    let bot = spec.parse::<BotSpec>().unwrap().search_bot::<G>().unwrap();
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = G::new(config).unwrap();
        let mut decisions = 0usize;
        loop {
            match state.to_move() {
                ToMove::Terminal => break,
                ToMove::Chance => {
                    state.play_chance_random(&mut rng, &mut outcomes).unwrap();
                }
                ToMove::Seat(seat) => {
                    state.legal_actions(&mut legal);
                    if decisions % every == every / 2 && legal.len() > 1 {
                        let analysis = bot
                            .analyse(&state, seat, &legal, &mut ChaCha8Rng::seed_from_u64(seed))
                            .unwrap();
                        h.add(state.action_index(analysis.choice) as u64);
                        for (a, visits, _) in &analysis.actions {
                            h.add(state.action_index(*a) as u64);
                            h.add(u64::from(*visits));
                        }
                    }
                    decisions += 1;
                    let pick = (rng.next_u64() % legal.len() as u64) as usize;
                    state.apply(legal[pick]).unwrap();
                }
            }
            if decisions > 6 * every {
                break;
            }
        }
        h.add(Seat::all(state.seat_count()).count() as u64);
    }
    h.0
}

#[cfg(feature = "tigris")]
#[test]
fn mcts_v1_searches_tigris_as_before() {
    let config = tigris_euphrates::Config::new(2);
    assert_eq!(
        fingerprint::<tigris_euphrates::Tigris>(&config, "mcts-v1:300", 2, 7),
        14230889290057861445
    );
}

/// At 1,500 iterations the root of a Tigris & Euphrates decision (some 300 actions) is
/// fully tried, and plain UCT scores its edges: the same choices and visits as the code of
/// 2026-11-27 (d51afe5, which passes the fingerprints above), before the search's walks were
/// made cheaper.
#[cfg(feature = "tigris")]
#[test]
fn mcts_v1_searches_tigris_as_before_past_the_first_tries() {
    for (players, expected) in [(2, 15290591833046311590), (4, 7674544473435522502)] {
        let config = tigris_euphrates::Config::new(players);
        assert_eq!(
            fingerprint::<tigris_euphrates::Tigris>(&config, "mcts-v1:1500", 1, 25),
            expected,
            "{players} players"
        );
    }
}

#[cfg(feature = "cards")]
#[test]
fn mcts_v1_searches_cards_as_before() {
    let config = tigris_euphrates_cards::Config::new(3);
    assert_eq!(
        fingerprint::<tigris_euphrates_cards::Cards>(&config, "mcts-v1:300", 2, 7),
        14596747217989604130
    );
}

#[cfg(feature = "sumeria")]
#[test]
fn mcts_v1_searches_sumeria_as_before() {
    let config = sumeria::Config::new(3);
    assert_eq!(
        fingerprint::<sumeria::Sumeria>(&config, "mcts-v1:300", 2, 7),
        13966013272548295794
    );
}
