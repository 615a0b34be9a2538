//! The rule-set engine (`POL-MATCH-9`, `POL-MATCH-10`): the same last match
//! as the rule-by-rule evaluation and the reference matcher, within its work
//! bound. Public crate API, local helpers and the shared `support::policy`.

#[cfg(feature = "fuzzing")]
use inner_cmd_spec::fuzzing::rule_set_work_bound;
use inner_cmd_spec::invariants::check_matchers_agree;
use inner_cmd_spec::policy::matcher::RuleSet;
use inner_cmd_spec::policy::pattern::Work;
use inner_cmd_spec::policy::{reference, Rule};
use inner_cmd_spec::verdict::PermissionState;
use proptest::prelude::*;

const HOME: &str = "/home/u";

fn rules(patterns: &[&str]) -> Vec<Rule> {
    patterns
        .iter()
        .map(|p| Rule {
            pattern: (*p).to_owned(),
            state: PermissionState::Ask,
        })
        .collect()
}

/// Never-matching infix rules: with more than a handful of globs with
/// middle fragments the engine takes its one-pass (Aho–Corasick) strategy
/// instead of searching each glob on its own.
fn padding() -> Vec<Rule> {
    (0..6)
        .map(|i| format!("*\u{1}never{i}\u{1}*x"))
        .map(|pattern| Rule {
            pattern,
            state: PermissionState::Deny,
        })
        .collect()
}

/// `list` five times over: when the globs of one rule wait anchored, more
/// than a handful wait at once and the engine runs its pass over all
/// middle literals (an anchored glob is queued piece by piece).
fn five_times(list: &[Rule]) -> Vec<Rule> {
    let mut out = Vec::new();
    for _ in 0..5 {
        out.extend_from_slice(list);
    }
    out
}

/// The last match of the engine, after checking that the rule-by-rule
/// evaluation and the reference agree with it.
fn engine_answer(rules: &[Rule], value: &str) -> Option<usize> {
    let set = RuleSet::new(rules, HOME);
    let engine = set.last_match(value);
    let reference = rules
        .iter()
        .rposition(|r| reference::is_match(&r.pattern, value, HOME));
    assert_eq!(
        engine,
        set.last_match_per_rule(value),
        "per rule, {value:?}"
    );
    assert_eq!(engine, reference, "reference, {value:?}");
    engine
}

