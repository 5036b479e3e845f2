//! Chance: bags and decks kept as counts, and weighted sampling of chance outcomes.
//!
//! A bag never stores an order. Drawing is a chance node of the game whose outcomes
//! are the kinds still in the bag, each weighted by its count; the match driver (or a
//! search algorithm) picks one. So a state holds no hidden permutation to leak, and
//! resampling hidden information is just redistributing counts.

use core::marker::PhantomData;
use rand_core::Rng;

use crate::colour::Colour;

/// Most kinds a [`Bag`] can count.
pub const MAX_KINDS: usize = 8;

/// Something a bag holds many of, indistinguishable within its kind.
pub trait Kind: Copy + Eq {
    /// Number of kinds (at most [`MAX_KINDS`]).
    const COUNT: usize;
    /// Dense index `0..COUNT`.
    fn index(self) -> usize;
    /// The kind with that index.
    fn from_index(index: usize) -> Option<Self>;
}

impl Kind for Colour {
    const COUNT: usize = 4;
    fn index(self) -> usize {
        Colour::index(self)
    }
    fn from_index(index: usize) -> Option<Self> {
        Colour::from_index(index)
    }
}

/// Taking more of a kind than a bag holds.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the bag holds {available} of kind {kind}, not {requested}")]
pub struct BagError {
    /// Kind index.
    pub kind: usize,
    /// How many were asked for.
    pub requested: u32,
    /// How many the bag holds.
    pub available: u32,
}

/// A multiset of kinds, kept as counts.
///
/// ```
/// use mesopotamia_core::{Bag, Colour};
/// let mut bag = Bag::from_counts(&[(Colour::Red, 2), (Colour::Blue, 1)]);
/// assert_eq!(bag.total(), 3);
/// bag.take(Colour::Red, 1).unwrap();
/// let outcomes: Vec<_> = bag.outcomes().collect();
/// assert_eq!(outcomes, [(Colour::Red, 1), (Colour::Blue, 1)]);
/// assert!(bag.take(Colour::Green, 1).is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bag<K: Kind> {
    counts: [u16; MAX_KINDS],
    kind: PhantomData<K>,
}

impl<K: Kind> Default for Bag<K> {
    fn default() -> Self {
        Bag {
            counts: [0; MAX_KINDS],
            kind: PhantomData,
        }
    }
}

impl<K: Kind + core::fmt::Debug> core::fmt::Debug for Bag<K> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_map().entries(self.outcomes()).finish()
    }
}

impl<K: Kind> Bag<K> {
    /// An empty bag.
    pub fn new() -> Self {
        Self::default()
    }

    /// A bag holding `count` of each listed kind (repeated kinds add up).
    pub fn from_counts(counts: &[(K, u16)]) -> Self {
        let mut bag = Self::new();
        for &(k, n) in counts {
            bag.put(k, n);
        }
        bag
    }

    /// How many of `kind` the bag holds.
    #[inline]
    pub fn count(&self, kind: K) -> u32 {
        self.counts[kind.index()] as u32
    }

    /// How many pieces the bag holds in all.
    #[inline]
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&c| c as u32).sum()
    }

    /// Whether the bag is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&c| c == 0)
    }

    /// Puts `n` pieces of `kind` in (saturating at `u16::MAX`).
    #[inline]
    pub fn put(&mut self, kind: K, n: u16) {
        let c = &mut self.counts[kind.index()];
        *c = c.saturating_add(n);
    }

    /// Takes `n` pieces of `kind` out; the bag is unchanged on error.
    #[inline]
    pub fn take(&mut self, kind: K, n: u32) -> Result<(), BagError> {
        let c = &mut self.counts[kind.index()];
        if (*c as u32) < n {
            return Err(BagError {
                kind: kind.index(),
                requested: n,
                available: *c as u32,
            });
        }
        *c -= n as u16;
        Ok(())
    }

    /// Every kind the bag holds with its count: the outcomes of one draw and their
    /// weights, in kind order.
    pub fn outcomes(&self) -> impl Iterator<Item = (K, u32)> + '_ {
        (0..K::COUNT).filter_map(move |i| {
            let n = self.counts[i] as u32;
            (n > 0).then(|| K::from_index(i).map(|k| (k, n))).flatten()
        })
    }

    /// Samples the kind of one draw, weighted by counts, without taking it out.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<K> {
        let total = self.total();
        if total == 0 {
            return None;
        }
        let mut pick = uniform_below(rng, total);
        for (k, n) in self.outcomes() {
            if pick < n {
                return Some(k);
            }
            pick -= n;
        }
        None
    }
}

#[cfg(feature = "serde")]
impl<K: Kind> serde::Serialize for Bag<K> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.counts[..K::COUNT].iter())
    }
}

#[cfg(feature = "serde")]
impl<'de, K: Kind> serde::Deserialize<'de> for Bag<K> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let counts = <Vec<u16> as serde::Deserialize>::deserialize(deserializer)?;
        if counts.len() != K::COUNT {
            return Err(serde::de::Error::invalid_length(
                counts.len(),
                &"one count per kind",
            ));
        }
        let mut bag = Bag::new();
        bag.counts[..K::COUNT].copy_from_slice(&counts);
        Ok(bag)
    }
}

/// A uniform integer in `0..n` (`n > 0`), without modulo bias (Lemire's method).
/// Returns 0 when `n` is 0.
#[inline]
pub fn uniform_below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    if n == 0 {
        return 0;
    }
    let threshold = n.wrapping_neg() % n;
    loop {
        let m = (rng.next_u32() as u64) * (n as u64);
        if (m as u32) >= threshold {
            return (m >> 32) as u32;
        }
    }
}

/// Picks one of `items` uniformly with [`uniform_below`] (one draw of it); `None` if there
/// are none. The reference draw of a uniformly random legal action
/// ([`Game::sample_legal_action`](crate::Game::sample_legal_action)).
#[inline]
pub fn pick_uniform<T: Copy, R: Rng + ?Sized>(rng: &mut R, items: &[T]) -> Option<T> {
    if items.is_empty() {
        return None;
    }
    let n = u32::try_from(items.len()).unwrap_or(u32::MAX);
    items.get(uniform_below(rng, n) as usize).copied()
}

/// Picks one outcome with probability proportional to its weight; `None` if the
/// weights sum to zero.
pub fn sample_weighted<T: Copy, R: Rng + ?Sized>(rng: &mut R, outcomes: &[(T, u32)]) -> Option<T> {
    let total: u64 = outcomes.iter().map(|&(_, w)| w as u64).sum();
    if total == 0 || total > u32::MAX as u64 {
        return None;
    }
    let mut pick = uniform_below(rng, total as u32);
    for &(t, w) in outcomes {
        if pick < w {
            return Some(t);
        }
        pick -= w;
    }
    None
}
