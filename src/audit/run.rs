//! The audit run: calibrate, generate this shard's cases, check them,
//! minimize and confirm each new witness (`AUDIT-1`..`AUDIT-8`); and the
//! replay of a saved report (`AUDIT-11`).

use std::collections::{BTreeMap, HashSet, VecDeque};
use std::time::{Duration, Instant};

use super::calibrate::calibrate;
use super::check::{mode_for_family, Auditor, Checked, Mode};
use super::generate::{draw, families, ingredients};
use super::layer::{Answer, Ask, Context, Layer};
use super::minimize::minimize;
use super::oracle::Bash;
use super::progress::{Progress, Tally};
use super::property::Apart;
use super::property::Verdict;
use super::report::{Counts, LayerName, ReplaySummary, Report, SetApart, Witness, MAX_APART};
use super::AuditError;
use crate::gen::FamilyCase;

/// How long an audit runs.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum Budget {
    /// This many of the shard's cases.
    Cases(u64),
    /// Cases until this much time has passed (minimization included).
    Time(Duration),
}

/// One shard of the case stream: case `i` belongs to shard `i mod count` (`AUDIT-8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// This shard, below `count`.
    pub index: u64,
    /// How many shards.
    pub count: u64,
}

impl Shard {
    /// The whole stream.
    pub const ALL: Self = Self { index: 0, count: 1 };

    /// Parses `K/N` with `K < N`.
    ///
    /// # Errors
    /// Not of that form.
    pub fn parse(text: &str) -> Result<Self, AuditError> {
        let bad = || AuditError::Settings(format!("--shard {text:?} is not K/N with K < N"));
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = k.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if index >= count {
            return Err(bad());
        }
        Ok(Self { index, count })
    }

    /// The shard's `n`-th case index.
    #[must_use]
    pub fn case(self, n: u64) -> u64 {
        n.saturating_mul(self.count).saturating_add(self.index)
    }
}

/// What to audit, and how.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Settings {
    /// The layer's command line (`--impl`).
    pub layer: String,
    /// The seed of the case stream.
    pub seed: u64,
    /// How long.
    pub budget: Budget,
    /// Which shard.
    pub shard: Shard,
    /// Threads running bash.
    pub threads: usize,
    /// The layer's working directory and environment (`AUDIT-13`).
    pub context: Context,
    /// Progress on standard error (`AUDIT-14`); off by default.
    pub progress: bool,
    /// Every approved case in the real mode (`--real`, `AUDIT-19`); off:
    /// only cases whose payload the stubs cannot show.
    pub real: bool,
}

impl Settings {
    /// An audit of `layer` with the defaults: seed 1, 200 cases, one shard, two threads.
    #[must_use]
    pub fn new(layer: &str) -> Self {
        Self {
            layer: layer.to_owned(),
            seed: 1,
            budget: Budget::Cases(200),
            shard: Shard::ALL,
            threads: 2,
            context: Context::default(),
            progress: false,
            real: false,
        }
    }
}

/// Cases checked per batch.
const BATCH: u64 = 64;
/// How long one answer of the layer may take.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);

pub(super) fn start(settings: &Settings) -> Result<Auditor, AuditError> {
    if let Some(directory) = &settings.context.cwd {
        if !directory.is_dir() {
            return Err(AuditError::Settings(format!(
                "--cwd {}: not a directory",
                directory.display()
            )));
        }
    }
    let layer = Layer::start_in(&settings.layer, &settings.context, ANSWER_TIMEOUT)?;
    let bash = Bash::new(settings.threads, false).map_err(AuditError::Oracle)?;
    Ok(Auditor {
        layer,
        bash,
        real: None,
        threads: settings.threads,
        all_real: settings.real,
        executions: 0,
    })
}

pub(super) fn name_of(layer: &Layer) -> LayerName {
    LayerName {
        name: layer.identity.name.clone(),
        version: layer.identity.version.clone(),
    }
}

