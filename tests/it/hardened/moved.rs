//! Where a `cd` or a program's own directory option leads relative words
//! (spec §12.4, `HARD-VALUE-6`): table-driven, on the pipeline's outcome.

use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::pipeline::{decide_profiled, Options};
use inner_cmd_spec::verdict::PermissionState::{self, Allow, Ask, Deny};

use inner_cmd_spec::policy::Policy;

use crate::support;

const HOME: &str = "/home/u";

/// HARD-VALUE-6: a relocated value's rule says nothing about the path when
/// it matches the written words too; the policy answers that per pattern.
#[test]
fn hard_value_6_a_rule_that_matches_the_written_words() {
    let policy = support::policy(
        &[
            ("*", Ask),
            ("git *", Ask),
            ("git status *", Allow),
            ("*/.ssh/*", Deny),
        ],
        HOME,
    );
    let rows: &[(&str, &str, bool)] = &[
        ("git *", "git status", true),
        ("git *", "cargo test", false),
        ("*", "anything at all", true),
        ("git status *", "git status", true),
        ("git status *", "git log", false),
        ("*/.ssh/*", "cat .ssh/id_rsa", false),
        ("*/.ssh/*", "cat /home/u/.ssh/id_rsa", true),
        // Not a rule of the policy: nothing matches.
        ("cat *", "cat x", false),
    ];
    for (pattern, value, want) in rows {
        assert_eq!(
            policy.pattern_matches(pattern, value),
            *want,
            "{pattern:?} on {value:?}"
        );
    }
}

/// HARD-VALUE-6: commands under the hardened profile, with the outcome the
/// clause gives and why.
#[test]
fn hard_value_6_relative_words_read_from_where_the_shell_is() {
    let ssh = support::policy(
        &[("*", Allow), ("*/.ssh/*", Deny), ("*~/.ssh*", Deny)],
        HOME,
    );
    let git = support::policy(
        &[
            ("*", Ask),
            ("cd *", Allow),
            ("git *", Ask),
            ("git status *", Allow),
            ("echo *", Allow),
        ],
        HOME,
    );
    let rows: &[(&str, &Policy, &str, PermissionState)] = &[
        ("cd home", &ssh, "cd ~ && cat .ssh/id_rsa", Deny),
        ("cd with no operand", &ssh, "cd; cat .ssh/id_rsa", Deny),
        ("cd $HOME", &ssh, "cd \"$HOME\" && cat .ssh/id_rsa", Deny),
        (
            "cd in a loop, after",
            &ssh,
            "for d in a; do cat .ssh/id_rsa; cd ~; done",
            Deny,
        ),
        ("cd - is unknown", &ssh, "cd - && cat id_rsa", Ask),
        (
            "an option's value",
            &ssh,
            "cd ~ && grep --file=.ssh/id_rsa x",
            Deny,
        ),
        (
            "a redirection's target",
            &ssh,
            "cd ~ && cat < .ssh/id_rsa",
            Deny,
        ),
        (
            "composed cds",
            &ssh,
            "cd /home; cd u; cat .ssh/id_rsa",
            Deny,
        ),
        (
            "climbing back",
            &ssh,
            "cd ~/x; cd ..; cat .ssh/id_rsa",
            Deny,
        ),
        (
            "either branch",
            &ssh,
            "cd /nowhere || cd ~; cat .ssh/id_rsa",
            Deny,
        ),
        ("env -C", &ssh, "env -C ~ cat .ssh/id_rsa", Deny),
        (
            "git -C",
            &ssh,
            "git -C /home/u diff --no-index .ssh/id_rsa /dev/null",
            Deny,
        ),
        ("a cd into the tree", &ssh, "cd src && cat main.rs", Allow),
        (
            "a cd elsewhere, harmless words",
            &ssh,
            "cd /repo && cat README.md",
            Allow,
        ),
        (
            "the written words' own rule",
            &git,
            "cd /repo && git status",
            Allow,
        ),
        (
            "a write read from /etc",
            &git,
            "cd /etc; echo x > passwd",
            Ask,
        ),
        (
            "a write read from home",
            &git,
            "cd ~; echo x >> .bashrc",
            Ask,
        ),
        ("a write into .git", &git, "cd .git; echo x > config", Ask),
        (
            "a write below the tree",
            &git,
            "cd src; echo x > out.txt",
            Allow,
        ),
        (
            "a write under /tmp",
            &git,
            "cd /tmp; echo x > out.txt",
            Allow,
        ),
    ];
    for (why, policy, command, want) in rows {
        let outcome = decide_profiled(policy, command, &Options::default(), Profile::Hardened);
        assert_eq!(outcome.outcome, *want, "{why}: {command:?}");
    }
}
