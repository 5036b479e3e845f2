#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod action;
pub mod bots;
pub mod event;
pub mod examples;
pub mod position;
mod state;

pub use action::{ACTION_SPACE, Action, Boat, Chance, ParseActionError, Place};
pub use event::Event;
pub use position::{ParsePositionError, Position, Violation};
pub use state::{
    Card, Cards, CardsError, CardsView, Config, Conflict, ConflictKind, Leader, ParseConfigError,
    Pending, Piece, Public,
};

/// The shared core this crate implements, re-exported.
pub use mesopotamia_core as core;
