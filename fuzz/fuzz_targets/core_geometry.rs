//! Bytes become a set of squares on the 16x11 grid and a small graph; components must
//! partition the set, and each must be connected and closed under adjacency.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mesopotamia_core::{Adjacency, Graph, Grid, Space, SpaceSet};

fn check<const W: usize>(board: &impl Adjacency<W>, set: SpaceSet<W>) {
    let mut union = SpaceSet::EMPTY;
    for c in board.components(set) {
        assert!(c.is_disjoint(&union));
        union |= c;
        // Closed: no space of the set outside `c` touches `c`.
        assert!((board.dilate(c) & set) == c);
        // Connected: the component of its first space is itself.
        assert_eq!(board.component(c.first().unwrap(), set), c);
    }
    assert_eq!(union, set);
}

fuzz_target!(|data: &[u8]| {
    let grid = Grid::<3>::new(16, 11).unwrap();
    let set: SpaceSet<3> = data
        .iter()
        .take(64)
        .map(|&b| Space((b as u16 * 7) % 176))
        .collect();
    check(&grid, set);
    let edges: Vec<(u16, u16)> = data
        .chunks_exact(2)
        .skip(32)
        .map(|p| ((p[0] % 64) as u16, (p[1] % 64) as u16))
        .collect();
    let graph = Graph::<1>::from_edges(64, &edges).unwrap();
    let set: SpaceSet<1> = data
        .iter()
        .take(40)
        .map(|&b| Space((b % 64) as u16))
        .collect();
    check(&graph, set);
});
