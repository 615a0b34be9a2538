//! POL-MATCH-7: matching work grows linearly with the value for a fixed pattern.
//!
//! Work is the matcher's own step count (`Work`), not wall time, so the test
//! is deterministic on a loaded machine. The patterns are the package's
//! pathological cases (upstream.md §5: `*rm *-rf*` and `*a*a*a*b` backtrack
//! super-linearly there) plus wildcard-heavy ones.

use inner_cmd_spec::policy::matcher::RuleSet;
use inner_cmd_spec::policy::pattern::{Pattern, Work};
use inner_cmd_spec::policy::Rule;
use inner_cmd_spec::verdict::PermissionState;

/// (label, pattern, repeated value unit, suffix, whether the value matches,
/// whether the whole value must be scanned). The expected answers follow from
/// the pattern meaning (e.g. none of the `false` values holds the required
/// literal). Rows that need not scan may finish in constant work (the last
/// piece is anchored at the end and checked first); they must not grow faster.
const ADVERSARIAL: &[(&str, &str, &str, &str, bool, bool)] = &[
    ("rm without -rf", "*rm *-rf*", "rm ", "", false, true),
    (
        "rm, -rf at the very end",
        "*rm *-rf*",
        "rm ",
        "-rf",
        true,
        true,
    ),
    (
        "a*a*a*b over a's (package: 76 s at 1,000)",
        "*a*a*a*b",
        "a",
        "",
        false,
        false,
    ),
    ("a*a*a*b over c's then b", "*a*a*a*b", "c", "b", false, true),
    ("?-pieces then x", "*?*?*?x", "a", "", false, false),
    ("?-pieces, x at the end", "*?*?*?x", "😀", "x", true, false),
    ("?-heavy middle piece", "*a?a?a?b*c", "aa", "c", false, true),
    (
        "?-heavy middle piece over emoji",
        "*a?a?a?b*c",
        "a😀",
        "c",
        false,
        true,
    ),
    (
        "optional tail, scanned for its space",
        "*b *",
        "a ",
        "b ",
        true,
        true,
    ),
];

fn work_for(pattern: &Pattern, value: &str) -> (bool, u64) {
    let mut work = Work::default();
    let matched = pattern.is_match_counted(value, &mut work);
    (matched, work.steps)
}

/// POL-MATCH-7: doubling the value at most roughly doubles the work (ratio ≤ 2.5;
/// ≥ 1.5 where the value must be scanned, so the count is real),
/// and the work stays within a constant times value length times pattern length.
#[test]
fn pol_match_7_work_is_linear_in_value_length() {
    for &(label, pattern_text, unit, suffix, expected, must_scan) in ADVERSARIAL {
        let pattern = Pattern::compile(pattern_text, "/home/u");
        let mut previous: Option<u64> = None;
        for repeat in [2_000usize, 4_000, 8_000, 16_000, 32_000] {
            let value = unit.repeat(repeat) + suffix;
            let (matched, steps) = work_for(&pattern, &value);
            assert_eq!(matched, expected, "{label}: answer at {repeat} repeats");
            let bound = 4 * (value.len() as u64 + 1) * (pattern_text.len() as u64 + 1);
            assert!(steps <= bound, "{label}: {steps} steps exceed {bound}");
            if let Some(before) = previous {
                let ratio = steps as f64 / before as f64;
                assert!(
                    ratio <= 2.5,
                    "{label}: doubling {repeat} gave ratio {ratio:.2}"
                );
                if must_scan {
                    assert!(
                        ratio >= 1.5,
                        "{label}: a scan cannot be sub-linear ({ratio:.2})"
                    );
                }
            }
            previous = Some(steps);
        }
    }
}

/// POL-MATCH-7, POL-RULE-2: a rule set's work is the sum over its rules, so it stays linear too.
#[test]
fn pol_match_7_rule_set_work_is_linear() {
    let rules: Vec<Rule> = ["*", "*rm *-rf*", "*a*a*a*b", "git *"]
        .iter()
        .map(|p| Rule {
            pattern: (*p).to_owned(),
            state: PermissionState::Deny,
        })
        .collect();
    let set = RuleSet::new(&rules, "/home/u");
    let steps = |n: usize| {
        let mut work = Work::default();
        // Only the first rule (`*`) matches an all-`a` value.
        assert_eq!(set.last_match_counted(&"a".repeat(n), &mut work), Some(0));
        work.steps
    };
    let ratio = steps(40_000) as f64 / steps(20_000) as f64;
    assert!((1.5..=2.5).contains(&ratio), "ratio {ratio:.2}");
}
