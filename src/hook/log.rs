//! `--log FILE` (`HOOK-LOG-1`): one JSON line per call, appended, so a person
//! can read what was asked and why. Nothing is logged without `--log`.

use std::io::Write as _;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

use super::{Agent, Decision, Request, Unreadable};

/// What one call decided, as the log records it.
pub enum Entry<'a> {
    /// A shell command and the decision on it.
    Decided(&'a str, &'a Decision),
    /// A tool that is not the shell: no decision.
    NotShell(&'a str),
    /// The hook could not read what it needs.
    Unreadable(&'a Unreadable),
}

/// The log line of one call (without the newline).
#[must_use]
pub fn line(agent: Agent, profile: &str, entry: &Entry<'_>, now: SystemTime) -> Value {
    let time = rfc3339(now);
    match entry {
        Entry::Decided(command, decision) => json!({
            "time": time, "agent": agent.name(), "profile": profile,
            "command": command, "outcome": decision.state,
            "decidedBy": decision.decided_by, "reason": decision.reason,
        }),
        Entry::NotShell(tool) => json!({
            "time": time, "agent": agent.name(), "profile": profile,
            "tool": tool, "outcome": null, "reason": "not the shell tool: no decision",
        }),
        Entry::Unreadable(why) => json!({
            "time": time, "agent": agent.name(), "profile": profile,
            "outcome": "ask", "error": why.0,
        }),
    }
}

/// Appends one line to the log file.
///
/// # Errors
/// The file cannot be opened or written.
pub fn append(path: &Path, line: &Value) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    // One write of the whole line, so concurrent hooks do not interleave.
    file.write_all(format!("{line}\n").as_bytes())
}

/// Whether a request is a shell command (for the caller's log entry).
#[must_use]
pub fn is_shell(request: &Request) -> bool {
    matches!(request, Request::Shell { .. })
}

/// UTC time as `YYYY-MM-DDTHH:MM:SSZ`.
#[must_use]
pub fn rfc3339(time: SystemTime) -> String {
    let seconds = time
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    let days = i64::try_from(seconds / 86_400).unwrap_or(0);
    let rest = seconds % 86_400;
    // Civil date from days since 1970-01-01 (proleptic Gregorian).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// HOOK-LOG-1: the time is UTC, readable, right on known dates.
    #[test]
    fn hook_log_1_rfc3339_of_known_instants() {
        assert_eq!(rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00Z");
        let leap = UNIX_EPOCH + Duration::from_secs(951_782_400 + 3_723);
        assert_eq!(rfc3339(leap), "2000-02-29T01:02:03Z");
        let late = UNIX_EPOCH + Duration::from_secs(1_798_761_599);
        assert_eq!(rfc3339(late), "2026-12-31T23:59:59Z");
    }
}
