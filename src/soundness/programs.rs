//! What a program the command's words started ran on its own, or what bash
//! lexed otherwise under a locale the command set, seen in the real mode
//! (`INV-GROUND-10`, `INV-GROUND-12`, `INV-KNOWN-2`): F-15, F-45, F-46,
//! F-48, and F-39's command runners and loaders.

use super::observation::GroundObservation;
use crate::ground::{Traced, COMMAND_RUNNERS, TRANSPARENT_WRAPPERS};
use crate::invariants::TracedRecord;
use crate::policy::floor::{INDIRECTION_NAMES, SHELL_NAMES};

/// Interpreters whose inline program (`awk 'BEGIN { system(…) }'`, GNU
/// `sed 'e …'`, `perl -e`, `python3 -c`, `node -e`) runs a command (F-15).
pub(super) const INTERPRETERS: &[&str] = &[
    "awk", "gawk", "mawk", "nawk", "sed", "perl", "python", "python3", "node", "nodejs", "ruby",
    "php", "tclsh", "expect", "lua",
];

/// Programs that read their commands from standard input whatever their
/// words, when it is no terminal (the vi family's keystrokes, `:!cmd`
/// among them; telnet's `!`): F-15's stream needs no argument for them.
/// Programs that read a program from a stream only when a word names it
/// (`make -f /dev/stdin`): not interpreters of inline code.
const STREAM_READERS: &[&str] = &["make", "gmake"];

const KEYSTROKE_READERS: &[&str] = &[
    "vi",
    "vim",
    "nvim",
    "view",
    "vimdiff",
    "gvim",
    "rvim",
    "vim.basic",
    "vim.tiny",
    "telnet",
];

/// Locales under which a character's last byte may be read with a `\`
/// after it (F-48): the two-byte encodings whose second byte may be 0x5C.
const BACKSLASH_LOCALES: &[&str] = &["gbk", "gb18030", "big5", "gb2312", "sjis", "shift_jis"];

/// The basename of a path.
pub(super) fn base(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// The traced program the violation is, if it is one.
pub(super) fn traced<'a>(o: &GroundObservation<'a>) -> Option<&'a Traced> {
    match o.violation.traced {
        Some(TracedRecord::Program(i)) => o.execution.programs.get(usize::try_from(i).ok()?),
        _ => None,
    }
}

