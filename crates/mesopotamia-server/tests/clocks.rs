//! Time controls on 127.0.0.1: a seat that runs out of time gets what the game's creator
//! chose (it loses, or a bot takes it), also across a restart of the server. Each test runs
//! on SQLite and on PostgreSQL (`NAME::sqlite`, `NAME::postgres`).
//!
//! The times are short (a few hundred milliseconds) and every wait is bounded by
//! [`PATIENCE`]: the tests assert what happens at zero, never how fast anything is.

#[macro_use]
mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::*;
use serde_json::{Value, json};

on_both_backends!(
    a_seat_out_of_time_loses_and_with_two_seats_the_game_ends,
    a_lost_seat_is_played_on_and_ranked_last_when_others_play_on,
    at_zero_on_the_clock_the_creators_bot_takes_the_seat,
    a_clock_keeps_running_across_a_restart,
    time_controls_out_of_range_are_refused,
);

/// The first state a spectator is sent that satisfies `until` (every wait bounded).
async fn watch_until(
    addr: SocketAddr,
    id: &str,
    token: &str,
    until: impl Fn(&Value) -> bool,
) -> Value {
    let mut socket = connect(addr, id, token).await;
    let deadline = Instant::now() + PATIENCE;
    loop {
        assert!(Instant::now() < deadline, "waited {PATIENCE:?}");
        let message = next(&mut socket).await;
        if message["type"] == "state" && until(&message) {
            return message;
        }
    }
}

async fn a_seat_out_of_time_loses_and_with_two_seats_the_game_ends(backend: Backend) {
    let addr = start("clock_lose", backend).await;
    let Created {
        id,
        tokens,
        spectator,
    } = create(
        addr,
        json!({ "game": "cards", "seats": ["person", "person"], "seed": 3, "claim": [0, 1],
                 "time": { "kind": "per_decision", "ms": 400, "at_zero": "lose" } }),
    )
    .await;
    // Every seat claimed: the clocks run; the seat to move has at most its 400 ms.
    let first = watch_until(addr, &id, &spectator, |m| m["to_move"]["kind"] == "seat").await;
    let mover = first["to_move"]["seat"].as_u64().unwrap() as usize;
    assert_eq!(first["clock"]["running"], true, "{}", first["clock"]);
    assert!(first["clock"]["left_ms"][mover].as_i64().unwrap() <= 400);
    assert_eq!(first["clock"]["control"]["kind"], "per_decision");
    // Nobody acts: the seat to move loses, and with two seats the game is over.
    let over = watch_until(addr, &id, &spectator, |m| !m["over"].is_null()).await;
    assert_eq!(over["over"]["reason"], "out-of-time", "{}", over["over"]);
    assert_eq!(over["to_move"]["kind"], "over");
    assert_eq!(over["lost"][mover], true);
    let standings = over["over"]["standings"].as_array().unwrap();
    assert_eq!(standings[mover]["rank"], 2);
    assert_eq!(standings[mover]["lost"], true);
    assert_eq!(standings[1 - mover]["rank"], 1);
    // Too late: the lost seat's action is refused, and nothing changes.
    let mut socket = connect(addr, &id, &tokens[mover]).await;
    let state = next(&mut socket).await;
    say(
        &mut socket,
        json!({ "type": "act", "step": state["step"], "index": 0 }),
    )
    .await;
    let refused = next_answer(&mut socket).await;
    assert_eq!(refused["type"], "refused", "{refused}");
    assert!(
        refused["reason"].as_str().unwrap().contains("over"),
        "{refused}"
    );
    // Over: the record may be read (it holds the rules' steps; the loss is the server's).
    let (status, _) = http(addr, "GET", &format!("/api/games/{id}/record.json"), None).await;
    assert_eq!(status, 200);
    let (_, list) = http(addr, "GET", "/api/games", None).await;
    assert_eq!(list[0]["over"], true);
}

