//! Commands run through an option or a subcommand (spec §12.5, `HARD-RUN-6`).
//!
//! HARD-RUN-4 reads programs whose operands are a command. Many programs
//! agents use every day run a command another way: a package manager's
//! `run`/`exec` subcommand (`uv run pytest`), an option whose value is a
//! command line (`tar --to-command=…`, `rsync -e …`, `git rebase --exec …`,
//! `git fetch --upload-pack=…`), or a setting written for later runs to use
//! (`git config alias.x '!…'`). The first kind is judged through its inner
//! command when its reading is plain; every other one asks, because the
//! command it names is a string only a shell or the program reads.

use crate::hardened::contract::programs::{self, CommandOptions, Quirk};
use crate::hardened::contract::settings::SUBCOMMAND_VALUES;
use crate::hardened::programs::globals::first_operand;
use crate::hardened::programs::inner::{Inner, Runs};

/// The inner command of a program whose row has a run subcommand, if `name` is one
/// (`None`: not one; HARD-RUN-4's table reads it instead). `args` are the
/// dequoted arguments; `literal[i]` is false for one only run time knows.
#[must_use]
pub fn runner(name: &str, args: &[&str], literal: &[bool]) -> Option<Runs> {
    let row = programs::row(name)?;
    let subcommands: Vec<&str> = row.subcommands().collect();
    if subcommands.is_empty() {
        return None;
    }
    let known = |upto: usize| literal.iter().take(upto).all(|l| *l);
    let Some(first) = args.first() else {
        return Some(Runs::Nothing);
    };
    if !known(1) {
        return Some(Runs::Unsure);
    }
    if !subcommands.contains(first) {
        // Global options first (`uv --quiet run …`): which word is the
        // subcommand is unknown when one of them could be it.
        let hidden = first.starts_with('-') && args.iter().any(|a| subcommands.contains(a));
        return Some(if hidden { Runs::Unsure } else { Runs::Nothing });
    }
    // `git bisect run CMD…`; `git bisect` does nothing else that runs.
    let mut start = 1;
    if row.has(Quirk::BisectRun) {
        if args.get(1) != Some(&"run") {
            return Some(Runs::Nothing);
        }
        start = 2;
    }
    if args.get(start) == Some(&"--") {
        start += 1;
    }
    match args.get(start) {
        None => Some(Runs::Nothing),
        Some(word) if word.starts_with('-') => Some(Runs::Unsure),
        Some(_) if !known(start + 1) => Some(Runs::Unsure),
        Some(_) => Some(Runs::Commands(vec![Inner {
            start,
            end: args.len(),
            appended: false,
            placeholder: None,
        }])),
    }
}

/// Whether `name` with the dequoted `args` runs a command line or a program
/// through an option, a subcommand word or a setting (its row's option forms).
#[must_use]
pub fn option_runs_command(name: &str, args: &[&str]) -> bool {
    // A versioned or variant build reads the same options (`vim.basic`,
    // `gcc-12`, `x86_64-linux-gnu-gcc`).
    let stem = crate::hardened::contract::names::stem(name);
    let rows = [Some(name), (stem != name).then_some(stem)];
    rows.into_iter()
        .flatten()
        .filter_map(programs::row)
        .any(|row| {
            row.command_options()
                .any(|options| match options.subcommand {
                    None => uses(options, args),
                    Some(sub) => match subcommand_at(name, args, sub) {
                        Some(at) => uses(options, args.get(at + 1..).unwrap_or_default()),
                        None => hidden_subcommand(row, args, sub),
                    },
                })
        })
}

/// Whether `sub` may be the subcommand behind global options this profile
/// cannot read (`docker --context x run …`: whether `--context` takes the
/// next word is the program's to say; `cargo +nightly rustc`, a toolchain
/// rustup's proxy reads): an option comes first and `sub` is a later word.
/// git's global options are read exactly (HARD-RUN-7).
fn hidden_subcommand(row: &programs::Program, args: &[&str], sub: &str) -> bool {
    !row.has(Quirk::GlobalOptions)
        && args.first().is_some_and(|a| a.starts_with(['-', '+']))
        && args.iter().take_while(|a| **a != "--").any(|a| *a == sub)
}

/// Where the subcommand `sub` stands: the first operand after the
/// program's global options ([`first_operand`]; npm's and its kin's
/// value-taking options for a program without git's).
fn subcommand_at(name: &str, args: &[&str], sub: &str) -> Option<usize> {
    let words: Vec<Option<&str>> = args.iter().copied().map(Some).collect();
    first_operand(name, &words, SUBCOMMAND_VALUES).filter(|at| args.get(*at) == Some(&sub))
}

