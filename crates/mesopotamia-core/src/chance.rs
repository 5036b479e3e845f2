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
        K::from_index(self.kind_at(uniform_below(rng, total)))
    }

    /// The index of the kind holding the `pick`-th piece (from 0, `pick < total`), the
    /// kinds counted in order.
    #[inline]
    fn kind_at(&self, mut pick: u32) -> usize {
        let mut k = 0;
        while k + 1 < K::COUNT && pick >= u32::from(self.counts[k]) {
            pick -= u32::from(self.counts[k]);
            k += 1;
        }
        k
    }

    /// Draws `n` pieces out, one at a time as [`Bag::sample`] draws each (the same pieces
    /// for the same random numbers), and returns how many of each kind (by
    /// [`Kind::index`]) were drawn; `None`, with the bag unchanged, when it holds fewer
    /// than `n`.
    ///
    /// ```
    /// use mesopotamia_core::rand_core::SeedableRng;
    /// use mesopotamia_core::{Bag, Colour};
    /// # let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let mut bag = Bag::from_counts(&[(Colour::Red, 3), (Colour::Blue, 40)]);
    /// let drawn = bag.draw(&mut rng, 6).unwrap();
    /// assert_eq!(drawn.iter().sum::<u16>(), 6);
    /// assert_eq!(bag.total(), 37);
    /// ```
    pub fn draw<R: Rng + ?Sized>(&mut self, rng: &mut R, n: u32) -> Option<[u16; MAX_KINDS]> {
        let mut total = self.total();
        if n > total {
            return None;
        }
        let mut drawn = [0u16; MAX_KINDS];
        for _ in 0..n {
            let k = self.kind_at(uniform_below(rng, total));
            self.counts[k] -= 1;
            drawn[k] += 1;
            total -= 1;
        }
        Some(drawn)
    }

    /// Draws `n` pieces out, uniformly among the draws of `n` that hold at least
    /// `at_least` of `kind`, and returns how many of each kind (by [`Kind::index`]) were
    /// drawn. This is how a hidden hand is redrawn when the table has seen something of it:
    /// a player asked to decide what he could only decide holding such a piece.
    ///
    /// `None`, with the bag unchanged, when no such draw exists (the bag holds fewer than
    /// `n` pieces, or fewer than `at_least` of `kind`, or `at_least > n`), or when the
    /// draws are too many to count in 128 bits (far beyond a hand: 6 from 150 pieces are
    /// some 1.6e10 draws).
    ///
    /// ```
    /// use mesopotamia_core::rand_core::SeedableRng;
    /// use mesopotamia_core::{Bag, Colour};
    /// # let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let mut bag = Bag::from_counts(&[(Colour::Red, 1), (Colour::Blue, 40)]);
    /// let drawn = bag.draw_at_least(&mut rng, 6, Colour::Red, 1).unwrap();
    /// assert_eq!(drawn[Colour::Red.index()], 1);
    /// assert_eq!(drawn[Colour::Blue.index()], 5);
    /// assert_eq!(bag.total(), 35);
    /// ```
    pub fn draw_at_least<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        n: u32,
        kind: K,
        at_least: u32,
    ) -> Option<[u16; MAX_KINDS]> {
        let of_kind = self.count(kind);
        let others = self.total() - of_kind;
        if n > of_kind + others || at_least > n.min(of_kind) {
            return None;
        }
        // How many of `kind` the draw holds: k with weight C(of_kind, k) C(others, n - k),
        // the draws holding exactly k.
        let low = at_least.max(n.saturating_sub(others));
        let high = n.min(of_kind);
        let weight = |k: u32| binomial(of_kind, k)?.checked_mul(binomial(others, n - k)?);
        let mut total = 0u128;
        for k in low..=high {
            total = total.checked_add(weight(k)?)?;
        }
        // Each weight was counted above, so none fails now.
        let mut pick = uniform_below_u128(rng, total);
        let mut k = low;
        loop {
            let w = weight(k).unwrap_or(0);
            if pick < w || k == high {
                break;
            }
            pick -= w;
            k += 1;
        }
        // The k pieces of `kind`, then the rest uniformly from the other kinds.
        let mut drawn = [0u16; MAX_KINDS];
        drawn[kind.index()] = k as u16;
        let left = of_kind - k;
        self.counts[kind.index()] = 0;
        // The others hold at least `n - k` pieces (k's weight is not zero).
        let rest = self.draw(rng, n - k).unwrap_or_default();
        for (d, r) in drawn.iter_mut().zip(rest) {
            *d += r;
        }
        self.counts[kind.index()] = left as u16;
        Some(drawn)
    }
}

/// `n` choose `k`, or `None` past 128 bits.
fn binomial(n: u32, k: u32) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut c = 1u128;
    for i in 0..k {
        // Exact at every step: c * (n - i) is divisible by i + 1.
        c = c.checked_mul(u128::from(n - i))? / u128::from(i + 1);
    }
    Some(c)
}

