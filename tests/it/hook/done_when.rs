//! The Done-when list of the hook, literally: `inner-cmd hook claude-code
//! --policy F` on `git status`, `rm -rf x`, a substitution hidden in a
//! parameter default, a relative write under a `*.claude/*` deny, a tool that
//! is not the shell, and malformed payloads (HOOK-DECIDE-1, HOOK-IN-2,
//! HOOK-READ-1).

use serde_json::json;

use super::{claude_decision, claude_payload, policy_file, run, scratch};

const RULES: &[(&str, &str)] = &[
    ("*", "ask"),
    ("git status *", "allow"),
    ("echo *", "allow"),
    ("cd *", "allow"),
    ("rm -rf *", "deny"),
    ("*.claude/*", "deny"),
];

fn decide(dir: &std::path::Path, command: &str) -> Option<String> {
    let policy = policy_file(dir, RULES);
    let payload = claude_payload("Bash", json!({"command": command}));
    let output = run(
        dir,
        &["hook", "claude-code", "--policy", policy.to_str().unwrap()],
        payload.to_string().as_bytes(),
    );
    assert!(output.status.success(), "{output:?}");
    claude_decision(&output)
}

/// HOOK-DECIDE-1: the allowed, the denied and the hidden.
#[test]
fn hook_decide_1_done_when_commands() {
    let dir = scratch("done-when");
    assert_eq!(decide(&dir, "git status").as_deref(), Some("allow"));
    assert_eq!(decide(&dir, "rm -rf x").as_deref(), Some("deny"));
    for hidden in [
        "echo ${x:-`rm -rf x`}",
        "cd .claude && echo '{}' > settings.json",
    ] {
        let decision = decide(&dir, hidden);
        assert!(
            matches!(decision.as_deref(), Some("ask" | "deny")),
            "{hidden}: {decision:?}"
        );
    }
}

/// HOOK-IN-2: another tool gets no decision.
#[test]
fn hook_in_2_done_when_not_the_shell() {
    let dir = scratch("done-when-tool");
    let policy = policy_file(&dir, RULES);
    for (tool, input) in [
        ("Read", json!({"file_path": "/repo/.claude/settings.json"})),
        (
            "Write",
            json!({"file_path": "/repo/x", "content": "rm -rf x"}),
        ),
        ("bash", json!({"command": "rm -rf x"})),
    ] {
        let payload = claude_payload(tool, input);
        let output = run(
            &dir,
            &["hook", "claude-code", "--policy", policy.to_str().unwrap()],
            payload.to_string().as_bytes(),
        );
        assert!(output.status.success());
        assert!(output.stdout.is_empty(), "{tool}: {output:?}");
    }
}

/// HOOK-READ-1: every malformed payload gets something other than allow, no crash.
#[test]
fn hook_read_1_done_when_malformed_payloads() {
    let dir = scratch("done-when-malformed");
    let policy = policy_file(&dir, RULES);
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let huge = format!(
        r#"{{"tool_name":"Bash","tool_input":{{"command":"git status {}"}}}}"#,
        "a".repeat(5 << 20)
    );
    let payloads: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"not json".to_vec(),
        b"{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"git status\"}".to_vec(),
        b"[]".to_vec(),
        b"null".to_vec(),
        b"{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"git \xff status\"}}".to_vec(),
        br#"{"tool_name":"Bash","tool_input":{"command":"git status \ud800"}}"#.to_vec(),
        br#"{"tool_name":"Bash","tool_input":{"command":"git status \udc00x"}}"#.to_vec(),
        br#"{"tool_name":"Bash","tool_input":{"command":["git","status"]}}"#.to_vec(),
        br#"{"tool_name":"Bash","tool_input":{"command":null}}"#.to_vec(),
        br#"{"tool_name":"Bash","tool_input":"git status"}"#.to_vec(),
        br#"{"tool_name":"Bash"}"#.to_vec(),
        br#"{"tool_name":7,"tool_input":{"command":"git status"}}"#.to_vec(),
        br#"{"tool_input":{"command":"git status"}}"#.to_vec(),
        br#"{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"git status"}}"#.to_vec(),
        br#"{"tool_name":"Bash","tool_input":{"command":"git status"},"cwd":5}"#.to_vec(),
        deep.into_bytes(),
        huge.into_bytes(),
    ];
    for payload in payloads {
        let shown = String::from_utf8_lossy(&payload[..payload.len().min(80)]).into_owned();
        let output = run(
            &dir,
            &["hook", "claude-code", "--policy", policy.to_str().unwrap()],
            &payload,
        );
        assert_eq!(output.status.code(), Some(0), "{shown}: {output:?}");
        let decision = claude_decision(&output);
        assert_eq!(decision.as_deref(), Some("ask"), "{shown}");
        let answer = super::answer(&output).unwrap();
        let reason = answer["hookSpecificOutput"]["permissionDecisionReason"]
            .as_str()
            .unwrap();
        assert!(reason.contains("could not judge"), "{shown}: {reason}");
    }
}

/// HOOK-REASON-1: a closed-world refusal names the construct, and a role
/// disagreement (HARD-READ-2) the two roles, as the trace does.
#[test]
fn hook_reason_1_names_the_roles_of_a_disagreement() {
    let dir = scratch("reason-roles");
    let policy = policy_file(&dir, &[("*", "ask"), ("cat *", "allow")]);
    let payload = claude_payload("Bash", json!({"command": "cat 0< x"}));
    let output = run(
        &dir,
        &["hook", "claude-code", "--policy", policy.to_str().unwrap()],
        payload.to_string().as_bytes(),
    );
    assert_eq!(claude_decision(&output).as_deref(), Some("ask"));
    let answer = super::answer(&output).unwrap();
    let reason = answer["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .unwrap();
    assert!(reason.contains("HARD-READ-2"), "{reason}");
    assert!(
        reason.contains("bash reads a descriptor, the parser an argument"),
        "{reason}"
    );
}
