//! Bash's own reading of a command (spec §12.11, `HARD-ADMIT-7`,
//! `HARD-READ-2`): redirections admitted by the row of their form, and the
//! second reading agreeing with the tree on each token's role.
//!
//! Every witness was run in GNU bash 5.2.15 with logging stubs: bash runs,
//! reads or writes what the words as the tree places them do not show.
//! Spellings beyond the are included on purpose (another
//! descriptor, no blank, a compound command, a wrapper, a substitution).

use inner_cmd_spec::hardened::syntax::agree;
use inner_cmd_spec::hardened::syntax::roles::Role;
use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::pipeline::{decide_profiled, Options};
use inner_cmd_spec::policy::units::bash_parser;
use inner_cmd_spec::verdict::PermissionState::{Allow, Deny};

use crate::support;

const HOME: &str = "/home/u";

/// Issue 37's classes, each in several spellings.
const WITNESSES: &[(&str, &str)] = &[
    // 1: a duplication whose word is not a descriptor: expanded twice.
    ("1", "echo hi >&'$(pwnd)'"),
    ("1", "echo hi 1>&'$(pwnd)'"),
    ("1", "echo hi >& '$(pwnd)'"),
    ("1", "echo hi >&\\$\\(pwnd\\)"),
    ("1", "echo hi >&'`pwnd`'"),
    ("1", "echo hi >&'$HOME/.bashrc'"),
    ("1", "echo hi >&'~/.bashrc'"),
    ("1", "echo hi >&.git/config"),
    ("1", "echo hi >&\"1\""),
    ("1", "{ echo hi; } >&'$(pwnd)'"),
    ("1", "for x in; do :; done >&'$(pwnd)'"),
    ("1", "timeout 5 echo hi >&'$(pwnd)'"),
    ("1", "time echo hi >&'$(pwnd)'"),
    ("1", "echo \"$(echo hi >&'$(pwnd)')\""),
    // 2: a descriptor the parser reads as an argument.
    ("2", "cd 0<&- && cat .ssh/id_rsa"),
    ("2", "cd 0>&- && cat .ssh/id_rsa"),
    ("2", "cd 0</dev/null && cat .ssh/id_rsa"),
    ("2", "cat 0<x"),
    ("2", "cat 0>x"),
    ("2", "sh 0<<<'pwnd'"),
    ("2", "cat 0<<EOF\nx\nEOF"),
    // 3: the word after a close.
    ("3", "cat 2>&- .env"),
    ("3", "cat 2>&-.env"),
    ("3", "cat <&- .env"),
    ("3", "cat 2<&- .env"),
    ("3", "cat >&- .env"),
    ("3", "cat 1>&- ~/.ssh/id_rsa"),
    ("3", "cat 3>&- .env"),
    ("3", "cat 2>&- \"$HOME/.ssh/id_rsa\""),
    ("3", "git 2>&- push"),
    ("3", "set -e 2>&- -k"),
    ("3", "read -r x 2>&- 'a[$(pwnd)]'"),
    ("3", "export CI=1 2>&- PATH=/tmp"),
    ("3", "if cat 2>&- .env; then :; fi"),
    ("3", "echo \"$(cat 2>&- .env)\""),
    ("3", "x=$(cat 2>&- .env) ls"),
    // Descriptors the profile does not admit.
    ("d", "ls 10>x"),
    ("d", "echo x 09>x"),
    ("d", "cat 1<>x"),
    ("d", "ls {fd}>x"),
];

/// The example policy's spirit in a permissive form: everything allowed but
/// the payloads and the secrets the witnesses reach.
fn permissive() -> inner_cmd_spec::policy::Policy {
    support::policy(
        &[
            ("*", Allow),
            ("*pwnd*", Deny),
            ("*.env*", Deny),
            ("*.ssh*", Deny),
            ("*.bashrc*", Deny),
            ("*.git/config*", Deny),
            ("git push*", Deny),
            ("PATH=*", Deny),
        ],
        HOME,
    )
}

