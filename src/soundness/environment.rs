//! What a variable of a program's environment names, seen in the real
//! mode (`INV-GROUND-10`, `INV-KNOWN-2`): set by anything but a leading
//! assignment of the program's own command (F-38), or by one (F-50).

use super::observation::GroundObservation;
use super::programs::{exec_of, names, ran_text, traced};
use crate::ground::assigned_names;

/// The variable of the environment of a program above the violation
/// that names what ran, nearest first, and whether a leading assignment of
/// the bash command that started that program assigned it (`LESSOPEN='|CMD
/// %s' less FILE`) or something else did (`set -a`, `export`, `declare -x`,
/// a `for` target: F-38).
fn naming_variable(o: &GroundObservation<'_>) -> Option<(String, bool)> {
    let program = traced(o)?;
    let ran = ran_text(&program.argv);
    let name = ran.split(' ').next().unwrap_or_default();
    program.parents.iter().find_map(|parent| {
        let exec = exec_of(o, parent.pid, &parent.argv)?;
        let variable = exec.environment.iter().find_map(|entry| {
            let (variable, value) = entry.split_once('=')?;
            (!value.is_empty() && names(value, name, &ran)).then_some(variable)
        })?;
        let leading = match exec.record.and_then(|r| o.execution.commands.get(r)) {
            Some(record) => assigned_names(&record.text).iter().any(|n| n == variable),
            // No record says how bash started it: a leading assignment is
            // one the command's text writes in front of a command word.
            None => {
                o.command.contains(&format!(" {variable}="))
                    || o.command.starts_with(&format!("{variable}="))
            }
        };
        Some((variable.to_owned(), leading))
    })
}

/// F-38 in the real mode: what ran is named by a variable of the
/// environment of a program above it (`export
/// 'npm_config_script_shell=/usr/bin/git'; npm test` runs `git -c …`; `set
/// -a; LESSOPEN='|CMD %s'; less FILE` runs `sh -c 'CMD FILE'`), which no
/// leading assignment of that program's command set.
pub(super) fn named_by_the_environment(o: &GroundObservation<'_>) -> bool {
    naming_variable(o).is_some_and(|(_, leading)| !leading)
}

/// F-50: what ran is named by a variable of the environment of a program
/// above it that a leading assignment of that program's own command set
/// (`LESSOPEN='|CMD %s' less FILE`, `GIT_SSH_COMMAND=CMD git fetch …`): the
/// matcher judges the command without its leading assignments.
pub(super) fn named_by_a_leading_assignment(o: &GroundObservation<'_>) -> bool {
    naming_variable(o).is_some_and(|(_, leading)| leading)
}
