//! The bounded soundness run (`INV-KNOWN-2`): generated (command, policy)
//! pairs through the pipeline, every allow checked against what GNU bash
//! runs (the execution oracle, INV-GROUND), every violation classified to a
//! finding of `spec/findings.md`.
//!
//! Needs the features `ground` and `arbitrary` and bubblewrap (`.ci/run`
//! installs it). The long run is `scripts/soundness.sh`.
#![cfg(all(feature = "ground", feature = "arbitrary"))]

use std::time::Duration;

use inner_cmd_spec::ground::{Config, Oracle};
use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::invariants::ground_violations;
use inner_cmd_spec::pipeline::{decide, Options};
use inner_cmd_spec::soundness::{
    decide_violations, run, Budget, Report, Source, KNOWN_GROUND_VIOLATIONS,
};
use inner_cmd_spec::verdict::PermissionState::{self, Allow, Ask, Deny};

/// Allows the bounded run checks per profile (`SOUNDNESS_ALLOWS` overrides).
const ALLOWS: usize = 300;

/// The bounded run of both profiles (seed 7), with the long run's oracle
/// settings: a 500 ms time limit, four batches at once.
fn bounded_run() -> Report {
    let allows = std::env::var("SOUNDNESS_ALLOWS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(ALLOWS);
    let mut config = Config::default();
    config.time_limit = Duration::from_millis(500);
    let oracle = Oracle::new(config).expect("the execution oracle (bwrap, bash)");
    let budget = Budget {
        allows,
        time: Duration::from_secs(150),
        batch: 50,
        workers: 4,
        progress: false,
        source: Source::Shapes,
    };
    run(&oracle, 7, &Profile::ALL, budget)
}

/// INV-KNOWN-2, INV-GROUND-5, HARD-GROUND-1: a bounded soundness run checks
/// allows of both profiles against the oracle; under deployed it finds
/// violations, each claimed by a finding's classifier, under hardened none.
#[test]
fn inv_known_2_every_ground_violation_is_a_known_finding() {
    let report = bounded_run();
    println!("{report}");
    for profile in &report.profiles {
        assert!(profile.checked > 0, "the run checked nothing: {report}");
        assert!(
            profile.checked * 10 >= profile.allows * 9,
            "the oracle answered unknown for too many allows: {report}"
        );
    }
    let deployed = report.profile(Profile::Deployed).unwrap();
    assert!(
        deployed.unclassified.is_empty(),
        "unclassified INV-GROUND violations:\n{report}"
    );
    // The run must see violations at all: otherwise the classifiers are untested.
    assert!(
        !deployed.per_finding.is_empty(),
        "no violation at all: {report}"
    );
    assert_eq!(
        deployed.violations,
        deployed.per_finding.values().sum::<usize>(),
        "{report}"
    );
    let hardened = report.profile(Profile::Hardened).unwrap();
    assert_eq!(hardened.violations, 0, "hardened violations:\n{report}");
    assert!(hardened.per_finding.is_empty(), "{report}");
    // A command allowed by several decisions runs once.
    assert!(
        report.executed < deployed.allows + hardened.allows,
        "{report}"
    );
}

/// INV-KNOWN-2: every finding a ground classifier names has a heading in
/// `spec/findings.md`.
#[test]
fn inv_known_2_every_ground_classifier_names_a_registered_finding() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/findings.md");
    let register = std::fs::read_to_string(&path).unwrap();
    for known in KNOWN_GROUND_VIOLATIONS {
        let heading = format!("## {} ", known.id);
        assert!(
            register.lines().any(|l| l.starts_with(&heading)),
            "{}: no heading in {}",
            known.id,
            path.display()
        );
    }
}