async fn a_lost_seat_is_played_on_and_ranked_last_when_others_play_on(backend: Backend) {
    let addr = start("clock_lose_three", backend).await;
    let Created { id, spectator, .. } = create(
        addr,
        json!({ "game": "sumeria", "seats": ["person", "random", "random"], "seed": 5,
                 "claim": [0], "time": { "kind": "per_decision", "ms": 300, "at_zero": "lose" } }),
    )
    .await;
    // Seat 0 never acts: it loses on time, the weakest level plays its turns, and the two
    // others play the game to its end by the rules.
    let over = watch_until(addr, &id, &spectator, |m| !m["over"].is_null()).await;
    assert_eq!(over["lost"], json!([true, false, false]));
    assert_eq!(over["seats"][0], "level1");
    assert_ne!(over["over"]["reason"], "out-of-time", "{}", over["over"]);
    let standings = over["over"]["standings"].as_array().unwrap();
    assert_eq!(standings[0]["rank"], 3, "ranked last: {standings:?}");
    for other in &standings[1..] {
        assert!(other["rank"].as_u64().unwrap() <= 2, "{standings:?}");
    }
}

async fn at_zero_on_the_clock_the_creators_bot_takes_the_seat(backend: Backend) {
    let addr = start("clock_bot", backend).await;
    let Created {
        id,
        tokens,
        spectator,
    } = create(
        addr,
        json!({ "game": "cards", "seats": ["person", "person"], "seed": 2, "claim": [0, 1],
                 "time": { "kind": "clock", "initial_ms": 600, "increment_ms": 100,
                           "at_zero": { "bot": "random" } } }),
    )
    .await;
    // Seat 1 plays at once; seat 0 never connects: its clock runs out and the bot plays it
    // to the end by the rules.
    let played = tokio::spawn(person(connect(addr, &id, &tokens[1]).await));
    let over = watch_until(addr, &id, &spectator, |m| !m["over"].is_null()).await;
    played.await.unwrap();
    assert_eq!(over["seats"], json!(["random", "person"]));
    assert_eq!(over["lost"], json!([false, false]));
    assert_ne!(over["over"]["reason"], "out-of-time");
    assert_eq!(over["clock"]["control"]["kind"], "clock");
    let (_, record) = http(addr, "GET", &format!("/api/games/{id}/record.json"), None).await;
    assert_eq!(record["end"], "rules");
}

async fn a_clock_keeps_running_across_a_restart(backend: Backend) {
    let data = database("clock_restart", backend).await;
    let port = free_port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let mut server = spawn_binary(&data, port);
    wait_listening(addr).await;
    let Created { id, spectator, .. } = create(
        addr,
        json!({ "game": "cards", "seats": ["person", "person"], "seed": 4, "claim": [0, 1],
                 "time": { "kind": "per_decision", "ms": 8000, "at_zero": "lose" } }),
    )
    .await;
    let before = watch_until(addr, &id, &spectator, |m| m["to_move"]["kind"] == "seat").await;
    let mover = before["to_move"]["seat"].as_u64().unwrap() as usize;
    // Killed (SIGKILL) on seat `mover`'s turn, down for a second, started again.
    server.kill().unwrap();
    server.wait().unwrap();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let mut server = spawn_binary(&data, port);
    wait_listening(addr).await;
    // The clock went on from the stored steps: the second down is counted, the turn is not
    // started again.
    let after = watch_until(addr, &id, &spectator, |_| true).await;
    let left = after["clock"]["left_ms"][mover].as_i64().unwrap();
    assert!(left <= 7000, "{left} ms left after a second down");
    let over = watch_until(addr, &id, &spectator, |m| !m["over"].is_null()).await;
    assert_eq!(over["over"]["reason"], "out-of-time");
    assert_eq!(over["lost"][mover], true);
    server.kill().unwrap();
    server.wait().unwrap();
}

async fn time_controls_out_of_range_are_refused(backend: Backend) {
    let addr = start("clock_refused", backend).await;
    for time in [
        json!({ "kind": "per_decision", "ms": 0, "at_zero": "lose" }),
        json!({ "kind": "clock", "initial_ms": 1000, "increment_ms": 700_000_000, "at_zero": "lose" }),
        json!({ "kind": "per_decision", "ms": 1000, "at_zero": { "bot": "wizard" } }),
        json!({ "kind": "sandglass", "ms": 1000, "at_zero": "lose" }),
        json!({ "kind": "per_decision", "ms": 1000 }),
    ] {
        let (status, answer) = http(
            addr,
            "POST",
            "/api/games",
            Some(json!({ "game": "cards", "seats": ["person", "person"], "time": time })),
        )
        .await;
        assert!((400..500).contains(&status), "{time}: {status} {answer}");
    }
    let (_, list) = http(addr, "GET", "/api/games", None).await;
    assert_eq!(list, json!([]), "nothing was created");
}
