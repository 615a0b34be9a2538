//! The findings register (`spec/findings.md`): every fail-open answer of the
//! deployed policy, reproduced by the crate's reference policy, which models
//! the deployed system on purpose (the findings stay visible instead of being
//! silently fixed in the model).
//!
//! The expected answers are the npm package's, read through the adapter;
//! `tests/it/policy/parity.rs` re-asks the package live so an upstream fix shows up.

use crate::support::findings::{self, FINDINGS};
use inner_cmd_spec::policy::Policy;
use serde_json::json;

/// F-1…F-16 follow POL-UNIT-2, POL-UNIT-5, POL-UNIT-7, POL-UNIT-9,
/// POL-MATCH-5, POL-MATCH-6, POL-CHECK-1, POL-CHECK-2, POL-FLOOR-2,
/// POL-FLOOR-3, POL-FLOOR-4 (per finding in `findings::CLAUSES`): the
/// reference answers each witness, gate and advisory, as the package does.
#[test]
fn reference_policy_reproduces_every_finding() {
    let mut wrong = Vec::new();
    for f in FINDINGS {
        let policy = Policy::new(f.rules(), findings::HOME);
        let expected =
            json!({"state": f.state, "matchedPattern": f.matched_pattern, "command": f.triggering});
        for (check, result) in [
            ("gate", policy.gate(f.command)),
            ("advisory", policy.advisory(f.command)),
        ] {
            let got = json!({"state": result.state, "matchedPattern": result.matched_pattern, "command": result.command});
            if got != expected {
                wrong.push(format!(
                    "{} ({}) {check} {:?}: package {expected}, reference {got}",
                    f.id,
                    findings::clauses(f.id).join(", "),
                    f.command
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the reference no longer reproduces these findings:\n{}",
        wrong.join("\n")
    );
}

/// Every finding id has its clauses listed and a heading in `spec/findings.md`.
#[test]
fn every_finding_is_registered() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/findings.md");
    let text = std::fs::read_to_string(&path).expect("spec/findings.md");
    for f in FINDINGS {
        assert!(
            !findings::clauses(f.id).is_empty(),
            "{} has no clauses in findings::CLAUSES",
            f.id
        );
        let heading = format!("## {} ", f.id);
        assert!(
            text.lines().any(|l| l.starts_with(&heading)),
            "{} has no heading in {}",
            f.id,
            path.display()
        );
    }
}
