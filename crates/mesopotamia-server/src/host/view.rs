//! What a connection is sent: made for its seat alone from the session.

use mesopotamia::core::ToMove;
use mesopotamia::core::table::Gesture;
use serde_json::{Value, json};

use super::{Host, Refusal, Who};
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
        let all = session.steps();
        let steps: Vec<Value> = all
            .iter()
            .enumerate()
            .skip(usize::try_from(since).unwrap_or(usize::MAX))
            .map(|(i, (by, _))| {
                let seen = match seat {
                    Some(seat) => session.seen(seat, i),
                    None => session.shown(i),
                };
                json!({ "index": i, "seat": by, "seen": seen })
            })
            .collect();
        let to_move = session.to_move();
        let acting = matches!((to_move, seat), (ToMove::Seat(a), Some(b)) if a == b);
        let facts = session.facts(seat);
        let over = session.ranks().map(|ranks| {
            json!({
                "reason": session.end_reason(),
                "standings": ranks.iter().zip(session.scores()).enumerate()
                    .map(|(s, (rank, score))| json!({ "seat": s, "rank": rank, "score": score }))
                    .collect::<Vec<_>>(),
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
            "step": all.len(),
            "to_move": to_move_json(to_move),
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
