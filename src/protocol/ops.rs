//! The protocol operations (`PROTO-6`..`PROTO-12`).

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{Map, Value};

use super::policy_source::{policy, PolicySource, POLICY_MEMBERS};
use super::request::home;
use super::{ErrorCode, ProtocolError};
use crate::authorize::{authorize_profiled, FixedSession};
use crate::hardened::commands::walk;
use crate::hardened::{Profile, Profiled};
use crate::pipeline::{self, Options};
use crate::policy::pattern::Pattern;
use crate::policy::units::{self, UnitsError};
use crate::policy::Policy;
use crate::query::{PermissionQuery, QueryError};
use crate::verdict::PermissionState;

/// Every operation name of the protocol, in the order `spec/protocol.md` lists them.
pub const OPERATIONS: &[&str] = &["match", "units", "check", "advisory", "authorize", "decide"];

/// The fields of a successful answer.
type Answer = Result<Map<String, Value>, ProtocolError>;

/// Answers one decoded request: the answer's fields, or why it was rejected (`PROTO-12`).
///
/// Policies are built through `policies` (`PROTO-14`).
pub(super) fn dispatch(
    op: &str,
    fields: &Map<String, Value>,
    policies: &mut PolicySource<'_>,
) -> Answer {
    match op {
        "match" => wildcard_match(fields),
        "units" => command_units(fields),
        "check" => check(op, fields, Profile::gate, policies),
        "advisory" => check(op, fields, Profile::advisory, policies),
        "authorize" => authorize_request(fields, policies),
        "decide" => decide(fields, policies),
        _ => Err(ProtocolError::new(
            ErrorCode::UnknownOp,
            format!("unknown op `{op}`"),
        )),
    }
}

/// A request's members as its operation's typed request: serde decodes every
/// member in one place, and any member missing or of the wrong type is a
/// `bad_request` (`PROTO-12`). Members not listed are ignored, and `null`
/// counts as absent for every optional member. The policy members are left
/// to [`policy`].
fn decode<T: DeserializeOwned>(op: &str, fields: &Map<String, Value>) -> Result<T, ProtocolError> {
    let members: Map<String, Value> = fields
        .iter()
        .filter(|(key, _)| !POLICY_MEMBERS.contains(&key.as_str()))
        .map(|(key, value)| (key.clone(), value.clone()))
        .collect();
    serde_json::from_value(Value::Object(members))
        .map_err(|error| ProtocolError::bad_request(format!("bad `{op}` request: {error}")))
}

/// `match` (`PROTO-7`).
#[derive(Deserialize)]
struct MatchRequest {
    pattern: String,
    value: String,
    home: Option<String>,
}

/// `units` (`PROTO-8`).
#[derive(Deserialize)]
struct UnitsRequest {
    command: String,
    profile: Option<String>,
}

/// `check` and `advisory` (`PROTO-9`).
#[derive(Deserialize)]
struct CheckRequest {
    command: String,
    profile: Option<String>,
    home: Option<String>,
}

/// `authorize` (`PROTO-10`): the policy is `answers`, or else `rules`/`policy`.
#[derive(Deserialize)]
struct AuthorizeRequest {
    details: Value,
    session: SessionMembers,
    answers: Option<Value>,
    profile: Option<String>,
    home: Option<String>,
}

/// `session`: `{"expected": id, "current": id | {"error": message}}` (`PROTO-10`).
#[derive(Deserialize)]
struct SessionMembers {
    expected: String,
    current: CurrentSession,
}

/// The live session: its id, or why it could not be read.
#[derive(Deserialize)]
#[serde(
    untagged,
    expecting = "`session.current` must be a string or {\"error\": string}"
)]
enum CurrentSession {
    Id(String),
    Unreadable { error: String },
}

/// `decide` (`PROTO-11`).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DecideRequest {
    command: String,
    profile: Option<String>,
    home: Option<String>,
    request_id: Option<String>,
    agent_name: Option<String>,
}

