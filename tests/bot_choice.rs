//! A bot's choice for any agent's game ([`AnySession::suggest_seeded`]): what a front end
//! seating one of our bots against an agent of its own asks at each decision. The same
//! state, spec and seed give the same choice, a legal one; nothing moves; a decision that
//! is no seat's is refused.

#![cfg(all(
    feature = "tigris",
    feature = "cards",
    feature = "sumeria",
    feature = "serde"
))]

use mesopotamia::core::{GameOptions, ToMove};
use mesopotamia::session::{AnySession, SessionError, new_session};
use mesopotamia::table::BotSpec;

/// A session of `name` at its first decision (chance drawn by the session).
fn at_a_decision(name: &str, players: u8) -> Box<dyn AnySession> {
    let mut session = new_session(name, &GameOptions::new().with_players(players), 5).unwrap();
    session.advance().unwrap();
    assert!(matches!(session.to_move(), ToMove::Seat(_)));
    session
}

#[test]
fn a_seeded_choice_is_legal_reproducible_and_moves_nothing() {
    for (name, players) in [("tigris", 2), ("cards", 3), ("sumeria", 3)] {
        let session = at_a_decision(name, players);
        let before = session.record_json().unwrap();
        for spec in ["random", "greedy", "level2", "mcts:30", "mcts-v1:30"] {
            let spec: BotSpec = spec.parse().unwrap();
            let first = session.suggest_seeded(spec, 9).unwrap();
            assert!(
                session.legal().contains(&first.action),
                "{name} {spec}: {}",
                first.action
            );
            assert_eq!(
                session.suggest_seeded(spec, 9).unwrap(),
                first,
                "{name} {spec}"
            );
        }
        assert_eq!(
            session.record_json().unwrap(),
            before,
            "{name}: nothing moved"
        );
    }
    // Another seed, another draw: the random bot does not always choose alike.
    let session = at_a_decision("tigris", 2);
    let choices: std::collections::BTreeSet<String> = (0..8)
        .map(|seed| {
            session
                .suggest_seeded(BotSpec::Random, seed)
                .unwrap()
                .action
        })
        .collect();
    assert!(choices.len() > 1, "{choices:?}");
}

#[test]
fn no_choice_where_no_seat_decides() {
    let session = new_session("sumeria", &GameOptions::new().with_players(3), 5).unwrap();
    assert_eq!(session.to_move(), ToMove::Chance);
    assert!(matches!(
        session.suggest_seeded(BotSpec::Greedy, 1),
        Err(SessionError::NotToMove { .. })
    ));
    let session = at_a_decision("sumeria", 3);
    assert!(matches!(
        session.suggest_seeded(BotSpec::Person, 1),
        Err(SessionError::NotABot(_))
    ));
}
