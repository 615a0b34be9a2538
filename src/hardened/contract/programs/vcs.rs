//! Version control: git's global options, subcommands and settings that
//! run a program (`HARD-RUN-6`, `HARD-RUN-7`), its editor and hunk loops,
//! its writes (`HARD-EFFECT-5`); hg's and svn's.

use crate::hardened::contract::{settings, writes};

use super::{Chdir, CommandOptions, Program, Quirk, Runs};

/// Short flags of git's message-taking subcommands that take no value
/// (`git commit --help`: `-a`, `-q`, `-v`, `-n`, `-s`), read before `-m`
/// in a cluster.
const GIT_VALUELESS: &str = "aqvns";

/// The rows.
pub const ROWS: &[Program] = &[
    Program {
        name: "git",
        source: "manual page, git 2.39",
        runs: &[
            Runs::Subcommand("bisect"),
            // Another work tree or git directory: where a checkout writes,
            // and whose config and hooks git runs (any directory of the
            // tree can be made one), unseen.
            Runs::Options(CommandOptions {
                long: &["work-tree", "git-dir"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("rebase"),
                short: "x",
                long: &["exec"],
                ..CommandOptions::NONE
            }),
            // The subcommands that open an editor (core.editor, $EDITOR,
            // else vi, which reads keystrokes from standard input) unless
            // a message is given: `printf ':!cmd' | git commit` runs cmd
            // (git 2.39, TERM not dumb).
            // The hunk loops (`-p`, `-i`) offer `e`, which opens the editor
            // on the same standard input (past git's buffer).
            Runs::Options(CommandOptions {
                subcommand: Some("add"),
                short: "pie",
                long: &["patch", "interactive", "edit"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("checkout"),
                short: "p",
                long: &["patch"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("reset"),
                short: "p",
                long: &["patch"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("restore"),
                short: "p",
                long: &["patch"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("stash"),
                short: "p",
                long: &["patch"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("commit"),
                short: "epi",
                long: &["edit", "patch", "interactive"],
                valueless: GIT_VALUELESS,
                always_unless: &[
                    "-m",
                    "--message",
                    "-F",
                    "--file",
                    "-C",
                    "--reuse-message",
                    "--no-edit",
                    "--dry-run",
                ],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("revert"),
                short: "e",
                long: &["edit"],
                valueless: GIT_VALUELESS,
                always_unless: &["--no-edit", "-n", "--no-commit"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("tag"),
                short: "e",
                long: &["edit"],
                valueless: GIT_VALUELESS,
                always_unless: &[
                    "-m",
                    "--message",
                    "-F",
                    "--file",
                    "-l",
                    "--list",
                    "-d",
                    "--delete",
                    "-v",
                    "--verify",
                ],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("notes"),
                // add, append and edit open the editor; the other verbs
                // do not.
                valueless: GIT_VALUELESS,
                always_unless: &[
                    "-m",
                    "--message",
                    "-F",
                    "--file",
                    "-C",
                    "--reuse-message",
                    "list",
                    "show",
                    "remove",
                    "prune",
                    "get-ref",
                    "merge",
                    "copy",
                ],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("merge"),
                short: "e",
                long: &["edit"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("cherry-pick"),
                short: "e",
                long: &["edit"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("rebase"),
                short: "i",
                long: &["interactive", "edit-todo"],
                ..CommandOptions::NONE
            }),
            // difftool and mergetool run a tool program (`-t`, or the
            // configured one), vimdiff among them, which reads keystrokes
            // from standard input: every use.
            Runs::Options(CommandOptions {
                subcommand: Some("difftool"),
                always: true,
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("mergetool"),
                always: true,
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("grep"),
                short: "O",
                long: &["open-files-in-pager"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("submodule"),
                words: &["foreach"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("filter-branch"),
                always: true,
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("send-email"),
                long: &[
                    "sendmail-cmd",
                    "smtp-server",
                    "to-cmd",
                    "cc-cmd",
                    "header-cmd",
                ],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("remote-ext"),
                always: true,
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("instaweb"),
                always: true,
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("fetch"),
                long: &["upload-pack"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("pull"),
                long: &["upload-pack"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("clone"),
                short: "uc",
                // `--template DIR` copies DIR's hooks and config into the
                // new repository's `.git` (its post-checkout hook runs).
                long: &["upload-pack", "config", "template"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("init"),
                long: &["template"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("ls-remote"),
                long: &["upload-pack", "exec"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("push"),
                long: &["receive-pack", "exec"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("archive"),
                long: &["exec"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("config"),
                writes_config: true,
                ..CommandOptions::NONE
            }),
        ],
        chdir: Some(Chdir {
            short: "-C",
            long: "",
        }),
        settings: &[
            settings::GIT_CONFIG,
            settings::GIT_CONFIG_ENV,
            settings::GIT_EXEC_PATH,
        ],
        writes: &[
            writes::GIT_OUTPUT,
            writes::GIT_OUTPUT_SHORT,
            writes::CLONE_DIRECTORY,
            writes::GIT_CHECKOUT_PREFIX,
            writes::GIT_NEW_DIRECTORY,
            writes::GIT_SEPARATE_DIR,
        ],
        quirks: &[Quirk::GlobalOptions, Quirk::BisectRun, Quirk::ExtTransport],
        ..Program::NONE
    },
    Program {
        name: "hg",
        source: "manual page; version not recorded",
        runs: &[
            Runs::Options(CommandOptions {
                long: &["config"],
                ..CommandOptions::NONE
            }),
            // A commit without a message opens the editor, as git's does.
            Runs::Options(CommandOptions {
                subcommand: Some("commit"),
                short: "e",
                long: &["edit"],
                always_unless: &["-m", "--message", "-l", "--logfile"],
                ..CommandOptions::NONE
            }),
        ],
        ..Program::NONE
    },
    Program {
        name: "svn",
        source: "manual page; version not recorded",
        runs: &[
            Runs::Options(CommandOptions {
                long: &["config-option", "editor-cmd", "diff-cmd", "diff3-cmd"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("commit"),
                always_unless: &["-m", "--message", "-F", "--file"],
                ..CommandOptions::NONE
            }),
        ],
        ..Program::NONE
    },
];
