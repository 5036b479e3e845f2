//! The fuzz inputs: how bytes choose a deep position and steer a few steps from it.
//!
//! A `*_game` input:
//!
//! ```text
//! start  point  seed (8 bytes, little-endian; missing bytes are 0)  (skip op [raw raw])...
//! ```
//!
//! - `start`: bit 7 clear, a configuration ([`FuzzGame::config_of`] of the low 7 bits);
//!   set, one of the rule examples' positions ([`FuzzGame::case_starts`], the low 7 bits
//!   modulo their number), before or after its script;
//! - `point`: a state of one of the start's 16 reference games ([`crate::waypoints`]): the
//!   high 4 bits the game, the low 4 bits how far (0 the start, 15 the end, evenly spaced);
//! - the seed then plays every step the input does not steer: the game's own sampler draws
//!   and the checked `apply` plays ([`Driver::random_step`]);
//! - each command first lets the seed play `skip & 63` steps, checked at level `skip >> 6`
//!   ([`crate::driver::level`]: also probing an illegal action, also writing out the legal
//!   list and comparing the draw with it), then does `op` ([`Op::from_byte`]): a chosen
//!   legal action or chance outcome, an illegal action to be refused, or the contract's
//!   expensive checks ([`Depth`]) here (the first such op only: the rest do nothing);
//! - when the bytes end, the final state gets the quick checks (an input that wants the
//!   deep ones there ends with a check op).
//!
//! A `*_state` input: a first byte that is even gives the rest as it is to the state's, the
//! views' and the public part's JSON readers; odd, a game as above (`start`, `point`,
//! `seed`, one `skip` byte saying where to stop) is saved, and each group of 3 following
//! bytes mutates the state's text, a seat's view or the public part ([`mutate`]). Whatever
//! reads back is checked; a state also plays on.

use serde::de::DeserializeOwned;

use crate::driver::{Depth, Driver, json_round_trip, level, round_trips};
use crate::games::FuzzGame;
use crate::waypoints;

/// What a command does after its skip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `0x00..=0xDF`: the legal action (or chance outcome) at this fraction (of 224) of the
    /// list, applied with and without events.
    Pick(u8),
    /// `0xE0..=0xEF`: a random index of the action space, accepted exactly when listed.
    Probe,
    /// `0xF0`: the checks of [`Depth::Whole`].
    WholeSpace,
    /// `0xF1..=0xF7`: the checks of [`Depth::Deep`].
    Check,
    /// `0xF8..=0xFF`: the action whose index the next two bytes give (little-endian,
    /// modulo the space), accepted exactly when listed.
    Raw,
}

impl Op {
    /// The first byte of each kind, for writing inputs.
    pub const PROBE: u8 = 0xE0;
    /// See [`Op::WholeSpace`].
    pub const WHOLE_SPACE: u8 = 0xF0;
    /// See [`Op::Check`].
    pub const CHECK: u8 = 0xF1;
    /// See [`Op::Raw`].
    pub const RAW: u8 = 0xF8;

    /// The op a byte names.
    pub fn from_byte(byte: u8) -> Op {
        match byte {
            0x00..=0xDF => Op::Pick(byte),
            0xE0..=0xEF => Op::Probe,
            0xF0 => Op::WholeSpace,
            0xF1..=0xF7 => Op::Check,
            0xF8..=0xFF => Op::Raw,
        }
    }
}

/// A skip byte: `(steps, level)`.
pub fn skip(byte: u8) -> (usize, u8) {
    ((byte & 63) as usize, byte >> 6)
}

/// The state a start byte names (see [`label`]).
pub fn start<G: FuzzGame>(byte: u8) -> G {
    let cases = G::case_starts();
    if byte & 0x80 != 0 && !cases.is_empty() {
        return cases[(byte & 0x7F) as usize % cases.len()].1.clone();
    }
    let config = G::config_of(byte & 0x7F);
    G::new(&config).unwrap_or_else(|e| panic!("configuration {config:?}: {e}"))
}

/// The label of a start byte: its configuration, or the rule example's position.
pub fn label<G: FuzzGame>(start: u8) -> String {
    let cases = G::case_starts();
    if start & 0x80 != 0 && !cases.is_empty() {
        cases[(start & 0x7F) as usize % cases.len()].0.clone()
    } else {
        format!("{:?}", G::config_of(start & 0x7F))
    }
}

/// Up to 8 bytes as a little-endian seed (missing bytes 0), and the bytes after them.
pub fn seed(bytes: &[u8]) -> (u64, &[u8]) {
    let n = bytes.len().min(8);
    let mut seed = [0u8; 8];
    seed[..n].copy_from_slice(&bytes[..n]);
    (u64::from_le_bytes(seed), &bytes[n..])
}

/// Where an input's game went.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// The start byte (see [`label`]).
    pub start: u8,
    /// Steps from the start: the reference game's to the point, then the input's.
    pub steps: usize,
    /// The final state's [`FuzzGame::depth`].
    pub depth: u32,
    /// Whether the game ended.
    pub over: bool,
}

