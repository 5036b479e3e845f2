#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// The shared core: colours, seats, geometry, scoring, chance, the game interface.
pub use mesopotamia_core as core;

/// Tigris & Euphrates, the tile game.
#[cfg(feature = "tigris")]
pub use tigris_euphrates as tigris;

/// Euphrat & Tigris, the card game.
#[cfg(feature = "cards")]
pub use tigris_euphrates_cards as cards;

/// Sumeria.
#[cfg(feature = "sumeria")]
pub use sumeria;
