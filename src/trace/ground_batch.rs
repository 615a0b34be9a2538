//! `inner-cmd ground --batch FILE`: JSON lines of `{"command": …}` in, one
//! JSON report per line out, in the input's order (`INV-GROUND-1`).
//!
//! Sessions run in parallel, one per job (each its own sandbox, directory
//! and user), taking the next few lines as they finish the last, so a slow
//! command holds up only its own session.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use serde_json::{json, Value};

use super::ground::render_json;
use crate::ground::Oracle;
use crate::pipeline::{decide, Options};
use crate::policy::Policy;

/// Lines a session takes at a time (it sends them ahead, `Session::attempt_all`).
const CHUNK: usize = 8;

/// The report for each line of `input` (`{"command": "…"}` objects; blank
/// lines skipped), in order: [`render_json`]'s object with the command, or
/// `{"line": n, "error": …}` for a line that is not such an object.
#[must_use]
pub fn batch(oracle: &Oracle, policy: &Policy, input: &str, jobs: usize) -> Vec<Value> {
    let lines: Vec<(usize, &str)> = input
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(n, line)| (n + 1, line))
        .collect();
    let answers: Mutex<Vec<Option<Value>>> = Mutex::new(vec![None; lines.len()]);
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, 64) {
            scope.spawn(|| {
                let mut session = oracle.session();
                loop {
                    let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                    let Some(chunk) = lines.get(start..lines.len().min(start + CHUNK)) else {
                        break;
                    };
                    if chunk.is_empty() {
                        break;
                    }
                    let parsed: Vec<Result<String, String>> =
                        chunk.iter().map(|&(_, line)| command_of(line)).collect();
                    let commands: Vec<&str> =
                        parsed.iter().filter_map(|p| p.as_deref().ok()).collect();
                    let mut executions = session.attempt_all(&commands).into_iter();
                    for (offset, (&(number, _), parsed)) in chunk.iter().zip(&parsed).enumerate() {
                        let answer = match (parsed, parsed.is_ok().then(|| executions.next())) {
                            (Ok(command), Some(Some(attempt))) => {
                                let outcome = decide(policy, command, &Options::default());
                                let mut report = render_json(policy, &outcome, &attempt.result);
                                if let Some(object) = report.as_object_mut() {
                                    object.insert("command".to_owned(), command.clone().into());
                                }
                                report
                            }
                            (Err(why), _) => json!({ "line": number, "error": why }),
                            (Ok(_), _) => json!({ "line": number, "error": "no answer" }),
                        };
                        if let Ok(mut answers) = answers.lock() {
                            if let Some(slot) = answers.get_mut(start + offset) {
                                *slot = Some(answer);
                            }
                        }
                    }
                }
            });
        }
    });
    answers
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .map(|answer| answer.unwrap_or_else(|| json!({ "error": "no answer" })))
        .collect()
}

/// The command of one input line.
fn command_of(line: &str) -> Result<String, String> {
    let value: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    match value.get("command") {
        Some(Value::String(command)) => Ok(command.clone()),
        Some(_) => Err("\"command\" is not a string".to_owned()),
        None => Err("no \"command\"".to_owned()),
    }
}
