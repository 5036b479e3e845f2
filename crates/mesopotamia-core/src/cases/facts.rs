//! What a game checks its own facts with ([`CaseGame::check_fact`](super::CaseGame::check_fact),
//! the `expect` lines a case file writes in the game's own vocabulary): a fact's words read as
//! seats and values, and a value found compared with the one expected, the mismatch said in
//! the case files' words. The shared facts of the runner use them too; a game of one's own
//! implementing `CaseGame` reads its facts with them.

use crate::seat::Seat;

use super::Shown;

/// A seat number from a fact's word.
pub fn seat(word: &str) -> Result<Seat, String> {
    word.parse::<usize>()
        .ok()
        .and_then(Seat::new)
        .ok_or_else(|| format!("`{word}` is not a seat"))
}

/// A fact's word read as a `T`; the error says it is not `what`.
pub fn word<T: core::str::FromStr>(word: &str, what: &str) -> Result<T, String> {
    word.parse().map_err(|_| format!("`{word}` is not {what}"))
}

/// `Ok` if `got == want`, else a message naming both in the case files' words (`found
/// seat 0, expected seat 1`; `found none, expected F3`).
pub fn expect_eq<T: PartialEq + Shown>(got: T, want: T) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("found {}, expected {}", got.shown(), want.shown()))
    }
}
