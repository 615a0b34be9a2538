//! Each agent's payload and answer shapes, as its documentation gives them
//! (docs/hook.md cites each document): HOOK-IN-1, HOOK-IN-2, HOOK-OUT-1,
//! HOOK-OUT-2, and the unreadable answer of HOOK-READ-1 per agent.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use super::{answer, policy_file, run, scratch};

const RULES: &[(&str, &str)] = &[
    ("*", "ask"),
    ("git status *", "allow"),
    ("rm -rf *", "deny"),
];
const CASES: &[(&str, &str)] = &[
    ("git status", "allow"),
    ("curl https://x.example", "ask"),
    ("rm -rf x", "deny"),
];

fn setup(name: &str) -> (PathBuf, String) {
    let dir = scratch(name);
    let policy = policy_file(&dir, RULES).display().to_string();
    (dir, policy)
}

fn hook(dir: &Path, agent: &str, policy: &str, payload: &[u8]) -> std::process::Output {
    run(dir, &["hook", agent, "--policy", policy], payload)
}

/// Claude Code's hooks reference: the PreToolUse input (`tool_name`,
/// `tool_input.command`, `hook_event_name`, …) and `hookSpecificOutput` with
/// `permissionDecision` allow, ask or deny and its reason, on exit 0.
#[test]
fn hook_out_1_claude_code_shapes() {
    let (dir, policy) = setup("proto-claude");
    for (command, expected) in CASES {
        let payload = super::claude_payload(
            "Bash",
            json!({"command": command, "description": "d", "timeout": 120000}),
        );
        let output = hook(&dir, "claude-code", &policy, payload.to_string().as_bytes());
        assert_eq!(output.status.code(), Some(0));
        let answer = answer(&output).unwrap();
        let keys: Vec<&String> = answer.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["hookSpecificOutput"]);
        let specific = answer["hookSpecificOutput"].as_object().unwrap();
        let keys: Vec<&str> = specific.keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "hookEventName",
                "permissionDecision",
                "permissionDecisionReason"
            ]
        );
        assert_eq!(specific["hookEventName"], "PreToolUse");
        assert_eq!(specific["permissionDecision"], *expected, "{command}");
        assert!(specific["permissionDecisionReason"]
            .as_str()
            .unwrap()
            .starts_with("inner-cmd: "));
    }
}

/// The Codex payload of its `pre-tool-use.command.input` schema; its output
/// schema's `hookSpecificOutput` for a deny with a non-empty reason; silence
/// for allow (Codex treats `permissionDecision: allow` as unsupported);
/// exit 2 with the reason on standard error for what cannot be read.
#[test]
fn hook_out_1_codex_shapes() {
    let (dir, policy) = setup("proto-codex");
    for (command, expected) in CASES {
        let payload = json!({
            "cwd": dir.display().to_string(), "hook_event_name": "PreToolUse", "model": "gpt-5",
            "permission_mode": "default", "session_id": "s", "tool_input": {"command": command},
            "tool_name": "Bash", "tool_use_id": "call_1", "transcript_path": null,
        });
        let output = hook(&dir, "codex", &policy, payload.to_string().as_bytes());
        assert_eq!(output.status.code(), Some(0));
        match *expected {
            "allow" => assert!(output.stdout.is_empty(), "{output:?}"),
            _ => {
                let answer = answer(&output).unwrap();
                let specific = &answer["hookSpecificOutput"];
                let allowed = [
                    "hookEventName",
                    "permissionDecision",
                    "permissionDecisionReason",
                ];
                assert!(specific
                    .as_object()
                    .unwrap()
                    .keys()
                    .all(|k| allowed.contains(&k.as_str())));
                assert_eq!(specific["permissionDecision"], "deny", "{command}");
                let reason = specific["permissionDecisionReason"].as_str().unwrap();
                assert!(!reason.trim().is_empty());
                // HOOK-OUT-2: an ask is refused, and the reason says why.
                assert_eq!(
                    reason.contains("cannot ask"),
                    *expected == "ask",
                    "{reason}"
                );
            }
        }
    }
    let output = hook(&dir, "codex", &policy, b"{\"tool_name\":");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("could not judge"));
}

