//! Fail-closed invariants of the authorizer (spec chapter 6, `INV-*`).
//!
//! [`check_decision`] judges one [`Decision`] against the input it was made
//! for and the answers the policy gives. It re-derives what it needs from the
//! spec's definitions (the grammars, the located occurrence, plain string
//! slicing) rather than trusting the decision, so that a forged or buggy
//! decision is caught. Unit tests, property tests and fuzz targets all call
//! this one function.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use serde_json::Value;

use crate::authorize::{Decision, QueryRecord};
use crate::events::Event;
use crate::payload;
use crate::query::BASH_SURFACE;
use crate::recognize::{self, Wrapper};
use crate::strip;
use crate::verdict::{PermissionState, Verdict};

/// An invariant a decision broke.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum InvariantViolation {
    /// More than one policy query (`INV-1`).
    TooManyQueries(usize),
    /// More than one event (`INV-1`).
    TooManyEvents(usize),
    /// Allow without exactly one query that answered allow (`INV-2`).
    AllowWithoutAllowAnswer,
    /// Deny without exactly one query that answered deny (`INV-3`).
    DenyWithoutDenyAnswer,
    /// A query although the input does not permit one; the text says which condition failed (`INV-4`).
    QueryNotPermitted(&'static str),
    /// The query's value is not the full command with exactly the one occurrence replaced (`INV-5`).
    QueryValueMismatch {
        /// What the value must be.
        expected: String,
        /// What was queried.
        actual: String,
    },
    /// The query's surface or agent is not the request's (`INV-5`).
    QueryTarget,
    /// A decisive verdict without its review event, or a review event without it (`INV-6`).
    EventVerdictMismatch,
    /// A query although the live session is not the registered one (`INV-8`).
    QueryInForeignSession,
}

impl std::fmt::Display for InvariantViolation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::TooManyQueries(n) => write!(f, "{n} policy queries (at most one allowed)"),
            Self::TooManyEvents(n) => write!(f, "{n} events (at most one allowed)"),
            Self::AllowWithoutAllowAnswer => f.write_str("allow without a query answering allow"),
            Self::DenyWithoutDenyAnswer => f.write_str("deny without a query answering deny"),
            Self::QueryNotPermitted(why) => write!(f, "query not permitted: {why}"),
            Self::QueryValueMismatch { expected, actual } => {
                write!(f, "queried {actual:?}, must query {expected:?}")
            }
            Self::QueryTarget => f.write_str("query surface or agent differs from the request"),
            Self::EventVerdictMismatch => f.write_str("verdict and review event disagree"),
            Self::QueryInForeignSession => {
                f.write_str("query although the live session is not the registered one")
            }
        }
    }
}

impl std::error::Error for InvariantViolation {}

/// Checks every invariant of chapter 6 for one decision (`INV-1`..`INV-6`).
///
/// `answers(value)` is what the policy answers for `value` (`None`: the query fails).
///
/// # Errors
/// The first invariant the decision breaks.
pub fn check_decision(
    details: &Value,
    answers: &dyn Fn(&str) -> Option<PermissionState>,
    decision: &Decision,
) -> Result<(), InvariantViolation> {
    if decision.queries.len() > 1 {
        return Err(InvariantViolation::TooManyQueries(decision.queries.len()));
    }
    if decision.events.len() > 1 {
        return Err(InvariantViolation::TooManyEvents(decision.events.len()));
    }
    let answered = decision.queries.first().and_then(|q| answers(&q.value));
    match decision.verdict {
        Verdict::Allow if answered != Some(PermissionState::Allow) => {
            return Err(InvariantViolation::AllowWithoutAllowAnswer)
        }
        Verdict::Deny if answered != Some(PermissionState::Deny) => {
            return Err(InvariantViolation::DenyWithoutDenyAnswer)
        }
        _ => {}
    }
    check_review_event(decision)?;
    match decision.queries.first() {
        Some(query) => check_query(details, query),
        None => Ok(()),
    }
}

