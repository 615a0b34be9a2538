//! What `inner-cmd ground` prints: what bash executed, how the policy judges
//! each command (`INV-GROUND-5`, `INV-GROUND-6`), and which unit the gate or
//! the re-query judged that covers it, or `UNJUDGED`.
//!
//! Display only, like the rest of [`crate::trace`]: the verdict is the
//! pipeline's, the judgement is [`crate::invariants::judge_ground`]'s. It
//! lives here, above the invariants, rather than in [`crate::ground`],
//! which the invariants read. A unit *covers* an
//! executed command when their match values (POL-CHECK-1) are equal up to
//! runs of blanks (bash renders a command single-spaced).

use std::fmt::Write as _;

use serde_json::{json, Value};

use super::outcome_phrase;
use crate::ground::{quote_words, Execution, GroundError, Origin};
use crate::invariants::{judge_ground, Basis, GroundJudgement};
use crate::pipeline::Outcome;
use crate::policy::check::match_value;
use crate::policy::{Policy, Unit};
use crate::verdict::PermissionState;

/// The units that cover one executed command, in each check that ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Coverage<'a> {
    /// The first unit of the gate's check that covers it.
    pub gate: Option<&'a Unit>,
    /// The first unit of the re-query that covers it; `None` also when
    /// there was no re-query ([`Coverage::requeried`]).
    pub requery: Option<&'a Unit>,
    /// Whether the authorizer re-queried (then the re-query decided an allow).
    pub requeried: bool,
}

/// Which units of the gate and of the re-query cover `text`.
#[must_use]
pub fn coverage<'a>(outcome: &'a Outcome, text: &str) -> Coverage<'a> {
    let wanted = normalized(text);
    let find = |units: &'a [Unit]| units.iter().find(|unit| normalized(&unit.text) == wanted);
    Coverage {
        gate: find(&outcome.gate.units),
        requery: outcome.requeries.first().and_then(|r| find(&r.units)),
        requeried: !outcome.requeries.is_empty(),
    }
}

impl Coverage<'_> {
    /// `gate unit `…``, `re-query unit `…``, `UNJUDGED`, or both stages.
    fn describe(&self) -> String {
        let unit = |stage: &str, unit: Option<&Unit>| match unit {
            Some(unit) => format!("{stage} unit {}", quoted(&unit.text)),
            None => format!("{stage}: UNJUDGED"),
        };
        match (self.requeried, self.gate) {
            (false, None) => "UNJUDGED".to_owned(),
            (false, gate) => unit("gate", gate),
            (true, None) => unit("re-query", self.requery),
            (true, gate) => format!("{}; {}", unit("re-query", self.requery), unit("gate", gate)),
        }
    }
}

fn normalized(text: &str) -> String {
    match_value(text)
        .split_ascii_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// What INV-GROUND says of this run.
fn verdict(outcome: &Outcome, judgements: &[GroundJudgement]) -> (&'static str, Vec<usize>) {
    let violations: Vec<usize> = judgements
        .iter()
        .filter(|j| !j.covered())
        .map(|j| j.index)
        .collect();
    let word = if outcome.outcome != PermissionState::Allow {
        "not-applicable"
    } else if violations.is_empty() {
        "holds"
    } else {
        "violated"
    };
    (word, violations)
}

/// The report as text.
#[must_use]
pub fn render_text(
    policy: &Policy,
    outcome: &Outcome,
    execution: &Result<Execution, GroundError>,
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "outcome      {} ({})",
        outcome_phrase(outcome.outcome),
        outcome.outcome
    );
    let execution = match execution {
        Ok(execution) => execution,
        Err(error) => {
            let _ = writeln!(out, "executed     {error}");
            out.push_str("INV-GROUND   unknown: nothing can be said of what ran\n");
            return out;
        }
    };
    let units = |units: &[Unit]| {
        let shown: Vec<String> = units.iter().map(|u| quoted(&u.text)).collect();
        if shown.is_empty() {
            "(none)".to_owned()
        } else {
            shown.join(", ")
        }
    };
    let _ = writeln!(out, "gate units   {}", units(&outcome.gate.units));
    if let Some(requery) = outcome.requeries.first() {
        let _ = writeln!(out, "re-queried   {}", units(&requery.units));
    }
    let _ = writeln!(
        out,
        "bash         {} (exit status {})",
        execution.bash_version, execution.status
    );
    out.push('\n');
    out.push_str("executed, in order (state <- rule; the judged units that cover it)\n");
    if execution.commands.is_empty() {
        out.push_str("    (nothing)\n");
    }
    let judgements = judge_ground(policy, execution);
    for (judgement, executed) in judgements.iter().zip(&execution.commands) {
        let number = judgement.index + 1;
        let how = match (&judgement.check, judgement.basis) {
            (Some(check), _) => {
                let rule = check
                    .matched_pattern
                    .as_deref()
                    .map_or_else(|| "(no rule: fallback)".to_owned(), |p| format!("{p:?}"));
                format!("{:<5} <- {rule}", check.state.as_str())
            }
            (None, Basis::ThroughInner) => {
                let inner = execution.commands.iter().position(|c| {
                    c.origin
                        == Origin::WrapperInner {
                            wrapper: judgement.index,
                        }
                });
                let inner = inner.map_or_else(|| "?".to_owned(), |i| (i + 1).to_string());
                format!("-     wrapper: judged through [{inner}]")
            }
            (None, Basis::Argv) => match &judgement.program {
                Some((text, check)) => format!(
                    "{:<5} <- {:?} (rendering does not parse: judged by its argv {})",
                    check.state.as_str(),
                    check
                        .matched_pattern
                        .as_deref()
                        .unwrap_or("(no rule: fallback)"),
                    quoted(text)
                ),
                None => "-     judged by its argv".to_owned(),
            },
            (None, _) => "-     names no command: judged through its substitutions".to_owned(),
        };
        let covered = coverage(outcome, &executed.text).describe();
        let _ = writeln!(
            out,
            "  [{number}] {}  {how}; {covered}",
            quoted(&executed.text)
        );
        if let Some(argv) = &executed.argv {
            let _ = writeln!(out, "        argv {}", quote_words(argv));
        }
        if let Some((program, check)) = &judgement.program {
            let rule = check
                .matched_pattern
                .as_deref()
                .map_or_else(|| "(no rule: fallback)".to_owned(), |p| format!("{p:?}"));
            let _ = writeln!(
                out,
                "        runs {}, not named by its text: {} <- {rule}",
                quoted(program),
                check.state.as_str()
            );
        }
    }
    out.push('\n');
    let (word, violations) = verdict(outcome, &judgements);
    let list = violations
        .iter()
        .map(|i| format!("[{}]", i + 1))
        .collect::<Vec<_>>()
        .join(", ");
    let _ = match word {
        "holds" => writeln!(
            out,
            "INV-GROUND   holds: everything bash executed is allowed"
        ),
        "violated" => writeln!(
            out,
            "INV-GROUND   VIOLATED: the pipeline allows, but bash executes {list}, not allowed"
        ),
        _ => writeln!(
            out,
            "INV-GROUND   not applicable: the outcome is not allow{}",
            if list.is_empty() {
                String::new()
            } else {
                format!(" (not allowed if it were: {list})")
            }
        ),
    };
    out
}

