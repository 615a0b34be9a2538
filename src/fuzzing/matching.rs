//! The `match_diff` target: fast matcher == reference matcher, within the work bound.

use super::{split_all, DEFAULT_HOME};
use crate::invariants::check_matchers_agree;
use crate::policy::home::expand_home;
use crate::policy::pattern::{Pattern, Work};
use crate::policy::Rule;
use crate::verdict::PermissionState;

/// The constant of the `POL-MATCH-7` bound: matching a value of `v` UTF-8
/// bytes against an expanded pattern of `p` bytes takes at most
/// `MATCH_WORK_FACTOR × (v + 1) × (p + 1)` [`Work`] steps (the same bound as
/// `tests/it/policy/matcher_linear.rs`).
///
/// Why 4 suffices: each of the (at most two) globs of a pattern places every
/// piece by walking the value once per piece element, and a UTF-16 code unit
/// never takes fewer UTF-8 bytes than it counts, so one glob costs at most
/// about `(v + 1) × (p + 1)` steps; 4 leaves room for the anchored first and
/// last pieces.
pub const MATCH_WORK_FACTOR: u64 = 4;

/// Fuzz check for the wildcard matcher (`POL-MATCH-7`, `POL-MATCH-8`, `POL-RULE-2`).
///
/// Input: `pattern 0xFF value [0xFF home [0xFF pattern]…]` (fields as in
/// [`super::fields`]); without a home, [`DEFAULT_HOME`]. The patterns form a
/// rule list in order (the first one, then the extra ones). Checks that
/// - [`check_matchers_agree`], the invariant the property tests use, holds:
///   the fast and the reference matcher agree on every rule, and the rule
///   set reports the same last match (`POL-MATCH-8`, `POL-RULE-2`);
/// - for every pattern, the fast matcher's work is within
///   [`MATCH_WORK_FACTOR`]` × (v + 1) × (p + 1)` for value bytes `v` and
///   expanded-pattern bytes `p` (`POL-MATCH-7`).
///
/// # Panics
/// When one of these properties is violated: that is a bug in the matcher.
pub fn match_diff(data: &[u8]) {
    let fields = split_all(data);
    let mut fields = fields.iter().map(|field| field.as_ref());
    let first = fields.next().unwrap_or_default();
    let value = fields.next().unwrap_or_default();
    let home = fields.next().unwrap_or(DEFAULT_HOME);
    let rules: Vec<Rule> = std::iter::once(first)
        .chain(fields)
        .map(|pattern| Rule {
            pattern: pattern.to_owned(),
            state: PermissionState::Allow,
        })
        .collect();

    if let Err(violation) = check_matchers_agree(&rules, home, value) {
        panic!(
            "POL-MATCH-8: {violation} (rules {:?}, home {home:?})",
            rules.iter().map(|r| &r.pattern).collect::<Vec<_>>()
        );
    }

    for rule in &rules {
        let pattern = rule.pattern.as_str();
        let mut work = Work::default();
        let _ = Pattern::compile(pattern, home).is_match_counted(value, &mut work);
        let expanded = expand_home(pattern, home).len() as u64;
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
}
