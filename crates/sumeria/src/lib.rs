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

pub use action::{ACTION_SPACE, Action, Chance, Influence, ParseActionError};
pub use board::{Board, BoardError, Location, Slot, StateName};
pub use config::{Config, ParseConfigError};
pub use describe::DESCRIPTION;
pub use event::Event;
pub use position::{ParsePositionError, Position, Violation};
/// The old name of [`serialization`] (the module is `serialization` in every game of the
/// workspace); kept so that paths through it still resolve.
#[cfg(feature = "serde")]
pub use serialization as data;
#[cfg(feature = "serde")]
pub use serialization::{DataError, InvalidData};
pub use state::{ParsePhaseError, Phase, Public, Reason, Sumeria, SumeriaError, SumeriaView};

/// The shared core this crate implements, re-exported.
pub use mesopotamia_core as core;
