//! The conformance kit for 3 and 4 players: the contract, termination under
//! stalling policies, and tampered saved states.

use mesopotamia_core::Game;
use mesopotamia_testkit::{
    ConformanceOptions, Stalling, check_conformance, check_tampered_states, check_termination,
};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use sumeria::{Config, Sumeria};

fn run(players: u8, options: &ConformanceOptions, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let report = check_conformance::<Sumeria, _>(&Config::new(players), options, &mut rng);
    assert_eq!(report.games, options.games);
    assert!(report.illegal_refused > 0);
    assert!(report.chance_seen_checked > 0, "{report:?}");
}

#[test]
fn three_players() {
    run(
        3,
        &ConformanceOptions {
            games: 150,
            illegal_probes: 8,
            apply_every_legal: true,
            deep_check_every: 5,
        },
        3,
    );
}

#[test]
fn four_players() {
    run(
        4,
        &ConformanceOptions {
            games: 150,
            illegal_probes: 8,
            apply_every_legal: true,
            deep_check_every: 5,
        },
        4,
    );
}

#[test]
#[ignore = "long: 4,000 games with every check at every step"]
fn long_run() {
    for players in [3, 4] {
        run(
            players,
            &ConformanceOptions {
                games: 2000,
                illegal_probes: 32,
                apply_every_legal: true,
                deep_check_every: 1,
            },
            99,
        );
    }
}

/// Sumeria has no pass: every policy plays legal actions, and every game ends by the rules
/// after 6 rounds (rule G1: no turn limit).
#[test]
fn every_game_ends_by_the_rules_under_every_stalling_policy() {
    for players in [3, 4] {
        for policy in Stalling::ALL {
            let mut rng = ChaCha8Rng::seed_from_u64(players as u64 * 10 + policy as u64);
            let games = 5;
            let report = check_termination::<Sumeria, _>(
                &Config::new(players),
                policy,
                |_| false,
                games,
                &mut rng,
            );
            assert_eq!(report.games, games, "{players} players, {policy:?}");
            assert_eq!(report.on_limit, 0, "{players} players, {policy:?}");
            let bound = Sumeria::new(Config::new(players)).unwrap().max_steps();
            assert!(
                report.longest_game > 0 && report.longest_game <= bound,
                "{players} players, {policy:?}: {report:?}"
            );
        }
    }
}

fn tamper(players: u8, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let report = check_tampered_states::<Sumeria, _>(&Config::new(players), 6, 40, 100, &mut rng);
    assert!(report.tried >= 1000, "{players} players: {report:?}");
    assert!(report.accepted > 0, "{players} players: {report:?}");
    assert!(
        report.accepted < report.tried,
        "{players} players: nothing refused: {report:?}"
    );
}

/// Saved states and views with digits changed at random are refused or, when accepted
/// (the change is one the rules allow), play on without a panic.
#[test]
fn tampered_states_three_players() {
    tamper(3, 13);
}

/// The same for 4 players.
#[test]
fn tampered_states_four_players() {
    tamper(4, 14);
}

#[test]
fn the_random_play_fast_paths_keep_their_contract() {
    use mesopotamia_testkit::{FastPathOptions, check_fast_paths};
    for (players, seed) in [(3u8, 143u64), (4, 144)] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let report = check_fast_paths::<Sumeria, _>(
            &Config::new(players),
            &FastPathOptions::default(),
            &mut rng,
        );
        assert_eq!(report.sampling.games, 10);
        let tested = report.uniformity.decisions + report.uniformity.chance_events;
        assert_eq!(tested, 24, "{:?}", report.uniformity);
    }
}

/// Sumeria hides only the order of the bag, which the state keeps as counts: a seat's twin
/// (`resample_hidden`) is the state itself, so there is nothing to peek at, and the
/// no-peeking check reduces to this: the search decides the same from the same seed.
#[cfg(feature = "bots")]
#[test]
fn the_search_bot_is_reproducible_from_its_seed() {
    use mesopotamia_core::{Game, Seat};
    use mesopotamia_search::Bot;
    use mesopotamia_testkit::check_no_peeking;
    let mut rng = ChaCha8Rng::seed_from_u64(71);
    let search = |g: &Sumeria, seat: Seat, legal: &[<Sumeria as Game>::Action], seed: u64| {
        let mut bot = sumeria::bots::mcts_bot(200);
        bot.choose(g, seat, legal, &mut ChaCha8Rng::seed_from_u64(seed))
    };
    let report = check_no_peeking::<Sumeria, _>(&Config::new(3), 1, 20, search, &mut rng);
    assert!(report.decisions >= 3, "{report:?}");
    assert_eq!(
        report.hidden_differs, 0,
        "Sumeria has no hidden state to redraw"
    );
}
