//! Any text given to the position parser and validator: never a panic; a position that
//! validates prints and parses back to the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tigris_euphrates::Position;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(position) = text.parse::<Position>() else {
        return;
    };
    let _ = position.to_string();
    if let Ok(game) = position.into_game() {
        let again: Position = Position::from_game(&game)
            .to_string()
            .parse()
            .expect("a printed position parses");
        let back = again.into_game().expect("a printed position validates");
        assert_eq!(back, game);
    }
});