/// Gemini CLI's hooks reference: BeforeTool input (`tool_name`
/// `run_shell_command`, `tool_input`), output `decision` allow or deny with
/// `reason`; exit 2 blocks with standard error as the reason.
#[test]
fn hook_out_2_gemini_shapes() {
    let (dir, policy) = setup("proto-gemini");
    for (command, expected) in CASES {
        let payload = json!({
            "session_id": "s", "transcript_path": "/tmp/t.json", "cwd": dir.display().to_string(),
            "hook_event_name": "BeforeTool", "timestamp": "2026-12-04T21:00:00Z",
            "tool_name": "run_shell_command", "tool_input": {"command": command},
        });
        let output = hook(&dir, "gemini", &policy, payload.to_string().as_bytes());
        assert_eq!(output.status.code(), Some(0));
        let answer = answer(&output).unwrap();
        if *expected == "allow" {
            assert_eq!(answer, json!({"decision": "allow"}));
        } else {
            assert_eq!(answer["decision"], "deny", "{command}");
            let reason = answer["reason"].as_str().unwrap();
            assert_eq!(
                reason.contains("cannot ask"),
                *expected == "ask",
                "{reason}"
            );
        }
    }
    let other = json!({"hook_event_name": "BeforeTool", "tool_name": "read_file", "tool_input": {"absolute_path": "/x"}});
    let output = hook(&dir, "gemini", &policy, other.to_string().as_bytes());
    assert_eq!(answer(&output), Some(json!({})));
    let output = hook(
        &dir,
        "gemini",
        &policy,
        br#"{"tool_name":"run_shell_command","tool_input":{}}"#,
    );
    assert_eq!(output.status.code(), Some(2));
}

/// OpenCode's `tool.execute.before(input, output)`: `input.tool` and
/// `output.args`, as the installed plugin forwards them; the answer is the
/// plugin's `{"decision", "reason"}`.
#[test]
fn hook_in_1_opencode_shapes() {
    let (dir, policy) = setup("proto-opencode");
    for (command, expected) in CASES {
        let payload = json!({"tool": "bash", "sessionID": "s", "callID": "c", "args": {"command": command, "description": "d"}});
        let output = hook(&dir, "opencode", &policy, payload.to_string().as_bytes());
        assert_eq!(output.status.code(), Some(0));
        let answer = answer(&output).unwrap();
        // HOOK-OUT-2: the plugin cannot ask; an ask is refused, saying why.
        let refused = if *expected == "ask" { "deny" } else { expected };
        assert_eq!(answer["decision"], refused, "{command}");
        let reason = answer["reason"].as_str().unwrap();
        assert!(reason.starts_with("inner-cmd: "));
        assert_eq!(
            reason.contains("cannot ask"),
            *expected == "ask",
            "{reason}"
        );
    }
    let other = json!({"tool": "read", "args": {"filePath": "/x"}});
    let output = hook(&dir, "opencode", &policy, other.to_string().as_bytes());
    assert_eq!(answer(&output), Some(json!({"decision": null})));
    let output = hook(&dir, "opencode", &policy, b"\xff");
    assert_eq!(answer(&output).unwrap()["decision"], "ask");
}

/// HOOK-IN-1: a payload's event must be the agent's, and its `cwd` is where
/// the project config is searched.
#[test]
fn hook_in_1_event_and_cwd() {
    let (dir, policy) = setup("proto-event");
    let wrong = json!({"hook_event_name": "PreToolUse", "tool_name": "run_shell_command", "tool_input": {"command": "git status"}});
    let output = hook(&dir, "gemini", &policy, wrong.to_string().as_bytes());
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    // A project config under the payload's cwd denies `ls`.
    let project = dir.join("project");
    let config_dir = project.join(".pi/extensions/pi-permission-system");
    std::fs::create_dir_all(&config_dir).unwrap();
    std::fs::write(
        config_dir.join("config.json"),
        r#"{"permission": {"bash": {"ls *": "deny"}}}"#,
    )
    .unwrap();
    let payload: Value = json!({"hook_event_name": "PreToolUse", "cwd": project.display().to_string(), "tool_name": "Bash", "tool_input": {"command": "ls -la"}});
    let output = run(
        &dir,
        &["hook", "claude-code"],
        payload.to_string().as_bytes(),
    );
    assert_eq!(super::claude_decision(&output).as_deref(), Some("deny"));
}

/// HOOK-READ-1: a missing policy file asks (Claude Code) or blocks (Codex), never allows.
#[test]
fn hook_read_1_missing_policy_file() {
    let dir = scratch("proto-missing-policy");
    let payload = super::claude_payload("Bash", json!({"command": "git status"}));
    let output = run(
        &dir,
        &["hook", "claude-code", "--policy", "/nonexistent/p.json"],
        payload.to_string().as_bytes(),
    );
    assert_eq!(super::claude_decision(&output).as_deref(), Some("ask"));
    let output = run(
        &dir,
        &["hook", "codex", "--policy", "/nonexistent/p.json"],
        payload.to_string().as_bytes(),
    );
    assert_eq!(output.status.code(), Some(2));
}
