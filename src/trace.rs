//! A readable trace of one pipeline run (spec chapter 8, `PIPE-9`).
//!
//! `inner-cmd check` prints this. It explains an [`Outcome`] without deciding
//! anything again: every line comes from the gate result, the prompt details,
//! the authorizer's decision or the advisory re-check the pipeline recorded.
//! The per-unit explanation is the policy's own per-unit decision
//! ([`Policy::unit_decisions`]), the one the gate aggregates.

// What `inner-cmd ground` prints, one command or a batch (INV-GROUND).
#[cfg(feature = "ground")]
pub mod ground;
#[cfg(feature = "ground")]
mod ground_batch;
#[cfg(feature = "ground")]
mod ground_real;
#[cfg(feature = "ground")]
pub use ground_batch::batch;

use std::fmt::Write as _;

use serde_json::{json, Value};

use crate::hardened::Profile;
use crate::pipeline::Outcome;
use crate::policy::check::UnitDecision;
use crate::policy::{CheckResult, Policy, UnitContext, WrapperKind};
use crate::verdict::PermissionState;

/// What a person should take away from an outcome (`PIPE-9`).
#[must_use]
pub const fn outcome_phrase(outcome: PermissionState) -> &'static str {
    match outcome {
        PermissionState::Allow => "runs silently",
        PermissionState::Deny => "denied",
        PermissionState::Ask => "asks the human",
    }
}

/// The trace as text: gate units, triggering unit, authorizer steps, outcome.
#[must_use]
pub fn render_text(policy: &Policy, command: &str, outcome: &Outcome) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "command      {}", visible(command));
    out.push('\n');
    out.push_str("gate (each unit; the most restrictive decides)\n");
    render_units(&mut out, &policy.unit_decisions(&outcome.gate));
    let _ = writeln!(
        out,
        "  => {} (triggering unit: {})",
        outcome.gate.state,
        outcome
            .gate
            .command
            .as_deref()
            .map_or_else(|| "none".to_owned(), visible)
    );
    out.push('\n');
    match &outcome.authorizer {
        None => out.push_str("authorizer   not consulted: the gate did not ask\n"),
        Some(decision) => {
            out.push_str("authorizer (inner-cmd)\n");
            let field = |out: &mut String, name: &str, value: Option<String>| {
                let _ = writeln!(
                    out,
                    "  {name:<14}{}",
                    value.unwrap_or_else(|| "-".to_owned())
                );
            };
            field(&mut out, "handler", outcome.handler().map(str::to_owned));
            field(
                &mut out,
                "inner command",
                outcome.inner_command().map(|s| visible(&s)),
            );
            field(
                &mut out,
                "de-wrapped",
                outcome.dewrapped_command().map(visible),
            );
            match outcome.requeries.first() {
                Some(requery) => {
                    field(&mut out, "re-query", Some(requery.state.to_string()));
                    render_units(&mut out, &policy.unit_decisions(requery));
                }
                None => field(&mut out, "re-query", Some("none".to_owned())),
            }
            let event = decision
                .events
                .first()
                .map(|event| format!("{} ({})", event.name(), event.level().as_str()));
            field(&mut out, "event", event);
            field(&mut out, "verdict", Some(decision.verdict.to_string()));
        }
    }
    out.push('\n');
    let _ = writeln!(
        out,
        "outcome      {} ({})",
        outcome_phrase(outcome.outcome),
        outcome.outcome
    );
    out
}

/// The trace as one JSON object: the [`Outcome`] plus the per-unit explanations.
#[must_use]
pub fn render_json(policy: &Policy, command: &str, outcome: &Outcome) -> Value {
    let explain = |result: &CheckResult| {
        serde_json::to_value(policy.unit_decisions(result)).unwrap_or(Value::Null)
    };
    json!({
        "command": command,
        "outcome": outcome.outcome,
        "summary": outcome_phrase(outcome.outcome),
        "gate": outcome.gate,
        "gateUnits": explain(&outcome.gate),
        "handler": outcome.handler(),
        "innerCommand": outcome.inner_command(),
        "dewrappedCommand": outcome.dewrapped_command(),
        "requery": outcome.requeries.first(),
        "requeryUnits": outcome.requeries.first().map(explain),
        "authorizer": outcome.authorizer,
        "details": outcome.details,
    })
}