/// What `inner-cmd ground --json` prints: [`render_json`] plus the command,
/// where the policy came from and the profile.
#[must_use]
pub fn render_report_json(
    policy: &Policy,
    outcome: &Outcome,
    execution: &Result<Execution, GroundError>,
    command: &str,
    source: &str,
    profile: crate::hardened::Profile,
) -> Value {
    let mut value = render_json(policy, outcome, execution);
    if let Some(object) = value.as_object_mut() {
        object.insert("command".to_owned(), command.into());
        object.insert("policy".to_owned(), source.into());
        object.insert("profile".to_owned(), profile.name().into());
    }
    value
}

/// The report as one JSON object.
#[must_use]
pub fn render_json(
    policy: &Policy,
    outcome: &Outcome,
    execution: &Result<Execution, GroundError>,
) -> Value {
    let execution = match execution {
        Ok(execution) => execution,
        Err(error) => {
            return json!({
                "outcome": outcome.outcome,
                "unknown": error.to_string(),
                "executed": null,
                "invGround": "unknown",
            })
        }
    };
    let judgements = judge_ground(policy, execution);
    let executed: Vec<Value> = judgements
        .iter()
        .zip(&execution.commands)
        .map(|(judgement, executed)| {
            let coverage = coverage(outcome, &executed.text);
            let covered_by = json!({
                "gate": coverage.gate.map(|u| &u.text),
                "requery": coverage.requery.map(|u| &u.text),
            });
            json!({
                "text": executed.text,
                "argv": executed.argv,
                "origin": executed.origin,
                "innerAt": executed.inner_at,
                "resolvedAs": executed.resolved_as,
                "writtenArgv": executed.written_argv,
                "path": executed.path,
                "environment": executed.environment,
                "basis": judgement.basis,
                "state": judgement.check.as_ref().map(|c| c.state),
                "matchedPattern": judgement.check.as_ref().and_then(|c| c.matched_pattern.clone()),
                "program": judgement.program.as_ref().map(|(text, check)| json!({
                    "text": text,
                    "state": check.state,
                    "matchedPattern": check.matched_pattern,
                })),
                "covered": judgement.covered(),
                "coveredBy": covered_by,
            })
        })
        .collect();
    let (word, violations) = verdict(outcome, &judgements);
    json!({
        "outcome": outcome.outcome,
        "bashVersion": execution.bash_version,
        "status": execution.status,
        "baseEnvironment": execution.base_environment,
        "executed": executed,
        "invGround": word,
        // Indices into `executed`, from 0.
        "violations": violations,
    })
}

/// Backquoted, with control characters escaped.
fn quoted(text: &str) -> String {
    let mut shown = String::from("`");
    for c in text.chars() {
        if c.is_control() {
            let _ = write!(shown, "\\u{{{:04X}}}", u32::from(c));
        } else {
            shown.push(c);
        }
    }
    shown.push('`');
    shown
}
