//! Spec chapter 14: `inner-cmd hook AGENT`, through the real binary (the
//! agents' payload and answer shapes, the Done-when list of the hook, the
//! malformed payloads, installation and the log) and through the library
//! (Claude Code's rules against the clause-derived table, the corpus).

mod corpus;
mod done_when;
mod install;
mod protocol;
mod rules;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_inner-cmd");

/// A fresh directory used as home and working directory.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("inner-cmd-hook-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `inner-cmd ARGS` in `dir` (also its home) with `stdin`.
pub fn run(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env("HOME", dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    // A hook may answer before reading a huge payload whole: a broken pipe is fine.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

/// The answer's standard output as JSON (`None` when it is empty).
pub fn answer(output: &Output) -> Option<Value> {
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    if text.trim().is_empty() {
        return None;
    }
    Some(serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON: {e}: {text}")))
}

/// A Claude Code `PreToolUse` payload as its hooks reference shows one.
pub fn claude_payload(tool: &str, input: Value) -> Value {
    serde_json::json!({
        "session_id": "abc123",
        "transcript_path": "/tmp/transcript.jsonl",
        "cwd": Value::Null,
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_input": input,
        "tool_use_id": "toolu_01ABC123",
    })
}

/// The Claude Code decision of an answer: `permissionDecision`.
pub fn claude_decision(output: &Output) -> Option<String> {
    let answer = answer(output)?;
    let specific = &answer["hookSpecificOutput"];
    assert_eq!(specific["hookEventName"], "PreToolUse", "{answer}");
    Some(specific["permissionDecision"].as_str().unwrap().to_owned())
}

/// A policy file (rule list) in `dir`.
pub fn policy_file(dir: &Path, rules: &[(&str, &str)]) -> PathBuf {
    let rules: Vec<Value> = rules
        .iter()
        .map(|(pattern, action)| serde_json::json!({"pattern": pattern, "action": action}))
        .collect();
    let path = dir.join("policy.json");
    std::fs::write(&path, serde_json::to_string(&rules).unwrap()).unwrap();
    path
}
