//! The real mode's part of `inner-cmd ground`'s report (`INV-GROUND-10`,
//! `INV-GROUND-11`): every program exec'd below the command's bash with its
//! parent chain and how it is judged, the files programs opened that a rule
//! judges, and the traced violations.

use std::fmt::Write as _;

use serde_json::{json, Value};

use crate::ground::{program_text, quote_words, Execution};
use crate::invariants::{traced_violations, TracedRecord, TracedViolation};
use crate::policy::Policy;

/// The JSON fields of the real mode's records: `programs`, `opened` and
/// `tracedViolations`; nothing in the stub mode.
pub(super) fn json_fields(policy: &Policy, execution: &Execution) -> Vec<(&'static str, Value)> {
    if execution.programs.is_empty() {
        return Vec::new();
    }
    let violations = traced_violations(policy, execution);
    let programs: Vec<Value> = execution
        .programs
        .iter()
        .map(|traced| {
            let mut value = serde_json::to_value(traced).unwrap_or(Value::Null);
            if let Some(object) = value.as_object_mut() {
                let check = traced
                    .machinery
                    .is_none()
                    .then(|| policy.advisory(&program_text(&traced.argv)));
                object.insert("text".to_owned(), program_text(&traced.argv).into());
                object.insert("state".to_owned(), json!(check.as_ref().map(|c| c.state)));
                object.insert(
                    "matchedPattern".to_owned(),
                    json!(check.and_then(|c| c.matched_pattern)),
                );
            }
            value
        })
        .collect();
    let violation = |v: &TracedViolation| {
        json!({
            "record": v.record,
            "text": v.text,
            "state": v.check.state,
            "matchedPattern": v.check.matched_pattern,
        })
    };
    vec![
        ("programs", Value::Array(programs)),
        ("opened", json!(execution.opened)),
        (
            "tracedViolations",
            Value::Array(violations.iter().map(violation).collect()),
        ),
    ]
}

/// The text report's real-mode section; empty in the stub mode.
pub(super) fn text(policy: &Policy, execution: &Execution) -> String {
    let mut out = String::new();
    if execution.programs.is_empty() {
        return out;
    }
    out.push_str("\nprograms exec'd below bash (real mode; judged by argv unless machinery)\n");
    for (i, traced) in execution.programs.iter().enumerate() {
        let how = match traced.machinery {
            Some(why) => format!("not judged: {why}"),
            None => {
                let check = policy.advisory(&program_text(&traced.argv));
                let rule = check
                    .matched_pattern
                    .map_or_else(|| "(no rule: fallback)".to_owned(), |p| format!("{p:?}"));
                format!("{} <- {rule}", check.state.as_str())
            }
        };
        let _ = writeln!(out, "  <{}> {}  {how}", i + 1, quote_words(&traced.argv));
        let chain: Vec<String> = traced
            .parents
            .iter()
            .map(|p| format!("{} {}", p.pid, quote_words(&p.argv)))
            .collect();
        let replaced = traced.replaced.as_ref().map_or_else(String::new, |argv| {
            format!(" (in place of {})", quote_words(argv))
        });
        let under = if chain.is_empty() {
            "the tracer".to_owned()
        } else {
            chain.join(" <- ")
        };
        let _ = writeln!(out, "        pid {}{replaced}, under: {under}", traced.pid);
    }
    let violations = traced_violations(policy, execution);
    for v in &violations {
        let what = match v.record {
            TracedRecord::Program(i) => format!("program <{}>", i + 1),
            TracedRecord::Opened(i) => {
                let path = usize::try_from(i)
                    .ok()
                    .and_then(|i| execution.opened.get(i))
                    .map_or("", |o| o.path.as_str());
                format!("opened {path:?}")
            }
        };
        let _ = writeln!(
            out,
            "  NOT ALLOWED: {what}, judged as {:?}: {}",
            v.text,
            v.check.state.as_str()
        );
    }
    out
}
