//! `INV-GROUND`: what bash executes is what the policy allowed (spec §6.2,
//! `INV-GROUND-5` to `INV-GROUND-8`).
//!
//! The other invariants check the decision against the crate's own model of
//! a command's units. This one checks it against an [`Execution`] recorded
//! by the execution oracle ([`crate::ground`]): when the pipeline allows a
//! command, every command bash executes for it must be allowed by the rules
//! on its own. It needs only the policy and the execution, not the decision:
//! callers apply it to allows.

use serde::Serialize;

use super::ground_environment::unjudged_environment;
use super::ground_traced::{traced_violations, TracedRecord};
use crate::ground::{program_text, Executed, Execution};
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
    /// Only assignments or only redirections, the head of a compound
    /// command that runs no program (`for i in 1 2`, `case $x in`,
    /// `[[ … ]]`, `(( … ))`), or a record starting with bash's `time`
    /// keyword: not by itself, but by the entries of the commands its
    /// substitutions or its pipeline ran.
    Substitutions,
    /// A stub ran, and bash's rendering does not parse without error: by
    /// the argv the stub recorded, what bash started (`INV-GROUND-7`).
    Argv,
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
    /// When its program received variables not judged with it
    /// (`INV-GROUND-8`): its environment form (`env NAME=value … program
    /// arguments`) and the policy's check of that.
    pub environment: Option<(String, CheckResult)>,
}

impl GroundJudgement {
    /// Allowed: judged through other entries, or its text's check, and its
    /// hidden program's, answer `allow`.
    #[must_use]
    pub fn covered(&self) -> bool {
        let allows = |check: &CheckResult| check.state == PermissionState::Allow;
        self.check.as_ref().is_none_or(allows)
            && self.program.as_ref().is_none_or(|(_, check)| allows(check))
            && self
                .environment
                .as_ref()
                .is_none_or(|(_, check)| allows(check))
    }
}

/// An executed command the policy does not allow (`INV-GROUND-5`): its text,
/// or the program it started when its text does not name it (`INV-GROUND-6`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GroundViolation {
    /// Its index in [`Execution::commands`]; for a record of the real mode,
    /// the bash record its program is judged through, else the number of
    /// commands (past the last).
    pub index: usize,
    /// The real mode's record it is about (`INV-GROUND-10`,
    /// `INV-GROUND-11`): a traced program or an opened file.
    pub traced: Option<TracedRecord>,
    /// The text that is not allowed: the command's, its hidden program's, or
    /// its program's environment form (`INV-GROUND-8`).
    pub text: String,
    /// The policy's answer for that text.
    pub check: CheckResult,
}

