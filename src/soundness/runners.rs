//! F-39: a command runner ran a command the policy does not allow
//! (`INV-GROUND-9`, `INV-KNOWN-2`).

use super::observation::{squeeze, GroundObservation};
use crate::ground::{Executed, Origin, COMMAND_RUNNERS};
use crate::pipeline::{decide, Options};
use crate::verdict::PermissionState;

/// F-39: what ran was started by a command runner (`taskset 1 rm -rf x`):
/// it is the runner's inner command (`rm -rf x`, or the shell it ran on a
/// string, `sh -c 'rm -rf x'`), or a command of that shell (whose bash has
/// the inner command's pid: the stub exec'd it), and the runner itself was
/// judged by its own text, which a rule allows. The cause removed — the
/// runner's words in the command replaced by what it ran — the pipeline no
/// longer allows: the policy judges what ran when it stands in the
/// runner's place.
pub(super) fn run_by_a_command_runner(o: &GroundObservation<'_>) -> bool {
    let commands = &o.execution.commands;
    let Some(ran) = commands.get(o.violation.index) else {
        return false;
    };
    // What the runner ran: this record, or, for a command of the shell a
    // runner ran, that shell (its bash has the runner stub's pid).
    let started = match ran.origin {
        Origin::WrapperInner { .. } => Some(ran),
        _ => commands.get(..o.violation.index).and_then(|before| {
            before
                .iter()
                .rev()
                .find(|c| c.pid == ran.pid && matches!(c.origin, Origin::WrapperInner { .. }))
        }),
    };
    let Some((started, runner)) = started.and_then(|s| match s.origin {
        Origin::WrapperInner { wrapper } => commands.get(wrapper).map(|r| (s, r)),
        _ => None,
    }) else {
        return false;
    };
    if !is_command_runner(runner) {
        return false;
    }
    if o.policy.advisory(&runner.text).state != PermissionState::Allow {
        return false;
    }
    let written = squeeze(&runner.text);
    let command = squeeze(o.command);
    let Some(at) = command.find(&written) else {
        return false;
    };
    let variant = format!(
        "{}{}{}",
        command.get(..at).unwrap_or_default(),
        squeeze(&started.text),
        command.get(at + written.len()..).unwrap_or_default()
    );
    decide(o.policy, &variant, &Options::default()).outcome != PermissionState::Allow
}

/// A record of a command runner's stub that ran a command or a shell.
fn is_command_runner(record: &Executed) -> bool {
    record
        .argv
        .as_ref()
        .and_then(|argv| argv.first())
        .and_then(|path| path.rsplit('/').next())
        .is_some_and(|name| COMMAND_RUNNERS.contains(&name))
}
