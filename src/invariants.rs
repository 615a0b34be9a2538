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

// ---------------------------------------------------------------------------
// Policy-aware invariants (issue 5: generators and properties; appended
// section, INV-9 to INV-12 and the two twin checks).
//
// These checks need the reference policy (chapter 7) besides the decision, so
// they sit apart from the authorizer-only checks above. The property tests
// (`tests/properties.rs`) and the fuzz targets call these same functions.
// ---------------------------------------------------------------------------

use crate::ecma;
use crate::pipeline::unit_decisions;
use crate::policy::check::match_value;
use crate::policy::matcher::RuleSet;
use crate::policy::{reference, Policy, Rule};
use crate::recognize::transcription;

/// An invariant involving the reference policy, broken.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PolicyInvariantViolation {
    /// An allow although a unit of the original command, de-wrapped, is not
    /// among the units the re-query judged (`INV-9`).
    SiblingUnjudged {
        /// The original unit's text.
        unit: String,
    },
    /// An allow although a unit the re-query judged was floored or not
    /// allowed by its rule (`INV-9`).
    SiblingNotAllowed {
        /// The judged unit's text.
        unit: String,
    },
    /// A tightened policy or an added sibling turned a non-allow into an allow (`INV-10`).
    NotMonotone,
    /// Two decisions on the same input differ (`INV-12`).
    NotDeterministic,
    /// The hand-written recognizer and its fancy-regex transcription disagree (`WRAP-TRANS-1`).
    RecognizersDisagree {
        /// The unit they disagree on.
        unit: String,
    },
    /// The fast and the reference matcher disagree (`POL-MATCH-8`).
    MatchersDisagree {
        /// The rule's pattern.
        pattern: String,
        /// The value matched.
        value: String,
    },
}

impl std::fmt::Display for PolicyInvariantViolation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::SiblingUnjudged { unit } => write!(f, "allow left unit {unit:?} unjudged"),
            Self::SiblingNotAllowed { unit } => {
                write!(
                    f,
                    "allow although judged unit {unit:?} was floored or not allowed"
                )
            }
            Self::NotMonotone => f.write_str("a stricter input was allowed"),
            Self::NotDeterministic => f.write_str("the same input was decided differently"),
            Self::RecognizersDisagree { unit } => {
                write!(f, "recognizer and transcription disagree on {unit:?}")
            }
            Self::MatchersDisagree { pattern, value } => {
                write!(
                    f,
                    "fast and reference matchers disagree: {pattern:?} vs {value:?}"
                )
            }
        }
    }
}

impl std::error::Error for PolicyInvariantViolation {}

/// `INV-9`: an allow leaves no sibling unjudged.
///
/// Stripping deletes the wrapper prefix (the unit minus its inner command)
/// at the located occurrence and moves nothing else, so every span of the
/// original full command has an *image* in the de-wrapped one. Every unit of
/// the original command must have, at one of the places its text occurs, an
/// image that is a unit the re-query judged — for the wrapper unit (the unit
/// starting where the located occurrence starts), an image that ends with a
/// judged unit, since the inner command's unit omits leading assignments —
/// and every judged unit must be allowed by its rule and not floored.
///
/// # Errors
/// The first unit left unjudged or not allowed.
pub fn check_siblings_judged(
    details: &Value,
    policy: &Policy,
    decision: &Decision,
) -> Result<(), PolicyInvariantViolation> {
    if decision.verdict != Verdict::Allow {
        return Ok(());
    }
    let unjudged = |unit: &str| PolicyInvariantViolation::SiblingUnjudged {
        unit: unit.to_owned(),
    };
    let (Ok(request), Some(query)) = (payload::extract(details), decision.queries.first()) else {
        return Err(unjudged(""));
    };
    let full = request.full_command;
    let inner = Wrapper::ALL
        .iter()
        .find_map(|w| w.recognize(request.unit))
        .map(|r| r.inner)
        .ok_or_else(|| unjudged(request.unit))?;
    let located = strip::locate_once(full, request.unit).ok_or_else(|| unjudged(request.unit))?;
    let prefix_end = located.end - inner.len();
    // Where a position of the original lands in the de-wrapped command.
    let image_of = |position: usize| {
        if position <= located.start {
            position
        } else if position < prefix_end {
            located.start
        } else {
            position - (prefix_end - located.start)
        }
    };
    let judged = policy.advisory(&query.value);
    for judgement in unit_decisions(policy, &judged) {
        if judgement.floored || judgement.state != PermissionState::Allow {
            return Err(PolicyInvariantViolation::SiblingNotAllowed {
                unit: judgement.unit.text,
            });
        }
    }
    let original = policy.advisory(full);
    for unit in &original.units {
        let mut from = 0;
        let mut accounted = false;
        while let Some(start) = ecma::index_of(full, &unit.text, from) {
            let end = start + unit.text.len();
            let image = query.value.get(image_of(start)..image_of(end));
            // The wrapper unit (starting where the occurrence starts) becomes the
            // inner command, whose unit text omits leading assignments (POL-UNIT-4).
            let is_wrapper_unit = start == located.start;
            // Compared by match value (POL-CHECK-1): a unit is judged on that
            // alone, and a parse error may move a unit's boundary over blanks
            // when the wrapper goes (`  &&` in the full command, `&&` after).
            let judged_as = |t: &str| {
                let value = match_value(t);
                judged.units.iter().any(|j| {
                    j.text == t
                        || match_value(&j.text) == value
                        || (is_wrapper_unit && t.ends_with(j.text.as_str()))
                })
            };
            if image.is_some_and(judged_as) {
                accounted = true;
                break;
            }
            // Next character boundary: overlapping occurrences count too.
            from = start
                + full
                    .get(start..)
                    .and_then(|r| r.chars().next())
                    .map_or(1, char::len_utf8);
            if from > full.len() {
                break;
            }
        }
        if !accounted {
            return Err(unjudged(&unit.text));
        }
    }
    Ok(())
}

