//! The protocol operations (`PROTO-7`..`PROTO-11`).

use serde_json::{Map, Value};

use super::request::{home, required_str};
use super::{ErrorCode, ProtocolError};
use crate::policy::pattern::Pattern;

/// Every operation name of the protocol, in the order `spec/protocol.md` lists them.
pub const OPERATIONS: &[&str] = &["match", "units", "check", "advisory", "authorize", "decide"];

/// The fields of a successful answer.
type Answer = Result<Map<String, Value>, ProtocolError>;

/// Answers one decoded request: the answer's fields, or why it was rejected (`PROTO-12`).
pub(super) fn dispatch(op: &str, fields: &Map<String, Value>) -> Answer {
    match op {
        "match" => wildcard_match(fields),
        _ if OPERATIONS.contains(&op) => Err(ProtocolError::new(
            ErrorCode::UnsupportedOp,
            format!("`{op}` is not wired in this build yet"),
        )),
        _ => Err(ProtocolError::new(
            ErrorCode::UnknownOp,
            format!("unknown op `{op}`"),
        )),
    }
}

/// `match`: one wildcard pattern against one value (`PROTO-7`).
fn wildcard_match(fields: &Map<String, Value>) -> Answer {
    let pattern = required_str(fields, "pattern")?;
    let value = required_str(fields, "value")?;
    let home = home(fields)?;
    let matched = Pattern::compile(pattern, &home).is_match(value);
    Ok(single("matched", Value::Bool(matched)))
}

/// An answer with one field.
fn single(key: &str, value: Value) -> Map<String, Value> {
    let mut answer = Map::new();
    answer.insert(key.into(), value);
    answer
}
