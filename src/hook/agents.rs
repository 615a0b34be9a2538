//! The four agents' hook protocols (`HOOK-IN-*`, `HOOK-OUT-*`): what each
//! sends on standard input, and how each reads an answer. The shapes are
//! those the agents document; `docs/hook.md` cites the documents.

use serde_json::{json, Map, Value};

use super::{Decision, Request, Unreadable};
use crate::verdict::PermissionState;

/// An agent whose hook protocol the hook speaks (`HOOK-IN-1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Agent {
    /// Claude Code, `PreToolUse` command hook; the shell tool is `Bash`.
    ClaudeCode,
    /// OpenAI Codex CLI, `PreToolUse` command hook; the shell tool is `Bash`.
    Codex,
    /// Gemini CLI, `BeforeTool` command hook; the shell tool is `run_shell_command`.
    Gemini,
    /// OpenCode, through the plugin `inner-cmd hook install opencode` prints:
    /// `tool.execute.before`; the shell tool is `bash`.
    OpenCode,
}

impl Agent {
    /// Every agent, in the order of the docs.
    pub const ALL: [Agent; 4] = [
        Agent::ClaudeCode,
        Agent::Codex,
        Agent::Gemini,
        Agent::OpenCode,
    ];

    /// The agent's name on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Agent::ClaudeCode => "claude-code",
            Agent::Codex => "codex",
            Agent::Gemini => "gemini",
            Agent::OpenCode => "opencode",
        }
    }

    /// The hook event the agent names in its payload, if it names one.
    #[must_use]
    pub const fn event(self) -> Option<&'static str> {
        match self {
            Agent::ClaudeCode | Agent::Codex => Some("PreToolUse"),
            Agent::Gemini => Some("BeforeTool"),
            Agent::OpenCode => None,
        }
    }

    /// The name of the agent's shell tool (`HOOK-IN-1`).
    #[must_use]
    pub const fn shell_tool(self) -> &'static str {
        match self {
            Agent::ClaudeCode | Agent::Codex => "Bash",
            Agent::Gemini => "run_shell_command",
            Agent::OpenCode => "bash",
        }
    }

    /// Whether the agent's hook can make the agent ask its user (`HOOK-OUT-2`).
    #[must_use]
    pub const fn can_ask(self) -> bool {
        matches!(self, Agent::ClaudeCode)
    }

    /// The payload's keys for the tool name and its arguments.
    const fn keys(self) -> (&'static str, &'static str) {
        match self {
            Agent::OpenCode => ("tool", "args"),
            _ => ("tool_name", "tool_input"),
        }
    }
}

/// What the hook writes back: standard output, standard error, exit status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The agent reads this (JSON, or nothing).
    pub stdout: String,
    /// The agent shows this for some exit statuses; otherwise diagnostics.
    pub stderr: String,
    /// The exit status the agent documents for this answer.
    pub status: u8,
}

/// Reads an agent's payload (`HOOK-IN-1`, `HOOK-IN-2`, `HOOK-READ-1`).
///
/// # Errors
/// [`Unreadable`] for anything that is not the agent's documented shape:
/// bytes that are not JSON (invalid UTF-8 and lone surrogates included),
/// nesting deeper than the JSON reader's limit, a payload over
/// [`super::MAX_PAYLOAD_BYTES`], a root that is not an object, another hook
/// event, a tool name that is not a string, and, for the shell tool,
/// arguments without a string `command`.
pub fn read_payload(agent: Agent, bytes: &[u8]) -> Result<Request, Unreadable> {
    if bytes.len() > super::MAX_PAYLOAD_BYTES {
        return Err(Unreadable(format!(
            "the payload is longer than {} bytes",
            super::MAX_PAYLOAD_BYTES
        )));
    }
    // serde_json refuses invalid UTF-8, lone surrogate escapes and nesting
    // past its recursion limit with an error, never a panic or an overflow.
    let value: Value = serde_json::from_slice(bytes)
        .map_err(|error| Unreadable(format!("the payload is not JSON: {error}")))?;
    let Value::Object(payload) = value else {
        return Err(Unreadable("the payload is not a JSON object".to_owned()));
    };
    if let Some(expected) = agent.event() {
        match payload.get("hook_event_name") {
            None => {}
            Some(Value::String(event)) if event == expected => {}
            Some(other) => {
                return Err(Unreadable(format!(
                "hook_event_name is {other}, not \"{expected}\": this hook answers only {expected}"
            )))
            }
        }
    }
    let (tool_key, input_key) = agent.keys();
    let tool = match payload.get(tool_key) {
        Some(Value::String(tool)) => tool,
        Some(_) => return Err(Unreadable(format!("{tool_key} is not a string"))),
        None => return Err(Unreadable(format!("the payload has no {tool_key}"))),
    };
    if tool != agent.shell_tool() {
        return Ok(Request::NotShell { tool: tool.clone() });
    }
    let command = match payload
        .get(input_key)
        .and_then(|input| input.get("command"))
    {
        Some(Value::String(command)) => command.clone(),
        Some(_) => return Err(Unreadable(format!("{input_key}.command is not a string"))),
        None => return Err(Unreadable(format!("{input_key} has no command"))),
    };
    let cwd = match payload.get("cwd") {
        None | Some(Value::Null) => None,
        Some(Value::String(cwd)) => Some(cwd.clone()),
        Some(_) => return Err(Unreadable("cwd is not a string".to_owned())),
    };
    Ok(Request::Shell { command, cwd })
}

