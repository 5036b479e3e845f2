//! Any text given to the board parser: never a panic; a board that parses is valid (every
//! location reachable, moves stay on the board) and reads back from its own text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sumeria::Board;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(board) = Board::parse(text) else {
        return;
    };
    assert_eq!(Board::parse(board.source()).as_ref(), Ok(&board));
    let all = board.graph().all();
    for from in 0..56 {
        assert!(
            board.destinations(from, all).is_empty(),
            "every location occupied: nowhere to go"
        );
        let alone = board.destinations(
            from,
            mesopotamia_core::SpaceSet::single(mesopotamia_core::Space(from as u16)),
        );
        assert!(
            !alone.is_empty(),
            "a lone trader can always move on a connected board"
        );
    }
});
