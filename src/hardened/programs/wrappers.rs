//! Programs that run a command (spec §12.5, `HARD-RUN-4`).
//!
//! `taskset 1 rm -rf x` runs `rm -rf x`: a rule about `rm` must see it. Each
//! program here is read with its own option syntax, taken from its `--help`
//! on Debian 12 (coreutils 9.1, util-linux 2.38.1, findutils 4.9, procps
//! 4.0.2, strace 6.1, valgrind 3.19, fakeroot 1.31) and checked in bash
//! (each stops reading options at its first operand, except `choom` and
//! `uclampset`, which permute). What follows its options and operands is the
//! inner command, judged as a command of its own. Where the syntax is not
//! modelled — an unknown option, an option that runs a shell string, writes a
//! file or changes identity, root or namespaces — the program asks.

/// One program's grammar and quirks, read from its row of the contract.
#[derive(Debug, Clone, Copy)]
struct Program {
    grammar: &'static Grammar,
    row: &'static contract::Program,
}

impl Program {
    fn find(name: &str) -> Option<Program> {
        let row = contract::row(name)?;
        Some(Program {
            grammar: row.grammar()?,
            row,
        })
    }

    fn has(&self, quirk: Quirk) -> bool {
        self.row.has(quirk)
    }

    /// How a short option letter takes an argument: `None` unknown, else
    /// `Some(0)` none, `Some(1)` required, `Some(2)` optional attached.
    fn short_takes(&self, letter: char) -> Option<u8> {
        if letter == ':' {
            return None;
        }
        let short = self.grammar.short;
        let at = short.find(letter)?;
        let rest = short.get(at + letter.len_utf8()..).unwrap_or("");
        Some(if rest.starts_with("::") {
            2
        } else if rest.starts_with(':') {
            1
        } else {
            0
        })
    }

    /// Whether a long option takes an argument: `None` unknown.
    fn long_takes(&self, name: &str) -> Option<bool> {
        if self.grammar.long.contains(&name) || self.grammar.any_long {
            return Some(false);
        }
        self.grammar
            .long
            .iter()
            .any(|l| l.strip_suffix('=') == Some(name))
            .then_some(true)
    }
}

use crate::hardened::contract::names::SETARCH_ARCHITECTURES;
use crate::hardened::contract::programs::{self as contract, Grammar, Quirk};
use crate::hardened::contract::settings::{GIT_GLOBAL_FLAGS, GIT_GLOBAL_VALUES};
use crate::hardened::programs::inner::{Inner, Runs};

/// What the program `name` (a dequoted basename) runs with the dequoted
/// arguments `args`; `literal[i]` is false for an argument only run time knows.
#[must_use]
pub fn runs(name: &str, args: &[&str], literal: &[bool]) -> Runs {
    let name = contract::without_g(name);
    let stem = crate::hardened::contract::names::stem(name);
    if contract::named(name, stem, contract::Program::unread) {
        return Runs::Unsure;
    }
    if let Some(runs) = crate::hardened::programs::runners::runner(name, args, literal) {
        return runs;
    }
    if contract::row(name).is_some_and(|r| r.has(Quirk::ExecPrimaries)) {
        return find_exec(args);
    }
    let Some(program) = Program::find(name) else {
        // A versioned build of a program of the table (`timeout2`) is not
        // read: its options may differ.
        return match Program::find(stem) {
            Some(_) if stem != name => Runs::Unsure,
            _ => Runs::Nothing,
        };
    };
    let known = |upto: usize| literal.iter().take(upto).all(|l| *l);
    // watch runs `sh -c` on its joined arguments unless told to exec them.
    let execs = args
        .iter()
        .any(|a| *a == "--exec" || (a.starts_with('-') && !a.starts_with("--") && a.contains('x')));
    if program.has(Quirk::ShellUnlessExec) && !execs {
        return Runs::Unsure;
    }
    match read(&program, args) {
        Reading::Command(start) if !known(start + 1) => Runs::Unsure,
        Reading::Command(start) => {
            let permuted =
                program.grammar.permutes && args.iter().skip(start).any(|a| a.starts_with('-'));
            if permuted {
                return Runs::Unsure;
            }
            let (placeholder, appended) = xargs_items(&program, args, start);
            Runs::Commands(vec![Inner {
                start,
                end: args.len(),
                appended,
                placeholder,
            }])
        }
        Reading::NoCommand if program.grammar.shell_without_command => Runs::Unsure,
        Reading::NoCommand | Reading::ActsOnProcess if known(args.len()) => Runs::Nothing,
        _ => Runs::Unsure,
    }
}

enum Reading {
    Command(usize),
    NoCommand,
    ActsOnProcess,
    Unsure,
}

/// Reads options and operands; the index of the command's first word.
fn read(program: &Program, args: &[&str]) -> Reading {
    // `setarch -R linux32 cmd` and `setarch -R cmd` both run `cmd` (checked
    // in bash): after options, an architecture is optional, so a first
    // operand that names none is unsure.
    let arch_after_options = program.has(Quirk::OptionalArchitecture)
        && args.first().is_some_and(|a| a.starts_with('-'));
    let mut operands = 0;
    let mut i = 0;
    let mut options_done = false;
    let mut acts_on_process = false;
    while let Some(arg) = args.get(i) {
        let option_like = arg.starts_with('-') && *arg != "-" && !options_done;
        let options_allowed = operands == 0 || program.grammar.options_anywhere;
        if option_like && options_allowed {
            if *arg == "--" {
                options_done = true;
                i += 1;
                continue;
            }
            let name = option_name(arg);
            if program.grammar.unsure.contains(&name.as_str()) {
                return Reading::Unsure;
            }
            if program.grammar.acts_on_process.contains(&name.as_str()) {
                acts_on_process = true;
            }
            match option_width(program, arg) {
                Some(width) => i += width,
                None => return Reading::Unsure,
            }
            continue;
        }
        if program.has(Quirk::OldIncrement) && operands == 0 && is_old_nice(arg) {
            i += 1;
            continue;
        }
        if operands < program.grammar.operands {
            if arch_after_options && !SETARCH_ARCHITECTURES.contains(arg) {
                return Reading::Unsure;
            }
            operands += 1;
            i += 1;
            continue;
        }
        if acts_on_process {
            return Reading::ActsOnProcess;
        }
        if program.has(Quirk::Assignments) && arg.contains('=') {
            // `env NAME=VALUE cmd`: an assignment in the command's environment.
            let (variable, value) = arg.split_once('=').unwrap_or((arg, ""));
            if crate::hardened::contract::variables::is_inert_assignment(variable, value) {
                i += 1;
                continue;
            }
            return Reading::Unsure;
        }
        return Reading::Command(i);
    }
    if acts_on_process {
        Reading::ActsOnProcess
    } else {
        Reading::NoCommand
    }
}

