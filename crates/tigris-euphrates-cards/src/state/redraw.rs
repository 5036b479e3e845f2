//! Redrawing what a seat cannot see: the other seats' hands, the piles' buried cards and
//! the cards removed at the start, dealt again from the cards hidden from it, consistent
//! with what the table has seen.

use mesopotamia_core::rand_core::Rng;
use mesopotamia_core::{Colour, ColourMap, Seat};
use smallvec::SmallVec;

use super::{Card, Cards, Pending};

impl Cards {
    /// [`Game::resample_hidden`](mesopotamia_core::Game::resample_hidden).
    ///
    /// A seat other than `observer` asked for its support, whether to bank a card or which
    /// treasure to take has shown that it holds a card of the colour (a red one for a
    /// treasure): without one, the engine would have decided for it and no one would have
    /// been asked. Its hand is dealt first, among the hands holding such a card; the rest
    /// is dealt from what is left.
    pub(super) fn redraw_hidden<R: Rng + ?Sized>(&self, observer: Seat, rng: &mut R) -> Cards {
        let mut out = self.clone();
        let n = self.public.seats();
        let mut pool = self.deck;
        for (c, k) in self.removed.iter() {
            pool.put(c, *k as u16);
        }
        let others: SmallVec<[usize; 4]> = (0..n).filter(|&s| s != observer.index()).collect();
        for &s in &others {
            for (c, k) in self.hands[s].iter() {
                pool.put(c, *k as u16);
            }
        }
        // Pile cards below the top are hidden (unless piles are open); treasures stay put.
        let open = self.public.config.open_piles;
        if !open {
            for pile in (0..n).map(|s| self.piles.get(s)) {
                for card in pile.iter().rev().skip(1) {
                    if let Card::Civ(c) = card {
                        pool.put(*c, 1);
                    }
                }
            }
        }
        let mut dealt = None;
        if let Some((seat, colour)) = self.shown_card(observer) {
            let size = u32::from(self.public.hand_sizes[seat]);
            // `None` only for a position the engine did not make (the seat could not have
            // been asked): dealt as any other then.
            if let Some(drawn) = pool.draw_at_least(rng, size, colour, 1) {
                out.hands[seat] = ColourMap::from_fn(|c| drawn[c.index()] as u8);
                dealt = Some(seat);
            }
        }
        for &s in others.iter().filter(|&&s| dealt != Some(s)) {
            let hand = pool
                .draw(rng, self.public.hand_sizes[s].into())
                .expect("the pool holds every hidden card");
            out.hands[s] = ColourMap::from_fn(|c| hand[c.index()] as u8);
        }
        if !open {
            for s in 0..n {
                let pile = out.piles.get_mut(s);
                let below = pile.len().saturating_sub(1);
                for card in pile[..below].iter_mut() {
                    if let Card::Civ(c) = card {
                        *c = pool.sample(rng).expect("the pool holds every hidden card");
                        pool.take(*c, 1).expect("sampled from the pool");
                    }
                }
            }
        }
        if n == 2 {
            let removed = pool
                .draw(rng, self.removed.values().iter().map(|&k| k as u32).sum())
                .expect("the pool holds every hidden card");
            out.removed = ColourMap::from_fn(|c| removed[c.index()] as u8);
        }
        out.deck = pool;
        out
    }

    /// The seat (not `observer`) asked for its support, whether to bank or which treasure to
    /// take, and the colour it has shown it holds.
    fn shown_card(&self, observer: Seat) -> Option<(usize, Colour)> {
        let p = &self.public;
        let (seat, colour) = match p.pending {
            Pending::Support(seat) => (seat, p.conflict.as_ref()?.support_colour()),
            Pending::Bank(seat, colour) => (seat, colour),
            // Taking a treasure is paid with a red card.
            Pending::Treasure(seat) => (seat, Colour::Red),
            _ => return None,
        };
        (seat != observer).then_some((seat.index(), colour))
    }
}
