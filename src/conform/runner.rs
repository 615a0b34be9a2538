//! Running cases against an implementation and reporting (`CONF-RUN-8`..`CONF-RUN-10`).

use std::io::Write;
use std::time::Duration;

use serde::Serialize;
use serde_json::Value;

use super::compare::{compare, Mismatch};
use super::process::{Implementation, ProcessError};
use super::select::{glob_match, skip_reason, SkipRule};
use super::vectors::Case;

/// What the runner does, beyond the cases themselves.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// The implementation's command, already split into words.
    pub command: Vec<String>,
    /// Only cases whose id matches this glob run; the rest are left out of the report.
    pub only: Option<String>,
    /// Known divergences: matching cases are reported as skipped.
    pub skips: Vec<SkipRule>,
    /// How long one case (and the handshake) may take.
    pub timeout: Duration,
    /// Draw a progress counter on stderr.
    pub progress: bool,
}

/// The fate of one case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The response satisfied the expectation.
    Passed,
    /// The response differs from the expectation.
    Failed,
    /// No usable response: timeout, crash, unreadable line, wrong `id`.
    Errored,
    /// Named by the skip file.
    Skipped,
}

/// One case in the report.
#[derive(Debug, Clone, Serialize)]
pub struct CaseReport {
    /// `<file stem>/<tcId>`.
    pub id: String,
    /// The clauses the case exercises.
    pub clauses: Vec<String>,
    /// Its fate.
    pub status: Status,
    /// The skip reason, or why it errored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The request sent (failed and errored cases).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request: Option<Value>,
    /// The expected fields (failed cases).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<Value>,
    /// The response (failed cases).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub got: Option<Value>,
    /// The first difference (failed cases).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mismatch: Option<Box<Mismatch>>,
}

/// The whole report (`CONF-RUN-9`).
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The implementation's handshake.
    pub implementation: Value,
    /// Cases that passed.
    pub passed: usize,
    /// Cases that failed.
    pub failed: usize,
    /// Cases that errored.
    pub errored: usize,
    /// Cases that were skipped.
    pub skipped: usize,
    /// Every selected case, in vector order.
    pub cases: Vec<CaseReport>,
}

impl Report {
    /// True when nothing failed or errored and at least one case passed (`CONF-RUN-10`).
    #[must_use]
    pub fn success(&self) -> bool {
        self.failed == 0 && self.errored == 0 && self.passed > 0
    }

    /// The closing line: `N passed, N failed, N skipped, N errored` (`CONF-RUN-9`).
    #[must_use]
    pub fn summary(&self) -> String {
        format!(
            "{} passed, {} failed, {} skipped, {} errored",
            self.passed, self.failed, self.skipped, self.errored
        )
    }

    /// The readable report: one block per failed or errored case, then [`Self::summary`].
    #[must_use]
    pub fn render(&self) -> String {
        let mut out = String::new();
        for case in &self.cases {
            let clauses = case.clauses.join(", ");
            let show =
                |value: &Option<Value>| value.as_ref().map_or_else(String::new, Value::to_string);
            match case.status {
                Status::Failed => {
                    out.push_str(&format!("FAIL {} [{clauses}]\n", case.id));
                    out.push_str(&format!("  request:  {}\n", show(&case.request)));
                    out.push_str(&format!("  expected: {}\n", show(&case.expected)));
                    out.push_str(&format!("  got:      {}\n", show(&case.got)));
                    if let Some(mismatch) = &case.mismatch {
                        out.push_str(&format!("  {mismatch}\n"));
                    }
                }
                Status::Errored => {
                    let reason = case.reason.as_deref().unwrap_or_default();
                    out.push_str(&format!("ERROR {} [{clauses}]: {reason}\n", case.id));
                    out.push_str(&format!("  request:  {}\n", show(&case.request)));
                }
                Status::Passed | Status::Skipped => {}
            }
        }
        out.push_str(&self.summary());
        out.push('\n');
        out
    }
}

