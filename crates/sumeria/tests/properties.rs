//! Properties of random games, checked after every step.

use std::collections::BTreeSet;

use mesopotamia_core::chance::{sample_weighted, uniform_below};
use mesopotamia_core::{Game, Seat, ToMove};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use sumeria::{Action, Board, Chance, Config, Influence, Location, Phase, Position, Sumeria};

/// Destinations by walking every route and direction, independently of the engine.
struct Walker<'a> {
    board: &'a Board,
    from: usize,
    occupied: &'a [bool],
    seen: BTreeSet<(usize, isize, isize)>,
    found: BTreeSet<usize>,
}

impl Walker<'_> {
    fn walk(&mut self, route: usize, mut at: isize, step: isize) {
        let stops = &self.board.routes()[route];
        loop {
            at += step;
            if at < 0 || at as usize >= stops.len() || !self.seen.insert((route, at, step)) {
                return;
            }
            let loc = stops[at as usize] as usize;
            if loc == self.from {
                return;
            }
            if !self.occupied[loc] {
                self.found.insert(loc);
                return;
            }
            if loc % 7 == 0 {
                // An occupied city: any route leaving it.
                self.leave(loc);
                return;
            }
        }
    }

    fn leave(&mut self, loc: usize) {
        for (r, stops) in self.board.routes().iter().enumerate() {
            for (p, &l) in stops.iter().enumerate() {
                if l as usize == loc {
                    for s in [-1, 1] {
                        self.walk(r, p as isize, s);
                    }
                }
            }
        }
    }
}

fn naive_destinations(board: &Board, from: usize, occupied: &[bool]) -> BTreeSet<usize> {
    let mut w = Walker {
        board,
        from,
        occupied,
        seen: BTreeSet::new(),
        found: BTreeSet::new(),
    };
    w.leave(from);
    w.found
}

/// The seats with traders in a city-state, best control first (S5): most traders, then the
/// city, then most towns, then earlier in this round's turn order.
fn naive_control(game: &Sumeria, state: usize) -> Vec<Seat> {
    let p = game.public();
    let n = p.config().players as usize;
    let mut standings: Vec<(usize, bool, usize, usize, Seat)> = Seat::all(n)
        .filter_map(|seat| {
            // Slots of a city-state: its city, three towns, three villages.
            let mine = |slot: usize| p.occupant(state * 7 + slot) == Some(seat);
            let count = (0..7).filter(|&s| mine(s)).count();
            let towns = (1..4).filter(|&s| mine(s)).count();
            let place = (seat.index() + n - p.first().index()) % n;
            (count > 0).then_some((count, mine(0), towns, n - place, seat))
        })
        .collect();
    standings.sort_by_key(|s| std::cmp::Reverse((s.0, s.1, s.2, s.3)));
    standings.into_iter().map(|s| s.4).collect()
}

fn check(game: &Sumeria) -> Result<(), TestCaseError> {
    let p = game.public();
    let board = p.config().board.clone();
    let n = p.config().players as usize;
    let traders = p.config().traders().unwrap().0 as usize;
    let mut occupied = vec![false; 56];
    for s in Seat::all(n) {
        let on_board = (0..56).filter(|&i| p.occupant(i) == Some(s)).count();
        prop_assert_eq!(
            on_board + p.supply(s) as usize,
            traders,
            "traders of seat {} not conserved",
            s
        );
    }
    for (i, o) in occupied.iter_mut().enumerate() {
        *o = p.occupant(i).is_some();
    }
    let mut tiles = game.bag().total();
    for k in Influence::ALL {
        tiles += p.discarded(k) as u32;
        tiles += (0..3).map(|place| p.display(place, k) as u32).sum::<u32>();
        tiles += Seat::all(n).map(|s| p.held(s, k) as u32).sum::<u32>();
    }
    prop_assert_eq!(tiles, 36);
    if !matches!(p.phase(), Phase::Order) {
        let order: BTreeSet<_> = p.order().collect();
        prop_assert_eq!(order.len(), 8);
        prop_assert_eq!(
            order,
            board.names().iter().copied().collect::<BTreeSet<_>>()
        );
    }
    // Control of each city-state (S5), counted here from the traders on the board.
    for state in 0..8 {
        prop_assert_eq!(
            p.control(state).to_vec(),
            naive_control(game, state),
            "control of city-state {}",
            state
        );
    }
    if let Phase::Take(place) = p.phase() {
        let state = board
            .state_index(p.order().nth(place as usize).unwrap())
            .unwrap();
        prop_assert_eq!(game.to_move_seat(), p.control(state).first().copied());
    }
    // Every legal move goes where the naive search says, and nowhere else.
    if p.phase() == Phase::Turns {
        let legal = game.legal_action_vec();
        for i in 0..56 {
            if p.occupant(i) != game.to_move_seat() {
                continue;
            }
            let from: Location = board.location(i).unwrap();
            let engine: BTreeSet<usize> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Move(a, b) if *a == from => board.index_of(*b),
                    _ => None,
                })
                .collect();
            prop_assert_eq!(
                engine,
                naive_destinations(&board, i, &occupied),
                "moves from {}",
                from
            );
        }
    }
    Ok(())
}

