//! What a run found, and how it is shown (`CONF-RUN-9`, `CONF-RUN-10`, `CONF-RUN-11`, `CONF-RUN-13`).

use std::collections::BTreeMap;
use std::time::Duration;

use serde::Serialize;
use serde_json::Value;

use super::brief::{brief_json, printable};
use super::compare::Mismatch;

/// The fate of one case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The response satisfied the expectation.
    Passed,
    /// The response differs from the expectation.
    Failed,
    /// The implementation answered `unsupported_op` where the vector expects
    /// an answer (`CONF-RUN-11`): it does not provide this operation.
    Unsupported,
    /// No usable response: timeout, crash, unreadable line, wrong `id`.
    Errored,
    /// Named by the skip file.
    Skipped,
}

impl Status {
    /// Every status, in the order the summary line and the table show them.
    pub const ALL: [Self; 5] = [
        Self::Passed,
        Self::Failed,
        Self::Unsupported,
        Self::Skipped,
        Self::Errored,
    ];

    /// The lowercase name used in the summary, the table and `--json`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Passed => "passed",
            Self::Failed => "failed",
            Self::Unsupported => "unsupported",
            Self::Errored => "errored",
            Self::Skipped => "skipped",
        }
    }
}

/// One case in the report.
#[derive(Debug, Clone, Serialize)]
pub struct CaseReport {
    /// `<file stem>/<tcId>`.
    pub id: String,
    /// The chapter of its vector file.
    pub chapter: String,
    /// The protocol operation the case sends.
    pub op: String,
    /// The clauses the case exercises.
    pub clauses: Vec<String>,
    /// Its fate.
    pub status: Status,
    /// The vector's `comment`, what the case tests (failed and errored cases).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// The skip reason, why it errored, or the `unsupported_op` message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The request sent (failed and errored cases).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "super::brief::serialize_brief"
    )]
    pub request: Option<Value>,
    /// The expected fields (failed cases).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "super::brief::serialize_brief"
    )]
    pub expected: Option<Value>,
    /// The response (failed cases).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "super::brief::serialize_brief"
    )]
    pub got: Option<Value>,
    /// The first difference (failed cases).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mismatch: Option<Box<Mismatch>>,
    /// Wall time from sending the request to reading the response (zero when not sent).
    #[serde(skip)]
    pub elapsed: Duration,
}

/// How many cases ended in each status.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Cases that passed.
    pub passed: usize,
    /// Cases that failed.
    pub failed: usize,
    /// Cases the implementation does not support (`CONF-RUN-11`).
    pub unsupported: usize,
    /// Cases that were skipped.
    pub skipped: usize,
    /// Cases that errored.
    pub errored: usize,
}

impl Counts {
    /// Counts `cases`.
    #[must_use]
    pub fn of<'a>(cases: impl IntoIterator<Item = &'a CaseReport>) -> Self {
        let mut counts = Self::default();
        for case in cases {
            *counts.slot(case.status) += 1;
        }
        counts
    }

    /// The count of one status.
    #[must_use]
    pub fn get(&self, status: Status) -> usize {
        match status {
            Status::Passed => self.passed,
            Status::Failed => self.failed,
            Status::Unsupported => self.unsupported,
            Status::Skipped => self.skipped,
            Status::Errored => self.errored,
        }
    }

    /// Counts one more case of `status`.
    pub fn record(&mut self, status: Status) {
        *self.slot(status) += 1;
    }

    fn slot(&mut self, status: Status) -> &mut usize {
        match status {
            Status::Passed => &mut self.passed,
            Status::Failed => &mut self.failed,
            Status::Unsupported => &mut self.unsupported,
            Status::Skipped => &mut self.skipped,
            Status::Errored => &mut self.errored,
        }
    }

    /// All cases counted.
    #[must_use]
    pub fn total(&self) -> usize {
        Status::ALL.iter().map(|&status| self.get(status)).sum()
    }
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
    /// Cases answered `unsupported_op` (`CONF-RUN-11`).
    pub unsupported: usize,
    /// Cases that errored.
    pub errored: usize,
    /// Cases that were skipped.
    pub skipped: usize,
    /// The counts of every clause the selected cases name, by clause (`CONF-RUN-13`).
    pub clauses: BTreeMap<String, Counts>,
    /// Every selected case, in vector order.
    pub cases: Vec<CaseReport>,
    /// Wall time of the whole run, handshake included.
    #[serde(skip)]
    pub elapsed: Duration,
}