/// `match`: one wildcard pattern against one value (`PROTO-7`).
fn wildcard_match(fields: &Map<String, Value>) -> Answer {
    let request: MatchRequest = decode("match", fields)?;
    let home = home(request.home)?;
    let matched = Pattern::compile(&request.pattern, &home).is_match(&request.value);
    Ok(single("matched", Value::Bool(matched)))
}

/// `units`: the command units of a command (`PROTO-8`).
fn command_units(fields: &Map<String, Value>) -> Answer {
    let request: UnitsRequest = decode("units", fields)?;
    let refused = |error| match error {
        UnitsError::Parser(message) => ProtocolError::new(ErrorCode::Internal, message),
        other => ProtocolError::new(ErrorCode::LimitExceeded, other.to_string()),
    };
    match profile(request.profile)? {
        Profile::Deployed => {
            let units = units::enumerate(&request.command).map_err(refused)?;
            Ok(single("units", to_json(&units)?))
        }
        // HARD-UNIT-*: the hardened profile's judgements, with their values and floors.
        Profile::Hardened => {
            let judgements = walk::judgements(&request.command).map_err(refused)?;
            Ok(single("units", to_json(&judgements)?))
        }
    }
}

/// `check` / `advisory`: the policy's answer for a command (`PROTO-9`).
fn check(
    op: &str,
    fields: &Map<String, Value>,
    run: fn(Profile, &Policy, &str) -> crate::policy::CheckResult,
    policies: &mut PolicySource<'_>,
) -> Answer {
    let request: CheckRequest = decode(op, fields)?;
    let profile = profile(request.profile)?;
    let policy = policy(fields, request.home, policies)?;
    as_object(to_json(&run(profile, &policy, &request.command))?)
}

/// `authorize`: the authorizer on given details (`PROTO-10`).
fn authorize_request(fields: &Map<String, Value>, policies: &mut PolicySource<'_>) -> Answer {
    let request: AuthorizeRequest = decode("authorize", fields)?;
    let session = FixedSession {
        registered: request.session.expected,
        current: match request.session.current {
            CurrentSession::Id(id) => Ok(id),
            CurrentSession::Unreadable { error } => Err(error),
        },
    };
    let profile = profile(request.profile)?;
    let decision = match request.answers {
        Some(answers) => {
            if policies.names_a_policy(fields) {
                return Err(ProtocolError::bad_request(
                    "give exactly one of `answers`, `rules` and `policy`",
                ));
            }
            authorize_profiled(
                &request.details,
                &session,
                &AnswerTable::parse(&answers)?,
                profile,
            )
        }
        None => {
            let policy = policy(fields, request.home, policies)?;
            let query = Profiled {
                policy: &policy,
                profile,
            };
            authorize_profiled(&request.details, &session, &query, profile)
        }
    };
    as_object(to_json(&decision)?)
}

/// `decide`: the pipeline (`PROTO-11`).
fn decide(fields: &Map<String, Value>, policies: &mut PolicySource<'_>) -> Answer {
    let request: DecideRequest = decode("decide", fields)?;
    let profile = profile(request.profile)?;
    let policy = policy(fields, request.home, policies)?;
    let options = Options {
        request_id: request.request_id,
        agent_name: request.agent_name,
    };
    as_object(to_json(&pipeline::decide_profiled(
        &policy,
        &request.command,
        &options,
        profile,
    ))?)
}

/// The `profile` member: absent or `null` is `deployed`; any string other
/// than `"deployed"` or `"hardened"` is `bad_request`, and so is another type
/// (by the decoder) (`HARD-1`).
fn profile(name: Option<String>) -> Result<Profile, ProtocolError> {
    match name {
        None => Ok(Profile::Deployed),
        Some(name) => Profile::from_name(&name).ok_or_else(|| {
            ProtocolError::bad_request(format!(
                "unknown profile {name:?}: expected \"deployed\" or \"hardened\""
            ))
        }),
    }
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
