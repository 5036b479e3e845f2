//! A session that takes back what a copy rebuilt from its record played (a web page and its
//! worker) is the session that played it: the same record, and undo puts the generator back
//! as it does for the session's own steps.

#![cfg(all(feature = "tigris", feature = "cards", feature = "sumeria"))]

use mesopotamia::core::{GameOptions, ToMove};
use mesopotamia::session::{Session, SessionError};
use mesopotamia::table::{BotSpec, NamedGame};

fn new<G: NamedGame>(seed: u64) -> Session<G> {
    let config = G::configure(&GameOptions::new().with_players(3)).unwrap();
    Session::<G>::new(config, seed)
        .unwrap()
        .with_seats(vec![BotSpec::Person, BotSpec::Greedy, BotSpec::Random])
        .unwrap()
}

/// Chance and bots until the person (seat 0) is to move, or the end: by the session itself,
/// or the page's way (chance here, each bot's turn on a copy rebuilt from the record, taken
/// back with `follow`).
fn bots<G: NamedGame>(session: &mut Session<G>, pages_way: bool) {
    loop {
        match session.to_move() {
            ToMove::Chance => {
                session.sample_chance().unwrap();
            }
            ToMove::Seat(seat) if !session.is_person(seat) => {
                if pages_way {
                    let mut worker = Session::<G>::from_record(&session.record()).unwrap();
                    worker.bot_turn().unwrap();
                    assert_eq!(session.follow(&worker.record()), Ok(1));
                } else {
                    session.bot_turn().unwrap();
                }
            }
            _ => return,
        }
    }
}

fn the_pages_way_is_the_sessions<G: NamedGame>() {
    let (mut session, mut page) = (new::<G>(5), new::<G>(5));
    for decision in 0..6 {
        bots(&mut session, false);
        bots(&mut page, true);
        assert_eq!(page.record(), session.record(), "{} {decision}", G::NAME);
        if session.game().to_move() == ToMove::Terminal {
            break;
        }
        let action = *session.legal().last().unwrap();
        session.play(action).unwrap();
        page.play(action).unwrap();
        bots(&mut session, false);
        bots(&mut page, true);
        let after = session.record();
        assert_eq!(page.record(), after);
        // Undo puts the generator back in both: the same decision again is the same game.
        let seat = mesopotamia::core::Seat::new(0).unwrap();
        assert_eq!(page.undo(seat), session.undo(seat));
        assert_eq!(page.record(), session.record(), "{} undone", G::NAME);
        page.play(action).unwrap();
        bots(&mut page, true);
        assert_eq!(page.record(), after, "{} played again", G::NAME);
        session.play(action).unwrap();
        bots(&mut session, false);
    }
}

#[test]
fn a_session_that_follows_its_workers_records_is_the_one_that_played() {
    the_pages_way_is_the_sessions::<mesopotamia::tigris::Tigris>();
    the_pages_way_is_the_sessions::<mesopotamia::cards::Cards>();
    the_pages_way_is_the_sessions::<mesopotamia::sumeria::Sumeria>();
}

#[test]
fn a_record_of_another_game_or_that_does_not_go_on_from_this_one_is_refused() {
    type G = mesopotamia::sumeria::Sumeria;
    let mut session = new::<G>(5);
    bots(&mut session, false);
    let before = session.record();
    let other_seed = new::<G>(6).record();
    assert!(matches!(
        session.follow(&other_seed),
        Err(SessionError::Start(_))
    ));
    // A record that went another way from an earlier step.
    let mut other = new::<G>(5);
    other.sample_chance().unwrap();
    other.undo_step().unwrap();
    let outcomes = {
        let mut list = Vec::new();
        mesopotamia::core::Game::chance_outcomes(other.game(), &mut list);
        list
    };
    let first = session.steps()[0];
    let different = outcomes
        .iter()
        .map(|o| o.0)
        .find(|&o| mesopotamia::core::Step::Chance(o) != first);
    if let Some(outcome) = different {
        other.play_chance(outcome).unwrap();
        let refused = session.follow(&other.record()).unwrap_err();
        assert!(refused.to_string().contains("its step 1"), "{refused}");
    }
    // A record of this game that is shorter: refused.
    let mut longer = session.clone();
    longer.play(*longer.legal().first().unwrap()).unwrap();
    let refused = session.follow(&new::<G>(5).record()).unwrap_err();
    assert!(refused.to_string().contains("it has 0 steps"), "{refused}");
    assert_eq!(session.record(), before, "refusals change nothing");
    assert_eq!(session.follow(&session.record()), Ok(0));
    assert_eq!(session.follow(&longer.record()), Ok(1));
    assert_eq!(session.record(), longer.record());
}