/// `INV-10`: a stricter input (a rule turned from allow to ask or deny, or a
/// sibling added) never turns a non-allow into an allow.
///
/// # Errors
/// `NotMonotone` when `before` was not an allow and `after` is.
pub fn check_monotone(before: Verdict, after: Verdict) -> Result<(), PolicyInvariantViolation> {
    if before != Verdict::Allow && after == Verdict::Allow {
        Err(PolicyInvariantViolation::NotMonotone)
    } else {
        Ok(())
    }
}

/// `INV-12`: the same input gives the same decision, events and queries included.
///
/// # Errors
/// `NotDeterministic` when the two decisions differ.
pub fn check_deterministic(
    first: &Decision,
    second: &Decision,
) -> Result<(), PolicyInvariantViolation> {
    if first == second {
        Ok(())
    } else {
        Err(PolicyInvariantViolation::NotDeterministic)
    }
}

/// `WRAP-TRANS-1`: the hand-written recognizers answer exactly what the fancy-regex
/// transcriptions of the ECMAScript grammars answer on `unit` (a transcription
/// that fails to evaluate, e.g. on its backtracking limit, is not compared).
///
/// # Errors
/// `RecognizersDisagree` naming `unit`.
pub fn check_recognizers_agree(unit: &str) -> Result<(), PolicyInvariantViolation> {
    let disagree = || PolicyInvariantViolation::RecognizersDisagree {
        unit: unit.to_owned(),
    };
    if let Ok(expected) = transcription::match_timeout(unit) {
        let actual = recognize::match_timeout(unit).map(|m| (m.duration, m.inner));
        if actual != expected {
            return Err(disagree());
        }
    }
    if let Ok(expected) = transcription::match_time(unit) {
        if recognize::match_time(unit) != expected {
            return Err(disagree());
        }
    }
    for wrapper in Wrapper::ALL {
        if let Ok(expected) = transcription::starts_with_word(unit, wrapper.word()) {
            if wrapper.starts_with_word(unit) != expected {
                return Err(disagree());
            }
        }
    }
    Ok(())
}

/// `POL-MATCH-8`: the fast matcher and the reference matcher agree on every
/// rule of `rules` against `value`, and on which rule matches last.
///
/// # Errors
/// `MatchersDisagree` naming the first rule they disagree on.
pub fn check_matchers_agree(
    rules: &[Rule],
    home: &str,
    value: &str,
) -> Result<(), PolicyInvariantViolation> {
    let fast = RuleSet::new(rules, home);
    for (index, rule) in rules.iter().enumerate() {
        if fast.matches(index, value) != reference::is_match(&rule.pattern, value, home) {
            return Err(PolicyInvariantViolation::MatchersDisagree {
                pattern: rule.pattern.clone(),
                value: value.to_owned(),
            });
        }
    }
    let last_reference = rules
        .iter()
        .rposition(|rule| reference::is_match(&rule.pattern, value, home));
    if fast.last_match(value) == last_reference {
        Ok(())
    } else {
        Err(PolicyInvariantViolation::MatchersDisagree {
            pattern: String::new(),
            value: value.to_owned(),
        })
    }
}
