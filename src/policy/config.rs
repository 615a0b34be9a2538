//! Loading the bash policy from policy files (`POL-CONFIG-*`).
//!
//! Two formats are read. The deployed package's config file,
//! `{"permission": {"*": "ask", "bash": {"git *": "allow", …}}}` (comments
//! allowed), whose key order is rule order; and this crate's plain rule list
//! `[{"pattern": "git *", "action": "allow"}, …]`. Files found by the package's
//! search (global, then project) merge the way the package merges them, and
//! anything the package would reject is an error here, never a default.

mod error;
mod validate;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

pub use error::ConfigError;
use validate::{Permission, SurfaceValue};

use super::pattern::Pattern;
use super::{Policy, Rule};
use crate::verdict::PermissionState;

/// The bash rules of a policy and the state for a value no rule matches
/// (`POL-RULE-1`), as loaded from policy files.
///
/// The two travel together (`POL-CONFIG-10`): the fields are private, and a
/// [`Policy`] is built from them with [`Policy::from_config`] (or loaded in
/// one call with [`Policy::load`]), which applies the fallback. Taking the
/// rules alone means calling [`BashPolicy::into_parts`], which hands the
/// fallback back too.
#[derive(Debug, Clone, PartialEq, Eq)]
#[must_use = "a loaded policy decides nothing until it becomes a `Policy` (Policy::from_config)"]
pub struct BashPolicy {
    rules: Vec<Rule>,
    fallback: PermissionState,
}

impl BashPolicy {
    /// Ordered rules; the last match wins (`POL-RULE-2`).
    #[must_use]
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The state when no rule matches (`POL-RULE-3`): the top-level `"*"`
    /// state of the config, else `ask`.
    #[must_use]
    pub fn fallback(&self) -> PermissionState {
        self.fallback
    }

    /// The rules and the fallback, for a caller that builds its own matcher.
    #[must_use]
    pub fn into_parts(self) -> (Vec<Rule>, PermissionState) {
        (self.rules, self.fallback)
    }
}

impl Policy {
    /// The policy of a loaded config with home directory `home`, its fallback
    /// applied (`POL-CONFIG-3`, `POL-CONFIG-10`).
    pub fn from_config(config: BashPolicy, home: impl Into<String>) -> Self {
        let (rules, fallback) = config.into_parts();
        Policy::new(rules, home).with_fallback(fallback)
    }

    /// Loads the package's file search and an optional explicit file, as
    /// [`load_search`] does, into a policy with its fallback
    /// (`POL-CONFIG-4`, `POL-CONFIG-5`, `POL-CONFIG-10`). With no file found
    /// and none given, the package's own default: no rules, fallback `ask`.
    ///
    /// # Errors
    /// As [`load_search`].
    pub fn load(
        home: &str,
        cwd: Option<&Path>,
        explicit: Option<&Path>,
    ) -> Result<Self, ConfigError> {
        load_search(home, cwd, explicit).map(|config| Self::from_config(config, home))
    }
}

/// The package's global config file under a home directory (`POL-CONFIG-4`):
/// `<home>/.pi/agent/extensions/pi-permission-system/config.json`.
#[must_use]
pub fn global_config_path(home: &Path) -> PathBuf {
    home.join(".pi/agent/extensions/pi-permission-system/config.json")
}

/// The package's project config file (`POL-CONFIG-4`):
/// `<cwd>/.pi/extensions/pi-permission-system/config.json`.
#[must_use]
pub fn project_config_path(cwd: &Path) -> PathBuf {
    cwd.join(".pi/extensions/pi-permission-system/config.json")
}

/// One parsed file, in either format.
enum Parsed {
    Config(Option<Permission>),
    Rules(Vec<Rule>),
}

fn parse(text: &str, file: &str) -> Result<Parsed, ConfigError> {
    let stripped = validate::strip_json_comments(text);
    let root: serde_json::Value =
        serde_json::from_str(&stripped).map_err(|e| ConfigError::NotJson {
            file: file.to_owned(),
            message: e.to_string(),
        })?;
    match &root {
        serde_json::Value::Object(map) => Ok(Parsed::Config(validate::config_object(map, file)?)),
        serde_json::Value::Array(items) => Ok(Parsed::Rules(validate::rule_list(items, file)?)),
        _ => Err(ConfigError::WrongType {
            file: file.to_owned(),
            key: "(root)".to_owned(),
            expected: "a config object or a rule list",
        }),
    }
}

