//! Helpers shared by the generated-case properties (`invariants::properties`,
//! `invariants::regressions`, `invariants::known_findings_reach`,
//! `gen::grammar`, `hardened::properties`, `hardened::ground`).

use fancy_regex::Regex;
use inner_cmd_spec::authorize::{authorize, Decision, FixedSession};
use inner_cmd_spec::gen::{Case, Guard, Layer, LayerForm};
use inner_cmd_spec::invariants::check_decision_in_session;
use inner_cmd_spec::pipeline;
use inner_cmd_spec::policy::Policy;
use inner_cmd_spec::query::PermissionQuery;
use inner_cmd_spec::verdict::PermissionState;
use proptest::prelude::ProptestConfig;
use proptest::test_runner::{FileFailurePersistence, TestCaseError};
use serde_json::{json, Value};

/// Cases per property unless `PROPTEST_CASES` says otherwise.
pub const DEFAULT_CASES: u32 = 2000;

pub fn config(file: &'static str) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_CASES);
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(file))),
        ..ProptestConfig::with_cases(cases)
    }
}

pub fn policy_of(case: &Case) -> Policy {
    Policy::new(case.rules.clone(), case.home.clone())
}

pub fn session_of(case: &Case) -> FixedSession {
    FixedSession {
        registered: case.registered_session.clone(),
        current: Ok(case.live_session.clone()),
    }
}

pub fn decide(details: &Value, case: &Case, policy: &Policy) -> Decision {
    authorize(details, &session_of(case), policy)
}

pub fn answer(policy: &Policy, value: &str) -> Option<PermissionState> {
    policy.check("bash", value, None).ok()
}

/// `details` with its full command replaced by `full` (a single evidence entry).
pub fn with_full_command(details: &Value, full: &str) -> Value {
    let mut details = details.clone();
    let entry = json!({"label": "full command", "text": full, "detail": null});
    if let Some(evidence) = details
        .get_mut("payload")
        .and_then(|p| p.get_mut("evidence"))
        .and_then(Value::as_array_mut)
    {
        evidence.retain(|e| e.get("label").and_then(Value::as_str) != Some("full command"));
        evidence.push(entry);
    }
    details
}

/// The gate-then-authorizer pipeline's outcome (chapter 8, `PIPE-*`).
pub fn pipeline(policy: &Policy, command: &str) -> PermissionState {
    pipeline::decide(policy, command, &pipeline::Options::default()).outcome
}

/// `check_decision_in_session` for a case: the policy answers, and whether
/// the case's live session is the registered one.
pub fn check(
    case: &Case,
    policy: &Policy,
    details: &Value,
    decision: &Decision,
) -> Result<(), TestCaseError> {
    let session_matches = case.live_session == case.registered_session;
    check_decision_in_session(details, session_matches, &|v| answer(policy, v), decision)
        .map_err(|e| TestCaseError::fail(e.to_string()))
}

/// ECMAScript `.`, `\s` and `$` spelled out for fancy-regex (chapter 1), so the
/// grammars below mean what they mean in the deployed TypeScript.
pub const DOT: &str = r"[^\n\r\u{2028}\u{2029}]";
pub const SPACE: &str = r"[\t\n\x0B\x0C\r \u{A0}\u{1680}\u{2000}-\u{200A}\u{2028}\u{2029}\u{202F}\u{205F}\u{3000}\u{FEFF}]";

pub fn timeout_grammar() -> Regex {
    Regex::new(&format!(
        r"\A(?:timeout[ \t]+([1-9][0-9]*(?:\.[0-9]+)?[smhd]?)[ \t]+({DOT}+))\z"
    ))
    .unwrap()
}

pub fn time_grammar() -> Regex {
    Regex::new(&format!(r"\A(?:time[ \t]+(?![-]|{SPACE})({DOT}+))\z")).unwrap()
}

/// The inner command a strict grammar captures from `unit`, if any.
pub fn grammar_capture(unit: &str) -> Option<String> {
    if let Some(caps) = timeout_grammar().captures(unit).unwrap() {
        return Some(caps.get(2).unwrap().as_str().to_owned());
    }
    time_grammar()
        .captures(unit)
        .unwrap()
        .map(|caps| caps.get(1).unwrap().as_str().to_owned())
}

