//! Seats around the table and clockwise order.

use core::fmt;

/// Most seats any game of the family seats (the games use 2 to 4).
pub const MAX_SEATS: usize = 8;

/// A seat at the table. Seats are numbered `0..n` in clockwise order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "u8", try_from = "u8"))]
pub struct Seat(u8);

/// The seat's number, as `Display` gives it: `ToMove::Seat(2)` rather than `Seat(Seat(2))`.
impl fmt::Debug for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A seat number out of range, read from data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("seat {0} is out of range (0 to {max})", max = MAX_SEATS - 1)]
pub struct SeatOutOfRange(pub u8);

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat.0
    }
}

impl TryFrom<u8> for Seat {
    type Error = SeatOutOfRange;

    fn try_from(index: u8) -> Result<Seat, SeatOutOfRange> {
        Seat::new(index as usize).ok_or(SeatOutOfRange(index))
    }
}

impl Seat {
    /// Seat number `index`, if it is below [`MAX_SEATS`].
    pub const fn new(index: usize) -> Option<Seat> {
        if index < MAX_SEATS {
            Some(Seat(index as u8))
        } else {
            None
        }
    }

    /// The seat's number.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat clockwise at a table of `seats` seats (the seat itself at a table of
    /// none, rather than a division by zero).
    #[inline]
    pub const fn next(self, seats: usize) -> Seat {
        if seats == 0 {
            return self;
        }
        Seat(((self.0 as usize + 1) % seats) as u8)
    }

    /// The previous seat (counter-clockwise) at a table of `seats` seats (the seat itself
    /// at a table of none).
    #[inline]
    pub const fn previous(self, seats: usize) -> Seat {
        if seats == 0 {
            return self;
        }
        Seat(((self.0 as usize + seats - 1) % seats) as u8)
    }

    /// Every seat of a table of `seats` seats, clockwise, starting with this one.
    pub fn clockwise(self, seats: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..seats).map(move |k| Seat(((self.0 as usize + k) % seats) as u8))
    }

    /// The first seat of `among`, going clockwise from this seat, this seat included.
    ///
    /// This is "the active player if involved, else the first involved player
    /// clockwise from the active player".
    ///
    /// ```
    /// use mesopotamia_core::{Seat, SeatSet};
    /// let active = Seat::new(2).unwrap();
    /// let involved: SeatSet = [0, 1].iter().map(|&i| Seat::new(i).unwrap()).collect();
    /// assert_eq!(active.first_clockwise_among(4, involved), Seat::new(0));
    /// ```
    pub fn first_clockwise_among(self, seats: usize, among: SeatSet) -> Option<Seat> {
        self.clockwise(seats).find(|s| among.contains(*s))
    }

    /// All seats of a table of `seats` seats, in seat order.
    pub fn all(seats: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..seats.min(MAX_SEATS)).map(|i| Seat(i as u8))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A set of seats (a bitset, `Copy`). Every byte is a valid set of the 8 possible seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Adds a seat; returns whether it was absent.
    pub fn insert(&mut self, seat: Seat) -> bool {
        let absent = !self.contains(seat);
        self.0 |= 1 << seat.0;
        absent
    }

    /// Removes a seat; returns whether it was present.
    pub fn remove(&mut self, seat: Seat) -> bool {
        let present = self.contains(seat);
        self.0 &= !(1 << seat.0);
        present
    }

    /// Whether the seat is in the set.
    #[inline]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    /// Number of seats in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..MAX_SEATS as u8)
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(Seat)
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut set = SeatSet::EMPTY;
        for s in iter {
            set.insert(s);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(i: usize) -> Seat {
        Seat::new(i).unwrap()
    }

    #[test]
    fn clockwise_order_wraps() {
        let order: Vec<_> = seat(2).clockwise(4).map(Seat::index).collect();
        assert_eq!(order, [2, 3, 0, 1]);
        assert_eq!(seat(3).next(4), seat(0));
        assert_eq!(seat(0).previous(3), seat(2));
    }

    #[test]
    fn first_clockwise_includes_the_active_seat() {
        let set: SeatSet = [seat(1), seat(3)].into_iter().collect();
        assert_eq!(seat(1).first_clockwise_among(4, set), Some(seat(1)));
        assert_eq!(seat(2).first_clockwise_among(4, set), Some(seat(3)));
        assert_eq!(seat(0).first_clockwise_among(4, SeatSet::EMPTY), None);
        assert_eq!(Seat::new(MAX_SEATS), None);
    }
}
