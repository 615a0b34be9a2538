//! # inner-cmd-core
//!
//! The evaluator of *wrapper-aware command authorization* (chapters 1-6 of
//! `spec/SPEC.md` in the `inner-cmd-spec` repository): everything that
//! decides whether a wrapped bash command may be re-asked without its
//! wrapper, and nothing else. It knows no policy (the caller answers through
//! [`query::PermissionQuery`]) and no bash parser (a profile that wants one
//! plugs in through [`authorize::DewrapGuard`]).
//!
//! 1. [`payload`]: only well-formed, non-forwarded bash prompts are handled.
//! 2. [`recognize`]: the triggering unit must match a wrapper's exact
//!    ECMAScript grammar ([`ecma`]); nested wrappers are refused.
//! 3. [`strip`]: that one unit is removed from the **full** command, located
//!    exactly once, so sibling commands stay under judgement.
//! 4. [`authorize`]: the policy is asked once about the de-wrapped command;
//!    allow and deny come only from that answer, everything else defers
//!    ([`verdict::Verdict::Defer`]), with at most one [`events`] entry.
//!
//! [`invariants::check_decision`] re-derives what a decision may do from the
//! input and checks it against the fail-closed invariants `INV-1`..`INV-8`.
//!
//! ```
//! use inner_cmd_core::authorize::{authorize, FixedSession};
//! use inner_cmd_core::invariants::check_decision;
//! use inner_cmd_core::query::{FnQuery, QueryError};
//! use inner_cmd_core::verdict::{PermissionState, Verdict};
//! use serde_json::json;
//!
//! let details = json!({
//!     "requestId": "req-1", "agentName": null, "toolName": "bash",
//!     "payload": {
//!         "kind": "bash",
//!         "request": {
//!             "requester": { "forwarded": false }, "surface": "bash",
//!             "toolName": "bash", "invokedToolName": null,
//!             "value": "timeout 30s pnpm test"
//!         },
//!         "evidence": [{ "label": "full command", "text": "cd app && timeout 30s pnpm test", "detail": null }]
//!     }
//! });
//! let answer = |value: &str| if value == "cd app && pnpm test" { PermissionState::Allow } else { PermissionState::Ask };
//! let policy = FnQuery(|_surface: &str, value: &str, _agent: Option<&str>| Ok::<_, QueryError>(answer(value)));
//!
//! let decision = authorize(&details, &FixedSession::matching("s-1"), &policy);
//! assert_eq!(decision.verdict, Verdict::Allow);
//! assert_eq!(check_decision(&details, &|v| Some(answer(v)), &decision), Ok(()));
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
// Untrusted input must never reach a panic: no unwrap/expect/indexing in library code (tests may).
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)
)]

pub mod ecma;
pub mod query;
pub mod verdict;

pub mod authorize;
pub mod events;
pub mod payload;
pub mod recognize;
pub mod strip;

pub mod invariants;
