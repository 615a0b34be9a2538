//! INV-GROUND-8: how each name resolved, the argv as written, and the
//! environment a program received; INV-GROUND's environment clause.

use inner_cmd_spec::ground::Resolution;
use inner_cmd_spec::invariants::check_ground;
use inner_cmd_spec::pipeline::{decide, Options};
use inner_cmd_spec::verdict::PermissionState::{Allow, Deny};

use super::{find, policy, run};

/// INV-GROUND-8: the resolution bash made for each kind of name.
#[test]
fn inv_ground_8_names_resolve_as_bash_resolves_them() {
    let execution = run(
        "f() { :; }; f; echo hi; git status; [[ -n x ]]; for i in 1; do :; done; \
         no-such-program-xyz; A=1; cd /; \"$X\"echo x",
    );
    let rows = [
        ("f", Resolution::Function),
        ("echo hi", Resolution::Builtin),
        ("git status", Resolution::Program),
        ("[[ -n x ]]", Resolution::Keyword),
        ("for i in 1", Resolution::Keyword),
        ("no-such-program-xyz", Resolution::NotFound),
        ("A=1", Resolution::None),
        ("cd /", Resolution::Builtin),
        ("\"$X\"echo x", Resolution::Unknown),
    ];
    for (text, want) in rows {
        assert_eq!(find(&execution, text).resolved_as, want, "{text:?}");
    }
}

/// INV-GROUND-8: the argv as written keeps the name used; the path is where
/// bash found the program (`hash -p` rebinds a name to another program).
#[test]
fn inv_ground_8_written_argv_and_path() {
    let execution = run("ls -l; hash -p /usr/bin/rm ls; ls x; exec -a nm cat y");
    let first = find(&execution, "ls -l");
    assert_eq!(
        first.written_argv.as_deref(),
        Some(&["ls".to_owned(), "-l".to_owned()][..])
    );
    let rebound = execution
        .commands
        .iter()
        .find(|c| c.path.as_deref() == Some("/usr/bin/rm"))
        .unwrap_or_else(|| panic!("no rm in {execution:?}"));
    assert_eq!(
        rebound.written_argv.as_deref(),
        Some(&["ls".to_owned(), "x".to_owned()][..])
    );
    let cat = execution
        .commands
        .iter()
        .find(|c| c.path.as_deref().is_some_and(|p| p.ends_with("/cat")))
        .unwrap();
    assert_eq!(cat.written_argv.as_ref().unwrap()[0], "nm");
}

/// INV-GROUND-8: a program's environment is its difference from the base:
/// what the command exported, or assigned before it, and nothing else.
#[test]
fn inv_ground_8_environment_is_the_difference_from_the_base() {
    let execution = run("git a; export B=2; A=1 git b; unset HOME; git c");
    let difference = |text: &str| find(&execution, text).environment.clone().unwrap();
    assert!(difference("git a").is_empty(), "{:?}", difference("git a"));
    let b = difference("A=1 git b");
    assert_eq!(b.get("A"), Some(&Some("1".to_owned())));
    assert_eq!(b.get("B"), Some(&Some("2".to_owned())));
    assert_eq!(difference("git c").get("HOME"), Some(&None));
    assert!(execution.base_environment.contains_key("PATH"));
    assert!(!execution
        .base_environment
        .keys()
        .any(|k| k.starts_with("__GROUND")));
}

/// INV-GROUND-8: `export 'GIT_SSH_COMMAND=rm -rf x'; git ls-remote …` is
/// allowed by `export *` and `git *`, and real git would run `rm`: the
/// variable reached git without a rule seeing it beside git, a violation.
/// Assignments judged with the program (its own leading ones, a wrapper's)
/// and the variables bash sets itself are not.
#[test]
fn inv_ground_8_unjudged_environment_is_a_violation() {
    let rules = policy(&[
        ("export *", Allow),
        ("git *", Allow),
        ("rm *", Deny),
        ("timeout *", Allow),
        ("cd *", Allow),
        ("bash *", Allow),
    ]);
    let command = "export 'GIT_SSH_COMMAND=rm -rf x'; git ls-remote ssh://h/r";
    assert_eq!(decide(&rules, command, &Options::default()).outcome, Allow);
    let violation = check_ground(&rules, &run(command)).expect_err("an unjudged environment");
    assert!(
        violation
            .text
            .starts_with("env 'GIT_SSH_COMMAND=rm -rf x' git ls-remote"),
        "{violation}"
    );
    for violated in [
        "set -a; A=1; git x",
        "declare -x A=1; git x",
        "export A; read A <<<1; git x",
    ] {
        assert!(
            check_ground(&rules, &run(violated)).is_err(),
            "{violated:?}"
        );
    }
    for holds in [
        "GIT_SSH_COMMAND='rm -rf x' git ls-remote ssh://h/r",
        "A=1 timeout 5 git x",
        "cd /tmp && git x; cd - && git y",
        "export A; git x",
    ] {
        assert_eq!(check_ground(&rules, &run(holds)), Ok(()), "{holds:?}");
    }
}
