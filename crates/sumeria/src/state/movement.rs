//! The movement search (S4): where a trader may move, for every trader of a seat at once
//! in a few word operations.
//!
//! A trader leaves along any route through its location, in either direction, over
//! occupied locations, and stops at the first empty one; at an occupied city it may go on
//! along any route leaving the city. So a walk goes over occupied towns and villages and
//! ends at an empty location (a destination), at an occupied city (from which every route
//! is taken, as from the start), or at the end of the route.
//!
//! Each town and village is on exactly one route (the board checks it). The maximal
//! stretches of consecutive towns and villages along the routes (*segments*) are laid end
//! to end in one word, in route order: the *lanes*. A walk over occupied towns and villages
//! is then a run of set bits of the occupied lanes, and its end is found with one count of
//! trailing (or leading) zeros, however long the run.

use crate::board::{ALL, CITIES, LOCATIONS, Locations, SLOTS, STATES, bit, set, word};

/// No location: the end of a route.
pub(crate) const NONE: u8 = u8::MAX;

/// A lane no location is on, given to the cities: its walks end nowhere (the lanes of a
/// board are 48, so no walk over real lanes reaches it and it is never occupied).
const NOWHERE: u8 = 63;
const _: () = assert!(LOCATIONS - STATES < NOWHERE as usize);

/// Bytes of a word that hold board indices.
const BYTES: usize = LOCATIONS.div_ceil(8);
/// Bytes of a word that hold lanes (one per town and village).
const LANE_BYTES: usize = (LOCATIONS - STATES).div_ceil(8);

/// What a board's movement search needs, computed once per board.
#[derive(Clone, Debug)]
pub(crate) struct Lanes {
    /// The lane of each town and village, by board index (`NOWHERE` for the cities).
    lane_of: [u8; 64],
    /// The location on the route after each lane, in lane order (the next lane in the
    /// segment, else the city or nothing that ends the segment).
    after: [u8; 64],
    /// The location on the route before each lane, likewise.
    before: [u8; 64],
    /// By location (or `NONE`): the city-state of a city, `STATES` for anything else.
    city_slot: [u8; 256],
    /// The first and the last lane of each segment.
    first: u64,
    last: u64,
    /// For each byte of a set of board indices (bits `8 k` to `8 k + 7`) and each value
    /// of it, the lanes of the towns and villages it holds: one look-up per byte.
    gather: [[u64; 256]; BYTES],
    /// The other way: for each byte of a set of lanes and each value of it, the towns and
    /// villages (board bits) on those lanes.
    scatter: [[u64; 256]; LANE_BYTES],
    /// For each city-state, the cities next to its city along a route (as board bits).
    city_next: [u64; STATES],
    /// For each city-state, the lanes of the segments its city comes before (walks from
    /// the city enter them forwards), and of those it comes after (entered backwards).
    forward_from: [u64; STATES],
    backward_from: [u64; STATES],
    /// For each lane, the location before its segment (a city, or nothing).
    segment_before: [u8; 64],
    /// `last`, bits reversed: where walks backwards enter, seen as walks forwards.
    last_reversed: u64,
}

