//! What a connection is sent: made for its seat alone from the session.

use mesopotamia::core::table::Gesture;
use mesopotamia::core::{Standings, ToMove};
use serde_json::{Value, json};

use super::{Host, Refusal, Who};
use crate::clock;
use crate::protocol::PROTOCOL;

impl Host {
    /// What `who` is sent: the whole state as that seat (or a spectator) may see it, and
    /// what it saw of each step from `since` on.
    pub fn state(&self, id: &str, who: Who, since: u64) -> Result<Value, Refusal> {
        let hosted = self.game(id)?;
        let table = hosted.lock();
        let session = table.session.as_ref();
        let seat = match who {
            Who::Seat(s) => Some(session.seat(s)?),
            Who::Spectator => None,
        };
        // The steps from `since` on, who decided each read from the stamps (the session's
        // own list would be made whole for each message).
        let steps: Vec<Value> = table
            .stamps
            .iter()
            .enumerate()
            .skip(usize::try_from(since).unwrap_or(usize::MAX))
            .map(|(i, stamp)| {
                let seen = match seat {
                    Some(seat) => session.seen(seat, i),
                    None => session.shown(i),
                };
                json!({ "index": i, "seat": stamp.seat, "seen": seen })
            })
            .collect();
        let to_move = table.to_move();
        let acting = matches!((to_move, seat), (ToMove::Seat(a), Some(b)) if a == b);
        let facts = session.facts(seat);
        let lost: Vec<bool> = table.seats.iter().map(|s| s.lost).collect();
        let over = table.over().then(|| {
            let ranks = final_ranks(session.ranks(), &lost);
            json!({
                "reason": if table.lost_out() { Some("out-of-time") } else { session.end_reason() },
                "standings": ranks.iter().zip(session.scores()).enumerate()
                    .map(|(s, (rank, score))| {
                        json!({ "seat": s, "rank": rank, "score": score, "lost": lost[s] })
                    })
                    .collect::<Vec<_>>(),
            })
        });
        let now = clock::now_ms();
        let clock = table.time.as_ref().map(|time| {
            json!({
                "control": time,
                "running": table.clocks_from.is_some(),
                "left_ms": table.time_left(now),
            })
        });
        let mut state = json!({
            "type": "state",
            "protocol": PROTOCOL,
            "id": hosted.id,
            "game": session.description().name,
            "players": session.players(),
            "seats": table.seats.iter().map(|s| s.spec.clone()).collect::<Vec<_>>(),
            "you": match who { Who::Seat(s) => json!(s), Who::Spectator => Value::Null },
            "lost": lost,
            "step": table.steps(),
            "to_move": to_move_json(to_move),
            "clock": clock,
            "steps": steps,
            "facts": facts,
            "over": over,
        });
        match seat {
            Some(seat) => {
                let view: Value = serde_json::from_str(&session.view_json(seat)?)
                    .map_err(|e| Refusal::Engine(format!("a view that is not JSON: {e}")))?;
                state["view"] = view;
                state["svg"] = json!(session.view_svg(seat));
                // The core's own serialisation of its table types (the package's too).
                state["pieces"] = json!(session.pieces(seat));
                state["gestures"] = if acting {
                    session
                        .gestures()
                        .iter()
                        .map(|(a, g)| gesture_json(a, g))
                        .collect()
                } else {
                    json!([])
                };
            }
            None => {
                // The picture every seat sees; no view, no hand.
                state["svg"] = json!(session.svg());
            }
        }
        Ok(state)
    }
}

fn to_move_json(to_move: ToMove) -> Value {
    match to_move {
        ToMove::Seat(seat) => json!({ "kind": "seat", "seat": seat.index() }),
        ToMove::Chance => json!({ "kind": "chance" }),
        _ => json!({ "kind": "over" }),
    }
}

fn gesture_json(action: &str, g: &Gesture) -> Value {
    json!({ "action": action, "piece": g.piece, "place": g.place })
}

/// The ranks once the game is over: the rules' (`None` when it ended on time: all equal),
/// with the seats lost on time after every other; ties share a rank (1 is first), as the
/// core's standings rank.
pub(super) fn final_ranks(rules: Option<Vec<u8>>, lost: &[bool]) -> Vec<u8> {
    let rules = rules.unwrap_or_else(|| vec![1; lost.len()]);
    // The greater key is better: not lost first, then the better (smaller) rule rank.
    let keys: Vec<(bool, std::cmp::Reverse<u8>)> = (0..lost.len())
        .map(|s| {
            (
                !lost[s],
                std::cmp::Reverse(rules.get(s).copied().unwrap_or(u8::MAX)),
            )
        })
        .collect();
    Standings::from_keys(&keys).ranks().to_vec()
}
