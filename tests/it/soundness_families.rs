//! The soundness run drawing from the families of bash constructs
//! (`GEN-FAM-15`, `INV-KNOWN-2`): a witness per finding the families found,
//! each allowed by the deployed pipeline, run in GNU bash, and claimed by
//! its own classifier; and a bounded run of family pairs, unaided, that
//! finds each class of issue 26 the oracle can see, with 0 unclassified.
//!
//! Needs the features `ground` and `arbitrary` and bubblewrap.
#![cfg(all(feature = "ground", feature = "arbitrary"))]

use std::time::Duration;

use inner_cmd_spec::ground::{Config, Oracle};
use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::soundness::{run, Budget, Source};
use inner_cmd_spec::verdict::PermissionState::{self, Allow, Ask, Deny};

const DENY_RM: &[(&str, PermissionState)] = &[("*", Allow), ("rm *", Deny)];
const DENY_PUSH: &[(&str, PermissionState)] = &[("*", Allow), ("git push *", Deny)];
/// Only the joined unit is allowed (so `pwd`, judged alone, is not).
const JOINED: &[(&str, PermissionState)] = &[("*", Ask), ("pwd; {rm,} -rf x", Allow)];
/// The parent and the spelled command allowed as written; `rm` denied.
const RENDERED: &[(&str, PermissionState)] = &[
    ("*", Ask),
    ("npm test \"$( /usr/bin/r[m] -rf x )\"", Allow),
    ("/usr/bin/r[m] *", Allow),
    ("rm *", Deny),
];

/// `(finding, rules, command)`: each a witness in `spec/findings.md`.
/// Rules as `(pattern, state)` rows.
type Rules = &'static [(&'static str, PermissionState)];

const WITNESSES: &[(&str, Rules, &str)] = &[
    ("F-29", DENY_RM, "echo ${x:-`rm -rf x`}"),
    ("F-29", DENY_RM, "echo hi `echo \\`rm -rf x\\``"),
    ("F-30", DENY_RM, "echo ${PWD%%$(rm -rf x)}"),
    ("F-31", DENY_RM, "x='a[$(rm -rf x)]'; echo $((x))"),
    ("F-31", DENY_RM, "x='a[$(rm -rf x)]'; echo ${PWD:x}"),
    ("F-32", DENY_RM, "test -v 'a[$(rm -rf x)]'"),
    ("F-32", DENY_RM, "printf -v'a[$(rm -rf x)]' x"),
    ("F-33", DENY_RM, "PS4='$(rm -rf x)'; set -x; echo hi"),
    ("F-33", DENY_RM, "x='$(rm -rf x)'; echo ${x@P}"),
    ("F-34", DENY_RM, "hash -p /usr/bin/rm ls; ls -rf x"),
    ("F-34", DENY_RM, "BASH_CMDS[ls]=/usr/bin/rm; ls -rf x"),
    (
        "F-34",
        DENY_RM,
        "shopt -s expand_aliases\nalias ls='rm -rf x'\nls",
    ),
    ("F-35", DENY_RM, "cat <<EOF && rm -rf x\nbody\nEOF"),
    ("F-36", DENY_PUSH, "git p\\\nush --force"),
    ("F-37", JOINED, "pwd; {rm,} -rf x"),
    // Seed 12's one unclassified pair: the unit `&& [ x `rm -rf x``.
    ("F-37", DENY_RM, "ls && [ x `rm -rf x`"),
    ("F-10", DENY_RM, "jobs -x rm -rf x"),
    ("F-10", DENY_RM, "mapfile -c 1 -C 'rm -rf x;:' a <<< x"),
    ("F-13", DENY_RM, "bash /dev/stdin <<< 'rm -rf x'"),
    ("F-13", DENY_RM, "sh /proc/self/fd/0 <<< 'rm -rf x'"),
    ("F-11", DENY_RM, "/usr/bin/r[m] -rf x"),
    ("F-7", DENY_RM, "echo x > \"$(rm -rf x)\""),
    // The redirection-targets family's targets with text around the substitution.
    ("F-7", DENY_RM, "ls > \"out-$(rm -rf x).log\""),
    ("F-7", DENY_RM, "ls 2>> \"logs/`rm -rf x`.txt\""),
    // INV-GROUND-8: the program's environment, set without an assignment word.
    (
        "F-38",
        DENY_RM,
        "export 'GIT_SSH_COMMAND=rm -rf x'; git ls-remote ssh://h/r",
    ),
    (
        "F-38",
        DENY_RM,
        "set -k; git ls-remote ssh://h/r GIT_SSH_COMMAND='rm -rf x'",
    ),
    // INV-GROUND-9: a command runner the floors do not list.
    ("F-39", DENY_RM, "taskset 1 rm -rf x"),
    ("F-39", DENY_RM, "ionice -c3 rm -rf x"),
    ("F-39", DENY_RM, "su root -c 'rm -rf x'"),
    ("F-39", DENY_RM, "su root -c 'rm -rf x'; ls"),
    ("F-39", DENY_RM, "script -qc 'ls; rm -rf x' /dev/null"),
    ("F-39", DENY_RM, "git status && choom -n 0 -- rm -rf x"),
    // G-7: the parent's rendering is a blind spot; the program decides.
    ("F-11", RENDERED, "npm test \"$( /usr/bin/r[m] -rf x )\""),
    // G-8: the base by its expanded argv is a blind spot; the operand decides.
    ("F-30", DENY_RM, "npm test ${x:-$((a[$(rm -rf x)]))}"),
];

