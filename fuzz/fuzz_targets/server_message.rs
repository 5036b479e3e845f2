//! The game server's message reader: any bytes a client may send over its WebSocket are read
//! without a panic, and what is read is a message of the protocol or a refusal with its reason.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mesopotamia_server::protocol::{self, MAX_MESSAGE};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match protocol::read(text) {
        Ok(_) => assert!(text.len() <= MAX_MESSAGE),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
