//! Running cases against an implementation (`CONF-RUN-3`..`CONF-RUN-8`, `CONF-RUN-11`, `CONF-RUN-12`).

use std::io::Write;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::compare::compare;
use super::process::{Implementation, ProcessError};
use super::report::{CaseReport, Counts, Report, Status};
use super::select::{glob_match, skip_reason, SkipRule};
use super::vectors::Case;

/// The error code with which an implementation declines an operation (`PROTO-12`).
const UNSUPPORTED: &str = "unsupported_op";

/// What the runner does, beyond the cases themselves.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// The implementation's command, already split into words.
    pub command: Vec<String>,
    /// Only cases whose id matches this glob run; the rest are left out of the report.
    pub only: Option<String>,
    /// Only cases of these chapters run (`CONF-RUN-12`); empty: every chapter.
    pub chapters: Vec<String>,
    /// Only cases of this profile run, each request carrying it (`CONF-RUN-16`);
    /// `None`: every case, as written.
    pub profile: Option<String>,
    /// Known divergences: matching cases are reported as skipped.
    pub skips: Vec<SkipRule>,
    /// How long one case (and the handshake) may take.
    pub timeout: Duration,
    /// Draw a progress counter on stderr.
    pub progress: bool,
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
    let started = Instant::now();
    let selected: Vec<&Case> = cases
        .iter()
        .filter(|case| {
            options
                .only
                .as_deref()
                .is_none_or(|glob| glob_match(glob, &case.id))
                && (options.chapters.is_empty() || options.chapters.contains(&case.chapter))
                && options
                    .profile
                    .as_deref()
                    .is_none_or(|profile| case.profile() == profile)
        })
        .collect();
    let mut implementation = Some(Implementation::start(&options.command, options.timeout)?);
    let handshake = implementation
        .as_ref()
        .map_or(Value::Null, |running| running.handshake.clone());
    let mut reports: Vec<CaseReport> = Vec::with_capacity(selected.len());
    // Running counts for the progress line.
    let mut so_far = Counts::default();
    for (index, case) in selected.iter().enumerate() {
        if let Some(last) = reports.last() {
            so_far.record(last.status);
        }
        if options.progress {
            let mut stderr = std::io::stderr();
            let _ = write!(
                stderr,
                "\r[{}/{}] {} passed, {} failed, {} errored, {} unsupported  {:<32}",
                index + 1,
                selected.len(),
                so_far.passed,
                so_far.failed,
                so_far.errored,
                so_far.unsupported,
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
                    errored.comment = Some(case.comment.clone());
                    reports.push(errored);
                    continue;
                }
            },
        };
        let (case_report, still_running) = run_case(running, case, index, options);
        implementation = still_running;
        reports.push(case_report);
    }
    if options.progress {
        let _ = writeln!(std::io::stderr());
    }
    if let Some(running) = implementation {
        running.stop();
    }
    Ok(Report::new(handshake, reports, started.elapsed()))
}

/// Runs one case; returns its report and the implementation if it is still usable.
fn run_case(
    mut running: Implementation,
    case: &Case,
    index: usize,
    options: &RunOptions,
) -> (CaseReport, Option<Implementation>) {
    let timeout = options.timeout;
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
    if let Some(profile) = &options.profile {
        // The selected profile is said, not implied by its absence (`CONF-RUN-16`).
        request.insert("profile".into(), Value::from(profile.clone()));
    }
    let request = Value::Object(request);
    let sent = Instant::now();
    let exchanged = running.exchange(&request, timeout);
    let elapsed = sent.elapsed();
    match exchanged {
        Ok(response) => {
            let outcome = compare(&case.expected, &case.latitude, &response);
            let mut case_report = report(case, Status::Passed, None);
            case_report.elapsed = elapsed;
            if let Some(message) = outcome.is_err().then(|| unsupported(&response)).flatten() {
                // A declined operation is not a wrong answer (`CONF-RUN-11`).
                case_report.status = Status::Unsupported;
                case_report.reason = Some(message);
            } else if let Err(mismatch) = outcome {
                case_report.status = Status::Failed;
                case_report.comment = Some(case.comment.clone());
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
            case_report.comment = Some(case.comment.clone());
            case_report.request = Some(request);
            case_report.elapsed = elapsed;
            (case_report, None)
        }
    }
}

/// The message of an `unsupported_op` rejection, or `None` for any other response.
///
/// Only consulted when the response does not satisfy the vector, so a vector
/// that itself expects `unsupported_op` still compares as usual.
fn unsupported(response: &Value) -> Option<String> {
    if response.get("ok") != Some(&Value::Bool(false)) {
        return None;
    }
    let error = response.get("error")?;
    if error.get("code")?.as_str()? != UNSUPPORTED {
        return None;
    }
    let message = error.get("message").and_then(Value::as_str).unwrap_or("");
    Some(format!("{UNSUPPORTED}: {message}"))
}

fn report(case: &Case, status: Status, reason: Option<String>) -> CaseReport {
    CaseReport {
        id: case.id.clone(),
        chapter: case.chapter.clone(),
        op: case
            .request
            .get("op")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
        clauses: case.clauses.clone(),
        status,
        comment: None,
        reason,
        request: None,
        expected: None,
        got: None,
        mismatch: None,
        elapsed: Duration::ZERO,
    }
}