impl Report {
    /// Builds the report and its counts from the case reports.
    #[must_use]
    pub fn new(implementation: Value, cases: Vec<CaseReport>, elapsed: Duration) -> Self {
        let counts = Counts::of(&cases);
        let mut clauses: BTreeMap<String, Counts> = BTreeMap::new();
        for case in &cases {
            for clause in &case.clauses {
                clauses
                    .entry(clause.clone())
                    .or_default()
                    .record(case.status);
            }
        }
        Self {
            implementation,
            passed: counts.passed,
            failed: counts.failed,
            unsupported: counts.unsupported,
            errored: counts.errored,
            skipped: counts.skipped,
            clauses,
            cases,
            elapsed,
        }
    }

    /// The five counts.
    #[must_use]
    pub fn counts(&self) -> Counts {
        Counts {
            passed: self.passed,
            failed: self.failed,
            unsupported: self.unsupported,
            skipped: self.skipped,
            errored: self.errored,
        }
    }

    /// True when nothing failed or errored and at least one case passed;
    /// unsupported cases count against the run only under `require_all`
    /// (`CONF-RUN-10`, `CONF-RUN-11`).
    #[must_use]
    pub fn success(&self, require_all: bool) -> bool {
        self.failed == 0
            && self.errored == 0
            && self.passed > 0
            && (!require_all || self.unsupported == 0)
    }

    /// The closing line: `P passed, F failed, U unsupported, S skipped, E errored` (`CONF-RUN-9`).
    #[must_use]
    pub fn summary(&self) -> String {
        summary_line(&self.counts())
    }

    /// Counts per chapter, in the order chapters first appear (`CONF-RUN-13`).
    #[must_use]
    pub fn by_chapter(&self) -> Vec<(String, Counts)> {
        let mut chapters: Vec<(String, Counts)> = Vec::new();
        for case in &self.cases {
            if !chapters.iter().any(|(name, _)| *name == case.chapter) {
                chapters.push((case.chapter.clone(), Counts::default()));
            }
            if let Some((_, counts)) = chapters.iter_mut().find(|(name, _)| *name == case.chapter) {
                *counts.slot(case.status) += 1;
            }
        }
        chapters
    }

    /// The unsupported cases grouped by operation and reason, in order of
    /// first appearance, with their counts (`CONF-RUN-11`).
    #[must_use]
    pub fn declined(&self) -> Vec<((&str, &str), usize)> {
        let mut groups: Vec<((&str, &str), usize)> = Vec::new();
        let unsupported = self
            .cases
            .iter()
            .filter(|case| case.status == Status::Unsupported);
        for case in unsupported {
            let key = (case.op.as_str(), case.reason.as_deref().unwrap_or_default());
            match groups.iter_mut().find(|(seen, _)| *seen == key) {
                Some((_, count)) => *count += 1,
                None => groups.push((key, 1)),
            }
        }
        groups
    }

    /// The per-chapter table (`CONF-RUN-13`): a header, one row per chapter, a total row.
    #[must_use]
    pub fn table(&self) -> String {
        let mut rows = self.by_chapter();
        rows.push(("total".to_owned(), self.counts()));
        table("chapter", &rows)
    }

