//! The pipeline: the gate, then the authorizer (spec chapter 8, `PIPE-*`).
//!
//! [`decide`] composes the two deciders the way the deployed system does: the
//! permission gate judges the command with the policy; only an `ask` builds
//! the prompt details and consults the inner-cmd authorizer, whose permission
//! query is the same policy. The result keeps every intermediate answer so
//! that `inner-cmd check` can print a trace without re-deciding anything.

use std::cell::RefCell;

use serde::Serialize;
use serde_json::{json, Value};

use crate::authorize::{authorize_profiled, Decision, FixedSession};
use crate::ecma;
use crate::hardened::{Profile, Walks};
use crate::policy::{CheckResult, Policy};
use crate::query::{PermissionQuery, QueryError, BASH_SURFACE};
use crate::verdict::{PermissionState, Verdict};

/// The `requestId` of the prompt details when the caller gives none (`PIPE-5`).
pub const DEFAULT_REQUEST_ID: &str = "inner-cmd-pipeline";

/// The session id the pipeline registers the authorizer for and reports as live (`PIPE-5`).
pub const PIPELINE_SESSION_ID: &str = "inner-cmd-pipeline-session";

/// The evidence label that carries the full command (chapter 2, `PIPE-4`).
pub use crate::payload::FULL_COMMAND_LABEL;

/// The evidence `detail` text of the full-command entry (`PIPE-4`).
pub const FULL_COMMAND_DETAIL: &str =
    "the complete Bash input; the request value is the command unit that triggered the ask";

/// What the caller may set beyond the policy and the command.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// The prompt's `requestId`; [`DEFAULT_REQUEST_ID`] when `None`.
    pub request_id: Option<String>,
    /// The prompt's `agentName`; `None` is JSON `null` (no agent).
    pub agent_name: Option<String>,
}

/// Everything the pipeline decided and why (`PIPE-7`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome {
    /// `allow`, `deny`, or `ask` (a human would be asked).
    pub outcome: PermissionState,
    /// The gate's check of the trimmed command (`PIPE-1`).
    pub gate: CheckResult,
    /// The authorizer's decision; `None` when the gate did not ask (`PIPE-2`).
    pub authorizer: Option<Decision>,
    /// The prompt details the authorizer was given (`PIPE-3`).
    pub details: Option<Value>,
    /// The advisory check of each value the authorizer queried (`PIPE-7`).
    pub requeries: Vec<CheckResult>,
}

/// Runs the gate and, on `ask`, the authorizer (`PIPE-1`..`PIPE-8`).
#[must_use]
pub fn decide(policy: &Policy, command: &str, options: &Options) -> Outcome {
    decide_profiled(policy, command, options, Profile::Deployed)
}

/// [`decide`] under `profile`: its gate check, re-query and authorizer guard (`HARD-1`).
#[must_use]
pub fn decide_profiled(
    policy: &Policy,
    command: &str,
    options: &Options,
    profile: Profile,
) -> Outcome {
    let trimmed = ecma::trim(command);
    // The gate trims (POL-CHECK-8); under `hardened` it also judges what
    // the trim removed, which bash runs (HARD-PARSE-3), so it gets the
    // command as given.
    // Each distinct text is parsed and walked once for the whole decision:
    // the gate's walk serves the guard, and the guard's the re-query.
    let walks = Walks::new();
    let gate = profile.gate_in(&walks, policy, command);
    if gate.state != PermissionState::Ask {
        return Outcome {
            outcome: gate.state,
            gate,
            authorizer: None,
            details: None,
            requeries: Vec::new(),
        };
    }
    let request_id = options.request_id.as_deref().unwrap_or(DEFAULT_REQUEST_ID);
    let details = prompt_details(&gate, trimmed, request_id, options.agent_name.as_deref());
    let session = FixedSession::matching(PIPELINE_SESSION_ID);
    let recording = RecordingQuery {
        policy,
        profile,
        walks: &walks,
        checks: RefCell::new(Vec::new()),
    };
    let decision = authorize_profiled(&details, &session, &recording, profile.guard(&walks));
    let requeries = recording.checks.into_inner();
    let outcome = match decision.verdict {
        Verdict::Allow => PermissionState::Allow,
        Verdict::Deny => PermissionState::Deny,
        Verdict::Defer => PermissionState::Ask,
    };
    let outcome = profile.cap(command, outcome);
    Outcome {
        outcome,
        gate,
        authorizer: Some(decision),
        details: Some(details),
        requeries,
    }
}

