//! The role differential over generated commands (`INV-ROLE-5`).

use serde::Serialize;

use super::{bash_commands, compare, tree_commands, BashReader, Disagreement, Reading};
use crate::hardened::Profile;
use crate::pipeline::{self, Options};
use crate::verdict::PermissionState;

use super::super::pairs::{permissive, Source};

/// A command whose readings disagree.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    /// The command.
    pub command: String,
    /// The family it was drawn from, if any.
    pub family: Option<&'static str>,
    /// Whether the profile allowed it (under the pair's policy or the
    /// permissive one).
    pub allowed: bool,
    /// The tokens whose roles differ.
    pub disagreements: Vec<Disagreement>,
}

/// What a differential run counted (`INV-ROLE-5`).
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DifferentialReport {
    /// Commands drawn.
    pub commands: usize,
    /// Of them, allowed by the profile under the pair's or the permissive policy.
    pub allowed: usize,
    /// Commands bash rendered whole.
    pub rendered: usize,
    /// Commands bash refused (syntax errors).
    pub refused: usize,
    /// Commands whose rendering lost its frame (`INV-ROLE-1`).
    pub unframed: usize,
    /// Commands bash did not answer for.
    pub failed: usize,
    /// Commands whose tree holds an error (no profile allows them).
    pub tree_errors: usize,
    /// Commands both readings gave and that were compared.
    pub compared: usize,
    /// Compared commands with at least one disagreement.
    pub disagreeing: usize,
    /// Allowed commands bash did not render whole or whose tree has an
    /// error: not compared, and counted apart (`INV-ROLE-5`).
    pub allowed_uncompared: usize,
    /// Allowed commands with a disagreement whose every allow the
    /// authorizer gave to the de-wrapped command, on which both readings
    /// agree (`INV-ROLE-5`): not failures, counted apart.
    pub allowed_dewrapped_agree: usize,
    /// Allowed commands with a disagreement: failures.
    pub failures: Vec<Finding>,
    /// The first disagreements on commands the profile does not allow
    /// (at most 20), to show what the differential sees.
    pub examples: Vec<Finding>,
}

/// The role disagreements of one command, or why it could not be compared.
///
/// # Errors
/// The sandbox could not run, bash did not render the text whole, the
/// reader could not read the rendering, or the tree has an error.
pub fn disagreements(reader: &BashReader, command: &str) -> Result<Vec<Disagreement>, String> {
    let reading = reader
        .read(&[command.to_owned()])?
        .into_iter()
        .next()
        .unwrap_or(Reading::Failed("no answer".to_owned()));
    compare_reading(command, &reading)
}

fn compare_reading(command: &str, reading: &Reading) -> Result<Vec<Disagreement>, String> {
    let Reading::Rendered(rendered) = reading else {
        return Err(format!("bash did not render it: {reading:?}"));
    };
    let bash = bash_commands(rendered).map_err(|e| format!("the rendering: {e}"))?;
    let tree = tree_commands(command).ok_or_else(|| "the tree has an error".to_owned())?;
    Ok(compare(&bash, &tree))
}

/// `count` commands of `source` from `seed`, decided under `profile`, read
/// by bash and by the tree, compared (`INV-ROLE-5`).
///
/// # Errors
/// The sandbox could not run.
pub fn differential(
    reader: &BashReader,
    source: Source,
    seed: u64,
    count: u64,
    profile: Profile,
) -> Result<DifferentialReport, String> {
    let mut report = DifferentialReport::default();
    let open = permissive();
    let batch = 250_u64;
    let mut start = 0;
    while start < count {
        let end = (start + batch).min(count);
        let pairs: Vec<_> = (start..end).map(|i| source.pair(seed, i)).collect();
        let texts: Vec<String> = pairs.iter().map(|p| p.command.clone()).collect();
        let readings = reader.read(&texts)?;
        for (pair, reading) in pairs.iter().zip(&readings) {
            let allows: Vec<pipeline::Outcome> = [&pair.policy, &open]
                .into_iter()
                .map(|policy| {
                    pipeline::decide_profiled(policy, &pair.command, &Options::default(), profile)
                })
                .filter(|outcome| outcome.outcome == PermissionState::Allow)
                .collect();
            let allowed = !allows.is_empty();
            let before = report.failures.len();
            tally(&mut report, &pair.command, pair.family, allowed, reading);
            if report.failures.len() > before && dewrapped_agrees(reader, &allows)? {
                report.failures.pop();
                report.allowed_dewrapped_agree += 1;
            }
        }
        start = end;
    }
    Ok(report)
}

/// Whether every allow was the authorizer's, given to the de-wrapped
/// command (the gate asked, AUTH-7.1), and the two readings agree on that
/// command: bash runs the transparent wrapper's inner command as the
/// de-wrapped text says (HARD-DEWRAP-1), so that text is the one judged
/// (`time ! ls`: `!` is bash's reserved word after `time`, the tree's
/// argument of `time`; the allow is the re-query's of `! ls`).
fn dewrapped_agrees(reader: &BashReader, allows: &[pipeline::Outcome]) -> Result<bool, String> {
    let mut dewrapped = Vec::new();
    for outcome in allows {
        match outcome.dewrapped_command() {
            Some(text) if outcome.gate.state != PermissionState::Allow => {
                dewrapped.push(text.to_owned());
            }
            _ => return Ok(false),
        }
    }
    dewrapped.dedup();
    for text in dewrapped {
        if !disagreements(reader, &text).is_ok_and(|found| found.is_empty()) {
            return Ok(false);
        }
    }
    Ok(!allows.is_empty())
}

fn tally(
    report: &mut DifferentialReport,
    command: &str,
    family: Option<&'static str>,
    allowed: bool,
    reading: &Reading,
) {
    report.commands += 1;
    report.allowed += usize::from(allowed);
    match reading {
        Reading::Rendered(_) => report.rendered += 1,
        Reading::Refused(_) => report.refused += 1,
        Reading::Unframed(_) => report.unframed += 1,
        Reading::Failed(_) => report.failed += 1,
    }
    if !matches!(reading, Reading::Rendered(_)) {
        report.allowed_uncompared += usize::from(allowed);
        return;
    }
    match compare_reading(command, reading) {
        Ok(found) => {
            report.compared += 1;
            if found.is_empty() {
                return;
            }
            report.disagreeing += 1;
            let finding = Finding {
                command: command.to_owned(),
                family,
                allowed,
                disagreements: found,
            };
            if allowed {
                report.failures.push(finding);
            } else if report.examples.len() < 20 {
                report.examples.push(finding);
            }
        }
        Err(_) => {
            report.tree_errors += 1;
            report.allowed_uncompared += usize::from(allowed);
        }
    }
}