/// (label, rules, value, deciding rule). Expected answers follow from the
/// pattern semantics of §7.2, written by hand.
const TABLE: &[(&str, &[&str], &str, Option<usize>)] = &[
    ("exact literal", &["*", "git status"], "git status", Some(1)),
    (
        "exact literal, a later catch-all wins",
        &["git status", "*"],
        "git status",
        Some(1),
    ),
    ("exact literal differs", &["git status"], "git statu", None),
    (
        "empty pattern matches the empty value",
        &["", "x"],
        "",
        Some(0),
    ),
    (
        "prefix: optional tail absent",
        &["*", "git *"],
        "git",
        Some(1),
    ),
    (
        "prefix: optional tail present",
        &["*", "git *"],
        "git log",
        Some(1),
    ),
    (
        "prefix: no word boundary",
        &["*", "git *"],
        "github",
        Some(0),
    ),
    ("suffix", &["*.rs"], "main.rs", Some(0)),
    ("suffix absent", &["*.rs"], "main.rsx", None),
    ("prefix and suffix", &["a*b"], "ab", Some(0)),
    ("prefix and suffix cannot overlap", &["ab*ba"], "aba", None),
    ("prefix and suffix adjacent", &["ab*ba"], "abba", Some(0)),
    ("one infix", &["*secret*"], "a secret b", Some(0)),
    ("infixes in order", &["*a*b*"], "ab", Some(0)),
    ("infixes out of order", &["*a*b*"], "ba", None),
    ("overlapping infixes", &["*aba*ba*"], "ababa", Some(0)),
    (
        "second infix may not overlap the first",
        &["*aba*ba*"],
        "abab",
        None,
    ),
    ("one literal three times, too few", &["*a*a*a*"], "aa", None),
    ("one literal three times", &["*a*a*a*"], "aaa", Some(0)),
    ("prefix, infix, suffix", &["x*y*z"], "xyz", Some(0)),
    ("infix before the suffix", &["x*y*z"], "xzyz", Some(0)),
    ("suffix required", &["x*y*z"], "xzzy", None),
    ("infix may not overlap the suffix", &["*ab*b"], "ab", None),
    ("infix then suffix", &["*ab*b"], "abb", Some(0)),
    ("infix may not overlap the prefix", &["ab*b*"], "ab", None),
    ("prefix then infix", &["ab*b*"], "abb", Some(0)),
    ("? is one unit", &["*", "ls ?"], "ls x", Some(1)),
    ("? is not two", &["*", "ls ?"], "ls xy", Some(0)),
    (
        "? is not an astral char",
        &["*", "ls ?"],
        "ls \u{1F600}",
        Some(0),
    ),
    (
        "?? is an astral char",
        &["*", "ls ??"],
        "ls \u{1F600}",
        Some(1),
    ),
    (
        "? around an astral literal",
        &["a?\u{1F600}?b"],
        "ax\u{1F600}yb",
        Some(0),
    ),
    (
        "? takes half a pair, the literal cannot follow",
        &["a?\u{1F600}b"],
        "a\u{1F600}\u{1F600}b",
        None,
    ),
    (
        "* takes half a pair, ? the other",
        &["*?"],
        "\u{1F600}",
        Some(0),
    ),
    ("?* needs one unit", &["?*"], "", None),
    ("?* with one unit", &["?*"], "x", Some(0)),
    (
        "? relaxed, checked exactly",
        &["rm -?f *"],
        "rm -rf /",
        Some(0),
    ),
    (
        "? relaxed, optional tail absent",
        &["rm -?f *"],
        "rm -rf",
        Some(0),
    ),
    ("? relaxed, no unit for ?", &["rm -?f *"], "rm -f", None),
    (
        "? before a later certain match",
        &["*a?c*", "*b*"],
        "abc",
        Some(1),
    ),
    (
        "? checked after a lower certain match",
        &["*b*", "*a?c*"],
        "abc",
        Some(1),
    ),
    (
        "? fails, lower certain match stands",
        &["*b*", "*a?c*"],
        "ab c",
        Some(0),
    ),
    ("home prefix", &["~/x *"], "/home/u/x", Some(0)),
    ("home prefix with tail", &["~/x *"], "/home/u/x y", Some(0)),
    ("$HOME alone", &["$HOME"], "/home/u", Some(0)),
    ("~ is not literal", &["~"], "~", None),
    (
        "trailing ` *` is optional only with the space",
        &["a **"],
        "a",
        None,
    ),
    ("line terminators are ordinary", &["*\n*"], "a\nb", Some(0)),
    (
        "duplicates: the later wins",
        &["*", "git *", "git *"],
        "git x",
        Some(2),
    ),
    ("no rules", &[], "anything", None),
];

/// POL-MATCH-9, POL-MATCH-3, POL-MATCH-4, POL-MATCH-6: the table, under
/// every infix strategy (each glob on its own, one pass for unanchored
/// globs, one pass for all).
#[test]
fn pol_match_9_engine_table() {
    for &(label, patterns, value, expected) in TABLE {
        let plain = rules(patterns);
        assert_eq!(engine_answer(&plain, value), expected, "{label}");
        let mut padded = padding();
        let shift = padded.len();
        padded.extend(plain.iter().cloned());
        assert_eq!(
            engine_answer(&padded, value),
            expected.map(|i| i + shift),
            "{label} (one-pass strategy)"
        );
        let shift = 4 * plain.len();
        assert_eq!(
            engine_answer(&five_times(&plain), value),
            expected.map(|i| i + shift),
            "{label} (five times over)"
        );
    }
}