/// A uniform integer in `0..n` (`n > 0`) from 128 random bits, by rejection (no bias).
fn uniform_below_u128<R: Rng + ?Sized>(rng: &mut R, n: u128) -> u128 {
    if n <= 1 {
        return 0;
    }
    // A multiple of n: draws from it up are redrawn, so that every remainder is as likely.
    let limit = u128::MAX - u128::MAX % n;
    loop {
        let x = (u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64());
        if x < limit {
            return x % n;
        }
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
    let mut m = (rng.next_u32() as u64) * (n as u64);
    // A draw is refused when its low half falls below `2^32 mod n`, which is below `n`:
    // the division is needed only when the low half is below `n`, seldom.
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = (rng.next_u32() as u64) * (n as u64);
        }
    }
    (m >> 32) as u32
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

#[cfg(test)]
mod tests {
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    use super::*;

    /// Every draw of `n` from a bag of red, blue and green (`counts`) holding at least
    /// `at_least` red comes up about as often as its number of ways (a seeded run, within
    /// 5 standard deviations), and no other draw comes up.
    fn check_draws_with_at_least(counts: [u16; 3], n: u32, at_least: u32, seed: u64) {
        let bag = Bag::from_counts(&[
            (Colour::Red, counts[0]),
            (Colour::Blue, counts[1]),
            (Colour::Green, counts[2]),
        ]);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut seen = std::collections::BTreeMap::new();
        let runs = 100_000u32;
        for _ in 0..runs {
            let mut b = bag;
            let drawn = b.draw_at_least(&mut rng, n, Colour::Red, at_least).unwrap();
            let (r, u, g) = (drawn[0], drawn[1], drawn[2]);
            assert_eq!(u32::from(r + u + g), n);
            assert_eq!(b.total(), bag.total() - n);
            assert_eq!(
                [Colour::Red, Colour::Blue, Colour::Green].map(|c| b.count(c)),
                [counts[0] - r, counts[1] - u, counts[2] - g].map(u32::from)
            );
            *seen.entry((r, u, g)).or_insert(0u32) += 1;
        }
        let ways = |r: u16, u: u16, g: u16| {
            let c = |n: u16, k: u16| binomial(n.into(), k.into()).unwrap();
            c(counts[0], r) * c(counts[1], u) * c(counts[2], g)
        };
        let mut all = Vec::new();
        for r in at_least as u16..=counts[0] {
            for u in 0..=counts[1] {
                if let Some(g) = (n as u16).checked_sub(r + u) {
                    if g <= counts[2] {
                        all.push((r, u, g));
                    }
                }
            }
        }
        let total: u128 = all.iter().map(|&(r, u, g)| ways(r, u, g)).sum();
        for &(r, u, g) in &all {
            let p = ways(r, u, g) as f64 / total as f64;
            let expected = p * f64::from(runs);
            let got = f64::from(seen.remove(&(r, u, g)).unwrap_or(0));
            let sigma = (expected * (1.0 - p)).sqrt();
            assert!(
                (got - expected).abs() < 5.0 * sigma,
                "{r} red {u} blue {g} green: {got} draws, {expected:.0} expected"
            );
        }
        assert!(seen.is_empty(), "draws outside: {seen:?}");
    }

    /// Draws holding at least some red are uniform among those draws: with two possible
    /// numbers of red, with four, and with the others too few to fill the draw alone.
    #[test]
    fn draws_with_at_least_are_uniform_among_those_draws() {
        check_draws_with_at_least([3, 4, 5], 4, 2, 7);
        check_draws_with_at_least([4, 5, 6], 6, 1, 8);
        check_draws_with_at_least([5, 1, 2], 6, 0, 9);
    }

