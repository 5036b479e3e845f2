//! The conformance kit on 2 to 4 players, and random play in which the legal list
//! is compared with what `apply` accepts over the whole action space, refusals must leave
//! the state unchanged, and the 185 civilization cards and 8 treasures are conserved.

use mesopotamia_core::chance::{sample_weighted, uniform_below};
use mesopotamia_core::{Game, ToMove};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates_cards::{ACTION_SPACE, Action, Cards, Config};

mod common;
use common::cards_accounted;

fn bounded_random_play(config: Config, seed: u64, steps: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Cards::new(config).unwrap();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    for step in 0..steps {
        assert_eq!(
            cards_accounted(&game),
            (185, 8),
            "seed {seed} step {step}\n{game}"
        );
        match game.to_move() {
            ToMove::Terminal => {
                assert!(game.standings().is_some());
                return;
            }
            ToMove::Chance => {
                game.chance_outcomes(&mut outcomes);
                game.apply_chance(sample_weighted(&mut rng, &outcomes).unwrap())
                    .unwrap();
            }
            ToMove::Seat(_) => {
                game.legal_actions(&mut legal);
                assert!(!legal.is_empty());
                if step % 13 == 0 {
                    for i in 0..ACTION_SPACE {
                        let a = Action::from_index(i).unwrap();
                        let mut copy = game.clone();
                        let ok = copy.apply(a).is_ok();
                        assert_eq!(
                            ok,
                            legal.binary_search(&a).is_ok(),
                            "seed {seed} step {step}: {a}"
                        );
                        if !ok {
                            assert_eq!(copy, game, "refusing {a} changed the state");
                        }
                    }
                }
                let a = legal[uniform_below(&mut rng, legal.len() as u32) as usize];
                game.apply(a).unwrap();
            }
        }
    }
}

#[test]
fn random_play_keeps_the_contract_and_the_cards() {
    for (players, seed) in [(2u8, 1u64), (3, 2), (4, 3), (2, 4), (3, 5), (4, 6)] {
        bounded_random_play(Config::new(players), seed, 1500);
    }
}

mod kit {
    use mesopotamia_testkit::{ConformanceOptions, check_conformance};
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;
    use tigris_euphrates_cards::{Cards, Config};

    fn run(config: Config, games: usize, seed: u64) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let options = ConformanceOptions {
            games,
            illegal_probes: 8,
            apply_every_legal: false,
            deep_check_every: 11,
        };
        let report = check_conformance::<Cards, _>(&config, &options, &mut rng);
        assert_eq!(report.games, games);
        assert!(report.illegal_refused > 0);
        assert!(report.chance_seen_checked > 0, "{report:?}");
    }

    #[test]
    fn the_conformance_kit_passes() {
        run(Config::new(2), 40, 2);
        run(Config::new(3).with_open_piles(true), 40, 3);
        run(Config::new(4), 40, 4);
    }
}

/// Rule G1: under policies that try not to end it (always pass, always the first or the
/// last legal action, random), every game ends within its bound; passing for ever ends on
/// the turn limit, scored.
#[test]
fn every_game_ends_even_when_the_players_stall() {
    use mesopotamia_core::EndReason;
    use mesopotamia_testkit::{Stalling, check_termination};
    let is_pass = |a: &Action| *a == Action::Pass;
    let mut rng = ChaCha8Rng::seed_from_u64(51);
    for players in 2..=4 {
        for policy in Stalling::ALL {
            let config = Config::new(players).with_turn_limit(40);
            let report = check_termination::<Cards, _>(&config, policy, is_pass, 2, &mut rng);
            assert_eq!(report.games, 2, "{players} players, {policy:?}");
            if policy == Stalling::Pass {
                assert_eq!(report.on_limit, 2, "passing ends on the limit");
            }
        }
    }
    // At the default limit too, with the reason, the event and the standings.
    let report =
        check_termination::<Cards, _>(&Config::new(2), Stalling::Pass, is_pass, 1, &mut rng);
    assert_eq!((report.games, report.on_limit), (1, 1));
    assert!(report.longest_game > 1_000, "{report:?}");
    let mut game = Cards::new(Config::new(3).with_turn_limit(2)).unwrap();
    let mut events = Vec::new();
    let mut outcomes = Vec::new();
    while !game.is_terminal() {
        if game.to_move() == ToMove::Chance {
            game.chance_outcomes(&mut outcomes);
            game.apply_chance(outcomes[0].0).unwrap();
        } else {
            game.apply_with_events(Action::Pass, &mut events).unwrap();
        }
    }
    assert_eq!(game.public().turn(), 1);
    assert!(game.public().ended_on_limit());
    assert_eq!(game.end_reason(), Some(EndReason::TurnLimit));
    assert!(game.standings().is_some());
    assert!(
        events.contains(&tigris_euphrates_cards::Event::TurnLimitReached { turns: 2 }),
        "{events:?}"
    );
    assert_eq!(
        Cards::new(Config::new(2).with_turn_limit(0)),
        Err(tigris_euphrates_cards::CardsError::TurnLimit(0))
    );
}

