//! Saved states, tampered with: JSON that deserializes as a Tigris & Euphrates state (or a
//! seat's view) must give one the engine can play, never one that panics later.
//!
//! The first byte picks a mode. Even: the rest is given as it is to the state's and the
//! view's deserializers. Odd: the next byte picks the configuration (as in `tigris_game`),
//! the byte after it how many of the following bytes drive a game to a mid-game point (a
//! legal action or chance outcome each); the state's JSON is then tampered with, each pair
//! of remaining bytes picking a digit of the text and its new value. Whatever is accepted
//! plays on for up to 200 steps: listed actions are accepted, a raw index not listed is
//! refused with the state unchanged, and every state survives the position round trip.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mesopotamia_core::{Game, Seat, ToMove};
use tigris_euphrates::{ACTION_SPACE, Action, BoardKind, Config, Position, Tigris, TigrisView};

/// A small deterministic generator: the fuzz input fixes every choice.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

fn play_on(mut game: Tigris, seed: u64) {
    let mut rng = Lcg(seed);
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..200 {
        for s in Seat::all(game.seat_count()) {
            let _ = game.view(s);
        }
        let _ = game.standings();
        let position = Position::from_game(&game);
        let back = position.into_game().unwrap_or_else(|v| panic!("invalid state: {v:?}\n{position}"));
        assert_eq!(back, game, "position round trip\n{position}");
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
                let raw = Action::from_index(rng.below(ACTION_SPACE)).expect("in range");
                if legal.binary_search(&raw).is_err() {
                    let before = game.clone();
                    assert!(game.apply(raw).is_err(), "{raw} accepted but not listed");
                    assert_eq!(game, before, "refusing {raw} changed the state");
                }
                let action = legal[rng.below(legal.len())];
                game.apply(action).expect("a listed action");
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    if mode % 2 == 0 {
        if let Ok(game) = serde_json::from_slice::<Tigris>(rest) {
            play_on(game, rest.len() as u64);
        }
        let _ = serde_json::from_slice::<TigrisView>(rest);
        return;
    }
    let [options, moves, rest @ ..] = rest else { return };
    let bits = options / 3;
    let board = if bits & 2 != 0 { BoardKind::Alternative } else { BoardKind::Classic };
    let config = Config::new(2 + options % 3)
        .with_english_variant(bits & 1 != 0)
        .with_board(board)
        .with_buildings(bits & 4 != 0)
        .with_ziggurat(bits & 8 != 0);
    let mut game = Tigris::new(config).expect("a valid configuration");
    let (drive, tamper) = rest.split_at((*moves as usize).min(rest.len()));
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    for &byte in drive {
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
    let mut json = serde_json::to_vec(&game).expect("a state serializes");
    let mut views: Vec<Vec<u8>> = Seat::all(game.seat_count())
        .map(|s| serde_json::to_vec(&game.view(s)).expect("a view serializes"))
        .collect();
    for pair in tamper.chunks(2) {
        let (at, value) = (pair[0] as usize, *pair.get(1).unwrap_or(&b'9'));
        for text in std::iter::once(&mut json).chain(views.iter_mut()) {
            let digits: Vec<usize> = (0..text.len()).filter(|&i| text[i].is_ascii_digit()).collect();
            if let Some(&i) = digits.get(at * digits.len() / 256) {
                text[i] = b'0' + value % 10;
            }
        }
    }
    if let Ok(tampered) = serde_json::from_slice::<Tigris>(&json) {
        play_on(tampered, data.len() as u64);
    }
    for view in &views {
        let _ = serde_json::from_slice::<TigrisView>(view);
    }
});
