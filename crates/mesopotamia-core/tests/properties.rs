//! Property tests of the core's building blocks.

use std::collections::{BTreeSet, VecDeque};

use mesopotamia_core::scoring::{allocate_treasures, weakest_colour_key};
use mesopotamia_core::{
    Adjacency, Bag, Colour, ColourMap, Graph, Grid, Space, SpaceSet, Standings,
};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// Every way to hand out `t` treasures to four colours.
fn all_allocations(t: u32) -> Vec<[u32; 4]> {
    let mut out = Vec::new();
    for a in 0..=t {
        for b in 0..=t - a {
            for c in 0..=t - a - b {
                out.push([a, b, c, t - a - b - c]);
            }
        }
    }
    out
}

fn naive_component(
    neighbours: &dyn Fn(Space) -> Vec<Space>,
    seed: Space,
    within: &BTreeSet<Space>,
) -> BTreeSet<Space> {
    let mut seen = BTreeSet::from([seed]);
    let mut queue = VecDeque::from([seed]);
    while let Some(s) = queue.pop_front() {
        for n in neighbours(s) {
            if within.contains(&n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen
}

fn set3(bits: &[bool]) -> SpaceSet<3> {
    bits.iter()
        .enumerate()
        .filter(|(_, b)| **b)
        .map(|(i, _)| Space(i as u16))
        .collect()
}

proptest! {
    #[test]
    fn greedy_treasures_are_the_best_allocation(vp in prop::array::uniform4(0u32..20), t in 0u32..=6) {
        let greedy = weakest_colour_key(ColourMap::from_array(vp), t);
        let best = all_allocations(t)
            .into_iter()
            .map(|extra| {
                let mut key = [vp[0] + extra[0], vp[1] + extra[1], vp[2] + extra[2], vp[3] + extra[3]];
                key.sort_unstable();
                key
            })
            .max()
            .unwrap();
        prop_assert_eq!(greedy, best);
        let total: u32 = allocate_treasures(ColourMap::from_array(vp), t).values().iter().sum();
        prop_assert_eq!(total, vp.iter().sum::<u32>() + t);
    }

    #[test]
    fn grid_components_partition_and_match_bfs(bits in prop::collection::vec(any::<bool>(), 176)) {
        let grid = Grid::<3>::new(16, 11).unwrap();
        let set = set3(&bits);
        let components = grid.components(set);
        let mut union = SpaceSet::EMPTY;
        for c in &components {
            prop_assert!(!c.is_empty());
            prop_assert!(c.is_disjoint(&union));
            union |= *c;
        }
        prop_assert_eq!(union, set);
        let model: BTreeSet<Space> = set.iter().collect();
        let neighbours = |s: Space| {
            let (c, r) = (s.index() % 16, s.index() / 16);
            let mut v = Vec::new();
            if c > 0 { v.push(Space(s.0 - 1)); }
            if c < 15 { v.push(Space(s.0 + 1)); }
            if r > 0 { v.push(Space(s.0 - 16)); }
            if r < 10 { v.push(Space(s.0 + 16)); }
            v
        };
        for c in &components {
            let seed = c.first().unwrap();
            let bfs = naive_component(&neighbours, seed, &model);
            prop_assert_eq!(c.iter().collect::<BTreeSet<_>>(), bfs);
        }
    }

    #[test]
    fn graph_components_match_bfs(
        edges in prop::collection::vec((0u16..60, 0u16..60), 0..80),
        bits in prop::collection::vec(any::<bool>(), 60),
    ) {
        let graph = Graph::<1>::from_edges(60, &edges).unwrap();
        let set: SpaceSet<1> = bits.iter().enumerate().filter(|(_, b)| **b).map(|(i, _)| Space(i as u16)).collect();
        let model: BTreeSet<Space> = set.iter().collect();
        let neighbours = |s: Space| {
            edges.iter().filter_map(|&(a, b)| {
                if a == s.0 { Some(Space(b)) } else if b == s.0 { Some(Space(a)) } else { None }
            }).collect::<Vec<_>>()
        };
        let components = graph.components(set);
        let mut union = SpaceSet::EMPTY;
        for c in &components {
            prop_assert!(c.is_disjoint(&union));
            union |= *c;
            let bfs = naive_component(&neighbours, c.first().unwrap(), &model);
            prop_assert_eq!(c.iter().collect::<BTreeSet<_>>(), bfs);
        }
        prop_assert_eq!(union, set);
    }

    #[test]
    fn set_algebra_laws(a in prop::collection::vec(any::<bool>(), 176), b in prop::collection::vec(any::<bool>(), 176), c in prop::collection::vec(any::<bool>(), 176)) {
        let (a, b, c) = (set3(&a), set3(&b), set3(&c));
        let all = SpaceSet::<3>::first_n(176);
        prop_assert_eq!(a | b, b | a);
        prop_assert_eq!(a & b, b & a);
        prop_assert_eq!((a | b) | c, a | (b | c));
        prop_assert_eq!(a & (b | c), (a & b) | (a & c));
        prop_assert_eq!(!(a | b) & all, (!a & !b) & all);
        prop_assert_eq!(a - b, a & !b);
        prop_assert_eq!(a ^ b, (a - b) | (b - a));
        prop_assert_eq!((a | b).len() + (a & b).len(), a.len() + b.len());
        prop_assert!((a & b).is_subset(&a));
        prop_assert_eq!(a.is_disjoint(&b), (a & b).is_empty());
        let listed: Vec<Space> = a.iter().collect();
        let model: Vec<Space> = a.iter().collect::<BTreeSet<_>>().into_iter().collect();
        prop_assert_eq!(&listed, &model);
        prop_assert_eq!(a.iter().len(), a.len());
        prop_assert_eq!(a.first(), listed.first().copied());
        for (n, &s) in listed.iter().enumerate() {
            prop_assert_eq!(a.nth(n), Some(s));
        }
        prop_assert_eq!(a.nth(listed.len()), None);
    }

    #[test]
    fn ranking_is_a_total_preorder_sharing_equal_ranks(keys in prop::collection::vec(prop::array::uniform4(0u32..4), 1..8)) {
        let standings = Standings::from_keys(&keys);
        let ranks = standings.ranks();
        for i in 0..keys.len() {
            // A rank is 1 plus the number of strictly better keys.
            prop_assert_eq!(ranks[i] as usize, 1 + keys.iter().filter(|k| **k > keys[i]).count());
            for j in 0..keys.len() {
                prop_assert_eq!(ranks[i] == ranks[j], keys[i] == keys[j]);
                prop_assert_eq!(ranks[i] < ranks[j], keys[i] > keys[j]);
            }
        }
        prop_assert!(ranks.contains(&1));
    }

    #[test]
    fn bag_draws_conserve_counts(
        counts in prop::array::uniform4(0u16..30),
        draws in prop::collection::vec((0usize..4, 0u32..5), 0..40),
        seed in any::<u64>(),
    ) {
        let mut bag = Bag::from_counts(&Colour::ALL.map(|c| (c, counts[c.index()])));
        let mut taken = 0u32;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for (kind, n) in draws {
            let colour = Colour::from_index(kind).unwrap();
            let before = bag;
            match bag.take(colour, n) {
                Ok(()) => taken += n,
                Err(_) => prop_assert_eq!(bag, before),
            }
            if let Some(drawn) = bag.sample(&mut rng) {
                prop_assert!(bag.count(drawn) > 0);
            } else {
                prop_assert!(bag.is_empty());
            }
            let weights: u32 = bag.outcomes().map(|(_, w)| w).sum();
            prop_assert_eq!(weights, bag.total());
        }
        prop_assert_eq!(bag.total() + taken, counts.iter().map(|&c| c as u32).sum::<u32>());
    }
}

#[test]
fn uniform_sampling_is_not_grossly_biased() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let bag = Bag::from_counts(&[(Colour::Red, 3), (Colour::Black, 1)]);
    let reds = (0..4000)
        .filter(|_| bag.sample(&mut rng) == Some(Colour::Red))
        .count();
    // Expected 3000; 5 standard deviations is about 137.
    assert!((2860..3140).contains(&reds), "{reds} reds of 4000");
}