/// Saved states whose numbers were changed are refused, or play on without a panic.
#[test]
fn tampered_saved_states_are_refused_or_play_on() {
    use mesopotamia_testkit::check_tampered_states;
    let mut rng = ChaCha8Rng::seed_from_u64(53);
    for players in 2..=4 {
        let config = Config::new(players).with_open_piles(players == 3);
        let report = check_tampered_states::<Cards, _>(&config, 3, 12, 60, &mut rng);
        assert!(report.tried > 200, "{report:?}");
        assert!(report.accepted > 0, "{report:?}");
        assert!(report.accepted < report.tried, "{report:?}");
    }
}

/// States, public parts and views go through JSON and back unchanged, at every step of
/// random games.
#[test]
fn states_and_views_round_trip_through_json() {
    use mesopotamia_core::Seat;
    for (players, seed) in [(2u8, 61u64), (3, 62), (4, 63)] {
        let config = Config::new(players).with_open_piles(players == 4);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Cards::new(config).unwrap();
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        let mut step = 0;
        loop {
            let json = serde_json::to_string(&game).unwrap();
            let back: Cards =
                serde_json::from_str(&json).unwrap_or_else(|e| panic!("step {step}: {e}\n{game}"));
            assert_eq!(back, game, "step {step}");
            let public = serde_json::to_string(game.public()).unwrap();
            let back: tigris_euphrates_cards::Public = serde_json::from_str(&public)
                .unwrap_or_else(|e| panic!("step {step}, public: {e}\n{game}"));
            assert_eq!(&back, game.public());
            for seat in Seat::all(players as usize) {
                let view = game.view(seat);
                let json = serde_json::to_string(&view).unwrap();
                let back: tigris_euphrates_cards::CardsView = serde_json::from_str(&json)
                    .unwrap_or_else(|e| panic!("step {step}, view of {seat}: {e}\n{game}"));
                assert_eq!(back, view);
            }
            match game.to_move() {
                ToMove::Terminal => break,
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
            }
            step += 1;
        }
    }
}

#[test]
fn the_random_play_fast_paths_keep_their_contract() {
    use mesopotamia_testkit::{FastPathOptions, check_fast_paths};
    for (players, seed) in [(2u8, 141u64), (3, 142), (4, 143)] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let report = check_fast_paths::<Cards, _>(
            &Config::new(players),
            &FastPathOptions::default(),
            &mut rng,
        );
        assert_eq!(report.sampling.games, 10);
        let tested = report.uniformity.decisions + report.uniformity.chance_events;
        assert_eq!(tested, 24, "{:?}", report.uniformity);
    }
}

/// The search bot decides the same in two states its seat cannot tell apart (the hidden
/// part redrawn), with the same seed; a bot that looks at the hidden part is caught.
#[cfg(feature = "bots")]
#[test]
fn the_search_bot_never_peeks() {
    use mesopotamia_core::{Game, Seat};
    use mesopotamia_search::Bot;
    use mesopotamia_testkit::check_no_peeking;
    let mut rng = ChaCha8Rng::seed_from_u64(71);
    let search = |g: &Cards, seat: Seat, legal: &[<Cards as Game>::Action], seed: u64| {
        let mut bot = tigris_euphrates_cards::bots::mcts_bot(200);
        bot.choose(g, seat, legal, &mut ChaCha8Rng::seed_from_u64(seed))
    };
    let report = check_no_peeking::<Cards, _>(&Config::new(2), 1, 20, search, &mut rng);
    assert!(report.decisions >= 3, "{report:?}");
    assert!(report.hidden_differs > 0, "{report:?}");
    // A bot that lets the whole state (hidden part included) pick its action.
    let peeking = |g: &Cards, _: Seat, legal: &[<Cards as Game>::Action], _: u64| {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        format!("{g:?}").hash(&mut h);
        legal[(h.finish() % legal.len() as u64) as usize]
    };
    let caught = std::panic::catch_unwind(|| {
        let mut rng = ChaCha8Rng::seed_from_u64(72);
        check_no_peeking::<Cards, _>(&Config::new(2), 1, 20, peeking, &mut rng)
    });
    assert!(caught.is_err(), "the peeking bot was not caught");
}
