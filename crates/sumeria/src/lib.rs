#![doc = include_str!("../README.md")]
// Where other crates' docs link to this one when its own docs are not beside theirs yet:
// `cargo doc --workspace --no-deps` documents the members in no set order, and a link to a
// crate not yet documented would otherwise be left as raw `[brackets]`.
#![doc(html_root_url = "https://docs.rs/sumeria/latest")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod action;
pub mod board;
#[cfg(feature = "bots")]
pub mod bots;
#[cfg(feature = "serde")]
pub mod data;
pub mod event;
pub mod examples;
pub mod observation;
pub mod position;
mod random;
mod reach;
mod rules;
mod state;
#[cfg(feature = "svg")]
pub mod svg;
pub mod view;

pub use action::{Action, Chance, Influence, ParseActionError};
pub use board::{Board, BoardError, Location, Slot, StateName};
#[cfg(feature = "serde")]
pub use data::DataError;
pub use event::Event;
pub use position::{ParsePositionError, Position, Violation};
pub use state::{
    ACTION_SPACE, Config, ParseConfigError, ParsePhaseError, Phase, Public, Reason, Sumeria,
    SumeriaError, SumeriaView,
};

/// The shared core this crate implements, re-exported.
pub use mesopotamia_core as core;
