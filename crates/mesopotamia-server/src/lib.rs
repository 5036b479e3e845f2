//! A game server on the mesopotamia engines: people at different screens play Tigris &
//! Euphrates, the card game and Sumeria, with bots in any seat.
//!
//! - **The lobby** is HTTP JSON under `/api/games`: create a game (its options, its seats,
//!   a seed), list the games, join a free seat; a seat's secret token and a spectators' token
//!   open the game's WebSocket. No accounts.
//! - **One WebSocket per seat or spectator** (`/api/games/{id}/socket?token=...`, protocol
//!   [`protocol::PROTOCOL`], `docs/server.md`): the server sends what that seat may see, made
//!   from the engine's own views and what each seat saw of each step ([`host::Host::state`]),
//!   never the whole state; it takes actions with the step number the client saw, and every
//!   action is checked by the engine.
//! - **Every step is committed to the database before anyone is told of it** ([`store`]:
//!   SQLite in the data folder by default); a server killed and started again on the same
//!   database goes on from each game's last committed step.
//! - **Bots** think off the async runtime, a bounded number at once, on a copy of the game.
//!
//! The binary `mesopotamia-server` serves the web site too (`cargo xtask web` builds it).
//! Without the default feature `server`, the crate is [`protocol`] alone: the message
//! reader, as the fuzz target takes it.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "server")]
pub mod clock;
#[cfg(feature = "server")]
pub mod host;
#[cfg(feature = "server")]
pub mod http;
pub mod protocol;
#[cfg(feature = "server")]
pub mod store;

#[cfg(feature = "server")]
mod server;
#[cfg(feature = "server")]
pub use server::*;