/// Whether `arg` is one of the `unless` forms: the word itself, a long one
/// with `=VALUE`, a short one with its value attached (`-mfix`), or last in
/// a cluster of the row's `valueless` flags (`-am`).
fn suppresses(unless: &[&str], valueless: &str, arg: &str) -> bool {
    unless.iter().any(|u| {
        if arg == *u {
            return true;
        }
        if u.starts_with("--") {
            return arg
                .strip_prefix(u)
                .is_some_and(|rest| rest.starts_with('='));
        }
        let Some(letter) = u.strip_prefix('-').filter(|l| l.chars().count() == 1) else {
            return false;
        };
        let Some(cluster) = arg.strip_prefix('-').filter(|c| !c.starts_with('-')) else {
            return false;
        };
        let flags = cluster.find(letter).map_or("", |at| &cluster[..at]);
        cluster.contains(letter) && flags.chars().all(|c| valueless.contains(c))
    })
}

/// Whether `args` use one of the forms of `options`.
fn uses(options: &CommandOptions, args: &[&str]) -> bool {
    if options.writes_config {
        return git_config_writes(args);
    }
    let (short, old, long, words) = (options.short, options.old, options.long, options.words);
    let (plus, always, unless) = (options.plus, options.always, options.always_unless);
    let (prefixes, one_dash) = (options.prefixes, options.one_dash);
    let before_end = || args.iter().take_while(|a| **a != "--");
    let valueless = options.valueless;
    if always || (!unless.is_empty() && !before_end().any(|a| suppresses(unless, valueless, a))) {
        return true;
    }
    let old_style = args
        .first()
        .is_some_and(|first| !first.starts_with('-') && first.chars().any(|c| old.contains(c)));
    old_style
        || args.iter().take_while(|a| **a != "--").any(|arg| {
            if prefixes.iter().any(|p| arg.starts_with(p)) {
                return true;
            }
            // A single letter after one dash is a shorthand (`npm -s`).
            let dashes = if one_dash && !arg.starts_with("--") {
                arg.strip_prefix('-')
                    .filter(|rest| rest.chars().count() >= 2)
                    .map(|rest| ["--", rest].concat())
            } else {
                None
            };
            let arg = dashes.as_deref().unwrap_or(arg);
            if let Some(name) = arg.strip_prefix("--") {
                let name = name.split('=').next().unwrap_or_default();
                // node and npm read `_` in an option's name as `-`; a row
                // may spell its name with `_` itself (`sshfs --ssh_command`).
                let dashed = name.replace('_', "-");
                // GNU getopt takes any unambiguous abbreviation: any prefix asks.
                // A row's name ending in `.` is a family (`--config.KEY`).
                !name.is_empty()
                    && [name, dashed.as_str()].iter().any(|name| {
                        long.iter().any(|l| {
                            l.starts_with(name) || (l.ends_with('.') && name.starts_with(l))
                        })
                    })
            } else if let Some(cluster) = arg.strip_prefix('-') {
                cluster.chars().any(|c| short.contains(c))
            } else if let Some(command) = arg.strip_prefix('+') {
                plus && !command.bytes().all(|b| b.is_ascii_digit())
            } else {
                words.contains(&arg)
            }
        })
}

