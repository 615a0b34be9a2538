//! `inner-cmd hook AGENT` and `inner-cmd hook install AGENT` (spec chapter 14).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::hook::{self, agents, claude_rules, install, log, Agent, Request, Unreadable};

/// The agents, as the command line names them.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum AgentArg {
    /// Claude Code: a `PreToolUse` command hook on `Bash`.
    ClaudeCode,
    /// OpenAI Codex CLI: a `PreToolUse` command hook on `Bash`.
    Codex,
    /// Gemini CLI: a `BeforeTool` command hook on `run_shell_command`.
    Gemini,
    /// OpenCode: a plugin on `tool.execute.before` that runs this hook.
    Opencode,
}

impl From<AgentArg> for Agent {
    fn from(agent: AgentArg) -> Self {
        match agent {
            AgentArg::ClaudeCode => Agent::ClaudeCode,
            AgentArg::Codex => Agent::Codex,
            AgentArg::Gemini => Agent::Gemini,
            AgentArg::Opencode => Agent::OpenCode,
        }
    }
}

/// `--profile` of the hook: hardened unless asked otherwise (`HOOK-DECIDE-1`).
#[derive(Clone, Copy, Default, clap::ValueEnum)]
pub enum HookProfile {
    /// Spec chapter 12: every command bash would run is judged; what the
    /// closed world does not understand asks.
    #[default]
    Hardened,
    #[value(help = super::DEPLOYED_FACTS)]
    Deployed,
}

impl From<HookProfile> for Profile {
    fn from(profile: HookProfile) -> Self {
        match profile {
            HookProfile::Hardened => Profile::Hardened,
            HookProfile::Deployed => Profile::Deployed,
        }
    }
}

/// The options a hook runs with, also baked into an installed hook.
#[derive(clap::Args, Clone)]
pub struct Options {
    /// A policy file (config.json format or a rule list), layered on top of
    /// the package's config search (global, then project config.json).
    #[arg(long)]
    policy: Option<PathBuf>,
    /// `hardened` (default): spec chapter 12; `deployed`: the 20.7.3 gate
    /// beside the TypeScript authorizer, findings included.
    #[arg(long, value_enum, default_value_t)]
    profile: HookProfile,
    /// Append one JSON line per call to FILE (time, agent, command, outcome,
    /// deciding rule or clause); nothing is logged without it.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// Do not read Claude Code's `permissions` Bash rules from its settings.
    #[arg(long)]
    no_agent_rules: bool,
}

impl Options {
    /// The options as arguments of an installed hook command.
    fn as_args(&self) -> Vec<String> {
        let mut args = Vec::new();
        if let Some(policy) = &self.policy {
            args.push("--policy".to_owned());
            args.push(absolute(policy).display().to_string());
        }
        if matches!(self.profile, HookProfile::Deployed) {
            args.push("--profile".to_owned());
            args.push("deployed".to_owned());
        }
        if let Some(log) = &self.log {
            args.push("--log".to_owned());
            args.push(absolute(log).display().to_string());
        }
        if self.no_agent_rules {
            args.push("--no-agent-rules".to_owned());
        }
        args
    }
}

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    action: Option<Action>,
    /// The agent whose hook protocol to speak: claude-code, codex, gemini or opencode.
    #[arg(value_enum, required = true)]
    agent: Option<AgentArg>,
    #[command(flatten)]
    options: Options,
}

#[derive(clap::Subcommand)]
enum Action {
    /// Print the agent's hook configuration, or merge it into its file with `--write`.
    Install(InstallArgs),
}

#[derive(clap::Args)]
struct InstallArgs {
    /// The agent: claude-code, codex, gemini or opencode.
    #[arg(value_enum)]
    agent: AgentArg,
    /// Merge into the agent's file (a backup is kept, every existing hook stays).
    #[arg(long)]
    write: bool,
    /// The file to write instead of the agent's user-level default.
    #[arg(long, value_name = "FILE", requires = "write")]
    file: Option<PathBuf>,
    #[command(flatten)]
    options: Options,
}

/// `inner-cmd hook`: answers one call, or installs.
pub fn run(args: &Args) -> ExitCode {
    match (&args.action, args.agent) {
        (Some(Action::Install(install)), _) => run_install(install),
        (None, Some(agent)) => answer(agent.into(), &args.options),
        (None, None) => {
            eprintln!("inner-cmd hook: name the agent: claude-code, codex, gemini or opencode");
            ExitCode::from(2)
        }
    }
}