/// What an exec ran, as text: the string of a shell's `-c`, else its argv
/// after the program, with the program's basename first.
pub(super) fn ran_text(argv: &[String]) -> String {
    let name = argv.first().map_or("", |a| base(a));
    if SHELL_NAMES.contains(&name) && argv.get(1).map(String::as_str) == Some("-c") {
        // git runs an editor or a pager as `sh -c 'EDITOR "$@"' …`.
        let string = argv.get(2).map_or("", String::as_str);
        return string.trim_end_matches(" \"$@\"").to_owned();
    }
    std::iter::once(name)
        .chain(argv.iter().skip(1).map(String::as_str))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether the argument `arg` names `name` (the program that ran) or holds
/// `ran` (what ran): the argument is the name, an option's attached value
/// (`--script-shell=rm`, `-Irm`), an alias `!rm …`, or holds the command.
pub(super) fn names(arg: &str, name: &str, ran: &str) -> bool {
    if name.is_empty() {
        return false;
    }
    // git appends the repository to an upload-pack or receive-pack
    // command: what the setting names is what comes before that quote.
    let ran = ran.split(" '").next().unwrap_or(ran);
    let short_attached = arg.starts_with('-')
        && !arg.starts_with("--")
        && arg.len() == 2 + name.len()
        && arg.ends_with(name);
    arg == name
        || fills_a_template(arg, name, ran)
        || (arg.starts_with('/') && base(arg) == name)
        || arg.ends_with(&format!("={name}"))
        || arg.ends_with(&format!("=/usr/bin/{name}"))
        || short_attached
        || arg.contains(&format!("!{name}"))
        || (ran.contains(' ') && arg.contains(ran))
}

/// Whether `arg` is a command template a program fills in and runs (less's
/// `LESSOPEN='|CMD %s'`, run as `sh -c 'CMD FILE'`): after the marks that
/// say how to read its output (`|`, `||`, `-`), it starts with `name`, and
/// its literal pieces around each `%s` stand in `ran` in order.
fn fills_a_template(arg: &str, name: &str, ran: &str) -> bool {
    let template = arg.trim_start_matches(['|', '-']).trim_start();
    if !template.contains("%s") || !template.starts_with(name) {
        return false;
    }
    let mut rest = ran;
    template
        .split("%s")
        .map(str::trim)
        .filter(|piece| !piece.is_empty())
        .all(|piece| match rest.find(piece) {
            Some(at) => {
                rest = rest.get(at + piece.len()..).unwrap_or_default();
                true
            }
            None => false,
        })
}

/// The nearest program above the violation that the command's words
/// started and that is not a shell, a transparent wrapper, a command
/// runner (F-39) or an indirection (floored): its process id and argv, and
/// the argument of it that names what ran. (The parents run up to the
/// command's bash, whose own process may have exec'd the last program of
/// a list: that parent carries the program's argv.)
fn naming_ancestor(o: &GroundObservation<'_>) -> Option<(u32, Vec<String>, String)> {
    ancestor(o).filter(|(_, argv, _)| {
        let first = argv.first().map_or("", |a| base(a));
        !(TRANSPARENT_WRAPPERS.contains(&first)
            || COMMAND_RUNNERS.contains(&first)
            || INDIRECTION_NAMES.contains(&first))
    })
}

/// The nearest program above the violation that is no shell, whatever it
/// is, and the argument of it that names what ran, if one does.
fn ancestor(o: &GroundObservation<'_>) -> Option<(u32, Vec<String>, String)> {
    let program = traced(o)?;
    let ran = ran_text(&program.argv);
    // A program whose name holds blanks (wget's `--use-askpass` value
    // `rm -rf x` is run as one file name) is named by its whole name.
    let whole = program.argv.first().map_or("", |a| base(a));
    let name = if whole.contains(' ') {
        whole.to_owned()
    } else {
        ran.split(' ').next().unwrap_or_default().to_owned()
    };
    let mut naming = None;
    // The program its process ran before this exec (perl's `exec` of
    // `dpkg-architecture --command …` replaces itself), then the parents.
    let replaced = program.replaced.iter().map(|argv| (program.pid, argv));
    let parents = program.parents.iter().map(|p| (p.pid, &p.argv));
    for (pid, argv) in replaced.chain(parents) {
        let first = argv.first().map_or("", |a| base(a));
        if SHELL_NAMES.contains(&first) || first == "env" && argv.len() > 1 {
            continue;
        }
        // Its environment: an argument may name a variable that holds what
        // ran (`git --config-env=alias.x=X` with `X='!rm -rf x'`).
        let environment = exec_of(o, pid, argv)
            .map(|p| p.environment.as_slice())
            .unwrap_or_default();
        let through_variable = |arg: &str| {
            arg.rsplit_once('=').is_some_and(|(_, variable)| {
                !variable.is_empty()
                    && environment.iter().any(|entry| {
                        entry
                            .strip_prefix(variable)
                            .and_then(|r| r.strip_prefix('='))
                            .is_some_and(|value| names(value, &name, &ran))
                    })
            })
        };
        let found = argv
            .iter()
            .skip(1)
            .find(|arg| names(arg, &name, &ran) || through_variable(arg))
            .cloned();
        // The nearest that names it: a program may hand the setting on to
        // a child of its own (`git difftool` to `git diff`) through its
        // environment, not its words.
        if let Some(arg) = found {
            naming = Some((pid, argv.clone(), arg));
            break;
        }
    }
    naming
}

/// The exec of process `pid` that ran `argv` (a process that exec'd in
/// place ran several: the command's bash, then the last program of a list).
pub(super) fn exec_of<'a>(
    o: &GroundObservation<'a>,
    pid: u32,
    argv: &[String],
) -> Option<&'a Traced> {
    let mut same = o.execution.programs.iter().filter(|p| p.pid == pid);
    same.clone()
        .find(|p| p.argv == argv || p.started_as.as_deref() == Some(argv))
        .or_else(|| same.find(|p| p.record.is_some()))
}

