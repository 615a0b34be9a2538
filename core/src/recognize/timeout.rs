//! The `timeout` grammar (`WRAP-TIMEOUT-*`).
//!
//! ```text
//! ^timeout[ \t]+([1-9][0-9]*(?:\.[0-9]+)?[smhd]?)[ \t]+(.+)$
//! ```
//!
//! Derivation of the language (ECMAScript, no flags):
//! the duration starts with a non-blank digit and contains no blank, so the
//! first blank run is consumed whole and the duration is exactly the token up
//! to the next space or tab; that token must be in the duration language as a
//! whole (backtracking inside it cannot end it early, because a blank must
//! follow). What remains is `[ \t]+(.+)$`, described in `WRAP-TIMEOUT-3`.

use super::{blank_run_then_line, is_space_or_tab};

/// The literal ECMAScript source of the grammar (`WRAP-TIMEOUT-1`).
pub const ECMASCRIPT_PATTERN: &str = r"^timeout[ \t]+([1-9][0-9]*(?:\.[0-9]+)?[smhd]?)[ \t]+(.+)$";

/// The captures of a `timeout` unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeoutMatch<'a> {
    /// The duration token, e.g. `30s`, `1.5h`, `240`.
    pub duration: &'a str,
    /// The inner command: a suffix of the unit.
    pub inner: &'a str,
}

/// Matches `unit` against the `timeout` grammar in linear time (`WRAP-TIMEOUT-1`..`3`).
#[must_use]
pub fn match_timeout(unit: &str) -> Option<TimeoutMatch<'_>> {
    let rest = unit.strip_prefix("timeout")?;
    let token_and_tail = rest.trim_start_matches(is_space_or_tab);
    if token_and_tail.len() == rest.len() {
        return None;
    }
    let token_end = token_and_tail.find(is_space_or_tab)?;
    let duration = token_and_tail.get(..token_end)?;
    let tail = token_and_tail.get(token_end..)?;
    if !is_duration(duration) {
        return None;
    }
    let inner = blank_run_then_line(tail)?;
    Some(TimeoutMatch { duration, inner })
}

/// `[1-9][0-9]*(?:\.[0-9]+)?[smhd]?`, anchored at both ends (`WRAP-TIMEOUT-2`).
#[must_use]
pub fn is_duration(token: &str) -> bool {
    let mut chars = token.chars().peekable();
    if !chars.next().is_some_and(|c| matches!(c, '1'..='9')) {
        return false;
    }
    while chars.next_if(char::is_ascii_digit).is_some() {}
    if chars.next_if_eq(&'.').is_some() {
        if chars.next_if(char::is_ascii_digit).is_none() {
            return false;
        }
        while chars.next_if(char::is_ascii_digit).is_some() {}
    }
    let _unit = chars.next_if(|c| matches!(c, 's' | 'm' | 'h' | 'd'));
    chars.next().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WRAP-TIMEOUT-2: the duration language, row by row.
    #[test]
    fn wrap_timeout_2_duration_table() {
        let rows = [
            ("1", true),
            ("30s", true),
            ("240", true),
            ("1.5h", true),
            ("10.25d", true),
            ("0", false),
            ("05", false),
            ("1.", false),
            ("1.s", false),
            (".5", false),
            ("10ms", false),
            ("10S", false),
            ("1.5.2", false),
            ("", false),
            ("١", false), // ARABIC-INDIC DIGIT ONE is not [1-9]
        ];
        for (token, want) in rows {
            assert_eq!(is_duration(token), want, "{token:?}");
        }
    }
}
