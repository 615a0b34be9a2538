//! The `match_diff` target: the rule-set engine == per-rule matcher ==
//! reference matcher, each within its work bound.

use super::{split_all, DEFAULT_HOME};
use crate::invariants::check_matchers_agree_with;
use crate::policy::home::expand_home;
use crate::policy::matcher::RuleSet;
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

/// The `POL-MATCH-10` bound on one rule-set evaluation
/// ([`RuleSet::last_match_counted`]): for a value of `v` UTF-8 bytes and
/// rules whose expanded patterns have `p_i` bytes (longest `m`, total `P`),
/// `4 × (v + 1) × (m + 3) + 8 × P` steps, plus the `POL-MATCH-7` bound
/// `4 × (v + 1) × (p_i + 1)` of every rule whose pattern contains `?`
/// (only those are ever matched on their own).
///
/// Why it holds: the value is read at most four times (exact lookup, head,
/// tail, middle pass); an overlapping search reports at most one literal per
/// length ending at each byte, so at most `m` per byte; every glob is
/// anchored, queued and advanced at most once per fragment; and each rule
/// with `?` is checked at most once.
#[must_use]
pub fn rule_set_work_bound(rules: &[Rule], home: &str, value: &str) -> u64 {
    let v = value.len() as u64 + 1;
    let expanded: Vec<(u64, bool)> = rules
        .iter()
        .map(|rule| {
            let text = expand_home(&rule.pattern, home);
            (text.len() as u64, text.contains('?'))
        })
        .collect();
    let longest = expanded.iter().map(|&(p, _)| p).max().unwrap_or(0);
    let total: u64 = expanded.iter().map(|&(p, _)| p).sum();
    let checks: u64 = expanded
        .iter()
        .filter(|&&(_, question)| question)
        .map(|&(p, _)| MATCH_WORK_FACTOR.saturating_mul(v).saturating_mul(p + 1))
        .sum();
    MATCH_WORK_FACTOR
        .saturating_mul(v)
        .saturating_mul(longest + 3)
        .saturating_add(total.saturating_mul(2 * MATCH_WORK_FACTOR))
        .saturating_add(checks)
}

/// Fuzz check for the wildcard matcher (`POL-MATCH-7` … `POL-MATCH-10`, `POL-RULE-2`).
///
/// Input: `pattern 0xFF value [0xFF home [0xFF pattern]…]` (fields as in
/// [`super::fields`]); without a home, [`DEFAULT_HOME`]. The patterns form a
/// rule list in order (the first one, then the extra ones). Checks that
/// - [`check_matchers_agree`](crate::invariants::check_matchers_agree), the invariant the property tests use, holds:
///   the fast and the reference matcher agree on every rule, and the
///   rule-set engine, the rule-by-rule evaluation and the reference report
///   the same last match (`POL-MATCH-8`, `POL-MATCH-9`, `POL-RULE-2`);
/// - the engine's work is within [`rule_set_work_bound`] (`POL-MATCH-10`);
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

    let rule_set = RuleSet::new(&rules, home);
    if let Err(violation) = check_matchers_agree_with(&rule_set, &rules, home, value) {
        panic!(
            "POL-MATCH-8/POL-MATCH-9: {violation} (rules {:?}, home {home:?})",
            rules.iter().map(|r| &r.pattern).collect::<Vec<_>>()
        );
    }

    let mut work = Work::default();
    let _ = rule_set.last_match_counted(value, &mut work);
    let bound = rule_set_work_bound(&rules, home, value);
    assert!(
        work.steps <= bound,
        "POL-MATCH-10: the engine took {} steps, over the bound {bound}, for rules {:?} value {value:?} home {home:?}",
        work.steps,
        rules.iter().map(|r| &r.pattern).collect::<Vec<_>>()
    );

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