trait SeatToMove {
    fn to_move_seat(&self) -> Option<Seat>;
}

impl SeatToMove for Sumeria {
    fn to_move_seat(&self) -> Option<Seat> {
        match self.to_move() {
            ToMove::Seat(s) => Some(s),
            _ => None,
        }
    }
}

fn random_game(
    players: u8,
    seed: u64,
    mut visit: impl FnMut(&Sumeria) -> Result<(), TestCaseError>,
) -> Result<Sumeria, TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Sumeria::new(Config::new(players)).unwrap();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    visit(&game)?;
    while !game.is_terminal() {
        match game.to_move() {
            ToMove::Chance => {
                game.chance_outcomes(&mut outcomes);
                game.apply_chance(sample_weighted(&mut rng, &outcomes).unwrap())
                    .unwrap();
            }
            ToMove::Seat(_) => {
                game.legal_actions(&mut legal);
                game.apply(legal[uniform_below(&mut rng, legal.len() as u32) as usize])
                    .unwrap();
            }
            ToMove::Terminal => unreachable!(),
        }
        visit(&game)?;
    }
    Ok(game)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_after_every_step(seed in any::<u64>(), players in 3u8..=4) {
        let end = random_game(players, seed, check)?;
        let standings = end.standings().unwrap();
        prop_assert!(standings.winners().count() >= 1);
        // Every influence tile was dealt: 36 held or discarded at the end.
        let p = end.public();
        let dealt: u32 = Influence::ALL.iter().map(|&k| p.discarded(k) as u32 + Seat::all(players as usize).map(|s| p.held(s, k) as u32).sum::<u32>()).sum();
        prop_assert_eq!(dealt, 36);
    }
}

/// Every chance outcome the game could name (every city-state, seat and influence kind) is
/// either the one it resolves or refused with the state unchanged, at every step.
#[test]
fn refused_chance_outcomes_change_nothing() {
    let board = Board::reconstructed();
    let mut all: Vec<Chance> = board.names().iter().map(|&n| Chance::Order(n)).collect();
    all.extend(Seat::all(4).map(Chance::First));
    all.extend(Influence::ALL.map(Chance::Draw));
    let mut refused = 0;
    for (seed, players) in [(7u64, 3u8), (8, 4)] {
        random_game(players, seed, |game| {
            for &chance in &all {
                let mut copy = game.clone();
                let mut reported = game.clone();
                let mut events = Vec::new();
                let with_events = reported.apply_chance_with_events(chance, &mut events);
                if copy.apply_chance(chance).is_err() {
                    assert_eq!(&copy, game, "refusing {chance} changed the state");
                    assert!(with_events.is_err(), "{chance}: the two paths disagree");
                    assert_eq!(
                        &reported, game,
                        "refusing {chance} with events changed the state"
                    );
                    assert!(events.is_empty(), "refusing {chance} reported {events:?}");
                    refused += 1;
                } else {
                    // The same outcome through the events path: the same state, and at least
                    // the event saying what the outcome put where.
                    assert!(with_events.is_ok(), "{chance}: the two paths disagree");
                    assert_eq!(reported, copy, "{chance}: the two paths disagree");
                    assert!(!events.is_empty(), "{chance} reported nothing");
                }
            }
            Ok(())
        })
        .unwrap();
    }
    assert!(refused > 1000, "only {refused} refusals");
}

