#![doc = include_str!("../README.md")]
// Where other crates' docs link to this one when its own docs are not beside theirs yet:
// `cargo doc --workspace --no-deps` documents the members in no set order, and a link to a
// crate not yet documented would otherwise be left as raw `[brackets]`.
#![doc(html_root_url = "https://docs.rs/mesopotamia-core/latest")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod bits;
pub mod cases;
pub mod chance;
pub mod colour;
pub mod describe;
pub mod driver;
pub mod events;
pub mod game;
pub mod geometry;
pub mod marks;
pub mod observation;
pub mod perft;
pub mod record;
pub mod scoring;
pub mod seat;
pub mod setup;
#[cfg(feature = "svg")]
pub mod svg;
pub mod table;

pub use chance::{Bag, BagError, Kind};
#[cfg(feature = "serde")]
pub use colour::ByColour;
pub use colour::{Colour, ColourMap, ParseColourError};
pub use describe::{Described, GameDescription, GameOptions, OptionsError};
pub use events::{EventSink, NoEvents};
pub use game::{
    DEFAULT_TURN_LIMIT, EndReason, Game, MAX_TURN_LIMIT, NotationError, PlayedAction, PlayedChance,
    SampleRefused, ToMove,
};
pub use geometry::{Adjacency, GeometryError, Graph, Grid, Space, SpaceSet};
pub use record::{
    GameRecord, GameStep, MAX_RECORD_STEPS, RECORD_VERSION, ReplayError, Step, StepMismatch,
};
pub use scoring::{RanksError, Standings};
pub use seat::{MAX_SEATS, Seat, SeatOutOfRange, SeatSet};
pub use setup::Setup;
#[cfg(feature = "serde")]
pub use setup::SetupBeside;

/// Re-exported so that games and users name one `rand_core` version.
pub use rand_core;
/// For [`serde_via_notation!`]; not part of the API.
#[cfg(feature = "serde")]
#[doc(hidden)]
pub use serde as __serde;
/// Re-exported for games that keep small collections inline.
pub use smallvec;
