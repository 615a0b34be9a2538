//! Shared fixtures for the authorizer tests: prompt details, a table-driven
//! stub policy that records its calls, and a session source that counts reads.

use std::cell::{Cell, RefCell};

use inner_cmd_spec::authorize::{SessionError, SessionSource};
use inner_cmd_spec::query::{PermissionQuery, QueryError};
use inner_cmd_spec::verdict::PermissionState;
use serde_json::{json, Value};

/// Well-formed details for `unit`; `full` adds one `"full command"` evidence entry.
pub fn details(unit: &str, full: Option<&str>) -> Value {
    let evidence = match full {
        Some(text) => json!([
            {"label": "rule", "text": "bash: * -> ask", "detail": null},
            {"label": "full command", "text": text, "detail": null}
        ]),
        None => json!([]),
    };
    json!({
        "requestId": "req-7",
        "agentName": "builder",
        "toolName": "bash",
        "toolCallId": "call-3",
        "command": unit,
        "payload": {
            "kind": "bash",
            "request": {
                "requester": {"forwarded": false},
                "surface": "bash",
                "toolName": "bash",
                "invokedToolName": null,
                "value": unit
            },
            "evidence": evidence
        }
    })
}

/// Sets the value at a JSON pointer whose parent exists (`None` removes the key).
pub fn set(details: &mut Value, pointer: &str, value: Option<Value>) {
    let (parent, key) = pointer.rsplit_once('/').expect("pointer has a '/'");
    let object = details
        .pointer_mut(parent)
        .and_then(Value::as_object_mut)
        .expect("parent is an object");
    match value {
        Some(v) => {
            object.insert(key.to_owned(), v);
        }
        None => {
            object.remove(key);
        }
    }
}

/// What the stub policy answers for one value.
#[derive(Debug, Clone, Copy)]
pub enum Answer {
    /// A permission state.
    State(PermissionState),
    /// A query error.
    Fail,
}

/// A policy that answers from a table (default: ask) and records every call.
pub struct StubQuery {
    pub table: Vec<(String, Answer)>,
    pub calls: RefCell<Vec<(String, String, Option<String>)>>,
}

impl StubQuery {
    pub fn new(rows: &[(&str, Answer)]) -> Self {
        Self {
            table: rows.iter().map(|(v, a)| ((*v).to_owned(), *a)).collect(),
            calls: RefCell::new(Vec::new()),
        }
    }

    /// The answer as `invariants::check_decision` wants it.
    pub fn answer(&self, value: &str) -> Option<PermissionState> {
        match self.table.iter().find(|(v, _)| v == value) {
            Some((_, Answer::State(s))) => Some(*s),
            Some((_, Answer::Fail)) => None,
            None => Some(PermissionState::Ask),
        }
    }
}

impl PermissionQuery for StubQuery {
    fn check(
        &self,
        surface: &str,
        value: &str,
        agent: Option<&str>,
    ) -> Result<PermissionState, QueryError> {
        self.calls.borrow_mut().push((
            surface.to_owned(),
            value.to_owned(),
            agent.map(str::to_owned),
        ));
        self.answer(value)
            .ok_or_else(|| QueryError::Failed("policy file unreadable".to_owned()))
    }
}

/// A session source that counts how often the live session is read.
pub struct CountingSession {
    pub registered: String,
    pub current: Result<String, String>,
    pub reads: Cell<usize>,
}

impl CountingSession {
    pub fn new(registered: &str, current: Result<&str, &str>) -> Self {
        Self {
            registered: registered.to_owned(),
            current: current.map(str::to_owned).map_err(str::to_owned),
            reads: Cell::new(0),
        }
    }
}

impl SessionSource for CountingSession {
    fn registered_session_id(&self) -> &str {
        &self.registered
    }

    fn current_session_id(&self) -> Result<String, SessionError> {
        self.reads.set(self.reads.get() + 1);
        self.current.clone().map_err(SessionError::Unavailable)
    }
}

/// A session source that must never be read.
pub struct UnreadableSession;

impl SessionSource for UnreadableSession {
    fn registered_session_id(&self) -> &str {
        "s-1"
    }

    fn current_session_id(&self) -> Result<String, SessionError> {
        panic!("the session must not be read");
    }
}