/// Runs `cases` against the implementation (`CONF-RUN-2`..`CONF-RUN-8`).
///
/// A case that times out, or after which the implementation exits or answers
/// unreadably, is reported as errored; the implementation is then killed and
/// restarted for the next case.
///
/// # Errors
/// The implementation cannot be started or its handshake is wrong.
pub fn run(cases: &[Case], options: &RunOptions) -> Result<Report, ProcessError> {
    let selected: Vec<&Case> = cases
        .iter()
        .filter(|case| {
            options
                .only
                .as_deref()
                .is_none_or(|glob| glob_match(glob, &case.id))
        })
        .collect();
    let mut implementation = Some(Implementation::start(&options.command, options.timeout)?);
    let handshake = implementation
        .as_ref()
        .map_or(Value::Null, |running| running.handshake.clone());
    let mut reports = Vec::with_capacity(selected.len());
    for (index, case) in selected.iter().enumerate() {
        if options.progress {
            let mut stderr = std::io::stderr();
            let _ = write!(
                stderr,
                "\r[{}/{}] {:<40}",
                index + 1,
                selected.len(),
                case.id
            );
            let _ = stderr.flush();
        }
        if let Some(rule) = skip_reason(&options.skips, &case.id) {
            reports.push(report(case, Status::Skipped, Some(rule.reason.clone())));
            continue;
        }
        let running = match implementation.take() {
            Some(running) => running,
            None => match Implementation::start(&options.command, options.timeout) {
                Ok(running) => running,
                Err(error) => {
                    let mut errored = report(
                        case,
                        Status::Errored,
                        Some(format!("restart failed: {error}")),
                    );
                    errored.request = Some(Value::Object(case.request.clone()));
                    reports.push(errored);
                    continue;
                }
            },
        };
        let (case_report, still_running) = run_case(running, case, index, options.timeout);
        implementation = still_running;
        reports.push(case_report);
    }
    if options.progress {
        let _ = writeln!(std::io::stderr());
    }
    if let Some(running) = implementation {
        running.stop();
    }
    let count = |status| reports.iter().filter(|case| case.status == status).count();
    Ok(Report {
        implementation: handshake,
        passed: count(Status::Passed),
        failed: count(Status::Failed),
        errored: count(Status::Errored),
        skipped: count(Status::Skipped),
        cases: reports,
    })
}

/// Runs one case; returns its report and the implementation if it is still usable.
fn run_case(
    mut running: Implementation,
    case: &Case,
    index: usize,
    timeout: Duration,
) -> (CaseReport, Option<Implementation>) {
    let mut request = serde_json::Map::new();
    // The runner's id comes first, is unique per case, and wins over any
    // `id` a vector might carry (`CONF-RUN-3`).
    request.insert("id".into(), Value::from(index + 1));
    request.extend(
        case.request
            .clone()
            .into_iter()
            .filter(|(key, _)| key != "id"),
    );
    let request = Value::Object(request);
    match running.exchange(&request, timeout) {
        Ok(response) => {
            let outcome = compare(&case.expected, &case.latitude, &response);
            let mut case_report = report(case, Status::Passed, None);
            if let Err(mismatch) = outcome {
                case_report.status = Status::Failed;
                case_report.request = Some(request);
                case_report.expected = Some(Value::Object(case.expected.clone()));
                case_report.got = Some(response);
                case_report.mismatch = Some(mismatch);
            }
            (case_report, Some(running))
        }
        Err(error) => {
            // The stream may be out of step: never reuse the process.
            drop(running);
            let mut case_report = report(case, Status::Errored, Some(error.to_string()));
            case_report.request = Some(request);
            (case_report, None)
        }
    }
}

fn report(case: &Case, status: Status, reason: Option<String>) -> CaseReport {
    CaseReport {
        id: case.id.clone(),
        clauses: case.clauses.clone(),
        status,
        reason,
        request: None,
        expected: None,
        got: None,
        mismatch: None,
    }
}
