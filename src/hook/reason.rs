//! The reason a hook decision gives (`HOOK-REASON-1`): the outcome, the rule
//! or hardened clause that decided it, and for a closed-world refusal the
//! construct refused, all read from the pipeline's trace (`HARD-TRACE-1`),
//! never decided again.

use crate::hardened::{self, Profile};
use crate::pipeline::Outcome;
use crate::trace;
use crate::verdict::PermissionState;

/// The reason line and the deciding rule or clause of an outcome.
#[must_use]
pub fn explain(outcome: &Outcome, profile: Profile, notes: &[String]) -> (String, Option<String>) {
    let mut parts = vec![format!(
        "{} ({} profile)",
        trace::outcome_phrase(outcome.outcome),
        profile.name()
    )];
    let mut decided_by = None;
    for (place, id, text) in trace::hardened_clauses(outcome) {
        let what = hardened::contract::admitted::title_of(&id)
            .map(|title| format!(": {title}"))
            .unwrap_or_default();
        parts.push(format!(
            "{id} decided the {place} on `{}`{what}",
            short(&text)
        ));
        decided_by.get_or_insert(id);
    }
    let deciding = deciding_check(outcome);
    match deciding.and_then(|check| check.matched_pattern.as_deref()) {
        Some(pattern) if hardened::clause_of(Some(pattern)).is_none() => {
            let unit = deciding
                .and_then(|check| check.command.as_deref())
                .map(|unit| format!(" on `{}`", short(unit)))
                .unwrap_or_default();
            parts.push(format!("rule `{pattern}`{unit}"));
            decided_by.get_or_insert_with(|| pattern.to_owned());
        }
        Some(_) => {}
        None => parts.push("no rule matched: the policy's fallback".to_owned()),
    }
    if outcome.authorizer.is_some() {
        if let Some(event) = outcome.event_name() {
            parts.push(format!("authorizer event {event}"));
        }
    }
    for note in notes {
        parts.push(note.clone());
    }
    (parts.join("; "), decided_by)
}

/// The check whose rule decided: the re-query when the authorizer allowed
/// or denied through it, else the gate.
fn deciding_check(outcome: &Outcome) -> Option<&crate::policy::CheckResult> {
    let through_authorizer =
        outcome.authorizer.is_some() && outcome.outcome != PermissionState::Ask;
    if through_authorizer {
        if let Some(requery) = outcome.requeries.first() {
            return Some(requery);
        }
    }
    Some(&outcome.gate)
}

/// A command shortened for a one-line reason (the log keeps it whole).
fn short(text: &str) -> String {
    const LIMIT: usize = 120;
    let escaped: String = text.escape_debug().collect();
    match escaped.char_indices().nth(LIMIT) {
        Some((end, _)) => format!("{}…", escaped.get(..end).unwrap_or_default()),
        None => escaped,
    }
}