/// The driver of an input's first bytes (start, point, seed), the steps before its point,
/// and the bytes after.
fn begin<G: FuzzGame>(data: &[u8]) -> (Driver<G>, usize, u8, &[u8]) {
    let (&first, rest) = data.split_first().unwrap_or((&0, &[]));
    let (&point, rest) = rest.split_first().unwrap_or((&0, &[]));
    let (game, before) = waypoints::get::<G>(first, point);
    let (seed, rest) = seed(rest);
    (Driver::new(game.clone(), seed), before, first, rest)
}

fn played<G: FuzzGame>(start: u8, before: usize, driver: &Driver<G>) -> Played {
    Played {
        start,
        steps: before + driver.steps,
        depth: driver.game.depth(),
        over: driver.is_over(),
    }
}

/// A `*_game` input (see the module's documentation).
///
/// # Panics
/// When the game breaks its contract: the fuzzer's finding.
pub fn run_game<G: FuzzGame>(data: &[u8]) -> Played {
    let (mut driver, before, start, mut commands) = begin::<G>(data);
    // The expensive checks once per input: libFuzzer keeps the inputs that ask for them
    // often, and repeated they would take most of the fuzzer's time.
    let mut expensive = 1;
    while let Some((&byte, rest)) = commands.split_first() {
        commands = rest;
        let (steps, level) = skip(byte);
        if !driver.random_steps(steps, level) {
            break;
        }
        let Some((&op, rest)) = commands.split_first() else {
            break;
        };
        commands = rest;
        match Op::from_byte(op) {
            Op::Pick(fraction) => driver.pick(fraction),
            Op::Probe => driver.probe(),
            Op::WholeSpace | Op::Check if expensive == 0 => {}
            Op::WholeSpace => {
                expensive -= 1;
                driver.check(Depth::Whole)
            }
            Op::Check => {
                expensive -= 1;
                driver.check(Depth::Deep)
            }
            Op::Raw => {
                let [a, b, rest @ ..] = commands else {
                    break;
                };
                commands = rest;
                driver.try_raw(u16::from_le_bytes([*a, *b]) as usize);
            }
        }
    }
    driver.check(Depth::Quick);
    played(start, before, &driver)
}

/// Steps an accepted saved state plays on.
pub const PLAY_ON: usize = 32;

/// A state that was read from JSON: the quick checks and its position and JSON round
/// trips, then [`PLAY_ON`] random steps with every per-step check, then the quick checks
/// again.
pub fn play_on<G: FuzzGame>(game: G, seed: u64) {
    let mut driver = Driver::new(game, seed);
    driver.check(Depth::Quick);
    round_trips(&driver.game);
    driver.random_steps(PLAY_ON, level::PROBE | level::LIST);
    driver.check(Depth::Quick);
}

/// Which reader a saved text goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// The state; `true` when its JSON is a string (a position text), which is mutated
    /// inside.
    State(bool),
    View,
    Public,
}

/// A `*_state` input (see the module's documentation). Returns where the game was saved
/// (nothing for raw JSON).
///
/// # Panics
/// When a state that was read breaks the contract: the fuzzer's finding.
pub fn run_state<G: FuzzGame>(data: &[u8]) -> Option<Played> {
    let (&mode, rest) = data.split_first()?;
    if mode % 2 == 0 {
        read::<G>(Kind::State(false), rest, rest.len() as u64);
        read::<G>(Kind::View, rest, 0);
        read::<G>(Kind::Public, rest, 0);
        return None;
    }
    let (mut driver, before, start, rest) = begin::<G>(rest);
    let (&stop, mutations) = rest.split_first().unwrap_or((&0, &[]));
    let (steps, level) = skip(stop);
    driver.random_steps(steps, level);
    let game = &driver.game;
    // Only the texts a mutation touches are written (writing is much of the cost).
    let seats = game.seat_count();
    let mut texts: Vec<Option<(Kind, Vec<u8>)>> = vec![None; seats + 2];
    for m in mutations.chunks_exact(3) {
        let which = (m[0] >> 3) as usize % texts.len();
        let (_, text) = texts[which].get_or_insert_with(|| saved(game, which));
        mutate(text, m[0] & 7, m[1], m[2]);
    }
    let seed = driver.steps as u64;
    for (kind, text) in texts.iter().flatten() {
        read::<G>(*kind, text, seed);
    }
    Some(played(start, before, &driver))
}

/// Text `which` of a game: 0 its state (the position text inside when its JSON is a
/// string), then each seat's view, then the public part.
fn saved<G: FuzzGame>(game: &G, which: usize) -> (Kind, Vec<u8>) {
    let seats = game.seat_count();
    if which == 0 {
        let state = serde_json::to_string(game).expect("a state serializes");
        match serde_json::from_str::<String>(&state) {
            Ok(text) => (Kind::State(true), text.into_bytes()),
            Err(_) => (Kind::State(false), state.into_bytes()),
        }
    } else if which <= seats {
        let seat = mesopotamia_core::Seat::all(seats)
            .nth(which - 1)
            .expect("a seat");
        (
            Kind::View,
            serde_json::to_vec(&game.view(seat)).expect("a view serializes"),
        )
    } else {
        (
            Kind::Public,
            serde_json::to_vec(game.public_part()).expect("a public part serializes"),
        )
    }
}

