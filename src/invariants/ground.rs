//! `INV-GROUND`: what bash executes is what the policy allowed (spec §6.2,
//! `INV-GROUND-5` to `INV-GROUND-7`).
//!
//! The other invariants check the decision against the crate's own model of
//! a command's units. This one checks it against an [`Execution`] recorded
//! by the execution oracle ([`crate::ground`]): when the pipeline allows a
//! command, every command bash executes for it must be allowed by the rules
//! on its own. It needs only the policy and the execution, not the decision:
//! callers apply it to allows.

use serde::Serialize;

use crate::ground::{Executed, Execution, Origin};
use crate::policy::{CheckResult, Policy};
use crate::verdict::PermissionState;

/// How one executed command is judged (`INV-GROUND-6`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Basis {
    /// By its own text.
    Text,
    /// A transparent wrapper that ran an inner command: not by itself, but
    /// through the entry of that inner command.
    ThroughInner,
    /// Only assignments, or only redirections: not by itself, but by the
    /// entries of the commands its substitutions ran.
    Substitutions,
}

/// The judgement of one executed command (`INV-GROUND-5`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct GroundJudgement {
    /// Its index in [`Execution::commands`].
    pub index: usize,
    /// How it is judged.
    pub basis: Basis,
    /// The policy's advisory check of its text, when judged by its text.
    pub check: Option<CheckResult>,
    /// When judged by its text and its text does not name the program it
    /// started ([`Executed::hidden_program`]): that program's text and the
    /// policy's check of it.
    pub program: Option<(String, CheckResult)>,
}

impl GroundJudgement {
    /// Allowed: judged through other entries, or its text's check, and its
    /// hidden program's, answer `allow`.
    #[must_use]
    pub fn covered(&self) -> bool {
        let allows = |check: &CheckResult| check.state == PermissionState::Allow;
        self.check.as_ref().is_none_or(allows)
            && self.program.as_ref().is_none_or(|(_, check)| allows(check))
    }
}

/// An executed command the policy does not allow (`INV-GROUND-5`): its text,
/// or the program it started when its text does not name it (`INV-GROUND-6`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GroundViolation {
    /// Its index in [`Execution::commands`].
    pub index: usize,
    /// The text that is not allowed: the command's, or its hidden program's.
    pub text: String,
    /// The policy's answer for that text.
    pub check: CheckResult,
}

impl std::fmt::Display for GroundViolation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "bash executed {:?}, which the policy answers {}",
            self.text, self.check.state
        )?;
        match &self.check.matched_pattern {
            Some(pattern) => write!(f, " ({pattern})"),
            None => f.write_str(" (no rule)"),
        }
    }
}

impl std::error::Error for GroundViolation {}

/// Judges every executed command (`INV-GROUND-5`, `INV-GROUND-6`).
#[must_use]
pub fn judge_ground(policy: &Policy, execution: &Execution) -> Vec<GroundJudgement> {
    execution
        .commands
        .iter()
        .enumerate()
        .map(|(index, executed)| {
            let basis = basis(executed);
            let judged = basis == Basis::Text;
            let check = judged.then(|| policy.advisory(&executed.text));
            let program = executed.hidden_program().filter(|_| judged).map(|text| {
                let check = policy.advisory(&text);
                (text, check)
            });
            GroundJudgement {
                index,
                basis,
                check,
                program,
            }
        })
        .collect()
}

/// `INV-GROUND`: every command of `execution` is covered by `policy` (`INV-GROUND-5`).
///
/// Apply it to the execution of a command the pipeline allowed.
///
/// # Errors
/// The first executed command the policy does not allow.
pub fn check_ground(policy: &Policy, execution: &Execution) -> Result<(), GroundViolation> {
    let allows = |check: &CheckResult| check.state == PermissionState::Allow;
    for judgement in judge_ground(policy, execution) {
        let text = || {
            execution
                .commands
                .get(judgement.index)
                .map(|c| c.text.clone())
                .unwrap_or_default()
        };
        let failed = match (judgement.check, judgement.program) {
            (Some(check), _) if !allows(&check) => Some((text(), check)),
            (_, Some((program, check))) if !allows(&check) => Some((program, check)),
            _ => None,
        };
        if let Some((text, check)) = failed {
            return Err(GroundViolation {
                index: judgement.index,
                text,
                check,
            });
        }
    }
    Ok(())
}

/// `INV-GROUND-6`: a wrapper that ran an inner command is judged through it;
/// an assignment-only or redirection-only command, or a list head, by its
/// substitutions; everything else by its text.
fn basis(executed: &Executed) -> Basis {
    if executed.inner_at.is_some() {
        Basis::ThroughInner
    } else if names_no_command(&executed.text) || is_list_head(executed) {
        Basis::Substitutions
    } else {
        Basis::Text
    }
}

/// The head of a `for`, `select` or `case` as bash renders it (`for x in a
/// b`, `case $x in`): only words, no command. An unquoted keyword first can
/// only be the keyword itself; the arithmetic `for ((` is judged by its text.
fn is_list_head(executed: &Executed) -> bool {
    let text = executed.text.as_str();
    executed.origin == Origin::Bash
        && executed.argv.is_none()
        && ["for ", "select ", "case "]
            .iter()
            .any(|keyword| text.starts_with(keyword))
        && !text.starts_with("for ((")
}

/// The text parses, without error, as assignments alone (`A=1`, `A=$(x) B=2`)
/// or redirections alone (`> x`, `2>&1`, `> $(x)`): it names no command.
fn names_no_command(text: &str) -> bool {
    let Ok(mut parser) = crate::policy::units::bash_parser() else {
        return false;
    };
    let Some(tree) = parser.parse(text, None) else {
        return false;
    };
    let root = tree.root_node();
    if root.has_error() || root.named_child_count() != 1 {
        return false;
    }
    let Some(statement) = root.named_child(0) else {
        return false;
    };
    let all_assignments = |node: tree_sitter::Node<'_>| {
        let mut cursor = node.walk();
        let children: Vec<_> = node.named_children(&mut cursor).collect();
        !children.is_empty() && children.iter().all(|c| c.kind() == "variable_assignment")
    };
    match statement.kind() {
        "variable_assignment" => true,
        "redirected_statement" => statement.child_by_field_name("body").is_none(),
        "variable_assignments" | "command" => all_assignments(statement),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// INV-GROUND-6: which texts are assignments or redirections only.
    #[test]
    fn inv_ground_6_assignment_only_table() {
        let rows = [
            ("A=1", true),
            ("A=$(curl x)", true),
            ("A=1 B=$(x)", true),
            ("A+=(1 2)", true),
            ("A=1 ls", false),
            ("export A=1", false),
            ("A=1 > out", false),
            ("A=1; ls", false),
            ("ls", false),
            ("A=\"", false),
            ("> x", true),
            ("> x < y 2>&1", true),
            ("> $(curl x)", true),
            ("ls > x", false),
            ("A=1 > x", false),
        ];
        for (text, want) in rows {
            assert_eq!(names_no_command(text), want, "{text:?}");
        }
    }
}