/// Runs the audit (`AUDIT-1`..`AUDIT-9`).
///
/// # Errors
/// The layer or the oracle cannot be started, or the layer breaks the protocol.
pub fn audit(settings: &Settings) -> Result<Report, AuditError> {
    let began = Instant::now();
    let mut auditor = start(settings)?;
    let calibration = calibrate(&mut auditor.layer)?;
    let mut report = Report {
        layer: name_of(&auditor.layer),
        seed: settings.seed,
        shards: vec![format!("{}/{}", settings.shard.index, settings.shard.count)],
        calibration,
        tried: 0,
        approved: 0,
        checked: 0,
        unknown: 0,
        families: families()
            .iter()
            .map(|f| (f.name.to_owned(), Counts::default()))
            .collect::<BTreeMap<_, _>>(),
        witnesses: Vec::new(),
        apart: Vec::new(),
        apart_total: 0,
        causes: Vec::new(),
        replay: None,
        corpus: None,
        answers: Vec::new(),
    };
    let Some(ingredients) = ingredients(&report.calibration) else {
        return Err(AuditError::Settings(
            "calibration kept nothing to compose: the layer approves no base, or refuses no payload"
                .to_owned(),
        ));
    };
    let mut minimized: HashSet<(String, Vec<String>)> = HashSet::new();
    let mut apart_seen: HashSet<(Apart, String)> = HashSet::new();
    let mut queue = Queue::default();
    let mut next = 0u64;
    let mut progress = Progress::new(settings.progress, settings.budget);
    loop {
        let doing = if queue.waiting.is_empty() {
            "drawing cases"
        } else {
            "minimizing a witness"
        };
        progress.update(&tally(&report), doing);
        let out_of_time =
            matches!(settings.budget, Budget::Time(limit) if began.elapsed() >= limit);
        if out_of_time {
            break;
        }
        if let Some(found) = queue.take_first_of_family() {
            let witness = minimize_and_confirm(&mut auditor, &found.case, found.verdict, &report)?;
            // A minimized witness of a shape already listed leaves its family to its next one.
            if report.add_witness(witness) {
                queue.covered.insert(found.case.family);
            }
            continue;
        }
        let room = match settings.budget {
            Budget::Cases(cases) => cases.saturating_sub(next).min(BATCH),
            Budget::Time(_) => BATCH,
        };
        if room == 0 {
            // Every case is drawn: the rest of the queue, in order found.
            let Some(found) = queue.waiting.pop_front() else {
                break;
            };
            let witness = minimize_and_confirm(&mut auditor, &found.case, found.verdict, &report)?;
            report.add_witness(witness);
            continue;
        }
        // Between two batches, one witness of a family already minimized.
        if let Some(found) = queue.waiting.pop_front() {
            let witness = minimize_and_confirm(&mut auditor, &found.case, found.verdict, &report)?;
            report.add_witness(witness);
        }
        let cases: Vec<FamilyCase> = (next..next + room)
            .map(|n| draw(settings.seed, settings.shard.case(n), &ingredients))
            .collect();
        next += room;
        let commands: Vec<String> = cases.iter().map(|c| c.command.clone()).collect();
        let modes: Vec<Mode> = cases.iter().map(|c| mode_for_family(c.family)).collect();
        let checked = auditor.check_in(&commands, &modes)?;
        for (case, checked) in cases.into_iter().zip(checked) {
            let counts = report.families.entry(case.family.to_owned()).or_default();
            counts.tried += 1;
            let verdict = match checked {
                Checked::NotApproved => continue,
                Checked::LayerUnknown => {
                    counts.unknown += 1;
                    continue;
                }
                Checked::BashUnknown => {
                    counts.approved += 1;
                    counts.unknown += 1;
                    continue;
                }
                Checked::Judged { verdict, complete } => {
                    counts.approved += 1;
                    if complete {
                        counts.checked += 1;
                    } else {
                        counts.unknown += 1;
                    }
                    verdict
                }
            };
            for (executed, why) in &verdict.apart {
                if !apart_seen.insert((*why, executed.clone())) {
                    continue;
                }
                report.apart_total += 1;
                if report.apart.len() >= MAX_APART {
                    continue;
                }
                report.apart.push(SetApart {
                    command: case.command.clone(),
                    family: case.family.to_owned(),
                    executed: executed.clone(),
                    why: *why,
                    case_is_witness: verdict.is_witness(),
                });
            }
            if !verdict.is_witness() {
                continue;
            }
            counts.witnesses += 1;
            let mut signature = verdict.refused_alone.clone();
            signature.sort();
            if minimized.insert((case.family.to_owned(), signature)) {
                queue.waiting.push_back(Found { case, verdict });
            }
        }
    }
    report.total();
    report.group_causes();
    progress.finish(&tally(&report));
    Ok(report)
}

/// What the progress display shows of a report being made.
fn tally(report: &Report) -> Tally {
    let mut tally = Tally {
        listed: report.witnesses.len(),
        families: report.families.len(),
        ..Tally::default()
    };
    for counts in report.families.values() {
        tally.tried += counts.tried;
        tally.approved += counts.approved;
        tally.checked += counts.checked;
        tally.witnesses += counts.witnesses;
        tally.families_hit += usize::from(counts.witnesses > 0);
    }
    tally
}

/// A witness waiting to be minimized.
struct Found {
    case: FamilyCase,
    verdict: Verdict,
}

/// The witnesses waiting to be minimized (`AUDIT-6`): the first of a family
/// goes before all others, so a time budget reaches as many families as it
/// can before it spends time on further witnesses of one. A family is
/// covered once a witness of its own is listed.
#[derive(Default)]
struct Queue {
    /// In the order found.
    waiting: VecDeque<Found>,
    /// Families with a minimized witness listed.
    covered: HashSet<&'static str>,
}

