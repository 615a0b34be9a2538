//! Rule sets: last match wins, no match is reported as `None`.

use inner_cmd_spec::policy::matcher::RuleSet;
use inner_cmd_spec::verdict::PermissionState::{self, Allow, Ask, Deny};

use crate::support::rules;

/// A table row: label, rules, value, index of the deciding rule.
type Row<'a> = (
    &'a str,
    &'a [(&'a str, PermissionState)],
    &'a str,
    Option<usize>,
);

/// POL-RULE-1, POL-RULE-2, POL-RULE-3: (label, rules, value, index of the deciding rule).
#[test]
fn pol_rule_last_match_wins_table() {
    let policy = [
        ("*", Ask),
        ("git *", Allow),
        ("git push *", Ask),
        ("rm -rf *", Deny),
        ("git *", Deny),
    ];
    let rows: &[Row<'_>] = &[
        ("catch-all only", &policy[..1], "ls", Some(0)),
        (
            "later duplicate pattern wins",
            &policy,
            "git status",
            Some(4),
        ),
        (
            "specific rule before a later broad one loses",
            &policy,
            "git push origin",
            Some(4),
        ),
        (
            "specific rule after broad one wins",
            &policy[..3],
            "git push origin",
            Some(2),
        ),
        (
            "unrelated value falls to the catch-all",
            &policy,
            "ls -la",
            Some(0),
        ),
        ("no catch-all, no match", &policy[1..], "ls -la", None),
        ("empty rule list", &[], "anything", None),
        ("deny rule", &policy[..4], "rm -rf /", Some(3)),
    ];
    for &(label, list, value, expected) in rows {
        let set = RuleSet::new(&rules(list), "/home/u");
        assert_eq!(set.last_match(value), expected, "{label}");
        assert_eq!(set.len(), list.len(), "{label}");
    }
}

/// POL-RULE-2: `matches` answers for one rule; an index out of range matches nothing.
#[test]
fn pol_rule_2_single_rule_matches() {
    let set = RuleSet::new(&rules(&[("git *", Allow), ("~/x", Deny)]), "/home/u");
    let rows = [
        (0, "git", true),
        (0, "github", false),
        (1, "/home/u/x", true),
        (1, "~/x", false),
        (2, "git", false),
    ];
    for (index, value, expected) in rows {
        assert_eq!(
            set.matches(index, value),
            expected,
            "rule {index} vs {value:?}"
        );
    }
}

/// POL-MATCH-8: the first-byte skip never changes the deciding rule. Each row is
/// a pattern whose first character is easy to mistake for a requirement; the
/// expectation comes from the reference matcher, rule by rule.
#[test]
fn pol_match_8_skipping_rules_never_changes_the_answer() {
    use inner_cmd_spec::policy::reference;
    let home = "/home/u";
    let rows: &[(&str, &str)] = &[
        (" *", ""),
        (" *", " x"),
        ("a *", "a"),
        ("a *", "b"),
        ("?x", "éx"),
        ("?", "\u{1F600}"),
        ("??", "\u{1F600}"),
        ("*x", "x"),
        ("", ""),
        ("é*", "é"),
        ("é*", "è"),
        ("~/x", "/home/u/x"),
        ("~", "/home/u"),
        ("$HOME/*", "/home/u/.ssh"),
        ("x", "x"),
        ("x", "X"),
    ];
    for &(pattern, value) in rows {
        // The row's rule sits after a rule that never matches, so a wrong skip
        // would surface as `None` or a wrong index.
        let set = RuleSet::new(
            &rules(&[("never-matches-this", Deny), (pattern, Allow)]),
            home,
        );
        let want = reference::is_match(pattern, value, home).then_some(1);
        assert_eq!(
            set.last_match(value),
            want,
            "pattern {pattern:?} value {value:?}"
        );
    }
}

/// POL-MATCH-2, POL-RULE-2: two rule sets are equal when their patterns,
/// expanded for their home, are equal in order; states live in the rules,
/// not in the compiled set.
#[test]
fn pol_rule_rule_sets_are_equal_by_their_expanded_patterns() {
    let set = |list: &[(&str, PermissionState)], home: &str| RuleSet::new(&rules(list), home);
    let base = set(&[("git *", Allow), ("~/bin/*", Ask)], "/home/a");
    assert_eq!(base, set(&[("git *", Allow), ("~/bin/*", Ask)], "/home/a"));
    assert_eq!(base, set(&[("git *", Deny), ("~/bin/*", Allow)], "/home/a"));
    assert_eq!(
        base,
        set(&[("git *", Allow), ("/home/a/bin/*", Ask)], "/home/b")
    );
    for (label, other) in [
        (
            "another home",
            set(&[("git *", Allow), ("~/bin/*", Ask)], "/home/b"),
        ),
        (
            "another pattern",
            set(&[("git push *", Allow), ("~/bin/*", Ask)], "/home/a"),
        ),
        (
            "another order",
            set(&[("~/bin/*", Ask), ("git *", Allow)], "/home/a"),
        ),
        ("a rule fewer", set(&[("git *", Allow)], "/home/a")),
    ] {
        assert_ne!(base, other, "{label}");
    }
}

/// POL-RULE-1, POL-RULE-3: a rule set counts its rules; an empty one matches
/// nothing, so the fallback decides.
#[test]
fn pol_rule_empty_and_counted_rule_sets() {
    let empty = RuleSet::new(&[], "/home/a");
    assert!(empty.is_empty());
    assert_eq!(empty.len(), 0);
    assert_eq!(empty.last_match("ls"), None);
    let two = RuleSet::new(&rules(&[("*", Ask), ("ls", Allow)]), "/home/a");
    assert!(!two.is_empty());
    assert_eq!(two.len(), 2);
}
