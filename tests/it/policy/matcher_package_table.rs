//! Wildcard matching edge cases whose expected answers came from the real npm
//! package `@gotgenes/pi-permission-system@20.7.3`: each row was run through its
//! `wildcardMatch` (Node 20, `node --import tsx`, `HOME` set to the row's home)
//! and the package's answer was recorded here. Both the fast matcher and the
//! reference matcher must give the package's answer.

use inner_cmd_spec::policy::{pattern::Pattern, reference};

/// (home, pattern, value, what the package answered)
const PACKAGE_ROWS: &[(&str, &str, &str, bool)] = &[
    ("/home/u", "", "", true),
    ("/home/u", "", " ", false),
    ("/home/u", "", "a", false),
    ("/home/u", " *", "", true),
    ("/home/u", " *", " ", true),
    ("/home/u", " *", " x", true),
    ("/home/u", " *", "x", false),
    ("/home/u", " *", "  ", true),
    ("/home/u", "*", "", true),
    ("/home/u", "*", "a\nb", true),
    ("/home/u", "*", "\u{2028}", true),
    ("/home/u", "**", "", true),
    ("/home/u", "**", "abc", true),
    ("/home/u", "***", "x", true),
    ("/home/u", "*a", "a", true),
    ("/home/u", "*a", "ba", true),
    ("/home/u", "*a", "ab", false),
    ("/home/u", "a*", "ab", true),
    ("/home/u", "a*", "ba", false),
    ("/home/u", "a *  *", "a x ", true),
    ("/home/u", "a *  *", "a x", false),
    ("/home/u", "a *  *", "a ", false),
    ("/home/u", "a *  *", "a x  y", true),
    ("/home/u", "a *  *", "a  ", true),
    ("/home/u", "a *  *", "a   ", true),
    ("/home/u", "a.b+(c[d\\e$^f", "a.b+(c[d\\e$^f", true),
    ("/home/u", "a.b", "axb", false),
    ("/home/u", "a+", "aa", false),
    ("/home/u", "(a)", "a", false),
    ("/home/u", "[ab]", "a", false),
    ("/home/u", "[ab]", "[ab]", true),
    ("/home/u", "a\\d", "a1", false),
    ("/home/u", "a\\d", "a\\d", true),
    ("/home/u", "$", "$", true),
    ("/home/u", "^a", "^a", true),
    ("/home/u", "a|b", "a", false),
    ("/home/u", "a|b", "a|b", true),
    ("/home/u", "{a}", "{a}", true),
    ("/home/u", "a{2}", "aa", false),
    ("/home/u", "?", "\u{1f600}", false),
    ("/home/u", "??", "\u{1f600}", true),
    ("/home/u", "?*", "\u{1f600}", true),
    ("/home/u", "*?", "\u{1f600}", true),
    ("/home/u", "*??*", "\u{1f600}", true),
    ("/home/u", "???", "\u{1f600}", false),
    ("/home/u", "?", "\u{e9}", true),
    ("/home/u", "?", "\n", true),
    ("/home/u", "?", "\r", true),
    ("/home/u", "a?", "a\u{2028}", true),
    ("/home/u", "?", "", false),
    ("/home/u", "*?\u{1f600}", "a\u{1f600}", true),
    ("/home/u", "*\u{1f600}", "a\u{1f600}", true),
    ("/home/u", "\u{1f600}*", "\u{1f600}x", true),
    ("/home/u", "? *", "\u{1f600}", false),
    ("/home/u", "? *", "\u{1f600} x", false),
    ("/home/u", "?? *", "\u{1f600} x", true),
    ("/home/u", "*?*?*?x", "\u{1f600}x", false),
    ("/home/u", "*?*?*?x", "\u{1f600}\u{1f600}x", true),
    ("/home/u", "git *", "git", true),
    ("/home/u", "git *", "github", false),
    ("/home/u", "git *", "git\tstatus", false),
    ("/home/u", "git *", "git status", true),
    ("/home/u", "git *", "git ", true),
    ("/home/u", "git *", "git\nstatus", false),
    ("/home/u", "git *", "git status\nrm -rf /", true),
    ("/home/u", "git*", "github", true),
    ("/home/u", "git ?*", "git", false),
    ("/home/u", "git ?*", "git s", true),
    ("/home/u", "a **", "a", false),
    ("/home/u", "a **", "a ", true),
    ("/home/u", "a **", "a b", true),
    ("/home/u", "x ?*", "x", false),
    ("/home/u", "\\*", "\\abc", true),
    ("/home/u", "a*b*c", "abc", true),
    ("/home/u", "a*b*c", "aXbYc", true),
    ("/home/u", "a*b*c", "acb", false),
    ("/home/u", "a*b*c", "abcbc", true),
    ("/home/u", "*rm *-rf*", "rm -rf /", true),
    ("/home/u", "*rm *-rf*", "sudo rm  -rf x", true),
    ("/home/u", "*rm *-rf*", "rm-rf", false),
    ("/home/u", "*a*a*a*b", "aaab", true),
    ("/home/u", "*a*a*a*b", "aab", false),
    ("/home/u", "*a*a*a*b", "aaaa", false),
    ("/home/u", "ab*ba", "aba", false),
    ("/home/u", "ab*ba", "abba", true),
    ("/home/u", "a*a", "a", false),
    ("/home/u", "a*a", "aa", true),
    ("/home/u", "~", "/home/u", true),
    ("/home/u", "~", "~", false),
    ("/home/u", "~/", "/home/u", true),
    ("/home/u", "~/x*", "/home/u/x1", true),
    ("/home/u", "~/x*", "~/x1", false),
    ("/home/u", "~\\x", "/home/u/x", true),
    ("/home/u", "~\\x", "~\\x", false),
    ("/home/u", "$HOME/a/../b", "/home/u/b", true),
    ("/home/u", "$HOME", "/home/u", true),
    ("/home/u", "$HOME/*", "/home/u/.ssh/id", true),
    ("/home/u", "~/a//b/./c", "/home/u/a/b/c", true),
    ("/home/u", "~/../x", "/home/x", true),
    ("/home/u", "~foo", "~foo", true),
    ("/home/u", " ~/x", " ~/x", true),
    ("/home/u", "~/ *", "/home/u", false),
    ("/home/u", "~/ *", "/home/u/ x", true),
    ("/home/u", "~/ *", "/home/u/", true),
    ("/home/u", "cat ~/x", "cat ~/x", true),
    ("/home/u", "~/.ssh/*", "/home/u/.ssh/id_rsa", true),
    ("/home/u", "~/*", "/home/u/", true),
    ("/home/u", "~/", "/home/u/", false),
    ("", "~", "", true),
    ("", "~/", ".", true),
    ("", "~/x", "x", true),
    ("", "~/../x", "../x", true),
    ("", "$HOME", "", true),
    ("", "*", "", true),
    ("/a//b/", "~", "/a//b/", true),
    ("/a//b/", "~/", "/a/b/", true),
    ("/a//b/", "$HOME/x", "/a/b/x", true),
    ("/a//b/", "~", "/a/b", false),
    ("/a//b/", "~/x", "/a//b/x", false),
    // Middle pieces that would overlap the anchored last piece.
    ("/home/u", "*a?*b", "ab", false),
    ("/home/u", "*a?*b", "axb", true),
    ("/home/u", "*?a*a", "aa", false),
    ("/home/u", "*??*?", "ab", false),
    ("/home/u", "*b?*?", "bb", false),
    ("/home/u", "a*??*a", "aa", false),
    ("/home/u", "a*?b*b", "ab", false),
    ("/home/u", "*\u{1f600}?*?", "\u{1f600}a", false),
];

