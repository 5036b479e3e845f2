//! Observation tensors for learning code: one seat's view as a flat vector of `f32` with a
//! fixed length per configuration, cut into named pieces.
//!
//! A game implements [`Observe`]: [`layout`](Observe::layout) names the pieces of the
//! tensor for a configuration (a board piece shaped `[planes, rows, columns]`, a vector of
//! counts shaped `[n]`, ...), and [`write_observation`](Observe::write_observation) fills the
//! tensor from a [`Game::view`], so that nothing the seat may not know can reach it. Seats
//! are numbered relative to the observer (0 is the observer, 1 the next seat clockwise, ...)
//! so that one network can play every seat.

use crate::game::Game;
use crate::seat::Seat;

/// A named, shaped section of an observation tensor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// What the piece holds (`"board"`, `"hand"`, ...).
    pub name: &'static str,
    /// Its shape, row-major; the piece takes the product of the dimensions.
    pub shape: Vec<usize>,
}

impl Piece {
    /// A piece named `name` shaped `shape`.
    pub fn new(name: &'static str, shape: &[usize]) -> Piece {
        Piece {
            name,
            shape: shape.to_vec(),
        }
    }

    /// Number of values in the piece.
    pub fn size(&self) -> usize {
        self.shape.iter().product()
    }
}

/// The pieces of a tensor, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The pieces, in the order they follow each other in the flat tensor.
    pub pieces: Vec<Piece>,
}

impl Layout {
    /// Number of values in the whole tensor.
    pub fn size(&self) -> usize {
        self.pieces.iter().map(Piece::size).sum()
    }

    /// The offset of a piece in the flat tensor and the piece, by name.
    pub fn find(&self, name: &str) -> Option<(usize, &Piece)> {
        let mut offset = 0;
        for piece in &self.pieces {
            if piece.name == name {
                return Some((offset, piece));
            }
            offset += piece.size();
        }
        None
    }
}

/// A game whose views can be written as observation tensors, and whose chance outcomes
/// have dense indices.
pub trait Observe: Game {
    /// The pieces of the tensor for a game of `config`: the same for every state of it.
    fn layout(config: &Self::Config) -> Layout;

    /// Chance indices are below this, in every configuration: the size of the dense space
    /// of chance outcomes (OpenSpiel's `max_chance_outcomes`).
    const CHANCE_OUTCOMES: usize;

    /// The dense index of `outcome`, an outcome this state's pending chance event can have:
    /// below [`Observe::CHANCE_OUTCOMES`], different for the different outcomes of one
    /// event, and **stable across states**: the same outcome has the same index in every
    /// state of a configuration where it can happen (a colour drawn is that colour's index
    /// whenever it is drawn), so that learning code can read a chance code without the
    /// state it was drawn in.
    fn chance_index(&self, outcome: Self::Chance) -> usize;

    /// The pending chance event's outcome of that index ([`Observe::chance_index`]), if
    /// chance is to move and has one.
    fn chance_at(&self, index: usize) -> Option<Self::Chance> {
        let mut outcomes = Vec::new();
        self.chance_outcomes(&mut outcomes);
        outcomes
            .into_iter()
            .map(|(outcome, _)| outcome)
            .find(|&outcome| self.chance_index(outcome) == index)
    }

    /// Clears `out` and writes the tensor of `view` into it: [`Observe::layout`]`.size()`
    /// values, piece after piece.
    fn write_observation(view: &Self::View, out: &mut Vec<f32>);

    /// The tensor of what `seat` sees of this state.
    fn observation(&self, seat: Seat) -> Vec<f32> {
        let mut out = Vec::new();
        Self::write_observation(&self.view(seat), &mut out);
        out
    }
}

/// Seat `seat` as the observer sees the table: 0 for the observer, 1 for the next seat
/// clockwise, and so on.
pub fn relative_seat(observer: Seat, seat: Seat, seats: usize) -> usize {
    let n = seats.max(1);
    (seat.index() % n + n - observer.index() % n) % n
}

/// Writes a one-hot vector of `len` values with `index` set (none when `index` is `None`
/// or out of range).
pub fn push_one_hot(out: &mut Vec<f32>, len: usize, index: Option<usize>) {
    let start = out.len();
    out.resize(start + len, 0.0);
    if let Some(i) = index.filter(|&i| i < len) {
        out[start + i] = 1.0;
    }
}

/// Writes a flag as 0.0 or 1.0.
pub fn push_flag(out: &mut Vec<f32>, on: bool) {
    out.push(if on { 1.0 } else { 0.0 });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_offsets_follow_the_pieces() {
        let layout = Layout {
            pieces: vec![Piece::new("board", &[2, 3, 4]), Piece::new("hand", &[4])],
        };
        assert_eq!(layout.size(), 28);
        assert_eq!(layout.find("hand").map(|(o, _)| o), Some(24));
        assert_eq!(layout.find("board").map(|(o, _)| o), Some(0));
        assert!(layout.find("pile").is_none());
    }

    #[test]
    fn seats_are_counted_from_the_observer() {
        let s = |i| Seat::new(i).unwrap();
        assert_eq!(relative_seat(s(2), s(2), 4), 0);
        assert_eq!(relative_seat(s(2), s(3), 4), 1);
        assert_eq!(relative_seat(s(2), s(0), 4), 2);
        assert_eq!(relative_seat(s(2), s(1), 4), 3);
    }

    #[test]
    fn one_hot_sets_one_value_in_range() {
        let mut out = vec![7.0];
        push_one_hot(&mut out, 3, Some(1));
        push_one_hot(&mut out, 2, Some(5));
        push_one_hot(&mut out, 2, None);
        assert_eq!(out, [7.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
    }
}
