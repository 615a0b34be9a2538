//! POL-MATCH-11: a lazy rule set answers as the engine does, spends at most
//! its budget rule by rule, and builds its engine once the budget cannot
//! cover an evaluation's worst case.

use inner_cmd_spec::policy::matcher::{RuleSet, LAZY_STEPS_PER_RULE_BYTE};
use inner_cmd_spec::policy::pattern::Work;
use inner_cmd_spec::policy::Rule;
use inner_cmd_spec::verdict::PermissionState;
use proptest::prelude::*;

const HOME: &str = "/home/u";

fn rules(patterns: &[String]) -> Vec<Rule> {
    patterns
        .iter()
        .map(|pattern| Rule {
            pattern: pattern.clone(),
            state: PermissionState::Ask,
        })
        .collect()
}

/// `P + n` as POL-MATCH-11 counts it (no pattern below names the home).
fn size(patterns: &[String]) -> u64 {
    patterns.iter().map(|p| p.len() as u64 + 1).sum()
}

fn pattern_strategy() -> impl Strategy<Value = String> {
    let atom = prop::sample::select(vec!["a", "b", " ", "*", "?", "😀", ".", "/", "git "]);
    prop::collection::vec(atom, 0..8).prop_map(|atoms| atoms.concat())
}

/// Short values and, now and then, one long enough to exhaust the budget.
fn value_strategy() -> impl Strategy<Value = String> {
    let atom = prop::sample::select(vec!["a", "b", " ", "😀", ".", "/", "git ", "*"]);
    prop_oneof![
        8 => prop::collection::vec(atom.clone(), 0..12).prop_map(|atoms| atoms.concat()),
        1 => (prop::collection::vec(atom, 1..4), 100usize..3_000)
            .prop_map(|(atoms, times)| atoms.concat().repeat(times)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// POL-MATCH-11, POL-MATCH-9: over a stream of values, the lazy set's
    /// answers equal the eager engine's and the rule-by-rule ones, and the
    /// steps it spent before its engine stay within the budget.
    #[test]
    fn pol_match_11_lazy_answers_equal_the_engine(
        patterns in prop::collection::vec(pattern_strategy(), 0..8),
        values in prop::collection::vec(value_strategy(), 1..40),
    ) {
        let list = rules(&patterns);
        let eager = RuleSet::new(&list, HOME);
        let lazy = RuleSet::lazy(&list, HOME);
        prop_assert!(eager.engine_built());
        let budget = size(&patterns) * LAZY_STEPS_PER_RULE_BYTE;
        let mut before_engine = 0u64;
        for value in &values {
            let built = lazy.engine_built();
            let mut work = Work::default();
            let found = lazy.last_match_counted(value, &mut work);
            prop_assert_eq!(found, eager.last_match(value), "{:?}", value);
            prop_assert_eq!(found, eager.last_match_per_rule(value), "{:?}", value);
            if !lazy.engine_built() {
                before_engine += work.steps;
            } else if !built {
                // This value built the engine: its worst case did not fit.
                let worst = 4 * (value.len() as u64 + 1) * size(&patterns);
                prop_assert!(before_engine + worst > budget);
            }
        }
        prop_assert!(before_engine <= budget, "{} > {}", before_engine, budget);
    }
}

/// POL-MATCH-11: short values are answered without the engine; the first
/// value whose worst case exceeds what is left builds it, and it stays.
#[test]
fn pol_match_11_the_engine_is_built_when_first_needed() {
    let patterns: Vec<String> = ["git *", "rm *", "*secret*", "npm test", "ls ?*"]
        .iter()
        .map(|p| (*p).to_owned())
        .collect();
    let set = RuleSet::lazy(&rules(&patterns), HOME);
    for value in ["git status", "ls -la", "npm test", "cat secret.txt"] {
        assert!(set.last_match(value).is_some(), "{value}");
    }
    assert!(!set.engine_built(), "four short values");
    // No value longer than 1,023 bytes is tried rule by rule.
    let long = "a".repeat(1_024);
    assert_eq!(set.last_match(&long), None);
    assert!(set.engine_built());
    assert_eq!(set.last_match("git status"), Some(0));
    // A copy keeps its engine.
    assert!(set.clone().engine_built());
}
