//! The protocol operations (`PROTO-6`..`PROTO-12`).

use serde_json::{Map, Value};

use super::request::{home, optional_str, required_str};
use super::{ErrorCode, ProtocolError};
use crate::authorize::{authorize_profiled, FixedSession};
use crate::hardened::{walk, Profile, Profiled};
use crate::pipeline::{self, Options};
use crate::policy::pattern::Pattern;
use crate::policy::units::{self, UnitsError};
use crate::policy::{config, Policy};
use crate::query::{PermissionQuery, QueryError};
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
        "check" => check(fields, Profile::gate),
        "advisory" => check(fields, Profile::advisory),
        "authorize" => authorize_request(fields),
        "decide" => decide(fields),
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
    let refused = |error| match error {
        UnitsError::Parser(message) => ProtocolError::new(ErrorCode::Internal, message),
        other => ProtocolError::new(ErrorCode::LimitExceeded, other.to_string()),
    };
    match profile(fields)? {
        Profile::Deployed => {
            let units = units::enumerate(command).map_err(refused)?;
            Ok(single("units", to_json(&units)?))
        }
        // HARD-UNIT-*: the hardened profile's judgements, with their values and floors.
        Profile::Hardened => {
            let judgements = walk::judgements(command).map_err(refused)?;
            Ok(single("units", to_json(&judgements)?))
        }
    }
}

/// `check` / `advisory`: the policy's answer for a command (`PROTO-9`).
fn check(
    fields: &Map<String, Value>,
    run: fn(Profile, &Policy, &str) -> crate::policy::CheckResult,
) -> Answer {
    let command = required_str(fields, "command")?;
    let profile = profile(fields)?;
    let policy = policy(fields)?;
    as_object(to_json(&run(profile, &policy, command))?)
}

/// `authorize`: the authorizer on given details (`PROTO-10`).
fn authorize_request(fields: &Map<String, Value>) -> Answer {
    let details = fields
        .get("details")
        .ok_or_else(|| ProtocolError::bad_request("missing field `details`"))?;
    let session = session(fields)?;
    let profile = profile(fields)?;
    let decision = match fields.get("answers") {
        Some(answers) => {
            if fields.contains_key("rules") || fields.contains_key("policy") {
                return Err(ProtocolError::bad_request(
                    "give exactly one of `answers`, `rules` and `policy`",
                ));
            }
            authorize_profiled(details, &session, &AnswerTable::parse(answers)?, profile)
        }
        None => {
            let policy = policy(fields)?;
            let query = Profiled {
                policy: &policy,
                profile,
            };
            authorize_profiled(details, &session, &query, profile)
        }
    };
    as_object(to_json(&decision)?)
}

/// `decide`: the pipeline (`PROTO-11`).
fn decide(fields: &Map<String, Value>) -> Answer {
    let command = required_str(fields, "command")?;
    let profile = profile(fields)?;
    let policy = policy(fields)?;
    let options = Options {
        request_id: optional_str(fields, "requestId")?.map(str::to_owned),
        agent_name: optional_str(fields, "agentName")?.map(str::to_owned),
    };
    as_object(to_json(&pipeline::decide_profiled(
        &policy, command, &options, profile,
    ))?)
}

/// The `profile` member: absent or `null` is `deployed`; any string other
/// than `"deployed"` or `"hardened"`, or another type, is `bad_request` (`HARD-1`).
fn profile(fields: &Map<String, Value>) -> Result<Profile, ProtocolError> {
    match optional_str(fields, "profile")? {
        None => Ok(Profile::Deployed),
        Some(name) => Profile::from_name(name).ok_or_else(|| {
            ProtocolError::bad_request(format!(
                "unknown profile {name:?}: expected \"deployed\" or \"hardened\""
            ))
        }),
    }
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
    Ok(Policy::new(parsed.rules, home).with_fallback(parsed.fallback))
}

/// `session`: `{"expected": id, "current": id | {"error": message}}` (`PROTO-10`).
fn session(fields: &Map<String, Value>) -> Result<FixedSession, ProtocolError> {
    let Some(Value::Object(session)) = fields.get("session") else {
        return Err(ProtocolError::bad_request(
            "`session` must be {\"expected\": …, \"current\": …}",
        ));
    };
    let registered = required_str(session, "expected")?.to_owned();
    let current = match session.get("current") {
        Some(Value::String(id)) => Ok(id.clone()),
        Some(Value::Object(failure)) => Err(required_str(failure, "error")?.to_owned()),
        _ => {
            return Err(ProtocolError::bad_request(
                "`session.current` must be a string or {\"error\": string}",
            ))
        }
    };
    Ok(FixedSession {
        registered,
        current,
    })
}

/// A permission query answered from a table: value -> state or failure (`PROTO-10`).
struct AnswerTable(Map<String, Value>);

impl AnswerTable {
    fn parse(answers: &Value) -> Result<Self, ProtocolError> {
        let Value::Object(table) = answers else {
            return Err(ProtocolError::bad_request("`answers` must be an object"));
        };
        for (value, answer) in table {
            let known = answer
                .as_str()
                .is_some_and(|name| name == "throw" || PermissionState::from_name(name).is_some());
            if !known {
                return Err(ProtocolError::bad_request(format!(
                    "answer for {value:?} must be \"allow\", \"ask\", \"deny\" or \"throw\""
                )));
            }
        }
        Ok(Self(table.clone()))
    }
}

impl PermissionQuery for AnswerTable {
    fn check(
        &self,
        _surface: &str,
        value: &str,
        _agent: Option<&str>,
    ) -> Result<PermissionState, QueryError> {
        match self.0.get(value).and_then(Value::as_str) {
            None => Ok(PermissionState::Ask),
            Some("throw") => Err(QueryError::Failed(format!(
                "the answers table throws for {value:?}"
            ))),
            Some(name) => Ok(PermissionState::from_name(name).unwrap_or(PermissionState::Ask)),
        }
    }
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
