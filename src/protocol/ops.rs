//! The protocol operations (`PROTO-6`..`PROTO-12`).

use serde_json::{Map, Value};

use super::request::{home, required_str};
use super::{ErrorCode, ProtocolError};
use crate::policy::pattern::Pattern;
use crate::policy::units::{self, UnitsError};
use crate::policy::{config, Policy};
use crate::verdict::PermissionState;

/// Every operation name of the protocol, in the order `spec/protocol.md` lists them.
pub const OPERATIONS: &[&str] = &["match", "units", "check", "advisory", "authorize", "decide"];

/// The fields of a successful answer.
type Answer = Result<Map<String, Value>, ProtocolError>;

/// Answers one decoded request: the answer's fields, or why it was rejected (`PROTO-12`).
pub(super) fn dispatch(op: &str, fields: &Map<String, Value>) -> Answer {
    match op {
        "match" => wildcard_match(fields),
        "units" => command_units(fields),
        "check" => check(fields, Policy::gate),
        "advisory" => check(fields, Policy::advisory),
        "authorize" | "decide" => Err(ProtocolError::new(
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

/// `units`: the command units of a command (`PROTO-8`).
fn command_units(fields: &Map<String, Value>) -> Answer {
    let command = required_str(fields, "command")?;
    let units = units::enumerate(command).map_err(|error| match error {
        UnitsError::Parser(message) => ProtocolError::new(ErrorCode::Internal, message),
        other => ProtocolError::new(ErrorCode::LimitExceeded, other.to_string()),
    })?;
    Ok(single("units", to_json(&units)?))
}

/// `check` / `advisory`: the policy's answer for a command (`PROTO-9`).
fn check(
    fields: &Map<String, Value>,
    run: fn(&Policy, &str) -> crate::policy::CheckResult,
) -> Answer {
    let command = required_str(fields, "command")?;
    let policy = policy(fields)?;
    as_object(to_json(&run(&policy, command))?)
}

/// The policy of `rules` or `policy` (exactly one), with `home` (`PROTO-6`).
fn policy(fields: &Map<String, Value>) -> Result<Policy, ProtocolError> {
    let home = home(fields)?;
    let source = match (fields.get("rules"), fields.get("policy")) {
        (Some(rules @ Value::Array(_)), None) => rules,
        (Some(_), None) => return Err(ProtocolError::bad_request("`rules` must be an array")),
        (None, Some(policy @ Value::Object(_))) => policy,
        (None, Some(_)) => return Err(ProtocolError::bad_request("`policy` must be an object")),
        (Some(_), Some(_)) => {
            return Err(ProtocolError::bad_request(
                "give `rules` or `policy`, not both",
            ))
        }
        (None, None) => {
            return Err(ProtocolError::bad_request(
                "missing field `rules` or `policy`",
            ))
        }
    };
    let parsed = config::parse_policy(&source.to_string(), "request", &home)
        .map_err(|error| ProtocolError::bad_request(error.to_string()))?;
    if parsed.fallback != PermissionState::Ask {
        // `Policy` has no fallback other than `ask` yet, and a `*` rule would
        // report `"*"` where the package reports no pattern: refuse rather
        // than answer differently from the spec.
        return Err(ProtocolError::bad_request(format!(
            "a top-level \"*\" of {} is not supported yet; only \"ask\"",
            parsed.fallback
        )));
    }
    Ok(Policy::new(parsed.rules, home))
}

/// Serializes an answer part; a failure here is a bug (`internal`).
fn to_json<T: serde::Serialize>(value: &T) -> Result<Value, ProtocolError> {
    serde_json::to_value(value)
        .map_err(|error| ProtocolError::new(ErrorCode::Internal, error.to_string()))
}

fn as_object(value: Value) -> Answer {
    match value {
        Value::Object(fields) => Ok(fields),
        _ => Err(ProtocolError::new(
            ErrorCode::Internal,
            "answer is not an object",
        )),
    }
}

/// An answer with one field.
fn single(key: &str, value: Value) -> Map<String, Value> {
    let mut answer = Map::new();
    answer.insert(key.into(), value);
    answer
}
