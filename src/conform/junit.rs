//! The report as JUnit XML for CI systems (`CONF-RUN-14`).
//!
//! The shape is the common denominator CI systems read (Jenkins'
//! `junit-10.xsd`, GitLab, GitHub reporters): `<testsuites>` holding one
//! `<testsuite>` per chapter, one `<testcase>` per case, with a `<failure>`,
//! `<error>` or `<skipped>` child when it did not pass. Every count attribute
//! equals the number of such children.
//!
//! The writer is small enough to audit: the only data that reaches the output
//! goes through [`text`] or [`attribute`], which escape markup and replace the
//! characters XML 1.0 cannot carry at all.

use std::fmt::Write;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::report::{CaseReport, Report, Status};

/// How one case appears in the XML.
enum Outcome<'a> {
    Passed,
    Failure { kind: &'a str, message: String },
    Error { message: String },
    Skipped { message: String },
}

fn outcome(case: &CaseReport, require_all: bool) -> Outcome<'_> {
    let reason = || case.reason.clone().unwrap_or_default();
    // The vector's comment leads the message: it says what to fix (`CONF-RUN-14`).
    let taught = |detail: String| match case.comment.as_deref() {
        Some(comment) if !comment.is_empty() => format!("{comment} — {detail}"),
        _ => detail,
    };
    match case.status {
        Status::Passed => Outcome::Passed,
        Status::Failed => Outcome::Failure {
            kind: "mismatch",
            message: taught(
                case.mismatch
                    .as_ref()
                    .map_or_else(String::new, ToString::to_string),
            ),
        },
        Status::Unsupported if require_all => Outcome::Failure {
            kind: "unsupported",
            message: reason(),
        },
        Status::Unsupported | Status::Skipped => Outcome::Skipped { message: reason() },
        Status::Errored => Outcome::Error {
            message: taught(reason()),
        },
    }
}

/// The counts a `<testsuite>` or `<testsuites>` element declares.
#[derive(Default)]
struct Tally {
    tests: usize,
    failures: usize,
    errors: usize,
    skipped: usize,
    time: Duration,
}

impl Tally {
    fn add(&mut self, case: &CaseReport, outcome: &Outcome<'_>) {
        self.tests += 1;
        self.time += case.elapsed;
        match outcome {
            Outcome::Passed => {}
            Outcome::Failure { .. } => self.failures += 1,
            Outcome::Error { .. } => self.errors += 1,
            Outcome::Skipped { .. } => self.skipped += 1,
        }
    }

    fn attributes(&self) -> String {
        format!(
            "tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{}\"",
            self.tests,
            self.failures,
            self.errors,
            self.skipped,
            seconds(self.time)
        )
    }
}

/// When and where a run happened: each `<testsuite>`'s `timestamp` and
/// `hostname`, as Ant's JUnit schema has them (`CONF-RUN-15`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// When the run started.
    pub started: SystemTime,
    /// The machine's name.
    pub hostname: String,
}

impl Run {
    /// A run on this machine that started at `started`; the host name is the
    /// kernel's (`/proc/sys/kernel/hostname`), or `localhost` when it cannot
    /// be read, as the schema asks.
    #[must_use]
    pub fn here(started: SystemTime) -> Self {
        let hostname = std::fs::read_to_string("/proc/sys/kernel/hostname")
            .map(|name| name.trim().to_owned())
            .ok()
            .filter(|name| !name.is_empty())
            .unwrap_or_else(|| "localhost".to_owned());
        Self { started, hostname }
    }

    fn attributes(&self) -> String {
        format!(
            "timestamp=\"{}\" hostname=\"{}\"",
            timestamp(self.started),
            attribute(&self.hostname)
        )
    }
}

/// `YYYY-MM-DDThh:mm:ss` in UTC without a zone, the schema's `timestamp`
/// pattern; a time before 1970 (a broken clock) is written as 1970.
fn timestamp(time: SystemTime) -> String {
    let seconds = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, second_of_day) = (seconds / 86_400, seconds % 86_400);
    // Days since 1970-01-01 to a proleptic Gregorian date, counted in
    // 400-year eras that start on 0000-03-01 (so the leap day ends a year).
    let shifted = days + 719_468;
    let (era, day_of_era) = (shifted / 146_097, shifted % 146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = era * 400 + year_of_era + u64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}",
        second_of_day / 3_600,
        second_of_day / 60 % 60,
        second_of_day % 60
    )
}

/// Renders `report` as a JUnit XML document (`CONF-RUN-14`, `CONF-RUN-15`).
///
/// Unsupported cases are `<skipped>`, or `<failure type="unsupported">` when
/// `require_all` is set, so that the file fails a CI job exactly when the
/// exit status does.
#[must_use]
pub fn render(report: &Report, require_all: bool, run: &Run) -> String {
    let mut suites = String::new();
    let mut total = Tally::default();
    for (chapter, _) in report.by_chapter() {
        let mut cases = String::new();
        let mut tally = Tally::default();
        for case in report.cases.iter().filter(|case| case.chapter == chapter) {
            let outcome = outcome(case, require_all);
            tally.add(case, &outcome);
            total.add(case, &outcome);
            write_case(&mut cases, case, &outcome);
        }
        let _ = writeln!(
            suites,
            "  <testsuite name=\"{}\" {} {}>\n{cases}  </testsuite>",
            attribute(&chapter),
            tally.attributes(),
            run.attributes()
        );
    }
    let name = report
        .implementation
        .get("implementation")
        .and_then(serde_json::Value::as_str)
        .unwrap_or("implementation");
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"{}\" {}>\n{suites}</testsuites>\n",
        attribute(&format!("inner-cmd conform: {name}")),
        total.attributes()
    )
}

