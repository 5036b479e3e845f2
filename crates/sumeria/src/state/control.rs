//! Who decides, and who controls a city-state (S5): the locations occupied, the seat to
//! move, each seat's standing in a city-state and the controllers that follow from it.

use mesopotamia_core::Seat;
use smallvec::SmallVec;

use crate::board::{Locations, SLOTS, STATES, word};

use super::{Phase, Public};

impl Public {
    /// Every location with a trader on it.
    #[inline]
    pub(crate) fn occupied(&self) -> Locations {
        self.traders[0] | self.traders[1] | self.traders[2] | self.traders[3]
    }

    /// The seat deciding now, if a seat decides.
    #[inline]
    pub(crate) fn deciding(&self) -> Option<Seat> {
        let n = self.seats();
        match self.phase {
            Phase::Setup | Phase::Turns => {
                let k = self.first.index() + self.turn as usize;
                // Division by a constant is a multiplication: the seat counts spelled out.
                Seat::new(match n {
                    3 => k % 3,
                    4 => k % 4,
                    _ => k % n,
                })
            }
            Phase::Take(place) => self.controller(self.order[place as usize % STATES] as usize),
            _ => None,
        }
    }

    /// Place of a seat in this round's turn order (0 for the first player).
    pub(super) fn turn_place(&self, seat: Seat) -> usize {
        // Both below the seat count: their difference, plus the count if it is negative
        // (added by a mask: neither a division nor a branch).
        let d = seat.index().wrapping_sub(self.first.index());
        let negative = d >> (usize::BITS - 1);
        d.wrapping_add(self.seats() & 0usize.wrapping_sub(negative))
    }

    /// Seats with traders in a city-state, best control first (S5): most traders, then the
    /// city, then most towns, then earlier in this round's order.
    pub fn control(&self, state: usize) -> SmallVec<[Seat; 4]> {
        // Best first, by `standing` (distinct for distinct seats).
        let mut keys: SmallVec<[u32; 4]> = Seat::all(self.seats())
            .map(|seat| self.standing(seat, state))
            .filter(|&key| key != 0)
            .collect();
        keys.sort_unstable_by(|a, b| b.cmp(a));
        keys.into_iter().filter_map(seat_of).collect()
    }

    /// The controller of a city-state, if any: the first of [`Public::control`].
    #[inline]
    pub(crate) fn controller(&self, state: usize) -> Option<Seat> {
        let best = Seat::all(self.seats())
            .map(|seat| self.standing(seat, state))
            .max();
        seat_of(best.unwrap_or(0))
    }

    /// The first two of [`Public::control`] (taking needs no more), without a list.
    #[inline]
    pub(super) fn leaders(&self, state: usize) -> (Option<Seat>, Option<Seat>) {
        // Maxima of numbers rather than comparisons of seats: no branch to mispredict.
        let (mut best, mut second) = (0, 0);
        for seat in Seat::all(self.seats()) {
            let key = self.standing(seat, state);
            second = second.max(key.min(best));
            best = best.max(key);
        }
        (seat_of(best), seat_of(second))
    }

    /// How a seat with traders in a city-state stands there, as a number that orders as
    /// control does (S5): most traders, then the city, then most towns, then earlier in
    /// this round's order; the seat in the lowest bits (see [`seat_of`]). 0 without a
    /// trader there.
    #[inline]
    fn standing(&self, seat: Seat, state: usize) -> u32 {
        let (count, city, towns) = self.presence(seat, state);
        let earliness = self.seats().wrapping_sub(self.turn_place(seat)) as u32 % 16;
        let key =
            (count as u32) << 24 | (city as u32) << 16 | (towns as u32) << 12 | earliness << 4;
        // Nothing without a trader: the mask is all ones or 0.
        (key | (seat.index() as u32 % 16)) & 0u32.wrapping_sub((count > 0) as u32)
    }

    /// A seat's traders in a city-state: (traders, whether one is on the city, towns).
    #[inline]
    pub(super) fn presence(&self, seat: Seat, state: usize) -> (u8, bool, u8) {
        if state >= STATES {
            return (0, false, 0);
        }
        let traders = self.traders.get(seat.index()).map_or(0, |&t| word(t));
        let here = (traders >> (state * SLOTS)) as usize & 0b111_1111;
        // Slots: city (bit 0), towns (bits 1 to 3), villages (bits 4 to 6).
        (COUNT7[here], here & 1 != 0, COUNT7[here & 0b1110])
    }
}

/// The number of set bits of every 7-bit value: the slots of a city-state counted by a
/// look-up (a count of bits is a dozen instructions without a `popcnt` instruction).
const COUNT7: [u8; 128] = {
    let mut counts = [0; 128];
    let mut i = 0;
    while i < 128 {
        counts[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    counts
};

/// The seat of a [`Public::standing`] key; `None` for 0 (no trader).
#[inline]
fn seat_of(key: u32) -> Option<Seat> {
    if key == 0 {
        None
    } else {
        Seat::new((key % 16) as usize)
    }
}
