#![doc = include_str!("../README.md")]
// Where other crates' docs link to this one when its own docs are not beside theirs yet:
// `cargo doc --workspace --no-deps` documents the members in no set order, and a link to a
// crate not yet documented would otherwise be left as raw `[brackets]`.
#![doc(html_root_url = "https://docs.rs/tigris-euphrates-cards/latest")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod action;
#[cfg(feature = "bots")]
pub mod bots;
mod config;
pub mod describe;
pub mod event;
pub mod examples;
pub mod observation;
pub mod position;
#[cfg(feature = "serde")]
pub mod serialization;
mod state;
#[cfg(feature = "svg")]
pub mod svg;
mod table;
pub mod view;

pub use action::{ACTION_SPACE, Action, Boat, Chance, ParseActionError, Place};
pub use config::{Config, DEFAULT_TURN_LIMIT, MAX_TURN_LIMIT, ParseConfigError};
pub use describe::DESCRIPTION;
pub use event::Event;
pub use position::{ParsePositionError, Position, Violation};
#[cfg(feature = "serde")]
pub use serialization::InvalidData;
pub use state::{
    Card, Cards, CardsError, CardsView, Conflict, ConflictKind, Leader, Pending, Piece, Public,
    Reason,
};

/// The shared core this crate implements, re-exported.
pub use mesopotamia_core as core;