/// The answer to a shell command (`HOOK-OUT-1`, `HOOK-OUT-2`); `None` is no
/// decision (`HOOK-IN-2`): the agent's normal flow.
#[must_use]
pub fn render(agent: Agent, decision: Option<&Decision>) -> Answer {
    let Some(decision) = decision else {
        return no_decision(agent);
    };
    let reason = format!("inner-cmd: {}", decision.reason);
    // HOOK-OUT-2: an agent that cannot ask refuses instead, and says why.
    let state = match decision.state {
        PermissionState::Ask if !agent.can_ask() => PermissionState::Deny,
        state => state,
    };
    let reason = if state == decision.state {
        reason
    } else {
        format!(
            "{reason} (a human must approve this command, and the {} hook cannot ask: \
             it is refused; run it yourself if you approve it)",
            agent.name()
        )
    };
    let stdout = match (agent, state) {
        (Agent::ClaudeCode, state) => pre_tool_use(state, &reason),
        // Codex runs the tool when a PreToolUse answer says `allow` (an
        // unsupported answer is treated as a failed hook): silence is its
        // documented "no objection", and Codex's own approval policy applies.
        (Agent::Codex, PermissionState::Allow) => String::new(),
        (Agent::Codex, state) => pre_tool_use(state, &reason),
        (Agent::Gemini, PermissionState::Allow) => json!({"decision": "allow"}).to_string(),
        (Agent::Gemini, _) => json!({"decision": "deny", "reason": reason}).to_string(),
        (Agent::OpenCode, state) => json!({"decision": state, "reason": reason}).to_string(),
    };
    Answer {
        stdout,
        stderr: String::new(),
        status: 0,
    }
}

/// The answer when the hook cannot read what it needs (`HOOK-READ-1`):
/// `ask` where the agent can ask, else the agent's documented block (exit 2,
/// the reason on standard error); never `allow`.
#[must_use]
pub fn render_unreadable(agent: Agent, why: &Unreadable) -> Answer {
    let reason = format!("inner-cmd could not judge this call: {why}");
    match agent {
        Agent::ClaudeCode => Answer {
            stdout: pre_tool_use(PermissionState::Ask, &reason),
            stderr: String::new(),
            status: 0,
        },
        Agent::OpenCode => Answer {
            stdout: json!({"decision": "ask", "reason": reason}).to_string(),
            stderr: String::new(),
            status: 0,
        },
        Agent::Codex | Agent::Gemini => Answer {
            stdout: String::new(),
            stderr: reason,
            status: 2,
        },
    }
}

fn no_decision(agent: Agent) -> Answer {
    let stdout = match agent {
        Agent::ClaudeCode | Agent::Codex => String::new(),
        Agent::Gemini => "{}".to_owned(),
        Agent::OpenCode => json!({"decision": null}).to_string(),
    };
    Answer {
        stdout,
        stderr: String::new(),
        status: 0,
    }
}

/// The `PreToolUse` answer of Claude Code and Codex: `hookSpecificOutput`
/// with `permissionDecision` and `permissionDecisionReason`.
fn pre_tool_use(state: PermissionState, reason: &str) -> String {
    let mut output = Map::new();
    output.insert("hookEventName".to_owned(), "PreToolUse".into());
    output.insert("permissionDecision".to_owned(), json!(state));
    output.insert("permissionDecisionReason".to_owned(), reason.into());
    json!({ "hookSpecificOutput": output }).to_string()
}
