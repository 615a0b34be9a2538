//! Protocol error codes (`PROTO-5`).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The stable machine-readable code of an error response (`PROTO-5`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ErrorCode {
    /// The line is not one JSON value (syntax error, raw control character,
    /// nesting deeper than the parser's limit, empty line).
    BadJson,
    /// The line is not Unicode text: invalid UTF-8, or a `\uXXXX` escape
    /// naming a lone surrogate (`ECMA-6`).
    BadEncoding,
    /// Valid JSON but not a valid request: not an object, `op` missing or not
    /// a string, a required field missing, a field of the wrong type.
    BadRequest,
    /// `op` names no operation of the protocol.
    UnknownOp,
    /// `op` is a protocol operation this implementation does not provide
    /// (never sent by the reference server; other implementations may).
    UnsupportedOp,
    /// The line exceeded the maximum length and was discarded unread.
    LineTooLong,
    /// `units` of a command beyond a `POL-LIMIT-*` bound, which has no unit list.
    LimitExceeded,
    /// The implementation failed while answering; a bug, never a verdict.
    Internal,
}

impl ErrorCode {
    /// The wire name, e.g. `"bad_json"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::BadJson => "bad_json",
            Self::BadEncoding => "bad_encoding",
            Self::BadRequest => "bad_request",
            Self::UnknownOp => "unknown_op",
            Self::UnsupportedOp => "unsupported_op",
            Self::LineTooLong => "line_too_long",
            Self::LimitExceeded => "limit_exceeded",
            Self::Internal => "internal",
        }
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A request the server rejects, with its code and a human-readable reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProtocolError {
    /// The stable code.
    pub code: ErrorCode,
    /// Why, for humans; not part of the contract.
    pub message: String,
}

impl ProtocolError {
    /// A new error.
    #[must_use]
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }

    /// A `bad_request` error.
    #[must_use]
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::BadRequest, message)
    }

    /// The `error` object of a response: `{"code":…,"message":…}`.
    #[must_use]
    pub fn to_json(&self) -> Value {
        let mut error = Map::new();
        error.insert("code".into(), Value::from(self.code.as_str()));
        error.insert("message".into(), Value::from(self.message.clone()));
        Value::Object(error)
    }
}

impl std::fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for ProtocolError {}
