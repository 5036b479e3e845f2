//! The facade's session: the same seed and seats give the same game as the match driver
//! (what the command line played before the session existed), a session rebuilt from its
//! record at any step goes on exactly as the original, undo and rewind put the generator
//! back, and every refusal leaves the session as it was.

#![cfg(all(feature = "tigris", feature = "cards", feature = "sumeria"))]

use mesopotamia::cards::Cards;
use mesopotamia::core::{Described, Game, GameOptions, Step, ToMove};
use mesopotamia::search::{Bot, play_match};
use mesopotamia::session::{Session, SessionError};
use mesopotamia::sumeria::Sumeria;
use mesopotamia::table::{BotSpec, NamedGame};
use mesopotamia::tigris::Tigris;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// One spec per seat, or one for every seat of `players`.
fn seat_specs(list: &str, players: u8) -> Vec<BotSpec> {
    let specs: Vec<BotSpec> = list.split(',').map(|s| s.parse().unwrap()).collect();
    match specs.as_slice() {
        [one] => vec![*one; usize::from(players)],
        _ => specs,
    }
}

fn specs(list: &str) -> Vec<BotSpec> {
    seat_specs(list, 1)
}

fn config<G: NamedGame + Described>(players: u8) -> G::Config {
    <G as Described>::configure(&GameOptions::new().with_players(players)).unwrap()
}

/// A bot-only game through the session, from `seed`.
fn session_game<G: NamedGame + Described>(players: u8, seats: &str, seed: u64) -> Session<G> {
    let mut session = Session::<G>::new(config::<G>(players), seed)
        .unwrap()
        .with_seats(seat_specs(seats, players))
        .unwrap();
    session.play_bots().unwrap();
    session
}

/// The same game as the match driver plays it with the same seed: the driver resolves
/// chance with the fast path and the bots draw from the same generator.
fn same_as_the_driver<G: NamedGame + Described>(players: u8, seats: &str, seed: u64) {
    let session = session_game::<G>(players, seats, seed);
    let mut bots: Vec<Box<dyn Bot<G> + Send>> = seat_specs(seats, players)
        .into_iter()
        .map(|s| s.bot::<G>().unwrap())
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let outcome = play_match(&config::<G>(players), &mut bots, &mut rng).unwrap();
    assert_eq!(
        session.steps(),
        outcome.record.steps.as_slice(),
        "{} {seats} seed {seed}",
        G::NAME
    );
    assert_eq!(session.game(), &outcome.state);
    assert_eq!(
        session.record().rng_position,
        Some(rng.get_word_pos() as u64),
        "the generator stands where the driver's does"
    );
}

#[test]
fn bot_games_are_the_match_drivers_games() {
    same_as_the_driver::<Tigris>(2, "greedy,random", 3);
    same_as_the_driver::<Tigris>(3, "random", 4);
    same_as_the_driver::<Cards>(2, "greedy,random", 5);
    same_as_the_driver::<Cards>(4, "random", 6);
    same_as_the_driver::<Sumeria>(3, "greedy,random,mcts:30", 7);
    same_as_the_driver::<Sumeria>(4, "random", 8);
}

/// Rebuilt from its record after `at` steps, a session plays on to the very same end.
fn rebuilt_goes_on_the_same<G: NamedGame + Described>(players: u8, seats: &str, seed: u64) {
    let whole = session_game::<G>(players, seats, seed);
    let steps = whole.steps().len();
    assert!(whole.game().is_terminal());
    for at in [0, 1, steps / 3, steps / 2, steps - 1] {
        let partial = whole.at_step(at).unwrap();
        let mut rebuilt = Session::<G>::from_record(&partial.record()).unwrap();
        assert_eq!(rebuilt.steps().len(), at);
        rebuilt.play_bots().unwrap();
        assert_eq!(
            rebuilt.steps(),
            whole.steps(),
            "{} rebuilt at step {at}",
            G::NAME
        );
        assert_eq!(rebuilt.record(), whole.record());
    }
}

#[test]
fn a_session_rebuilt_from_its_record_goes_on_exactly_the_same() {
    rebuilt_goes_on_the_same::<Tigris>(2, "greedy,random", 11);
    rebuilt_goes_on_the_same::<Cards>(3, "greedy,mcts:20,random", 12);
    rebuilt_goes_on_the_same::<Sumeria>(3, "mcts:20,greedy,random", 13);
}

