//! `inner-cmd hook install` (HOOK-INSTALL-1, HOOK-INSTALL-2) and `--log`
//! (HOOK-LOG-1).

use serde_json::{json, Value};

use super::{claude_payload, run, scratch};

/// HOOK-INSTALL-1: each agent's documented configuration, with this binary.
#[test]
fn hook_install_1_snippets() {
    let dir = scratch("install-snippets");
    for (agent, event, matcher) in [
        ("claude-code", "PreToolUse", "Bash"),
        ("codex", "PreToolUse", "Bash"),
        ("gemini", "BeforeTool", "run_shell_command"),
    ] {
        let output = run(
            &dir,
            &["hook", "install", agent, "--profile", "deployed"],
            b"",
        );
        assert!(output.status.success());
        let value: Value = serde_json::from_slice(&output.stdout).unwrap();
        let group = &value["hooks"][event][0];
        assert_eq!(group["matcher"], matcher);
        let command = group["hooks"][0]["command"].as_str().unwrap();
        assert_eq!(group["hooks"][0]["type"], "command");
        // HOOK-INSTALL-1: a failure of the hook process blocks (exit 2).
        assert!(
            command.ends_with(&format!(" hook {agent} --profile deployed || exit 2")),
            "{command}"
        );
        assert!(command.starts_with('/'), "an absolute path: {command}");
    }
    let output = run(&dir, &["hook", "install", "opencode"], b"");
    let plugin = String::from_utf8(output.stdout).unwrap();
    assert!(plugin.contains("\"tool.execute.before\""));
    assert!(plugin.contains("throw new Error"));
    assert!(plugin.contains("\"opencode\""));
}

/// HOOK-INSTALL-2: merged with a backup, every hook kept, idempotent; a
/// file that is not an object is not touched.
#[test]
fn hook_install_2_write_merges() {
    let dir = scratch("install-write");
    let file = dir.join("settings.json");
    let before = json!({"model": "x", "hooks": {"PreToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "fmt"}]}], "Stop": [{"hooks": [{"type": "command", "command": "bell"}]}]}});
    std::fs::write(&file, before.to_string()).unwrap();
    let path = file.to_str().unwrap();
    let output = run(
        &dir,
        &["hook", "install", "claude-code", "--write", "--file", path],
        b"",
    );
    assert!(output.status.success(), "{output:?}");
    let after: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(after["model"], "x");
    assert_eq!(after["hooks"]["Stop"], before["hooks"]["Stop"]);
    let groups = after["hooks"]["PreToolUse"].as_array().unwrap();
    assert_eq!(groups[0], before["hooks"]["PreToolUse"][0]);
    assert_eq!(groups[1]["matcher"], "Bash");
    let backup = std::fs::read_to_string(dir.join("settings.json.inner-cmd-backup")).unwrap();
    assert_eq!(backup, before.to_string());
    let again = run(
        &dir,
        &["hook", "install", "claude-code", "--write", "--file", path],
        b"",
    );
    assert!(again.status.success());
    let twice: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(twice, after);
    assert!(!dir.join("settings.json.inner-cmd-backup.1").exists());
    std::fs::write(&file, "[1, 2]").unwrap();
    let refused = run(
        &dir,
        &["hook", "install", "claude-code", "--write", "--file", path],
        b"",
    );
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "[1, 2]");
}

/// HOOK-LOG-1: one JSON line per call with `--log`, none without.
#[test]
fn hook_log_1_one_line_per_call() {
    let dir = scratch("log");
    let log = dir.join("hook.log");
    let log_arg = log.to_str().unwrap();
    let shell = claude_payload("Bash", json!({"command": "git status"}));
    let other = claude_payload("Read", json!({"file_path": "/x"}));
    run(&dir, &["hook", "claude-code"], shell.to_string().as_bytes());
    assert!(!log.exists());
    run(
        &dir,
        &["hook", "claude-code", "--log", log_arg],
        shell.to_string().as_bytes(),
    );
    run(
        &dir,
        &["hook", "claude-code", "--log", log_arg],
        other.to_string().as_bytes(),
    );
    run(&dir, &["hook", "claude-code", "--log", log_arg], b"{");
    let lines: Vec<Value> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["command"], "git status");
    assert_eq!(lines[0]["outcome"], "allow");
    assert_eq!(lines[0]["agent"], "claude-code");
    assert_eq!(lines[0]["profile"], "hardened");
    assert_eq!(lines[0]["decidedBy"], "git status *");
    assert!(lines[0]["time"].as_str().unwrap().ends_with('Z'));
    assert_eq!(lines[1]["tool"], "Read");
    assert_eq!(lines[1]["outcome"], Value::Null);
    assert_eq!(lines[2]["outcome"], "ask");
    assert!(lines[2]["error"].as_str().unwrap().contains("not JSON"));
}

/// HOOK-IN-1: `inner-cmd hook --help` names the four agents and the default profile.
#[test]
fn hook_in_1_help_names_the_agents() {
    let dir = scratch("help");
    let output = run(&dir, &["hook", "--help"], b"");
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).unwrap();
    for agent in ["claude-code", "codex", "gemini", "opencode", "install"] {
        assert!(help.contains(agent), "{agent} missing from:\n{help}");
    }
    assert!(help.contains("[default: hardened]"), "{help}");
    // Item 7 of the issue: `--profile deployed` says which system it is.
    assert!(help.contains("20.7.3") && help.contains("20.9.0"), "{help}");
}
