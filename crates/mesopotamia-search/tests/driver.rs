//! The match driver, its records and the search, exercised on a toy game.

use mesopotamia_core::{Game, GameRecord, ReplayError, Seat, Step};
use mesopotamia_search::{Bot, MatchError, RandomBot, play_match};
use mesopotamia_toy::{Broken, TokenAction, TokenConfig, TokenGame};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

fn config(seats: usize, broken: Option<Broken>) -> TokenConfig {
    TokenConfig {
        seats,
        per_colour: 3,
        broken,
    }
}

#[test]
fn matches_are_repeatable_and_records_replay() {
    let play = |seed| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut a, mut b, mut c) = (RandomBot, RandomBot, RandomBot);
        let mut bots: [&mut dyn Bot<TokenGame>; 3] = [&mut a, &mut b, &mut c];
        play_match::<TokenGame, _, _>(&config(3, None), &mut bots, &mut rng).unwrap()
    };
    let first = play(9);
    let again = play(9);
    assert_eq!(first.record, again.record);
    assert!(first.state.is_terminal());
    assert_eq!(first.record.replay().unwrap(), first.state);
    let json = serde_json::to_string(&first.record).unwrap();
    assert!(json.contains("\"chance\":\"draw "), "{json}");
    let back: GameRecord<TokenGame> = serde_json::from_str(&json).unwrap();
    assert_eq!(back.replay().unwrap(), first.state);
}