#[test]
fn bot_games_end_by_the_rules() {
    use mesopotamia::core::EndReason;
    for seed in 0..3 {
        let g = session_game::<Tigris>(2, "greedy", seed);
        assert_eq!(
            g.game().end_reason(),
            Some(EndReason::Rules),
            "tigris seed {seed}"
        );
        let g = session_game::<Cards>(2, "greedy", seed);
        assert_eq!(
            g.game().end_reason(),
            Some(EndReason::Rules),
            "cards seed {seed}"
        );
        let g = session_game::<Sumeria>(3, "greedy", seed);
        assert_eq!(
            g.game().end_reason(),
            Some(EndReason::Rules),
            "sumeria seed {seed}"
        );
    }
}

#[test]
fn undo_takes_back_a_persons_decision_and_the_draws_come_again() {
    let mut session = Session::<Tigris>::new(config::<Tigris>(2), 21)
        .unwrap()
        .with_seats(specs("person,greedy"))
        .unwrap();
    session.play_bots().unwrap();
    let person = session.seat(0).unwrap();
    assert_eq!(session.to_move(), ToMove::Seat(person));
    assert!(matches!(
        session.undo(person),
        Err(SessionError::NothingToUndo(_))
    ));
    // Two decisions of the person, the bot answering each.
    let first = session.legal()[0];
    session.play(first).unwrap();
    session.play_bots().unwrap();
    let at_second = session.clone();
    let second = session.legal()[1];
    session.play(second).unwrap();
    session.play_bots().unwrap();
    let after_second = session.steps().to_vec();

    let taken = session.undo(person).unwrap();
    assert_eq!(taken, after_second.len() - at_second.steps().len());
    assert_eq!(session.game(), at_second.game());
    assert_eq!(
        session.record(),
        at_second.record(),
        "the generator is back too"
    );
    // The same decision again brings the same draws and the same answers.
    session.play(second).unwrap();
    session.play_bots().unwrap();
    assert_eq!(session.steps(), after_second.as_slice());
}

#[test]
fn refusals_change_nothing() {
    let mut session = Session::<Sumeria>::new(config::<Sumeria>(3), 1).unwrap();
    let before = session.clone().record();
    assert!(matches!(
        session.play_notation("pass"),
        Err(SessionError::Notation(_) | SessionError::NotToMove { .. })
    ));
    assert!(matches!(
        session.bot_turn(),
        Err(SessionError::NotToMove { .. })
    ));
    assert!(matches!(
        session.hint(),
        Err(SessionError::NotToMove { .. })
    ));
    assert!(matches!(
        session.set_seats(specs("random,random")),
        Err(SessionError::SeatCount { given: 2, seats: 3 })
    ));
    assert!(matches!(session.rewind(1), Err(SessionError::Notation(_))));
    assert!(matches!(
        session.undo_step(),
        Err(SessionError::NothingToUndo(_))
    ));
    assert_eq!(session.record(), before);

    // At a seat's decision: another seat's action, an illegal one, a person's bot turn.
    session.set_seats(specs("person,random,random")).unwrap();
    session.play_bots().unwrap();
    let ToMove::Seat(seat) = session.to_move() else {
        panic!("a seat is to move after the first draws")
    };
    assert_eq!(
        seat.index(),
        session.people().iter().next().unwrap().index()
    );
    let before = session.record();
    assert!(matches!(session.bot_turn(), Err(SessionError::NotABot(_))));
    let illegal = (0..session.game().action_space_size())
        .map(|i| session.action_at(i).unwrap())
        .find(|a| !session.legal().contains(a))
        .unwrap();
    assert!(matches!(
        session.play(illegal),
        Err(SessionError::Refused { .. })
    ));
    assert!(session.action_at(usize::MAX).is_err());
    assert_eq!(session.record(), before);
}

