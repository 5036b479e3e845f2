//! Bytes drive a game of the card game: the first byte picks 2 to 4 players and open
//! piles; then each byte picks a legal action (or chance outcome) by index, and a 0xFF byte
//! followed by two more decodes a raw index of the action space, which must be refused with
//! the state unchanged when it is not listed. Listed actions are applied both with and
//! without collecting events, which must give the same state.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mesopotamia_core::{Game, ToMove};
use tigris_euphrates_cards::{ACTION_SPACE, Action, Cards, Config};

fuzz_target!(|data: &[u8]| {
    let Some((&options, mut rest)) = data.split_first() else {
        return;
    };
    let config = Config::new(2 + options % 3).with_open_piles(options & 4 != 0);
    let mut game = Cards::new(config).expect("a valid configuration");
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    while let Some((&byte, tail)) = rest.split_first() {
        rest = tail;
        match game.to_move() {
            ToMove::Terminal => {
                assert!(game.standings().is_some());
                break;
            }
            ToMove::Chance => {
                game.chance_outcomes(&mut outcomes);
                let (c, _) = outcomes[byte as usize % outcomes.len()];
                game.apply_chance(c).expect("a listed outcome");
            }
            ToMove::Seat(_) if byte == 0xFF && rest.len() >= 2 => {
                let index = u16::from_le_bytes([rest[0], rest[1]]) as usize % ACTION_SPACE;
                rest = &rest[2..];
                let action = Action::from_index(index).expect("in range");
                game.legal_actions(&mut legal);
                let before = game.clone();
                match game.apply(action) {
                    Ok(()) => assert!(legal.contains(&action)),
                    Err(_) => {
                        assert!(!legal.contains(&action));
                        assert_eq!(game, before);
                    }
                }
            }
            ToMove::Seat(_) => {
                game.legal_actions(&mut legal);
                assert!(!legal.is_empty());
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
    }
});
