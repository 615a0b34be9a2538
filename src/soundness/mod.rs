//! The soundness run: generated (command, policy) pairs, decided by the
//! pipeline, every allow checked against what bash really runs (spec chapter
//! 6, `INV-KNOWN-2`).
//!
//! [`pair`] builds a pair from a seed: a command from the adversarial
//! generators ([`crate::gen`], shell syntax included, `GEN-9`) and a policy
//! that allows most of what that command contains — each unit of the gate's
//! parse and of the re-queried, de-wrapped command, by its exact match value
//! or by its first word and ` *` — so that the pipeline allows often and the
//! run checks something. [`run`] decides each pair with
//! [`crate::pipeline::decide`]; every `allow` goes through the execution
//! oracle ([`crate::ground`]) and `INV-GROUND`
//! ([`crate::invariants::check_ground`]). Under today's (deployed) behaviour
//! INV-GROUND does not hold everywhere; every violation must be an instance
//! of a finding of `spec/findings.md`, recognized by that finding's own
//! classifier ([`classify`]). The [`Report`] counts allows checked,
//! violations per finding, and the unclassified ones (which must be none).
//!
//! Like [`crate::fuzzing`], this is test tooling at the top of the layering:
//! it may call every module, nothing calls it.

mod blind_spots;
mod classify;
mod pairs;

pub use classify::{classify, GroundObservation, KnownGroundViolation, KNOWN_GROUND_VIOLATIONS};
pub use pairs::{pair, Pair};

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use crate::ground::Oracle;
use crate::invariants::check_ground;
use crate::pipeline::{self, Options};
use crate::verdict::PermissionState;

/// When a run stops: whichever limit is reached first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Allowed decisions to check.
    pub allows: usize,
    /// Wall-clock time.
    pub time: Duration,
    /// Commands the oracle runs in one sandbox.
    pub batch: usize,
}

/// One violation nobody classified: what to reproduce it with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unclassified {
    /// The pair's index in the run.
    pub index: u64,
    /// The command.
    pub command: String,
    /// The policy's rules, as `pattern: state` lines.
    pub rules: Vec<String>,
    /// What INV-GROUND reported.
    pub violation: String,
}

/// What a soundness run found (`INV-KNOWN-2`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// The seed of the pairs.
    pub seed: u64,
    /// Pairs decided.
    pub pairs: u64,
    /// Pairs the pipeline allowed.
    pub allows: usize,
    /// Of those, allowed by the gate alone.
    pub gate_allows: usize,
    /// Allows the oracle answered `unknown` for (checked nothing).
    pub unknown: usize,
    /// Allows checked against an execution.
    pub checked: usize,
    /// Checked allows that satisfy INV-GROUND.
    pub holds: usize,
    /// Violations per finding id.
    pub per_finding: BTreeMap<&'static str, usize>,
    /// One example command per finding id.
    pub examples: BTreeMap<&'static str, String>,
    /// Violations no classifier claimed.
    pub unclassified: Vec<Unclassified>,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
    /// The bash version the oracle reported.
    pub bash_version: String,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "seed                 {}", self.seed)?;
        writeln!(f, "bash                 {}", self.bash_version)?;
        writeln!(f, "pairs decided        {}", self.pairs)?;
        writeln!(
            f,
            "allows               {} ({} by the gate, {} by the authorizer)",
            self.allows,
            self.gate_allows,
            self.allows - self.gate_allows
        )?;
        writeln!(f, "oracle unknown       {}", self.unknown)?;
        writeln!(f, "allows checked       {}", self.checked)?;
        writeln!(f, "INV-GROUND holds     {}", self.holds)?;
        writeln!(f, "violations per finding:")?;
        for (id, count) in &self.per_finding {
            let example = self.examples.get(id).map_or("", String::as_str);
            writeln!(f, "  {id:<6} {count:>8}   e.g. {example:?}")?;
        }
        writeln!(f, "unclassified         {}", self.unclassified.len())?;
        for u in self.unclassified.iter().take(20) {
            writeln!(
                f,
                "  #{} {:?} rules {:?}: {}",
                u.index, u.command, u.rules, u.violation
            )?;
        }
        write!(
            f,
            "elapsed              {:.1} s",
            self.elapsed.as_secs_f64()
        )
    }
}