impl Lanes {
    /// The lanes of a board's routes (board indices, each town and village on exactly one
    /// route, no location twice on a route, at most 512 route steps: as the board checks).
    pub(crate) fn new(routes: &[Vec<u8>]) -> Lanes {
        let mut lanes = Lanes {
            lane_of: [NOWHERE; 64],
            city_slot: core::array::from_fn(|l| {
                if l < LOCATIONS && l % SLOTS == 0 {
                    (l / SLOTS) as u8
                } else {
                    STATES as u8
                }
            }),
            after: [NONE; 64],
            before: [NONE; 64],
            first: 0,
            last: 0,
            gather: [[0; 256]; BYTES],
            scatter: [[0; 256]; LANE_BYTES],
            city_next: [0; STATES],
            forward_from: [0; STATES],
            backward_from: [0; STATES],
            segment_before: [NONE; 64],
            last_reversed: 0,
        };
        let is_city = |l: u8| l as usize % SLOTS == 0;
        let state = |l: u8| (l as usize / SLOTS) % STATES;
        let mut next = 0usize;
        // The segment being laid: the location before it, its lanes so far.
        let (mut before, mut segment) = (NONE, 0u64);
        for route in routes {
            let at = |p: Option<usize>| p.and_then(|p| route.get(p)).copied().unwrap_or(NONE);
            for (p, &loc) in route.iter().enumerate() {
                let (ahead, behind) = (at(Some(p + 1)), at(p.checked_sub(1)));
                if is_city(loc) {
                    for next in [ahead, behind] {
                        if next != NONE && is_city(next) {
                            lanes.city_next[state(loc)] |= bit(next as usize);
                        }
                    }
                    continue;
                }
                // A town or village: the next lane (64 lanes hold the 48 of a board).
                let lane = next % 64;
                next += 1;
                lanes.lane_of[loc as usize % 64] = lane as u8;
                lanes.after[lane] = ahead;
                lanes.before[lane] = behind;
                if behind == NONE || is_city(behind) {
                    lanes.first |= 1 << lane;
                    (before, segment) = (behind, 0);
                }
                segment |= 1 << lane;
                lanes.segment_before[lane] = before;
                if ahead == NONE || is_city(ahead) {
                    lanes.last |= 1 << lane;
                    if before != NONE {
                        lanes.forward_from[state(before)] |= segment;
                    }
                    if ahead != NONE {
                        lanes.backward_from[state(ahead)] |= segment;
                    }
                }
                for v in 0..256 {
                    if v & (1 << (loc as usize % 8)) != 0 {
                        lanes.gather[(loc as usize / 8) % BYTES][v] |= 1 << lane;
                    }
                    if v & (1 << (lane % 8)) != 0 {
                        lanes.scatter[(lane / 8) % LANE_BYTES][v] |= bit(loc as usize);
                    }
                }
            }
        }
        lanes.last_reversed = lanes.last.reverse_bits();
        lanes
    }

    /// The occupied lanes of a set of occupied locations.
    #[inline]
    fn occupied_lanes(&self, occupied: u64) -> u64 {
        let mut lanes = 0;
        for (k, table) in self.gather.iter().enumerate() {
            lanes |= table[((occupied >> (8 * k)) & 0xff) as usize];
        }
        lanes
    }

    /// The towns and villages (board bits) on a set of lanes.
    #[inline]
    fn locations(&self, lanes: u64) -> u64 {
        let mut locations = 0;
        for (k, table) in self.scatter.iter().enumerate() {
            locations |= table[((lanes >> (8 * k)) & 0xff) as usize];
        }
        locations
    }
}

/// The movement search for one arrangement of traders: where a trader may move from
/// any location. The walks from the occupied cities, which many traders' moves share, are
/// made once, when the search is set up.
pub(crate) struct Reach<'b> {
    lanes: &'b Lanes,
    occupied: u64,
    /// Lanes where a walk forwards ends: the last lane of a segment, or one before an
    /// empty lane.
    ends_forward: u64,
    /// Lanes where a walk backwards ends: the first of a segment, or one after an empty lane.
    ends_backward: u64,
    /// For each city-state whose city is occupied: the destinations of all the walks from
    /// its city and from the occupied cities these reach, and so on (the same for all the
    /// cities so joined: a walk from one city to another can be walked back); 0 for the
    /// others, and in entry `STATES`, where every other location and `NONE` (the end of a
    /// route) look (see `Lanes::city_slot`): a walk's end is looked up without a branch.
    /// 16 entries, so that an index is kept in range by a mask.
    through: [u64; 16],
}

