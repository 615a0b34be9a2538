//! Home expansion and Node's POSIX `path.join`, with expected values from the
//! real package: `expandHomePath` of `@gotgenes/pi-permission-system@20.7.3`
//! run under Node 20 with `HOME` set to the row's home, and Node 20's own
//! `path.posix.join` for the join rows.

use inner_cmd_spec::policy::home::{expand_home, posix_join};

/// (home, pattern, what the package expanded it to)
const EXPAND_ROWS: &[(&str, &str, &str)] = &[
    ("/home/u", "~", "/home/u"),
    ("/home/u", "~/", "/home/u"),
    ("/home/u", "~\\\\", "/home/u/\\"),
    ("/home/u", "~\\\\foo", "/home/u/\\foo"),
    ("/home/u", "~foo", "~foo"),
    ("/home/u", "$HOME", "/home/u"),
    ("/home/u", "$HOMEx", "$HOMEx"),
    ("/home/u", "$HOME/", "/home/u"),
    ("/home/u", "$HOME\\\\x\\\\..\\\\y", "/home/u/\\x\\\\..\\\\y"),
    ("/home/u", "$HOME/a/../b//c/./d/", "/home/u/b/c/d/"),
    ("/home/u", "~/../../../x", "/x"),
    ("/home/u", "~/ *", "/home/u/ *"),
    ("/home/u", "~/*", "/home/u/*"),
    ("/home/u", "~/.ssh/*", "/home/u/.ssh/*"),
    ("/home/u", "~/a/./b/../c", "/home/u/a/c"),
    ("/home/u", "~//x//", "/home/u/x/"),
    ("/home/u", "~/..", "/home"),
    ("/home/u", "~/./", "/home/u/"),
    ("/home/u", "~/...", "/home/u/..."),
    ("/home/u", "~/.../x", "/home/u/.../x"),
    ("/home/u", " ~/x", " ~/x"),
    ("/home/u", "x~/y", "x~/y"),
    ("/home/u", "~~/x", "~~/x"),
    ("/home/u", "$home/x", "$home/x"),
    ("/home/u", "~/\u{1f600}/?", "/home/u/\u{1f600}/?"),
    ("", "~", ""),
    ("", "~/", "."),
    ("", "~/x", "x"),
    ("", "~/../x", "../x"),
    ("", "~/./", "./"),
    ("", "$HOME", ""),
    ("", "~/x/", "x/"),
    ("/a//b/", "~", "/a//b/"),
    ("/a//b/", "~/", "/a/b/"),
    ("/a//b/", "$HOME/x", "/a/b/x"),
    ("/a//b/", "~/../..", "/"),
    ("rel/dir", "~", "rel/dir"),
    ("rel/dir", "~/", "rel/dir"),
    ("rel/dir", "~/../../..", ".."),
    ("rel/dir", "~/../x/", "rel/x/"),
];

/// (parts, what Node's `path.posix.join` returned)
const JOIN_ROWS: &[(&[&str], &str)] = &[
    (&["", ""], "."),
    (&["", "a"], "a"),
    (&["a/b", "../../.."], ".."),
    (&["/", "../x"], "/x"),
    (&["/home/u/", "./"], "/home/u/"),
    (&["/", ""], "/"),
    (&["//", "//"], "/"),
    (&["a", "."], "a"),
    (&[".", ".."], ".."),
    (&["a/", "b/"], "a/b/"),
    (&["/a/b", "../../../c"], "/c"),
    (&["../a", "../b"], "../b"),
    (&["a", "../.."], ".."),
    (&["/x/./y/.", "."], "/x/y"),
    (&["./", ""], "./"),
];

/// POL-MATCH-2: `~`, `$HOME` and their `/` and `\` prefixed forms expand like the package.
#[test]
fn pol_match_2_expansion_matches_package() {
    for &(home, pattern, expanded) in EXPAND_ROWS {
        assert_eq!(
            expand_home(pattern, home),
            expanded,
            "home={home:?} pattern={pattern:?}"
        );
    }
}

/// POL-MATCH-2: the join that expansion uses normalizes like Node's `path.posix.join`.
#[test]
fn pol_match_2_join_matches_node() {
    for &(parts, joined) in JOIN_ROWS {
        assert_eq!(posix_join(parts), joined, "join{parts:?}");
    }
}