/// Gives `text` to a reader; what is accepted is checked (a state plays on).
fn read<G: FuzzGame>(kind: Kind, text: &[u8], seed: u64) {
    match kind {
        Kind::State(inside) => {
            let parsed = if inside {
                let text = String::from_utf8_lossy(text);
                let json = serde_json::to_string(&text).expect("a string serializes");
                serde_json::from_str::<G>(&json)
            } else {
                serde_json::from_slice::<G>(text)
            };
            if let Ok(game) = parsed {
                play_on(game, seed);
            }
        }
        Kind::View => accepted::<G::View>(text, "view"),
        Kind::Public => accepted::<G::Public>(text, "public part"),
    }
}

/// What a reader accepts writes and reads back equal.
fn accepted<T>(text: &[u8], what: &str)
where
    T: serde::Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    if let Ok(value) = serde_json::from_slice::<T>(text) {
        json_round_trip(&value, what);
    }
}

/// Numbers a mutation may put in place of one.
const EXTREMES: [&str; 12] = [
    "0",
    "1",
    "6",
    "7",
    "255",
    "256",
    "65535",
    "65536",
    "4294967296",
    "18446744073709551616",
    "-1",
    "99999999999999999999999",
];

/// One mutation of a saved text, as someone editing it by hand might: `op` (0 to 7) says
/// which, `at` and `value` where and what (a rank is taken as a fraction of 256 of the
/// digits, numbers, words or lines of the text).
///
/// 0. the digit at `at` becomes `value % 10`;
/// 1. the number at `at` becomes an extreme ([`EXTREMES`], by `value`);
/// 2. the words at `at` and `value` are swapped;
/// 3. the word at `value` is copied over the word at `at`;
/// 4. the word at `at` is removed;
/// 5. the word at `at` is repeated;
/// 6. the lines at `at` and `value` are swapped (the words, in a one-line text);
/// 7. the byte at `at` becomes `value`.
pub fn mutate(text: &mut Vec<u8>, op: u8, at: u8, value: u8) {
    let rank = |n: usize, r: u8| r as usize * n / 256;
    match op {
        0 => {
            let digits: Vec<usize> = (0..text.len())
                .filter(|&i| text[i].is_ascii_digit())
                .collect();
            if let Some(&i) = digits.get(rank(digits.len(), at)) {
                text[i] = b'0' + value % 10;
            }
        }
        1 => {
            let numbers = spans(text, |b| b.is_ascii_digit() || b == b'-');
            if let Some(&(a, b)) = numbers.get(rank(numbers.len(), at)) {
                let extreme = EXTREMES[value as usize % EXTREMES.len()];
                text.splice(a..b, extreme.bytes());
            }
        }
        2..=5 => {
            let words = spans(text, |b| {
                !b.is_ascii_whitespace() && !b"\"{}[],:".contains(&b)
            });
            if words.is_empty() {
                return;
            }
            let (x, y) = (
                words[rank(words.len(), at)],
                words[rank(words.len(), value)],
            );
            match op {
                2 => swap(text, x, y),
                3 => {
                    let word = text[y.0..y.1].to_vec();
                    text.splice(x.0..x.1, word);
                }
                4 => {
                    text.drain(x.0..x.1);
                }
                _ => {
                    // After the word, the separator that follows it, then the copy.
                    let word = text[x.0..x.1].to_vec();
                    let gap = text.get(x.1).copied().unwrap_or(b' ');
                    text.splice(x.1..x.1, [gap].into_iter().chain(word));
                }
            }
        }
        6 => {
            let lines = spans(text, |b| b != b'\n');
            if lines.len() < 2 {
                mutate(text, 2, at, value);
                return;
            }
            swap(
                text,
                lines[rank(lines.len(), at)],
                lines[rank(lines.len(), value)],
            );
        }
        _ => {
            if !text.is_empty() {
                let i = rank(text.len(), at);
                text[i] = value;
            }
        }
    }
}

/// The maximal runs of bytes that `inside` accepts, as `(start, end)`.
fn spans(text: &[u8], inside: impl Fn(u8) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, &b) in text.iter().enumerate() {
        match (inside(b), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, text.len()));
    }
    out
}

/// Swaps two disjoint spans (the same span: nothing).
fn swap(text: &mut Vec<u8>, x: (usize, usize), y: (usize, usize)) {
    let (first, second) = if x.0 <= y.0 { (x, y) } else { (y, x) };
    if first == second || first.1 > second.0 {
        return;
    }
    let mut out = Vec::with_capacity(text.len());
    out.extend_from_slice(&text[..first.0]);
    out.extend_from_slice(&text[second.0..second.1]);
    out.extend_from_slice(&text[first.1..second.0]);
    out.extend_from_slice(&text[first.0..first.1]);
    out.extend_from_slice(&text[second.1..]);
    *text = out;
}