/// `git config` writing a setting (any of which can name a program: an
/// alias starting with `!`, `core.pager`, `core.sshCommand`, hooks…): two
/// or more operands (`git config alias.x '!…'`, `git config set k v`), or
/// an option that writes or opens an editor. A read (`git config
/// user.name`, `--get`, `--list`) runs nothing.
fn git_config_writes(args: &[&str]) -> bool {
    const WRITES: &[&str] = &[
        "--add",
        "--replace-all",
        "--unset",
        "--unset-all",
        "--rename-section",
        "--remove-section",
        "-e",
        "--edit",
        "edit",
    ];
    const TAKES_VALUE: &[&str] = &["-f", "--file", "--blob", "--type", "--default", "--comment"];
    let mut operands = 0;
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        if WRITES.contains(arg) {
            return true;
        }
        if TAKES_VALUE.contains(arg) {
            i += 2;
            continue;
        }
        if !arg.starts_with('-') {
            operands += 1;
        }
        i += 1;
    }
    operands >= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    /// HARD-RUN-6: which options, subcommand words and settings run a command.
    #[test]
    fn hard_run_6_option_table() {
        let rows: &[(&str, &[&str], bool)] = &[
            ("tar", &["xf", "a.tar", "--to-command=rm -rf x"], true),
            ("tar", &["xf", "a.tar", "--to-com=rm -rf x"], true),
            (
                "tar",
                &["-cf", "a.tar", "--checkpoint-action=exec=rm -rf x", "."],
                true,
            ),
            ("tar", &["-I", "rm -rf x", "-xf", "a.tar"], true),
            ("tar", &["xIf", "rm -rf x", "a.tar"], true),
            ("tar", &["-xzf", "a.tar.gz"], false),
            ("tar", &["czf", "a.tgz", "src"], false),
            ("rsync", &["-avze", "rm -rf x", "a", "h:b"], true),
            ("rsync", &["--rsh=rm -rf x", "a", "h:b"], true),
            ("rsync", &["-avz", "src/", "dst/"], false),
            ("git", &["rebase", "--exec", "rm -rf x", "HEAD~1"], true),
            // The todo list opens in the editor, vi by default, which reads
            // keystrokes from standard input.
            ("git", &["rebase", "-i", "HEAD~3"], true),
            ("git", &["rebase", "main"], false),
            ("git", &["commit", "-am", "fix"], false),
            ("git", &["commit", "--amend"], true),
            (
                "git",
                &["-C", "repo", "rebase", "-x", "rm -rf x", "HEAD~1"],
                true,
            ),
            ("git", &["submodule", "foreach", "rm -rf x"], true),
            ("git", &["submodule", "update", "--init"], false),
            ("git", &["grep", "-O", "rm -rf x", "foo"], true),
            ("git", &["grep", "-n", "foo"], false),
            ("git", &["fetch", "--upload-pack=rm -rf x", "."], true),
            ("git", &["ls-remote", "--exec=rm -rf x", "."], true),
            ("git", &["push", "--receive-pack=x", "origin"], true),
            ("git", &["push", "origin", "main"], false),
            ("git", &["config", "alias.x", "!rm -rf x"], true),
            ("git", &["config", "--add", "core.pager", "x"], true),
            ("git", &["config", "user.name"], false),
            ("git", &["config", "--get", "user.email"], false),
            ("git", &["config", "--list"], false),
            ("git", &["filter-branch", "--tree-filter", "x"], true),
            ("less", &["+!rm -rf x", "f"], true),
            ("less", &["+42", "f"], false),
            ("vim", &["-c", "!rm -rf x"], true),
            ("vim", &["+q", "f"], true),
            ("vim", &["f"], false),
            ("man", &["-P", "rm -rf x", "ls"], true),
            ("man", &["ls"], false),
            ("fd", &["-e", "rs", "-x", "rm"], true),
            ("fd", &["-e", "rs"], false),
            ("sort", &["--compress-program=x", "f"], true),
            ("split", &["--filter=rm -rf x", "f"], true),
            ("npx", &["-c", "rm -rf x"], true),
            ("npx", &["tsc", "--noEmit"], false),
            ("npm", &["config", "set", "script-shell", "x"], true),
            ("npm", &["test"], false),
            ("crontab", &["jobs.txt"], true),
            ("crontab", &["-l"], false),
            ("scp", &["-o", "ProxyCommand=x", "a", "h:b"], true),
            ("scp", &["a", "h:b"], false),
            ("ls", &["--exec"], false),
        ];
        for (name, args, want) in rows {
            assert_eq!(option_runs_command(name, args), *want, "{name} {args:?}");
        }
    }

    /// HARD-RUN-6: a runner subcommand is judged through its command, in
    /// the plain form only.
    #[test]
    fn hard_run_6_subcommand_runners() {
        let commands = |start: usize, end: usize| {
            Some(Runs::Commands(vec![Inner {
                start,
                end,
                appended: false,
                placeholder: None,
            }]))
        };
        let rows: &[(&str, &[&str], Option<Runs>)] = &[
            ("uv", &["run", "pytest", "-q"], commands(1, 3)),
            ("uv", &["run", "--", "rm", "-rf", "x"], commands(2, 5)),
            ("uv", &["run", "--with", "x", "pytest"], Some(Runs::Unsure)),
            ("uv", &["--quiet", "run", "rm"], Some(Runs::Unsure)),
            ("uv", &["sync"], Some(Runs::Nothing)),
            ("poetry", &["run", "rm", "-rf", "x"], commands(1, 4)),
            ("bundle", &["exec", "rspec"], commands(1, 2)),
            ("git", &["bisect", "run", "rm", "-rf", "x"], commands(2, 5)),
            ("git", &["bisect", "start"], Some(Runs::Nothing)),
            ("ls", &["run"], None),
        ];
        for (name, args, want) in rows {
            let literal = vec![true; args.len()];
            assert_eq!(runner(name, args, &literal), *want, "{name} {args:?}");
        }
        assert_eq!(
            runner("uv", &["run", "$CMD"], &[true, false]),
            Some(Runs::Unsure)
        );
    }
}
