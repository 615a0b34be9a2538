//! F-51 in the real mode: what ran came from a file the command itself
//! wrote, copied or linked (`INV-GROUND-10`, `INV-KNOWN-2`).

use super::observation::GroundObservation;
use super::programs::{base, program_name, traced, INTERPRETERS};
use crate::policy::floor::SHELL_NAMES;

/// The makefiles GNU make reads when no `-f` names one (make(1)).
const DEFAULT_MAKEFILES: &[&str] = &["GNUmakefile", "makefile", "Makefile"];

/// make's names.
const MAKES: &[&str] = &["make", "gmake"];

/// F-51: what ran came from a file the command wrote: a shell, an
/// interpreter or make above it ran a file some process of the command
/// opened for writing (`echo 'rm -rf x' > s.sh && bash s.sh`, `printf
/// 'x:\n\trm -rf y\n' > Makefile && make`); or it was exec'd by such a
/// file's path (`./s.sh`, with a `#!` line or without one, which bash
/// then runs itself); or its own file is a link the command made to
/// another program (`ln -s /usr/bin/rm p && ./p -rf x`, judged by the
/// file the kernel ran).
pub(super) fn run_from_a_written_file(o: &GroundObservation<'_>) -> bool {
    let written: Vec<&str> = o
        .execution
        .opened
        .iter()
        .filter(|opened| opened.write)
        .map(|opened| base(&opened.path))
        .collect();
    let is_written = |word: &str| written.contains(&base(word));
    let Some(program) = traced(o) else {
        // A record of bash's: a script with no `#!` line that bash runs in
        // the process whose exec of it failed, trap and all.
        return o.execution.programs.iter().any(|tried| {
            tried.failed.is_some() && tried.argv.first().is_some_and(|a| is_written(a))
        });
    };
    // A link the command made, run by its path in the sandbox's own
    // directories (no program of the system's lies there).
    let linked = program.in_the_sandbox() && program.renamed().is_some();
    let by_path = program.path.contains('/') && is_written(&program.path);
    let replaced = program.replaced.iter();
    let above = replaced.chain(program.parents.iter().map(|p| &p.argv));
    let run_by_a_reader = above.into_iter().any(|argv| {
        let name = program_name(argv);
        let make = MAKES.contains(&name);
        let reads_operands = make || SHELL_NAMES.contains(&name) || INTERPRETERS.contains(&name);
        let mut operands = argv.iter().skip(1).filter(|a| !a.starts_with('-'));
        (reads_operands && operands.any(|a| is_written(a)))
            || (make && DEFAULT_MAKEFILES.iter().any(|m| written.contains(m)))
            || argv
                .first()
                .is_some_and(|a| a.contains('/') && is_written(a))
    });
    // A script with no `#!` line: its exec fails (ENOEXEC) and bash runs
    // it in the process that tried, with no exec of its own.
    let failed_script = program.parents.iter().any(|parent| {
        o.execution.programs.iter().any(|tried| {
            tried.pid == parent.pid
                && tried.failed.is_some()
                && tried.argv.first().is_some_and(|a| is_written(a))
        })
    });
    linked || by_path || run_by_a_reader || failed_script
}
