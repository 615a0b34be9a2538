//! `inner-cmd hook AGENT` (spec chapter 14): the pipeline in front of a coding
//! agent's shell tool, speaking the agent's own hook protocol.
//!
//! Data flows one way: the agent's payload is read ([`agents::read_payload`])
//! into a [`Request`]; a shell command is judged by the pipeline under the
//! user's rules ([`rules`], [`claude_rules`]); the outcome becomes a
//! [`Decision`] with a reason ([`reason`]); and the decision is written in
//! the agent's answer format ([`agents::render`]). Anything the hook cannot
//! read becomes an [`Unreadable`], answered as `ask` or the agent's refusal,
//! never as `allow` (`HOOK-READ-1`).

pub mod agents;
pub mod claude_rules;
pub mod install;
pub mod log;
pub mod reason;
pub mod rules;

use crate::hardened::Profile;
use crate::pipeline::{self, Outcome};
use crate::policy::Policy;
use crate::verdict::PermissionState;

pub use agents::Agent;

/// The largest payload the hook reads (`HOOK-READ-1`): longer input is not
/// buffered whole, and is answered as unreadable.
pub const MAX_PAYLOAD_BYTES: usize = 4 * 1024 * 1024;

/// What the agent asked about (`HOOK-IN-1`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// The agent's shell tool, about to run `command` in `cwd` (if the payload says).
    Shell {
        /// The full command, as the agent would hand it to bash.
        command: String,
        /// The payload's working directory, if it gives one.
        cwd: Option<String>,
    },
    /// Another tool: the hook takes no decision (`HOOK-IN-2`).
    NotShell {
        /// The tool's name, for the log.
        tool: String,
    },
}

/// Why the hook could not read what it needs (`HOOK-READ-1`): the payload, the
/// policy file or the agent's settings. The message says what was wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable(pub String);

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The hook's decision on a shell command: the pipeline's outcome and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// `allow`, `ask` or `deny` (`HOOK-DECIDE-1`).
    pub state: PermissionState,
    /// One line a person can read: the deciding rule or clause (`HOOK-REASON-1`).
    pub reason: String,
    /// The deciding rule's pattern, or the clause id, for the log.
    pub decided_by: Option<String>,
}

/// Judges one shell command (`HOOK-DECIDE-1`): the pipeline under `profile`,
/// exactly as `decide` and `check` run it, with the reason of `HOOK-REASON-1`.
#[must_use]
pub fn decide(policy: &Policy, command: &str, profile: Profile, notes: &[String]) -> Decision {
    let outcome =
        pipeline::decide_profiled(policy, command, &pipeline::Options::default(), profile);
    decision_of(&outcome, profile, notes)
}

/// The decision of a pipeline outcome, with its reason.
#[must_use]
pub fn decision_of(outcome: &Outcome, profile: Profile, notes: &[String]) -> Decision {
    let (reason, decided_by) = reason::explain(outcome, profile, notes);
    Decision {
        state: outcome.outcome,
        reason,
        decided_by,
    }
}
