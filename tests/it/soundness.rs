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
use inner_cmd_spec::soundness::{run, Budget, Report, KNOWN_GROUND_VIOLATIONS};

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
