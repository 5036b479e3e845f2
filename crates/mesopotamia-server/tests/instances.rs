//! Two server instances on one PostgreSQL database: a game's seats connected to different
//! instances play it to the end, each told every step (LISTEN/NOTIFY), and one action sent
//! to both at once is applied once.

mod common;

use common::*;
use mesopotamia::session::session_from_record;
use serde_json::{Value, json};

/// Two instances on one empty database of test `name`, or `None` (skipped) without
/// PostgreSQL.
async fn two_instances(name: &str) -> Option<[std::net::SocketAddr; 2]> {
    postgres_url()?;
    let database = database(name, Backend::Postgres).await;
    Some([start_on(&database).await, start_on(&database).await])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_on_different_instances_play_a_game_to_its_end() {
    let Some([a, b]) = two_instances("instances_game").await else {
        return;
    };
    let seats = ["person", "random", "person"];
    // Created on one instance: the other hosts it too.
    let Created {
        id,
        tokens,
        spectator: watching,
    } = create(
        a,
        json!({ "game": "sumeria", "seats": seats, "seed": 8, "claim": [0, 2] }),
    )
    .await;
    // The other instance's lobby lists it (told of it by the database).
    let mut listed = false;
    for _ in 0..50 {
        let (_, list) = http(b, "GET", "/api/games", None).await;
        if list[0]["id"] == id.as_str() {
            listed = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(listed, "the game is listed on the other instance");
    let token = |i: usize| tokens[i].clone();
    let first = tokio::spawn(person(connect(a, &id, &token(0)).await));
    let second = tokio::spawn(person(connect(b, &id, &token(1)).await));
    let watcher = tokio::spawn(spectator(connect(b, &id, &watching).await));
    let told = [
        (Some(0), first.await.unwrap()),
        (Some(2), second.await.unwrap()),
        (None, watcher.await.unwrap()),
    ];
    // Each instance has the whole game, the one the engine plays alone.
    let (_, record) = http(a, "GET", &format!("/api/games/{id}/record.json"), None).await;
    let (_, record_b) = http(b, "GET", &format!("/api/games/{id}/record.json"), None).await;
    assert_eq!(record, record_b);
    assert_eq!(record, played_alone("sumeria", &seats, 8));
    // Every client was told each step once, in order, as its seat sees it.
    let session = session_from_record(Some("sumeria"), &record.to_string()).unwrap();
    for (seat, messages) in &told {
        check_messages(session.as_ref(), *seat, messages);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_action_sent_to_both_instances_at_once_is_applied_once() {
    let Some([a, b]) = two_instances("instances_race").await else {
        return;
    };
    let Created { id, tokens, .. } = create(
        a,
        json!({ "game": "cards", "seats": ["person", "person"], "seed": 3, "claim": [0, 1] }),
    )
    .await;
    // Seat 1 plays its turns throughout, on one instance.
    let seat_1 = tokio::spawn(person(connect(a, &id, &tokens[1]).await));
    let mut applied = 0;
    // The same seat on both instances, several times: whichever stores the step first, the
    // other refuses it as stale and shows the step stored.
    for round in 0..6 {
        let (_, list) = http(a, "GET", "/api/games", None).await;
        let before = list[0]["step"].as_u64().unwrap();
        let mut on_a = connect(a, &id, &tokens[0]).await;
        let mut on_b = connect(b, &id, &tokens[0]).await;
        // Both sockets at the same step, seat 0 to move (seat 1 plays its turns meanwhile).
        let state = loop {
            let m = next(&mut on_a).await;
            if m["type"] == "state"
                && m["step"].as_u64() >= Some(before)
                && (m["to_move"]["seat"] == 0 || !m["over"].is_null())
            {
                break m;
            }
        };
        if !state["over"].is_null() {
            break;
        }
        let step = state["step"].as_u64().unwrap();
        loop {
            let m = next(&mut on_b).await;
            if m["type"] == "state" && m["step"].as_u64() == Some(step) {
                break;
            }
        }
        let act = json!({ "type": "act", "step": step, "action": state["gestures"][0]["action"] });
        let (sent_a, sent_b) = tokio::join!(say(&mut on_a, act.clone()), say(&mut on_b, act));
        let ((), ()) = (sent_a, sent_b);
        // Each socket is then shown the step after; exactly one of the two is refused.
        let mut refused = 0;
        for socket in [&mut on_a, &mut on_b] {
            loop {
                let m = next(socket).await;
                if m["type"] == "refused" {
                    assert!(m["reason"].as_str().unwrap().contains("is past"), "{m}");
                    refused += 1;
                }
                if m["type"] == "state" && m["step"].as_u64() > Some(step) {
                    break;
                }
            }
        }
        // A refusal may come after the state: a short wait for it, bounded.
        for socket in [&mut on_a, &mut on_b] {
            while let Ok(Some(Ok(message))) =
                tokio::time::timeout(std::time::Duration::from_millis(300), {
                    use futures_util::StreamExt;
                    socket.next()
                })
                .await
            {
                if let tokio_tungstenite::tungstenite::Message::Text(text) = message {
                    let m: Value = serde_json::from_str(text.as_str()).unwrap();
                    refused += usize::from(m["type"] == "refused");
                }
            }
        }
        assert_eq!(refused, 1, "round {round}: one of the two is refused");
        // Both instances have the step (and agree on the game: seat 1 may have played on).
        let mut agreed = false;
        for _ in 0..50 {
            let (_, on_a) = http(a, "GET", "/api/games", None).await;
            let (_, on_b) = http(b, "GET", "/api/games", None).await;
            let steps = (on_a[0]["step"].as_u64(), on_b[0]["step"].as_u64());
            assert!(
                steps.0 > Some(step) && steps.1 > Some(step),
                "round {round}"
            );
            if steps.0 == steps.1 {
                agreed = true;
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert!(agreed, "round {round}: the instances agree on the game");
        applied += 1;
    }
    seat_1.abort();
    assert!(applied >= 3, "{applied} rounds");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_connected_to_one_instance_is_not_away_on_the_other() {
    let Some([a, b]) = two_instances("instances_away").await else {
        return;
    };
    let Created { id, tokens, .. } = create(
        a,
        json!({ "game": "cards", "seats": ["person", "person"], "seed": 2, "claim": [0, 1],
                "away": { "after_ms": 300, "bot": "random" } }),
    )
    .await;
    let token = |i: usize| tokens[i].clone();
    // Seat 0 connected to the first instance, never acting; seat 1 plays on the second.
    let mut idle = connect(a, &id, &token(0)).await;
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    let mut playing = connect(b, &id, &token(1)).await;
    let waiting = loop {
        let m = next(&mut playing).await;
        if m["type"] != "state" {
            continue;
        }
        if m["to_move"]["seat"] == 0 {
            break m;
        }
        if m["to_move"]["seat"] == 1 {
            say(
                &mut playing,
                json!({ "type": "act", "step": m["step"], "action": m["gestures"][0]["action"] }),
            )
            .await;
        }
    };
    // Well past the away time, seat 0 is still its person's on both instances.
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    for addr in [a, b] {
        let (_, list) = http(addr, "GET", "/api/games", None).await;
        assert_eq!(list[0]["seats"][0], "person", "{list}");
        assert_eq!(list[0]["step"], waiting["step"], "{list}");
    }
    // Gone: the seat goes to the creator's bot, and the game to its end.
    let _ = next(&mut idle).await;
    drop(idle);
    let messages = person(playing).await;
    assert_eq!(messages.last().unwrap()["seats"][0], "random");
}
