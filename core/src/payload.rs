//! The typed boundary: prompt details in, a checked request out (spec chapter 2, `PAY-*`).
//!
//! The authorizer receives untrusted JSON. Guards run on the untyped
//! [`serde_json::Value`], in a fixed order, and the typed [`PromptRequest`]
//! exists only once every guard has passed. A failed guard is a
//! [`Rejection`], which the authorizer turns into a silent `defer`
//! (`PAY-2`): no wrong shape can panic, and none can look like a verdict.

use serde_json::{Map, Value};

use crate::ecma;

/// The only tool, payload kind and surface the authorizer handles: the
/// surface it queries (one name for all three).
pub use crate::query::BASH_SURFACE as BASH;

/// The evidence label that carries the complete Bash input (`PAY-12`).
pub const FULL_COMMAND_LABEL: &str = "full command";

/// A prompt whose every guard passed (`PAY-3`..`PAY-12`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PromptRequest<'a> {
    /// `requestId`.
    pub request_id: &'a str,
    /// `agentName`; `None` when null or absent.
    pub agent_name: Option<&'a str>,
    /// `payload.request.value`: the triggering unit.
    pub unit: &'a str,
    /// The full command: the one `"full command"` evidence text, or the unit.
    pub full_command: &'a str,
}

/// Which guard of chapter 2 failed; the authorizer defers without an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rejection {
    /// `details` is not a JSON object.
    DetailsNotObject,
    /// A `forwarding` member is present, whatever its value (`PAY-1`).
    Forwarding,
    /// `requestId` is not a string.
    RequestId,
    /// `agentName` is neither a string, null, nor absent.
    AgentName,
    /// `toolName` is not `"bash"`.
    ToolName,
    /// `payload` is not an object, or `payload.kind` is not `"bash"`.
    PayloadKind,
    /// `payload.request` is not an object.
    MissingRequest,
    /// `payload.request.requester.forwarded` is not exactly `false`.
    Forwarded,
    /// `payload.request.surface` is not `"bash"`.
    Surface,
    /// `payload.request.toolName` is not `"bash"`.
    RequestToolName,
    /// `payload.request.invokedToolName` is not exactly `null` (an alias tool).
    InvokedToolName,
    /// `payload.request.value` is not a non-blank string.
    Value,
    /// The legacy `command` is present and differs from `value`.
    LegacyCommand,
    /// `payload.evidence` is not an array, or an entry is not an object.
    EvidenceShape,
    /// A `"full command"` entry whose `text` is not a non-blank string.
    FullCommandText,
    /// Two or more `"full command"` entries.
    DuplicateFullCommand,
}

impl std::fmt::Display for Rejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match self {
            Self::DetailsNotObject => "details is not an object",
            Self::Forwarding => "forwarding is present",
            Self::RequestId => "requestId is not a string",
            Self::AgentName => "agentName is neither a string nor null",
            Self::ToolName => "toolName is not \"bash\"",
            Self::PayloadKind => "payload.kind is not \"bash\"",
            Self::MissingRequest => "payload.request is not an object",
            Self::Forwarded => "requester.forwarded is not exactly false",
            Self::Surface => "request.surface is not \"bash\"",
            Self::RequestToolName => "request.toolName is not \"bash\"",
            Self::InvokedToolName => "request.invokedToolName is not null",
            Self::Value => "request.value is not a non-blank string",
            Self::LegacyCommand => "legacy command differs from request.value",
            Self::EvidenceShape => "evidence is not an array of objects",
            Self::FullCommandText => "full-command evidence text is not a non-blank string",
            Self::DuplicateFullCommand => "more than one full-command evidence entry",
        };
        f.write_str(what)
    }
}

impl std::error::Error for Rejection {}

/// The details were forwarded from a sub-agent: `forwarding` is *truthy* (`PAY-1`).
///
/// Truthy in the ECMAScript sense, as the deployed `if (details.forwarding)`
/// tests it: any object or array, a non-empty string, a non-zero number,
/// `true`. A falsy `forwarding` (`null`, `false`, `0`, `""`) is not forwarded
/// here but still fails the guards ([`Rejection::Forwarding`]).
#[must_use]
pub fn is_forwarded(details: &Value) -> bool {
    details
        .as_object()
        .and_then(|o| o.get("forwarding"))
        .is_some_and(is_truthy)
}

/// ECMAScript `Boolean(value)` for a JSON value.
fn is_truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(_) | Value::Object(_) => true,
    }
}