#[test]
fn positions_round_trip_through_text() {
    for (seed, players) in [(1u64, 3u8), (2, 4)] {
        random_game(players, seed, |game| {
            let text = Position::from_game(game).to_string();
            let parsed: Position = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
            let back = parsed
                .into_game()
                .unwrap_or_else(|v| panic!("{v:?}\n{text}"));
            assert_eq!(&back, game, "{text}");
            Ok(())
        })
        .unwrap();
    }
}

#[test]
fn other_player_counts_are_refused() {
    for players in [0, 1, 2, 5] {
        let err = Sumeria::new(Config::new(players)).unwrap_err();
        assert!(err.to_string().contains("3 or 4"), "{err}");
    }
}

/// `Sumeria::check` agrees with the legal list on every add, remove, move from a seat's
/// traders and take there is; where no seat decides, it says why (a chance outcome is due,
/// or the game is over); and the rounds are announced in order, from round 1 when the setup
/// placements end.
#[test]
fn check_agrees_with_the_legal_list_and_rounds_are_announced_in_order() {
    let board = Board::reconstructed();
    let locations: Vec<Location> = (0..56).map(|i| board.location(i).unwrap()).collect();
    let mut candidates: Vec<Action> = Vec::new();
    for &l in &locations {
        candidates.push(Action::Add(l));
        candidates.push(Action::Remove(l));
    }
    for a in Influence::ALL {
        candidates.push(Action::Take(a));
        for b in Influence::ALL {
            candidates.push(Action::TakeTwo(a, b));
        }
    }
    for (seed, players) in [(11u64, 3u8), (12, 4)] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Sumeria::new(Config::new(players)).unwrap();
        let (mut legal, mut outcomes, mut events) = (Vec::new(), Vec::new(), Vec::new());
        let (mut chance_refusals, mut illegal) = (0, 0);
        loop {
            match game.to_move() {
                ToMove::Chance => {
                    for &a in &candidates[..4] {
                        assert_eq!(game.check(a), Err(sumeria::Reason::ChancePending));
                        chance_refusals += 1;
                    }
                    game.chance_outcomes(&mut outcomes);
                    let chance = sample_weighted(&mut rng, &outcomes).unwrap();
                    game.apply_chance_with_events(chance, &mut events).unwrap();
                }
                ToMove::Seat(seat) => {
                    game.legal_actions(&mut legal);
                    let mut tried = candidates.clone();
                    // Moves from each of the seat's traders to every location.
                    for (i, &from) in locations.iter().enumerate() {
                        if game.public().occupant(i) == Some(seat) {
                            tried.extend(locations.iter().map(|&to| Action::Move(from, to)));
                        }
                    }
                    tried.extend(legal.iter().copied());
                    for a in tried {
                        let verdict = game.check(a);
                        assert_eq!(verdict.is_ok(), legal.contains(&a), "{a}: {verdict:?}");
                        illegal += verdict.is_err() as u32;
                    }
                    let a = legal[uniform_below(&mut rng, legal.len() as u32) as usize];
                    game.apply_with_events(a, &mut events).unwrap();
                }
                ToMove::Terminal => {
                    for &a in &candidates[..4] {
                        assert_eq!(game.check(a), Err(sumeria::Reason::GameOver));
                    }
                    break;
                }
            }
        }
        assert!(
            chance_refusals > 0 && illegal > 1000,
            "{chance_refusals} {illegal}"
        );
        let rounds: Vec<u8> = events
            .iter()
            .filter_map(|e| match e {
                sumeria::Event::RoundStarted { round, .. } => Some(*round),
                _ => None,
            })
            .collect();
        let expected: Vec<u8> = (1..=rounds.len() as u8).collect();
        assert!(rounds.len() >= 2, "{rounds:?}");
        assert_eq!(rounds, expected);
    }
}