impl std::fmt::Display for GroundViolation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match self.traced {
            Some(TracedRecord::Opened(_)) => "a program opened a file, judged as",
            Some(TracedRecord::Program(_)) => "a program exec'd",
            None => "bash executed",
        };
        write!(
            f,
            "{what} {:?}, which the policy answers {}",
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
            let program = match basis {
                Basis::Text => executed.hidden_program(),
                Basis::Argv => executed.argv.as_deref().map(program_text),
                Basis::ThroughInner | Basis::Substitutions => None,
            }
            .map(|text| {
                let check = policy.advisory(&text);
                (text, check)
            });
            let environment = unjudged_environment(execution, executed).map(|text| {
                let check = policy.advisory(&text);
                (text, check)
            });
            GroundJudgement {
                index,
                basis,
                check,
                program,
                environment,
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
    match ground_violations(policy, execution).into_iter().next() {
        Some(violation) => Err(violation),
        None => Ok(()),
    }
}

/// Every executed command of `execution` that `policy` does not cover, in
/// the order bash ran them (`INV-GROUND-5`): [`check_ground`] reports the
/// first; the soundness run looks past the ones that are blind spots of the
/// check itself (`INV-KNOWN-2`).
#[must_use]
pub fn ground_violations(policy: &Policy, execution: &Execution) -> Vec<GroundViolation> {
    let allows = |check: &CheckResult| check.state == PermissionState::Allow;
    let mut violations = Vec::new();
    for judgement in judge_ground(policy, execution) {
        let text = || {
            execution
                .commands
                .get(judgement.index)
                .map(|c| c.text.clone())
                .unwrap_or_default()
        };
        let failed = match (judgement.check, judgement.program, judgement.environment) {
            (Some(check), _, _) if !allows(&check) => Some((text(), check)),
            (_, Some((program, check)), _) if !allows(&check) => Some((program, check)),
            (_, _, Some((environment, check))) if !allows(&check) => Some((environment, check)),
            _ => None,
        };
        if let Some((text, check)) = failed {
            violations.push(GroundViolation {
                index: judgement.index,
                traced: None,
                text,
                check,
            });
        }
    }
    // The real mode's programs and opens (INV-GROUND-10, INV-GROUND-11).
    for traced in traced_violations(policy, execution) {
        // A program judged through a bash record is that record's, as a
        // stub's argv is: the classifiers read the record.
        let record = match traced.record {
            TracedRecord::Program(i) => usize::try_from(i)
                .ok()
                .and_then(|i| execution.programs.get(i))
                .and_then(|p| p.record),
            TracedRecord::Opened(_) => None,
        };
        violations.push(GroundViolation {
            index: record.unwrap_or(execution.commands.len()),
            traced: Some(traced.record),
            text: traced.text,
            check: traced.check,
        });
    }
    violations
}

/// `INV-GROUND-6`: a transparent wrapper that ran an inner command is
/// judged through it (a command runner is not, `INV-GROUND-9`);
/// an assignment-only or redirection-only command and a compound command's
/// head by their substitutions; a command whose rendering does not parse by
/// its argv (`INV-GROUND-7`); everything else by its text.
fn basis(executed: &Executed) -> Basis {
    if executed.judged_through_inner() {
        Basis::ThroughInner
    } else if names_no_command(&executed.text)
        || (executed.argv.is_none()
            && (is_compound_head(&executed.text) || is_timed_pipeline(&executed.text)))
    {
        Basis::Substitutions
    } else if executed.argv.is_some() && !parses_cleanly(&executed.text) {
        Basis::Argv
    } else {
        Basis::Text
    }
}

/// The text parses without an `ERROR` or `MISSING` node (a parser that
/// cannot load counts as not: the argv is judged).
fn parses_cleanly(text: &str) -> bool {
    let Ok(mut parser) = crate::policy::units::bash_parser() else {
        return false;
    };
    parser
        .parse(text, None)
        .is_some_and(|tree| !tree.root_node().has_error())
}

/// The head of a compound command as bash's `DEBUG` trap renders it
/// (`INV-GROUND-4`): `for x in …` and `select x in …` (completed with
/// `; do :; done`, parsed as exactly that loop), `case … in` (completed
/// with ` esac`, a case with no items), `[[ … ]]` and `(( … ))` (parsed
/// alone as exactly that test or arithmetic command), without error.
/// Whether `text` starts with bash's `time` keyword (`INV-GROUND-6`): the
/// keyword runs no program, and the commands of the timed pipeline are
/// entries of their own (`time echo hi & !`: the null command `!` fires the
/// trap with the text before it, `time echo hi`). The caller has checked
/// that no stub ran for it: the program `time` records its argv.
fn is_timed_pipeline(text: &str) -> bool {
    text.strip_prefix("time")
        .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t']))
}

fn is_compound_head(text: &str) -> bool {
    let starts_with_word = |word: &str| {
        text.strip_prefix(word)
            .is_some_and(|rest| rest.starts_with([' ', '\t', '(']))
    };
    let (completed, kind) = if starts_with_word("for") || starts_with_word("select") {
        (format!("{text}; do :; done"), "for_statement")
    } else if starts_with_word("case") {
        (format!("{text} esac"), "case_statement")
    } else if text.starts_with("[[") {
        (text.to_owned(), "test_command")
    } else if text.starts_with("((") {
        (text.to_owned(), "compound_statement")
    } else {
        return false;
    };
    let Ok(mut parser) = crate::policy::units::bash_parser() else {
        return false;
    };
    let Some(tree) = parser.parse(&completed, None) else {
        return false;
    };
    let root = tree.root_node();
    if root.has_error() || root.named_child_count() != 1 {
        return false;
    }
    let Some(statement) = root.named_child(0) else {
        return false;
    };
    let whole = statement.start_byte() == 0 && statement.end_byte() == completed.len();
    let tail_is_ours = match kind {
        "for_statement" => statement
            .child_by_field_name("body")
            .is_some_and(|body| completed.get(body.byte_range()) == Some("do :; done")),
        "case_statement" => {
            let mut cursor = statement.walk();
            let items = statement
                .named_children(&mut cursor)
                .filter(|c| c.kind() == "case_item")
                .count();
            items == 0
        }
        _ => true,
    };
    statement.kind() == kind && whole && tail_is_ours
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

    /// INV-GROUND-6: which texts are bash's report of a timed pipeline.
    #[test]
    fn inv_ground_6_timed_pipeline_table() {
        let rows = [
            ("time echo hi", true),
            ("time -p make", true),
            ("time", true),
            ("timeout 5 ls", false),
            ("times", false),
            ("\\time ls", false),
        ];
        for (text, want) in rows {
            assert_eq!(is_timed_pipeline(text), want, "{text:?}");
        }
    }

    /// INV-GROUND-6: which texts are compound heads that run no program.
    #[test]
    fn inv_ground_6_compound_head_table() {
        let rows = [
            ("for i in 1 2", true),
            ("for i in 1 $(echo 2)", true),
            ("for i", true),
            ("select x in a b", true),
            ("case $(pwd) in ", true),
            ("[[ -n $(id) ]]", true),
            ("(( 1 + $(echo 2) ))", true),
            ("((i++))", true),
            ("for i in 1; do rm x; done", false),
            ("for i in 1; rm x", false),
            ("case x in a) rm x;; esac", false),
            ("case x in a) rm x;;", false),
            ("[[ -n x ]] && rm x", false),
            ("( (rm x) )", false),
            ("format x", false),
            ("'for' i in 1", false),
            ("rm x", false),
        ];
        for (text, want) in rows {
            assert_eq!(is_compound_head(text), want, "{text:?}");
        }
    }

    /// INV-GROUND-7: a rendering that does not parse is judged by its argv.
    #[test]
    fn inv_ground_7_unparseable_rendering_table() {
        assert!(!parses_cleanly("cat 'a b' \\\t"));
        assert!(parses_cleanly("cat 'a b'"));
        assert_eq!(
            program_text(&["/usr/bin/cat".to_owned(), "a b".to_owned(), "\t".to_owned()]),
            crate::ground::quote_words(&["cat".to_owned(), "a b".to_owned(), "\t".to_owned()])
        );
    }
}
