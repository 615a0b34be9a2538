//! Prompt details (`details` JSON) around a command, valid or with one guard broken.

use serde_json::{json, Map, Value};

use super::choices::Choices;

/// A guard of the authorizer's input check that a case breaks (`GEN-7`).
/// Each breaks exactly one condition of spec chapter 2 / upstream §2–3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Guard {
    /// `forwarding` present: truthy (`{"from": "sub-agent"}`, `[]`, `"x"`, `1`,
    /// `true`) or falsy (`null`, `false`, `0`, `""`), which fails the guards too.
    ForwardingPresent,
    /// The live session id differs from the registered one.
    SessionMismatch,
    /// `toolName` is not `"bash"`, e.g. `"Bash"`.
    WrongToolName,
    /// `payload.request.toolName` is not `"bash"`.
    WrongRequestToolName,
    /// `payload.kind` is not `"bash"`, e.g. `"tool"`.
    WrongKind,
    /// `payload.request.requester.forwarded` is `true`.
    ForwardedTrue,
    /// `payload.request.requester.forwarded` is missing.
    ForwardedMissing,
    /// `payload.request.surface` is not `"bash"`.
    WrongSurface,
    /// `payload.request.invokedToolName` is a string (a shell alias tool).
    InvokedToolNameNonNull,
    /// `payload.request.value` is blank: `""`, `"  "`, `"\u{FEFF}\u{3000}"`.
    BlankValue,
    /// The legacy `command` differs from `payload.request.value`.
    LegacyCommandMismatch,
    /// Two `"full command"` evidence entries.
    DuplicateFullCommand,
    /// A `"full command"` entry with blank text.
    BlankFullCommand,
    /// A `"full command"` entry whose text is not a string (`42`, `null`, `[]`).
    NonStringFullCommand,
    /// `payload.evidence` is not an array, or holds an entry that is not an
    /// object (`"full command"`, `null`, `7`).
    EvidenceNotArray,
    /// `payload.request` is missing.
    MissingRequest,
    /// A field of the wrong JSON type, e.g. `"value": 7`, `"forwarded": "false"`.
    WrongType,
}

impl Guard {
    /// Every guard, in the order the decision procedure checks them.
    pub const ALL: [Self; 17] = [
        Self::ForwardingPresent,
        Self::SessionMismatch,
        Self::WrongToolName,
        Self::WrongRequestToolName,
        Self::WrongKind,
        Self::ForwardedTrue,
        Self::ForwardedMissing,
        Self::WrongSurface,
        Self::InvokedToolNameNonNull,
        Self::BlankValue,
        Self::LegacyCommandMismatch,
        Self::DuplicateFullCommand,
        Self::BlankFullCommand,
        Self::NonStringFullCommand,
        Self::EvidenceNotArray,
        Self::MissingRequest,
        Self::WrongType,
    ];
}

/// The session id every generated authorizer is registered for.
pub const SESSION_ID: &str = "session-1";

/// The label of the evidence entry carrying the full command.
pub use crate::payload::FULL_COMMAND_LABEL;

