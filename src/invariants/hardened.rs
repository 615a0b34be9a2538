//! INV-9 and INV-10 under the hardened profile (spec chapter 12, `HARD-2`,
//! `HARD-DEWRAP-1`), without the provisos chapter 6 needs for the deployed
//! profile.
//!
//! The check re-derives what it needs from the judgements of the full and
//! the queried command and plain offsets, not from the authorizer's guard,
//! so a guard that let a changed parse through is caught.

use serde_json::Value;

use super::image::Stripping;
use super::policy::PolicyInvariantViolation;
use crate::authorize::Decision;
use crate::hardened::commands::walk::{judgements, Judgement};
use crate::payload;
use crate::policy::Policy;
use crate::verdict::{PermissionState, Verdict};

/// Whether every value of `judgement` is allowed by its rule and it has no floor.
fn allowed(policy: &Policy, judgement: &Judgement) -> bool {
    judgement.floor.is_none()
        && judgement
            .values
            .iter()
            .all(|value| policy.value_decision(value).0 == PermissionState::Allow)
}

/// Hardened `INV-9` for a gate that allowed: every judgement of the trimmed
/// command is allowed and unfloored.
///
/// # Errors
/// The first judgement that is not.
pub fn check_gate_allow_judged(
    policy: &Policy,
    command: &str,
) -> Result<(), PolicyInvariantViolation> {
    let judged = judgements(crate::ecma::trim(command)).map_err(|_| {
        PolicyInvariantViolation::SiblingUnjudged {
            unit: command.to_owned(),
        }
    })?;
    match judged.iter().find(|j| !allowed(policy, j)) {
        Some(j) => Err(PolicyInvariantViolation::SiblingNotAllowed {
            unit: j.text.clone(),
        }),
        None => Ok(()),
    }
}

/// Hardened `INV-9` for an authorizer allow: every judgement of the full
/// command other than the wrapper's (and those inside it) has its image, the
/// same span in the de-wrapped command, among the re-query's judgements; the
/// wrapper's image ends with one; and every judgement of the re-query is
/// allowed and unfloored. No proviso: the image is compared byte for byte.
///
/// # Errors
/// The first judgement left unjudged or not allowed.
pub fn check_siblings_judged_hardened(
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
    let stripping = Stripping::of(full, request.unit).ok_or_else(|| unjudged(request.unit))?;
    let (start, end) = (stripping.start, stripping.end);
    let requery = judgements(&query.value).map_err(|_| unjudged(&query.value))?;
    if let Some(j) = requery.iter().find(|j| !allowed(policy, j)) {
        return Err(PolicyInvariantViolation::SiblingNotAllowed {
            unit: j.text.clone(),
        });
    }
    let original = judgements(full).map_err(|_| unjudged(full))?;
    for judgement in &original {
        let (s, e) = judgement.span;
        if s >= start && e <= end && (s, e) != (start, end) {
            continue;
        }
        let image = stripping.image_in(&query.value, s, e).unwrap_or("");
        let wrapper = (s, e) == (start, end);
        let found = requery
            .iter()
            .any(|j| j.text == image || (wrapper && image.ends_with(j.text.as_str())));
        if !found {
            return Err(unjudged(&judgement.text));
        }
    }
    Ok(())
}
