//! A finding's witnesses checked against bash (`INV-KNOWN-2`): each is
//! allowed by the deployed pipeline, bash runs what the rules refuse, and
//! the soundness run counts the violation as that finding.

use inner_cmd_spec::ground::Oracle;
use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::invariants::ground_violations;
use inner_cmd_spec::pipeline::{decide, Options};
use inner_cmd_spec::policy::Policy;
use inner_cmd_spec::soundness::decide_violations;
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
