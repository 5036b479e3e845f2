//! PostgreSQL stopped mid-game and started again: an action during the outage is refused
//! and stores nothing, a bot's step waits for the database, and the game then goes on to the
//! record it would have had without the outage; two instances on it reconnect (their calls
//! and their listening) and go on.
//!
//! Its own test binary (cargo runs test binaries one after another): stopping the database
//! would fail the other tests' games. It stops and starts the cluster of
//! `scripts/postgres.sh` (its folder `MESOPOTAMIA_PG_DIR`, by default
//! `$TMPDIR/mesopotamia-postgres`).

mod common;

use std::path::PathBuf;
use std::time::Duration;

use common::*;
use serde_json::json;

/// The tests of this file stop the one cluster: one at a time.
static CLUSTER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// `scripts/postgres.sh halt`, `resume` or `restart`.
fn cluster(what: &str) {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scripts/postgres.sh");
    let status = std::process::Command::new("bash")
        .arg(script)
        .arg(what)
        .status()
        .unwrap();
    assert!(status.success(), "scripts/postgres.sh {what}: {status}");
}

/// Whether the test's PostgreSQL is the one `scripts/postgres.sh` started (which this test
/// may stop); required in CI.
fn cluster_is_ours() -> bool {
    let dir = std::env::var_os("MESOPOTAMIA_PG_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("mesopotamia-postgres"));
    let ours = std::fs::read_to_string(dir.join("url"))
        .is_ok_and(|url| Some(url.trim().to_owned()) == postgres_url());
    if !ours {
        assert!(
            std::env::var_os("CI").is_none(),
            "MESOPOTAMIA_TEST_POSTGRES is not the cluster of scripts/postgres.sh in {}",
            dir.display()
        );
        eprintln!("skipped: MESOPOTAMIA_TEST_POSTGRES is not the cluster of scripts/postgres.sh");
    }
    ours
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_goes_on_after_postgres_restarts() {
    if postgres_url().is_none() || !cluster_is_ours() {
        return;
    }
    let _alone = CLUSTER.lock().await;
    let addr = start("outage", Backend::Postgres).await;
    let seats = ["person", "random", "person"];
    let Created { id, tokens, .. } = create(
        addr,
        json!({ "game": "sumeria", "seats": seats, "seed": 4, "claim": [0, 2] }),
    )
    .await;
    people_until(addr, &id, &tokens, 12).await;
    // The outage, at a person's turn (the bot and chance stop there too).
    let mut socket = connect(addr, &id, &tokens[0]).await;
    let other = connect(addr, &id, &tokens[1]).await;
    let mover = loop {
        let state = next(&mut socket).await;
        if state["type"] == "state" && state["to_move"]["kind"] == "seat" {
            let seat = state["to_move"]["seat"].as_u64().unwrap();
            if seats[seat as usize] == "person" {
                break state;
            }
        }
    };
    let step = mover["step"].as_u64().unwrap();
    let seat = mover["to_move"]["seat"].as_u64().unwrap() as usize;
    let mut mover_socket = if seat == 0 { socket } else { other };
    say(&mut mover_socket, json!({ "type": "sync" })).await;
    let state = loop {
        let m = next(&mut mover_socket).await;
        if m["type"] == "state" && m["step"] == step {
            break m;
        }
    };
    let action = state["gestures"][0]["action"].clone();
    cluster("halt");
    say(
        &mut mover_socket,
        json!({ "type": "act", "step": step, "action": action }),
    )
    .await;
    let answer = next_answer(&mut mover_socket).await;
    assert_eq!(answer["type"], "refused", "{answer}");
    assert!(
        answer["reason"].as_str().unwrap().contains("database"),
        "{answer}"
    );
    // Nothing was played: the game is where it was.
    let (_, list) = http(addr, "GET", "/api/games", None).await;
    assert_eq!(list[0]["step"].as_u64(), Some(step), "{list}");
    cluster("resume");
    drop(mover_socket);
    // The same seats, connected again, play the game to its end on the database back up.
    let mut clients = Vec::new();
    for token in &tokens {
        clients.push(tokio::spawn(person(connect(addr, &id, token).await)));
    }
    for client in clients {
        tokio::time::timeout(Duration::from_secs(120), client)
            .await
            .unwrap()
            .unwrap();
    }
    let (status, record) = http(addr, "GET", &format!("/api/games/{id}/record.json"), None).await;
    assert_eq!(status, 200);
    assert_eq!(record, played_alone("sumeria", &seats, 4));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_go_on_after_postgres_restarts() {
    if postgres_url().is_none() || !cluster_is_ours() {
        return;
    }
    let _alone = CLUSTER.lock().await;
    let database = database("outage_two", Backend::Postgres).await;
    let a = start_on(&database).await;
    let b = start_on(&database).await;
    let seats = ["person", "random", "person"];
    let Created { id, tokens, .. } = create(
        a,
        json!({ "game": "sumeria", "seats": seats, "seed": 6, "claim": [0, 2] }),
    )
    .await;
    let token = |i: usize| tokens[i].clone();
    let first = tokio::spawn(person_until(connect(a, &id, &token(0)).await, 10));
    let second = tokio::spawn(person_until(connect(b, &id, &token(1)).await, 10));
    first.await.unwrap();
    second.await.unwrap();
    cluster("restart");
    // The same seats on the same instances play on to the end: each instance's calls and its
    // listening connection were opened again.
    let first = tokio::spawn(person(connect(a, &id, &token(0)).await));
    let second = tokio::spawn(person(connect(b, &id, &token(1)).await));
    for client in [first, second] {
        tokio::time::timeout(Duration::from_secs(120), client)
            .await
            .unwrap()
            .unwrap();
    }
    let expected = played_alone("sumeria", &seats, 6);
    for addr in [a, b] {
        let (status, record) =
            http(addr, "GET", &format!("/api/games/{id}/record.json"), None).await;
        assert_eq!(status, 200);
        assert_eq!(record, expected);
    }
}