/// Builds valid details for triggering unit `unit` inside `full`.
///
/// Example (unit `timeout 30s ls`, full `cd /repo && timeout 30s ls`):
/// `{"requestId":"req-1","agentName":null,"toolName":"bash","toolCallId":"call-1",
///   "payload":{"kind":"bash","request":{"requester":{"forwarded":false},"surface":"bash",
///   "toolName":"bash","invokedToolName":null,"value":"timeout 30s ls"},
///   "evidence":[{"label":"full command","text":"cd /repo && timeout 30s ls","detail":null}]}}`
pub fn valid_details(c: &mut impl Choices, unit: &str, full: &str, agent: Option<&str>) -> Value {
    let mut evidence = Vec::new();
    if c.percent(30) {
        evidence.push(json!({"label": "rule", "text": "bash: *", "detail": null}));
    }
    if c.percent(20) {
        // Decoys: labels that are not exactly "full command" are not inspected.
        let label = [
            "Full command",
            "full command ",
            "full_command",
            "full  command",
        ][c.choose(4)];
        evidence.push(json!({"label": label, "text": "rm -rf /", "detail": null}));
    }
    // The full command may be omitted only when it equals the unit.
    if full != unit || c.percent(50) {
        evidence.push(json!({"label": FULL_COMMAND_LABEL, "text": full, "detail": null}));
    }
    let mut details = json!({
        "requestId": format!("req-{}", c.choose(1000)),
        "agentName": agent,
        "toolName": "bash",
        "toolCallId": "call-1",
        "payload": {
            "kind": "bash",
            "request": {
                "requester": {"forwarded": false},
                "surface": "bash",
                "toolName": "bash",
                "invokedToolName": null,
                "value": unit,
            },
            "evidence": evidence,
        },
    });
    if c.percent(30) {
        if let Some(object) = details.as_object_mut() {
            object.insert("command".to_owned(), Value::String(unit.to_owned()));
        }
    }
    details
}

/// Breaks `guard` in `details` (built by [`valid_details`]). Returns the live
/// session id the case should report (the registered one unless the guard is
/// [`Guard::SessionMismatch`]).
pub fn break_guard(c: &mut impl Choices, details: &mut Value, guard: Guard) -> String {
    let mut session = SESSION_ID.to_owned();
    match guard {
        Guard::ForwardingPresent => {
            let forwarding = [
                json!({"from": "sub-agent"}),
                json!([]),
                json!("x"),
                json!(1),
                json!(true),
                Value::Null,
                json!(false),
                json!(0),
                json!(""),
            ][c.choose(9)]
            .clone();
            set(details, &[], "forwarding", forwarding);
        }
        Guard::SessionMismatch => session = ["session-2", "", "SESSION-1"][c.choose(3)].to_owned(),
        Guard::WrongToolName => set(details, &[], "toolName", json!(wrong_name(c))),
        Guard::WrongRequestToolName => {
            set(
                details,
                &["payload", "request"],
                "toolName",
                json!(wrong_name(c)),
            );
        }
        Guard::WrongKind => set(details, &["payload"], "kind", json!(wrong_name(c))),
        Guard::ForwardedTrue => {
            set(
                details,
                &["payload", "request", "requester"],
                "forwarded",
                json!(true),
            );
        }
        Guard::ForwardedMissing => {
            if c.percent(50) {
                remove(details, &["payload", "request", "requester"], "forwarded");
            } else {
                remove(details, &["payload", "request"], "requester");
            }
        }
        Guard::WrongSurface => set(
            details,
            &["payload", "request"],
            "surface",
            json!(wrong_name(c)),
        ),
        Guard::InvokedToolNameNonNull => {
            set(
                details,
                &["payload", "request"],
                "invokedToolName",
                json!("bash_alias"),
            );
        }
        Guard::BlankValue => {
            let blank = ["", "   ", "\u{FEFF}\u{3000}", "\t\n", "\u{2028}"][c.choose(5)];
            set(details, &["payload", "request"], "value", json!(blank));
            if details.get("command").is_some() {
                set(details, &[], "command", json!(blank));
            }
        }
        Guard::LegacyCommandMismatch => {
            let value = lookup(details, &["payload", "request", "value"]);
            let other = format!("{} ", value.as_str().unwrap_or("x"));
            set(details, &[], "command", json!(other));
        }
        Guard::DuplicateFullCommand => {
            let text = full_text(details);
            let second = if c.percent(50) {
                text.clone()
            } else {
                format!("{text} && ls")
            };
            ensure_full_entry(details, &text);
            push_evidence(
                details,
                json!({"label": FULL_COMMAND_LABEL, "text": second, "detail": null}),
            );
        }
        Guard::BlankFullCommand => {
            let blank = ["", " ", "\u{00A0}\n"][c.choose(3)];
            replace_full_entry(details, json!(blank));
        }
        Guard::NonStringFullCommand => {
            let text =
                [json!(42), Value::Null, json!(["ls"]), json!({"t": "ls"})][c.choose(4)].clone();
            replace_full_entry(details, text);
        }
        Guard::EvidenceNotArray if c.percent(30) => {
            let entry = [json!("full command"), Value::Null, json!(7)][c.choose(3)].clone();
            push_evidence(details, entry);
        }
        Guard::EvidenceNotArray => {
            let text = full_text(details);
            let replacement = [
                json!({"label": FULL_COMMAND_LABEL, "text": text}),
                json!(text),
                Value::Null,
            ][c.choose(3)]
            .clone();
            set(details, &["payload"], "evidence", replacement);
        }
        Guard::MissingRequest => remove(details, &["payload"], "request"),
        Guard::WrongType => match c.choose(5) {
            0 => set(details, &["payload", "request"], "value", json!(7)),
            1 => set(
                details,
                &["payload", "request", "requester"],
                "forwarded",
                json!("false"),
            ),
            2 => set(
                details,
                &["payload", "request"],
                "toolName",
                json!(["bash"]),
            ),
            3 => set(details, &["payload"], "request", json!("bash")),
            _ => set(details, &[], "payload", json!(null)),
        },
    }
    session
}

