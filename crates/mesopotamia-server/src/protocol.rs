//! The WebSocket protocol, version [`PROTOCOL`] (documented with an example exchange in
//! `docs/server.md`): what a client may send, read strictly, and the errors it is answered.

use serde::Deserialize;
use serde_json::Value;

/// The protocol's version, sent in every `state` message.
pub const PROTOCOL: u32 = 1;

/// The largest message a client may send, in bytes: anything longer is refused (the
/// connection kept).
pub const MAX_MESSAGE: usize = 16 * 1024;

/// A client's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientMessage {
    /// `{"type": "sync", "since": N}`: the current state, and the steps from `since` on.
    Sync {
        /// The first step the client has not seen (0: all).
        since: u64,
    },
    /// `{"type": "act", "step": N, "action": "tile red B2"}` (or `"index": I`, the dense
    /// action index): the seat's action at step `N`, the number of steps the client saw.
    Act {
        /// The number of steps played when the client chose.
        step: u64,
        /// The action, in notation or by dense index.
        action: Act,
    },
}

/// An action, in notation or by its dense index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Act {
    /// In notation.
    Notation(String),
    /// By dense index.
    Index(u64),
}

/// Why a client's message is refused before it reaches a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MessageError {
    /// Longer than [`MAX_MESSAGE`].
    #[error("the message is {0} bytes, over the limit of {MAX_MESSAGE}")]
    TooLong(usize),
    /// Not JSON.
    #[error("the message is not JSON: {0}")]
    NotJson(String),
    /// JSON, but not a message of the protocol.
    #[error("{0}")]
    Shape(String),
    /// Binary, or another kind of frame than text.
    #[error("only text messages are read")]
    NotText,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SyncFields {
    #[serde(rename = "type")]
    _kind: String,
    #[serde(default)]
    since: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActFields {
    #[serde(rename = "type")]
    _kind: String,
    step: u64,
    action: Option<String>,
    index: Option<u64>,
}

/// Reads one message, strictly: a JSON object of a known `type` with exactly its fields.
pub fn read(text: &str) -> Result<ClientMessage, MessageError> {
    if text.len() > MAX_MESSAGE {
        return Err(MessageError::TooLong(text.len()));
    }
    let value: Value =
        serde_json::from_str(text).map_err(|e| MessageError::NotJson(e.to_string()))?;
    let kind = value
        .get("type")
        .and_then(Value::as_str)
        .ok_or_else(|| MessageError::Shape("a message is an object with a `type`".into()))?;
    let shape = |e: serde_json::Error| MessageError::Shape(format!("`{kind}`: {e}"));
    match kind {
        "sync" => {
            let fields: SyncFields = serde_json::from_value(value.clone()).map_err(shape)?;
            Ok(ClientMessage::Sync {
                since: fields.since,
            })
        }
        "act" => {
            let fields: ActFields = serde_json::from_value(value.clone()).map_err(shape)?;
            let action = match (fields.action, fields.index) {
                (Some(notation), None) => Act::Notation(notation),
                (None, Some(index)) => Act::Index(index),
                _ => {
                    return Err(MessageError::Shape(
                        "`act` takes one of `action` (notation) and `index`".into(),
                    ));
                }
            };
            Ok(ClientMessage::Act {
                step: fields.step,
                action,
            })
        }
        other => Err(MessageError::Shape(format!(
            "unknown message type `{other}` (expected sync or act)"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_read_strictly() {
        assert_eq!(
            read(r#"{"type":"act","step":3,"action":"pass"}"#),
            Ok(ClientMessage::Act {
                step: 3,
                action: Act::Notation("pass".into())
            })
        );
        assert_eq!(
            read(r#"{"type":"act","step":3,"index":7}"#),
            Ok(ClientMessage::Act {
                step: 3,
                action: Act::Index(7)
            })
        );
        assert_eq!(
            read(r#"{"type":"sync"}"#),
            Ok(ClientMessage::Sync { since: 0 })
        );
        for bad in [
            "{",
            "[]",
            r#"{"type":"act","step":3}"#,
            r#"{"type":"act","step":3,"action":"pass","index":1}"#,
            r#"{"type":"act","step":3,"action":"pass","extra":1}"#,
            r#"{"type":"act","step":-1,"action":"pass"}"#,
            r#"{"type":"fly"}"#,
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
        let long = format!(r#"{{"type":"sync","pad":"{}"}}"#, "x".repeat(MAX_MESSAGE));
        assert!(matches!(read(&long), Err(MessageError::TooLong(_))));
    }
}
