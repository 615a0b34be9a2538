//! The bare `time` grammar (`WRAP-TIME-*`, ADR 0009).
//!
//! ```text
//! ^time[ \t]+(?![-\s])(.+)$
//! ```
//!
//! Derivation of the language (ECMAScript, no flags): the blank run is greedy;
//! every shorter run would leave the lookahead looking at a blank, which is in
//! `\s`, so only the maximal run can succeed. After it, the first character
//! must exist, must not be `-` and must not be ECMAScript whitespace; then
//! `(.+)$` takes the rest, which must hold no line terminator.

use super::is_space_or_tab;
use crate::ecma;

/// The literal ECMAScript source of the grammar (`WRAP-TIME-1`).
pub const ECMASCRIPT_PATTERN: &str = r"^time[ \t]+(?![-\s])(.+)$";

/// Matches `unit` against the `time` grammar in linear time; `Some` is the inner command (`WRAP-TIME-1`..`3`).
#[must_use]
pub fn match_time(unit: &str) -> Option<&str> {
    let rest = unit.strip_prefix("time")?;
    let inner = rest.trim_start_matches(is_space_or_tab);
    if inner.len() == rest.len() {
        return None;
    }
    let first = inner.chars().next()?;
    if first == '-' || ecma::is_whitespace(first) || inner.contains(ecma::is_line_terminator) {
        return None;
    }
    Some(inner)
}
