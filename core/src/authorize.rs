//! The decision procedure (spec chapter 5, `AUTH-*`).
//!
//! [`authorize`] runs the steps of chapter 5 in order; the first step that
//! decides, decides. Everything it is unsure about defers. It asks the policy
//! at most once, and only about the full command with exactly one wrapper
//! occurrence stripped, so sibling commands stay under judgement.

use std::panic::{catch_unwind, AssertUnwindSafe};

use serde::Serialize;
use serde_json::Value;

use crate::events::Event;
use crate::payload::{self, PromptRequest};
use crate::query::{PermissionQuery, QueryError, BASH_SURFACE};
use crate::recognize::{self, NonTransparent, Wrapper};
use crate::strip;
use crate::verdict::{PermissionState, Verdict};

/// Where the authorizer reads the session it serves (`AUTH-2`).
pub trait SessionSource {
    /// The session id the authorizer was registered for.
    fn registered_session_id(&self) -> &str;
    /// The live session id, read at decision time.
    ///
    /// # Errors
    /// When the live session cannot be read; the authorizer defers (`AUTH-11`).
    fn current_session_id(&self) -> Result<String, SessionError>;
}

/// The live session could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SessionError {
    /// The session source failed; the message says why.
    Unavailable(String),
}

impl std::fmt::Display for SessionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Unavailable(message) => write!(f, "session unavailable: {message}"),
        }
    }
}

impl std::error::Error for SessionError {}

/// A session source with fixed answers, for tests, the CLI and the protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixedSession {
    /// The registered session id.
    pub registered: String,
    /// The live session id, or the message of a read failure.
    pub current: Result<String, String>,
}

impl FixedSession {
    /// A session whose live id equals the registered one.
    #[must_use]
    pub fn matching(id: &str) -> Self {
        Self {
            registered: id.to_owned(),
            current: Ok(id.to_owned()),
        }
    }
}

impl SessionSource for FixedSession {
    fn registered_session_id(&self) -> &str {
        &self.registered
    }

    fn current_session_id(&self) -> Result<String, SessionError> {
        self.current.clone().map_err(SessionError::Unavailable)
    }
}

/// One policy query the authorizer made (`AUTH-8`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QueryRecord {
    /// Always `"bash"`.
    pub surface: String,
    /// The de-wrapped full command.
    pub value: String,
    /// The agent the query was made for.
    pub agent_name: Option<String>,
}

/// The handler that claimed a prompt (`AUTH-4`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Handler {
    /// A transparent wrapper's handler (`AUTH-5`..`AUTH-10`).
    Transparent(Wrapper),
    /// `env` or `xargs`, claimed only to be logged (`AUTH-4`).
    NonTransparent(NonTransparent),
}

impl Handler {
    /// The handler's wrapper word (`timeout`, `time`, `env`, `xargs`).
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Transparent(wrapper) => wrapper.word(),
            Self::NonTransparent(wrapper) => wrapper.word(),
        }
    }
}

/// What [`authorize`] decided, what it logged and what it asked (`VERDICT-2`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Decision {
    /// The verdict.
    pub verdict: Verdict,
    /// The events emitted (at most one).
    pub events: Vec<Event>,
    /// The policy queries made (at most one).
    pub queries: Vec<QueryRecord>,
    /// The handler that claimed the prompt; `None` when none did. Not on the
    /// wire (chapter 9 reports the event, which names the wrapper).
    #[serde(skip)]
    pub handler: Option<Handler>,
}

impl Decision {
    fn defer(events: Vec<Event>) -> Self {
        Self {
            verdict: Verdict::Defer,
            events,
            queries: Vec::new(),
            handler: None,
        }
    }

    fn claimed_by(mut self, handler: Handler) -> Self {
        self.handler = Some(handler);
        self
    }

    fn defer_with(event: Event) -> Self {
        Self::defer(vec![event])
    }
}

/// A check between stripping and the query: may the de-wrapped command be
/// asked about at all (`AUTH-7.1`)?
///
/// The deployed system has none ([`DeployedGuard`]). A profile that knows
/// more about bash implements it to refuse de-wrappings that would change
/// what runs (`HARD-DEWRAP-1`, implemented by `inner_cmd_spec::hardened::Profile`).
///
/// Contract:
/// - `full` is the full command, `unit` the recognized wrapper unit, located
///   in `full` exactly once, `inner` its inner command and `dewrapped` `full`
///   with that occurrence replaced by `inner` (chapter 4);
/// - the answer depends on these four texts only (the decision is
///   deterministic, `INV-1`);
/// - `Err(event)` makes the authorizer defer, without a query, logging
///   `event`. The event must not be a review event (`inner_cmd.allow`,
///   `inner_cmd.deny`): the authorizer replaces one with an
///   `inner_cmd.exception` so that `INV-6` holds whatever the guard returns;
/// - a panic is caught and defers with an `inner_cmd.exception` (`INV-7`).
pub trait DewrapGuard {
    /// `Ok(())` when `dewrapped` may be queried; otherwise the event to defer with.
    ///
    /// # Errors
    /// The event the authorizer defers with.
    fn permit(&self, full: &str, unit: &str, inner: &str, dewrapped: &str) -> Result<(), Event>;
}

/// The deployed system's guard: every de-wrapping may be queried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DeployedGuard;

impl DewrapGuard for DeployedGuard {
    fn permit(&self, _: &str, _: &str, _: &str, _: &str) -> Result<(), Event> {
        Ok(())
    }
}

impl<G: DewrapGuard + ?Sized> DewrapGuard for &G {
    fn permit(&self, full: &str, unit: &str, inner: &str, dewrapped: &str) -> Result<(), Event> {
        (**self).permit(full, unit, inner, dewrapped)
    }
}

