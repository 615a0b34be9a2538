//! HOOK-DECIDE-1 on the realistic corpus `spec/corpus/`: the hook's decision
//! (through the binary, Claude Code protocol, default profile) equals the
//! pipeline's under the hardened profile and the same policy, which is what
//! `decide --profile hardened` answers (PROTO-11); HOOK-REASON-1: every
//! hardened clause that decided is named in the reason, with what it says
//! of the construct (HARD-READ-2's two roles).

use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::pipeline::{decide_profiled, Options};
use inner_cmd_spec::trace::hardened_clauses;
use serde_json::json;

use super::{claude_decision, claude_payload, run, scratch};

#[test]
fn hook_decide_1_equals_hardened_on_the_corpus() {
    let commands = crate::hardened::usefulness::corpus();
    assert!(commands.len() > 1000, "{}", commands.len());
    let dir = scratch("corpus");
    let policy = crate::support::example_policy(&dir.display().to_string());
    // Every third command: the whole corpus through a process each is slow
    // on a shared machine; the stride still covers every scaffold and base.
    let sample: Vec<&String> = commands.iter().step_by(3).collect();
    let mut asks = 0;
    for command in sample {
        let expected = decide_profiled(&policy, command, &Options::default(), Profile::Hardened);
        let payload = claude_payload("Bash", json!({"command": command}));
        let output = run(
            &dir,
            &["hook", "claude-code"],
            payload.to_string().as_bytes(),
        );
        let decision = claude_decision(&output).unwrap();
        assert_eq!(decision, expected.outcome.to_string(), "{command}");
        let answer = super::answer(&output).unwrap();
        let reason = answer["hookSpecificOutput"]["permissionDecisionReason"]
            .as_str()
            .unwrap();
        for fired in hardened_clauses(&expected) {
            let id = &fired.id;
            assert!(reason.contains(id), "{command}: {reason} lacks {id}");
            if let Some(detail) = &fired.detail {
                assert!(
                    reason.contains(detail),
                    "{command}: {reason} lacks {detail}"
                );
            }
        }
        asks += usize::from(decision == "ask");
    }
    assert!(asks > 0, "the corpus under the example policy has asks");
}