/// POL-MATCH-9, POL-CHECK-1: comment lines are stripped before the engine
/// sees the value, as before.
#[test]
fn pol_match_9_policy_strips_comments_first() {
    let policy = crate::support::policy(
        &[
            ("*", PermissionState::Ask),
            ("git *", PermissionState::Allow),
        ],
        HOME,
    );
    let (state, pattern) = policy.rule_decision("# why\ngit status");
    assert_eq!(state, PermissionState::Allow);
    assert_eq!(pattern.as_deref(), Some("git *"));
}

fn steps(set: &RuleSet, value: &str) -> (Option<usize>, u64) {
    let mut work = Work::default();
    let found = set.last_match_counted(value, &mut work);
    (found, work.steps)
}

/// POL-MATCH-10: rules none of whose fragments occur in the value add no
/// step (their anchors all have the same length, so the windows searched
/// for first and last fragments are the same).
#[test]
fn pol_match_10_rules_that_cannot_match_add_no_work() {
    let policy = |n: usize| -> Vec<Rule> {
        let mut list = rules(&["*"]);
        for i in 0..n {
            for pattern in [
                format!("tool-{i:05} *"),
                format!("*secret-{i:05}*"),
                format!("exact command {i:05}"),
                format!("*.ext{i:05}"),
                format!("kill -? {i:05}"),
            ] {
                list.push(Rule {
                    pattern,
                    state: PermissionState::Deny,
                });
            }
        }
        list
    };
    let value = "deploy-tool --note 'alpha beta gamma delta'";
    let small = RuleSet::new(&policy(10), HOME);
    let large = RuleSet::new(&policy(2_000), HOME);
    assert_eq!(large.len(), 10_001);
    let (found_small, steps_small) = steps(&small, value);
    let (found_large, steps_large) = steps(&large, value);
    assert_eq!((found_small, found_large), (Some(0), Some(0)));
    assert_eq!(steps_small, steps_large, "10,001 rules vs 51");
    // Rule by rule, the large set costs about 200 times as much.
    let per_rule = |set: &RuleSet| {
        let mut work = Work::default();
        set.last_match_per_rule_counted(value, &mut work);
        work.steps
    };
    assert!(per_rule(&large) > 100 * per_rule(&small));
}

/// POL-MATCH-9, POL-MATCH-10: no rule at or below a match already found is
/// checked: 1,000 rules with `?` under a later catch-all cost what one
/// exact lookup and the anchor windows cost, not 1,000 matches.
#[test]
fn pol_match_9_nothing_below_the_best_match_is_checked() {
    let mut list: Vec<Rule> = (0..1_000)
        .map(|i| Rule {
            pattern: format!("*a?b{i}*"),
            state: PermissionState::Deny,
        })
        .collect();
    list.extend(rules(&["*"]));
    let set = RuleSet::new(&list, HOME);
    let value = "a_b".repeat(3_000);
    let (found, steps) = steps(&set, &value);
    assert_eq!(found, Some(1_000));
    assert!(steps <= 2 * (value.len() as u64 + 1), "{steps} steps");
}

/// POL-MATCH-10: doubling the value at most about doubles the engine's
/// work, for the package's pathological patterns and a realistic mix.
// The work bound is test support of the `fuzzing` feature.
#[cfg(feature = "fuzzing")]
#[test]
fn pol_match_10_engine_work_is_linear_in_the_value() {
    let sets: &[(&str, &[&str], &str)] = &[
        ("rm -rf", &["*", "*rm *-rf*"], "rm "),
        ("a*a*a*b", &["*a*a*a*b", "*c*"], "a"),
        ("?-heavy", &["*a?a?a?b*c", "*x?y*z*", "*"], "x_y"),
        (
            "mixed",
            &[
                "*",
                "git *",
                "*secret*",
                "*.env*",
                "ls ?",
                "*rm *-rf*",
                "kill -? *",
            ],
            "ab ",
        ),
    ];
    for &(label, patterns, unit) in sets {
        let mut all = padding();
        all.extend(rules(patterns));
        for list in [rules(patterns), all] {
            let set = RuleSet::new(&list, HOME);
            let mut previous: Option<u64> = None;
            for repeat in [2_000usize, 4_000, 8_000, 16_000] {
                let value = unit.repeat(repeat);
                let (found, steps) = steps(&set, &value);
                assert_eq!(found, set.last_match_per_rule(&value), "{label}");
                assert!(steps <= rule_set_work_bound(&list, HOME, &value), "{label}");
                if let Some(before) = previous {
                    let ratio = steps as f64 / before as f64;
                    assert!(ratio <= 2.2, "{label}: ratio {ratio:.2} at {repeat}");
                }
                previous = Some(steps);
            }
        }
    }
}

