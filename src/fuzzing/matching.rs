//! The `match_diff` target: fast matcher == reference matcher, within the work bound.

use super::{fields, DEFAULT_HOME};
use crate::policy::home::expand_home;
use crate::policy::matcher::RuleSet;
use crate::policy::pattern::{Pattern, Work};
use crate::policy::{reference, Rule};
use crate::verdict::PermissionState;

/// The constant of the `POL-MATCH-7` bound: matching a value of `v` UTF-8
/// bytes against an expanded pattern of `p` bytes takes at most
/// `MATCH_WORK_FACTOR × (v + 1) × (p + 1)` [`Work`] steps (the same bound as
/// `tests/matcher_linear.rs`).
///
/// Why 4 suffices: each of the (at most two) globs of a pattern places every
/// piece by walking the value once per piece element, and a UTF-16 code unit
/// never takes fewer UTF-8 bytes than it counts, so one glob costs at most
/// about `(v + 1) × (p + 1)` steps; 4 leaves room for the anchored first and
/// last pieces.
pub const MATCH_WORK_FACTOR: u64 = 4;

/// Fuzz check for the wildcard matcher (`POL-MATCH-7`, `POL-MATCH-8`, `POL-RULE-2`).
///
/// Input: `pattern 0xFF value [0xFF home]` (see [`super::fields`]); without a
/// home, [`DEFAULT_HOME`]. Checks that
/// - the fast matcher ([`Pattern::is_match_counted`]) and the reference
///   matcher ([`reference::is_match`]) give the same answer (`POL-MATCH-8`);
/// - a one-rule [`RuleSet`] reports that rule exactly when the pattern
///   matches (`POL-RULE-2`);
/// - the fast matcher's work is within [`MATCH_WORK_FACTOR`]` × (v + 1) × (p + 1)`
///   for value bytes `v` and expanded-pattern bytes `p` (`POL-MATCH-7`).
///
/// # Panics
/// When one of these properties is violated: that is a bug in the matcher.
pub fn match_diff(data: &[u8]) {
    let [pattern, value, home] = fields::<3>(data);
    let pattern = pattern.unwrap_or_default();
    let value = value.unwrap_or_default();
    let home = home.unwrap_or(DEFAULT_HOME.into());

    let compiled = Pattern::compile(&pattern, &home);
    let mut work = Work::default();
    let fast = compiled.is_match_counted(&value, &mut work);
    let slow = reference::is_match(&pattern, &value, &home);
    assert_eq!(
        fast, slow,
        "POL-MATCH-8: fast matcher says {fast}, reference says {slow} \
         for pattern {pattern:?} value {value:?} home {home:?}"
    );

    let rules = [Rule {
        pattern: pattern.to_string(),
        state: PermissionState::Allow,
    }];
    let last = RuleSet::new(&rules, &home).last_match(&value);
    assert_eq!(
        last,
        fast.then_some(0),
        "POL-RULE-2: one-rule set answers {last:?} but the pattern match is {fast} \
         for pattern {pattern:?} value {value:?} home {home:?}"
    );

    let expanded = expand_home(&pattern, &home).len() as u64;
    let bound = MATCH_WORK_FACTOR
        .saturating_mul(value.len() as u64 + 1)
        .saturating_mul(expanded + 1);
    assert!(
        work.steps <= bound,
        "POL-MATCH-7: {} steps exceed the bound {bound} ({MATCH_WORK_FACTOR} × ({} + 1) × ({expanded} + 1)) \
         for pattern {pattern:?} value {value:?} home {home:?}",
        work.steps,
        value.len()
    );
}