fn read(path: &Path) -> Result<String, ConfigError> {
    std::fs::read_to_string(path).map_err(|e| ConfigError::Read {
        file: path.display().to_string(),
        message: e.to_string(),
    })
}

/// Parses one policy text in either format (`POL-CONFIG-1`, `POL-CONFIG-8`).
///
/// `file` names the source in errors. `home` is the home directory, used
/// only to decide which surface keys apply to bash (`POL-CONFIG-2`).
///
/// # Errors
/// Any [`ConfigError`] for text the format does not allow (`POL-CONFIG-6`).
pub fn parse_policy(text: &str, file: &str, home: &str) -> Result<BashPolicy, ConfigError> {
    combine(vec![parse(text, file)?], home)
}

/// Loads one policy file alone, in either format.
///
/// # Errors
/// [`ConfigError::Read`] if it cannot be read, otherwise as [`parse_policy`].
pub fn load_file(path: &Path, home: &str) -> Result<BashPolicy, ConfigError> {
    parse_policy(&read(path)?, &path.display().to_string(), home)
}

/// Loads the package's file search and an optional explicit file (`POL-CONFIG-4`,
/// `POL-CONFIG-5`): the global file under `home`, then the project file under
/// `cwd` (either skipped when absent), then `explicit` (which must exist).
///
/// # Errors
/// The first file that cannot be read or is not allowed by the format.
pub fn load_search(
    home: &str,
    cwd: Option<&Path>,
    explicit: Option<&Path>,
) -> Result<BashPolicy, ConfigError> {
    load_search_sources(home, cwd, explicit).map(|(policy, _)| policy)
}

/// [`load_search`], with the files it read, in the order it merged them
/// (empty: no file was found and none was given).
///
/// # Errors
/// As [`load_search`].
pub fn load_search_sources(
    home: &str,
    cwd: Option<&Path>,
    explicit: Option<&Path>,
) -> Result<(BashPolicy, Vec<PathBuf>), ConfigError> {
    let mut sources = Vec::new();
    let mut scopes = Vec::new();
    let searched =
        std::iter::once(global_config_path(Path::new(home))).chain(cwd.map(project_config_path));
    for path in searched {
        if path.exists() {
            let file = path.display().to_string();
            match parse(&read(&path)?, &file)? {
                // The package reads only its config format at these paths.
                Parsed::Rules(_) => {
                    return Err(ConfigError::WrongType {
                        file,
                        key: "(root)".to_owned(),
                        expected:
                            "a config object (a rule list is accepted only as an explicit file)",
                    })
                }
                config => scopes.push(config),
            }
            sources.push(path);
        }
    }
    if let Some(path) = explicit {
        scopes.push(parse(&read(path)?, &path.display().to_string())?);
        sources.push(path.to_owned());
    }
    Ok((combine(scopes, home)?, sources))
}

/// The policy of `inner-cmd check` and `inner-cmd ground` (`PIPE-12`): the
/// explicit file layered on top of the package's file search, as
/// [`load_search_sources`]; with no file found and none given, the built-in
/// example ([`example_policy`]). Also says, for the trace, where it came from.
///
/// # Errors
/// As [`load_search`].
pub fn load_or_example(
    home: &str,
    cwd: Option<&Path>,
    explicit: Option<&Path>,
) -> Result<(BashPolicy, String), ConfigError> {
    let (policy, sources) = load_search_sources(home, cwd, explicit)?;
    if sources.is_empty() {
        let example = "built-in example (spec/policies/example.json)".to_owned();
        return example_policy().map(|policy| (policy, example));
    }
    let sources: Vec<String> = sources.iter().map(|p| p.display().to_string()).collect();
    Ok((policy, sources.join(", then ")))
}

