//! A finding's witnesses checked against bash (`INV-KNOWN-2`): each is
//! allowed by the deployed pipeline, bash runs what the rules refuse, and
//! the soundness run counts the violation as that finding.

use inner_cmd_spec::ground::Oracle;
use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::invariants::ground_violations;
use inner_cmd_spec::pipeline::{decide, Options};
use inner_cmd_spec::policy::Policy;
use inner_cmd_spec::soundness::{decide_violations, GroundObservation, KNOWN_GROUND_VIOLATIONS};
use inner_cmd_spec::verdict::PermissionState::Allow;

/// The witnesses `(finding, policy, command)` that fail the property, each
/// with what went wrong; empty when every one holds.
pub fn unclaimed<'a>(
    oracle: &Oracle,
    witnesses: impl IntoIterator<Item = (&'a str, Policy, &'a str)>,
) -> Vec<String> {
    let mut wrong = Vec::new();
    for (id, policy, command) in witnesses {
        let outcome = decide(&policy, command, &Options::default());
        if outcome.outcome != Allow {
            wrong.push(format!("{id} {command:?}: {:?}", outcome.outcome));
            continue;
        }
        let execution = oracle.run(command).expect("the oracle answers");
        let violations = ground_violations(&policy, &execution);
        let (decisive, counted) = decide_violations(
            Profile::Deployed,
            &policy,
            command,
            &outcome,
            &execution,
            &violations,
        );
        if violations.is_empty() || counted != Some(id) {
            wrong.push(format!(
                "{id} {command:?}: {decisive:?}, counted as {counted:?}"
            ));
        }
    }
    wrong
}

/// Whether one of finding `id`'s classifiers claims the first INV-GROUND violation
/// of `command`, which the deployed pipeline must allow under `policy`.
pub fn classifier_claims(oracle: &Oracle, id: &str, policy: &Policy, command: &str) -> bool {
    // A finding may have several classifiers (the stub mode's, the real
    // mode's): any of them.
    let known: Vec<_> = KNOWN_GROUND_VIOLATIONS
        .iter()
        .filter(|k| k.id == id)
        .collect();
    assert!(!known.is_empty(), "{id} is classified");
    let outcome = decide(policy, command, &Options::default());
    assert_eq!(outcome.outcome, Allow, "{command:?}");
    let execution = oracle.run(command).expect("the oracle answers");
    let violations = ground_violations(policy, &execution);
    let violation = violations.first().expect("a violation");
    let observed = GroundObservation {
        policy,
        command,
        outcome: &outcome,
        execution: &execution,
        violation,
    };
    known.iter().any(|k| (k.applies)(&observed))
}