/// One call: the payload on stdin, the answer on stdout, the agent's exit status.
fn answer(agent: Agent, options: &Options) -> ExitCode {
    let profile = Profile::from(options.profile);
    let judged = read_stdin().and_then(|bytes| agents::read_payload(agent, &bytes));
    let (answer, entry_command, decision, error) = match judged {
        Err(why) => (
            agents::render_unreadable(agent, &why),
            None,
            None,
            Some(why),
        ),
        Ok(Request::NotShell { tool }) => (agents::render(agent, None), Some(tool), None, None),
        Ok(Request::Shell { command, cwd }) => {
            match judge(agent, options, profile, &command, cwd) {
                Ok(decision) => (
                    agents::render(agent, Some(&decision)),
                    Some(command),
                    Some(decision),
                    None,
                ),
                Err(why) => (
                    agents::render_unreadable(agent, &why),
                    None,
                    None,
                    Some(why),
                ),
            }
        }
    };
    if let Some(path) = &options.log {
        let entry = match (&decision, &error, &entry_command) {
            (Some(decision), _, Some(command)) => log::Entry::Decided(command, decision),
            (_, Some(why), _) => log::Entry::Unreadable(why),
            (_, _, tool) => log::Entry::NotShell(tool.as_deref().unwrap_or_default()),
        };
        let line = log::line(agent, profile.name(), &entry, std::time::SystemTime::now());
        if let Err(error) = log::append(path, &line) {
            // The decision stands; a log that cannot be written is said, not hidden.
            eprintln!(
                "inner-cmd hook: cannot write the log {}: {error}",
                path.display()
            );
        }
    }
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(answer.stdout.as_bytes());
    let _ = out.flush();
    if !answer.stderr.is_empty() {
        eprintln!("{}", answer.stderr);
    }
    ExitCode::from(answer.status)
}

/// The decision on one shell command under the user's rules (`HOOK-POLICY-1`).
fn judge(
    agent: Agent,
    options: &Options,
    profile: Profile,
    command: &str,
    cwd: Option<String>,
) -> Result<hook::Decision, Unreadable> {
    // The CLI is the one place that reads the environment (POL-MATCH-2).
    let home = std::env::var("HOME").unwrap_or_default();
    let cwd = cwd
        .map(PathBuf::from)
        .or_else(|| std::env::current_dir().ok());
    let claude = if agent == Agent::ClaudeCode && !options.no_agent_rules {
        let variable = |name: &str| std::env::var_os(name).map(PathBuf::from);
        let places = claude_rules::SettingsPlaces::new(
            Path::new(&home),
            variable("CLAUDE_CONFIG_DIR").as_deref(),
            variable("CLAUDE_PROJECT_DIR").as_deref(),
            cwd.as_deref(),
        );
        claude_rules::load(&places)?
    } else {
        claude_rules::ClaudeRules::default()
    };
    let built = hook::rules::build(&home, cwd.as_deref(), options.policy.as_deref(), &claude)?;
    Ok(hook::decide(&built.policy, command, profile, &built.notes))
}

/// Standard input, at most [`hook::MAX_PAYLOAD_BYTES`] (`HOOK-READ-1`).
fn read_stdin() -> Result<Vec<u8>, Unreadable> {
    let limit = hook::MAX_PAYLOAD_BYTES;
    let mut input = Vec::new();
    std::io::stdin()
        .lock()
        .take(u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1))
        .read_to_end(&mut input)
        .map_err(|error| Unreadable(format!("cannot read standard input: {error}")))?;
    Ok(input)
}

/// `inner-cmd hook install`: prints the configuration, or merges it (`HOOK-INSTALL-*`).
fn run_install(args: &InstallArgs) -> ExitCode {
    let agent = Agent::from(args.agent);
    let exe = std::env::current_exe().map_or_else(
        |_| "inner-cmd".to_owned(),
        |path| path.display().to_string(),
    );
    let mut argv = vec![exe, "hook".to_owned(), agent.name().to_owned()];
    argv.extend(args.options.as_args());
    if !args.write {
        print!("{}", install::snippet(agent, &argv));
        return ExitCode::SUCCESS;
    }
    let home = std::env::var("HOME").unwrap_or_default();
    let path = args
        .file
        .clone()
        .unwrap_or_else(|| install::default_path(agent, Path::new(&home)));
    let fail = |message: String| {
        eprintln!("inner-cmd hook install: {}: {message}", path.display());
        ExitCode::from(2)
    };
    let text = if agent == Agent::OpenCode {
        install::snippet(agent, &argv)
    } else {
        let existing = match std::fs::read_to_string(&path) {
            Ok(text) => Some(text),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => None,
            Err(error) => return fail(error.to_string()),
        };
        match install::merge(agent, existing.as_deref(), &argv) {
            Ok(text) if existing.as_deref() == Some(text.as_str()) => {
                println!("{}: the hook is already installed", path.display());
                return ExitCode::SUCCESS;
            }
            Ok(text) => text,
            Err(message) => return fail(format!("{message}; the file is left unchanged")),
        }
    };
    match install::write_with_backup(&path, &text) {
        Ok(backup) => {
            println!("{}: hook installed", path.display());
            if let Some(backup) = backup {
                println!("backup       {}", backup.display());
            }
            ExitCode::SUCCESS
        }
        Err(error) => fail(error.to_string()),
    }
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}
