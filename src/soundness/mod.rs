//! The soundness run: generated (command, policy) pairs, decided by the
//! pipeline under the deployed and the hardened profile, every allow checked
//! against what bash really runs (spec chapter 6, `INV-KNOWN-2`; chapter 12,
//! `HARD-GROUND-1`).
//!
//! [`pair`] builds a pair from a seed: a command from the adversarial
//! generators ([`crate::gen`], shell syntax included, `GEN-9`) and a policy
//! that allows most of what that command contains — each unit of the gate's
//! parse and of the re-queried, de-wrapped command, by its exact match value
//! or by its first word and ` *` — so that the pipeline allows often and the
//! run checks something. [`run`] decides each pair with
//! [`crate::pipeline::decide_profiled`] under each profile asked for: under
//! `deployed` with the pair's policy, under `hardened` with the pair's policy
//! and with a [`permissive`] one. Every `allow` goes through the execution
//! oracle ([`crate::ground`]) and `INV-GROUND`
//! ([`crate::invariants::check_ground`]); a command allowed by several
//! decisions runs once and is checked for each.
//!
//! Under `deployed`, INV-GROUND does not hold everywhere; every violation
//! must be an instance of a finding of `spec/findings.md`, recognized by
//! that finding's own classifier ([`classify`]). Under `hardened` it must
//! hold: a violation is never classified as a finding, it is a gap (the
//! deployed classifier that would claim it is named as a hint). Under both,
//! a violation that is a blind spot of the check itself (the `G-*` of
//! `spec/findings.md`: everything that ran was judged and allowed, in another
//! spelling or as an entry of its own) is counted apart, and the check looks
//! past it at every later executed command, so that it hides nothing. The
//! [`Report`] counts, per profile, allows checked, violations per finding or
//! blind spot, and the violations nothing accounts for (which must be none).
//!
//! The oracle is run from [`Budget::workers`] threads at once, each on its
//! own batch of pairs: most of an oracle's time is spent waiting (on a fresh
//! bash, on a command that loops until the time limit), not computing.
//!
//! Like `crate::fuzzing` (feature `fuzzing`), this is test tooling at the top of the layering:
//! it may call every module, nothing calls it.

mod blind_spots;
mod classify;
mod decide;
mod environment;
mod hidden;
mod inert;
mod known;
mod merge;
mod misparsed;
mod observation;
mod pairs;
mod programs;
mod reach;
mod redirections;
mod report;
mod respelled;
pub mod roles;
mod runners;
mod started;
mod written;

pub use decide::decide_violations;
use decide::without_cut_off_wrappers;
pub use known::{classify, KnownGroundViolation, KNOWN_GROUND_VIOLATIONS};
pub use merge::{from_json, merge, to_json, MergeError};
pub use observation::GroundObservation;
pub use pairs::{family_pair, pair, permissive, Pair, Source};
pub use reach::{FamilyTally, FirstViolation};
pub use report::{PolicyKind, ProfileReport, Report, Violation};

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::ground::{Attempt, Oracle};
use crate::hardened::Profile;
use crate::invariants::ground_violations;
use crate::pipeline::{self, Options};
use crate::policy::Policy;
use crate::verdict::PermissionState;

/// When a run stops, and how it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Allows to check against complete executions, under every profile:
    /// the run stops once each profile has checked this many.
    pub allows: usize,
    /// Wall-clock time: no batch starts after it (batches in flight finish).
    pub time: Duration,
    /// Pairs per oracle batch (the oracle runs a batch in one sandbox).
    pub batch: usize,
    /// Batches running at once, each on a thread of its own.
    pub workers: usize,
    /// Print a progress line to standard error after each batch.
    pub progress: bool,
    /// What the pairs are drawn from.
    pub source: Source,
}

