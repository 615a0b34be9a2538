//! `INV-GROUND` over the real mode's records (spec §6.2, `INV-GROUND-10`,
//! `INV-GROUND-11`): every program exec'd below the command's bash that is
//! no program's own machinery, and every file a program opened.

use serde::Serialize;

use crate::ground::{program_text, quote_words, Execution, Traced};
use crate::policy::{CheckResult, Policy};
use crate::verdict::PermissionState;

/// What a traced violation is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind", content = "index")]
#[non_exhaustive]
pub enum TracedRecord {
    /// The program at this index of [`Execution::programs`].
    Program(u32),
    /// The open at this index of [`Execution::opened`].
    Opened(u32),
}

/// A traced program or open the policy does not cover.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct TracedViolation {
    /// Which record.
    pub record: TracedRecord,
    /// The text judged.
    pub text: String,
    /// The policy's answer for it.
    pub check: CheckResult,
}

/// `INV-GROUND-10`: each traced program that is not machinery is judged
/// by its argv, as the text `program_text` makes of it (its basename, then
/// its arguments, shell-quoted), which the policy must allow; a program
/// whose `argv[0]` names another file than the one exec'd is judged by
/// that file's basename too (`Traced::renamed`).
/// `INV-GROUND-11`: each file a program opened (not the command's bash,
/// whose opens are its redirections, INV-GROUND-7; not `/proc`, `/sys`,
/// `/dev`) is judged as a word of the program whose words are responsible
/// for it — the opener, or for machinery its nearest judged ancestor —
/// appended to that program's text, by its absolute path and, when it lies
/// below the opener's working directory, by its path relative to it: a
/// rule that denies either is a violation (unless it denies the program's
/// text alone too, which the exec's judgement already reports).
#[must_use]
pub fn traced_violations(policy: &Policy, execution: &Execution) -> Vec<TracedViolation> {
    let allows = |check: &CheckResult| check.state == PermissionState::Allow;
    let mut violations = Vec::new();
    for (index, traced) in execution.programs.iter().enumerate() {
        // Machinery is not judged. A program judged through a bash record
        // (its argv is that record's, INV-GROUND-6, INV-GROUND-7) is judged
        // there, and by its argv only where a rule denies it: a word the
        // rule did not match as written reaches the program as what the
        // rule names (`cat ~/.ss''h/id_rsa` runs `cat /home/…/.ssh/id_rsa`).
        if traced.machinery.is_some() {
            continue;
        }
        // Judged by the name it was given and, when the file it runs is
        // another (`exec -a x git push`), by that file's name too.
        let given = program_text(&traced.argv);
        let by_file = traced.renamed().map(|_| program_text(&by_its_file(traced)));
        // A loader's client ran in its process with no exec of its own
        // (`ld.so /usr/bin/rm -rf x`): judged as though exec'd, by no record.
        let client = traced.loader_client().map(program_text);
        let texts = std::iter::once((given, traced.record.is_some()))
            .chain(by_file.map(|text| (text, traced.record.is_some())))
            .chain(client.map(|text| (text, false)));
        for (text, recorded) in texts {
            let check = policy.advisory(&text);
            let uncovered = if recorded {
                check.state == PermissionState::Deny
            } else {
                !allows(&check)
            };
            if uncovered {
                violations.push(TracedViolation {
                    record: TracedRecord::Program(index_of(index)),
                    text,
                    check,
                });
                break;
            }
        }
    }
    for (index, opened) in execution.opened.iter().enumerate() {
        let Some(by) = opened.by else { continue };
        if ["/proc/", "/sys/", "/dev/"]
            .iter()
            .any(|system| opened.path.starts_with(system))
        {
            continue;
        }
        let Some(responsible) = responsible(execution, by) else {
            continue;
        };
        // A renamed opener is judged by the file it runs (`exec -a ls cat
        // secret.txt` reads as cat).
        let base = program_text(&by_its_file(responsible));
        if policy.advisory(&base).state == PermissionState::Deny {
            continue;
        }
        let cwd = execution.programs.get(by).map_or("", |p| p.cwd.as_str());
        let mut forms = vec![opened.path.clone()];
        if let Some(relative) = opened
            .path
            .strip_prefix(cwd)
            .filter(|_| !cwd.is_empty())
            .and_then(|rest| rest.strip_prefix('/'))
            .filter(|rest| !rest.is_empty())
        {
            forms.push(relative.to_owned());
        }
        for form in forms {
            let text = format!("{base} {}", quote_words(&[form]));
            let check = policy.advisory(&text);
            if check.state == PermissionState::Deny {
                violations.push(TracedViolation {
                    record: TracedRecord::Opened(index_of(index)),
                    text,
                    check,
                });
                break;
            }
        }
    }
    violations
}

/// The program whose words an open by program `by` is judged with: `by`
/// itself, or, when it is machinery, its nearest ancestor that is not (the
/// command's bash excepted).
fn responsible(execution: &Execution, by: usize) -> Option<&Traced> {
    let opener = execution.programs.get(by)?;
    let pids = std::iter::once(opener.pid).chain(opener.parents.iter().map(|p| p.pid));
    for pid in pids {
        // The latest image of that process that is judged (a `#!` script's
        // interpreter is machinery; the script's own exec, before it, is not).
        if let Some(found) = execution
            .programs
            .get(..=by)
            .unwrap_or_default()
            .iter()
            .rev()
            .find(|p| p.pid == pid && p.machinery.is_none())
        {
            return Some(found);
        }
    }
    None
}

/// The argv with its first word the name of the file that ran, when
/// that is another than `argv[0]`'s (`Traced::renamed`).
fn by_its_file(traced: &Traced) -> Vec<String> {
    let mut argv = traced.argv.clone();
    if let (Some(name), Some(first)) = (traced.renamed(), argv.first_mut()) {
        name.clone_into(first);
    }
    argv
}

fn index_of(index: usize) -> u32 {
    u32::try_from(index).unwrap_or(u32::MAX)
}