#[test]
fn records_carry_a_version_and_refuse_what_they_cannot_read() {
    let read = |json: &str| serde_json::from_str::<GameRecord<TokenGame>>(json);
    let cfg = r#""config":{"seats":2,"per_colour":3,"broken":null}"#;
    // Written with the version and, for a finished game, how it ended.
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let (mut a, mut b) = (RandomBot, RandomBot);
    let mut bots: [&mut dyn Bot<TokenGame>; 2] = [&mut a, &mut b];
    let outcome = play_match::<TokenGame, _, _>(&config(2, None), &mut bots, &mut rng).unwrap();
    assert_eq!(outcome.record.end, Some(mesopotamia_core::EndReason::Rules));
    let json = serde_json::to_string(&outcome.record).unwrap();
    assert!(
        json.starts_with(r#"{"version":3,"game":"tokens","#),
        "{json}"
    );
    assert!(json.ends_with(r#","end":"rules"}"#), "{json}");
    assert_eq!(read(&json).unwrap(), outcome.record);
    // A record without a version is of version 1.
    let old = read(&format!(r#"{{"game":"tokens",{cfg},"steps":[]}}"#)).unwrap();
    assert_eq!(old.version, 1);
    // A newer version, an unknown field, another game: each says so.
    let err = read(&format!(
        r#"{{"version":7,"game":"tokens",{cfg},"steps":[]}}"#
    ))
    .unwrap_err();
    assert!(err.to_string().contains("record format version 7"), "{err}");
    let err = read(&format!(
        r#"{{"game":"tokens",{cfg},"steps":[],"comment":4}}"#
    ))
    .unwrap_err();
    assert!(err.to_string().contains("unknown field `comment`"), "{err}");
    // The seed and the bots, when the writer gives them, come back as they were.
    let mut with_meta = outcome.record.clone();
    with_meta.seed = Some(9);
    with_meta.rng_position = Some(1234);
    with_meta.bots = vec!["random".into(), "greedy".into()];
    let json = serde_json::to_string(&with_meta).unwrap();
    assert!(
        json.contains(r#""seed":9,"rng_position":1234,"bots":["random","greedy"],"steps""#),
        "{json}"
    );
    assert_eq!(read(&json).unwrap(), with_meta);
    let err = read(r#"{"game":"sumeria","config":{"board":"not tokens"},"steps":[]}"#).unwrap_err();
    assert!(
        err.to_string()
            .contains("the record is of game `sumeria`, not `tokens`"),
        "{err}"
    );
    // A record that claims an end its steps do not reach is refused on replay.
    let mut unfinished = GameRecord::<TokenGame>::new(config(2, None));
    unfinished.end = Some(mesopotamia_core::EndReason::Rules);
    assert!(matches!(unfinished.replay(), Err(ReplayError::End { .. })));
}

#[test]
fn a_bot_that_cheats_is_an_error_not_a_panic() {
    struct Cheater;
    impl Bot<TokenGame> for Cheater {
        fn choose(
            &mut self,
            _: &TokenGame,
            _: Seat,
            _: &[TokenAction],
            _: &mut dyn mesopotamia_core::rand_core::Rng,
        ) -> TokenAction {
            TokenAction::Pass
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let (mut a, mut b) = (Cheater, Cheater);
    let mut bots: [&mut dyn Bot<TokenGame>; 2] = [&mut a, &mut b];
    let err = play_match::<TokenGame, _, _>(&config(2, None), &mut bots, &mut rng).unwrap_err();
    assert!(err.to_string().contains("chose `pass`"), "{err}");
    // The failing step is not in the record; the ones before it are, and replay.
    assert!(err.record.replay().is_ok());
    let mut one: [&mut dyn Bot<TokenGame>; 1] = [&mut RandomBot];
    assert!(play_match::<TokenGame, _, _>(&config(2, None), &mut one, &mut rng).is_err());
}

#[test]
fn a_player_who_gives_up_stops_the_match() {
    /// Plays one legal action, then gives up at its next decision.
    struct Quitter(usize);
    impl Bot<TokenGame> for Quitter {
        fn choose(
            &mut self,
            _: &TokenGame,
            _: Seat,
            legal: &[TokenAction],
            _: &mut dyn mesopotamia_core::rand_core::Rng,
        ) -> TokenAction {
            self.0 += 1;
            legal[0]
        }
        fn gave_up(&self) -> Option<String> {
            (self.0 > 1).then(|| "input ended".to_owned())
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let (mut quitter, mut other) = (Quitter(0), RandomBot);
    let mut bots: [&mut dyn Bot<TokenGame>; 2] = [&mut quitter, &mut other];
    let err = play_match::<TokenGame, _, _>(&config(2, None), &mut bots, &mut rng).unwrap_err();
    assert!(
        matches!(&err.error, MatchError::Abandoned { seat, why } if seat.index() == 0 && why == "input ended"),
        "{err}"
    );
    // The steps up to the failure come back and replay: nothing is lost.
    assert!(!err.record.steps.is_empty());
    assert_eq!(err.record.end, None);
    let state = err.record.replay().unwrap();
    assert!(!state.is_terminal());
}

/// The search on the toy game: the first decision after the chance of the deal.
fn first_decision(seats: usize) -> (TokenGame, Seat, Vec<TokenAction>) {
    let mut game = TokenGame::new(&config(seats, None)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut outcomes = Vec::new();
    while game.to_move() == mesopotamia_core::ToMove::Chance {
        game.chance_outcomes(&mut outcomes);
        let draw = mesopotamia_core::chance::sample_weighted(&mut rng, &outcomes).unwrap();
        game.apply_chance(draw).unwrap();
    }
    let mesopotamia_core::ToMove::Seat(seat) = game.to_move() else {
        panic!("a seat decides after the deal");
    };
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    assert!(legal.len() > 1, "{legal:?}");
    (game, seat, legal)
}

/// A search is a function of its seed, its iterations and its thread count, never of timing:
/// the same seed gives the same analysis, one thread or two; the iterations are all done and
/// the visits account for them; nothing is chosen from an empty list.
#[test]
fn the_search_is_reproducible_and_accounts_for_its_iterations() {
    use mesopotamia_search::mcts::{MctsBot, MctsConfig};
    let (game, seat, legal) = first_decision(3);
    for threads in [1, 2] {
        let bot = MctsBot::<TokenGame>::new(MctsConfig::iterations(500).with_threads(threads));
        let run = |seed: u64| {
            bot.analyse(&game, seat, &legal, &mut ChaCha8Rng::seed_from_u64(seed))
                .unwrap()
        };
        let (a, b) = (run(9), run(9));
        assert_eq!(a.choice, b.choice);
        assert_eq!(a.iterations, 500);
        let visits = |x: &mesopotamia_search::mcts::Analysis<TokenAction>| {
            x.actions.iter().map(|a| (a.0, a.1)).collect::<Vec<_>>()
        };
        assert_eq!(visits(&a), visits(&b), "{threads} threads");
        // Every iteration passes through one root action; the most visited is chosen.
        assert_eq!(a.actions.iter().map(|x| x.1).sum::<u32>(), 500);
        assert_eq!(a.actions[0].0, a.choice);
        assert!(a.actions.windows(2).all(|w| w[0].1 >= w[1].1));
        assert!(legal.contains(&a.choice));
        assert!(
            bot.analyse(&game, seat, &[], &mut ChaCha8Rng::seed_from_u64(9))
                .is_none()
        );
    }
    // A time budget stops the search early, but it still chooses a legal action.
    let quick = MctsBot::<TokenGame>::new(
        MctsConfig::iterations(u32::MAX).with_time(std::time::Duration::from_millis(20)),
    );
    let a = quick
        .analyse(&game, seat, &legal, &mut ChaCha8Rng::seed_from_u64(1))
        .unwrap();
    assert!(a.iterations > 0 && a.iterations < u32::MAX);
    assert!(legal.contains(&a.choice));
}

/// An observed match is the match `play_match` plays, each decision reported once, in
/// order, before it is played; a search reports its visit shares, a random bot nothing.
#[test]
fn an_observed_match_reports_every_decision_with_the_search_policy() {
    use mesopotamia_core::ToMove;
    use mesopotamia_search::mcts::{MctsBot, MctsConfig};
    use mesopotamia_search::{Decision, play_match_observed};
    let table = || -> Vec<Box<dyn Bot<TokenGame>>> {
        vec![
            Box::new(MctsBot::<TokenGame>::new(MctsConfig::iterations(64))),
            Box::new(RandomBot),
        ]
    };
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let plain = play_match::<TokenGame, _, _>(&config(2, None), &mut table(), &mut rng).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut seen = Vec::new();
    let observed = play_match_observed::<TokenGame, _, _>(
        &config(2, None),
        &mut table(),
        &mut rng,
        |d: Decision<'_, TokenGame>| {
            assert_eq!(d.state.to_move(), ToMove::Seat(d.seat));
            assert_eq!(d.legal, d.state.legal_action_vec().as_slice());
            assert!(d.legal.contains(&d.action));
            match d.policy {
                Some(policy) => {
                    assert_eq!(d.seat.index(), 0, "only the search weighs its actions");
                    assert_eq!(policy.len(), d.legal.len());
                    assert!(
                        (policy.iter().sum::<f64>() - 1.0).abs() < 1e-9,
                        "{policy:?}"
                    );
                    // The search plays its most visited action.
                    let chosen = d.legal.iter().position(|&a| a == d.action).unwrap();
                    assert!(policy.iter().all(|&p| p <= policy[chosen]), "{policy:?}");
                }
                None => assert_eq!(d.seat.index(), 1),
            }
            seen.push((d.step, d.seat, d.action));
        },
    )
    .unwrap();
    assert_eq!(observed.record, plain.record);
    let decisions: Vec<_> = plain
        .record
        .steps
        .iter()
        .enumerate()
        .filter_map(|(i, step)| match step {
            Step::Action(seat, action) => Some((i, *seat, *action)),
            Step::Chance(_) => None,
        })
        .collect();
    assert!(decisions.len() > 4);
    assert_eq!(seen, decisions);
}