/// The policy as the authorizer's query, keeping each advisory check it made,
/// so the trace's re-check is the one that decided, not a second evaluation
/// (`PIPE-7`).
struct RecordingQuery<'a> {
    policy: &'a Policy,
    profile: Profile,
    walks: &'a Walks,
    checks: RefCell<Vec<CheckResult>>,
}

impl PermissionQuery for RecordingQuery<'_> {
    fn check(
        &self,
        surface: &str,
        value: &str,
        agent: Option<&str>,
    ) -> Result<PermissionState, QueryError> {
        if surface != BASH_SURFACE {
            // Same answer as the policy itself gives (POL-CHECK-9).
            return self.policy.check(surface, value, agent);
        }
        let result = self.profile.advisory_in(self.walks, self.policy, value);
        let state = result.state;
        self.checks.borrow_mut().push(result);
        Ok(state)
    }
}

/// The prompt details the permission system passes to its authorizers on an ask (`PIPE-3`, `PIPE-4`).
///
/// `full_command` is the command the gate checked (already trimmed). The
/// request value is the gate's triggering unit, or the full command when the
/// gate names none; the evidence carries the full command only when it differs.
#[must_use]
pub fn prompt_details(
    gate: &CheckResult,
    full_command: &str,
    request_id: &str,
    agent_name: Option<&str>,
) -> Value {
    let value = gate.command.as_deref().unwrap_or(full_command);
    let evidence = if full_command == value {
        json!([])
    } else {
        json!([{
            "label": FULL_COMMAND_LABEL,
            "text": full_command,
            "detail": FULL_COMMAND_DETAIL,
        }])
    };
    json!({
        "requestId": request_id,
        "agentName": agent_name,
        "toolName": BASH_SURFACE,
        "payload": {
            "kind": BASH_SURFACE,
            "request": {
                "requester": {"forwarded": false},
                "surface": BASH_SURFACE,
                "toolName": BASH_SURFACE,
                "invokedToolName": null,
                "value": value,
            },
            "evidence": evidence,
        },
    })
}

impl Outcome {
    /// The de-wrapped full command the authorizer queried, if it got that far.
    #[must_use]
    pub fn dewrapped_command(&self) -> Option<&str> {
        let decision = self.authorizer.as_ref()?;
        decision.queries.first().map(|query| query.value.as_str())
    }

    /// The word of the handler that claimed the prompt (`AUTH-4`), as the
    /// authorizer recorded it. `None`: no handler, or the authorizer was not
    /// consulted.
    #[must_use]
    pub fn handler(&self) -> Option<&'static str> {
        Some(self.authorizer.as_ref()?.handler?.word())
    }

    /// The inner command the wrapper grammar captured, when the authorizer's event names it.
    #[must_use]
    pub fn inner_command(&self) -> Option<String> {
        self.event_detail("innerCommand")
    }

    /// A detail of the authorizer's event (`innerCommand`, `wrapper`, `command`, …).
    #[must_use]
    pub fn event_detail(&self, key: &str) -> Option<String> {
        let event = self.authorizer.as_ref()?.events.first()?;
        event.field(key).map(str::to_owned)
    }

    /// The name of the authorizer's event (`inner_cmd.allow`, …), if it emitted one.
    #[must_use]
    pub fn event_name(&self) -> Option<String> {
        let event = self.authorizer.as_ref()?.events.first()?;
        Some(event.name().to_owned())
    }
}