#[test]
fn a_suggestion_is_what_the_bot_plays_on_its_turn() {
    let mut session = Session::<Sumeria>::new(config::<Sumeria>(3), 3)
        .unwrap()
        .with_seats(seat_specs("mcts:40", 3))
        .unwrap();
    while session.to_move() == ToMove::Chance {
        session.sample_chance().unwrap();
    }
    let before = session.record();
    let suggested = session
        .suggest(BotSpec::Mcts(mesopotamia::table::Budget::Iterations(40)))
        .unwrap();
    let analysis = session
        .analyse(BotSpec::Mcts(mesopotamia::table::Budget::Iterations(40)))
        .unwrap()
        .unwrap();
    assert_eq!(
        session.record(),
        before,
        "nothing played, the generator where it was"
    );
    assert_eq!(analysis.choice, suggested);
    let (played, _) = session.bot_turn().unwrap();
    assert_eq!(played, suggested);
    assert_eq!(session.analyse(BotSpec::Random).ok(), Some(None));
}

#[test]
fn a_hint_changes_nothing_and_is_the_same_for_the_same_session() {
    let mut session = Session::<Sumeria>::new(config::<Sumeria>(3), 2)
        .unwrap()
        .with_seats(specs("person,random,random"))
        .unwrap();
    session.play_bots().unwrap();
    let before = session.record();
    let mut other = session.clone();
    let hint = session.hint().unwrap();
    assert_eq!(session.record(), before);
    assert!(session.legal().contains(&hint.action));
    assert_eq!(other.hint().unwrap(), hint);
}

#[test]
fn what_each_seat_saw_of_each_step() {
    // Tigris & Euphrates: the opening draws are each seat's secret; a swap shows only its
    // count to the others.
    let session = session_game::<Tigris>(2, "random", 5);
    let (zero, one) = (session.seat(0).unwrap(), session.seat(1).unwrap());
    let mut secret = 0;
    for (i, step) in session.steps().iter().enumerate() {
        let seen_by = session.seen_by(i).unwrap();
        match step {
            Step::Chance(outcome) if seen_by.len() == 1 => {
                secret += 1;
                let (drawer, other) = if seen_by.contains(zero) {
                    (zero, one)
                } else {
                    (one, zero)
                };
                assert_eq!(session.seen(drawer, i), Some(outcome.to_string()));
                assert_eq!(session.seen(other, i), None);
            }
            Step::Action(seat, action)
                if session.seen(*seat, i) != session.seen(seat.next(2), i) =>
            {
                assert_eq!(session.seen(*seat, i), Some(action.to_string()));
                assert!(session.seen(seat.next(2), i).unwrap().starts_with("swap"));
            }
            _ => {}
        }
    }
    assert!(secret > 0, "secret draws were seen by their drawer only");
    assert_eq!(session.seen(zero, session.steps().len()), None);
}

#[test]
fn any_game_by_name_through_one_object() {
    use mesopotamia::session::{new_session, session_from_position, session_from_record};
    for game in mesopotamia::games::all() {
        let options = GameOptions::new().with_players(game.min_players.max(3));
        let mut session = new_session(game.name, &options, 9).unwrap();
        assert_eq!(session.description().name, game.name);
        let players = session.players();
        session
            .set_seats(&vec!["greedy".to_owned(); players])
            .unwrap();
        session.play_bots().unwrap();
        assert_eq!(session.end_reason(), Some("rules"), "{}", game.name);
        assert!(session.ranks().is_some());
        let json = session.record_json().unwrap();
        let again = session_from_record(Some(game.name), &json).unwrap();
        assert_eq!(again.steps(), session.steps());
        assert_eq!(again.position(), session.position());
        let text = session.record_text().unwrap();
        let from_text = session_from_record(None, &text).unwrap();
        assert_eq!(from_text.steps(), session.steps());
        assert!(session_from_record(Some("chess"), &json).is_err());
        let start = session.at_step(0).unwrap();
        assert!(start.steps().is_empty());
        let mut from_position = session_from_position(game.name, &start.position(), 9).unwrap();
        assert_eq!(from_position.position(), start.position());
        assert!(from_position.advance().is_ok());
    }
    assert!(new_session("chess", &GameOptions::new(), 0).is_err());
}