impl<'b> Reach<'b> {
    /// The search on a board's `lanes` with `occupied` locations.
    pub(crate) fn new(lanes: &'b Lanes, occupied: Locations) -> Reach<'b> {
        let occupied = word(occupied) & ALL;
        let full = lanes.occupied_lanes(occupied);
        let empty = !full;
        // Built whole as the value returned, so that it is written in place, not copied.
        Reach {
            lanes,
            occupied,
            ends_forward: lanes.last | (empty >> 1),
            ends_backward: lanes.first | (empty << 1),
            through: Reach::join_cities(lanes, occupied, full),
        }
    }

    /// Where a trader on the occupied location `from` may move.
    #[inline]
    pub(crate) fn from(&self, from: usize) -> Locations {
        // No branch on the kind of location: a city's lane is `NOWHERE`, whose walks end
        // nowhere, and `through` is 0 but at occupied cities.
        let lane = self.lanes.lane_of[from % 64] as usize;
        set(self.through[self.lanes.city_slot[from % 256] as usize % 16]
            | self.reached(self.forward(lane))
            | self.reached(self.backward(lane)))
    }

    /// Where a walk forwards over the occupied lanes from `lane` (occupied) ends: an empty
    /// town or village, a city, or nothing.
    #[inline]
    fn forward(&self, lane: usize) -> u8 {
        let end = lane + (self.ends_forward >> (lane % 64)).trailing_zeros() as usize;
        self.lanes.after[end % 64]
    }

    /// The same backwards.
    #[inline]
    fn backward(&self, lane: usize) -> u8 {
        let below = self.ends_backward & (u64::MAX >> (63 - lane % 64));
        let end = (63 ^ below.leading_zeros()) as usize;
        self.lanes.before[end % 64]
    }

    /// The destinations a walk ending at `to` gives: `to` if it is empty, the
    /// destinations through it if it is an occupied city, none at the end of a route.
    #[inline]
    fn reached(&self, to: u8) -> u64 {
        // `NONE` (255) has bit 63, beyond the board: no location, occupied or not, and
        // nothing through it.
        let slot = self.lanes.city_slot[to as usize] as usize;
        (bit(to as usize) & ALL & !self.occupied) | self.through[slot % 16]
    }

    /// `through` for `occupied` locations (`full` lanes): walks from every occupied city,
    /// joins the occupied cities that these walks reach.
    ///
    /// The walks into all segments are made at once. A walk entering a segment forwards
    /// goes over its run of occupied lanes: adding the entry bit to the occupied lanes
    /// (but the last of each segment, so that no carry leaves it) carries to the end of
    /// the run. It stops there, at an empty lane (a destination) or at the occupied last
    /// lane: the whole segment is occupied, and the walk goes on to the city after it.
    /// Backwards is the same with the bits reversed.
    fn join_cities(lanes: &Lanes, occupied: u64, full: u64) -> [u64; 16] {
        let mut through = [0; 16];
        let cities = occupied & CITIES;
        let run = full & !lanes.last;
        let forward = (run.wrapping_add(lanes.first & run) & !run) | (lanes.first & !run);
        let run = (full & !lanes.first).reverse_bits();
        let entry = lanes.last_reversed;
        let backward = ((run.wrapping_add(entry & run) & !run) | (entry & !run)).reverse_bits();
        // Each occupied city's destinations on lanes, and the cities (as board bits) where
        // its walks end: the next cities, and those past wholly occupied segments.
        // (For every city: those of empty ones are never read, and a loop of fixed length
        // has no branch to mispredict.)
        // (`at` has an entry for anything not a city, see `Lanes::city_slot`.)
        let mut on_lanes = [0u64; STATES];
        let mut at = [0u64; 16];
        for s in 0..STATES {
            on_lanes[s] = (forward & !full & lanes.forward_from[s])
                | (backward & !full & lanes.backward_from[s]);
            at[s] = lanes.city_next[s];
        }
        // Wholly occupied segments (by their last lanes): the cities at both ends reach
        // each other.
        let mut w = forward & full;
        while w != 0 {
            let lane = w.trailing_zeros() as usize % 64;
            w &= w - 1;
            // Without a test of either end: what an empty city or the end of a route
            // (`NONE`, bit 63, beyond the board) is given is never read.
            let (a, b) = (lanes.segment_before[lane], lanes.after[lane]);
            at[lanes.city_slot[a as usize] as usize % 16] |= bit(b as usize) & ALL;
            at[lanes.city_slot[b as usize] as usize % 16] |= bit(a as usize) & ALL;
        }
        // Occupied cities joined into groups by the walks between them.
        let mut left = cities;
        while left != 0 {
            let mut group = left & left.wrapping_neg();
            loop {
                let mut grown = group;
                let mut w = group;
                while w != 0 {
                    grown |= at[(w.trailing_zeros() as usize / SLOTS) % STATES] & occupied;
                    w &= w - 1;
                }
                if grown == group {
                    break;
                }
                group = grown;
            }
            let (mut all, mut all_lanes) = (0, 0);
            let mut w = group;
            while w != 0 {
                let s = (w.trailing_zeros() as usize / SLOTS) % STATES;
                all |= at[s] & !occupied;
                all_lanes |= on_lanes[s];
                w &= w - 1;
            }
            all |= lanes.locations(all_lanes);
            let mut w = group;
            while w != 0 {
                through[(w.trailing_zeros() as usize / SLOTS) % STATES] = all;
                w &= w - 1;
            }
            left &= !group;
        }
        through
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use mesopotamia_core::Space;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    use crate::board::{Board, LOCATIONS, Locations, SLOTS};

    /// The rule as first written: follow every route and direction from `from`, each step
    /// once, over occupied locations, branching at occupied cities; stop at the first
    /// empty location, or back at `from`.
    fn reference(board: &Board, from: usize, occupied: &[bool; LOCATIONS]) -> BTreeSet<usize> {
        fn leave(
            board: &Board,
            at: usize,
            from: usize,
            occupied: &[bool; LOCATIONS],
            seen: &mut BTreeSet<(usize, usize, bool)>,
            found: &mut BTreeSet<usize>,
        ) {
            for (r, route) in board.routes().iter().enumerate() {
                for (p, &l) in route.iter().enumerate() {
                    if l as usize != at {
                        continue;
                    }
                    for backwards in [false, true] {
                        let mut q = p;
                        loop {
                            let next = if backwards {
                                q.checked_sub(1)
                            } else {
                                Some(q + 1)
                            };
                            let Some(next) = next.filter(|&n| n < route.len()) else {
                                break;
                            };
                            if !seen.insert((r, q, backwards)) {
                                break;
                            }
                            q = next;
                            let to = route[q] as usize;
                            if to == from {
                                break;
                            }
                            if !occupied[to] {
                                found.insert(to);
                                break;
                            }
                            if to % SLOTS == 0 {
                                leave(board, to, from, occupied, seen, found);
                                break;
                            }
                        }
                    }
                }
            }
        }
        let mut found = BTreeSet::new();
        leave(
            board,
            from,
            from,
            occupied,
            &mut BTreeSet::new(),
            &mut found,
        );
        found
    }

    /// A random valid board: the towns and villages in stretches, each on a route with
    /// one or more cities (at its ends or within), the cities chained by direct routes.
    fn random_board(rng: &mut ChaCha8Rng) -> Board {
        let names = ["A", "B", "C", "D", "E", "F", "G", "H"];
        let name = |l: usize| {
            let slot = match l % SLOTS {
                0 => "C".to_string(),
                s @ 1..=3 => format!("T{s}"),
                s => format!("V{}", s - 3),
            };
            format!("{}:{slot}", names[l / SLOTS])
        };
        let mut others: Vec<usize> = (0..LOCATIONS).filter(|l| l % SLOTS != 0).collect();
        for i in (1..others.len()).rev() {
            others.swap(i, rng.next_u32() as usize % (i + 1));
        }
        let mut text: String = names.iter().map(|n| format!("state {n}\n")).collect();
        let city = |rng: &mut ChaCha8Rng| (rng.next_u32() as usize % 8) * SLOTS;
        while !others.is_empty() {
            let len = (1 + rng.next_u32() as usize % 5).min(others.len());
            let mut route: Vec<usize> = others.drain(..len).collect();
            let c = city(rng);
            match rng.next_u32() % 4 {
                0 => route.insert(0, c),
                1 => route.push(c),
                2 => route.insert(route.len() / 2, c),
                _ => {
                    route.insert(0, c);
                    let d = city(rng);
                    if d != c {
                        route.push(d);
                    }
                }
            }
            text += &format!(
                "route {}\n",
                route.iter().map(|&l| name(l)).collect::<Vec<_>>().join(" ")
            );
        }
        for s in 0..7 {
            text += &format!("route {} {}\n", name(s * SLOTS), name((s + 1) * SLOTS));
        }
        Board::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
    }

    #[test]
    fn the_search_agrees_with_the_rule_as_first_written() {
        let mut rng = ChaCha8Rng::seed_from_u64(14);
        let mut boards = vec![(*Board::reconstructed()).clone()];
        boards.extend((0..40).map(|_| random_board(&mut rng)));
        let mut compared = 0;
        for board in &boards {
            for _ in 0..200 {
                let density = rng.next_u32() % 100;
                let mut occupied = [false; LOCATIONS];
                let mut set = Locations::EMPTY;
                for (l, o) in occupied.iter_mut().enumerate() {
                    *o = rng.next_u32() % 100 < density;
                    if *o {
                        set.insert(Space(l as u16));
                    }
                }
                for from in 0..LOCATIONS {
                    let engine: BTreeSet<usize> = board
                        .destinations(from, set)
                        .iter()
                        .map(|s| s.index())
                        .collect();
                    // The rule is for the trader on `from`: the search treats it as occupied.
                    let mut with = occupied;
                    with[from] = true;
                    assert_eq!(
                        engine,
                        reference(board, from, &with),
                        "from {from} on {board:?} with {set:?}"
                    );
                    assert_eq!(
                        engine,
                        reference(board, from, &occupied),
                        "from {from} (empty or not) on {board:?} with {set:?}"
                    );
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 41 * 200 * LOCATIONS);
        assert!(board_out_of_range_is_empty());
    }

    fn board_out_of_range_is_empty() -> bool {
        Board::reconstructed()
            .destinations(LOCATIONS, Locations::EMPTY)
            .is_empty()
    }
}