    /// `draw` takes what as many `sample`s and `take`s would, from the same random numbers,
    /// using as many of them.
    #[test]
    fn a_draw_of_several_is_several_draws_of_one() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for round in 0..2_000u32 {
            let counts = [
                (round % 5) as u16,
                0,
                (round % 7) as u16,
                (round % 3 + 1) as u16,
            ];
            let mut bag = Bag::from_counts(&[
                (Colour::Red, counts[0]),
                (Colour::Blue, counts[1]),
                (Colour::Green, counts[2]),
                (Colour::Black, counts[3]),
            ]);
            let n = round % (bag.total() + 1);
            let (mut one, mut by_one) = (bag, rng.clone());
            let mut expected = [0u16; MAX_KINDS];
            for _ in 0..n {
                let c = one.sample(&mut by_one).unwrap();
                one.take(c, 1).unwrap();
                expected[c.index()] += 1;
            }
            assert_eq!(bag.draw(&mut rng, n), Some(expected), "{counts:?} {n}");
            assert_eq!(bag, one);
            assert_eq!(rng.next_u64(), by_one.next_u64());
        }
        let mut bag = Bag::from_counts(&[(Colour::Red, 2)]);
        assert_eq!(bag.draw(&mut rng, 3), None);
        assert_eq!(bag.total(), 2);
    }

    /// `sample` gives the kind `sample_weighted` gives over the listed outcomes, from the
    /// same random numbers, using as many of them: on bags with kinds left empty first,
    /// in the middle and last.
    #[test]
    fn a_sample_is_the_weighted_draw_over_the_outcomes() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut seen = [0u32; MAX_KINDS];
        for round in 0..4_000u32 {
            let counts = [round % 4, round % 3, (round / 3) % 5, (round / 7) % 2].map(|c| c as u16);
            let bag = Bag::from_counts(&[
                (Colour::Red, counts[0]),
                (Colour::Blue, counts[1]),
                (Colour::Green, counts[2]),
                (Colour::Black, counts[3]),
            ]);
            let outcomes: Vec<(Colour, u32)> = bag.outcomes().collect();
            let mut by_list = rng.clone();
            let expected = sample_weighted(&mut by_list, &outcomes);
            let got = bag.sample(&mut rng);
            assert_eq!(got, expected, "{counts:?}");
            assert_eq!(got.is_none(), bag.is_empty());
            if let Some(c) = got {
                assert!(bag.count(c) > 0, "{c:?} from {counts:?}");
                seen[c.index()] += 1;
            }
            assert_eq!(rng.next_u64(), by_list.next_u64());
        }
        // Every kind came up.
        assert!(seen[..4].iter().all(|&n| n > 0), "{seen:?}");
    }

    /// The lazy threshold of `uniform_below` refuses exactly what the eager one did.
    #[test]
    fn uniform_below_refuses_what_lemire_refuses() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for n in [
            1u32,
            2,
            3,
            7,
            1000,
            1 << 31,
            (1 << 31) + 1,
            u32::MAX - 1,
            u32::MAX,
        ] {
            for _ in 0..2_000 {
                let mut eager = rng.clone();
                let threshold = n.wrapping_neg() % n;
                let expected = loop {
                    let m = u64::from(eager.next_u32()) * u64::from(n);
                    if (m as u32) >= threshold {
                        break (m >> 32) as u32;
                    }
                };
                assert_eq!(uniform_below(&mut rng, n), expected, "{n}");
                assert_eq!(rng.next_u32(), eager.next_u32());
            }
        }
    }

    #[test]
    fn impossible_draws_leave_the_bag_alone() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let bag = Bag::from_counts(&[(Colour::Red, 2), (Colour::Blue, 3)]);
        for (n, at_least) in [(6, 0), (3, 3), (1, 2)] {
            let mut b = bag;
            assert_eq!(b.draw_at_least(&mut rng, n, Colour::Red, at_least), None);
            assert_eq!(b, bag);
        }
        // Every piece, or only what the bag holds of a kind.
        let mut b = bag;
        let drawn = b.draw_at_least(&mut rng, 5, Colour::Red, 2).unwrap();
        assert_eq!((drawn[0], drawn[1], b.total()), (2, 3, 0));
        let mut b = bag;
        let drawn = b.draw_at_least(&mut rng, 2, Colour::Red, 2).unwrap();
        assert_eq!((drawn[0], drawn[1], b.total()), (2, 0, 3));
    }

    /// Gives the words it was made with, in order (then zeros).
    struct Words(Vec<u64>);

    impl rand_core::TryRng for Words {
        type Error = core::convert::Infallible;

        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            Ok(self.try_next_u64()? as u32)
        }

        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            Ok(if self.0.is_empty() {
                0
            } else {
                self.0.remove(0)
            })
        }

        fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
            dst.fill(0);
            Ok(())
        }
    }

    /// 128 random bits make a draw, the first word high; a draw at or past the last whole
    /// multiple of `n` below 2^128 is refused and drawn again.
    #[test]
    fn a_wide_draw_takes_two_words_and_refuses_the_remainder() {
        let draw = |n: u128, words: &[u64]| {
            let mut rng = Words(words.to_vec());
            let x = uniform_below_u128(&mut rng, n);
            (x, 4 - rng.0.len())
        };
        // 2^64 is 2 mod 7, so 2^64 + 4 is 6 (and 4 * 2^64 + 1, the words read the other way
        // round, 2).
        assert_eq!(draw(7, &[1, 4, 9, 9]), (6, 2));
        // Below 2^128, n = 2^127 + 1 fits once whole: a draw of n or more is refused.
        let n = (1u128 << 127) + 1;
        assert_eq!(draw(n, &[1 << 63, 1, 0, 7]), (7, 4));
        assert_eq!(draw(n, &[1 << 63, 0, 0, 7]), (1 << 127, 2));
        assert_eq!(draw(1, &[3, 3, 3, 3]), (0, 0));
    }

    #[test]
    fn binomials_are_exact() {
        assert_eq!(binomial(5, 2), Some(10));
        assert_eq!(binomial(3, 5), Some(0));
        assert_eq!(binomial(153, 6), Some(16133132940));
        assert_eq!(binomial(153, 147), binomial(153, 6));
        assert_eq!(binomial(200, 100), None);
    }
}
