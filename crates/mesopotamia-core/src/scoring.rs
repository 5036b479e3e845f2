//! Scoring shared by the games: the weakest-colour standing with wild treasures,
//! triangular scoring, and standings with shared ranks.

use crate::colour::ColourMap;
use crate::seat::Seat;

/// `n(n+1)/2`: 1, 3, 6, 10, 15, ... (Sumeria's influence scoring).
#[inline]
pub const fn triangular(n: u32) -> u32 {
    n * (n + 1) / 2
}

/// Adds each wild treasure, one at a time, to the colour that is currently weakest.
///
/// This maximises the sorted list of colour totals lexicographically, which is why the
/// rule books call it optimal (the property tests check it against every allocation).
/// Ties between weakest colours go to the first in colour order; the sorted result
/// does not depend on that choice.
///
/// ```
/// use mesopotamia_core::{ColourMap, scoring::allocate_treasures};
/// let vp = ColourMap::from_array([3, 9, 4, 10]);
/// assert_eq!(allocate_treasures(vp, 3).into_array(), [5, 9, 5, 10]);
/// ```
pub fn allocate_treasures(vp: ColourMap<u32>, treasures: u32) -> ColourMap<u32> {
    let mut totals = vp.into_array();
    for _ in 0..treasures {
        let weakest = (0..4).min_by_key(|&i| totals[i]).unwrap_or(0);
        totals[weakest] += 1;
    }
    ColourMap::from_array(totals)
}

/// A player's standing key: colour totals after [`allocate_treasures`], sorted
/// ascending. Compare two keys lexicographically; the greater is the better standing.
///
/// ```
/// use mesopotamia_core::{ColourMap, scoring::weakest_colour_key};
/// let lion = weakest_colour_key(ColourMap::from_array([10, 12, 10, 15]), 0);
/// let buffalo = weakest_colour_key(ColourMap::from_array([11, 10, 10, 20]), 0);
/// assert!(lion > buffalo); // 10, 10 each; then 12 beats 11
/// ```
pub fn weakest_colour_key(vp: ColourMap<u32>, treasures: u32) -> [u32; 4] {
    let mut key = allocate_treasures(vp, treasures).into_array();
    key.sort_unstable();
    key
}

/// Final standings: a rank per seat, 0 for the best. Equal keys share a rank, and the
/// next rank skips the places they take (competition ranking: 0, 0, 2, 3).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Standings {
    ranks: Vec<u8>,
}

impl Standings {
    /// Ranks seats by their keys (one per seat, in seat order); the greater key is better.
    ///
    /// ```
    /// use mesopotamia_core::{Seat, Standings};
    /// let s = Standings::from_keys(&[[5, 7], [6, 1], [5, 7]]);
    /// assert_eq!(s.rank(Seat::new(1).unwrap()), Some(0));
    /// assert_eq!(s.rank(Seat::new(0).unwrap()), Some(1));
    /// assert_eq!(s.rank(Seat::new(2).unwrap()), Some(1));
    /// ```
    pub fn from_keys<K: Ord>(keys: &[K]) -> Standings {
        let ranks = keys
            .iter()
            .map(|k| keys.iter().filter(|other| *other > k).count() as u8)
            .collect();
        Standings { ranks }
    }

    /// Number of seats ranked.
    pub fn len(&self) -> usize {
        self.ranks.len()
    }

    /// Whether no seat is ranked.
    pub fn is_empty(&self) -> bool {
        self.ranks.is_empty()
    }

    /// The seat's rank (0 is first), or `None` for a seat not at the table.
    pub fn rank(&self, seat: Seat) -> Option<usize> {
        self.ranks.get(seat.index()).map(|&r| r as usize)
    }

    /// Ranks in seat order.
    pub fn ranks(&self) -> &[u8] {
        &self.ranks
    }

    /// The seats ranked first (more than one when they share first place).
    pub fn winners(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seats_by_rank()
            .take_while(move |s| self.ranks[s.index()] == 0)
    }

    /// Seats from best to worst; seats sharing a rank in seat order.
    pub fn seats_by_rank(&self) -> impl Iterator<Item = Seat> + '_ {
        let mut order: Vec<Seat> = Seat::all(self.ranks.len()).collect();
        order.sort_by_key(|s| self.ranks[s.index()]);
        order.into_iter()
    }

    /// A payoff in `[0, 1]` for learning code: 1 for sole first, 0 for sole last, seats
    /// sharing ranks sharing the places they cover equally.
    pub fn payoff(&self, seat: Seat) -> Option<f64> {
        let n = self.ranks.len();
        let rank = *self.ranks.get(seat.index())?;
        if n < 2 {
            return Some(1.0);
        }
        let tied = self.ranks.iter().filter(|&&r| r == rank).count();
        // Places rank..rank+tied-1 are shared; average their payoff.
        let sum: f64 = (rank as usize..rank as usize + tied)
            .map(|place| (n - 1 - place) as f64 / (n - 1) as f64)
            .sum();
        Some(sum / tied as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangular_numbers() {
        assert_eq!(
            (0..6).map(triangular).collect::<Vec<_>>(),
            [0, 1, 3, 6, 10, 15]
        );
    }

    #[test]
    fn payoffs_share_places() {
        let s = Standings::from_keys(&[3, 3, 1]);
        assert_eq!(s.payoff(Seat::new(0).unwrap()), Some(0.75));
        assert_eq!(s.payoff(Seat::new(2).unwrap()), Some(0.0));
        assert_eq!(s.winners().count(), 2);
    }
}