fn string_equal(object: &Map<String, Value>, key: &str, want: &str) -> bool {
    object.get(key).and_then(Value::as_str) == Some(want)
}

fn non_blank(value: Option<&Value>) -> Option<&str> {
    value.and_then(Value::as_str).filter(|s| !ecma::is_blank(s))
}

/// Runs every guard of chapter 2 in order and returns the checked request (`PAY-3`..`PAY-12`).
///
/// # Errors
/// The first guard that failed.
pub fn extract(details: &Value) -> Result<PromptRequest<'_>, Rejection> {
    let details = details.as_object().ok_or(Rejection::DetailsNotObject)?;
    if details.contains_key("forwarding") {
        return Err(Rejection::Forwarding);
    }
    if !string_equal(details, "toolName", BASH) {
        return Err(Rejection::ToolName);
    }
    let payload = details
        .get("payload")
        .and_then(Value::as_object)
        .filter(|p| string_equal(p, "kind", BASH))
        .ok_or(Rejection::PayloadKind)?;
    let request = payload
        .get("request")
        .and_then(Value::as_object)
        .ok_or(Rejection::MissingRequest)?;
    let forwarded = request
        .get("requester")
        .and_then(Value::as_object)
        .and_then(|r| r.get("forwarded"));
    if forwarded != Some(&Value::Bool(false)) {
        return Err(Rejection::Forwarded);
    }
    if !string_equal(request, "surface", BASH) {
        return Err(Rejection::Surface);
    }
    if !string_equal(request, "toolName", BASH) {
        return Err(Rejection::RequestToolName);
    }
    if request.get("invokedToolName") != Some(&Value::Null) {
        return Err(Rejection::InvokedToolName);
    }
    let unit = non_blank(request.get("value")).ok_or(Rejection::Value)?;
    if let Some(legacy) = details.get("command") {
        if legacy.as_str() != Some(unit) {
            return Err(Rejection::LegacyCommand);
        }
    }
    let full_command = full_command(payload.get("evidence"))?.unwrap_or(unit);
    let request_id = details
        .get("requestId")
        .and_then(Value::as_str)
        .ok_or(Rejection::RequestId)?;
    let agent_name = match details.get("agentName") {
        None | Some(Value::Null) => None,
        Some(Value::String(name)) => Some(name.as_str()),
        Some(_) => return Err(Rejection::AgentName),
    };
    Ok(PromptRequest {
        request_id,
        agent_name,
        unit,
        full_command,
    })
}

/// The text of the one `"full command"` entry, `None` when there is none (`PAY-11`, `PAY-12`).
fn full_command(evidence: Option<&Value>) -> Result<Option<&str>, Rejection> {
    let entries = evidence
        .and_then(Value::as_array)
        .ok_or(Rejection::EvidenceShape)?;
    let mut found = None;
    for entry in entries {
        let entry = entry.as_object().ok_or(Rejection::EvidenceShape)?;
        if !string_equal(entry, "label", FULL_COMMAND_LABEL) {
            continue;
        }
        if found.is_some() {
            return Err(Rejection::DuplicateFullCommand);
        }
        found = Some(entry.get("text"));
    }
    match found {
        None => Ok(None),
        Some(text) => non_blank(text).map(Some).ok_or(Rejection::FullCommandText),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// PAY-1..PAY-12: every guard's rejection reads as its own message
    /// (the error a caller of `extract` reports).
    #[test]
    fn rejections_display_distinct_messages() {
        let all = [
            Rejection::DetailsNotObject,
            Rejection::Forwarding,
            Rejection::RequestId,
            Rejection::AgentName,
            Rejection::ToolName,
            Rejection::PayloadKind,
            Rejection::MissingRequest,
            Rejection::Forwarded,
            Rejection::Surface,
            Rejection::RequestToolName,
            Rejection::InvokedToolName,
            Rejection::Value,
            Rejection::LegacyCommand,
            Rejection::EvidenceShape,
            Rejection::FullCommandText,
            Rejection::DuplicateFullCommand,
        ];
        let messages: std::collections::HashSet<String> =
            all.iter().map(ToString::to_string).collect();
        assert_eq!(messages.len(), all.len(), "{messages:?}");
        assert!(messages.iter().all(|m| !m.is_empty()));
        assert_eq!(Rejection::ToolName.to_string(), "toolName is not \"bash\"");
    }
}
