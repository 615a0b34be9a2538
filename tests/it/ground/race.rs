//! INV-GROUND-3: a background job still running when the top-level bash
//! exits is waited for, or the answer is unknown; an execution never lacks
//! what a wrapper started (the race of `spec/hardened-soundness.md`, run 4).

use inner_cmd_spec::ground::{GroundError, Origin};

use super::oracle;

/// A backgrounded wrapper: its stub and its inner command's stub are both
/// recorded in every answer that is an execution, however the top-level
/// bash and the job are scheduled. Run many times: the race needs the
/// top-level bash to exit before the wrapper stub runs its inner command.
#[test]
fn inv_ground_3_a_backgrounded_wrapper_is_recorded_with_its_inner_command() {
    let commands: Vec<&str> = [
        "timeout 1.5h npm test &",
        "nohup nice -n 5 make -j2 >/dev/null 2>&1 &",
    ]
    .into_iter()
    .cycle()
    .take(400)
    .collect();
    let (mut executions, mut unknown) = (0, 0);
    for (command, answer) in commands.iter().zip(oracle().run_batch(&commands)) {
        match answer {
            Ok(execution) => {
                executions += 1;
                let wrappers = execution
                    .commands
                    .iter()
                    .filter(|c| c.argv.is_some() && c.origin == Origin::Bash)
                    .count();
                let inner: Vec<_> = execution
                    .commands
                    .iter()
                    .filter(|c| matches!(c.origin, Origin::WrapperInner { .. }))
                    .collect();
                assert!(
                    !inner.is_empty() && inner.iter().all(|c| c.argv.is_some()) && wrappers >= 1,
                    "{command:?}: {execution:?}"
                );
            }
            Err(GroundError::TimedOut) => unknown += 1,
            Err(other) => panic!("{command:?}: {other}"),
        }
    }
    assert!(
        executions >= 390,
        "{executions} executions, {unknown} unknown"
    );
}

/// INV-GROUND-3: a background job that closes every descriptor it
/// inherited (so the driver's end-of-command pipe sees end-of-file while it
/// still runs) is still waited for: the driver answers only when the
/// sandbox holds no process of the command.
#[test]
fn inv_ground_3_a_job_that_closes_its_descriptors_is_waited_for() {
    let command = "(exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&- 10>&- 11>&- 12>&- 13>&- 14>&- 15>&-; \
                   read -t 0.3 <> <(:); curl late) & echo now";
    for _ in 0..3 {
        let execution = oracle().run(command).unwrap();
        let texts: Vec<&str> = execution.commands.iter().map(|c| c.text.as_str()).collect();
        assert!(texts.contains(&"curl late"), "{texts:?}");
    }
}
