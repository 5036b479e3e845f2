//! The server on 127.0.0.1 with WebSocket clients: whole games of each game with seats on
//! different connections and bots, every message compared with the engine's view for its
//! seat; refusals; a server killed mid-game and started again on its database. Each test
//! runs on SQLite and on PostgreSQL (`NAME::sqlite`, `NAME::postgres`).

#[macro_use]
mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::*;
use futures_util::SinkExt;
use mesopotamia::session::session_from_record;
use mesopotamia_server::{Config, Server};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

on_both_backends!(
    a_whole_tigris_game_online,
    a_whole_card_game_online,
    a_whole_sumeria_game_online,
    refusals_are_answered_and_change_nothing,
    a_connection_over_its_rate_is_answered_and_kept,
    a_server_killed_mid_game_goes_on_from_its_last_committed_step,
    a_seat_away_on_its_turn_is_handed_to_the_creators_bot,
    another_sites_page_may_not_connect_and_an_action_by_index_plays,
);

async fn whole_game(game: &str, seats: &[&str], backend: Backend) {
    let addr = start(game, backend).await;
    let people: Vec<usize> = (0..seats.len()).filter(|&s| seats[s] == "person").collect();
    let (status, created) = http(
        addr,
        "POST",
        "/api/games",
        Some(json!({ "game": game, "seats": seats, "seed": 5, "claim": people })),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let mut clients = Vec::new();
    for entry in created["seats"].as_array().unwrap() {
        let socket = connect(addr, &id, entry["token"].as_str().unwrap()).await;
        clients.push((
            entry["seat"].as_u64().unwrap() as usize,
            tokio::spawn(person(socket)),
        ));
    }
    let watcher = tokio::spawn(spectator(
        connect(addr, &id, created["spectator"]["token"].as_str().unwrap()).await,
    ));
    let mut told = Vec::new();
    for (seat, client) in clients {
        told.push((Some(seat), client.await.unwrap()));
    }
    told.push((None, watcher.await.unwrap()));
    let (status, record) = http(addr, "GET", &format!("/api/games/{id}/record.json"), None).await;
    assert_eq!(status, 200);
    assert_eq!(record["end"], "rules", "{game}");
    let session = session_from_record(Some(game), &record.to_string()).unwrap();
    for (seat, messages) in &told {
        check_messages(session.as_ref(), *seat, messages);
    }
    // The listing says it is over.
    let (_, list) = http(addr, "GET", "/api/games", None).await;
    assert_eq!(list[0]["over"], true);
}

async fn a_whole_tigris_game_online(backend: Backend) {
    whole_game("tigris", &["person", "random", "person"], backend).await;
}

async fn a_whole_card_game_online(backend: Backend) {
    whole_game("cards", &["person", "person", "greedy"], backend).await;
}

async fn a_whole_sumeria_game_online(backend: Backend) {
    whole_game("sumeria", &["random", "person", "person"], backend).await;
}

async fn refusals_are_answered_and_change_nothing(backend: Backend) {
    let addr = start("refusals", backend).await;
    let (status, created) = http(
        addr,
        "POST",
        "/api/games",
        Some(json!({ "game": "sumeria", "seats": ["person", "person", "person"], "seed": 3, "claim": [0, 1] })),
    )
    .await;
    assert_eq!(status, 201);
    let id = created["id"].as_str().unwrap().to_owned();
    // A bad game, option or seat is refused by the engine.
    for body in [
        json!({ "game": "chess", "seats": ["person", "person"] }),
        json!({ "game": "sumeria", "seats": ["person", "person", "wizard"] }),
        json!({ "game": "sumeria", "seats": ["person", "person", "person"], "options": { "open_piles": true } }),
        json!({ "game": "sumeria", "seats": ["person"], "colour": "red" }),
    ] {
        let (status, answer) = http(addr, "POST", "/api/games", Some(body.clone())).await;
        assert!(status == 400 || status == 422, "{body}: {status} {answer}");
        assert!(
            answer["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{answer}"
        );
    }
    // A wrong token opens nothing.
    let url = format!("ws://{addr}/api/games/{id}/socket?token=0123");
    assert!(tokio_tungstenite::connect_async(url).await.is_err());
    // The third seat is free: joined.
    let (status, joined) = http(
        addr,
        "POST",
        &format!("/api/games/{id}/join"),
        Some(json!({})),
    )
    .await;
    assert_eq!((status, joined["seat"].as_u64()), (200, Some(2)));
    let (status, _) = http(
        addr,
        "POST",
        &format!("/api/games/{id}/join"),
        Some(json!({})),
    )
    .await;
    assert_eq!(status, 409);
    let mut sockets = Vec::new();
    for entry in created["seats"].as_array().unwrap() {
        sockets.push(connect(addr, &id, entry["token"].as_str().unwrap()).await);
    }
    sockets.push(connect(addr, &id, joined["token"].as_str().unwrap()).await);
    let mut watcher = connect(addr, &id, created["spectator"]["token"].as_str().unwrap()).await;
    let mut states = Vec::new();
    for socket in &mut sockets {
        states.push(next(socket).await);
    }
    let _ = next(&mut watcher).await;
    // Chance sets the board up first: wait until a seat is to move.
    let mut state = states[0].clone();
    while state["to_move"]["kind"] != "seat" {
        state = next(&mut sockets[0]).await;
    }
    for socket in sockets.iter_mut().skip(1) {
        say(socket, json!({ "type": "sync" })).await;
    }
    let step = state["step"].clone();
    let mover = state["to_move"]["seat"].as_u64().unwrap() as usize;
    let other = (mover + 1) % 3;
    // The mover's own state has its gestures.
    say(&mut sockets[mover], json!({ "type": "sync" })).await;
    let mine = loop {
        let m = next(&mut sockets[mover]).await;
        if m["type"] == "state" && m["step"] == step {
            break m;
        }
    };
    let action = mine["gestures"][0]["action"].clone();
    let bad: Vec<(Value, &str)> = vec![
        (
            json!({ "type": "act", "step": step, "action": action }),
            "not to move",
        ),
        (
            json!({ "type": "act", "step": step, "action": "take everything" }),
            "",
        ),
    ];
    for (message, words) in &bad {
        say(&mut sockets[other], message.clone()).await;
        let answer = next_answer(&mut sockets[other]).await;
        assert_eq!(answer["type"], "refused", "{answer}");
        assert!(
            answer["reason"].as_str().unwrap().contains(words),
            "{answer}"
        );
    }
    say(
        &mut watcher,
        json!({ "type": "act", "step": step, "action": action }),
    )
    .await;
    let answer = next_answer(&mut watcher).await;
    assert_eq!(answer["reason"], "a spectator does not act");
    let malformed = [
        "{ not json".to_owned(),
        json!({ "type": "act", "step": step, "action": action, "extra": 1 }).to_string(),
        json!({ "type": "dance" }).to_string(),
        format!(r#"{{"type":"sync","pad":"{}"}}"#, "x".repeat(20_000)),
    ];
    for text in &malformed {
        sockets[mover]
            .send(Message::Text(text.clone().into()))
            .await
            .unwrap();
        let answer = next_answer(&mut sockets[mover]).await;
        assert_eq!(answer["type"], "error", "{text:.40}: {answer}");
    }
    // A step the game has not reached is refused; nothing has moved: the mover plays, once
    // (the second time stale).
    let ahead = json!({ "type": "act", "step": step.as_u64().unwrap() + 7, "action": action });
    say(&mut sockets[mover], ahead).await;
    let answer = next_answer(&mut sockets[mover]).await;
    assert!(
        answer["reason"].as_str().unwrap().contains("is ahead"),
        "{answer}"
    );
    let act = json!({ "type": "act", "step": step, "action": action });
    say(&mut sockets[mover], act.clone()).await;
    say(&mut sockets[mover], act).await;
    let mut refusals = 0;
    let mut moved = false;
    while !(moved && refusals == 1) {
        let m = next(&mut sockets[mover]).await;
        if m["type"] == "state" && m["step"].as_u64() > step.as_u64() {
            moved = true;
        }
        if m["type"] == "refused" {
            assert!(m["reason"].as_str().unwrap().contains("is past"), "{m}");
            refusals += 1;
        }
    }
    let (_, list) = http(addr, "GET", "/api/games", None).await;
    assert_eq!(
        list[0]["step"].as_u64(),
        Some(step.as_u64().unwrap() + 1),
        "applied once"
    );
    // No record before the end: it would tell the hidden draws.
    let (status, _) = http(addr, "GET", &format!("/api/games/{id}/record.json"), None).await;
    assert_eq!(status, 409);
}

async fn a_connection_over_its_rate_is_answered_and_kept(backend: Backend) {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), std::env::temp_dir());
    config.database = Some(database("rate", backend).await);
    config.rate = 5;
    let server = Server::bind(config).await.unwrap();
    let addr = server.local_addr().unwrap();
    tokio::spawn(server.run());
    let (_, created) = http(
        addr,
        "POST",
        "/api/games",
        Some(json!({ "game": "cards", "seats": ["person", "random"], "seed": 1, "claim": [0] })),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let mut socket = connect(addr, id, created["seats"][0]["token"].as_str().unwrap()).await;
    let _ = next(&mut socket).await;
    // Messages the server answers at once (an unknown type): a sync is answered with the whole
    // state and picture, slow enough in a debug build on a loaded machine for the window to pass.
    for _ in 0..20 {
        say(&mut socket, json!({ "type": "nonsense" })).await;
    }
    let mut over = 0;
    for _ in 0..20 {
        let m = next_answer(&mut socket).await;
        assert_eq!(m["type"], "error", "{m}");
        over += usize::from(m["reason"].as_str().unwrap().contains("a second"));
    }
    assert!(
        over >= 10,
        "{over} of 20 messages over the rate of 5 a second"
    );
    // Kept: a second later it answers again.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    say(&mut socket, json!({ "type": "sync" })).await;
    loop {
        let m = next(&mut socket).await;
        if m["type"] == "state" {
            break;
        }
    }
}

async fn a_server_killed_mid_game_goes_on_from_its_last_committed_step(backend: Backend) {
    let data = database("crash", backend).await;
    let port = free_port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let seats = ["person", "person", "random"];
    let mut server = spawn_binary(&data, port);
    wait_listening(addr).await;
    let Created { id, tokens, .. } = create(
        addr,
        json!({ "game": "tigris", "seats": seats, "seed": 9, "claim": [0, 1] }),
    )
    .await;
    people_until(addr, &id, &tokens, 40).await;
    // Killed (SIGKILL) mid-game, started again on the same database.
    server.kill().unwrap();
    server.wait().unwrap();
    let mut server = spawn_binary(&data, port);
    wait_listening(addr).await;
    let (_, list) = http(addr, "GET", "/api/games", None).await;
    assert!(list[0]["step"].as_u64().unwrap() >= 40, "{list}");
    let mut clients = Vec::new();
    for token in &tokens {
        // The same tokens open the same seats: the seat gets its view and what it missed.
        clients.push(tokio::spawn(person(connect(addr, &id, token).await)));
    }
    for client in clients {
        client.await.unwrap();
    }
    let (status, record) = http(addr, "GET", &format!("/api/games/{id}/record.json"), None).await;
    assert_eq!(status, 200);
    server.kill().unwrap();
    server.wait().unwrap();
    // The same game without the crash: the first legal action of each person, the bot's and
    // the generator's own steps.
    let expected = played_alone("tigris", &seats, 9);
    assert_eq!(record, expected);
}

async fn a_seat_away_on_its_turn_is_handed_to_the_creators_bot(backend: Backend) {
    let addr = start("away", backend).await;
    let (status, created) = http(
        addr,
        "POST",
        "/api/games",
        Some(
            json!({ "game": "cards", "seats": ["person", "person"], "seed": 2, "claim": [0, 1],
                     "away": { "after_ms": 300, "bot": "random" } }),
        ),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    // Only seat 1 ever connects: seat 0 is played by the bot once away on its turn.
    let messages =
        person(connect(addr, &id, created["seats"][1]["token"].as_str().unwrap()).await).await;
    let last = messages.last().unwrap();
    assert_eq!(last["seats"][0], "random");
    assert_eq!(last["seats"][1], "person");
    let (_, record) = http(addr, "GET", &format!("/api/games/{id}/record.json"), None).await;
    assert_eq!(record["end"], "rules");
    assert_eq!(record["bots"], json!(["random", "person"]));
    // A bad bot is refused at creation.
    let (status, _) = http(
        addr,
        "POST",
        "/api/games",
        Some(json!({ "game": "cards", "seats": ["person", "person"], "away": { "after_ms": 1, "bot": "wizard" } })),
    )
    .await;
    assert_eq!(status, 400);
}

async fn another_sites_page_may_not_connect_and_an_action_by_index_plays(backend: Backend) {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let addr = start("origin", backend).await;
    let (_, created) = http(
        addr,
        "POST",
        "/api/games",
        Some(json!({ "game": "sumeria", "seats": ["person", "random", "random"], "seed": 6, "claim": [0] })),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();
    let url = format!("ws://{addr}/api/games/{id}/socket?token={token}");
    // A page of another site: refused before the upgrade.
    let mut request = url.as_str().into_client_request().unwrap();
    request
        .headers_mut()
        .insert("Origin", "http://elsewhere.example".parse().unwrap());
    assert!(tokio_tungstenite::connect_async(request).await.is_err());
    // A page of the server itself: welcome.
    let mut request = url.as_str().into_client_request().unwrap();
    request
        .headers_mut()
        .insert("Origin", format!("http://{addr}").parse().unwrap());
    let mut socket = tokio_tungstenite::connect_async(request).await.unwrap().0;
    // The seat's first decision, by the dense index of its first legal action.
    let state = loop {
        let m = next(&mut socket).await;
        if m["type"] == "state" && m["to_move"]["seat"] == 0 {
            break m;
        }
    };
    let legal: Vec<String> = state["gestures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["action"].as_str().unwrap().to_owned())
        .collect();
    let mut session = session_from_record(Some("sumeria"), &{
        // The engine's index of that action, from a game made the same way.
        let options = mesopotamia::core::GameOptions::new().with_players(3);
        let mut s = mesopotamia::session::new_session("sumeria", &options, 6).unwrap();
        s.set_seats(&["person", "random", "random"].map(String::from))
            .unwrap();
        s.play_bots().unwrap();
        s.record_json().unwrap()
    })
    .unwrap();
    assert_eq!(session.legal(), legal);
    let index = session.action_index(&legal[0]).unwrap();
    say(
        &mut socket,
        json!({ "type": "act", "step": state["step"], "index": index }),
    )
    .await;
    let after = loop {
        let m = next(&mut socket).await;
        assert_ne!(m["type"], "refused", "{m}");
        if m["type"] == "state" && m["step"].as_u64() > state["step"].as_u64() {
            break m;
        }
    };
    let first = after["steps"].as_array().unwrap().first().unwrap();
    session.play(&legal[0]).unwrap();
    assert_eq!(first["seen"], json!(legal[0]));
}