impl Queue {
    /// The first waiting witness of a family none of whose witnesses is minimized yet.
    fn take_first_of_family(&mut self) -> Option<Found> {
        let at = self
            .waiting
            .iter()
            .position(|found| !self.covered.contains(found.case.family))?;
        self.waiting.remove(at)
    }
}

/// The mode a witness of `family` is minimized in: its family's, or the
/// real mode for every case under `--real`.
fn mode_for(auditor: &Auditor, family: &str) -> Mode {
    if auditor.all_real {
        Mode::Real
    } else {
        mode_for_family(family)
    }
}

fn minimize_and_confirm(
    auditor: &mut Auditor,
    case: &FamilyCase,
    verdict: Verdict,
    report: &Report,
) -> Result<Witness, AuditError> {
    let mut refused = report.calibration.payloads.clone();
    refused.extend(report.calibration.flags.iter().map(|f| f.with(&f.flag)));
    let (command, verdict) = minimize(
        auditor,
        &case.command,
        verdict,
        &report.calibration.payloads,
        &refused,
        &report.calibration.bases,
        mode_for(auditor, case.family),
    )?;
    let confirmed = confirm(&mut auditor.layer, &command, &verdict)?;
    Ok(Witness {
        command,
        family: case.family.to_owned(),
        executed: verdict.executed,
        refused_alone: verdict.refused_alone,
        minimized_from: case.command.clone(),
        confirmed,
    })
}

/// The layer, asked afresh, approves the command and refuses each executed
/// command the witness names (`AUDIT-7`).
pub(super) fn confirm(
    layer: &mut Layer,
    command: &str,
    verdict: &Verdict,
) -> Result<bool, AuditError> {
    let mut asks = vec![Ask::Command(command.to_owned())];
    asks.extend(verdict.refused_asks.iter().cloned());
    let answers = layer.reask(&asks)?;
    Ok(answers.first() == Some(&Answer::Approved)
        && answers.iter().skip(1).all(|&a| a == Answer::Refused))
}

/// Re-checks every witness of a saved report against the layer (`AUDIT-11`):
/// the answer keeps those still witnesses, with what bash ran now.
///
/// # Errors
/// As [`audit`].
pub fn replay(layer: &str, saved: &Report, threads: usize) -> Result<Report, AuditError> {
    let mut settings = Settings::new(layer);
    settings.threads = threads;
    replay_with(&settings, saved)
}

/// [`replay`] with the layer started as `settings` say (its context, `AUDIT-13`).
///
/// # Errors
/// As [`audit`].
pub fn replay_with(settings: &Settings, saved: &Report) -> Result<Report, AuditError> {
    let mut auditor = start(settings)?;
    let commands: Vec<String> = saved.witnesses.iter().map(|w| w.command.clone()).collect();
    let modes: Vec<Mode> = saved
        .witnesses
        .iter()
        .map(|w| mode_for_family(&w.family))
        .collect();
    let checked = auditor.check_in(&commands, &modes)?;
    let mut report = saved.clone();
    report.layer = name_of(&auditor.layer);
    report.witnesses.clear();
    report.apart.clear();
    report.apart_total = 0;
    let mut gone = Vec::new();
    for (old, checked) in saved.witnesses.iter().zip(checked) {
        let Some(verdict) = checked.witness().cloned() else {
            gone.push(old.command.clone());
            continue;
        };
        let confirmed = confirm(&mut auditor.layer, &old.command, &verdict)?;
        report.witnesses.push(Witness {
            executed: verdict.executed,
            refused_alone: verdict.refused_alone,
            confirmed,
            ..old.clone()
        });
    }
    report.replay = Some(ReplaySummary {
        of: saved.witnesses.len(),
        hold: report.witnesses.len(),
        gone,
    });
    report.group_causes();
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(family: &'static str, command: &str) -> Found {
        Found {
            case: FamilyCase {
                command: command.to_owned(),
                family,
                base: String::new(),
                payload: String::new(),
                placement: "",
                form: "",
            },
            verdict: Verdict::default(),
        }
    }

    /// AUDIT-6: the first witness of each family not yet minimized goes
    /// before further witnesses of a family that has one, in the order found.
    #[test]
    fn audit_6_first_of_each_family_is_minimized_first() {
        let mut queue = Queue::default();
        for (family, command) in [("a", "a1"), ("a", "a2"), ("b", "b1"), ("a", "a3")] {
            queue.waiting.push_back(found(family, command));
        }
        let take = |queue: &mut Queue| queue.take_first_of_family().map(|f| f.case.command);
        assert_eq!(take(&mut queue).as_deref(), Some("a1"));
        queue.covered.insert("a");
        assert_eq!(take(&mut queue).as_deref(), Some("b1"));
        queue.covered.insert("b");
        assert_eq!(take(&mut queue), None);
        let rest: Vec<_> = queue
            .waiting
            .iter()
            .map(|f| f.case.command.as_str())
            .collect();
        assert_eq!(rest, ["a2", "a3"]);
    }
}
