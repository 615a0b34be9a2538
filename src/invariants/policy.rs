//! Policy-aware invariants (spec chapter 6, `INV-9` to `INV-12`, and the two
//! twin checks `WRAP-TRANS-1`, `POL-MATCH-8`).
//!
//! These need the reference policy (chapter 7) besides the decision, so they
//! sit apart from the authorizer-only checks of the parent module. The
//! property tests (`tests/it/invariants/properties.rs`) and the fuzz targets call these same
//! functions.

use serde_json::Value;

use super::image::Stripping;
use crate::authorize::Decision;
use crate::ecma;
use crate::payload;
use crate::policy::check::match_value;
use crate::policy::matcher::RuleSet;
use crate::policy::{reference, CheckResult, Policy, Rule};
use crate::recognize::transcription;
use crate::recognize::{self, Wrapper};
use crate::verdict::{PermissionState, Verdict};

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
    /// The rule-set engine, the rule-by-rule evaluation and the reference
    /// matcher name different last matching rules (`POL-MATCH-9`).
    LastMatchDisagrees {
        /// The engine's answer ([`RuleSet::last_match`]).
        engine: Option<usize>,
        /// Rule by rule ([`RuleSet::last_match_per_rule`]).
        per_rule: Option<usize>,
        /// The last rule the reference matcher accepts.
        reference: Option<usize>,
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
            Self::LastMatchDisagrees {
                engine,
                per_rule,
                reference,
                value,
            } => write!(
                f,
                "last matching rule differs for {value:?}: engine {engine:?}, \
                 rule by rule {per_rule:?}, reference {reference:?}"
            ),
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
    check_siblings_judged_with(details, policy, decision, &|command| {
        policy.advisory(command)
    })
}

/// [`check_siblings_judged`] with `advisory` in place of
/// [`Policy::advisory`]: the same check for a caller that has the
/// enumerations already (it must answer exactly as `policy.advisory`).
///
/// # Errors
/// As [`check_siblings_judged`].
pub fn check_siblings_judged_with(
    details: &Value,
    policy: &Policy,
    decision: &Decision,
    advisory: &dyn Fn(&str) -> CheckResult,
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
    let judged = advisory(&query.value);
    for judgement in policy.unit_decisions(&judged) {
        if judgement.floored || judgement.state != PermissionState::Allow {
            return Err(PolicyInvariantViolation::SiblingNotAllowed {
                unit: judgement.unit.text,
            });
        }
    }
    units_covered(advisory, request.full_command, request.unit, &query.value)
}

/// The structural half of `INV-9`: every unit of `full` has an image in the
/// queried `value` that is a unit the re-query judged (see
/// [`check_siblings_judged`]); whether the rules allow them is not asked.
///
/// # Errors
/// `SiblingUnjudged` naming the first unit without a judged image.
pub(crate) fn units_covered(
    advisory: &dyn Fn(&str) -> CheckResult,
    full: &str,
    unit: &str,
    value: &str,
) -> Result<(), PolicyInvariantViolation> {
    let unjudged = |unit: &str| PolicyInvariantViolation::SiblingUnjudged {
        unit: unit.to_owned(),
    };
    let stripping = Stripping::of(full, unit).ok_or_else(|| unjudged(unit))?;
    let judged = advisory(value);
    let original = advisory(full);
    for unit in &original.units {
        let mut from = 0;
        let mut accounted = false;
        while let Some(start) = ecma::index_of(full, &unit.text, from) {
            let end = start + unit.text.len();
            let image = stripping.image_in(value, start, end);
            // The wrapper unit (starting where the occurrence starts) becomes the
            // inner command, whose unit text omits leading assignments (POL-UNIT-4).
            let is_wrapper_unit = start == stripping.start;
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

/// `POL-MATCH-8`, `POL-MATCH-9`: the fast matcher and the reference matcher
/// agree on every rule of `rules` against `value`, and the rule-set engine,
/// the rule-by-rule evaluation and the reference name the same last match.
///
/// # Errors
/// `MatchersDisagree` naming the first rule the matchers disagree on, or
/// `LastMatchDisagrees` with the three answers.
pub fn check_matchers_agree(
    rules: &[Rule],
    home: &str,
    value: &str,
) -> Result<(), PolicyInvariantViolation> {
    check_matchers_agree_with(&RuleSet::new(rules, home), rules, home, value)
}

/// [`check_matchers_agree`] with the rule set already built: `fast` must be
/// `RuleSet::new(rules, home)`.
///
/// Building the set (its Aho-Corasick automata) is most of the cost of the
/// check on multi-rule inputs; the `match_diff` fuzz target builds it once
/// for this check and its own work bound.
pub(crate) fn check_matchers_agree_with(
    fast: &RuleSet,
    rules: &[Rule],
    home: &str,
    value: &str,
) -> Result<(), PolicyInvariantViolation> {
    let mut reference_last = None;
    for (index, rule) in rules.iter().enumerate() {
        let expected = reference::is_match(&rule.pattern, value, home);
        if fast.matches(index, value) != expected {
            return Err(PolicyInvariantViolation::MatchersDisagree {
                pattern: rule.pattern.clone(),
                value: value.to_owned(),
            });
        }
        if expected {
            reference_last = Some(index);
        }
    }
    let engine = fast.last_match(value);
    let per_rule = fast.last_match_per_rule(value);
    if engine == reference_last && per_rule == reference_last {
        Ok(())
    } else {
        Err(PolicyInvariantViolation::LastMatchDisagrees {
            engine,
            per_rule,
            reference: reference_last,
            value: value.to_owned(),
        })
    }
}