/// POL-MATCH-1, POL-MATCH-2, POL-MATCH-3, POL-MATCH-4, POL-MATCH-5, POL-MATCH-6:
/// whole-value match, home expansion, `*`, `?` as one UTF-16 code unit, literal
/// metacharacters and the optional trailing ` *`, as the package answers them.
#[test]
fn pol_match_package_verified_table() {
    let mut failures = Vec::new();
    for &(home, pattern, value, package) in PACKAGE_ROWS {
        let fast = Pattern::compile(pattern, home).is_match(value);
        let slow = reference::is_match(pattern, value, home);
        if fast != package || slow != package {
            failures.push(format!(
                "home={home:?} pattern={pattern:?} value={value:?}: package={package} fast={fast} reference={slow}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} rows differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// POL-MATCH-3, POL-MATCH-4: middle pieces searched from a position inside a
/// surrogate pair (after a `?` took its high half). The expectations follow
/// from the clauses (a literal cannot start on a low surrogate; an empty
/// middle piece from `**` matches where it is), not from a package run; both
/// matchers must give them. (home, pattern, value, expected)
const HALF_PAIR_ROWS: &[(&str, &str, &str, bool)] = &[
    ("/home/u", "?**?", "\u{1f600}", true),
    ("/home/u", "?**??", "\u{1f600}", false),
    ("/home/u", "aaaa?*a*z", "aaaa\u{1f600}z", false),
    ("/home/u", "aaaa?*a*z", "aaaa\u{1f600}az", true),
];

#[test]
fn pol_match_middle_pieces_after_half_a_pair() {
    for &(home, pattern, value, expected) in HALF_PAIR_ROWS {
        let fast = Pattern::compile(pattern, home).is_match(value);
        let slow = reference::is_match(pattern, value, home);
        assert_eq!(
            (fast, slow),
            (expected, expected),
            "pattern={pattern:?} value={value:?}"
        );
    }
}