/// `nice -10 cmd`: the old form of `-n 10`.
fn is_old_nice(arg: &str) -> bool {
    arg.strip_prefix('-')
        .or_else(|| arg.strip_prefix('+'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The option's name for the tables: `-p` for a short cluster starting
/// with `p`, `--name` for a long option.
fn option_name(arg: &str) -> String {
    if let Some(long) = arg.strip_prefix("--") {
        return format!("--{}", long.split('=').next().unwrap_or(long));
    }
    arg.chars().take(2).collect()
}

/// How many words an option takes (1 or 2), or `None` if it is unknown.
fn option_width(program: &Program, arg: &str) -> Option<usize> {
    if let Some(long) = arg.strip_prefix("--") {
        let (name, has_value) = match long.split_once('=') {
            Some((name, _)) => (name, true),
            None => (long, false),
        };
        let takes = program.long_takes(name)?;
        return Some(if takes && !has_value { 2 } else { 1 });
    }
    let cluster = arg.strip_prefix('-')?;
    for (offset, letter) in cluster.char_indices() {
        let rest = cluster.get(offset + letter.len_utf8()..).unwrap_or("");
        if program.has(Quirk::OldIncrement) && offset == 0 && letter.is_ascii_digit() {
            return Some(1);
        }
        match program.short_takes(letter)? {
            1 => return Some(if rest.is_empty() { 2 } else { 1 }),
            2 => return Some(1),
            _ => {}
        }
    }
    Some(1)
}

/// `xargs`: input items are appended, or replace a placeholder.
fn xargs_items(program: &Program, args: &[&str], start: usize) -> (Option<String>, bool) {
    if !program.has(Quirk::InputItems) {
        return (None, false);
    }
    let mut placeholder = None;
    let mut i = 0;
    while i < start {
        let arg = args.get(i).copied().unwrap_or("");
        if arg == "-I" {
            placeholder = args.get(i + 1).map(|s| (*s).to_owned());
        } else if let Some(r) = arg.strip_prefix("-I") {
            placeholder = Some(r.to_owned());
        } else if arg == "-i" || arg == "--replace" {
            placeholder = Some("{}".to_owned());
        } else if let Some(r) = arg
            .strip_prefix("-i")
            .or_else(|| arg.strip_prefix("--replace="))
        {
            placeholder = Some(r.to_owned());
        }
        i += 1;
    }
    let appended = placeholder.is_none();
    (placeholder, appended)
}

/// git's global options before its subcommand (git 2.39 `git --help`):
/// where the subcommand starts when options precede it, so that `git -C
/// dir push` is judged as `git push` too (HARD-RUN-4). `-c`, `--config-env`
/// and `--exec-path` are HARD-RUN-3's.
#[must_use]
pub fn git_subcommand(args: &[&str]) -> GitSubcommand {
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        if !arg.starts_with('-') {
            return match i {
                0 => GitSubcommand::First,
                _ => GitSubcommand::At(i),
            };
        }
        let name = arg.split('=').next().unwrap_or(arg);
        if GIT_GLOBAL_VALUES.contains(&name) {
            i += if arg.contains('=') { 1 } else { 2 };
        } else if GIT_GLOBAL_FLAGS.contains(&name) {
            i += 1;
        } else {
            return GitSubcommand::Unsure;
        }
    }
    GitSubcommand::First
}

/// Where git's subcommand starts ([`git_subcommand`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GitSubcommand {
    /// First, or there is none: nothing more to judge.
    First,
    /// After global options, at this argument.
    At(usize),
    /// After a global option git does not list.
    Unsure,
}

/// `find … -exec CMD … ;` (and `-execdir`, `-ok`, `-okdir`, ending with `;`
/// or `+`): each runs its command with `{}` replaced by a path.
fn find_exec(args: &[&str]) -> Runs {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        // `-execdir` runs its command in each found file's directory, where
        // its relative words (and its name, if it is a path) lead elsewhere.
        if matches!(*arg, "-execdir" | "-okdir") {
            return Runs::Unsure;
        }
        if matches!(*arg, "-exec" | "-ok") {
            let start = i + 1;
            let Some(len) = args.iter().skip(start).position(|a| *a == ";" || *a == "+") else {
                return Runs::Unsure;
            };
            if len == 0 {
                return Runs::Unsure;
            }
            out.push(Inner {
                start,
                end: start + len,
                appended: false,
                placeholder: Some("{}".to_owned()),
            });
            i = start + len + 1;
            continue;
        }
        i += 1;
    }
    if out.is_empty() {
        Runs::Nothing
    } else {
        Runs::Commands(out)
    }
}

#[cfg(test)]
#[path = "wrappers_tests.rs"]
mod tests;