fn write_case(out: &mut String, case: &CaseReport, outcome: &Outcome<'_>) {
    let open = format!(
        "    <testcase name=\"{}\" classname=\"{}\" time=\"{}\"",
        attribute(&case.id),
        attribute(&format!("conform.{}", case.chapter)),
        seconds(case.elapsed)
    );
    let show = |value: &Option<serde_json::Value>| {
        value
            .as_ref()
            .map_or_else(String::new, super::brief::brief_json)
    };
    let clauses = case.clauses.join(", ");
    let why = case.comment.as_deref().unwrap_or_default();
    let _ = match outcome {
        Outcome::Passed => writeln!(out, "{open}/>"),
        Outcome::Failure { kind, message } => {
            let body = format!(
                "why:      {why}\nclauses:  {clauses}\nrequest:  {}\nexpected: {}\ngot:      {}\n",
                show(&case.request),
                show(&case.expected),
                show(&case.got)
            );
            writeln!(
                out,
                "{open}>\n      <failure type=\"{}\" message=\"{}\">{}</failure>\n    </testcase>",
                attribute(kind),
                attribute(message),
                text(&body)
            )
        }
        Outcome::Error { message } => {
            let body = format!(
                "why:      {why}\nclauses:  {clauses}\nrequest:  {}\n",
                show(&case.request)
            );
            writeln!(
                out,
                "{open}>\n      <error type=\"errored\" message=\"{}\">{}</error>\n    </testcase>",
                attribute(message),
                text(&body)
            )
        }
        Outcome::Skipped { message } => writeln!(
            out,
            "{open}>\n      <skipped message=\"{}\"/>\n    </testcase>",
            attribute(message)
        ),
    };
}

/// Seconds with millisecond precision, as JUnit's `time` attributes are read.
fn seconds(duration: Duration) -> String {
    format!("{:.3}", duration.as_secs_f64())
}

/// Escapes character data: markup characters become entities, and characters
/// XML 1.0 forbids even as references become a visible `\u{…}`.
#[must_use]
pub fn text(value: &str) -> String {
    escape(value, false)
}

/// Escapes an attribute value (double-quoted): as [`text`], plus quotes, and
/// tab and line breaks as character references so that attribute-value
/// normalization does not turn them into spaces.
#[must_use]
pub fn attribute(value: &str) -> String {
    escape(value, true)
}

fn escape(value: &str, in_attribute: bool) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if in_attribute => out.push_str("&quot;"),
            '\t' | '\n' | '\r' if in_attribute => {
                let _ = write!(out, "&#{};", u32::from(c));
            }
            // `]]>` and a bare `\r` are also handled: `>` is always escaped,
            // and `\r` in text would be normalized away by parsers.
            '\r' => out.push_str("&#13;"),
            c if is_xml_char(c) => out.push(c),
            c => {
                let _ = write!(out, "\\u{{{:04X}}}", u32::from(c));
            }
        }
    }
    out
}

/// XML 1.0 `Char`: `#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]`
/// (surrogates cannot occur in a Rust `char`).
fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CONF-RUN-14: the escaper's table, including characters XML cannot carry.
    #[test]
    fn escapes_markup_and_replaces_non_xml_characters() {
        const ROWS: &[(&str, &str, &str)] = &[
            ("plain", "plain", "plain"),
            ("a<b>&c", "a&lt;b&gt;&amp;c", "a&lt;b&gt;&amp;c"),
            ("say \"hi\" 'x'", "say \"hi\" 'x'", "say &quot;hi&quot; 'x'"),
            ("a\tb\nc\rd", "a\tb\nc&#13;d", "a&#9;b&#10;c&#13;d"),
            ("nul\u{0}x", "nul\\u{0000}x", "nul\\u{0000}x"),
            ("\u{1B}[0m", "\\u{001B}[0m", "\\u{001B}[0m"),
            (
                "\u{FFFE}\u{FFFF}",
                "\\u{FFFE}\\u{FFFF}",
                "\\u{FFFE}\\u{FFFF}",
            ),
            ("]]>", "]]&gt;", "]]&gt;"),
            ("\u{3000}é😀", "\u{3000}é😀", "\u{3000}é😀"),
        ];
        for (input, as_text, as_attribute) in ROWS {
            assert_eq!(text(input), *as_text, "text {input:?}");
            assert_eq!(attribute(input), *as_attribute, "attribute {input:?}");
        }
    }

    /// CONF-RUN-15: timestamps in UTC without a zone, across leap days and centuries
    /// (expected values from Python's `datetime`).
    #[test]
    fn timestamps_are_utc_calendar_times() {
        const ROWS: &[(u64, &str)] = &[
            (0, "1970-01-01T00:00:00"),
            (63_072_000, "1972-01-01T00:00:00"),
            (951_782_400, "2000-02-29T00:00:00"),
            (1_735_689_599, "2024-12-31T23:59:59"),
            (4_107_587_696, "2100-03-01T12:34:56"),
        ];
        for (seconds, expected) in ROWS {
            let time = UNIX_EPOCH + Duration::from_secs(*seconds);
            assert_eq!(timestamp(time), *expected, "{seconds}");
        }
        let before = UNIX_EPOCH - Duration::from_secs(1);
        assert_eq!(timestamp(before), "1970-01-01T00:00:00");
    }
}