/// F-39 in the real mode: what ran was started by a command runner the
/// command's words started (`script -qc 'rm -rf x' /dev/null`, `flock f
/// -c …`), whose argument names it. (The stub mode's classifier reads the
/// runner stub's records, which the real mode does not make.)
/// Also a runner's engine: a program its process exec'd with the runner's
/// own words (valgrind's `/usr/bin/valgrind` execs `valgrind.bin -q rm -rf
/// x`, which loads `rm` without an exec of its own, so nothing below it is
/// recorded).
pub(super) fn run_by_a_real_command_runner(o: &GroundObservation<'_>) -> bool {
    let is_runner =
        |argv: &[String]| COMMAND_RUNNERS.contains(&argv.first().map_or("", |a| base(a)));
    ancestor(o).is_some_and(|(_, argv, _)| is_runner(&argv))
        || traced(o).is_some_and(|program| {
            o.execution.programs.iter().any(|earlier| {
                earlier.pid == program.pid
                    && is_runner(&earlier.argv)
                    && earlier.argv.get(1..) == program.argv.get(1..)
                    && program.argv.len() > 1
            })
        })
}

/// F-39 in the real mode, a loader: what ran is the client a loader ran in
/// its own process (`ld.so /usr/bin/rm -rf x`, valgrind's tool), which
/// the oracle judges as though exec'd (`INV-GROUND-10`); the loader runs
/// the command its arguments name, as a command runner does.
pub(super) fn run_by_a_loader(o: &GroundObservation<'_>) -> bool {
    traced(o).is_some_and(|program| {
        program
            .loader_client()
            .is_some_and(|client| crate::ground::program_text(client) == o.violation.text)
    })
}

/// The program the argv ran, past a `#!` interpreter (`node /usr/bin/npm`
/// is npm).
pub(super) fn program_name(argv: &[String]) -> &str {
    let first = argv.first().map_or("", |a| base(a));
    match argv.get(1) {
        Some(script)
            if ["node", "python3", "perl"].contains(&first)
                && script.contains('/')
                && !script.starts_with('-')
                && !script.starts_with("/dev/")
                && !script.starts_with("/proc/") =>
        {
            base(script)
        }
        _ => first,
    }
}

/// F-15: what ran was started by an interpreter the command's words
/// started, and one of the interpreter's own arguments — its inline
/// program — holds it (`awk 'BEGIN { system("rm -rf x") }'` runs `sh -c
/// 'rm -rf x'`; `sed -n '1e rm -rf x'`). The policy judged the interpreter
/// by its words, in which the command is data.
pub(super) fn run_by_an_inline_program(o: &GroundObservation<'_>) -> bool {
    naming_ancestor(o).is_some_and(|(_, argv, _)| INTERPRETERS.contains(&program_name(&argv)))
}

/// The text of the bash command that started the process `pid` (the
/// record of its first exec that has one), quotes removed.
fn record_text_of(o: &GroundObservation<'_>, pid: u32, argv: &[String]) -> Option<String> {
    // A program's own child (`git remote-ext`) has no record: the bash
    // command that started the whole chain is the violation's own.
    let record = exec_of(o, pid, argv).and_then(|p| p.record).or_else(|| {
        let program = traced(o)?;
        std::iter::once(program.pid)
            .chain(program.parents.iter().map(|p| p.pid))
            .find_map(|pid| {
                o.execution
                    .programs
                    .iter()
                    .filter(|p| p.pid == pid)
                    .find_map(|p| p.record)
            })
    })?;
    let text = &o.execution.commands.get(record)?.text;
    Some(text.replace(['\'', '"', '\\'], ""))
}

/// F-46: what ran is named by an option or a setting that a program the
/// command's words started reads — written so in the command
/// (`tar -xf x.tar --to-command='rm -rf x'`, `git -c alias.x='!rm -rf x'
/// x`, `install -s --strip-program=sudo …`, `npm test --script-shell=rm`):
/// the program's argument that names it stands, quotes aside, in the bash
/// command that started the program. Not an interpreter's inline program
/// (F-15), tried before.
pub(super) fn named_by_a_program_option(o: &GroundObservation<'_>) -> bool {
    let Some((pid, argv, arg)) = naming_ancestor(o) else {
        return false;
    };
    !INTERPRETERS.contains(&program_name(&argv))
        && record_text_of(o, pid, &argv).is_some_and(|text| text.contains(&arg))
}