/// [`check_decision`], plus the session invariant (`INV-8`).
///
/// `session_matches` says whether the live session id equalled the registered
/// one when the decision was made (`false` also for a failed read).
///
/// # Errors
/// The first invariant the decision breaks.
pub fn check_decision_in_session(
    details: &Value,
    session_matches: bool,
    answers: &dyn Fn(&str) -> Option<PermissionState>,
    decision: &Decision,
) -> Result<(), InvariantViolation> {
    check_decision(details, answers, decision)?;
    if !session_matches && !decision.queries.is_empty() {
        return Err(InvariantViolation::QueryInForeignSession);
    }
    Ok(())
}

/// `INV-6`: allow ⇔ an `inner_cmd.allow` event; deny ⇔ an `inner_cmd.deny` event.
fn check_review_event(decision: &Decision) -> Result<(), InvariantViolation> {
    let event = decision.events.first();
    let consistent = match decision.verdict {
        Verdict::Allow => matches!(event, Some(Event::Allow { .. })),
        Verdict::Deny => matches!(event, Some(Event::Deny { .. })),
        Verdict::Defer => !matches!(event, Some(Event::Allow { .. } | Event::Deny { .. })),
    };
    if consistent {
        Ok(())
    } else {
        Err(InvariantViolation::EventVerdictMismatch)
    }
}

/// `INV-4`, `INV-5`: a query is permitted, and asks exactly the de-wrapped full command.
fn check_query(details: &Value, query: &QueryRecord) -> Result<(), InvariantViolation> {
    use InvariantViolation::QueryNotPermitted as NotPermitted;
    if payload::is_forwarded(details) {
        return Err(NotPermitted("the request was forwarded"));
    }
    let request = payload::extract(details).map_err(|_| NotPermitted("a payload guard fails"))?;
    let recognized = Wrapper::ALL
        .iter()
        .find_map(|w| w.recognize(request.unit))
        .ok_or(NotPermitted("the unit is not a recognized wrapper"))?;
    if recognize::is_recognized_wrapper(recognized.inner) {
        return Err(NotPermitted("the inner command is itself a wrapper"));
    }
    let full = request.full_command;
    let located = strip::locate_once(full, request.unit).ok_or(NotPermitted(
        "the unit is not in the full command exactly once",
    ))?;
    let expected = [
        full.get(..located.start),
        Some(recognized.inner),
        full.get(located.end..),
    ]
    .into_iter()
    .collect::<Option<String>>()
    .ok_or(NotPermitted(
        "the occurrence is not on character boundaries",
    ))?;
    if query.value != expected {
        return Err(InvariantViolation::QueryValueMismatch {
            expected,
            actual: query.value.clone(),
        });
    }
    if query.surface != BASH_SURFACE || query.agent_name.as_deref() != request.agent_name {
        return Err(InvariantViolation::QueryTarget);
    }
    Ok(())
}

mod here_document;
mod image;
pub(crate) mod known;
pub use here_document::{has_unterminated_here_document, without_here_documents};
mod policy;
pub use known::{
    check_siblings_judged_known, classify_appended_violation, classify_sibling_violation,
    stays_separate, AppendedViolation, KnownAppendedViolation, KnownSiblingViolation,
    SiblingViolation, KNOWN_APPENDED_VIOLATIONS, KNOWN_SIBLING_VIOLATIONS,
};
#[cfg(feature = "fuzzing")]
pub(crate) use policy::check_matchers_agree_with;
pub use policy::{
    check_deterministic, check_matchers_agree, check_monotone, check_recognizers_agree,
    check_siblings_judged, check_siblings_judged_with, PolicyInvariantViolation,
};

mod hardened;
pub use hardened::{check_gate_allow_judged, check_siblings_judged_hardened};

// INV-GROUND, against the execution oracle's record of what bash ran.
#[cfg(feature = "ground")]
mod ground;
#[cfg(feature = "ground")]
mod ground_environment;
#[cfg(feature = "ground")]
pub use ground::{
    check_ground, ground_violations, judge_ground, Basis, GroundJudgement, GroundViolation,
};
#[cfg(feature = "ground")]
pub use ground_environment::unjudged_environment;
