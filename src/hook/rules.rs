//! The hook's policy (`HOOK-POLICY-1`): the policy `inner-cmd check` loads
//! (the package's config search and `--policy`, PIPE-12) and, for Claude
//! Code, the user's own Bash rules from its settings (`HOOK-RULE-*`).

use std::path::Path;

use super::claude_rules::ClaudeRules;
use super::Unreadable;
use crate::policy::config;
use crate::policy::{Policy, Rule};

/// The policy, where it came from, and the notes of inexact translations.
#[derive(Debug, Clone)]
pub struct HookPolicy {
    /// The policy the pipeline judges with.
    pub policy: Policy,
    /// The files it came from, for the log and the trace.
    pub source: String,
    /// What the hook says about Claude Code rules it widened or dropped.
    pub notes: Vec<String>,
}

/// Builds the hook's policy (`HOOK-POLICY-1`).
///
/// The rules, in order (the last match wins, POL-RULE-2): the `allow`
/// entries of Claude Code, then the searched config files' and `--policy`'s
/// rules, then Claude Code's `ask` entries, then its `deny` entries; the
/// fallback is the config's. With no config file found, no `--policy` and no
/// Claude Code Bash rule, the built-in example policy (PIPE-12); with Claude
/// Code rules but no config, no other rule and the fallback `ask`.
///
/// # Errors
/// [`Unreadable`] for a config or `--policy` file POL-CONFIG-6 refuses or
/// cannot read.
pub fn build(
    home: &str,
    cwd: Option<&Path>,
    explicit: Option<&Path>,
    claude: &ClaudeRules,
) -> Result<HookPolicy, Unreadable> {
    let unreadable = |error: config::ConfigError| Unreadable(format!("the policy: {error}"));
    let (base, sources) = config::load_search_sources(home, cwd, explicit).map_err(unreadable)?;
    let mut source: Vec<String> = sources.iter().map(|p| p.display().to_string()).collect();
    let (base_rules, fallback) = if sources.is_empty() && claude.is_empty() {
        source.push("built-in example (spec/policies/example.json)".to_owned());
        config::example_policy().map_err(unreadable)?.into_parts()
    } else {
        base.into_parts()
    };
    source.extend(claude.sources.iter().map(|p| p.display().to_string()));
    let rules: Vec<Rule> = claude
        .allow
        .iter()
        .chain(&base_rules)
        .chain(&claude.ask)
        .chain(&claude.deny)
        .cloned()
        .collect();
    Ok(HookPolicy {
        policy: Policy::new(rules, home).with_fallback(fallback),
        source: source.join(", then "),
        notes: claude.notes.clone(),
    })
}