/// Decides pairs `0, 1, …` of `seed` under each of `profiles` until `budget`
/// is spent, checking every allow against the oracle (`INV-KNOWN-2`,
/// `HARD-GROUND-1`).
#[must_use]
pub fn run(oracle: &Oracle, seed: u64, profiles: &[Profile], budget: Budget) -> Report {
    run_shard(oracle, seed, profiles, budget, Shard::WHOLE)
}

/// One shard of a run (`INV-KNOWN-2`): of the batches `0, 1, …` of pairs,
/// the shard `index` of `count` takes those whose number is `index` modulo
/// `count`, so that `count` machines given the same seed and batch size
/// check disjoint pairs that together are the pairs one machine would.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// This shard, from 0.
    pub index: u64,
    /// How many shards the run is cut into (at least 1).
    pub count: u64,
}

impl Shard {
    /// The whole run.
    pub const WHOLE: Self = Self { index: 0, count: 1 };

    /// `i/n` (`0/4`, …), or `None` when it is not a shard of `n`.
    #[must_use]
    pub fn from_text(text: &str) -> Option<Self> {
        let (index, count) = text.split_once('/')?;
        let (index, count) = (index.parse().ok()?, count.parse().ok()?);
        (index < count).then_some(Self { index, count })
    }
}

/// [`run`], deciding only the batches of `shard`.
#[must_use]
pub fn run_shard(
    oracle: &Oracle,
    seed: u64,
    profiles: &[Profile],
    budget: Budget,
    shard: Shard,
) -> Report {
    let start = Instant::now();
    let mut run = Run::new(oracle, seed, profiles, budget.workers);
    run.source = budget.source;
    run.start = start;
    let next = AtomicU64::new(0);
    let total = Mutex::new(run.empty());
    let size = budget.batch.max(1) as u64;
    let reached = |report: &Report| report.profiles.iter().all(|p| p.checked >= budget.allows);
    std::thread::scope(|scope| {
        for _ in 0..budget.workers.max(1) {
            scope.spawn(|| loop {
                if start.elapsed() >= budget.time || reached(&lock(&total)) {
                    break;
                }
                let chunk = next.fetch_add(1, Ordering::Relaxed) * shard.count.max(1) + shard.index;
                let found = run.batch(chunk * size..(chunk + 1) * size);
                let mut total = lock(&total);
                total.absorb(found);
                if budget.progress {
                    eprintln!("{}", progress(&total, start.elapsed()));
                }
            });
        }
    });
    let mut report = total.into_inner().unwrap_or_else(PoisonError::into_inner);
    report.elapsed = start.elapsed();
    report.shards = vec![format!("{}/{}", shard.index, shard.count.max(1))];
    report
}

/// Decides only the pairs `indices` of `seed` (to re-check the violations of
/// an earlier report) under each of `profiles` and checks their allows.
#[must_use]
pub fn replay(
    oracle: &Oracle,
    seed: u64,
    source: Source,
    profiles: &[Profile],
    indices: &[u64],
) -> Report {
    let start = Instant::now();
    let mut run = Run::new(oracle, seed, profiles, 1);
    run.source = source;
    let mut report = run.batch(indices.iter().copied());
    report.elapsed = start.elapsed();
    report
}

/// One progress line: elapsed, pairs, and per profile checked and unaccounted.
fn progress(report: &Report, elapsed: Duration) -> String {
    let mut line = format!(
        "{:>6.0} s  pairs {}  executed {} ({} unknown)",
        elapsed.as_secs_f64(),
        report.pairs,
        report.executed,
        report.executed_unknown
    );
    for p in &report.profiles {
        line.push_str(&format!(
            "  {}: checked {} unknown {} violations {} unaccounted {}",
            p.profile.name(),
            p.checked,
            p.unknown,
            p.violations,
            p.unclassified.len()
        ));
    }
    line
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What every batch of a run shares.
struct Run<'a> {
    oracle: &'a Oracle,
    seed: u64,
    profiles: &'a [Profile],
    workers: usize,
    permissive: Policy,
    source: Source,
    start: Instant,
    /// Every command run so far and the oracle's answer: a command allowed
    /// again (by another decision, or generated again) is not run again.
    executed: Mutex<HashMap<String, Arc<Attempt>>>,
}

