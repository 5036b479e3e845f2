//! Bytes drive a game of Tigris & Euphrates. The first byte picks the options; then most
//! bytes pick a legal action (or chance outcome) by index, and a 0xFF byte followed by two
//! more decodes a raw index of the whole action space, often illegal, which must be
//! refused with the state unchanged. After every step the state must survive a trip
//! through the position format and its validation (tiles conserved, leaders next to
//! temples, no two leaders of a colour in a kingdom at rest, ...), VP never decrease
//! and treasures on the board never increase.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mesopotamia_core::{Colour, Game, Seat, ToMove};
use tigris_euphrates::{ACTION_SPACE, Action, Config, Position, Tigris};

fn check_step(game: &Tigris, before: &Tigris) {
    let position = Position::from_game(game);
    let back = position.into_game().unwrap_or_else(|v| panic!("invalid state: {v:?}\n{position}"));
    assert_eq!(&back, game, "position round trip\n{position}");
    let (p, q) = (game.public(), before.public());
    for s in Seat::all(p.config().players as usize) {
        for c in Colour::ALL {
            assert!(p.vp(s)[c] >= q.vp(s)[c], "VP decreased");
        }
    }
    assert!(p.treasures().is_subset(&q.treasures()), "treasures appeared");
}

fuzz_target!(|data: &[u8]| {
    let Some((&options, mut rest)) = data.split_first() else { return };
    let config = Config::new(2 + options % 3).with_english_variant(options & 4 != 0);
    let mut game = Tigris::new(config).expect("a valid configuration");
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    while let Some((&byte, tail)) = rest.split_first() {
        rest = tail;
        let before = game.clone();
        match game.to_move() {
            ToMove::Terminal => break,
            ToMove::Chance => {
                game.chance_outcomes(&mut outcomes);
                let (draw, _) = outcomes[byte as usize % outcomes.len()];
                game.apply_chance(draw).expect("a listed outcome");
            }
            ToMove::Seat(_) if byte == 0xFF && rest.len() >= 2 => {
                let index = u16::from_le_bytes([rest[0], rest[1]]) as usize % ACTION_SPACE;
                rest = &rest[2..];
                let action = Action::from_index(index).expect("in range");
                game.legal_actions(&mut legal);
                let listed = legal.binary_search(&action).is_ok();
                match game.apply(action) {
                    Ok(()) => assert!(listed, "{action} accepted but not listed"),
                    Err(_) => {
                        assert!(!listed, "{action} listed but refused");
                        assert_eq!(game, before, "refusing {action} changed the state");
                    }
                }
            }
            ToMove::Seat(_) => {
                game.legal_actions(&mut legal);
                assert!(!legal.is_empty(), "a seat to move without a legal action");
                let action = legal[byte as usize % legal.len()];
                game.apply(action).expect("a listed action");
            }
        }
        check_step(&game, &before);
    }
});
