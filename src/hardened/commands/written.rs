//! A file the command writes, run by the same command (spec §12.7,
//! `HARD-EFFECT-7`).
//!
//! The rules judge a program by its name and words; a file the command
//! itself writes, copies or links has whatever content the command gave
//! it, which no rule saw: `echo 'rm -rf x' > s.sh && bash s.sh` runs `rm`,
//! and `ln -s /bin/rm ls2 && ./ls2 -rf x` runs rm under another name. So a
//! judgement that runs a file some judgement of the command writes — its
//! command word when that is a path, a script operand of a shell or an
//! interpreter, the makefile make reads — asks. Matched by basename, in no
//! order (a loop runs a later write before an earlier command), and a
//! write or a run whose name only run time knows matches every one.

use crate::hardened::commands::judgement::Judgement;
use crate::hardened::contract::names::stem;
use crate::hardened::contract::programs::{self, Program, Quirk};
use crate::hardened::words::values::Word;

/// The makefiles GNU make reads when no `-f` names one (make(1)).
const DEFAULT_MAKEFILES: &[&str] = &["GNUmakefile", "makefile", "Makefile"];

/// Write targets that are no file a program could be run from.
const NOT_FILES: &[&str] = &["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"];

/// For each judgement, whether it runs a file a judgement of the command
/// writes (`HARD-EFFECT-7`).
#[must_use]
pub fn runs_written(judgements: &[Judgement]) -> Vec<bool> {
    let written: Vec<Option<String>> = judgements
        .iter()
        .flat_map(|j| j.writes.iter())
        .flat_map(|write| write.get(1..).unwrap_or_default())
        .map(Word::exact_text)
        .filter(|target| {
            target.as_deref().is_none_or(|t| {
                !NOT_FILES.contains(&t) && !t.starts_with("/dev/fd/") && !t.starts_with("/proc/")
            })
        })
        .map(|target| target.map(|t| basename(&t).to_owned()))
        .collect();
    judgements
        .iter()
        .map(|judgement| {
            !written.is_empty()
                && judgement.spelled.iter().any(|words| {
                    run_files(words).iter().any(|run| {
                        written
                            .iter()
                            .any(|w| same_file(w.as_deref(), run.as_deref()))
                    })
                })
        })
        .collect()
}

/// Whether a written file and a run one may be the same: by basename, and
/// any name run time decides may be any file.
fn same_file(written: Option<&str>, run: Option<&str>) -> bool {
    match (written, run) {
        (Some(written), Some(run)) => written == basename(run),
        _ => true,
    }
}

/// The files a word list runs as code: its command word when that is a
/// path (`./s.sh`, `/tmp/x`), every operand of a shell or an interpreter
/// (`bash s.sh`, `python3 s.py`), the makefiles of make. `None` stands for
/// a word only run time knows.
fn run_files(words: &[Word]) -> Vec<Option<String>> {
    let Some(first) = words.first() else {
        return Vec::new();
    };
    let Some(program) = first.exact_text() else {
        return vec![None];
    };
    let mut files = Vec::new();
    if program.contains('/') {
        files.push(Some(program.clone()));
    }
    let name = basename(&program);
    let runs_operands = programs::named(name, stem(name), |row: &Program| {
        row.shell() || row.takes_program() || row.inline().is_some()
    });
    let operands = || {
        words
            .iter()
            .skip(1)
            .map(Word::exact_text)
            .filter(|w| w.as_deref().is_none_or(|w| !w.starts_with('-')))
    };
    if runs_operands {
        files.extend(operands());
    }
    if programs::named(name, stem(name), |row| row.has(Quirk::MakefileAndVariables)) {
        files.extend(DEFAULT_MAKEFILES.iter().map(|m| Some((*m).to_owned())));
        files.extend(operands());
    }
    files
}

fn basename(path: &str) -> &str {
    path.trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(path)
}

#[cfg(test)]
mod tests {
    use super::runs_written;
    use crate::hardened::commands::walk::judgements;

    /// HARD-EFFECT-7: which judgements run a file the command writes.
    #[test]
    fn hard_effect_7_a_written_file_run() {
        for (command, runs) in [
            ("echo 'rm -rf x' > s.sh && bash s.sh", true),
            ("ln -s /bin/rm ls2 && ./ls2 -rf x", true),
            ("cp /bin/rm x && ./x -rf y", true),
            ("tee t.sh <<< x > /dev/null; sh t.sh", true),
            ("printf 'x:\\n\\tls\\n' > Makefile && make", true),
            ("echo x > out/s.py; python3 s.py", true),
            ("bash s.sh > s.sh", true),
            // A target only run time knows may be any file.
            ("echo x > \"$F\"; bash s.sh", true),
            // A loop's one known word is its value (HARD-VALUE-2).
            ("for f in a; do echo x > \"$f\"; done; bash s.sh", false),
            ("./gradlew build > build.log 2>&1", false),
            ("echo hi > out.txt && cat out.txt", false),
            ("echo x > /dev/null && ./run.sh", false),
            ("bash s.sh", false),
            ("cargo build && ./target/debug/app", false),
        ] {
            let walked = judgements(command).expect("walks");
            let found = runs_written(&walked).into_iter().any(|r| r);
            assert_eq!(found, runs, "{command}");
        }
    }
}
