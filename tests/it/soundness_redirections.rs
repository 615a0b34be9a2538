//! The three readings of a redirection of issue 37 under the deployed
//! profile (`INV-KNOWN-2`, `GEN-FAM-16`): each witness of F-41, F-42 and
//! F-43 is allowed, run in GNU bash, and claimed by its own classifier;
//! what the oracle sees of a descriptor `0` before `cd`; and a bounded run
//! of the redirection families, unaided, finds each class with 0
//! unclassified.
//!
//! Needs the features `ground` and `arbitrary` and the oracle's sandbox.
#![cfg(all(feature = "ground", feature = "arbitrary"))]

use std::time::Duration;

use inner_cmd_spec::ground::{Config, Oracle};
use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::invariants::ground_violations;
use inner_cmd_spec::pipeline::{decide, Options};
use inner_cmd_spec::policy::{config, Policy};
use inner_cmd_spec::soundness::{run, Budget, Source};
use inner_cmd_spec::verdict::PermissionState::{self, Allow, Deny};

type Rules = &'static [(&'static str, PermissionState)];

const DENY_RM_RF: Rules = &[("*", Allow), ("rm -rf *", Deny)];
const DENY_PUSH: Rules = &[("*", Allow), ("git push *", Deny)];
const DENY_ENV: Rules = &[("*", Allow), ("cat .env", Deny)];

/// `(finding, rules, command)`; `None` rules: the built-in example policy.
const WITNESSES: &[(&str, Option<Rules>, &str)] = &[
    // Class 3: the word after a close.
    ("F-41", None, "cat 2>&- .env"),
    ("F-41", Some(DENY_ENV), "cat 9<&- .env"),
    ("F-41", Some(DENY_RM_RF), "ls; 2>&- rm -rf x"),
    ("F-41", Some(DENY_PUSH), "git 2>&- push --force"),
    ("F-41", Some(DENY_RM_RF), "rm 9<&- -rf x"),
    // Class 1: a duplication word, expanded twice by bash 5.2.
    ("F-42", None, "echo hi >&'$(pwnd)'"),
    ("F-42", Some(DENY_RM_RF), "echo hi >&'$(rm -rf x)'"),
    ("F-42", Some(DENY_RM_RF), "echo hi 1>&\"\\$(rm -rf x)\""),
    (
        "F-42",
        Some(DENY_RM_RF),
        "for i in; do :; done >&'`rm -rf x`'",
    ),
    // Class 2: a descriptor `0` read as an argument.
    ("F-43", Some(DENY_PUSH), "git 0</dev/null push --force"),
    ("F-43", Some(DENY_RM_RF), "rm 0</dev/null -rf x"),
    ("F-43", Some(DENY_PUSH), "git 0<<<x push --force"),
    // `<>`, which the grammar lacks, drops the command after it.
    ("F-44", Some(DENY_RM_RF), "0<>f rm -rf x"),
    ("F-44", Some(DENY_RM_RF), "ls; 0<>f rm -rf x"),
];

fn policy(rules: Option<Rules>) -> Policy {
    match rules {
        Some(rules) => crate::support::policy(rules, "/home/u"),
        None => Policy::from_config(config::example_policy().unwrap(), "/home/u"),
    }
}

/// INV-KNOWN-2, GEN-FAM-16: every witness is allowed by the deployed
/// pipeline, bash runs what the rules refuse, and the run counts it as its
/// finding.
#[test]
fn inv_known_2_redirection_witnesses_are_claimed_by_their_finding() {
    let oracle = Oracle::new(Config::default()).expect("the execution oracle");
    let witnesses = WITNESSES
        .iter()
        .map(|&(id, rules, command)| (id, policy(rules), command));
    let wrong = crate::support::claims::unclaimed(&oracle, witnesses);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// INV-KNOWN-2: each classifier recognizes only its own cause. F-41
/// does not claim a word after a redirection that is no close (F-22's
/// `git >out push --force`); F-43 does not claim a redirection without a
/// descriptor `0` (`git >/dev/null push --force`); F-42 does not claim a
/// substitution that is no word of a duplication (`echo x > "$(rm -rf
/// x)"`, F-7).
#[test]
fn inv_known_2_redirection_classifiers_claim_only_their_own_cause() {
    let oracle = Oracle::new(Config::default()).expect("the execution oracle");
    for (id, rules, command, claimed) in [
        ("F-41", DENY_PUSH, "git 2>&- push --force", true),
        ("F-41", DENY_PUSH, "git >out push --force", false),
        ("F-43", DENY_PUSH, "git 0</dev/null push --force", true),
        ("F-43", DENY_PUSH, "git >/dev/null push --force", false),
        ("F-42", DENY_RM_RF, "echo hi >&'$(rm -rf x)'", true),
        ("F-42", DENY_RM_RF, "echo x > \"$(rm -rf x)\"", false),
    ] {
        let policy = crate::support::policy(rules, "/home/u");
        assert_eq!(
            crate::support::claims::classifier_claims(&oracle, id, &policy, command),
            claimed,
            "{id} {command:?}"
        );
    }
}

/// F-43, what the oracle sees of `cd 0<&- && cat .ssh/id_rsa` under the
/// example policy: bash runs a bare `cd` (to `HOME`), rendered `cd 0>&-`
/// and allowed by `cd *`, then `cat .ssh/id_rsa`, allowed by `cat *`. Both
/// are allowed as texts: INV-GROUND judges what ran by its words, not the
/// directory it ran in, so this witness is no violation it can see (the
/// role differential reports it, INV-ROLE-4).
#[test]
fn f42_the_oracle_sees_cd_home_as_an_allowed_text() {
    let oracle = Oracle::new(Config::default()).expect("the execution oracle");
    let command = "cd 0<&- && cat .ssh/id_rsa";
    let policy = policy(None);
    assert_eq!(decide(&policy, command, &Options::default()).outcome, Allow);
    let execution = oracle.run(command).expect("the oracle answers");
    let texts: Vec<&str> = execution.commands.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(texts, ["cd 0>&-", "cat .ssh/id_rsa"], "{execution:?}");
    assert!(ground_violations(&policy, &execution).is_empty());
}

/// GEN-FAM-16, INV-KNOWN-2: a bounded run of the redirection families
/// under the deployed profile (seed 37), unaided, finds F-41, F-42 and
/// F-43 and leaves no violation unclassified.
#[test]
fn gen_fam_16_redirection_run_finds_the_three_classes() {
    let mut config = Config::default();
    config.time_limit = Duration::from_millis(500);
    let oracle = Oracle::new(config).expect("the execution oracle");
    let budget = Budget {
        allows: 400,
        time: Duration::from_secs(120),
        batch: 50,
        workers: 3,
        progress: false,
        source: Source::Clause("GEN-FAM-16"),
    };
    let report = run(&oracle, 37, &[Profile::Deployed], budget);
    let deployed = report.profile(Profile::Deployed).unwrap();
    assert!(deployed.unclassified.is_empty(), "{report}");
    for id in ["F-41", "F-42", "F-43"] {
        assert!(
            deployed.per_finding.contains_key(id),
            "{id} not found:\n{report}"
        );
    }
}
