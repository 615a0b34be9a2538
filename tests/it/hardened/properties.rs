//! INV-9 and INV-10 under the hardened profile, without provisos, over the
//! generators (spec chapter 12: `HARD-2`, `HARD-DEWRAP-1`; chapter 6:
//! `INV-9`, `INV-10`), and the profile never allowing what the deployed
//! profile does not.
//!
//! Run: `cargo test --test hardened_properties --features proptest`.
//! `PROPTEST_CASES=N` scales every property (default 200).
#![cfg(feature = "proptest")]

use crate::support::properties::{policy_of, session_of, with_full_command};
use inner_cmd_spec::authorize::{authorize_profiled, Decision};
use inner_cmd_spec::gen::proptest_front::{cases, cases_of};
use inner_cmd_spec::gen::{Case, Shape, Weights};
use inner_cmd_spec::hardened::{Profile, Profiled};
use inner_cmd_spec::invariants::{
    check_gate_allow_judged, check_monotone, check_siblings_judged_hardened,
};
use inner_cmd_spec::pipeline::{decide_profiled, Options};
use inner_cmd_spec::policy::{Policy, Rule};
use inner_cmd_spec::verdict::{PermissionState, Verdict};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use serde_json::Value;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/hardened_properties.txt",
        ))),
        ..ProptestConfig::with_cases(cases)
    }
}

fn hardened(details: &Value, case: &Case, policy: &Policy) -> Decision {
    let session = session_of(case);
    let query = Profiled {
        policy,
        profile: Profile::Hardened,
    };
    authorize_profiled(details, &session, &query, Profile::Hardened)
}

fn fail(e: impl std::fmt::Display) -> TestCaseError {
    TestCaseError::fail(e.to_string())
}

/// Every rule set one rule stricter than `rules`.
fn tightened(rules: &[Rule]) -> Vec<Vec<Rule>> {
    let mut out = Vec::new();
    for (index, rule) in rules.iter().enumerate() {
        if rule.state != PermissionState::Allow {
            continue;
        }
        for stricter in [PermissionState::Ask, PermissionState::Deny] {
            let mut next = rules.to_vec();
            next[index] = Rule {
                pattern: rule.pattern.clone(),
                state: stricter,
            };
            out.push(next);
        }
    }
    out
}

const SIBLINGS: [&str; 3] = ["git push", "rm -rf /", "echo done"];

proptest! {
    #![proptest_config(config())]

    /// INV-9 under hardened (HARD-DEWRAP-1, HARD-2): an authorizer allow
    /// leaves no judgement of the full command unjudged, byte for byte.
    #[test]
    fn hard_inv_9_authorizer_allow_judges_every_sibling(case in cases(Weights::default())) {
        let policy = policy_of(&case);
        let decision = hardened(&case.details, &case, &policy);
        check_siblings_judged_hardened(&case.details, &policy, &decision).map_err(fail)?;
    }

    /// INV-9 under hardened, compound-heavy cases.
    #[test]
    fn hard_inv_9_compound(case in cases_of(Shape::Compound, Weights::default())) {
        let policy = policy_of(&case);
        let decision = hardened(&case.details, &case, &policy);
        check_siblings_judged_hardened(&case.details, &policy, &decision).map_err(fail)?;
    }

    /// INV-9 under hardened through the pipeline: an allow by the gate
    /// judged every judgement; an allow by the authorizer passes the check above.
    #[test]
    fn hard_inv_9_pipeline(case in cases(Weights::default())) {
        let policy = policy_of(&case);
        let outcome = decide_profiled(&policy, &case.full, &Options::default(), Profile::Hardened);
        if outcome.outcome == PermissionState::Allow {
            match (&outcome.authorizer, &outcome.details) {
                (None, _) => check_gate_allow_judged(&policy, &case.full).map_err(fail)?,
                (Some(decision), Some(details)) => {
                    check_siblings_judged_hardened(details, &policy, decision).map_err(fail)?;
                }
                (Some(_), None) => return Err(fail("authorizer without details")),
            }
        }
    }

    /// INV-10 under hardened, no proviso: a stricter rule or an appended
    /// sibling never turns a non-allow into an allow (authorizer and pipeline).
    #[test]
    fn hard_inv_10_monotone_without_provisos(case in cases(Weights::default()), sibling in 0..3usize) {
        let policy = policy_of(&case);
        let before = hardened(&case.details, &case, &policy).verdict;
        let before_pipe = decide_profiled(&policy, &case.full, &Options::default(), Profile::Hardened).outcome;
        for rules in tightened(&case.rules) {
            let stricter = Policy::new(rules, case.home.clone());
            check_monotone(before, hardened(&case.details, &case, &stricter).verdict).map_err(fail)?;
            let after_pipe = decide_profiled(&stricter, &case.full, &Options::default(), Profile::Hardened).outcome;
            prop_assert!(!(before_pipe != PermissionState::Allow && after_pipe == PermissionState::Allow));
        }
        let longer = format!("{} && {}", case.full, SIBLINGS[sibling]);
        // `with_full_command` rewrites the evidence, which would repair a
        // broken guard (a duplicate full command): that is not appending a
        // sibling. Nothing else is set aside: text that joins the command
        // instead of following it (after a trailing backslash, inside an
        // unterminated here-document) asks on both sides (HARD-PARSE-1,
        // HARD-PARSE-4, HARD-PARSE-5).
        if case.broken.is_none() {
            let after = hardened(&with_full_command(&case.details, &longer), &case, &policy).verdict;
            check_monotone(before, after).map_err(fail)?;
        }
        let after_pipe = decide_profiled(&policy, &longer, &Options::default(), Profile::Hardened).outcome;
        prop_assert!(!(before_pipe != PermissionState::Allow && after_pipe == PermissionState::Allow), "{longer:?}");
    }

    /// HARD-2: the hardened pipeline never allows what the deployed one does
    /// not, and its checks are never less restrictive.
    #[test]
    fn hard_2_never_allows_more_than_deployed(case in cases(Weights::default())) {
        let policy = policy_of(&case);
        let deployed = decide_profiled(&policy, &case.full, &Options::default(), Profile::Deployed);
        let hardened_outcome = decide_profiled(&policy, &case.full, &Options::default(), Profile::Hardened);
        prop_assert!(hardened_outcome.gate.state >= deployed.gate.state);
        if hardened_outcome.outcome == PermissionState::Allow {
            prop_assert_eq!(deployed.outcome, PermissionState::Allow);
        }
        let decision = hardened(&case.details, &case, &policy);
        if decision.verdict == Verdict::Allow {
            prop_assert_eq!(policy.advisory(&decision.queries[0].value).state, PermissionState::Allow);
        }
    }
}