fn wrong_name(c: &mut impl Choices) -> &'static str {
    ["Bash", "read", "bash ", "", "shell"][c.choose(5)]
}

fn lookup<'a>(details: &'a Value, path: &[&str]) -> &'a Value {
    path.iter()
        .try_fold(details, |value, key| value.get(key))
        .unwrap_or(&Value::Null)
}

fn object_at<'a>(details: &'a mut Value, path: &[&str]) -> Option<&'a mut Map<String, Value>> {
    path.iter()
        .try_fold(details, |value, key| value.get_mut(key))
        .and_then(Value::as_object_mut)
}

fn set(details: &mut Value, path: &[&str], key: &str, value: Value) {
    if let Some(object) = object_at(details, path) {
        object.insert(key.to_owned(), value);
    }
}

fn remove(details: &mut Value, path: &[&str], key: &str) {
    if let Some(object) = object_at(details, path) {
        object.shift_remove(key);
    }
}

fn evidence(details: &mut Value) -> Option<&mut Vec<Value>> {
    details
        .get_mut("payload")
        .and_then(|p| p.get_mut("evidence"))
        .and_then(Value::as_array_mut)
}

fn is_full_entry(entry: &Value) -> bool {
    entry.get("label").and_then(Value::as_str) == Some(FULL_COMMAND_LABEL)
}

/// The full command the valid details carry: the evidence text, else the value.
fn full_text(details: &Value) -> String {
    let from_evidence = lookup(details, &["payload", "evidence"])
        .as_array()
        .and_then(|entries| entries.iter().find(|e| is_full_entry(e)))
        .and_then(|e| e.get("text"))
        .and_then(Value::as_str);
    from_evidence
        .or_else(|| lookup(details, &["payload", "request", "value"]).as_str())
        .unwrap_or("")
        .to_owned()
}

fn push_evidence(details: &mut Value, entry: Value) {
    if let Some(entries) = evidence(details) {
        entries.push(entry);
    }
}

fn ensure_full_entry(details: &mut Value, text: &str) {
    let present = evidence(details).is_some_and(|entries| entries.iter().any(is_full_entry));
    if !present {
        push_evidence(
            details,
            json!({"label": FULL_COMMAND_LABEL, "text": text, "detail": null}),
        );
    }
}

fn replace_full_entry(details: &mut Value, text: Value) {
    let full = full_text(details);
    ensure_full_entry(details, &full);
    if let Some(entries) = evidence(details) {
        for entry in entries.iter_mut().filter(|e| is_full_entry(e)) {
            if let Some(object) = entry.as_object_mut() {
                object.insert("text".to_owned(), text.clone());
            }
        }
    }
}
