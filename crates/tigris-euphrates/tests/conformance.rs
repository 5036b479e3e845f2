//! The conformance kit: 1,000 seeded games in all for 2, 3 and 4 players, with and
//! without the English variant, 480 more over every combination of the options, and a
//! longer run behind `#[ignore]`.

mod common;

use mesopotamia_testkit::{ConformanceOptions, ConformanceReport, check_conformance};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use tigris_euphrates::{Config, Tigris};

fn run(config: Config, options: &ConformanceOptions, seed: u64) -> ConformanceReport {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let report = check_conformance::<Tigris, _>(&config, options, &mut rng);
    assert_eq!(report.games, options.games);
    assert!(report.illegal_refused > 0);
    assert!(report.chance_seen_checked > 0, "{report:?}");
    report
}

/// Light checks at every step, the expensive ones (serde, views, every legal action
/// applied) every few steps.
fn quick(games: usize) -> ConformanceOptions {
    ConformanceOptions {
        games,
        illegal_probes: 4,
        apply_every_legal: false,
        deep_check_every: 29,
    }
}

#[test]
fn two_players() {
    run(Config::new(2), &quick(300), 2);
    run(Config::new(2).with_english_variant(true), &quick(100), 20);
}

#[test]
fn three_players() {
    run(Config::new(3), &quick(200), 3);
    run(Config::new(3).with_english_variant(true), &quick(100), 30);
}

#[test]
fn four_players() {
    run(Config::new(4), &quick(200), 4);
    run(Config::new(4).with_english_variant(true), &quick(100), 40);
}

/// Alternative board x buildings x ziggurat x English variant, 2 to 4 players.
#[test]
fn every_combination_of_options() {
    for players in 2..=4 {
        for (bits, config) in common::every_config(players).enumerate() {
            run(config, &quick(10), 500 + 16 * players as u64 + bits as u64);
        }
    }
}

#[test]
fn every_check_at_every_step() {
    let full = ConformanceOptions {
        games: 6,
        illegal_probes: 16,
        apply_every_legal: true,
        deep_check_every: 1,
    };
    for players in 2..=4 {
        run(Config::new(players), &full, 100 + players as u64);
        // Every option at once.
        run(common::config(players, 15), &full, 200 + players as u64);
    }
}

/// `cargo test -p tigris-euphrates --release -- --ignored`
#[test]
#[ignore = "long: 48,000 more games with every check at every step"]
fn long_run() {
    let full = ConformanceOptions {
        games: 1000,
        illegal_probes: 32,
        apply_every_legal: true,
        deep_check_every: 1,
    };
    for players in 2..=4 {
        for (bits, config) in common::every_config(players).enumerate() {
            run(config, &full, 1000 + 16 * players as u64 + bits as u64);
        }
    }
}

/// Rule G1: under policies that try not to end it (always pass, always the first or the
/// last legal action, random), every game ends within its bound; passing for ever ends on
/// the turn limit, scored.
#[test]
fn every_game_ends_even_when_the_players_stall() {
    use mesopotamia_testkit::{Stalling, check_termination};
    use tigris_euphrates::ActionKind;
    let is_pass = |a: &tigris_euphrates::Action| a.kind() == ActionKind::Pass;
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    for players in 2..=4 {
        for policy in Stalling::ALL {
            let config = Config::new(players).with_turn_limit(40);
            let report = check_termination::<Tigris, _>(&config, policy, is_pass, 2, &mut rng);
            assert_eq!(report.games, 2, "{players} players, {policy:?}");
            if policy == Stalling::Pass {
                assert_eq!(report.on_limit, 2, "passing ends on the limit");
            }
        }
    }
    // At the default limit too.
    let report =
        check_termination::<Tigris, _>(&Config::new(2), Stalling::Pass, is_pass, 1, &mut rng);
    assert_eq!((report.games, report.on_limit), (1, 1));
    assert!(report.longest_game > 1_000, "{report:?}");
}

/// Saved states whose numbers were changed are refused, or play on without a panic.
#[test]
fn tampered_saved_states_are_refused_or_play_on() {
    use mesopotamia_testkit::check_tampered_states;
    let mut rng = ChaCha8Rng::seed_from_u64(43);
    for players in 2..=4 {
        let config = Config::new(players)
            .with_buildings(players != 3)
            .with_ziggurat(players == 4);
        let report = check_tampered_states::<Tigris, _>(&config, 3, 12, 60, &mut rng);
        assert!(report.tried > 200, "{report:?}");
        assert!(report.accepted > 0, "{report:?}");
        assert!(report.accepted < report.tried, "{report:?}");
    }
}

#[test]
fn the_random_play_fast_paths_keep_their_contract() {
    use mesopotamia_testkit::{FastPathOptions, check_fast_paths};
    for (players, seed) in [(2u8, 141u64), (3, 142), (4, 143)] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let report = check_fast_paths::<Tigris, _>(
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
    let search = |g: &Tigris, seat: Seat, legal: &[<Tigris as Game>::Action], seed: u64| {
        let mut bot = tigris_euphrates::bots::mcts_bot(200);
        bot.choose(g, seat, legal, &mut ChaCha8Rng::seed_from_u64(seed))
    };
    let report = check_no_peeking::<Tigris, _>(&Config::new(3), 1, 20, search, &mut rng);
    assert!(report.decisions >= 3, "{report:?}");
    assert!(report.hidden_differs > 0, "{report:?}");
    // A bot that lets the whole state (hidden part included) pick its action.
    let peeking = |g: &Tigris, _: Seat, legal: &[<Tigris as Game>::Action], _: u64| {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        format!("{g:?}").hash(&mut h);
        legal[(h.finish() % legal.len() as u64) as usize]
    };
    let caught = std::panic::catch_unwind(|| {
        let mut rng = ChaCha8Rng::seed_from_u64(72);
        check_no_peeking::<Tigris, _>(&Config::new(3), 1, 20, peeking, &mut rng)
    });
    assert!(caught.is_err(), "the peeking bot was not caught");
}

/// The seats at the table are the configuration's players, at every player count (the
/// match driver, the search and the views size their tables by it).
#[test]
fn the_seat_count_is_the_players() {
    use mesopotamia_core::Game;
    for players in 2..=4 {
        let game = Tigris::new(Config::new(players)).unwrap();
        assert_eq!(game.seat_count(), usize::from(players));
    }
}
