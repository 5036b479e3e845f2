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

/// Final standings: a rank per seat, counted as people count them (rule G2): 1 for the best;
/// equal keys share a rank, and the next rank skips the places they take (1, 1, 3, 4).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RanksData", into = "RanksData"))]
pub struct Standings {
    ranks: Vec<u8>,
}

/// Standings read from outside (`{"ranks": [...]}`), checked by [`Standings::from_ranks`].
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct RanksData {
    ranks: Vec<u8>,
}

#[cfg(feature = "serde")]
impl TryFrom<RanksData> for Standings {
    type Error = RanksError;
    fn try_from(data: RanksData) -> Result<Self, RanksError> {
        Standings::from_ranks(data.ranks)
    }
}

#[cfg(feature = "serde")]
impl From<Standings> for RanksData {
    fn from(standings: Standings) -> Self {
        RanksData {
            ranks: standings.ranks,
        }
    }
}

/// Ranks that no table could give: a rank of 0, or one that skips a different number of
/// places than the seats ranked before it take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("ranks {ranks:?} are not standings: each rank is 1 plus the number of better seats")]
pub struct RanksError {
    /// The ranks refused.
    pub ranks: Vec<u8>,
}

impl Standings {
    /// Ranks seats by their keys (one per seat, in seat order); the greater key is better.
    ///
    /// ```
    /// use mesopotamia_core::{Seat, Standings};
    /// let s = Standings::from_keys(&[[5, 7], [6, 1], [5, 7]]);
    /// assert_eq!(s.rank(Seat::new(1).unwrap()), Some(1));
    /// assert_eq!(s.rank(Seat::new(0).unwrap()), Some(2));
    /// assert_eq!(s.rank(Seat::new(2).unwrap()), Some(2));
    /// assert_eq!(s.ranks(), [2, 1, 2]);
    /// ```
    pub fn from_keys<K: Ord>(keys: &[K]) -> Standings {
        let ranks = keys
            .iter()
            .map(|k| 1 + keys.iter().filter(|other| *other > k).count() as u8)
            .collect();
        Standings { ranks }
    }

    /// Standings from ranks in seat order, checked: each rank is 1 plus the number of seats
    /// ranked before it (`[1, 1, 3]` is standings, `[1, 2, 2, 3]` and `[0]` are not).
    ///
    /// ```
    /// use mesopotamia_core::Standings;
    /// assert!(Standings::from_ranks(vec![3, 1, 1]).is_ok());
    /// assert!(Standings::from_ranks(vec![1, 2, 2, 3]).is_err());
    /// ```
    pub fn from_ranks(ranks: Vec<u8>) -> Result<Standings, RanksError> {
        let valid = ranks
            .iter()
            .all(|&r| usize::from(r) == 1 + ranks.iter().filter(|&&other| other < r).count());
        if valid {
            Ok(Standings { ranks })
        } else {
            Err(RanksError { ranks })
        }
    }

    /// Number of seats ranked.
    pub fn len(&self) -> usize {
        self.ranks.len()
    }

    /// Whether no seat is ranked.
    pub fn is_empty(&self) -> bool {
        self.ranks.is_empty()
    }

    /// The seat's rank (1 is first), or `None` for a seat not at the table.
    pub fn rank(&self, seat: Seat) -> Option<usize> {
        self.ranks.get(seat.index()).map(|&r| r as usize)
    }

    /// Ranks in seat order (1 is first).
    pub fn ranks(&self) -> &[u8] {
        &self.ranks
    }

    /// The seats ranked first (more than one when they share first place).
    pub fn winners(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seats_by_rank()
            .take_while(move |s| self.ranks[s.index()] == 1)
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
        let first_place = usize::from(rank - 1);
        if n < 2 {
            return Some(1.0);
        }
        let tied = self.ranks.iter().filter(|&&r| r == rank).count();
        // Places first_place..first_place+tied-1 (from 0) are shared; average their payoff.
        let sum: f64 = (first_place..first_place + tied)
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

    #[test]
    fn ranks_count_as_people_count_them() {
        let s = Standings::from_keys(&[3, 5, 3, 1]);
        assert_eq!(s.ranks(), [2, 1, 2, 4]);
        assert_eq!(Standings::from_ranks(vec![2, 1, 2, 4]), Ok(s));
        for bad in [vec![0], vec![1, 2, 2, 3], vec![2, 2], vec![1, 3]] {
            assert!(Standings::from_ranks(bad).is_err());
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn standings_read_from_outside_are_checked() {
        let s: Standings = serde_json::from_str(r#"{"ranks":[1,1,3]}"#).unwrap();
        assert_eq!(serde_json::to_string(&s).unwrap(), r#"{"ranks":[1,1,3]}"#);
        let err = serde_json::from_str::<Standings>(r#"{"ranks":[0,1]}"#).unwrap_err();
        assert!(err.to_string().contains("not standings"), "{err}");
    }
}
