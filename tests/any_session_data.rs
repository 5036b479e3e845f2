//! What learning front ends ask of any session ([`AnySession`]): chance by dense index
//! (below the game's space, distinct within an event, the same index for the same outcome
//! in every state), every step's index, payoffs, hidden information redrawn without the
//! seat seeing a difference, and the state and configuration as data that read back. Every
//! game of the build, by its description.

#![cfg(feature = "serde")]

use std::collections::HashMap;

use mesopotamia::core::{GameOptions, ToMove};
use mesopotamia::session::{
    AnySession, new_session, session_from_config_json, session_from_state_json,
};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Every game of the build at each of its player counts.
fn tables() -> Vec<(&'static str, u8)> {
    mesopotamia::games::all()
        .iter()
        .flat_map(|g| (g.min_players..=g.max_players).map(move |p| (g.name, p)))
        .collect()
}

fn new_game(name: &str, players: u8) -> Box<dyn AnySession> {
    new_session(name, &GameOptions::new().with_players(players), 0).unwrap()
}

/// Plays one uniform random step by index: a chance outcome by its weight, or an action.
fn random_step(session: &mut dyn AnySession, rng: &mut ChaCha8Rng) {
    match session.to_move() {
        ToMove::Terminal => {}
        ToMove::Chance => {
            let outcomes = session.chance_indices();
            let total: u32 = outcomes.iter().map(|&(_, w)| w).sum();
            let mut pick = rng.next_u32() % total;
            let index = outcomes
                .iter()
                .find(|&&(_, w)| {
                    let here = pick < w;
                    pick = pick.saturating_sub(w);
                    here
                })
                .unwrap()
                .0;
            session.play_chance_index(index).unwrap();
        }
        ToMove::Seat(_) => {
            let legal = session.legal_indices();
            let index = legal[rng.next_u32() as usize % legal.len()];
            session.play_index(index).unwrap();
        }
    }
}

#[test]
fn chance_indices_are_dense_distinct_and_stable() {
    for (name, players) in tables() {
        let mut rng = ChaCha8Rng::seed_from_u64(u64::from(players));
        // Each outcome's notation and the index it had, across every state of the games.
        let mut seen: HashMap<String, usize> = HashMap::new();
        for _ in 0..3 {
            let mut session = new_game(name, players);
            while session.to_move() != ToMove::Terminal {
                if session.to_move() == ToMove::Chance {
                    let outcomes = session.chance_indices();
                    assert!(!outcomes.is_empty());
                    let indices: Vec<usize> = outcomes.iter().map(|&(i, _)| i).collect();
                    let mut distinct = indices.clone();
                    distinct.dedup();
                    assert_eq!(indices, distinct, "{name}: indices sorted and distinct");
                    for &(index, _) in &outcomes {
                        assert!(index < session.chance_space(), "{name}: {index}");
                        let text = session.chance_text(index).unwrap();
                        assert_eq!(
                            *seen.entry(text.clone()).or_insert(index),
                            index,
                            "{name} `{text}`"
                        );
                    }
                    // The weights are those of the outcomes in notation.
                    let mut by_text: Vec<(String, u32)> = outcomes
                        .iter()
                        .map(|&(i, w)| (session.chance_text(i).unwrap(), w))
                        .collect();
                    let mut plain = session.chance_outcomes();
                    by_text.sort();
                    plain.sort();
                    assert_eq!(by_text, plain, "{name}");
                }
                random_step(&mut *session, &mut rng);
            }
        }
        assert!(!seen.is_empty());
    }
}

#[test]
fn a_chance_index_not_pending_is_refused_and_changes_nothing() {
    for (name, players) in tables() {
        let mut session = new_game(name, players);
        assert_eq!(
            session.to_move(),
            ToMove::Chance,
            "{name} starts with chance"
        );
        let before = session.position();
        assert!(session.play_chance_index(session.chance_space()).is_err());
        assert!(session.chance_text(usize::MAX).is_err());
        assert_eq!(session.position(), before);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        while session.to_move() == ToMove::Chance {
            random_step(&mut *session, &mut rng);
        }
        assert!(
            session.play_chance_index(0).is_err(),
            "{name}: a seat is to move"
        );
        assert!(session.chance_indices().is_empty());
    }
}

