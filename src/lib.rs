// The README's examples use Tigris & Euphrates: it is the crate's documentation when that
// game is built in (as on docs.rs), so its examples run as doc tests.
#![cfg_attr(feature = "tigris", doc = include_str!("../README.md"))]
#![cfg_attr(
    not(feature = "tigris"),
    doc = "Rules engines for Tigris & Euphrates, Euphrat & Tigris (the card game) and Sumeria, \
           under one roof: the core and each game behind its feature (`tigris`, `cards`, \
           `sumeria`, `serde`, and `svg` for pictures). The README's examples need the `tigris` feature."
)]
// Where other crates' docs link to this one when its own docs are not beside theirs yet:
// `cargo doc --workspace --no-deps` documents the members in no set order, and a link to a
// crate not yet documented would otherwise be left as raw `[brackets]`.
#![doc(html_root_url = "https://docs.rs/mesopotamia/latest")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The shared core: colours, seats, geometry, scoring, chance, the game interface.
pub use mesopotamia_core as core;

/// Bots and search: the match driver, random, greedy and search bots, record analysis.
pub use mesopotamia_search as search;

/// Tigris & Euphrates, the tile game.
#[cfg(feature = "tigris")]
pub use tigris_euphrates as tigris;

/// Euphrat & Tigris, the card game.
#[cfg(feature = "cards")]
pub use tigris_euphrates_cards as cards;

/// Sumeria.
#[cfg(feature = "sumeria")]
pub use sumeria;

pub mod examples;
pub mod games;
#[cfg(feature = "svg")]
pub mod pictures;
pub mod session;
pub mod table;