/// The built-in example policy, `spec/policies/example.json` (`POL-CONFIG-9`).
///
/// # Errors
/// Only if the embedded file were invalid, which a test rules out.
pub fn example_policy() -> Result<BashPolicy, ConfigError> {
    // The example's surface keys contain no `~`, so the home does not matter.
    parse_policy(
        include_str!("../../spec/policies/example.json"),
        "spec/policies/example.json",
        "",
    )
}

/// Merges the scopes in order and extracts the bash policy.
fn combine(scopes: Vec<Parsed>, home: &str) -> Result<BashPolicy, ConfigError> {
    let mut permission: Permission = Vec::new();
    let mut appended: Vec<Rule> = Vec::new();
    for scope in scopes {
        match scope {
            Parsed::Config(Some(over)) => merge(&mut permission, over),
            Parsed::Config(None) => {}
            Parsed::Rules(rules) => appended.extend(rules),
        }
    }
    let mut policy = bash_policy(js_key_order(permission), home);
    policy.rules.extend(appended);
    Ok(policy)
}

/// The package's merge of a later file's `permission` into the earlier ones
/// (`POL-CONFIG-5`): two pattern maps merge (an existing pattern keeps its
/// place and takes the later state, new ones are appended); otherwise the
/// later value replaces the earlier one in the earlier one's place.
fn merge(base: &mut Permission, over: Permission) {
    let mut position: HashMap<String, usize> = base
        .iter()
        .enumerate()
        .map(|(i, (key, _))| (key.clone(), i))
        .collect();
    for (surface, value) in over {
        let Some(slot) = position.get(&surface).and_then(|&i| base.get_mut(i)) else {
            position.insert(surface.clone(), base.len());
            base.push((surface, value));
            continue;
        };
        match (&mut slot.1, value) {
            (SurfaceValue::Patterns(existing), SurfaceValue::Patterns(later)) => {
                merge_patterns(existing, later)
            }
            (existing, later) => *existing = later,
        }
    }
}

fn merge_patterns(base: &mut Vec<(String, PermissionState)>, over: Vec<(String, PermissionState)>) {
    let mut position: HashMap<String, usize> = base
        .iter()
        .enumerate()
        .map(|(i, (key, _))| (key.clone(), i))
        .collect();
    for (pattern, state) in over {
        match position.get(&pattern).and_then(|&i| base.get_mut(i)) {
            Some(slot) => slot.1 = state,
            None => {
                position.insert(pattern.clone(), base.len());
                base.push((pattern, state));
            }
        }
    }
}

/// ECMAScript property order (`POL-CONFIG-1`): keys that are array indices
/// (canonical decimal integers up to 2³² − 2) come first in numeric order,
/// then the other keys in insertion order.
fn js_key_order<T>(entries: Vec<(String, T)>) -> Vec<(String, T)> {
    let (mut indices, others): (Vec<_>, Vec<_>) = entries
        .into_iter()
        .partition(|(key, _)| array_index(key).is_some());
    indices.sort_by_key(|(key, _)| array_index(key));
    indices.into_iter().chain(others).collect()
}

fn array_index(key: &str) -> Option<u64> {
    let canonical = !key.is_empty()
        && key.bytes().all(|b| b.is_ascii_digit())
        && (key == "0" || !key.starts_with('0'))
        && key.len() <= 10;
    canonical
        .then(|| key.parse::<u64>().ok())
        .flatten()
        .filter(|&n| n <= 4_294_967_294)
}

/// The bash rules of a merged `permission` (`POL-CONFIG-2`, `POL-CONFIG-3`).
fn bash_policy(permission: Permission, home: &str) -> BashPolicy {
    let mut fallback = PermissionState::Ask;
    let mut rules = Vec::new();
    for (surface, value) in permission {
        if surface == "*" {
            if let SurfaceValue::State(state) = value {
                fallback = state;
            }
            continue;
        }
        if !Pattern::compile(&surface, home).is_match("bash") {
            continue;
        }
        match value {
            SurfaceValue::State(state) => rules.push(Rule {
                pattern: "*".to_owned(),
                state,
            }),
            SurfaceValue::Patterns(patterns) => rules.extend(
                js_key_order(patterns)
                    .into_iter()
                    .map(|(pattern, state)| Rule { pattern, state }),
            ),
        }
    }
    BashPolicy { rules, fallback }
}
