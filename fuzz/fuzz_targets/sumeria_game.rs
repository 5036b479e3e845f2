//! Bytes drive a game of Sumeria: the first byte picks 3 or 4 players; then each byte picks
//! a legal action (or chance outcome) by index, and a 0xFF byte followed by two more
//! decodes a raw index of the action space, often illegal, which must be refused with the
//! state unchanged. After every step: traders and the 36 influence tiles are conserved,
//! the city-state order is a permutation, and the state survives the position format.
//! Listed actions are applied both with and without collecting events, which must give
//! the same state.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mesopotamia_core::{Game, Seat, ToMove};
use sumeria::{ACTION_SPACE, Config, Influence, Phase, Position, Sumeria};

fn check(game: &Sumeria) {
    let p = game.public();
    let n = p.config().players as usize;
    let (traders, _) = p.config().traders().expect("3 or 4 players");
    for s in Seat::all(n) {
        let on_board = (0..56).filter(|&i| p.occupant(i) == Some(s)).count();
        assert_eq!(on_board + p.supply(s) as usize, traders as usize);
    }
    let mut tiles = game.bag().total();
    for k in Influence::ALL {
        tiles += p.discarded(k) as u32 + (0..3).map(|d| p.display(d, k) as u32).sum::<u32>();
        tiles += Seat::all(n).map(|s| p.held(s, k) as u32).sum::<u32>();
    }
    assert_eq!(tiles, 36);
    if p.phase() != Phase::Order {
        let mut order: Vec<_> = p.order().collect();
        order.sort();
        order.dedup();
        assert_eq!(order.len(), 8);
    }
    let position = Position::from_game(game);
    let back = position
        .into_game()
        .unwrap_or_else(|v| panic!("invalid state: {v:?}\n{position}"));
    assert_eq!(&back, game);
}

fuzz_target!(|data: &[u8]| {
    let Some((&options, mut rest)) = data.split_first() else {
        return;
    };
    let mut game = Sumeria::new(Config::new(3 + options % 2)).expect("3 or 4 players");
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    while let Some((&byte, tail)) = rest.split_first() {
        rest = tail;
        match game.to_move() {
            ToMove::Terminal => break,
            ToMove::Chance => {
                game.chance_outcomes(&mut outcomes);
                let (c, _) = outcomes[byte as usize % outcomes.len()];
                game.apply_chance(c).expect("a listed outcome");
            }
            ToMove::Seat(_) if byte == 0xFF && rest.len() >= 2 => {
                let index = u16::from_le_bytes([rest[0], rest[1]]) as usize % ACTION_SPACE;
                rest = &rest[2..];
                let action = game.action_from_index(index).expect("in range");
                game.legal_actions(&mut legal);
                let before = game.clone();
                match game.apply(action) {
                    Ok(()) => assert!(legal.contains(&action), "{action} accepted but not listed"),
                    Err(_) => {
                        assert!(!legal.contains(&action), "{action} listed but refused");
                        assert_eq!(game, before);
                    }
                }
            }
            ToMove::Seat(_) => {
                game.legal_actions(&mut legal);
                let action = legal[byte as usize % legal.len()];
                let mut with_events = game.clone();
                let mut events = Vec::new();
                with_events
                    .apply_with_events(action, &mut events)
                    .expect("a listed action");
                game.apply(action).expect("a listed action");
                assert_eq!(game, with_events, "events changed the game");
                for e in &events {
                    let _ = e.to_string();
                }
            }
        }
        check(&game);
    }
});