/// One allowed decision: the pair's position in its batch, the profile's
/// position in the run, the policy, and the pipeline's outcome.
struct Allowed<'p> {
    pair: &'p (u64, Pair),
    slot: usize,
    kind: PolicyKind,
    outcome: pipeline::Outcome,
}

impl<'a> Run<'a> {
    fn new(oracle: &'a Oracle, seed: u64, profiles: &'a [Profile], workers: usize) -> Self {
        Self {
            oracle,
            seed,
            profiles,
            workers: workers.max(1),
            permissive: permissive(),
            source: Source::Shapes,
            start: Instant::now(),
            executed: Mutex::new(HashMap::new()),
        }
    }

    fn empty(&self) -> Report {
        Report {
            seed: self.seed,
            shards: Vec::new(),
            bash_version: String::new(),
            pairs: 0,
            executed: 0,
            executed_unknown: 0,
            unknown_commands: Vec::new(),
            workers: self.workers,
            time_limit: self.oracle.config().time_limit,
            elapsed: Duration::ZERO,
            profiles: self
                .profiles
                .iter()
                .map(|&p| ProfileReport::new(p))
                .collect(),
        }
    }

    /// The policies a pair is decided under with `profile`.
    fn policies<'p>(&'p self, pair: &'p Pair, profile: Profile) -> Vec<(PolicyKind, &'p Policy)> {
        let mut policies = vec![(PolicyKind::Generated, &pair.policy)];
        if profile == Profile::Hardened {
            policies.push((PolicyKind::Permissive, &self.permissive));
        }
        policies
    }

    /// Decides the pairs `indices`, runs the allowed commands not run
    /// before, and checks every allow.
    fn batch(&self, indices: impl Iterator<Item = u64>) -> Report {
        let mut report = self.empty();
        let pairs: Vec<(u64, Pair)> = indices
            .map(|i| (i, self.source.pair(self.seed, i)))
            .collect();
        report.pairs = pairs.len() as u64;
        let mut allowed = Vec::new();
        for numbered in &pairs {
            let pair = &numbered.1;
            for (slot, &profile) in self.profiles.iter().enumerate() {
                for (kind, policy) in self.policies(pair, profile) {
                    let outcome = pipeline::decide_profiled(
                        policy,
                        &pair.command,
                        &Options::default(),
                        profile,
                    );
                    let Some(tally) = report.profiles.get_mut(slot) else {
                        continue;
                    };
                    tally.decisions += 1;
                    if outcome.outcome == PermissionState::Allow {
                        tally.allows += 1;
                        tally.gate_allows += usize::from(outcome.authorizer.is_none());
                        allowed.push(Allowed {
                            pair: numbered,
                            slot,
                            kind,
                            outcome,
                        });
                    }
                }
            }
        }
        let attempts = self.execute(&allowed, &mut report);
        for decision in &allowed {
            let (index, pair) = decision.pair;
            let policy = match decision.kind {
                PolicyKind::Generated => &pair.policy,
                PolicyKind::Permissive => &self.permissive,
            };
            let attempt = attempts.get(pair.command.as_str());
            if let Some(tally) = report.profiles.get_mut(decision.slot) {
                let after = self.start.elapsed();
                check(*index, pair, policy, decision, attempt, tally, after);
            }
        }
        report
    }

    /// The oracle's answer for every allowed command: from earlier batches,
    /// or run now in one sandbox.
    fn execute<'p>(
        &self,
        allowed: &[Allowed<'p>],
        report: &mut Report,
    ) -> HashMap<&'p str, Arc<Attempt>> {
        let mut answers = HashMap::new();
        let mut to_run: Vec<&str> = Vec::new();
        {
            let known = lock(&self.executed);
            for decision in allowed {
                let command = decision.pair.1.command.as_str();
                if answers.contains_key(command) || to_run.contains(&command) {
                    continue;
                }
                match known.get(command) {
                    Some(attempt) => {
                        answers.insert(command, Arc::clone(attempt));
                    }
                    None => to_run.push(command),
                }
            }
        }
        let fresh = self.oracle.attempt_batch(&to_run);
        let mut known = lock(&self.executed);
        for (command, attempt) in to_run.into_iter().zip(fresh) {
            report.executed += 1;
            match &attempt.result {
                Ok(execution) if report.bash_version.is_empty() => {
                    report.bash_version.clone_from(&execution.bash_version);
                }
                Ok(_) => {}
                Err(_) => {
                    report.executed_unknown += 1;
                    report.unknown_commands.push(command.to_owned());
                }
            }
            let attempt = Arc::new(attempt);
            known.insert(command.to_owned(), Arc::clone(&attempt));
            answers.insert(command, attempt);
        }
        answers
    }
}

