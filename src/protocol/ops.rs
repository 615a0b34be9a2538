//! The protocol operations (`PROTO-7`..`PROTO-12`).

use serde_json::{Map, Value};

use super::{ErrorCode, ProtocolError};

/// Every operation name of the protocol, in the order `spec/protocol.md` lists them.
pub const OPERATIONS: &[&str] = &["match", "units", "check", "advisory", "authorize", "decide"];

/// Answers one decoded request: the answer's fields, or why it was rejected.
pub(super) fn dispatch(
    op: &str,
    _fields: &Map<String, Value>,
) -> Result<Map<String, Value>, ProtocolError> {
    if OPERATIONS.contains(&op) {
        return Err(ProtocolError::new(
            ErrorCode::UnsupportedOp,
            format!("`{op}` is not wired in this build yet"),
        ));
    }
    Err(ProtocolError::new(
        ErrorCode::UnknownOp,
        format!("unknown op `{op}`"),
    ))
}
