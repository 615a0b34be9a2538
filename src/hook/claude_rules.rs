//! Claude Code's own Bash permission rules, read from its settings files and
//! translated to the policy model (`HOOK-RULE-*`, spec chapter 14).
//!
//! Claude Code writes a rule as `Bash(BODY)` in the `permissions.allow`,
//! `permissions.ask` or `permissions.deny` list of a settings file. Its only
//! wildcard is `*`; our patterns also give meaning to `?` and to a leading
//! `~` or `$HOME` (POL-MATCH-2, POL-MATCH-4), so a body using those is not
//! translated exactly, and goes to the stricter side (`HOOK-RULE-4`).

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::Unreadable;
use crate::policy::Rule;
use crate::verdict::PermissionState;

/// How one settings entry translates (`HOOK-RULE-2` to `HOOK-RULE-4`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Translated {
    /// Not a `Bash` rule: it governs another tool, and gives no bash rule.
    NotBash,
    /// The pattern that matches exactly what Claude Code's rule matches.
    Exact(String),
    /// An `ask` or `deny` entry widened to a pattern that matches at least
    /// what Claude Code's rule matches (`HOOK-RULE-4`).
    Widened(String),
    /// An `allow` entry that cannot be translated exactly: dropped (`HOOK-RULE-4`).
    Dropped,
}

/// Translates one entry of the `allow`, `ask` or `deny` list.
///
/// # Errors
/// A `Bash(` entry without its closing `)` (`HOOK-RULE-2`).
pub fn translate(state: PermissionState, entry: &str) -> Result<Translated, String> {
    let body = if entry == "Bash" {
        ""
    } else if let Some(rest) = entry.strip_prefix("Bash(") {
        rest.strip_suffix(')')
            .ok_or_else(|| format!("the rule {entry:?} has no closing parenthesis"))?
    } else {
        return Ok(Translated::NotBash);
    };
    // HOOK-RULE-3: the legacy `:*` suffix is a trailing ` *`; an empty body
    // or `*` is every command.
    let pattern = match body.strip_suffix(":*") {
        _ if body.is_empty() => "*".to_owned(),
        Some(prefix) => format!("{prefix} *"),
        None => body.to_owned(),
    };
    let expands = ["~", "$HOME"].iter().any(|lead| pattern.starts_with(lead));
    // `Bash()` is not documented: read as every command, which only an
    // `ask` or `deny` may be widened to.
    let undocumented = entry == "Bash()";
    if !pattern.contains('?') && !expands && !undocumented {
        return Ok(Translated::Exact(pattern));
    }
    if state == PermissionState::Allow {
        return Ok(Translated::Dropped);
    }
    // `?` already matches `?` and every other code unit; a leading `~` or
    // `$` becomes `?`, which matches it and every other code unit.
    let widened = match pattern.strip_prefix(['~', '$']) {
        Some(rest) => format!("?{rest}"),
        None => pattern,
    };
    Ok(Translated::Widened(widened))
}

/// One settings file's Bash rules, translated.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClaudeRules {
    /// The rules of `allow` entries, in file then list order.
    pub allow: Vec<Rule>,
    /// The rules of `ask` entries.
    pub ask: Vec<Rule>,
    /// The rules of `deny` entries.
    pub deny: Vec<Rule>,
    /// What the hook says about entries it could not translate exactly.
    pub notes: Vec<String>,
    /// The files read, in order.
    pub sources: Vec<PathBuf>,
    /// How many `Bash` entries were read, dropped ones included.
    pub bash_entries: usize,
}

