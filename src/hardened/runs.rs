//! Commands that run code the rules cannot see (spec §12.5, `HARD-RUN-*`).
//!
//! A rule judges a command by its words. When those words are a program in
//! another language, a script on standard input, or a builtin that changes
//! what later commands mean, the words say nothing about what runs: such a
//! command is floored to `ask`, whatever rule matches it.

use super::Clause;

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

/// Shells: code on standard input unless a script file is named (`HARD-RUN-2`).
pub const SHELLS: [&str; 11] = [
    "bash", "sh", "dash", "zsh", "ksh", "mksh", "yash", "fish", "csh", "tcsh", "busybox",
];

/// Interpreters and the flags that take an inline program (`HARD-RUN-3`).
/// Short flags count inside a cluster (`-Bc`); with no operand they read
/// their program from standard input.
pub const INTERPRETERS: [(&str, &[&str], &[char]); 12] = [
    ("python", &[], &['c']),
    ("pypy", &[], &['c']),
    ("node", &["--eval", "--print"], &['e', 'p']),
    ("nodejs", &["--eval", "--print"], &['e', 'p']),
    ("bun", &["--eval", "--print"], &['e', 'p']),
    ("deno", &["eval", "repl"], &[]),
    ("perl", &[], &['e', 'E']),
    ("ruby", &[], &['e']),
    ("php", &[], &['r']),
    ("lua", &[], &['e']),
    ("Rscript", &[], &['e']),
    ("osascript", &[], &['e']),
];

/// Programs whose every argument list is a program (`HARD-RUN-3`): awk's
/// `system()`, sed's `e` and `w` commands.
pub const PROGRAM_TAKERS: [&str; 6] = ["awk", "gawk", "mawk", "nawk", "sed", "gsed"];

/// The clause that floors a command named `name` (dequoted basename) with
/// arguments `args` (dequoted where literal), if any.
#[must_use]
pub fn runs_code<S: AsRef<str>>(name: &str, args: &[S]) -> Option<Clause> {
    let args: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
    if CODE_BUILTINS.contains(&name) || (name == "printf" && args.contains(&"-v")) {
        return Some(Clause::RunBuiltin);
    }
    if SHELLS.contains(&name) {
        return reads_stdin(&args).then_some(Clause::RunShellStdin);
    }
    if PROGRAM_TAKERS.contains(&name) {
        return Some(Clause::RunInline);
    }
    if name == "git" && git_config_override(&args) {
        return Some(Clause::RunInline);
    }
    let family = interpreter_family(name)?;
    let (_, long, short) = INTERPRETERS.iter().find(|(n, _, _)| *n == family)?;
    let inline = args.iter().any(|arg| {
        long.contains(arg)
            || (arg.starts_with('-')
                && !arg.starts_with("--")
                && arg.chars().skip(1).any(|c| short.contains(&c)))
    });
    (inline || reads_stdin(&args)).then_some(Clause::RunInline)
}

/// `python3.11` -> `python`, `nodejs` stays; `None` for anything else.
fn interpreter_family(name: &str) -> Option<&'static str> {
    let stem = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    INTERPRETERS
        .iter()
        .map(|(n, _, _)| *n)
        .find(|n| *n == name || *n == stem)
}

/// True when no argument names a script: no operand, or `-`, `-s`, `-i`.
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
            "--" => return index + 1 >= args.len(),
            _ if arg.starts_with('-') || arg.starts_with('+') => {}
            _ => return false,
        }
    }
    true
}

/// `git -c …`, `--config-env`, `--exec-path=…` before the subcommand: a
/// config value or helper path that can name a program to run.
fn git_config_override(args: &[&str]) -> bool {
    for arg in args {
        if *arg == "-c" || arg.starts_with("--config-env") || arg.starts_with("--exec-path") {
            return true;
        }
        if !arg.starts_with('-') {
            return false;
        }
    }
    false
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
                Some(Clause::RunInline),
            ),
            ("git", &["log", "-c"], None),
            ("ls", &["-la"], None),
        ];
        for (name, args, want) in rows {
            assert_eq!(runs_code(name, args), *want, "{name} {args:?}");
        }
    }
}