/// Rules as (pattern, state) rows.
type Rules = Vec<(&'static str, PermissionState)>;

/// INV-KNOWN-2, INV-GROUND-5: witnesses of the findings the soundness run
/// found (F-21, F-22, F-23, F-8, F-19's second shape, G-3 in bash's
/// rendering, F-6 with a quoted inner command, F-24, F-25, F-26, F-27,
/// F-22 under a negation, F-18 after a builtin, F-28, G-2 after a wrapper,
/// F-4 with a trimmed last argument,
/// G-3 by argv, G-6),
/// each allowed by the deployed pipeline, run in
/// bash: INV-GROUND fails, and the finding's own classifier claims it.
#[test]
fn inv_known_2_run_witnesses_are_claimed_by_their_finding() {
    const DENY_RM: &[(&str, PermissionState)] = &[("*", Allow), ("rm *", Deny)];
    const DENY_PUSH: &[(&str, PermissionState)] = &[("*", Allow), ("git push *", Deny)];
    let only = |whole: &'static str| -> Rules { vec![("*", Ask), (whole, Allow)] };
    let rows: Vec<(&str, Rules, &str)> = vec![
        ("F-21", DENY_RM.to_vec(), "time rm -rf x \\ <<'EOF'\nb\nEOF"),
        (
            "F-21",
            DENY_RM.to_vec(),
            "timeout 5 rm -rf x \\ <<EOF\nb\nEOF",
        ),
        ("F-22", DENY_PUSH.to_vec(), "git >out push --force"),
        (
            "F-23",
            vec![("*", Allow), ("cat *secret*", Deny)],
            "(cat secret.txt && time f() ( ls ))",
        ),
        (
            "F-8",
            vec![("*", Ask), ("cat", Allow)],
            "cat <<-EOF \t\n \ttime    npm test\t|| x=$(git push)",
        ),
        (
            "F-19",
            vec![("*", Ask), ("git status", Allow), ("cat *", Allow)],
            "git status && cat <<-EOF || tail -30 && time ls\n  eval \"$CMD\"",
        ),
        (
            "G-3",
            only("echo \\\"time    ls \\\n-la\\\" ; !"),
            "echo \\\"time    ls \\\n-la\\\" ; !",
        ),
        (
            "F-6",
            only("x=`timeout  -s KILL 240 \t{`"),
            "x=`timeout  -s KILL 240 \t{`",
        ),
        ("F-24", DENY_RM.to_vec(), "git push | ls | rm -rf x \\"),
        (
            "F-25",
            vec![("*", Allow), ("cat /etc/passwd", Deny)],
            "git push ; cat /etc/passwd || make & !",
        ),
        ("F-26", DENY_RM.to_vec(), "ls \u{b}# x ; rm -rf y"),
        // The gate trims the U+3000 and parses a comment line.
        ("F-27", DENY_RM.to_vec(), "\u{3000}# x ; rm -rf y"),
        ("F-27", DENY_RM.to_vec(), "\u{feff}# x ; rm -rf y"),
        // bash prints the substitution anew: `echo $( ( env\u{85}-i … ))`.
        // G-6 claims such a record only when the hardened profile allows the
        // judged text; since HARD-VALUE-5 it asks (the substitution's output
        // could reach `*` ask), so under the deployed profile G-3 claims it:
        // the record is the judged, allowed unit as a multiset of words.
        (
            "G-3",
            vec![
                ("*", Ask),
                ("echo $( (env\u{85}-i cat README.md) )", Allow),
                ("(env\u{85}-i *", Allow),
                ("env\u{85}-i *", Allow),
            ],
            "echo $( (env\u{85}-i cat README.md) )",
        ),
        // F-18 beside a sibling, a builtin (no argv) whose blanks bash
        // renders anew: the parser skips the escaped tab before the
        // newline, bash gives it to `echo`.
        (
            "F-18",
            vec![("*", Ask), ("echo  hi", Allow), ("ls", Allow)],
            "echo  hi \\\t\nls",
        ),
        // F-28: the unit `cat c<LF>rm x`; bash runs `rm x` alone.
        (
            "F-28",
            DENY_RM.to_vec(),
            "cat a | cat b | cat c\nrm x && echo EXIT",
        ),
        // G-2 after a wrapper: the `timeout` stub finds no program `{`.
        (
            "G-2",
            vec![
                ("(ls *", Allow),
                ("ls *", Allow),
                ("timeout *", Allow),
                ("(ls && { ls)", Allow),
                ("ls", Allow),
                ("&& { ls", Allow),
            ],
            "(ls && timeout  30s    { ls)",
        ),
        // F-4 with what the gate's trim removed: bash runs `ls <U+1680>`.
        (
            "F-4",
            vec![("*", Ask), ("time *", Allow), ("! *", Allow)],
            "\t\t time ! ls  \u{1680}\t",
        ),
        // F-22 under a negation: the unit is `! git`.
        ("F-22", DENY_PUSH.to_vec(), "! git >out push --force"),
        // G-3 by argv: the de-wrapped `ERROR` unit `cat 'a b' \ <<` is
        // judged; the stub of `cat` got `cat`, `a b` and a blank.
        (
            "G-3",
            vec![
                ("*", Ask),
                ("cat 'a b' \\ <<", Allow),
                ("'EOF'", Allow),
                ("body line", Allow),
                ("EOF", Allow),
            ],
            "time cat 'a b' \\ <<'EOF'\nbody line\nEOF",
        ),
        // INV-KNOWN-2: a blind spot first (G-1: the parent's text holds the
        // floored `time echo hi`, which ran as an entry of its own) does not
        // hide the fail-open after it (F-3: `rm -rf y` in a group).
        (
            "F-3",
            DENY_RM.to_vec(),
            "diff <(time echo hi) x; { rm -rf y; }",
        ),
    ];
    let oracle = Oracle::new(Config::default()).expect("the execution oracle (bwrap, bash)");
    let mut wrong = Vec::new();
    for (id, rules, command) in rows {
        let policy = crate::support::policy(&rules, "/home/u");
        let outcome = decide(&policy, command, &Options::default());
        assert_eq!(outcome.outcome, Allow, "{id} {command:?}: {outcome:?}");
        let execution = oracle.run(command).expect("the oracle answers");
        let violations = ground_violations(&policy, &execution);
        if violations.is_empty() {
            wrong.push(format!("{id} {command:?}: INV-GROUND holds"));
            continue;
        }
        // As the run decides: past the check's blind spots.
        let (decisive, counted) = decide_violations(
            Profile::Deployed,
            &policy,
            command,
            &outcome,
            &execution,
            &violations,
        );
        if counted != Some(id) {
            wrong.push(format!(
                "{id} {command:?}: {decisive:?}, counted as {counted:?}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// HARD-GROUND-1, HARD-VALUE-5: G-6 (bash's rendering of a substitution the
/// hardened profile judged) was counted apart as a blind spot of the check;
/// its witness (seed 5's hardened "violation" #24136) is no longer allowed,
/// because the substitution's output is unknown and could reach the `*` ask
/// rule, so the rendering bash reports can no longer follow a hardened
/// allow. bash still renders it anew (the deployed profile allows it and the
/// record is not the judged text), which is what made it a blind spot.
#[test]
fn hard_ground_1_g6_witness_asks_under_hardened() {
    use inner_cmd_spec::pipeline::decide_profiled;
    let oracle = Oracle::new(Config::default()).expect("the execution oracle (bwrap, bash)");
    let command = "echo $( (env\u{85}-i cat README.md) )";
    let rules: Rules = vec![
        ("*", Ask),
        ("echo $( (env\u{85}-i cat README.md) )", Allow),
        ("(env\u{85}-i *", Allow),
        ("env\u{85}-i *", Allow),
    ];
    let policy = crate::support::policy(&rules, "/home/u");
    let hardened = decide_profiled(&policy, command, &Options::default(), Profile::Hardened);
    assert_eq!(hardened.outcome, Ask, "{hardened:?}");
    let deployed = decide(&policy, command, &Options::default());
    assert_eq!(deployed.outcome, Allow, "{deployed:?}");
    let execution = oracle.run(command).expect("the oracle answers");
    let violations = ground_violations(&policy, &execution);
    assert!(
        violations.iter().any(|v| v.text.contains("$( ( env")),
        "bash no longer renders the substitution anew: {violations:?}"
    );
}

/// HARD-GROUND-1, INV-GROUND-8, HARD-EFFECT-2: G-9. A program that ran with
/// a variable exported by a statement of its own is judged by its
/// environment form; when every such variable is inert, that is a blind
/// spot of the check under both profiles (run 14's class); a live one, or
/// an inert one beside a live one, is not (F-38 under the deployed profile).
#[test]
fn hard_ground_1_g9_claims_inert_exports_only() {
    use inner_cmd_spec::pipeline::decide_profiled;
    let oracle = Oracle::new(Config::default()).expect("the execution oracle (bwrap, bash)");
    let rules: Rules = vec![("*", Allow)];
    let policy = crate::support::policy(&rules, "/home/u");
    // (command, hardened allows it, what the deployed run counts)
    let rows: &[(&str, bool, &str)] = &[
        ("export COLUMNS=80; cargo test", true, "G-9"),
        (
            "export COLUMNS=\"$(cargo publish)\"; cargo test",
            true,
            "G-9",
        ),
        ("export LC_ALL=C TZ=UTC; ls", true, "G-9"),
        ("export PAGER=cat; git log", true, "G-9"),
        ("export PAGER=less; git log", false, "F-38"),
        (
            "export 'GIT_SSH_COMMAND=rm -rf x'; git ls-remote ssh://h/r",
            false,
            "F-38",
        ),
        (
            "export COLUMNS=80 GIT_SSH_COMMAND=x; git status",
            false,
            "F-38",
        ),
    ];
    let mut wrong = Vec::new();
    for &(command, hardened_allows, counted_deployed) in rows {
        let execution = oracle.run(command).expect("the oracle answers");
        let violations = ground_violations(&policy, &execution);
        if violations.is_empty() {
            wrong.push(format!("{command:?}: INV-GROUND holds"));
            continue;
        }
        for profile in [Profile::Deployed, Profile::Hardened] {
            let outcome = decide_profiled(&policy, command, &Options::default(), profile);
            let allowed = outcome.outcome == Allow;
            if profile == Profile::Hardened && allowed != hardened_allows {
                wrong.push(format!(
                    "{command:?}: hardened answers {:?}",
                    outcome.outcome
                ));
            }
            if !allowed {
                continue;
            }
            let (decisive, counted) =
                decide_violations(profile, &policy, command, &outcome, &execution, &violations);
            let blind = decisive.is_none();
            let expected_blind = counted_deployed == "G-9";
            if blind != expected_blind
                || (profile == Profile::Deployed && counted != Some(counted_deployed))
            {
                wrong.push(format!(
                    "{command:?} under {profile:?}: {decisive:?}, counted {counted:?}"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
