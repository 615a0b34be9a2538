//! Property tests: the fast matcher agrees with the reference matcher.

use inner_cmd_spec::policy::matcher::RuleSet;
use inner_cmd_spec::policy::pattern::Pattern;
use inner_cmd_spec::policy::{reference, Rule};
use inner_cmd_spec::verdict::PermissionState;
use proptest::prelude::*;

const HOME: &str = "/home/u";

/// Pattern pieces: wildcards, spaces (for the trailing ` *`), a supplementary
/// character (two UTF-16 code units), a newline, and home prefixes.
fn pattern_strategy() -> impl Strategy<Value = String> {
    let atom = prop::sample::select(vec![
        "a", "b", " ", "*", "?", "😀", "\n", ".", "/", "~/", "$HOME/", "..", "é",
    ]);
    prop::collection::vec(atom, 0..8).prop_map(|atoms| atoms.concat())
}

/// Values over the same alphabet, so matches are frequent.
fn value_strategy() -> impl Strategy<Value = String> {
    let atom = prop::sample::select(vec![
        "a", "b", " ", "😀", "\n", ".", "/", "/home/u", "é", "*", "?",
    ]);
    prop::collection::vec(atom, 0..12).prop_map(|atoms| atoms.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    /// POL-MATCH-8: fast and reference matchers agree on every generated pair.
    #[test]
    fn pol_match_8_fast_equals_reference(pattern in pattern_strategy(), value in value_strategy()) {
        let fast = Pattern::compile(&pattern, HOME).is_match(&value);
        let slow = reference::is_match(&pattern, &value, HOME);
        prop_assert_eq!(fast, slow, "pattern={:?} value={:?}", pattern, value);
    }

    /// POL-MATCH-8: agreement on a tiny alphabet, where overlaps and near-misses are dense.
    #[test]
    fn pol_match_8_fast_equals_reference_dense(pattern in "[ab?* ]{0,7}", value in "[ab ]{0,8}") {
        let fast = Pattern::compile(&pattern, HOME).is_match(&value);
        let slow = reference::is_match(&pattern, &value, HOME);
        prop_assert_eq!(fast, slow, "pattern={:?} value={:?}", pattern, value);
    }

    /// POL-MATCH-8: agreement also on arbitrary Unicode strings.
    #[test]
    fn pol_match_8_fast_equals_reference_any_text(pattern in "[a*? 😀\u{10000}\\n]{0,6}", value in any::<String>()) {
        let fast = Pattern::compile(&pattern, HOME).is_match(&value);
        let slow = reference::is_match(&pattern, &value, HOME);
        prop_assert_eq!(fast, slow, "pattern={:?} value={:?}", pattern, value);
    }

    /// POL-RULE-2, POL-MATCH-8: `last_match` is the last index the reference accepts.
    #[test]
    fn pol_rule_2_last_match_is_last_reference_match(
        patterns in prop::collection::vec(pattern_strategy(), 0..6),
        value in value_strategy(),
    ) {
        let rules: Vec<Rule> = patterns
            .iter()
            .map(|p| Rule { pattern: p.clone(), state: PermissionState::Ask })
            .collect();
        let expected = patterns.iter().rposition(|p| reference::is_match(p, &value, HOME));
        prop_assert_eq!(RuleSet::new(&rules, HOME).last_match(&value), expected);
    }
}
