//! The `hardened` target: the hardened profile's invariants without provisos
//! (`HARD-2`, `HARD-DEWRAP-1`, INV-9, INV-10), and, with the `ground`
//! feature, INV-GROUND against GNU bash (`HARD-GROUND-1`).

use arbitrary::Unstructured;

use crate::authorize::{authorize_profiled, FixedSession};
use crate::gen::{case_from_unstructured, Weights};
use crate::hardened::{Profile, Profiled};
use crate::invariants::{check_gate_allow_judged, check_monotone, check_siblings_judged_hardened};
use crate::pipeline::{decide_profiled, Options};
use crate::policy::Policy;
use crate::verdict::PermissionState;

/// Builds a generated case from `data` and panics, naming the clause, when
/// the hardened profile allows more than the deployed one (HARD-2), leaves a
/// judgement unjudged (INV-9), or turns a non-allow into an allow by an
/// appended sibling (INV-10). With the `ground` feature, every allow of the
/// hardened pipeline, under the case's rules and under the soundness run's
/// permissive rules ([`crate::gen::permissive_rules`]), is also run in bash
/// and checked with INV-GROUND.
pub fn hardened(data: &[u8]) {
    let mut input = Unstructured::new(data);
    let Ok(case) = case_from_unstructured(&mut input, &Weights::default()) else {
        return;
    };
    let policy = Policy::new(case.rules.clone(), case.home.clone());
    let session = FixedSession {
        registered: case.registered_session.clone(),
        current: Ok(case.live_session.clone()),
    };
    let query = Profiled {
        policy: &policy,
        profile: Profile::Hardened,
    };
    let decision = authorize_profiled(&case.details, &session, &query, Profile::Hardened);
    if let Err(violation) = check_siblings_judged_hardened(&case.details, &policy, &decision) {
        panic!("INV-9 (hardened) violated on {:?}: {violation}", case.full);
    }
    let options = Options::default();
    let deployed = decide_profiled(&policy, &case.full, &options, Profile::Deployed);
    let outcome = decide_profiled(&policy, &case.full, &options, Profile::Hardened);
    assert!(
        outcome.outcome != PermissionState::Allow || deployed.outcome == PermissionState::Allow,
        "HARD-2 violated: hardened allows {:?}, deployed does not",
        case.full
    );
    if outcome.outcome == PermissionState::Allow && outcome.authorizer.is_none() {
        if let Err(violation) = check_gate_allow_judged(&policy, &case.full) {
            panic!(
                "INV-9 (hardened gate) violated on {:?}: {violation}",
                case.full
            );
        }
    }
    let longer = format!("{} && rm -rf /", case.full);
    let after = decide_profiled(&policy, &longer, &options, Profile::Hardened).outcome;
    let verdict = |state| match state {
        PermissionState::Allow => crate::verdict::Verdict::Allow,
        PermissionState::Deny => crate::verdict::Verdict::Deny,
        PermissionState::Ask => crate::verdict::Verdict::Defer,
    };
    // No proviso: text that joins the command instead of following it (a
    // trailing backslash, an unterminated here-document) asks on both sides
    // (HARD-PARSE-1, HARD-PARSE-4, HARD-PARSE-5).
    if let Err(violation) = check_monotone(verdict(outcome.outcome), verdict(after)) {
        panic!("INV-10 (hardened) violated on {longer:?}: {violation}");
    }
    #[cfg(feature = "ground")]
    {
        if outcome.outcome == PermissionState::Allow {
            super::ground::check(&policy, &case.full, &outcome);
        }
        // As in the soundness run: the same command under the permissive
        // rules, which allow most commands, so that most inputs reach bash.
        let permissive = Policy::new(crate::gen::permissive_rules(), case.home.clone());
        let open = decide_profiled(&permissive, &case.full, &options, Profile::Hardened);
        if open.outcome == PermissionState::Allow {
            super::ground::check(&permissive, &case.full, &open);
        }
    }
}
