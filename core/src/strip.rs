//! Locating and stripping the wrapper (spec chapter 4, `STRIP-*`).
//!
//! The triggering unit is a piece of the full command. The authorizer must
//! find *which* piece, and it only trusts a unit that occurs exactly once: if
//! it occurred twice, replacing one occurrence would leave the other wrapped
//! and the answer would depend on which one was meant. "Again" follows
//! ECMAScript `indexOf(unit, first + unit.length)`: a second occurrence that
//! overlaps the first does not count (`STRIP-2`).

use crate::ecma;

/// Where the unit was found in the full command, in byte offsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Located {
    /// Offset of the (only) occurrence.
    pub start: usize,
    /// Offset just past it.
    pub end: usize,
}

/// Finds `unit` in `full` exactly once (`STRIP-1`, `STRIP-2`).
///
/// `None` when `unit` is empty, absent, or found again at or after the end of
/// its first occurrence.
#[must_use]
pub fn locate_once(full: &str, unit: &str) -> Option<Located> {
    if unit.is_empty() {
        return None;
    }
    let start = ecma::index_of(full, unit, 0)?;
    let end = start + unit.len();
    if ecma::index_of(full, unit, end).is_some() {
        return None;
    }
    Some(Located { start, end })
}

/// Replaces the one occurrence of `unit` in `full` by `inner` (`STRIP-3`).
///
/// `None` exactly when [`locate_once`] is `None`. Every byte of `full` outside
/// the occurrence is kept, in place.
#[must_use]
pub fn strip_once(full: &str, unit: &str, inner: &str) -> Option<String> {
    let Located { start, end } = locate_once(full, unit)?;
    let before = full.get(..start)?;
    let after = full.get(end..)?;
    let mut out = String::with_capacity(before.len() + inner.len() + after.len());
    out.push_str(before);
    out.push_str(inner);
    out.push_str(after);
    Some(out)
}
