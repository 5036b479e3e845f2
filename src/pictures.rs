//! Pictures for front ends (the `svg` feature): the picture of what one seat may see.
//! (A game's position pictures are its crate's `svg` module; the rule examples' pictures
//! are in [`crate::examples`].)

use mesopotamia_core::Seat;
use mesopotamia_core::svg::{self as core_svg, Options};

use crate::table::NamedGame;

/// The picture of what `seat` may see of `state`, an SVG document.
///
/// The games' pictures draw only what every seat sees (the board, hand sizes, what the
/// views show of each seat: a test checks that states a seat cannot tell apart give the
/// same picture), so it is the position's picture; the seat is taken so that a game whose
/// picture would show a seat's own secrets can.
pub fn view_svg<G: NamedGame>(state: &G, seat: Seat) -> String {
    let _ = seat;
    core_svg::position(state, &Options::default())
}