/// Pattern atoms: overlapping literals, wildcards, an astral character next
/// to `?`, home forms, spaces for the trailing ` *`, a newline.
fn pattern_strategy() -> impl Strategy<Value = String> {
    let atom = prop::sample::select(vec![
        "a",
        "b",
        "ab",
        "ba",
        "aba",
        " ",
        "*",
        "*",
        "?",
        "\u{1F600}",
        "?\u{1F600}",
        "~/",
        "$HOME/",
        "é",
        "\n",
        " *",
    ]);
    prop::collection::vec(atom, 0..7).prop_map(|atoms| atoms.concat())
}

fn value_strategy() -> impl Strategy<Value = String> {
    let atom = prop::sample::select(vec![
        "a",
        "b",
        "ab",
        "aba",
        " ",
        "\u{1F600}",
        "é",
        "/home/u",
        "/home/u/",
        "\n",
        "?",
        "*",
    ]);
    prop::collection::vec(atom, 0..14).prop_map(|atoms| atoms.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// POL-MATCH-9, POL-MATCH-10: engine == rule by rule == reference on
    /// generated rule lists, under both infix strategies, within the bound.
    #[test]
    fn pol_match_9_engine_equals_per_rule_and_reference(
        patterns in prop::collection::vec(pattern_strategy(), 0..16),
        value in value_strategy(),
        layout in 0..3u8,
    ) {
        let own: Vec<Rule> = patterns.iter().map(|p| Rule { pattern: p.clone(), state: PermissionState::Allow }).collect();
        let list = match layout {
            0 => own,
            1 => padding().into_iter().chain(own).collect(),
            _ => five_times(&own),
        };
        check_matchers_agree(&list, HOME, &value).map_err(|e| TestCaseError::fail(e.to_string()))?;
        #[cfg(feature = "fuzzing")]
        {
            let (_, steps) = steps(&RuleSet::new(&list, HOME), &value);
            let bound = rule_set_work_bound(&list, HOME, &value);
            prop_assert!(steps <= bound, "{} steps > {}", steps, bound);
        }
    }

    /// POL-MATCH-9: the same on a tiny alphabet, where overlaps are dense.
    #[test]
    fn pol_match_9_engine_dense(
        patterns in prop::collection::vec("[ab?* ]{0,6}", 0..12),
        value in "[ab ]{0,10}",
    ) {
        let list: Vec<Rule> = patterns.iter().map(|p| Rule { pattern: p.clone(), state: PermissionState::Ask }).collect();
        check_matchers_agree(&list, HOME, &value).map_err(|e| TestCaseError::fail(e.to_string()))?;
        check_matchers_agree(&five_times(&list), HOME, &value).map_err(|e| TestCaseError::fail(e.to_string()))?;
    }

    /// POL-MATCH-9: arbitrary Unicode values against wildcard-heavy rules.
    #[test]
    fn pol_match_9_engine_any_text(
        patterns in prop::collection::vec("[a*? \u{1F600}\u{10000}\\n]{0,6}", 0..10),
        value in any::<String>(),
    ) {
        let list: Vec<Rule> = patterns.iter().map(|p| Rule { pattern: p.clone(), state: PermissionState::Ask }).collect();
        check_matchers_agree(&list, HOME, &value).map_err(|e| TestCaseError::fail(e.to_string()))?;
    }
}