/// Checks one allowed decision against the oracle's answer for its command.
fn check(
    index: u64,
    pair: &Pair,
    policy: &Policy,
    decision: &Allowed<'_>,
    attempt: Option<&Arc<Attempt>>,
    tally: &mut ProfileReport,
    after: Duration,
) {
    let Some(attempt) = attempt else {
        tally.unknown += 1;
        return;
    };
    // An unknown answer checks nothing complete, but what it recorded did
    // run (INV-GROUND-3): an uncovered record there is a violation too.
    let cut;
    let (execution, partial) = match (&attempt.result, &attempt.recorded) {
        (Ok(execution), _) => {
            tally.checked += 1;
            (execution, false)
        }
        (Err(_), recorded) => {
            tally.unknown += 1;
            match recorded {
                Some(execution) => {
                    cut = without_cut_off_wrappers(execution);
                    (&cut, true)
                }
                None => return,
            }
        }
    };
    let violations = ground_violations(policy, execution);
    if violations.is_empty() {
        tally.holds += usize::from(!partial);
        if let Some(family) = pair.family {
            reach::record(&mut tally.families, family, !partial, None);
        }
        return;
    }
    tally.violations += 1;
    let (decisive, counted) = decide_violations(
        tally.profile,
        policy,
        &pair.command,
        &decision.outcome,
        execution,
        &violations,
    );
    if let Some(family) = pair.family {
        let seen = (counted, after, index, pair.command.as_str());
        reach::record(&mut tally.families, family, !partial, Some(seen));
    }
    if let Some(id) = counted {
        *tally.per_finding.entry(id).or_insert(0) += 1;
        tally
            .examples
            .entry(id)
            .or_insert_with(|| pair.command.clone());
        return;
    }
    let Some((violation, finding)) = decisive else {
        return;
    };
    tally.unclassified.push(Violation {
        index,
        policy: decision.kind,
        command: pair.command.clone(),
        rules: policy
            .rules()
            .iter()
            .map(|r| format!("{}: {}", r.pattern, r.state))
            .collect(),
        violation: violation.to_string(),
        partial,
        resembles: finding.filter(|_| tally.profile == Profile::Hardened),
        family: pair.family,
    });
}

#[cfg(test)]
mod tests {
    use super::Shard;

    /// INV-KNOWN-2: a shard is `I/N` with I below N; the shards of N take
    /// every batch number exactly once.
    #[test]
    fn inv_known_2_shards_split_the_batches() {
        assert_eq!(Shard::from_text("1/4"), Some(Shard { index: 1, count: 4 }));
        for bad in ["4/4", "1", "a/2", "1/0", "-1/2", ""] {
            assert_eq!(Shard::from_text(bad), None, "{bad:?}");
        }
        let count = 3;
        let mut seen = Vec::new();
        for index in 0..count {
            // The numbering of run_shard: the k-th batch a shard takes.
            seen.extend((0..5).map(|k| k * count + index));
        }
        seen.sort_unstable();
        assert_eq!(seen, (0..15).collect::<Vec<_>>());
    }
}
