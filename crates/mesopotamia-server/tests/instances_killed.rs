//! Two server binaries on one PostgreSQL database, one killed with SIGKILL mid-game: its
//! people connect again to the other and the game ends with nothing lost or doubled; its
//! bots are taken over by the other once their lease expires.

mod common;

use std::net::SocketAddr;
use std::process::Child;

use common::*;
use mesopotamia::session::session_from_record;
use serde_json::{Value, json};

/// The bots' lease of these tests (ms): short, so a takeover comes quickly.
const LEASE_MS: &str = "1000";

/// Two binaries on one empty database of test `name`, or `None` (skipped) without
/// PostgreSQL.
async fn two_binaries(name: &str) -> Option<[(Child, SocketAddr); 2]> {
    postgres_url()?;
    let database = database(name, Backend::Postgres).await;
    let mut both = Vec::new();
    for _ in 0..2 {
        let port = free_port();
        let child = spawn_binary_with(&database, port, &["--lease-ms", LEASE_MS]);
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        wait_listening(addr).await;
        both.push((child, addr));
    }
    let b = both.pop().unwrap();
    let a = both.pop().unwrap();
    Some([a, b])
}

fn kill(child: &mut Child) {
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
}

async fn record(addr: SocketAddr, id: &str) -> Value {
    let (status, record) = http(addr, "GET", &format!("/api/games/{id}/record.json"), None).await;
    assert_eq!(status, 200, "{record}");
    record
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_instance_killed_mid_game_its_people_go_on_on_the_other() {
    let Some([(mut first, a), (mut second, b)]) = two_binaries("killed_people").await else {
        return;
    };
    let seats = ["person", "person", "random"];
    let Created { id, tokens, .. } = create(
        a,
        json!({ "game": "tigris", "seats": seats, "seed": 9, "claim": [0, 1] }),
    )
    .await;
    let token = |i: usize| tokens[i].clone();
    // Seat 0 on the first instance, seat 1 on the second, to step 40.
    let on_a = tokio::spawn(person_until(connect(a, &id, &token(0)).await, 40));
    let on_b = tokio::spawn(person_until(connect(b, &id, &token(1)).await, 40));
    on_a.await.unwrap();
    on_b.await.unwrap();
    kill(&mut first);
    // Both people on the second instance now, to the end.
    let people = [
        tokio::spawn(person(connect(b, &id, &token(0)).await)),
        tokio::spawn(person(connect(b, &id, &token(1)).await)),
    ];
    let mut told = Vec::new();
    for (seat, client) in people.into_iter().enumerate() {
        told.push((seat, client.await.unwrap()));
    }
    let record = record(b, &id).await;
    kill(&mut second);
    // Nothing lost or doubled: the game the engine plays alone, and each person was told
    // every step once, in order, as its seat sees it.
    assert_eq!(record, played_alone("tigris", &seats, 9));
    let session = session_from_record(Some("tigris"), &record.to_string()).unwrap();
    for (seat, messages) in &told {
        check_messages(session.as_ref(), Some(*seat), messages);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bots_instance_killed_the_other_takes_its_bots_over() {
    let Some([(mut first, a), (mut second, b)]) = two_binaries("killed_bots").await else {
        return;
    };
    let seats = ["random", "random", "random"];
    let Created { id, spectator, .. } =
        create(a, json!({ "game": "tigris", "seats": seats, "seed": 12 })).await;
    // The first instance plays the bots (it created the game); a spectator on the second.
    let mut watcher = connect(b, &id, &spectator).await;
    loop {
        let m = next(&mut watcher).await;
        if m["type"] == "state" && m["step"].as_u64() >= Some(20) {
            assert!(m["over"].is_null(), "the game ended before the kill");
            break;
        }
    }
    kill(&mut first);
    let killed_at = std::time::Instant::now();
    // The second instance takes the bots over once the lease has expired.
    let mut last = 0;
    let over = loop {
        let m = next(&mut watcher).await;
        if m["type"] != "state" {
            continue;
        }
        last = m["step"].as_u64().unwrap().max(last);
        if !m["over"].is_null() {
            break m;
        }
    };
    assert!(last > 20, "{over}");
    assert!(
        killed_at.elapsed() < std::time::Duration::from_secs(30),
        "taken over in {:?}",
        killed_at.elapsed()
    );
    let record = record(b, &id).await;
    kill(&mut second);
    assert_eq!(record, played_alone("tigris", &seats, 12));
}
