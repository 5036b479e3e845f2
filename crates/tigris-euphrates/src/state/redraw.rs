//! Redrawing what a seat cannot see: the other seats' hands and face-down discards, dealt
//! again from the tiles hidden from it, consistent with what the table has seen.

use mesopotamia_core::rand_core::Rng;
use mesopotamia_core::{Bag, Colour, ColourMap, Seat};
use smallvec::SmallVec;

use super::{Pending, Tigris};
use crate::action::MAX_SUPPORT;

impl Tigris {
    /// [`Game::resample_hidden`](mesopotamia_core::Game::resample_hidden).
    ///
    /// A seat other than `observer` asked for its support has shown that it holds enough
    /// tiles of the conflict's support colour (red in a revolt) to have a choice: with
    /// fewer, the engine would have committed for it and no one would have been asked. Its
    /// hand is dealt first, among the hands that give that choice; the others are dealt
    /// from what is left.
    pub(super) fn redraw_hidden<R: Rng + ?Sized>(&self, observer: Seat, rng: &mut R) -> Tigris {
        let mut out = self.clone();
        let mut pool = self.bag;
        let others: SmallVec<[usize; 4]> = (0..self.public.seats())
            .filter(|&s| s != observer.index())
            .collect();
        for &s in &others {
            for c in Colour::ALL {
                pool.put(c, (self.hands[s][c] + self.discarded[s][c]) as u16);
            }
        }
        let mut dealt = None;
        if let Some((seat, colour, at_least)) = self.shown_support(observer) {
            let size = u32::from(self.public.hand_sizes[seat]);
            // `None` only for a position the engine did not make (the seat's own hand
            // could not have been asked): dealt as any other then.
            if let Some(drawn) = pool.draw_at_least(rng, size, colour, at_least.into()) {
                out.hands[seat] = ColourMap::from_fn(|c| drawn[c.index()] as u8);
                dealt = Some(seat);
            }
        }
        let mut deal = |n: u8, pool: &mut Bag<Colour>| {
            let got = pool
                .draw(rng, n.into())
                .expect("the pool holds every hidden tile");
            ColourMap::from_fn(|c| got[c.index()] as u8)
        };
        for &s in &others {
            if dealt != Some(s) {
                out.hands[s] = deal(self.public.hand_sizes[s], &mut pool);
            }
            out.discarded[s] = deal(self.public.discard_counts[s], &mut pool);
        }
        out.bag = pool;
        out
    }

    /// The seat (not `observer`) asked for its support, the support's colour, and the
    /// fewest tiles of it that give a choice: what the table knows of that seat's hand.
    fn shown_support(&self, observer: Seat) -> Option<(usize, Colour, u8)> {
        let p = &self.public;
        let Pending::Support(seat) = p.pending else {
            return None;
        };
        if seat == observer {
            return None;
        }
        let conflict = p.conflict.as_ref()?;
        // The choices only grow with the tiles held.
        let at_least =
            (0..=MAX_SUPPORT).find(|&k| p.support_options(conflict, seat, k).count_ones() >= 2)?;
        Some((seat.index(), conflict.support_colour(), at_least))
    }
}
