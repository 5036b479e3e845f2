//! Any text given to the action parser: never a panic; an action prints and parses back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tigris_euphrates::{Action, Chance};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(action) = text.parse::<Action>() {
        assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        assert!(Action::from_index(action.index()) == Some(action));
    }
    if let Ok(draw) = text.parse::<Chance>() {
        assert_eq!(draw.to_string().parse::<Chance>(), Ok(draw));
    }
});
