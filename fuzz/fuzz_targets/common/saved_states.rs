//! What the `*_state` targets share: driving a game with bytes, tampering with saved JSON,
//! and playing an accepted state on with the contract's checks.

use mesopotamia_core::{Game, Seat, ToMove};

/// A small deterministic generator: the fuzz input fixes every choice.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Each byte picks a legal action or chance outcome, until the bytes or the game end.
pub fn drive<G: Game>(game: &mut G, bytes: &[u8]) {
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    for &byte in bytes {
        match game.to_move() {
            ToMove::Terminal => break,
            ToMove::Chance => {
                game.chance_outcomes(&mut outcomes);
                let (draw, _) = outcomes[byte as usize % outcomes.len()];
                game.apply_chance(draw).expect("a listed outcome");
            }
            ToMove::Seat(_) => {
                game.legal_actions(&mut legal);
                let action = legal[byte as usize % legal.len()];
                game.apply(action).expect("a listed action");
            }
        }
    }
}

/// Each pair of bytes picks a digit of every text (by its rank among the digits) and its
/// new value.
pub fn tamper(texts: &mut [Vec<u8>], bytes: &[u8]) {
    for pair in bytes.chunks(2) {
        let (at, value) = (pair[0] as usize, *pair.get(1).unwrap_or(&b'9'));
        for text in texts.iter_mut() {
            let digits: Vec<usize> = (0..text.len())
                .filter(|&i| text[i].is_ascii_digit())
                .collect();
            if let Some(&i) = digits.get(at * digits.len() / 256) {
                text[i] = b'0' + value % 10;
            }
        }
    }
}

/// Up to 200 random steps from an accepted state: views and standings computable, listed
/// actions and outcomes accepted, a raw index not listed refused with the state unchanged,
/// and every state the same after `round_trip` (its position text and back).
pub fn play_on<G>(mut game: G, seed: u64, round_trip: impl Fn(&G) -> Result<G, String>)
where
    G: Game,
{
    let mut rng = Lcg(seed);
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..200 {
        for s in Seat::all(game.seat_count()) {
            let _ = game.view(s);
        }
        let _ = game.standings();
        let back = round_trip(&game).unwrap_or_else(|e| panic!("invalid state: {e}"));
        assert_eq!(back, game, "position round trip");
        match game.to_move() {
            ToMove::Terminal => return,
            ToMove::Chance => {
                game.chance_outcomes(&mut outcomes);
                assert!(!outcomes.is_empty(), "a chance node without outcomes");
                let (draw, _) = outcomes[rng.below(outcomes.len())];
                game.apply_chance(draw).expect("a listed outcome");
            }
            ToMove::Seat(_) => {
                game.legal_actions(&mut legal);
                assert!(!legal.is_empty(), "a seat to move without a legal action");
                let size = game.action_space_size();
                let raw = game.action_from_index(rng.below(size)).expect("in range");
                if legal.binary_search(&raw).is_err() {
                    let before = game.clone();
                    assert!(game.apply(raw).is_err(), "{raw} accepted but not listed");
                    assert!(game == before, "refusing {raw} changed the state");
                }
                let action = legal[rng.below(legal.len())];
                game.apply(action).expect("a listed action");
            }
        }
    }
}

/// The JSON of a state and of each seat's view.
pub fn saved<G>(game: &G) -> Vec<Vec<u8>>
where
    G: Game + serde::Serialize,
    G::View: serde::Serialize,
{
    std::iter::once(serde_json::to_vec(game).expect("a state serializes"))
        .chain(
            Seat::all(game.seat_count())
                .map(|s| serde_json::to_vec(&game.view(s)).expect("a view serializes")),
        )
        .collect()
}

/// The fuzz input as a state and views: even first byte, the rest as it is; odd, a game of
/// `config(next byte)` driven by as many bytes as the byte after says, saved, and tampered
/// with by the remaining bytes. Whatever deserializes as a state plays on.
pub fn run<G>(
    data: &[u8],
    config: impl Fn(u8) -> G::Config,
    round_trip: impl Fn(&G) -> Result<G, String>,
) where
    G: Game + serde::Serialize + serde::de::DeserializeOwned,
    G::View: serde::Serialize + serde::de::DeserializeOwned,
{
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode % 2 == 0 {
        if let Ok(game) = serde_json::from_slice::<G>(rest) {
            play_on(game, rest.len() as u64, &round_trip);
        }
        let _ = serde_json::from_slice::<G::View>(rest);
        return;
    }
    let [options, moves, rest @ ..] = rest else {
        return;
    };
    let mut game = G::new(&config(*options)).expect("a valid configuration");
    let (bytes, changes) = rest.split_at((*moves as usize).min(rest.len()));
    drive(&mut game, bytes);
    let mut texts = saved(&game);
    tamper(&mut texts, changes);
    if let Ok(tampered) = serde_json::from_slice::<G>(&texts[0]) {
        play_on(tampered, data.len() as u64, &round_trip);
    }
    for view in &texts[1..] {
        let _ = serde_json::from_slice::<G::View>(view);
    }
}