/// An independent reading of the input guards of chapter 2: the guards `details`
/// (with the given live session) violates.
pub fn violated_guards(case: &Case) -> Vec<Guard> {
    let d = &case.details;
    let mut out = Vec::new();
    let is_bash = |v: Option<&Value>| v.and_then(Value::as_str) == Some("bash");
    let wrong_string =
        |v: Option<&Value>| v.is_some_and(|v| v.as_str().is_some_and(|s| s != "bash"));
    if d.get("forwarding").is_some() {
        out.push(Guard::ForwardingPresent);
    }
    if case.live_session != case.registered_session {
        out.push(Guard::SessionMismatch);
    }
    if !is_bash(d.get("toolName")) {
        out.push(Guard::WrongToolName);
    }
    let Some(payload) = d.get("payload").and_then(Value::as_object) else {
        out.push(Guard::WrongType);
        return out;
    };
    if !is_bash(payload.get("kind")) {
        out.push(Guard::WrongKind);
    }
    match payload.get("evidence") {
        Some(Value::Array(entries)) if !entries.iter().all(Value::is_object) => {
            out.push(Guard::EvidenceNotArray);
        }
        Some(Value::Array(entries)) => {
            let full: Vec<&Value> = entries
                .iter()
                .filter(|e| e.get("label").and_then(Value::as_str) == Some("full command"))
                .collect();
            match full.as_slice() {
                [] => {}
                [one] => match one.get("text") {
                    Some(Value::String(text)) if text.trim_matches(is_ecma_space).is_empty() => {
                        out.push(Guard::BlankFullCommand);
                    }
                    Some(Value::String(_)) => {}
                    _ => out.push(Guard::NonStringFullCommand),
                },
                _ => out.push(Guard::DuplicateFullCommand),
            }
        }
        _ => out.push(Guard::EvidenceNotArray),
    }
    let Some(request) = payload.get("request") else {
        out.push(Guard::MissingRequest);
        return out;
    };
    let Some(request) = request.as_object() else {
        out.push(Guard::WrongType);
        return out;
    };
    match request.get("requester").and_then(|r| r.get("forwarded")) {
        None => out.push(Guard::ForwardedMissing),
        Some(Value::Bool(true)) => out.push(Guard::ForwardedTrue),
        Some(Value::Bool(false)) => {}
        Some(_) => out.push(Guard::WrongType),
    }
    if !is_bash(request.get("surface")) {
        out.push(Guard::WrongSurface);
    }
    if wrong_string(request.get("toolName")) {
        out.push(Guard::WrongRequestToolName);
    } else if !is_bash(request.get("toolName")) {
        out.push(Guard::WrongType);
    }
    if request.get("invokedToolName") != Some(&Value::Null) {
        out.push(Guard::InvokedToolNameNonNull);
    }
    match request.get("value") {
        Some(Value::String(value)) => {
            if value.trim_matches(is_ecma_space).is_empty() {
                out.push(Guard::BlankValue);
            }
            if d.get("command").is_some_and(|c| c.as_str() != Some(value)) {
                out.push(Guard::LegacyCommandMismatch);
            }
        }
        _ => out.push(Guard::WrongType),
    }
    out
}

/// Characters that act or look like separators (Rust's or ECMAScript's
/// whitespace); NUL and other controls are word characters to bash.
pub fn is_separator_like(c: char) -> bool {
    c.is_whitespace() || SPACE_CHARS.contains(&c)
}

pub fn is_ecma_space(c: char) -> bool {
    SPACE_CHARS.contains(&c)
}

pub const SPACE_CHARS: &[char] = &[
    '\t', '\n', '\u{0B}', '\u{0C}', '\r', ' ', '\u{A0}', '\u{1680}', '\u{2000}', '\u{2001}',
    '\u{2002}', '\u{2003}', '\u{2004}', '\u{2005}', '\u{2006}', '\u{2007}', '\u{2008}', '\u{2009}',
    '\u{200A}', '\u{2028}', '\u{2029}', '\u{202F}', '\u{205F}', '\u{3000}', '\u{FEFF}',
];

/// The full command the details present: the single full-command evidence text, else the value.
pub fn presented_full(case: &Case) -> Option<String> {
    let payload = case.details.get("payload")?;
    let from_evidence = payload
        .get("evidence")?
        .as_array()?
        .iter()
        .find(|e| e.get("label").and_then(Value::as_str) == Some("full command"))
        .and_then(|e| e.get("text"))
        .and_then(Value::as_str);
    from_evidence
        .or_else(|| payload.get("request")?.get("value")?.as_str())
        .map(str::to_owned)
}

pub fn layer(form: LayerForm, word_separator: &str, text: &str) -> Layer {
    Layer {
        form,
        word_separator: word_separator.to_owned(),
        duration: None,
        trailing_separator: String::new(),
        text: text.to_owned(),
    }
}