/// F-45: as F-46, but the argument that names what ran is not written in
/// the bash command that started the program: a value bash knew put it
/// there (`npm test "$v"` after `read -r v <<< '--script-shell=rm'`, `npm
/// test $PWD` in a directory named `w --script-shell=rm`, the
/// commit-message idiom).
pub(super) fn named_by_a_known_value(o: &GroundObservation<'_>) -> bool {
    let Some((pid, argv, arg)) = naming_ancestor(o) else {
        return false;
    };
    !INTERPRETERS.contains(&program_name(&argv))
        && record_text_of(o, pid, &argv)
            .is_some_and(|text| !text.contains(&arg) && ["$", "`"].iter().any(|s| text.contains(s)))
}

/// F-48: the command sets `LC_ALL`, `LC_CTYPE` or `LANG` to a locale whose
/// two-byte characters may end in `\` (GBK, GB18030, BIG5, Shift JIS), and
/// holds a byte of a multibyte character right before a backslash: bash,
/// reading the rest under that locale, takes the backslash as the
/// character's second byte, so the escape the policy's parse saw is gone.
pub(super) fn lexed_under_another_locale(o: &GroundObservation<'_>) -> bool {
    let lower = o.command.to_ascii_lowercase();
    let sets = ["lc_all=", "lc_ctype=", "lang="].iter().any(|name| {
        lower.match_indices(name).any(|(at, _)| {
            let before = lower.get(..at).and_then(|b| b.chars().last());
            let value = lower.get(at + name.len()..).unwrap_or_default();
            before.is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'))
                && BACKSLASH_LOCALES.iter().any(|l| {
                    value
                        .split(['\n', ';', ' '])
                        .next()
                        .unwrap_or_default()
                        .contains(l)
                })
        })
    });
    sets && o
        .command
        .as_bytes()
        .windows(2)
        .any(|w| w.first().is_some_and(|b| *b >= 0x80) && w.get(1) == Some(&b'\\'))
}

/// F-15, the program on a stream: what ran was started by an interpreter
/// reading its program from standard input or a descriptor (`awk -f
/// /dev/stdin <<< …`, `perl /dev/fd/0`, `tclsh /dev/stdin`, a bare
/// `tclsh`, `make -f /dev/stdin`, the vi family's keystrokes), and the
/// command's text holds what ran (in the here-string or the pipe).
pub(super) fn run_by_a_program_on_a_stream(o: &GroundObservation<'_>) -> bool {
    let Some(program) = traced(o) else {
        return false;
    };
    let ran = ran_text(&program.argv);
    let replaced = program.replaced.iter();
    let above = replaced.chain(program.parents.iter().map(|p| &p.argv));
    let interpreter = above
        .filter(|argv| !SHELL_NAMES.contains(&argv.first().map_or("", |a| base(a))))
        .find(|argv| {
            let name = program_name(argv);
            INTERPRETERS.contains(&name)
                || KEYSTROKE_READERS.contains(&name)
                || STREAM_READERS.contains(&name)
        });
    interpreter.is_some_and(|argv| {
        let name = program_name(argv);
        // An interpreter with no word at all reads its program from
        // standard input (`echo 'exec rm' | tclsh`).
        let bare = INTERPRETERS.contains(&name) && argv.len() == 1;
        KEYSTROKE_READERS.contains(&name)
            || bare
            || argv.iter().skip(1).any(|a| {
                a == "-"
                    || a.starts_with("/dev/stdin")
                    || a.starts_with("/dev/fd/")
                    || a.starts_with("/proc/self/fd/")
            })
    }) && !ran.is_empty()
        && o.command.contains(&ran)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_argument_names_what_ran() {
        assert!(names("--script-shell=rm", "rm", "rm -c node test.js"));
        assert!(names("-Irm", "rm", "rm"));
        assert!(names("alias.x=!rm -rf x", "rm", "rm -rf x"));
        assert!(names("--to-command=rm -rf x", "rm", "rm -rf x"));
        assert!(names("sudo", "sudo", "sudo x.out"));
        assert!(names("!rm -rf x", "rm", "rm -rf x"));
        assert!(!names("README.md", "rm", "rm -rf x"));
        assert!(!names("--format", "rm", "rm"));
        assert_eq!(
            ran_text(&["/bin/sh".into(), "-c".into(), "rm -rf x".into()]),
            "rm -rf x"
        );
    }
}