/// A game written step by step as the record writes each step, and played step by step
/// into another session from those words (what a server stores and another instance catches
/// up with), is the same game: the same record, the generator where it stood. A step that
/// does not read, is another seat's or is not legal is refused and changes nothing.
#[cfg(feature = "serde")]
#[test]
fn a_game_copied_step_by_step_from_its_stored_steps_is_the_same_game() {
    use mesopotamia::session::new_session;
    for game in mesopotamia::games::all() {
        let options = GameOptions::new().with_players(game.min_players.max(3));
        let mut played = new_session(game.name, &options, 5).unwrap();
        let players = played.players();
        played
            .set_seats(&vec!["random".to_owned(); players])
            .unwrap();
        let mut copy = new_session(game.name, &options, 5).unwrap();
        copy.set_seats(&vec!["random".to_owned(); players]).unwrap();
        assert_eq!(played.last_step_json().unwrap(), None);
        for _ in 0..60 {
            match played.to_move() {
                ToMove::Chance => {
                    played.sample_chance().unwrap();
                }
                ToMove::Seat(_) => {
                    played.bot_turn().unwrap();
                }
                _ => break,
            }
            let (step, rng) = played.last_step_json().unwrap().unwrap();
            copy.play_step_json(&step, rng).unwrap();
        }
        assert_eq!(copy.record_json().unwrap(), played.record_json().unwrap());
        // Refusals: the copy is unchanged.
        let before = copy.record_json().unwrap();
        let ToMove::Seat(mover) = copy.to_move() else {
            panic!("{}: a seat is to move after 60 steps here", game.name)
        };
        let other = (mover.index() + 1) % players;
        let legal = copy.legal()[0].clone();
        for bad in [
            "not json".to_owned(),
            "[]".to_owned(),
            r#"{"action": [0]}"#.to_owned(),
            r#"{"action": [0, "pass"], "chance": "x"}"#.to_owned(),
            format!(r#"{{"action": [{other}, {legal:?}]}}"#),
            format!(r#"{{"action": [{}, "fly to the moon"]}}"#, mover.index()),
            r#"{"chance": "draw"}"#.to_owned(),
            r#"{"action": [99, "pass"]}"#.to_owned(),
        ] {
            assert!(
                copy.play_step_json(&bad, 0).is_err(),
                "{}: {bad}",
                game.name
            );
            assert_eq!(copy.record_json().unwrap(), before, "{}: {bad}", game.name);
        }
    }
}

/// Every legal action can be made at the table: its piece is one the seat can take, its
/// place is drawn in the picture (a `data-at` word), and its gesture is the same asked alone.
#[cfg(feature = "svg")]
#[test]
fn every_legal_action_is_a_gesture_the_picture_can_show() {
    use mesopotamia::session::new_session;
    for game in mesopotamia::games::all() {
        let options = GameOptions::new().with_players(game.min_players.max(3));
        let mut session = new_session(game.name, &options, 4).unwrap();
        let players = session.players();
        session
            .set_seats(&vec!["random".to_owned(); players])
            .unwrap();
        let (mut places_seen, mut pieces_seen) = (0, 0);
        while session.end_reason().is_none() {
            session.advance().unwrap();
            let mesopotamia::core::ToMove::Seat(seat) = session.to_move() else {
                break;
            };
            let ids: Vec<String> = session.pieces(seat).into_iter().map(|p| p.piece).collect();
            let svg = session.view_svg(seat);
            let drawn: std::collections::HashSet<&str> = svg
                .split("data-at=\"")
                .skip(1)
                .filter_map(|rest| rest.split('"').next())
                .flat_map(str::split_whitespace)
                .collect();
            let gestures = session.gestures();
            assert_eq!(
                gestures.iter().map(|(a, _)| a.clone()).collect::<Vec<_>>(),
                session.legal()
            );
            for (action, gesture) in &gestures {
                assert_eq!(&session.gesture_of(action).unwrap(), gesture);
                if let Some(piece) = &gesture.piece {
                    assert!(
                        ids.contains(piece),
                        "{}: {action}: {piece} not in {ids:?}",
                        game.name
                    );
                    pieces_seen += 1;
                }
                if let Some(place) = &gesture.place {
                    assert!(
                        drawn.contains(place.as_str()),
                        "{}: {action}: {place} not drawn",
                        game.name
                    );
                    places_seen += 1;
                }
            }
            session.bot_turn().unwrap();
        }
        assert!(places_seen > 0 && pieces_seen > 0, "{}", game.name);
        assert!(session.gesture_of("not an action").is_err());
        let facts = session.seat_facts(session.seat(0).unwrap(), None);
        assert!(!facts.facts.is_empty(), "{}", game.name);
        assert!(!session.table_facts().is_empty(), "{}", game.name);
    }
}
