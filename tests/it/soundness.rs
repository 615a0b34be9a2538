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
use inner_cmd_spec::soundness::{run, Budget, KNOWN_GROUND_VIOLATIONS};

/// Allows the bounded run checks (`SOUNDNESS_ALLOWS` overrides).
const ALLOWS: usize = 300;

/// INV-KNOWN-2, INV-GROUND-5: a bounded soundness run checks allows against
/// the oracle and finds no violation that no finding's classifier claims.
#[test]
fn inv_known_2_every_ground_violation_is_a_known_finding() {
    let allows = std::env::var("SOUNDNESS_ALLOWS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(ALLOWS);
    let oracle = Oracle::new(Config::default()).expect("the execution oracle (bwrap, bash)");
    let budget = Budget {
        allows,
        time: Duration::from_secs(170),
        batch: 100,
    };
    let report = run(&oracle, 7, budget);
    println!("{report}");
    assert!(report.checked > 0, "the run checked nothing");
    assert!(
        report.checked * 10 >= report.allows * 9,
        "the oracle answered unknown for too many allows: {report}"
    );
    assert!(
        report.unclassified.is_empty(),
        "unclassified INV-GROUND violations:\n{report}"
    );
    // The run must see violations at all: otherwise the classifiers are untested.
    assert!(
        !report.per_finding.is_empty(),
        "no violation at all: {report}"
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
