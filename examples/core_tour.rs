//! A tour of the shared core: kingdoms as connected components, a bag as counts, and
//! final standings with wild treasures.
//!
//! Run with `cargo run --example core_tour`.

use mesopotamia::core::scoring::weakest_colour_key;
use mesopotamia::core::{Adjacency, Bag, Colour, ColourMap, Grid, SpaceSet, Standings};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

fn main() {
    // Tiles on the 16x11 board; kingdoms are their connected components.
    let grid = Grid::<3>::new(16, 11).expect("16x11 fits 192 spaces");
    let tiles: SpaceSet<3> = [(2, 2), (3, 2), (3, 3), (9, 7), (10, 7)]
        .into_iter()
        .filter_map(|(c, r)| grid.space(c, r))
        .collect();
    for (i, kingdom) in grid.components(tiles).iter().enumerate() {
        println!("group {i}: {} tiles", kingdom.len());
    }

    // A bag is counts; a draw is a chance outcome weighted by its count.
    let bag = Bag::from_counts(&[
        (Colour::Red, 47),
        (Colour::Blue, 36),
        (Colour::Green, 30),
        (Colour::Black, 30),
    ]);
    println!("draw outcomes: {:?}", bag.outcomes().collect::<Vec<_>>());
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    println!("one sampled draw: {:?}", bag.sample(&mut rng));

    // Standings: treasures fill the weakest colour, sorted lists compare.
    let players = [
        (ColourMap::from_array([11, 14, 12, 13]), 0),
        (ColourMap::from_array([8, 10, 12, 9]), 2),
        (ColourMap::from_array([6, 20, 22, 15]), 3),
    ];
    let keys: Vec<[u32; 4]> = players
        .iter()
        .map(|&(vp, t)| weakest_colour_key(vp, t))
        .collect();
    let standings = Standings::from_keys(&keys);
    for seat in standings.seats_by_rank() {
        println!(
            "rank {}: seat {seat} {:?}",
            standings.rank(seat).unwrap_or(0),
            keys[seat.index()]
        );
    }
}