/// GEN-FAM-15, INV-KNOWN-2: every witness is allowed by the deployed
/// pipeline, bash runs what the deny rule meant to stop (INV-GROUND
/// fails), and the run's decision counts it as its finding.
#[test]
fn gen_fam_15_family_witnesses_are_claimed_by_their_finding() {
    let oracle = Oracle::new(Config::default()).expect("the execution oracle (bwrap, bash)");
    let witnesses = WITNESSES
        .iter()
        .map(|&(id, rules, command)| (id, crate::support::policy(rules, "/home/u"), command));
    let wrong = crate::support::claims::unclaimed(&oracle, witnesses);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// GEN-FAM-15, INV-KNOWN-2: a bounded run of family pairs under the
/// deployed profile (seed 3), unaided, finds the nine classes of issue 26
/// — F-29 backquotes, F-31 arithmetic, F-32 builtin subscripts, F-34
/// command tables, F-38 environments without an assignment word, F-33
/// prompts, F-10 running builtins, F-13 shells on a stream, F-39 command
/// runners — and leaves no violation unclassified.
#[test]
fn gen_fam_15_family_run_finds_the_classes() {
    let mut config = Config::default();
    config.time_limit = Duration::from_millis(500);
    let oracle = Oracle::new(config).expect("the execution oracle (bwrap, bash)");
    let budget = Budget {
        allows: 1_500,
        time: Duration::from_secs(150),
        batch: 50,
        workers: 3,
        progress: false,
        source: Source::Families,
    };
    let report = run(&oracle, 3, &[Profile::Deployed], budget);
    let deployed = report.profile(Profile::Deployed).unwrap();
    assert!(deployed.unclassified.is_empty(), "{report}");
    let classes = [
        "F-29", "F-31", "F-32", "F-34", "F-38", "F-33", "F-10", "F-13", "F-39",
    ];
    for id in classes {
        assert!(
            deployed.per_finding.contains_key(id),
            "{id} not found:\n{report}"
        );
    }
    // Every family drew allows, and the table says when each first violated.
    assert!(
        deployed.families.len() * 10 >= inner_cmd_spec::gen::families().len() * 9,
        "{report}"
    );
    assert!(
        deployed.families.values().any(|t| t.first.is_some()),
        "{report}"
    );
}

/// INV-KNOWN-2: F-39's classifier recognizes only its own cause. It claims
/// a command a runner ran when the runner's words, removed, leave a
/// command the pipeline does not allow; where another cause hides what ran
/// as well (a compound statement the parse never enters, F-3), the variant
/// without the runner is still allowed, and it does not claim it.
#[test]
fn inv_known_2_f39_claims_only_its_own_cause() {
    let oracle = Oracle::new(Config::default()).expect("the execution oracle (bwrap, bash)");
    let policy = crate::support::policy(DENY_RM, "/home/u");
    for (command, claimed) in [
        ("taskset 1 rm -rf x", true),
        ("{ taskset 1 rm -rf x; }", false),
        ("if true; then su root -c 'rm -rf x'; fi", false),
    ] {
        assert_eq!(
            crate::support::claims::classifier_claims(&oracle, "F-39", &policy, command),
            claimed,
            "{command:?}"
        );
    }
}
