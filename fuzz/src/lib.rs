//! What the fuzz targets share: inputs that choose a deep position and steer a few steps
//! from it ([`input`]), the reference games those positions come from ([`waypoints`]), the
//! driver that plays and checks ([`driver`]), and what each game adds ([`games`]). The seed generator and the depth measure (`examples/`) use the same code,
//! so that they always agree with the targets.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod driver;
pub mod games;
pub mod input;
pub mod rng;
pub mod waypoints;

pub use driver::{Depth, Driver, check};
pub use games::FuzzGame;
pub use input::{Op, Played, run_game, run_state};
pub use rng::SplitMix64;