/// HARD-ADMIT-7, HARD-READ-2: no witness is allowed under the permissive
/// policy, nor under the built-in example policy, through the gate and the
/// whole pipeline alike.
#[test]
fn hard_admit_7_hard_read_2_close_the_classes() {
    let policies = [
        ("permissive", permissive()),
        ("example", support::example_policy(HOME)),
    ];
    let mut failures = Vec::new();
    for (class, command) in WITNESSES {
        for (name, policy) in &policies {
            let gate = Profile::Hardened.gate(policy, command);
            let decided = decide_profiled(policy, command, &Options::default(), Profile::Hardened);
            if gate.state == Allow || decided.outcome == Allow {
                failures.push(format!("class {class}, {name}: allowed: {command:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

fn roles_of(command: &str) -> Result<(), Option<(Role, Role)>> {
    let mut parser = bash_parser().unwrap();
    let tree = parser.parse(command, None).unwrap();
    agree::agree(command, tree.root_node()).map_err(|parted| parted.roles)
}

/// HARD-READ-2: the disagreement names the token's role in each reading,
/// from either side: a token the tree gives a role the second reading does
/// not, and a tree role no token of the second reading has.
#[test]
fn hard_read_2_names_both_roles() {
    use Role::{Argument, Descriptor, RedirectTarget};
    for (command, roles) in [
        ("cd 0<&-", (Descriptor, Argument)),
        ("cat 0<x", (Descriptor, Argument)),
        ("cat 2>&- .env", (Argument, RedirectTarget)),
        ("cat <&-x", (Argument, RedirectTarget)),
        ("cat >&1- x", (Argument, RedirectTarget)),
        ("git >out push --force", (Argument, RedirectTarget)),
        ("cat <<EOF -n\nx\nEOF", (Argument, RedirectTarget)),
        // After `time` bash reads a pipeline: `!` is its reserved word.
        ("time ! ls", (Role::ReservedWord, Argument)),
        ("time -p -- ! ls", (Role::ReservedWord, Argument)),
    ] {
        assert_eq!(roles_of(command), Err(Some(roles)), "{command:?}");
    }
}

/// HARD-READ-2: where bash and the tree give every token the same role,
/// the readings agree: reserved words, loops, cases, tests, assignments,
/// `export`, `time`, here-documents and every admitted redirection.
#[test]
fn hard_read_2_agrees_on_everyday_shapes() {
    for command in [
        "ls 2>&1 | tail -n 5",
        ">out echo hi",
        "echo hi >&2; echo x 1>&2-",
        "cargo build 2>&1 >/dev/null | tail",
        "cat <<< \"x\" | wc -l",
        "cat <<'EOF' > out\nbody\nEOF\nls",
        "git commit -m \"$(cat <<'EOF'\nmsg\nEOF\n)\"",
        "if [ -f x ]; then cat x; elif true; then :; else ls; fi",
        "for f in src/*.rs; do wc -l \"$f\"; done > counts",
        "case x in a|b) ls;; *) echo;; esac",
        "[[ a == b ]] && ls",
        "while read -r line; do echo \"$line\"; done < f",
        "{ ls; } 2>/dev/null",
        "(cd x && ls) > out",
        "A=1 B=2 ls; export CI=1",
        "time cargo test",
        "! grep -q x f",
        "echo $(ls 2>/dev/null) \"$(pwd)\"",
    ] {
        assert_eq!(roles_of(command), Ok(()), "{command:?}");
    }
}

/// HARD-ADMIT-7: everyday redirections stay allowed where their commands
/// are (issue 37's usefulness list).
#[test]
fn hard_admit_7_everyday_redirections_allowed() {
    let policy = permissive();
    for command in [
        "cargo test 2>&1 | tail -30",
        "ls >/dev/null",
        "ls 2>/dev/null",
        "cargo build &>log",
        "wc -l <file",
        "ls >out.txt",
        "cat <<'EOF'\nbody\nEOF",
        "cat <<< x",
        "echo done >&2",
    ] {
        let gate = Profile::Hardened.gate(&policy, command);
        assert_eq!(gate.state, Allow, "{command:?}: {gate:?}");
    }
}
