//! Public accessors of the public state, for views, user interfaces and tests.

use mesopotamia_core::{Colour, ColourMap, Seat};

use super::{AfterPlacement, Config, Conflict, Pending, Public, sp};
use crate::action::Monument;
use crate::board::{Square, Squares};

/// Public accessors, for views, user interfaces and tests.
impl Public {
    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }
    /// Face-up tiles of a colour.
    pub fn tiles(&self, colour: Colour) -> Squares {
        self.tiles[colour.index()]
    }
    /// Tiles turned face down under monuments.
    pub fn flipped(&self) -> Squares {
        self.flipped
    }
    /// Tiles turned face down under monuments, of one colour.
    pub fn flipped_tiles(&self, colour: Colour) -> Squares {
        self.flipped_colours[colour.index()]
    }
    /// Catastrophe tiles on the board.
    pub fn catastrophes(&self) -> Squares {
        self.catastrophes
    }
    /// Treasures still on the board.
    pub fn treasures(&self) -> Squares {
        self.treasures
    }
    /// Where a seat's leader of a colour stands, if on the board.
    pub fn leader(&self, seat: Seat, colour: Colour) -> Option<Square> {
        self.leaders
            .get(seat.index())
            .and_then(|l| l[colour.index()])
    }
    /// Top-left square of a monument, if built.
    pub fn monument(&self, monument: Monument) -> Option<Square> {
        self.monuments[monument.index()]
    }
    /// Tiles in a seat's hand.
    pub fn hand_size(&self, seat: Seat) -> u8 {
        self.hand_sizes.get(seat.index()).copied().unwrap_or(0)
    }
    /// Catastrophe tiles a seat has left.
    pub fn catastrophes_left(&self, seat: Seat) -> u8 {
        self.catastrophes_left
            .get(seat.index())
            .copied()
            .unwrap_or(0)
    }
    /// A seat's victory points by colour.
    pub fn vp(&self, seat: Seat) -> ColourMap<u32> {
        self.vp.get(seat.index()).copied().unwrap_or_default()
    }
    /// Treasures a seat has taken.
    pub fn treasures_taken(&self, seat: Seat) -> u8 {
        self.treasures_taken.get(seat.index()).copied().unwrap_or(0)
    }
    /// Tiles out of the game in view of all, by colour.
    pub fn removed(&self) -> ColourMap<u16> {
        self.removed
    }
    /// Tiles a seat discarded face down by swaps.
    pub fn discard_count(&self, seat: Seat) -> u8 {
        self.discard_counts.get(seat.index()).copied().unwrap_or(0)
    }
    /// Tiles left in the bag.
    pub fn bag_size(&self) -> u16 {
        self.bag_size
    }
    /// Whose turn it is.
    pub fn active(&self) -> Seat {
        self.active
    }
    /// Actions left in this turn.
    pub fn actions_left(&self) -> u8 {
        self.actions_left
    }
    /// What is being decided.
    pub fn pending(&self) -> Pending {
        self.pending
    }
    /// The conflict being fought.
    pub fn conflict(&self) -> Option<&Conflict> {
        self.conflict.as_ref()
    }
    /// Colours of the wars still to fight.
    pub fn wars(&self) -> impl Iterator<Item = Colour> + '_ {
        Colour::ALL
            .into_iter()
            .filter(|c| self.wars & (1 << c.index()) != 0)
    }
    /// The unification tile while its wars are fought.
    pub fn unification(&self) -> Option<Square> {
        self.unification
    }
    /// Turns completed.
    pub fn turn(&self) -> u32 {
        self.turn
    }
    /// Whether the 2x2 square with this top-left corner was declined as a monument (T8): it
    /// never carries one.
    pub fn declined_monument(&self, top_left: Square) -> bool {
        self.declined.contains(sp(top_left))
    }

    /// Whether the cross with this centre was declined as the ziggurat (T16): it never
    /// becomes the ziggurat.
    pub fn declined_ziggurat(&self, centre: Square) -> bool {
        self.ziggurat_declined.contains(sp(centre))
    }

    /// The square of the civilization building of a colour, if it is on the board.
    pub fn building(&self, colour: Colour) -> Option<Square> {
        self.buildings[colour.index()]
    }
    /// The centre square of the ziggurat, once built.
    pub fn ziggurat(&self) -> Option<Square> {
        self.ziggurat
    }
    /// The tile just placed and what is still to be decided about it.
    pub fn placed(&self) -> Option<(Square, AfterPlacement)> {
        self.placed
    }
    /// Whether a draw could not be served in full (the game ends after this turn).
    pub fn bag_exhausted(&self) -> bool {
        self.bag_exhausted
    }

    /// Whether the game ended on the turn limit (rule G1) rather than by the rules.
    pub fn ended_on_limit(&self) -> bool {
        self.ended_on_limit
    }
}
