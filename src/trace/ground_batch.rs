//! `inner-cmd ground --batch FILE`: JSON lines of `{"command": …}` in, one
//! JSON report per line out, in the input's order (`INV-GROUND-1`).
//!
//! Sessions run in parallel, one per job (each its own sandbox, directory
//! and user), taking the next line as they finish the last, so a slow
//! command holds up only its own session.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use serde_json::{json, Value};

use super::ground::render_json;
use crate::ground::Oracle;
use crate::pipeline::{decide, Options};
use crate::policy::Policy;

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
                    let at = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(number, line)) = lines.get(at) else {
                        break;
                    };
                    let answer = match command_of(line) {
                        Ok(command) => {
                            let outcome = decide(policy, &command, &Options::default());
                            let execution = session.run(&command);
                            let mut report = render_json(policy, &outcome, &execution);
                            if let Some(object) = report.as_object_mut() {
                                object.insert("command".to_owned(), command.into());
                            }
                            report
                        }
                        Err(why) => json!({ "line": number, "error": why }),
                    };
                    if let Ok(mut answers) = answers.lock() {
                        if let Some(slot) = answers.get_mut(at) {
                            *slot = Some(answer);
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
