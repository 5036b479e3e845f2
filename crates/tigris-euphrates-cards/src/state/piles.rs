//! The VP piles of the seats, kept inline: every card of the game fits in one fixed buffer,
//! so a state holds no heap vector and a clone is a plain copy.

use core::fmt;
use core::hash::{Hash, Hasher};

use super::{Card, DECK_CARDS};
use crate::action::COLUMNS;

/// Civilization cards (185) and treasures (8): no pile, nor all piles together, can hold more.
pub(crate) const PILE_CAPACITY: usize = DECK_CARDS as usize + COLUMNS;

/// Up to 4 VP piles, each bottom first, one after another in one buffer: the pile of seat `s`
/// is `cards[start(s)..start(s) + lens[s]]`, its exact order kept (rule C14). Only the
/// cards of the piles count for equality and hashing.
#[derive(Clone, Copy)]
pub(crate) struct Piles {
    cards: [Card; PILE_CAPACITY],
    lens: [u8; 4],
}

impl Default for Piles {
    fn default() -> Self {
        Piles {
            cards: [Card::Treasure; PILE_CAPACITY],
            lens: [0; 4],
        }
    }
}

impl Piles {
    /// Where seat `s`'s pile starts in the buffer.
    #[inline]
    fn start(&self, s: usize) -> usize {
        self.lens[..s.min(4)].iter().map(|&n| n as usize).sum()
    }

    /// Cards on all the piles.
    #[inline]
    fn total(&self) -> usize {
        self.start(4)
    }

    /// The pile of seat `s`, bottom first (empty for a seat beyond 4).
    #[inline]
    pub(crate) fn get(&self, s: usize) -> &[Card] {
        if s >= 4 {
            return &[];
        }
        let start = self.start(s);
        &self.cards[start..start + self.lens[s] as usize]
    }

    /// The pile of seat `s`, to change its cards in place.
    pub(crate) fn get_mut(&mut self, s: usize) -> &mut [Card] {
        if s >= 4 {
            return &mut [];
        }
        let start = self.start(s);
        &mut self.cards[start..start + self.lens[s] as usize]
    }

    /// Puts `card` on top of seat `s`'s pile; `false` (nothing changed) if the seat is beyond 4
    /// or the buffer is full, which a game that keeps its cards never reaches.
    #[inline]
    pub(crate) fn push(&mut self, s: usize, card: Card) -> bool {
        let total = self.total();
        if s >= 4 || total >= PILE_CAPACITY {
            return false;
        }
        let end = self.start(s) + self.lens[s] as usize;
        self.cards.copy_within(end..total, end + 1);
        self.cards[end] = card;
        self.lens[s] += 1;
        true
    }

    /// The piles given, or `None` if there are more than 4 or more cards than the buffer holds.
    pub(crate) fn from_piles<'a>(piles: impl IntoIterator<Item = &'a [Card]>) -> Option<Piles> {
        let mut out = Piles::default();
        let mut total = 0;
        for (s, pile) in piles.into_iter().enumerate() {
            if s >= 4 || total + pile.len() > PILE_CAPACITY {
                return None;
            }
            out.cards[total..total + pile.len()].copy_from_slice(pile);
            out.lens[s] = pile.len() as u8;
            total += pile.len();
        }
        Some(out)
    }
}

impl PartialEq for Piles {
    fn eq(&self, other: &Self) -> bool {
        self.lens == other.lens && self.get_all() == other.get_all()
    }
}

impl Eq for Piles {}

impl Piles {
    fn get_all(&self) -> &[Card] {
        &self.cards[..self.total()]
    }
}

impl Hash for Piles {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.lens.hash(state);
        self.get_all().hash(state);
    }
}

impl fmt::Debug for Piles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries((0..4).map(|s| self.get(s))).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mesopotamia_core::Colour;

    #[test]
    fn piles_keep_their_order_and_their_cards_apart() {
        let mut piles = Piles::default();
        let red = Card::Civ(Colour::Red);
        let blue = Card::Civ(Colour::Blue);
        assert!(piles.push(1, red));
        assert!(piles.push(0, blue));
        assert!(piles.push(1, Card::Treasure));
        assert!(piles.push(3, blue));
        assert!(piles.push(0, red));
        assert_eq!(piles.get(0), [blue, red]);
        assert_eq!(piles.get(1), [red, Card::Treasure]);
        assert_eq!(piles.get(2), []);
        assert_eq!(piles.get(3), [blue]);
        assert_eq!(piles.get(7), []);
        assert!(!piles.push(4, red));
        let rebuilt =
            Piles::from_piles([&[blue, red][..], &[red, Card::Treasure], &[], &[blue]]).unwrap();
        assert_eq!(rebuilt, piles);
        assert_eq!(
            format!("{rebuilt:?}"),
            format!(
                "{:?}",
                [
                    vec![blue, red],
                    vec![red, Card::Treasure],
                    vec![],
                    vec![blue]
                ]
            )
        );
        let mut full = Piles::default();
        for _ in 0..PILE_CAPACITY {
            assert!(full.push(2, red));
        }
        assert!(!full.push(0, red), "the buffer is full");
        assert_eq!(full.get(2).len(), PILE_CAPACITY);
        assert!(Piles::from_piles([&[red; PILE_CAPACITY + 1][..]]).is_none());
    }
}
