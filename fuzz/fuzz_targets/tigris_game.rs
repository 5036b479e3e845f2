//! Bytes drive a game of Tigris & Euphrates. The first byte picks the player count (its
//! value mod 3) and the options (the bits of its value / 3: English variant, alternative
//! board, civilization buildings, ziggurat); then most
//! bytes pick a legal action (or chance outcome) by index, and a 0xFF byte followed by two
//! more decodes a raw index of the whole action space, often illegal, which must be
//! refused with the state unchanged. After every step the state must survive a trip
//! through the position format and its validation (tiles conserved, leaders next to
//! temples, no two leaders of a colour in a kingdom at rest, ...), VP never decrease
//! and treasures on the board never increase; a building's tile and the ziggurat's cross
//! never leave the board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mesopotamia_core::{Colour, Game, Seat, ToMove};
use tigris_euphrates::{ACTION_SPACE, Action, Board, BoardKind, Config, Position, Tigris};

fn check_step(game: &Tigris, before: &Tigris) {
    let position = Position::from_game(game);
    let back = position
        .into_game()
        .unwrap_or_else(|v| panic!("invalid state: {v:?}\n{position}"));
    assert_eq!(&back, game, "position round trip\n{position}");
    let (p, q) = (game.public(), before.public());
    for s in Seat::all(p.config().players as usize) {
        for c in Colour::ALL {
            assert!(p.vp(s)[c] >= q.vp(s)[c], "VP decreased");
        }
    }
    assert!(
        p.treasures().is_subset(&q.treasures()),
        "treasures appeared"
    );
    for c in Colour::ALL {
        if let Some(b) = q.building(c) {
            let tiles = p.tiles(c) | p.flipped_tiles(c);
            assert!(tiles.contains(b.space()), "the {c} building's tile left");
        }
    }
    if let Some(centre) = q.ziggurat() {
        assert_eq!(p.ziggurat(), Some(centre), "the ziggurat moved");
        let mut cross = Board::get(p.config().board).neighbours(centre.space());
        cross.insert(centre.space());
        assert!(cross.is_subset(&p.flipped()), "a ziggurat square left");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&options, mut rest)) = data.split_first() else {
        return;
    };
    let bits = options / 3;
    let board = if bits & 2 != 0 {
        BoardKind::Alternative
    } else {
        BoardKind::Classic
    };
    let config = Config::new(2 + options % 3)
        .with_english_variant(bits & 1 != 0)
        .with_board(board)
        .with_buildings(bits & 4 != 0)
        .with_ziggurat(bits & 8 != 0);
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