impl ClaudeRules {
    /// Whether no `Bash` entry was read (a dropped one counts as read:
    /// HOOK-POLICY-1 then no longer falls back to the example policy).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bash_entries == 0
    }

    /// Adds the `permissions` lists of one settings text (`HOOK-RULE-1`).
    ///
    /// # Errors
    /// [`Unreadable`] for text that is not a JSON object, a `permissions`
    /// that is not an object, a list that is not an array of strings, or an
    /// entry [`translate`] refuses.
    pub fn add_settings(&mut self, text: &str, file: &str) -> Result<(), Unreadable> {
        let bad = |what: String| Unreadable(format!("{file}: {what}"));
        let root: Value = serde_json::from_str(text).map_err(|e| bad(format!("not JSON: {e}")))?;
        let Value::Object(root) = root else {
            return Err(bad("not a JSON object".to_owned()));
        };
        let permissions = match root.get("permissions") {
            None => return Ok(()),
            Some(Value::Object(permissions)) => permissions,
            Some(_) => return Err(bad("permissions is not an object".to_owned())),
        };
        for (key, state) in [
            ("allow", PermissionState::Allow),
            ("ask", PermissionState::Ask),
            ("deny", PermissionState::Deny),
        ] {
            let entries = match permissions.get(key) {
                None => continue,
                Some(Value::Array(entries)) => entries,
                Some(_) => return Err(bad(format!("permissions.{key} is not an array"))),
            };
            for entry in entries {
                let Value::String(entry) = entry else {
                    return Err(bad(format!("permissions.{key} holds a non-string entry")));
                };
                let translated = translate(state, entry).map_err(bad)?;
                if translated != Translated::NotBash {
                    self.bash_entries += 1;
                }
                let pattern = match translated {
                    Translated::NotBash => continue,
                    Translated::Exact(pattern) => pattern,
                    Translated::Widened(pattern) => {
                        self.notes.push(format!(
                            "Claude Code rule {key} {entry:?} of {file} read as the wider `{pattern}` \
                             (HOOK-RULE-4)"
                        ));
                        pattern
                    }
                    Translated::Dropped => {
                        self.notes.push(format!(
                            "Claude Code rule allow {entry:?} of {file} not used: it has no exact \
                             translation (HOOK-RULE-4)"
                        ));
                        continue;
                    }
                };
                let list = match state {
                    PermissionState::Allow => &mut self.allow,
                    PermissionState::Ask => &mut self.ask,
                    PermissionState::Deny => &mut self.deny,
                };
                list.push(Rule { pattern, state });
            }
        }
        Ok(())
    }
}

/// Where Claude Code's managed settings live on Linux and WSL (`HOOK-RULE-1`).
pub const MANAGED_SETTINGS: &str = "/etc/claude-code/managed-settings.json";

/// Where Claude Code keeps the settings files it reads (`HOOK-RULE-1`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsPlaces {
    /// The user's settings directory: `$CLAUDE_CONFIG_DIR`, else `~/.claude`.
    pub user_dir: PathBuf,
    /// The project: `$CLAUDE_PROJECT_DIR`, else the payload's `cwd`.
    pub project: Option<PathBuf>,
    /// The managed settings file ([`MANAGED_SETTINGS`]).
    pub managed: PathBuf,
}

impl SettingsPlaces {
    /// The places for a home, the two variables Claude Code reads and the
    /// payload's working directory.
    #[must_use]
    pub fn new(
        home: &Path,
        config_dir: Option<&Path>,
        project_dir: Option<&Path>,
        cwd: Option<&Path>,
    ) -> Self {
        Self {
            user_dir: config_dir.map_or_else(|| home.join(".claude"), Path::to_path_buf),
            project: project_dir.or(cwd).map(Path::to_path_buf),
            managed: PathBuf::from(MANAGED_SETTINGS),
        }
    }

    /// The settings files, in Claude Code's order of precedence from the
    /// lowest: the user's, the project's, the project's local one, the
    /// managed one.
    #[must_use]
    pub fn paths(&self) -> Vec<PathBuf> {
        let mut paths = vec![self.user_dir.join("settings.json")];
        if let Some(project) = &self.project {
            paths.push(project.join(".claude/settings.json"));
            paths.push(project.join(".claude/settings.local.json"));
        }
        paths.push(self.managed.clone());
        paths
    }
}

/// Reads and translates the Bash rules of every settings file that exists.
///
/// # Errors
/// [`Unreadable`] when a file exists but cannot be read, or as
/// [`ClaudeRules::add_settings`].
pub fn load(places: &SettingsPlaces) -> Result<ClaudeRules, Unreadable> {
    let mut rules = ClaudeRules::default();
    for path in places.paths() {
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => continue,
            Err(error) => return Err(Unreadable(format!("{}: {error}", path.display()))),
        };
        rules.add_settings(&text, &path.display().to_string())?;
        rules.sources.push(path);
    }
    Ok(rules)
}