#[test]
fn step_indices_replay_the_game() {
    for (name, players) in tables() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut session = new_game(name, players);
        for _ in 0..200 {
            random_step(&mut *session, &mut rng);
        }
        let mut again = new_game(name, players);
        for index in session.step_indices() {
            match again.to_move() {
                ToMove::Chance => again.play_chance_index(index).map(|_| ()),
                _ => again.play_index(index).map(|_| ()),
            }
            .unwrap();
        }
        assert!(again.same_state(&*session), "{name}");
        assert_eq!(again.steps(), session.steps());
        // The same by codes alone, told nothing.
        let mut quiet = new_game(name, players);
        for index in session.step_indices() {
            quiet.play_code(index).unwrap();
        }
        assert_eq!(quiet.steps(), session.steps(), "{name}");
        let before = quiet.position();
        assert!(quiet.play_code(usize::MAX).is_err());
        assert_eq!(quiet.position(), before);
    }
}

#[test]
fn payoffs_come_at_the_end_and_share_the_places() {
    for (name, players) in tables() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut session = new_game(name, players);
        assert_eq!(session.payoffs(), None);
        let rollout = session.random_payoffs(5).unwrap();
        assert_eq!(
            session.random_payoffs(5).unwrap(),
            rollout,
            "{name}: seeded"
        );
        assert_eq!(session.steps().len(), 0, "{name}: a rollout plays nothing");
        while session.to_move() != ToMove::Terminal {
            random_step(&mut *session, &mut rng);
        }
        let payoffs = session.payoffs().unwrap();
        assert_eq!(payoffs.len(), usize::from(players));
        let total: f64 = payoffs.iter().sum();
        assert!(
            (total - f64::from(players) / 2.0).abs() < 1e-9,
            "{name}: {payoffs:?}"
        );
        assert!(session.max_steps() >= session.steps().len());
        assert_eq!(session.random_payoffs(1).unwrap(), payoffs);
    }
}

#[test]
fn a_redrawn_state_looks_the_same_to_the_seat() {
    for (name, players) in tables() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut session = new_game(name, players);
        for _ in 0..40 {
            random_step(&mut *session, &mut rng);
        }
        for index in 0..usize::from(players) {
            let seat = session.seat(index).unwrap();
            let world = session.resample_hidden(seat, 3);
            assert_eq!(
                world.view_json(seat).unwrap(),
                session.view_json(seat).unwrap()
            );
            assert_eq!(world.observation(seat), session.observation(seat));
            if session.to_move() == ToMove::Seat(seat) {
                assert_eq!(world.legal_indices(), session.legal_indices(), "{name}");
            }
            assert!(
                world.steps().is_empty(),
                "{name}: the redrawn world starts there"
            );
            assert_eq!(
                session.resample_hidden(seat, 3).position(),
                world.position(),
                "{name}: seeded"
            );
        }
    }
}

#[test]
fn the_state_and_configuration_read_back_as_data() {
    for (name, players) in tables() {
        let mut rng = ChaCha8Rng::seed_from_u64(13);
        let mut session = new_game(name, players);
        for _ in 0..60 {
            random_step(&mut *session, &mut rng);
        }
        let state = session.state_json().unwrap();
        let back = session_from_state_json(name, &state, 0).unwrap();
        assert!(back.same_state(&*session), "{name}");
        assert_eq!(back.state_json().unwrap(), state);
        let fresh = session_from_config_json(name, &session.config_json().unwrap(), 0).unwrap();
        assert!(fresh.same_state(&*new_game(name, players)), "{name}");
        assert_eq!(fresh.observation_layout(), session.observation_layout());
        assert!(session_from_state_json(name, "{", 0).is_err());
        assert!(session_from_config_json(name, "[]", 0).is_err());
        assert!(session_from_state_json("chess", &state, 0).is_err());
        // Another game's session is never the same state.
        for other in mesopotamia::games::all() {
            if other.name != name {
                let other = new_session(other.name, &GameOptions::new(), 0).unwrap();
                assert!(!other.same_state(&*session));
            }
        }
    }
}
