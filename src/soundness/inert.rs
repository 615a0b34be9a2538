//! G-9 of `spec/findings.md`: a program that ran with inert variables no
//! rule saw beside it (`INV-GROUND-8`, `HARD-EFFECT-2`).
//!
//! The environment clause asks that every variable a program received was
//! assigned in front of it. A variable exported by a statement of its own
//! (`export COLUMNS=80; cargo test`) was judged too — as that statement —
//! and when its name is inert, no value of it can change which code runs:
//! that is HARD-EFFECT-2's definition, the list the hardened profile admits
//! assignments by. The clause cannot tell a harmless inert value from a
//! dangerous live one, so such a record is a blind spot of the check,
//! counted apart, never a hold.

use super::observation::GroundObservation;
use crate::hardened::contract::variables::{is_inert_assignment, INERT_VARIABLES};
use crate::invariants::{judge_ground, unjudged_environment, unjudged_variables};

/// G-9: the violation is the record's environment form, every unjudged
/// variable of it is inert (`HARD-EFFECT-2`; a removed one only when its
/// name is inert whatever the value), and with those variables taken out of
/// the record's environment the record is covered.
pub(super) fn only_inert_variables_unjudged(o: &GroundObservation<'_>) -> bool {
    let index = o.violation.index;
    let Some(executed) = o.execution.commands.get(index) else {
        return false;
    };
    if unjudged_environment(o.execution, executed).as_deref() != Some(o.violation.text.as_str()) {
        return false;
    }
    let unjudged = unjudged_variables(o.execution, executed);
    let inert = |(name, value): &(&str, Option<&str>)| match value {
        Some(value) => is_inert_assignment(name, value),
        None => INERT_VARIABLES.contains(name),
    };
    if unjudged.is_empty() || !unjudged.iter().all(inert) {
        return false;
    }
    // The cause removed: the same record without the inert variables.
    let names: Vec<String> = unjudged
        .iter()
        .map(|(name, _)| (*name).to_owned())
        .collect();
    let mut variant = o.execution.clone();
    let Some(record) = variant.commands.get_mut(index) else {
        return false;
    };
    if let Some(environment) = record.environment.as_mut() {
        environment.retain(|name, _| !names.contains(name));
    }
    judge_ground(o.policy, &variant)
        .get(index)
        .is_some_and(|judgement| judgement.covered())
}