/// Decides pairs `0, 1, …` of `seed` until `budget` is spent, checking every
/// allow against the oracle (`INV-KNOWN-2`).
#[must_use]
pub fn run(oracle: &Oracle, seed: u64, budget: Budget) -> Report {
    let start = Instant::now();
    let mut report = Report {
        seed,
        ..Report::default()
    };
    let mut index = 0u64;
    while report.allows < budget.allows && start.elapsed() < budget.time {
        let mut allowed = Vec::new();
        while allowed.len() < budget.batch.max(1) && report.allows < budget.allows {
            decide_one(seed, index, &mut report, &mut allowed);
            index += 1;
        }
        check_batch(oracle, &allowed, &mut report);
    }
    report.elapsed = start.elapsed();
    report
}

/// Decides only the pairs `indices` of `seed` (to re-check the unclassified
/// violations of an earlier report) and checks their allows.
#[must_use]
pub fn replay(oracle: &Oracle, seed: u64, indices: &[u64]) -> Report {
    let start = Instant::now();
    let mut report = Report {
        seed,
        ..Report::default()
    };
    let mut allowed = Vec::new();
    for &index in indices {
        decide_one(seed, index, &mut report, &mut allowed);
    }
    check_batch(oracle, &allowed, &mut report);
    report.elapsed = start.elapsed();
    report
}

/// An allowed pair: its index, the pair, the pipeline's outcome.
type Allowed = (u64, Pair, pipeline::Outcome);

/// Decides pair `index` of `seed`, counting it, and keeps it if allowed.
fn decide_one(seed: u64, index: u64, report: &mut Report, allowed: &mut Vec<Allowed>) {
    let pair = pair(seed, index);
    report.pairs += 1;
    let outcome = pipeline::decide(&pair.policy, &pair.command, &Options::default());
    if outcome.outcome == PermissionState::Allow {
        report.allows += 1;
        if outcome.authorizer.is_none() {
            report.gate_allows += 1;
        }
        allowed.push((index, pair, outcome));
    }
}

/// Runs the allowed pairs through the oracle and INV-GROUND, classifying
/// every violation.
fn check_batch(oracle: &Oracle, allowed: &[Allowed], report: &mut Report) {
    let commands: Vec<&str> = allowed.iter().map(|(_, p, _)| p.command.as_str()).collect();
    let executions = oracle.run_batch(&commands);
    for ((index, pair, outcome), execution) in allowed.iter().zip(executions) {
        let Ok(execution) = execution else {
            report.unknown += 1;
            continue;
        };
        report.checked += 1;
        if report.bash_version.is_empty() {
            report.bash_version.clone_from(&execution.bash_version);
        }
        let Err(violation) = check_ground(&pair.policy, &execution) else {
            report.holds += 1;
            continue;
        };
        let observed = GroundObservation {
            policy: &pair.policy,
            command: &pair.command,
            outcome,
            execution: &execution,
            violation: &violation,
        };
        match classify(&observed) {
            Some(id) => {
                *report.per_finding.entry(id).or_insert(0) += 1;
                report
                    .examples
                    .entry(id)
                    .or_insert_with(|| pair.command.clone());
            }
            None => report.unclassified.push(Unclassified {
                index: *index,
                command: pair.command.clone(),
                rules: pair
                    .policy
                    .rules()
                    .iter()
                    .map(|r| format!("{}: {}", r.pattern, r.state))
                    .collect(),
                violation: violation.to_string(),
            }),
        }
    }
}
