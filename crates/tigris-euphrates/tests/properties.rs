//! Properties of random games, checked after every step, and the exact match between
//! the legal action list and what `apply` accepts.

use mesopotamia_core::chance::{sample_weighted, uniform_below};
use mesopotamia_core::{Adjacency, Colour, Game, Seat, ToMove};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates::{ACTION_SPACE, Action, Board, Config, Pending, Position, Tigris};

mod common;

/// Every tile of the game, wherever it is.
fn tiles_accounted(game: &Tigris) -> u32 {
    let p = game.public();
    let mut n = p.flipped().len() as u32 + game.bag().total();
    for c in Colour::ALL {
        n += p.tiles(c).len() as u32 + p.removed()[c] as u32;
    }
    for s in Seat::all(p.config().players as usize) {
        n += game.hand(s).values().iter().map(|&x| x as u32).sum::<u32>();
        n += p.discard_count(s) as u32;
    }
    n
}

fn at_rest(game: &Tigris) -> bool {
    let p = game.public();
    p.conflict().is_none() && p.unification().is_none() && p.wars().next().is_none()
}

/// Checks the invariants of one state, and monotonicity against the previous one.
fn check_invariants(game: &Tigris, previous: Option<&Tigris>) -> Result<(), TestCaseError> {
    let p = game.public();
    let board = Board::get(p.config().board);
    let grid = board.grid();
    let seats = p.config().players as usize;
    prop_assert_eq!(tiles_accounted(game), 153);
    prop_assert!(
        p.regions_consistent(),
        "the kept regions differ from the board's"
    );
    let temples = grid.dilate(p.tiles(Colour::Red));
    let occupied = {
        let mut o = p.flipped();
        for c in Colour::ALL {
            o |= p.tiles(c);
        }
        for s in Seat::all(seats) {
            for c in Colour::ALL {
                if let Some(q) = p.leader(s, c) {
                    o.insert(q.space());
                }
            }
        }
        o
    };
    for s in Seat::all(seats) {
        for c in Colour::ALL {
            if let Some(q) = p.leader(s, c) {
                prop_assert!(
                    temples.contains(q.space()),
                    "leader at {} without a temple",
                    q
                );
                if at_rest(game) {
                    let kingdom = grid.component(q.space(), occupied);
                    for other in Seat::all(seats).filter(|&o| o != s) {
                        if let Some(r) = p.leader(other, c) {
                            prop_assert!(
                                !kingdom.contains(r.space()),
                                "two {} leaders in one kingdom",
                                c
                            );
                        }
                    }
                }
            }
        }
    }
    if let Some(prev) = previous {
        let q = prev.public();
        for s in Seat::all(seats) {
            for c in Colour::ALL {
                prop_assert!(p.vp(s)[c] >= q.vp(s)[c], "VP decreased");
            }
        }
        prop_assert!(
            p.treasures().is_subset(&q.treasures()),
            "treasures appeared"
        );
        // T16: a building's tile stays, face up unless a monument or the ziggurat
        // covered it (which sent the building home).
        for c in Colour::ALL {
            if let Some(b) = q.building(c) {
                prop_assert!(
                    (p.tiles(c) | p.flipped_tiles(c)).contains(b.space()),
                    "the tile under the {} building left the board",
                    c
                );
            }
        }
        // T16: the ziggurat never leaves the board.
        if let Some(centre) = q.ziggurat() {
            prop_assert_eq!(p.ziggurat(), Some(centre));
            let mut cross = board.neighbours(centre.space());
            cross.insert(centre.space());
            prop_assert!(cross.is_subset(&p.flipped()), "a ziggurat square left");
        }
    }
    for c in Colour::ALL {
        if let Some(b) = p.building(c) {
            prop_assert!(
                p.tiles(c).contains(b.space()),
                "the {} building is off a face-up tile of its colour",
                c
            );
        }
    }
    if let Some(centre) = p.ziggurat() {
        prop_assert!(p.config().ziggurat);
        prop_assert_eq!(board.neighbours(centre.space()).len(), 4);
    }
    Ok(())
}

fn random_game(
    config: Config,
    seed: u64,
    mut visit: impl FnMut(&Tigris, Option<&Tigris>) -> Result<(), TestCaseError>,
) -> Result<Tigris, TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Tigris::new(config).unwrap();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    visit(&game, None)?;
    while !game.is_terminal() {
        let before = game.clone();
        match game.to_move() {
            ToMove::Chance => {
                game.chance_outcomes(&mut outcomes);
                let o = sample_weighted(&mut rng, &outcomes).unwrap();
                game.apply_chance(o).unwrap();
            }
            ToMove::Seat(_) => {
                game.legal_actions(&mut legal);
                let a = legal[uniform_below(&mut rng, legal.len() as u32) as usize];
                game.apply(a).unwrap();
            }
            ToMove::Terminal => unreachable!(),
        }
        visit(&game, Some(&before))?;
    }
    Ok(game)
}

