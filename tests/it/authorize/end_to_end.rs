//! The authorizer against the reference policy (chapter 7) instead of a stub:
//! the gate finds the triggering unit, the authorizer re-asks the advisory
//! check about the de-wrapped full command. Expected outcomes follow from the
//! rules by the semantics of upstream.md §3 and §5 (last matching rule wins,
//! most restrictive unit wins, wrapper floors).

use inner_cmd_spec::authorize::{authorize, FixedSession};
use inner_cmd_spec::policy::Policy;
use inner_cmd_spec::verdict::{PermissionState, Verdict};
use serde_json::json;

fn policy() -> Policy {
    crate::support::policy(
        &[
            ("*", PermissionState::Ask),
            ("cd *", PermissionState::Allow),
            ("echo *", PermissionState::Allow),
            ("tail *", PermissionState::Allow),
            ("pnpm *", PermissionState::Allow),
            ("bash *", PermissionState::Allow),
            ("rm -rf *", PermissionState::Deny),
        ],
        "/home/u",
    )
}

/// AUTH-8, AUTH-9, STRIP-3: (label, full command, expected triggering unit, verdict, event).
#[rustfmt::skip]
const ROWS: &[(&str, &str, &str, Verdict, &str)] = &[
    ("AUTH-9 scaffold around an allowed inner command is allowed",
     "cd /repo && echo go && timeout 240 pnpm install --frozen-lockfile 2>&1 | tail -30; echo EXIT",
     "timeout 240 pnpm install --frozen-lockfile", Verdict::Allow, "inner_cmd.allow"),
    ("AUTH-8 AUTH-9 sibling git push is still judged: the compound asks",
     "timeout 30s pnpm test && git push", "timeout 30s pnpm test", Verdict::Defer, "inner_cmd.inner_ask"),
    ("AUTH-9 denied inner command is denied",
     "time rm -rf build", "time rm -rf build", Verdict::Deny, "inner_cmd.deny"),
    ("AUTH-9 bash -c inner command stays floored to ask",
     "time bash -c 'pnpm test'", "time bash -c 'pnpm test'", Verdict::Defer, "inner_cmd.inner_ask"),
    ("AUTH-6 nested wrappers are never unwrapped twice",
     "time timeout 10 pnpm test", "time timeout 10 pnpm test", Verdict::Defer, "inner_cmd.nested_wrapper"),
];

#[test]
fn gate_then_authorizer() {
    let policy = policy();
    for (label, full, unit, verdict, event) in ROWS {
        let gate = policy.gate(full);
        assert_eq!(
            gate.state,
            PermissionState::Ask,
            "{label}: the gate must ask for the authorizer to run"
        );
        assert_eq!(
            gate.command.as_deref(),
            Some(*unit),
            "{label}: triggering unit"
        );
        let details = json!({
            "requestId": "r", "agentName": null, "toolName": "bash", "command": unit,
            "payload": {"kind": "bash",
                        "request": {"requester": {"forwarded": false}, "surface": "bash", "toolName": "bash", "invokedToolName": null, "value": unit},
                        "evidence": [{"label": "full command", "text": full, "detail": null}]}
        });
        let decision = authorize(&details, &FixedSession::matching("s"), &policy);
        assert_eq!(decision.verdict, *verdict, "{label}");
        assert_eq!(
            decision.events.first().map(|e| e.name()),
            Some(*event),
            "{label}"
        );
    }
}
