//! `inner-cmd hook install AGENT` (`HOOK-INSTALL-1`, `HOOK-INSTALL-2`): the
//! configuration each agent documents for a command hook (for OpenCode, a
//! plugin file), printed, or merged into the agent's file keeping a backup
//! and every hook already there.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use super::Agent;
use crate::shell_quote::shell_quote;

/// The file the agent reads the configuration from, under `home`.
#[must_use]
pub fn default_path(agent: Agent, home: &Path) -> PathBuf {
    home.join(match agent {
        Agent::ClaudeCode => ".claude/settings.json",
        Agent::Codex => ".codex/hooks.json",
        Agent::Gemini => ".gemini/settings.json",
        Agent::OpenCode => ".config/opencode/plugins/inner-cmd.js",
    })
}

/// The hook command line an agent runs: `argv` quoted for the shell, then
/// `|| exit 2`. Each agent documents exit 2 as "block", and treats any other
/// failure (a crash, a signal) as a failed hook whose call goes on: the
/// guard turns such a failure into a block (HOOK-INSTALL-1).
#[must_use]
pub fn command_line(argv: &[String]) -> String {
    let words: Vec<String> = argv.iter().map(|word| shell_quote(word)).collect();
    format!("{} || exit 2", words.join(" "))
}

/// The hook group the agent's settings hold (not for OpenCode).
fn group(agent: Agent, command: &str) -> Value {
    let hook = if agent == Agent::Gemini {
        json!({"type": "command", "command": command, "name": "inner-cmd"})
    } else {
        json!({"type": "command", "command": command})
    };
    json!({"matcher": agent.shell_tool(), "hooks": [hook]})
}

/// The configuration to print: a settings object, or OpenCode's plugin file.
#[must_use]
pub fn snippet(agent: Agent, argv: &[String]) -> String {
    match agent {
        Agent::OpenCode => opencode_plugin(argv),
        _ => {
            let event = agent.event().unwrap_or("PreToolUse");
            let value = json!({"hooks": {event: [group(agent, &command_line(argv))]}});
            serde_json::to_string_pretty(&value).unwrap_or_default() + "\n"
        }
    }
}

/// `existing` settings with the hook added (`HOOK-INSTALL-2`): every key and
/// every hook kept, the group appended to the event's list, unless a hook
/// with the same command is already there (then the text is unchanged).
///
/// # Errors
/// The existing text is not a JSON object, or its `hooks` or event entry
/// has another type: the file is not touched.
pub fn merge(agent: Agent, existing: Option<&str>, argv: &[String]) -> Result<String, String> {
    let event = agent
        .event()
        .ok_or("OpenCode's plugin is a file of its own")?;
    let command = command_line(argv);
    let mut root = match existing {
        None => json!({}),
        Some(text) if text.trim().is_empty() => json!({}),
        Some(text) => serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?,
    };
    let object = root.as_object_mut().ok_or("not a JSON object")?;
    let hooks = object
        .entry("hooks")
        .or_insert_with(|| json!({}))
        .as_object_mut()
        .ok_or("`hooks` is not an object")?;
    let list = hooks
        .entry(event)
        .or_insert_with(|| json!([]))
        .as_array_mut()
        .ok_or_else(|| format!("`hooks.{event}` is not an array"))?;
    let present = list.iter().any(|group| {
        group
            .get("hooks")
            .and_then(Value::as_array)
            .is_some_and(|hooks| {
                hooks
                    .iter()
                    .any(|hook| hook.get("command").and_then(Value::as_str) == Some(&command))
            })
    });
    if present {
        if let Some(text) = existing {
            return Ok(text.to_owned());
        }
    } else {
        list.push(group(agent, &command));
    }
    Ok(serde_json::to_string_pretty(&root).map_err(|e| e.to_string())? + "\n")
}

/// Writes `text` to `path`, first copying an existing file to a backup
/// (`<file>.inner-cmd-backup`, or `…-backup.N` when that exists). Returns
/// the backup's path.
///
/// # Errors
/// The backup or the file cannot be written.
pub fn write_with_backup(path: &Path, text: &str) -> std::io::Result<Option<PathBuf>> {
    let backup = if path.exists() {
        let mut candidate = PathBuf::from(format!("{}.inner-cmd-backup", path.display()));
        let mut n = 1;
        while candidate.exists() {
            candidate = PathBuf::from(format!("{}.inner-cmd-backup.{n}", path.display()));
            n += 1;
        }
        std::fs::copy(path, &candidate)?;
        Some(candidate)
    } else {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        None
    };
    // Written beside the file, then renamed over it: never a half-written settings file.
    let temporary = PathBuf::from(format!("{}.inner-cmd-tmp", path.display()));
    std::fs::write(&temporary, text)?;
    std::fs::rename(&temporary, path)?;
    Ok(backup)
}

/// OpenCode's plugin: `tool.execute.before` runs the hook and refuses the
/// call (throws) unless the hook answered allow or no decision; a hook that
/// fails, times out or answers anything else refuses too (fail closed).
fn opencode_plugin(argv: &[String]) -> String {
    let argv = serde_json::to_string(argv).unwrap_or_else(|_| "[]".to_owned());
    format!(
        r#"// inner-cmd: judges every shell command OpenCode runs (`inner-cmd hook opencode`).
// Written by `inner-cmd hook install opencode`. OpenCode's tool.execute.before
// can let a call through or refuse it (throw); it cannot ask the user, so an
// `ask` is refused with its reason.
import {{ spawnSync }} from "node:child_process";

const HOOK = {argv};

export const InnerCmd = async () => ({{
  "tool.execute.before": async (input, output) => {{
    const payload = JSON.stringify({{
      tool: input.tool,
      sessionID: input.sessionID,
      callID: input.callID,
      args: output.args,
    }});
    const run = spawnSync(HOOK[0], HOOK.slice(1), {{
      input: payload,
      encoding: "utf8",
      timeout: 10000,
      maxBuffer: 1 << 20,
    }});
    let answer = null;
    try {{
      answer = run.status === 0 ? JSON.parse(run.stdout) : null;
    }} catch {{
      answer = null;
    }}
    if (answer === null || typeof answer !== "object") {{
      const why = run.error ? String(run.error) : (run.stderr || `exit ${{run.status}}`);
      throw new Error(`inner-cmd: the hook failed (${{why}}); the call is refused`);
    }}
    if (answer.decision === null || answer.decision === "allow") return;
    throw new Error(String(answer.reason || "inner-cmd refused the call"));
  }},
}});
"#
    )
}