/// What `inner-cmd check --json` prints (`PIPE-9`, `PIPE-12`): [`render_json`]
/// plus where the policy came from and, under the hardened profile, the
/// profile's name and the clauses that decided ([`hardened_clauses_json`]).
#[must_use]
pub fn render_check_json(
    policy: &Policy,
    command: &str,
    outcome: &Outcome,
    source: &str,
    profile: Profile,
) -> Value {
    let mut value = render_json(policy, command, outcome);
    if let Some(object) = value.as_object_mut() {
        object.insert("policy".to_owned(), source.into());
        if profile == Profile::Hardened {
            object.insert("profile".to_owned(), profile.name().into());
            object.insert("hardenedClauses".to_owned(), hardened_clauses_json(outcome));
        }
    }
    value
}

/// The hardened clauses that decided parts of an outcome (`HARD-TRACE-1`):
/// `(where, clause id, text)` for the gate, the re-query and the authorizer.
#[must_use]
pub fn hardened_clauses(outcome: &Outcome) -> Vec<(&'static str, String, String)> {
    fired_clauses(outcome)
        .into_iter()
        .map(|fired| (fired.place, fired.id, fired.text))
        .collect()
}

/// One hardened clause that decided part of an outcome.
struct Fired {
    place: &'static str,
    id: String,
    text: String,
    /// What the matched pattern says after the id (`HARD-READ-2`'s roles).
    detail: Option<String>,
}

fn fired_clauses(outcome: &Outcome) -> Vec<Fired> {
    let mut fired = Vec::new();
    let mut from_check = |place: &'static str, result: &CheckResult| {
        let pattern = result.matched_pattern.as_deref();
        if let Some(id) = crate::hardened::clause_of(pattern) {
            let detail = pattern
                .and_then(|p| p.strip_suffix('>'))
                .and_then(|p| p.split_once(": "))
                .map(|(_, detail)| detail.to_owned());
            fired.push(Fired {
                place,
                id: id.to_owned(),
                text: result.command.clone().unwrap_or_default(),
                detail,
            });
        }
    };
    from_check("gate", &outcome.gate);
    if let Some(requery) = outcome.requeries.first() {
        from_check("re-query", requery);
    }
    let authorizer_allowed = outcome
        .authorizer
        .as_ref()
        .is_some_and(|d| d.verdict == crate::verdict::Verdict::Allow);
    if authorizer_allowed && outcome.outcome != PermissionState::Allow {
        // HARD-PARSE-3: the outcome was capped because bash runs the untrimmed text.
        let text = outcome.gate.command.clone().unwrap_or_default();
        fired.push(Fired {
            place: "pipeline",
            id: "HARD-PARSE-3".to_owned(),
            text,
            detail: None,
        });
    }
    if outcome.event_name().as_deref() == Some("inner_cmd.dewrap_changes_parse") {
        let command = outcome.event_detail("command").unwrap_or_default();
        fired.push(Fired {
            place: "authorizer",
            id: "HARD-DEWRAP-1".to_owned(),
            text: command,
            detail: None,
        });
    }
    fired
}

/// [`hardened_clauses`] as text lines, or a line saying none fired.
#[must_use]
pub fn render_hardened(outcome: &Outcome) -> String {
    let fired = fired_clauses(outcome);
    if fired.is_empty() {
        return "hardened     no hardened clause decided; the deployed rules did\n".to_owned();
    }
    let mut out = String::new();
    for Fired {
        place,
        id,
        text,
        detail,
    } in fired
    {
        // HARD-TRACE-1: a closed-world clause names what it refused, and
        // HARD-READ-2 the two roles.
        let what = crate::hardened::contract::admitted::title_of(&id)
            .map(|title| format!(": {title}"))
            .unwrap_or_default();
        let roles = detail.map(|d| format!(" ({d})")).unwrap_or_default();
        let _ = writeln!(
            out,
            "hardened     {id} decided the {place} on {}{what}{roles}",
            visible(&text)
        );
    }
    out
}

/// [`hardened_clauses`] as JSON: `[{"at", "clause", "text"}]`.
#[must_use]
pub fn hardened_clauses_json(outcome: &Outcome) -> Value {
    hardened_clauses(outcome)
        .into_iter()
        .map(|(place, id, text)| json!({"at": place, "clause": id, "text": text}))
        .collect()
}