    /// The clauses to fix (`CONF-RUN-13`): one row per clause named by a
    /// failed or errored case, most such cases first, then by name; empty
    /// when there is none.
    #[must_use]
    pub fn clause_table(&self) -> String {
        let broken = |counts: &Counts| counts.failed + counts.errored;
        let mut rows: Vec<(String, Counts)> = self
            .clauses
            .iter()
            .filter(|(_, counts)| broken(counts) > 0)
            .map(|(clause, counts)| (clause.clone(), *counts))
            .collect();
        if rows.is_empty() {
            return String::new();
        }
        rows.sort_by(|(a, x), (b, y)| broken(y).cmp(&broken(x)).then_with(|| a.cmp(b)));
        table("clause", &rows)
    }

    /// The readable report: one block per failed or errored case, one line
    /// per group of [`Self::declined`] cases, the per-chapter table, then
    /// [`Self::summary`].
    #[must_use]
    pub fn render(&self) -> String {
        let mut out = String::new();
        for case in &self.cases {
            let clauses = case.clauses.join(", ");
            let show = |value: &Option<Value>| value.as_ref().map_or_else(String::new, brief_json);
            let why = case
                .comment
                .as_deref()
                .filter(|comment| !comment.is_empty());
            match case.status {
                Status::Failed => {
                    out.push_str(&format!("FAIL {} [{clauses}]\n", case.id));
                    if let Some(why) = why {
                        out.push_str(&format!("  why:      {}\n", printable(why)));
                    }
                    if let Some(mismatch) = &case.mismatch {
                        out.push_str(&format!("  diff:     {mismatch}\n"));
                    }
                    out.push_str(&format!("  request:  {}\n", show(&case.request)));
                    out.push_str(&format!("  expected: {}\n", show(&case.expected)));
                    out.push_str(&format!("  got:      {}\n", show(&case.got)));
                }
                Status::Errored => {
                    let reason = printable(case.reason.as_deref().unwrap_or_default());
                    out.push_str(&format!("ERROR {} [{clauses}]: {reason}\n", case.id));
                    if let Some(why) = why {
                        out.push_str(&format!("  why:      {}\n", printable(why)));
                    }
                    out.push_str(&format!("  request:  {}\n", show(&case.request)));
                }
                Status::Passed | Status::Unsupported | Status::Skipped => {}
            }
        }
        for ((op, reason), count) in self.declined() {
            let cases = if count == 1 { "case" } else { "cases" };
            // The reason is the implementation's text: no raw control
            // characters (terminal escapes) reach the reader's terminal.
            let (op, reason) = (printable(op), printable(reason));
            out.push_str(&format!("UNSUPPORTED {op} ({count} {cases}): {reason}\n"));
        }
        out.push_str(&self.clause_table());
        out.push_str(&self.table());
        out.push_str(&self.summary());
        out.push('\n');
        out
    }
}

/// `P passed, F failed, U unsupported, S skipped, E errored`.
#[must_use]
pub fn summary_line(counts: &Counts) -> String {
    Status::ALL
        .map(|status| format!("{} {}", counts.get(status), status.name()))
        .join(", ")
}

/// A table: a header naming the row kind and the five statuses, then `rows`.
fn table(kind: &str, rows: &[(String, Counts)]) -> String {
    let width = rows
        .iter()
        .map(|(name, _)| name.chars().count())
        .chain([kind.len()])
        .max()
        .unwrap_or(0);
    let line = |name: &str, cells: [String; 5]| {
        let mut out = format!("{name:<width$}");
        for (cell, status) in cells.iter().zip(Status::ALL) {
            let column = status.name().len();
            out.push_str(&format!("  {cell:>column$}"));
        }
        out.push('\n');
        out
    };
    let mut out = line(kind, Status::ALL.map(|status| status.name().to_owned()));
    for (name, counts) in rows {
        out.push_str(&line(
            name,
            Status::ALL.map(|status| counts.get(status).to_string()),
        ));
    }
    out
}