/// Options from the bits of `bits` (see `common::config`).
fn config_for(players: u8, bits: u8) -> Config {
    common::config(players, bits)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_after_every_step(seed in any::<u64>(), players in 2u8..=4, options in 0u8..16) {
        let end = random_game(config_for(players, options), seed, check_invariants)?;
        prop_assert!(end.standings().is_some());
    }
}

/// Over many games with every option, the options' pieces are really played: a test
/// of the properties above that never saw a building or a ziggurat would prove little.
#[test]
fn random_games_build_and_protect() {
    let (mut buildings, mut ziggurats, mut moves) = (0, 0, 0);
    // Crosses of five are rare in random play: about 1 game in 125 builds the ziggurat.
    for seed in 0..1000 {
        let mut had_building = false;
        random_game(config_for(2 + (seed % 3) as u8, 6), seed, |game, prev| {
            let p = game.public();
            if let Some(q) = prev.map(|g| g.public()) {
                for c in Colour::ALL {
                    if let (Some(a), Some(b)) = (q.building(c), p.building(c)) {
                        moves += (a != b) as u32;
                    }
                }
                ziggurats += (q.ziggurat().is_none() && p.ziggurat().is_some()) as u32;
            }
            had_building |= Colour::ALL.iter().any(|&c| p.building(c).is_some());
            Ok(())
        })
        .unwrap();
        buildings += had_building as u32;
    }
    assert!(
        buildings > 500,
        "buildings in only {buildings} of 1,000 games"
    );
    assert!(moves > 0, "no building ever moved");
    assert!(ziggurats > 2, "only {ziggurats} ziggurats built");
}

/// The legal list equals the set of actions `apply` accepts, over the whole action space.
#[test]
fn legal_actions_are_exactly_the_accepted_ones() {
    let mut checked = 0;
    for (seed, players) in [(11u64, 2u8), (12, 3), (13, 4)] {
        let mut step = 0usize;
        random_game(config_for(players, seed as u8 * 5 % 16), seed, |game, _| {
            step += 1;
            if !matches!(game.to_move(), ToMove::Seat(_)) || step % 9 != 0 {
                return Ok(());
            }
            let legal = game.legal_action_vec();
            for i in 0..ACTION_SPACE {
                let action = Action::from_index(i).unwrap();
                let mut copy = game.clone();
                let accepted = copy.apply(action).is_ok();
                let listed = legal.binary_search(&action).is_ok();
                assert_eq!(
                    accepted, listed,
                    "{action} accepted={accepted} listed={listed}\n{game}"
                );
                if !accepted {
                    assert_eq!(&copy, game, "refusing {action} changed the state");
                }
            }
            checked += 1;
            Ok(())
        })
        .unwrap();
    }
    assert!(checked > 30, "only {checked} positions checked");
}

/// The same for every option at once, at every decision that is not an ordinary action
/// (ziggurats are rare, so their decisions are looked for over 1,000 games).
#[test]
fn option_decisions_are_exactly_the_accepted_ones() {
    let mut checked = [0u32; 4];
    for seed in 0..1000u64 {
        random_game(config_for(2 + (seed % 3) as u8, 15), seed, |game, _| {
            let kind = match game.public().pending() {
                Pending::Monument if seed < 60 => 0,
                Pending::Building if seed < 60 => 1,
                Pending::Ziggurat => 2,
                Pending::ZigguratVp => 3,
                _ => return Ok(()),
            };
            let legal = game.legal_action_vec();
            for i in 0..ACTION_SPACE {
                let action = Action::from_index(i).unwrap();
                let mut copy = game.clone();
                let accepted = copy.apply(action).is_ok();
                assert_eq!(
                    accepted,
                    legal.binary_search(&action).is_ok(),
                    "{action}\n{game}"
                );
                if !accepted {
                    assert_eq!(&copy, game, "refusing {action} changed the state");
                }
            }
            checked[kind] += 1;
            Ok(())
        })
        .unwrap();
    }
    assert!(
        checked.iter().all(|&n| n > 0),
        "decisions checked (monument, building, ziggurat, ziggurat VP): {checked:?}"
    );
}

/// A position written out and read back is the same game, at any point of a game.
#[test]
fn positions_round_trip_through_text() {
    for bits in 0..16u8 {
        let (seed, players) = (21 + bits as u64, 2 + bits % 3);
        let mut step = 0usize;
        random_game(config_for(players, bits), seed, |game, _| {
            step += 1;
            if step % 5 != 0 && !game.is_terminal() {
                return Ok(());
            }
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

/// Games end by one of the two end conditions.
#[test]
fn games_end_by_treasures_or_by_the_bag() {
    for seed in 0..32 {
        let end = random_game(
            config_for(2 + (seed % 3) as u8, (seed % 16) as u8),
            seed,
            |_, _| Ok(()),
        )
        .unwrap();
        let p = end.public();
        assert_eq!(p.pending(), Pending::Over);
        assert!(p.treasures().len() <= 2 || p.bag_exhausted(), "seed {seed}");
    }
}