fn render_units(out: &mut String, units: &[UnitDecision]) {
    if units.is_empty() {
        out.push_str("    (no units)\n");
    }
    for decision in units {
        let mut notes = Vec::new();
        if let Some(context) = decision.unit.context {
            notes.push(match context {
                UnitContext::CommandSubstitution => "in $(…)",
                UnitContext::ProcessSubstitution => "in <(…)",
                UnitContext::Subshell => "in (…)",
            });
        }
        if decision.floored {
            notes.push(match decision.unit.wrapper_kind {
                Some(WrapperKind::OpaquePayload) => "floored: opaque payload",
                _ => "floored: indirection",
            });
        }
        let pattern = decision.matched_pattern.as_deref().map_or_else(
            || "(no rule: fallback)".to_owned(),
            |p| format!("rule {p:?}"),
        );
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!("  [{}]", notes.join(", "))
        };
        let _ = writeln!(
            out,
            "    {:<5} {}  <- {pattern}{notes}",
            decision.state.as_str(),
            visible(&decision.unit.text)
        );
    }
}

/// Quotes text so that invisible characters (tabs, NBSP, line terminators) show.
fn visible(text: &str) -> String {
    let mut shown = String::with_capacity(text.len() + 2);
    shown.push('`');
    for c in text.chars() {
        if c == ' ' || (!c.is_control() && !crate::ecma::is_whitespace(c) && c != '\u{0085}') {
            shown.push(c);
        } else {
            let _ = write!(shown, "\\u{{{:04X}}}", u32::from(c));
        }
    }
    shown.push('`');
    shown
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::{decide, Options};
    use crate::policy::Rule;

    fn policy(rules: &[(&str, PermissionState)]) -> Policy {
        let rules = rules
            .iter()
            .map(|(pattern, state)| Rule {
                pattern: (*pattern).to_owned(),
                state: *state,
            })
            .collect();
        Policy::new(rules, "/home/u")
    }

    /// PIPE-9: the trace names the handler, inner and de-wrapped command, and the outcome.
    #[test]
    fn pipe_9_trace_shows_every_step_of_an_unwrap() {
        use PermissionState::{Allow, Ask};
        let policy = policy(&[
            ("*", Ask),
            ("cd *", Allow),
            ("pnpm test *", Allow),
            ("tail *", Allow),
        ]);
        let command = "cd /repo && timeout 30s pnpm test | tail -5";
        let outcome = decide(&policy, command, &Options::default());
        let text = render_text(&policy, command, &outcome);
        for needle in [
            "handler       timeout",
            "inner command `pnpm test`",
            "de-wrapped    `cd /repo && pnpm test | tail -5`",
            "re-query      allow",
            "inner_cmd.allow (review)",
            "outcome      runs silently (allow)",
        ] {
            assert!(text.contains(needle), "missing {needle:?} in\n{text}");
        }
        let json = render_json(&policy, command, &outcome);
        assert_eq!(json["outcome"], "allow");
        assert_eq!(json["dewrappedCommand"], "cd /repo && pnpm test | tail -5");
        assert_eq!(json["handler"], "timeout");
    }

    /// PIPE-9: a sibling that asks keeps the outcome at ask, and the trace shows why.
    #[test]
    fn pipe_9_trace_shows_the_sibling_that_keeps_the_ask() {
        use PermissionState::{Allow, Ask};
        let policy = policy(&[("*", Ask), ("pnpm test *", Allow)]);
        let command = "timeout 30s pnpm test && git push";
        let outcome = decide(&policy, command, &Options::default());
        let text = render_text(&policy, command, &outcome);
        assert!(text.contains("re-query      ask"), "{text}");
        assert!(text.contains("`git push`  <- rule \"*\""), "{text}");
        assert!(text.contains("outcome      asks the human (ask)"), "{text}");
    }

    /// PIPE-9: invisible separators are shown, not printed raw.
    #[test]
    fn pipe_9_invisible_characters_are_escaped() {
        assert_eq!(
            visible("rm\t-rf\u{00A0}/\u{2028}"),
            "`rm\\u{0009}-rf\\u{00A0}/\\u{2028}`"
        );
        assert_eq!(visible("a b"), "`a b`");
    }
}
