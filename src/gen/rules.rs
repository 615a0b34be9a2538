//! Policy rules for a case, drawn from the words the case contains.

use super::choices::Choices;
use crate::policy::Rule;
use crate::verdict::PermissionState;

/// The home directory every generated policy uses.
pub use crate::policy::home::EXAMPLE_HOME as HOME;

/// Patterns that are about no word in particular.
const GENERIC_PATTERNS: &[&str] = &[
    "*",
    "timeout *",
    "time *",
    "rm *",
    "*rm *-rf*",
    "git push*",
    "sudo *",
    "~/bin/*",
    "$HOME/x *",
    "echo ?",
    "* --lib",
];

/// The soundness runs' permissive rules: everything is allowed but `rm`,
/// `sudo`, `git push`, `curl` and paths under `.ssh`, so that most generated
/// commands are allowed and go to bash (`HARD-GROUND-1`).
#[must_use]
pub fn permissive_rules() -> Vec<Rule> {
    [
        ("*", PermissionState::Allow),
        ("rm *", PermissionState::Deny),
        ("sudo *", PermissionState::Deny),
        ("git push *", PermissionState::Deny),
        ("curl *", PermissionState::Deny),
        ("*/.ssh/*", PermissionState::Deny),
    ]
    .into_iter()
    .map(|(pattern, state)| Rule {
        pattern: pattern.to_owned(),
        state,
    })
    .collect()
}

/// A rule state: allow most often, so that allows (the interesting verdict) happen.
pub fn state(c: &mut impl Choices) -> PermissionState {
    match c.weighted(&[5, 2, 3]) {
        0 => PermissionState::Allow,
        1 => PermissionState::Ask,
        _ => PermissionState::Deny,
    }
}

/// Optionally an allow rule for each of `commands`, then up to `max_rules`
/// rules whose patterns come from `commands` (each command
/// exactly, or its first word followed by ` *`) and from a fixed list of
/// generic patterns. Order matters: the last matching rule wins.
///
/// Example for commands `["npm test", "git push"]`:
/// `[{"*": ask}, {"npm *": allow}, {"git push": deny}]`.
pub fn rules(c: &mut impl Choices, commands: &[&str], max_rules: usize) -> Vec<Rule> {
    let mut rules = Vec::new();
    if c.percent(60) {
        rules.push(Rule {
            pattern: "*".to_owned(),
            state: PermissionState::Ask,
        });
    }
    if c.percent(25) {
        // Everything the case runs is allowed: the setting where a wrong
        // allow would show, so the allow properties get exercised.
        rules.extend(commands.iter().map(|command| Rule {
            pattern: (*command).to_owned(),
            state: PermissionState::Allow,
        }));
    }
    let count = c.choose(max_rules.saturating_add(1));
    for _ in 0..count {
        let pattern = if commands.is_empty() || c.percent(25) {
            c.pick(GENERIC_PATTERNS).copied().unwrap_or("*").to_owned()
        } else {
            let command = c.pick(commands).copied().unwrap_or("ls");
            if c.percent(50) {
                command.to_owned()
            } else {
                let word = command.split(' ').next().unwrap_or(command);
                format!("{word} *")
            }
        };
        rules.push(Rule {
            pattern,
            state: state(c),
        });
    }
    rules
}