/// Runs `guard` under the contract of [`DewrapGuard`]: a panic or a review
/// event becomes an `inner_cmd.exception`, so a faulty guard can only defer.
fn guarded(
    guard: &dyn DewrapGuard,
    full: &str,
    unit: &str,
    inner: &str,
    dewrapped: &str,
) -> Result<(), Event> {
    let exception = |error: String| Event::Exception {
        error,
        command: Some(full.to_owned()),
        inner_command: Some(inner.to_owned()),
    };
    match catch_unwind(AssertUnwindSafe(|| {
        guard.permit(full, unit, inner, dewrapped)
    })) {
        Ok(Ok(())) => Ok(()),
        Ok(Err(Event::Allow { .. } | Event::Deny { .. })) => Err(exception(
            "de-wrap guard returned a review event".to_owned(),
        )),
        Ok(Err(event)) => Err(event),
        Err(p) => Err(exception(format!(
            "de-wrap guard panicked: {}",
            panic_message(p.as_ref())
        ))),
    }
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panic".to_owned())
}

/// Decides one prompt (`AUTH-1`..`AUTH-12`) as the deployed system does.
/// Total: every input gets a decision.
pub fn authorize(
    details: &Value,
    session: &dyn SessionSource,
    query: &dyn PermissionQuery,
) -> Decision {
    authorize_profiled(details, session, query, DeployedGuard)
}

/// [`authorize`] with `guard` consulted after stripping, before the query
/// (`AUTH-7.1`; the hardened profile's guard is `HARD-DEWRAP-1`).
pub fn authorize_profiled<G: DewrapGuard>(
    details: &Value,
    session: &dyn SessionSource,
    query: &dyn PermissionQuery,
    guard: G,
) -> Decision {
    if payload::is_forwarded(details) {
        return Decision::defer(Vec::new());
    }
    let current = catch_unwind(AssertUnwindSafe(|| session.current_session_id()))
        .unwrap_or_else(|p| Err(SessionError::Unavailable(panic_message(p.as_ref()))));
    let current = match current {
        Ok(id) => id,
        Err(error) => {
            return Decision::defer_with(Event::Exception {
                error: error.to_string(),
                command: None,
                inner_command: None,
            })
        }
    };
    let expected = session.registered_session_id();
    if current != expected {
        return Decision::defer_with(Event::SessionMismatch {
            expected_session_id: expected.to_owned(),
            current_session_id: current,
        });
    }
    let Ok(request) = payload::extract(details) else {
        return Decision::defer(Vec::new());
    };
    for wrapper in Wrapper::ALL {
        if let Some(decision) = transparent_handler(wrapper, &request, query, &guard) {
            return decision.claimed_by(Handler::Transparent(wrapper));
        }
    }
    for claim in NonTransparent::ALL {
        if claim.claims(request.full_command) {
            let command = request.full_command.to_owned();
            return Decision::defer_with(match claim {
                NonTransparent::Env => Event::EnvNonTransparent { command },
                NonTransparent::Xargs => Event::XargsNonTransparent { command },
            })
            .claimed_by(Handler::NonTransparent(claim));
        }
    }
    Decision::defer(Vec::new())
}

/// One transparent wrapper's handler; `None` means "not mine" (`AUTH-5`..`AUTH-10`).
fn transparent_handler(
    wrapper: Wrapper,
    request: &PromptRequest<'_>,
    query: &dyn PermissionQuery,
    guard: &dyn DewrapGuard,
) -> Option<Decision> {
    let full = request.full_command;
    let Some(recognized) = wrapper.recognize(request.unit) else {
        return wrapper.starts_with_word(request.unit).then(|| {
            Decision::defer_with(Event::UnsupportedWrapperSyntax {
                command: full.to_owned(),
                wrapper,
            })
        });
    };
    let inner = recognized.inner;
    if recognize::is_recognized_wrapper(inner) {
        return Some(Decision::defer_with(Event::NestedWrapper {
            command: full.to_owned(),
            inner_command: inner.to_owned(),
            wrapper,
        }));
    }
    let Some(dewrapped) = strip::strip_once(full, request.unit, inner) else {
        return Some(Decision::defer_with(Event::WrapperNotLocated {
            command: full.to_owned(),
        }));
    };
    if let Err(event) = guarded(guard, full, request.unit, inner, &dewrapped) {
        return Some(Decision::defer_with(event));
    }
    let answer = catch_unwind(AssertUnwindSafe(|| {
        query.check(BASH_SURFACE, &dewrapped, request.agent_name)
    }))
    .unwrap_or_else(|p| Err(QueryError::Failed(panic_message(p.as_ref()))));
    let record = QueryRecord {
        surface: BASH_SURFACE.to_owned(),
        value: dewrapped,
        agent_name: request.agent_name.map(str::to_owned),
    };
    let command = full.to_owned();
    let inner_command = inner.to_owned();
    let request_id = request.request_id.to_owned();
    let (verdict, event) = match answer {
        Ok(PermissionState::Allow) => (
            Verdict::Allow,
            Event::Allow {
                request_id,
                command,
                inner_command,
            },
        ),
        Ok(PermissionState::Deny) => (
            Verdict::Deny,
            Event::Deny {
                request_id,
                command,
                inner_command,
            },
        ),
        Ok(PermissionState::Ask) => (
            Verdict::Defer,
            Event::InnerAsk {
                command,
                inner_command,
            },
        ),
        Err(error) => (
            Verdict::Defer,
            Event::Exception {
                error: error.to_string(),
                command: Some(command),
                inner_command: Some(inner_command),
            },
        ),
    };
    Some(Decision {
        verdict,
        events: vec![event],
        queries: vec![record],
        handler: None,
    })
}
