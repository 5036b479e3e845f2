//! The random-play fast paths: a uniformly random legal action drawn without listing the
//! legal actions, and a chance outcome drawn without listing the outcomes.
//!
//! Both are exact: they draw what the reference draws of the core draw from the lists
//! ([`pick_uniform`](mesopotamia_core::chance::pick_uniform) over
//! [`legal_actions`](mesopotamia_core::Game::legal_actions),
//! [`sample_weighted`](mesopotamia_core::chance::sample_weighted) over
//! [`chance_outcomes`](mesopotamia_core::Game::chance_outcomes)), with one draw of
//! [`uniform_below`] over the same count, taken in the same order.

use mesopotamia_core::Seat;
use mesopotamia_core::bits::select;
use mesopotamia_core::chance::uniform_below;
use mesopotamia_core::rand_core::Rng;

use super::{Phase, Reach, Step, Sumeria};
use crate::action::Chance;
use crate::board::{ALL, STATES, for_each_index, nth_index, set, word};

impl Sumeria {
    /// Draws a legal action of the seat to move uniformly, as the reference draw over the
    /// legal list does: counts the list (adds, then moves by origin and destination, then
    /// removes; or the ways to take tiles), draws one index below the count, and builds
    /// only the action at that index. `None` when no seat is to move (the RNG untouched).
    pub(crate) fn sample_step<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<(Seat, Step)> {
        let p = &self.public;
        let seat = p.deciding()?;
        match p.phase {
            Phase::Setup | Phase::Turns => {
                let occupied = p.occupied();
                let mine = p.traders[seat.index()];
                let empty = set(!word(occupied) & ALL);
                let adds = if p.supply[seat.index()] > 0 {
                    empty.len() as u32
                } else {
                    0
                };
                if p.phase == Phase::Setup {
                    if adds == 0 {
                        return None;
                    }
                    let k = uniform_below(rng, adds);
                    return Some((seat, Step::Add(nth_index(empty, k)? as u8)));
                }
                // Each of the seat's traders with its destinations, in board order.
                let reach = Reach::new(p.board().lanes(), occupied);
                // The first 16 traders' destinations kept (a seat has at most 14), any
                // others found again.
                let mut kept = [set(0); 16];
                let mut i = 0;
                let mut sizes = SizeSum::default();
                for_each_index(mine, |from| {
                    let to = reach.from(from);
                    sizes.add(word(to));
                    if let Some(k) = kept.get_mut(i) {
                        *k = to;
                    }
                    i += 1;
                });
                let move_count = sizes.total();
                let count = adds + move_count + mine.len() as u32;
                if count == 0 {
                    return None;
                }
                let mut k = uniform_below(rng, count);
                if k < adds {
                    return Some((seat, Step::Add(nth_index(empty, k)? as u8)));
                }
                k -= adds;
                if k < move_count {
                    let mut w = word(mine);
                    let mut i = 0;
                    while w != 0 {
                        let from = w.trailing_zeros() as usize;
                        w &= w - 1;
                        let to = kept.get(i).copied().unwrap_or_else(|| reach.from(from));
                        i += 1;
                        let n = to.len() as u32;
                        if k < n {
                            return Some((seat, Step::Move(from as u8, nth_index(to, k)? as u8)));
                        }
                        k -= n;
                    }
                    return None;
                }
                Some((seat, Step::Remove(nth_index(mine, k - move_count)? as u8)))
            }
            Phase::Take(_) => {
                // The ways as bits, in the order of the actions: the k-th set bit is the
                // k-th action.
                let mask = self.take_mask();
                let n = mask.count_ones();
                if n == 0 {
                    return None;
                }
                let i = select(u64::from(mask), uniform_below(rng, n))? as usize;
                self.take_option(i).map(|s| (seat, s))
            }
            _ => None,
        }
    }

    /// Draws the outcome of the pending chance event by its weight, as the reference draw
    /// over [`chance_outcomes`](mesopotamia_core::Game::chance_outcomes) does; `None`
    /// unless chance is to move (the RNG untouched).
    pub(crate) fn draw_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Chance> {
        let p = &self.public;
        match p.phase {
            Phase::Order => {
                // The city-states not drawn yet, each once, by name (board order), weight 1.
                let mut rest = 0u8;
                for &s in p.order.get(p.ordered as usize..).unwrap_or(&[]) {
                    rest |= 1 << (s as usize % STATES);
                }
                if rest == 0 {
                    return None;
                }
                let mut w = rest;
                for _ in 0..uniform_below(rng, rest.count_ones()) {
                    w &= w - 1;
                }
                let state = (w != 0).then(|| w.trailing_zeros() as usize)?;
                Some(Chance::Order(p.board().names()[state % STATES]))
            }
            Phase::First => {
                let n = p.seats() as u32;
                if n == 0 {
                    return None;
                }
                Seat::new(uniform_below(rng, n) as usize).map(Chance::First)
            }
            // `Bag::sample` is the reference draw over the bag's outcomes.
            Phase::Draw => self.bag.sample(rng).map(Chance::Draw),
            _ => None,
        }
    }
}

/// The sum of the sizes of sets, by carry-save adders: per location, how many sets hold
/// it, in binary (ones, twos, fours; eights, rare, counted out). A count of bits is a
/// dozen instructions without `popcnt`: four in all, rather than one per set.
#[derive(Default)]
struct SizeSum {
    ones: u64,
    twos: u64,
    fours: u64,
    eights: u32,
}

impl SizeSum {
    #[inline]
    fn add(&mut self, set: u64) {
        let to_twos = self.ones & set;
        self.ones ^= set;
        let to_fours = self.twos & to_twos;
        self.twos ^= to_twos;
        let over = self.fours & to_fours;
        self.fours ^= to_fours;
        if over != 0 {
            self.eights += over.count_ones();
        }
    }

    #[inline]
    fn total(&self) -> u32 {
        self.ones.count_ones()
            + 2 * self.twos.count_ones()
            + 4 * self.fours.count_ones()
            + 8 * self.eights
    }
}

#[cfg(test)]
mod tests {
    use super::SizeSum;

    #[test]
    fn sizes_sum_as_counted_one_by_one() {
        // Sets from a fixed xorshift sequence, from sparse to full, up to 40 of them.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for round in 0..5_000u32 {
            let mut sum = SizeSum::default();
            let mut expected = 0;
            for _ in 0..round % 41 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let set = match round % 3 {
                    0 => x & (x >> 9) & (x >> 21),
                    1 => x,
                    _ => x | (x >> 5) | (x << 3),
                };
                sum.add(set);
                expected += set.count_ones();
            }
            assert_eq!(sum.total(), expected);
        }
    }
}
