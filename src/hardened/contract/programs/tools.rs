//! Other programs with a contract: runners through a subcommand or an option
//! (`HARD-RUN-6`), settings (`HARD-RUN-7`), writes (`HARD-EFFECT-5`) and
//! quirks read by code of their own.

use crate::hardened::contract::{settings, writes};

use super::{Chdir, CommandOptions, Grammar, Options, Program, Quirk, Runs};

/// The rows.
pub const ROWS: &[Program] = &[
    Program {
        name: "pnpm",
        source: "manual page; version not recorded",
        runs: &[
            Runs::Subcommand("exec"),
            Runs::Subcommand("dlx"),
            Runs::Options(CommandOptions {
                subcommand: Some("config"),
                words: &["set"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                long: &[
                    "script-shell",
                    "node-options",
                    "git",
                    "shell",
                    "editor",
                    "userconfig",
                    "globalconfig",
                    "node-gyp",
                    "config.",
                ],
                one_dash: true,
                ..CommandOptions::NONE
            }),
        ],
        quirks: &[Quirk::NamedInner],
        ..Program::NONE
    },
    Program {
        name: "yarn",
        source: "manual page; version not recorded",
        runs: &[
            Runs::Subcommand("exec"),
            Runs::Subcommand("dlx"),
            Runs::Options(CommandOptions {
                subcommand: Some("config"),
                words: &["set"],
                ..CommandOptions::NONE
            }),
        ],
        quirks: &[Quirk::NamedInner],
        ..Program::NONE
    },
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
                always_unless: &["--no-edit", "-n", "--no-commit"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("tag"),
                short: "e",
                long: &["edit"],
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
        writes: &[writes::GIT_OUTPUT, writes::GIT_OUTPUT_SHORT],
        quirks: &[Quirk::GlobalOptions, Quirk::BisectRun, Quirk::ExtTransport],
        ..Program::NONE
    },
    Program {
        name: "tar",
        source: "manual page, GNU tar 1.34",
        runs: &[Runs::Options(CommandOptions {
            // `-T`/`--files-from`: the names to archive, read from a file.
            short: "IFT",
            old: "IFT",
            long: &[
                "files-from",
                "to-command",
                "checkpoint-action",
                "use-compress-program",
                "info-script",
                "new-volume-script",
                "rsh-command",
                "rmt-command",
            ],
            ..CommandOptions::NONE
        })],
        chdir: Some(Chdir {
            short: "-C",
            long: "--directory",
        }),
        ..Program::NONE
    },
    Program {
        name: "rsync",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            short: "e",
            // `--files-from`: the names to copy, read from a file.
            long: &["rsh", "rsync-path", "files-from"],
            ..CommandOptions::NONE
        })],
        writes: &[writes::TRANSFER_DESTINATION],
        ..Program::NONE
    },
    Program {
        name: "scp",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            short: "SoF",
            ..CommandOptions::NONE
        })],
        writes: &[writes::TRANSFER_DESTINATION],
        ..Program::NONE
    },
    Program {
        name: "sort",
        source: "`sort --help`, coreutils 9.1",
        g_prefixed: true,
        runs: &[Runs::Options(CommandOptions {
            // `--files0-from`: the files to read, named in a file.
            long: &["compress-program", "files0-from"],
            ..CommandOptions::NONE
        })],
        writes: &[writes::SORT_OUTPUT],
        options: Some(Options {
            short: "bcCdfghik:mMno:rRsS:t:T:uVz",
            long: &[
                "ignore-leading-blanks",
                "dictionary-order",
                "ignore-case",
                "general-numeric-sort",
                "ignore-nonprinting",
                "month-sort",
                "human-numeric-sort",
                "numeric-sort",
                "random-sort",
                "random-source=",
                "reverse",
                "sort=",
                "version-sort",
                "batch-size=",
                "check=?",
                "compress-program=",
                "debug",
                "files0-from=",
                "key=",
                "merge",
                "output=",
                "stable",
                "buffer-size=",
                "field-separator=",
                "temporary-directory=",
                "parallel=",
                "unique",
                "zero-terminated",
                "help",
                "version",
            ],
        }),
        ..Program::NONE
    },
    Program {
        name: "split",
        source: "`split --help`, coreutils 9.1",
        g_prefixed: true,
        runs: &[Runs::Options(CommandOptions {
            long: &["filter"],
            ..CommandOptions::NONE
        })],
        // The digits are the obsolete `-NUMBER` (lines per file).
        options: Some(Options {
            short: "0123456789C:a:b:del:n:t:ux",
            long: &[
                "suffix-length=",
                "additional-suffix=",
                "bytes=",
                "line-bytes=",
                "numeric-suffixes=?",
                "hex-suffixes=?",
                "elide-empty-files",
                "filter=",
                "lines=",
                "number=",
                "separator=",
                "unbuffered",
                "verbose",
                "help",
                "version",
            ],
        }),
        ..Program::NONE
    },
    Program {
        name: "wget",
        source: "manual page, GNU Wget 1.21.3",
        runs: &[Runs::Options(CommandOptions {
            short: "e",
            long: &["use-askpass", "execute", "config"],
            ..CommandOptions::NONE
        })],
        writes: &[writes::WGET_OUTPUT],
        ..Program::NONE
    },
    Program {
        name: "patch",
        source: "manual page, GNU patch 2.7.6",
        runs: &[Runs::Options(CommandOptions {
            short: "e",
            long: &["ed"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "dpkg-buildpackage",
        source: "manual page, dpkg 1.21.22",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-r",
                "-R",
                "--rules-file",
                "--root-command",
                "--check-command",
                "--sign-command",
                "--hook-",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "zip",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            // `-@` reads the names to add from standard input.
            short: "T@",
            long: &["unzip-command"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "fd",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            short: "xX",
            long: &["exec", "exec-batch"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "fdfind",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            short: "xX",
            long: &["exec", "exec-batch"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "rg",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &["pre"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "fzf",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &["preview", "bind", "with-shell", "execute"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "less",
        source: "manual page, less 590",
        runs: &[Runs::Options(CommandOptions {
            // `-t`/`--tag`: `LESSGLOBALTAGS` names a command less runs.
            short: "kt",
            long: &["lesskey-file", "lesskey-src", "tag"],
            plus: true,
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "more",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            plus: true,
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "man",
        source: "manual page, man-db 2.11.2",
        runs: &[Runs::Options(CommandOptions {
            short: "PHC",
            long: &["pager", "html", "config-file"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    // The vi family reads its keystrokes, `:!cmd` among them, from standard
    // input when that is not a terminal (an agent's never is): every use is
    // a program (`printf ':!cmd\n' | vim`).
    Program {
        name: "vi",
        source: "manual page; version not recorded",
        version_flags: &["--version", "-h", "--help"],
        runs: &[
            Runs::Options(CommandOptions {
                short: "cSu",
                long: &["cmd"],
                plus: true,
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                short: "eEsl",
                ..CommandOptions::NONE
            }),
            Runs::Program,
        ],
        writes: &[writes::VIM_WRITE],
        ..Program::NONE
    },
    Program {
        name: "vim",
        source: "manual page, Vim 9.0",
        version_flags: &["--version", "-h", "--help"],
        runs: &[
            Runs::Options(CommandOptions {
                short: "cSu",
                long: &["cmd"],
                plus: true,
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                short: "eEs",
                ..CommandOptions::NONE
            }),
            Runs::Program,
        ],
        writes: &[writes::VIM_WRITE],
        ..Program::NONE
    },
    Program {
        name: "nvim",
        source: "manual page; version not recorded",
        version_flags: &["--version", "-h", "--help"],
        runs: &[
            Runs::Options(CommandOptions {
                short: "cSu",
                long: &["cmd"],
                plus: true,
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                short: "eEsl",
                long: &["headless"],
                ..CommandOptions::NONE
            }),
            Runs::Program,
        ],
        writes: &[writes::VIM_WRITE],
        ..Program::NONE
    },
    Program {
        name: "view",
        source: "manual page; version not recorded",
        version_flags: &["--version", "-h", "--help"],
        runs: &[
            Runs::Options(CommandOptions {
                short: "cSu",
                long: &["cmd"],
                plus: true,
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                short: "eEs",
                ..CommandOptions::NONE
            }),
            Runs::Program,
        ],
        writes: &[writes::VIM_WRITE],
        ..Program::NONE
    },
    Program {
        name: "vimdiff",
        source: "manual page; version not recorded",
        version_flags: &["--version", "-h", "--help"],
        runs: &[
            Runs::Options(CommandOptions {
                short: "cSu",
                long: &["cmd"],
                plus: true,
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                short: "eEs",
                ..CommandOptions::NONE
            }),
            Runs::Program,
        ],
        writes: &[writes::VIM_WRITE],
        ..Program::NONE
    },
    Program {
        name: "emacs",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            short: "lfx",
            long: &["eval", "load", "funcall", "script"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "crontab",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            words: &["-"],
            always_unless: &["-l"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "npx",
        source: "`npx --help`, npm 11",
        // `npx CMD…` is `npm exec -- CMD…`: a package's binary, or the
        // machine's program when no package provides CMD (HARD-RUN-10).
        runs: &[
            Runs::Command(Grammar {
                short: "p:c:w:y",
                long: &[
                    "package=",
                    "call=",
                    "workspace=",
                    "workspaces",
                    "include-workspace-root",
                    "yes",
                    "no",
                ],
                unsure: &["-c", "--call"],
                ..Grammar::NONE
            }),
            Runs::Options(CommandOptions {
                short: "c",
                long: &[
                    "call",
                    "script-shell",
                    "node-options",
                    "git",
                    "shell",
                    "userconfig",
                    "globalconfig",
                ],
                one_dash: true,
                ..CommandOptions::NONE
            }),
        ],
        quirks: &[Quirk::NamedInner],
        ..Program::NONE
    },
    Program {
        name: "bunx",
        source: "`bun x --help`; version not recorded",
        // Like npx: a package's binary, or the machine's program.
        runs: &[Runs::Command(Grammar {
            short: "p:",
            long: &["package=", "bun", "silent", "verbose"],
            ..Grammar::NONE
        })],
        quirks: &[Quirk::NamedInner],
        ..Program::NONE
    },
    Program {
        name: "npm",
        source: "manual page; version not recorded",
        runs: &[
            // `npm exec -- CMD…` and `npm x`: see npx.
            Runs::Subcommand("exec"),
            Runs::Subcommand("x"),
            Runs::Options(CommandOptions {
                subcommand: Some("exec"),
                short: "c",
                long: &["call"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("x"),
                short: "c",
                long: &["call"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("config"),
                words: &["set", "edit"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("set"),
                always: true,
                ..CommandOptions::NONE
            }),
            // `npm explore PKG -- CMD` runs CMD through a shell in the
            // package; `npm pkg set scripts.…` and `npm set-script` write
            // a script `npm run` runs later.
            Runs::Options(CommandOptions {
                subcommand: Some("explore"),
                always: true,
                ..CommandOptions::NONE
            }),
            // `npm edit PKG` opens the configured editor.
            Runs::Options(CommandOptions {
                subcommand: Some("edit"),
                always: true,
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("pkg"),
                words: &["set"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("set-script"),
                always: true,
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                long: &[
                    "script-shell",
                    "node-options",
                    "git",
                    "shell",
                    "editor",
                    "browser",
                    "viewer",
                    "userconfig",
                    "globalconfig",
                    "node-gyp",
                    "init-module",
                    "onload-script",
                    "call",
                    "sign-git-commit",
                    "sign-git-tag",
                ],
                one_dash: true,
                ..CommandOptions::NONE
            }),
        ],
        quirks: &[Quirk::NamedInner],
        ..Program::NONE
    },
    Program {
        name: "cargo",
        source: "manual page, cargo 1.95.0",
        runs: &[
            Runs::Options(CommandOptions {
                long: &["config"],
                ..CommandOptions::NONE
            }),
            // `cargo rustc -- -C linker=PROG` hands rustc its words.
            Runs::Options(CommandOptions {
                subcommand: Some("rustc"),
                always: true,
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("rustdoc"),
                always: true,
                ..CommandOptions::NONE
            }),
        ],
        ..Program::NONE
    },
    Program {
        name: "rustc",
        source: "`rustc --help` and `rustc -C help`, rustc 1.95.0",
        settings: &[settings::RUSTC_CODEGEN],
        ..Program::NONE
    },
    Program {
        name: "rustdoc",
        source: "`rustdoc --help`, rustdoc 1.95.0",
        runs: &[Runs::Options(CommandOptions {
            // The programs doctests run under or are built with.
            long: &["runtool", "test-builder", "test-builder-wrapper"],
            ..CommandOptions::NONE
        })],
        settings: &[settings::RUSTC_CODEGEN],
        ..Program::NONE
    },
    Program {
        name: "rustup",
        source: "`rustup --help`, rustup 1.29.0",
        // `rustup run TOOLCHAIN CMD…`: a toolchain operand, then a command.
        runs: &[Runs::Options(CommandOptions {
            subcommand: Some("run"),
            always: true,
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "go",
        source: "`go help build` and `go help test` (Go documentation); version not recorded",
        runs: &[
            // The programs the built binary or the toolchain run under
            // (Go's flags take one or two dashes and no abbreviation:
            // `-vet=off` is not `-vettool`).
            Runs::Options(CommandOptions {
                prefixes: &[
                    "-exec",
                    "--exec",
                    "-toolexec",
                    "--toolexec",
                    "-vettool",
                    "--vettool",
                ],
                ..CommandOptions::NONE
            }),
            // `go env -w KEY=VALUE` writes a setting (GOFLAGS, CC, …).
            Runs::Options(CommandOptions {
                subcommand: Some("env"),
                short: "w",
                ..CommandOptions::NONE
            }),
        ],
        ..Program::NONE
    },
    Program {
        name: "mvn",
        source: "exec-maven-plugin documentation; version not recorded",
        // `-Dexec.executable=PROG` names the program `exec:exec` runs.
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["-Dexec.", "exec."],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "dpkg",
        source: "manual page, dpkg 1.21.22",
        runs: &[Runs::Options(CommandOptions {
            // Another database or root: the maintainer scripts dpkg runs
            // are that directory's.
            long: &[
                "pre-invoke",
                "post-invoke",
                "status-logger",
                "admindir",
                "instdir",
                "root",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "gcc",
        source: "manual page, GCC 12.2.0",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-wrapper",
                "-B",
                "-fplugin",
                "-specs",
                "--specs",
                "-Xclang",
                "--ld-path",
                "-fuse-ld=/",
                "-no-integrated-cpp",
                "@",
            ],
            ..CommandOptions::NONE
        })],
        writes: &[writes::CC_OUTPUT],
        ..Program::NONE
    },
    Program {
        name: "cc",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-wrapper",
                "-B",
                "-fplugin",
                "-specs",
                "--specs",
                "-Xclang",
                "--ld-path",
                "-fuse-ld=/",
                "-no-integrated-cpp",
                "@",
            ],
            ..CommandOptions::NONE
        })],
        writes: &[writes::CC_OUTPUT],
        ..Program::NONE
    },
    Program {
        name: "c++",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-wrapper",
                "-B",
                "-fplugin",
                "-specs",
                "--specs",
                "-Xclang",
                "--ld-path",
                "-fuse-ld=/",
                "-no-integrated-cpp",
                "@",
            ],
            ..CommandOptions::NONE
        })],
        writes: &[writes::CC_OUTPUT],
        ..Program::NONE
    },
    Program {
        name: "g++",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-wrapper",
                "-B",
                "-fplugin",
                "-specs",
                "--specs",
                "-Xclang",
                "--ld-path",
                "-fuse-ld=/",
                "-no-integrated-cpp",
                "@",
            ],
            ..CommandOptions::NONE
        })],
        writes: &[writes::CC_OUTPUT],
        ..Program::NONE
    },
    Program {
        name: "clang",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-wrapper",
                "-B",
                "-fplugin",
                "-specs",
                "--specs",
                "-Xclang",
                "--ld-path",
                "-fuse-ld=/",
                "-ccc-",
                "@",
            ],
            ..CommandOptions::NONE
        })],
        writes: &[writes::CC_OUTPUT],
        ..Program::NONE
    },
    Program {
        name: "clang++",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-wrapper",
                "-B",
                "-fplugin",
                "-specs",
                "--specs",
                "-Xclang",
                "--ld-path",
                "-fuse-ld=/",
                "-ccc-",
                "@",
            ],
            ..CommandOptions::NONE
        })],
        writes: &[writes::CC_OUTPUT],
        ..Program::NONE
    },
    Program {
        name: "dpkg-architecture",
        source: "manual page, dpkg 1.21.22",
        runs: &[Runs::Options(CommandOptions {
            short: "c",
            long: &["command"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "gpg-agent",
        source: "manual page, GnuPG 2.2.40",
        runs: &[Runs::Options(CommandOptions {
            // `--options FILE` and `--homedir DIR` (its gpg-agent.conf) are
            // files of more options, which may name a program.
            long: &[
                "daemon",
                "pinentry-program",
                "scdaemon-program",
                "supervised",
                "options",
                "homedir",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "gpg",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            // The programs it runs, and files of more options
            // (`--options`, `--homedir`'s gpg.conf), which may name one.
            long: &[
                "exec-path",
                "photo-viewer",
                "keyserver-options",
                "agent-program",
                "dirmngr-program",
                "options",
                "homedir",
            ],
            ..CommandOptions::NONE
        })],
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
    Program {
        name: "cmake",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            short: "E",
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "make",
        source: "manual page, GNU Make 4.3",
        runs: &[Runs::Options(CommandOptions {
            short: "E",
            long: &["eval"],
            ..CommandOptions::NONE
        })],
        chdir: Some(Chdir {
            short: "-C",
            long: "--directory",
        }),
        quirks: &[Quirk::MakefileAndVariables],
        ..Program::NONE
    },
    Program {
        name: "gmake",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            short: "E",
            long: &["eval"],
            ..CommandOptions::NONE
        })],
        chdir: Some(Chdir {
            short: "-C",
            long: "--directory",
        }),
        quirks: &[Quirk::MakefileAndVariables],
        ..Program::NONE
    },
    Program {
        name: "nc",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            short: "ec",
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "ncat",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            short: "ec",
            long: &["exec", "sh-exec", "lua-exec"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "netcat",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            short: "ec",
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "yt-dlp",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &["exec", "exec-before-download"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "youtube-dl",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &["exec"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "aria2c",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &[
                "on-download-complete",
                "on-download-start",
                "on-download-error",
                "on-download-stop",
                "on-download-pause",
                "on-bt-download-complete",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "install",
        source: "manual page, coreutils 9.1",
        g_prefixed: true,
        runs: &[Runs::Options(CommandOptions {
            long: &["strip-program"],
            ..CommandOptions::NONE
        })],
        writes: &[writes::COPY_DESTINATION, writes::COPY_TARGET_DIRECTORY],
        ..Program::NONE
    },
    Program {
        name: "ag",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &["pager"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "ack",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &["pager"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "bat",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &["pager"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "batcat",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &["pager"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "sdiff",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &["diff-program"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "diff3",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &["diff-program"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "cpio",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            // Every mode reads the names it copies, or the archive it
            // writes out, from standard input.
            always: true,
            long: &["rsh-command"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "sshfs",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            short: "o",
            long: &["ssh_command"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "gvim",
        source: "manual page; version not recorded",
        version_flags: &["--version", "-h", "--help"],
        runs: &[
            Runs::Options(CommandOptions {
                short: "cSueEs",
                long: &["cmd"],
                plus: true,
                ..CommandOptions::NONE
            }),
            Runs::Program,
        ],
        ..Program::NONE
    },
    Program {
        name: "gview",
        source: "manual page; version not recorded",
        version_flags: &["--version", "-h", "--help"],
        runs: &[
            Runs::Options(CommandOptions {
                short: "cSueEs",
                long: &["cmd"],
                plus: true,
                ..CommandOptions::NONE
            }),
            Runs::Program,
        ],
        ..Program::NONE
    },
    Program {
        name: "evim",
        source: "manual page; version not recorded",
        version_flags: &["--version", "-h", "--help"],
        runs: &[
            Runs::Options(CommandOptions {
                short: "cSueEs",
                long: &["cmd"],
                plus: true,
                ..CommandOptions::NONE
            }),
            Runs::Program,
        ],
        ..Program::NONE
    },
    Program {
        name: "rvim",
        source: "manual page; version not recorded",
        version_flags: &["--version", "-h", "--help"],
        runs: &[
            Runs::Options(CommandOptions {
                short: "cSueEs",
                long: &["cmd"],
                plus: true,
                ..CommandOptions::NONE
            }),
            Runs::Program,
        ],
        ..Program::NONE
    },
    Program {
        name: "gvimdiff",
        source: "manual page; version not recorded",
        version_flags: &["--version", "-h", "--help"],
        runs: &[
            Runs::Options(CommandOptions {
                short: "cSueEs",
                long: &["cmd"],
                plus: true,
                ..CommandOptions::NONE
            }),
            Runs::Program,
        ],
        ..Program::NONE
    },
    Program {
        name: "op",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            subcommand: Some("run"),
            always: true,
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "doppler",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            subcommand: Some("run"),
            always: true,
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "infisical",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            subcommand: Some("run"),
            always: true,
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "aws-vault",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            subcommand: Some("exec"),
            always: true,
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "chamber",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            subcommand: Some("exec"),
            always: true,
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "berglas",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            subcommand: Some("exec"),
            always: true,
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "sops",
        source: "manual page; version not recorded",
        runs: &[
            Runs::Options(CommandOptions {
                subcommand: Some("exec-env"),
                always: true,
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("exec-file"),
                always: true,
                ..CommandOptions::NONE
            }),
        ],
        ..Program::NONE
    },
    Program {
        name: "toolbox",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            subcommand: Some("run"),
            always: true,
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "distrobox",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            subcommand: Some("enter"),
            always: true,
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "machinectl",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            subcommand: Some("shell"),
            always: true,
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "nix",
        source: "manual page; version not recorded",
        runs: &[
            Runs::Options(CommandOptions {
                subcommand: Some("shell"),
                always: true,
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("develop"),
                always: true,
                ..CommandOptions::NONE
            }),
        ],
        ..Program::NONE
    },
    Program {
        name: "guix",
        source: "manual page; version not recorded",
        runs: &[
            Runs::Options(CommandOptions {
                subcommand: Some("shell"),
                always: true,
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("environment"),
                always: true,
                ..CommandOptions::NONE
            }),
        ],
        ..Program::NONE
    },
    Program {
        name: "devbox",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            subcommand: Some("run"),
            always: true,
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "flox",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            subcommand: Some("activate"),
            always: true,
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "flatpak",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            subcommand: Some("run"),
            always: true,
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "ip",
        source: "manual page; version not recorded",
        runs: &[
            Runs::Options(CommandOptions {
                subcommand: Some("netns"),
                words: &["exec"],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("vrf"),
                words: &["exec"],
                ..CommandOptions::NONE
            }),
        ],
        ..Program::NONE
    },
    Program {
        name: "apt",
        source: "manual page, apt 2.6",
        settings: &[settings::APT_OPTION, settings::APT_CONFIG_FILE],
        ..Program::NONE
    },
    Program {
        name: "apt-get",
        source: "manual page, apt 2.6",
        settings: &[settings::APT_OPTION, settings::APT_CONFIG_FILE],
        ..Program::NONE
    },
    Program {
        name: "apt-cache",
        source: "manual page, apt 2.6",
        settings: &[settings::APT_OPTION, settings::APT_CONFIG_FILE],
        ..Program::NONE
    },
    Program {
        name: "apt-config",
        source: "manual page, apt 2.6",
        settings: &[settings::APT_OPTION, settings::APT_CONFIG_FILE],
        ..Program::NONE
    },
    Program {
        name: "apt-mark",
        source: "manual page, apt 2.6",
        settings: &[settings::APT_OPTION, settings::APT_CONFIG_FILE],
        ..Program::NONE
    },
    Program {
        name: "apt-file",
        source: "manual page, apt 2.6",
        settings: &[settings::APT_OPTION, settings::APT_CONFIG_FILE],
        ..Program::NONE
    },
    Program {
        name: "find",
        source: "manual page, findutils 4.9",
        g_prefixed: true,
        runs: &[Runs::Options(CommandOptions {
            // The starting points read from a file.
            prefixes: &["-files0-from"],
            ..CommandOptions::NONE
        })],
        writes: &[writes::FIND_PRINT],
        quirks: &[Quirk::ExecPrimaries],
        ..Program::NONE
    },
    Program {
        name: "tee",
        source: "`tee --help`, coreutils 9.1",
        g_prefixed: true,
        writes: &[writes::TEE_OPERANDS],
        options: Some(Options {
            short: "aip",
            long: &[
                "append",
                "ignore-interrupts",
                "output-error=?",
                "help",
                "version",
            ],
        }),
        ..Program::NONE
    },
    Program {
        name: "curl",
        source: "manual page, curl 7.88.1",
        runs: &[Runs::Options(CommandOptions {
            // A file of more options (any of them a write).
            short: "K",
            long: &["config"],
            ..CommandOptions::NONE
        })],
        writes: &[writes::CURL_OUTPUT],
        ..Program::NONE
    },
    Program {
        name: "dd",
        source: "manual page, coreutils 9.1",
        g_prefixed: true,
        writes: &[writes::DD_OF],
        ..Program::NONE
    },
    Program {
        name: "groff",
        source: "manual page, groff 1.22.4",
        runs: &[Runs::Options(CommandOptions {
            // Unsafe mode: the `sy` and `pi` requests run shell commands;
            // `-l` runs the device's spooler command, `-L` gives it words.
            short: "UlL",
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "troff",
        source: "manual page, groff 1.22.4",
        runs: &[Runs::Options(CommandOptions {
            short: "U",
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "nroff",
        source: "manual page, groff 1.22.4",
        runs: &[Runs::Options(CommandOptions {
            short: "U",
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "xz",
        source: "manual page, xz 5.4.1",
        runs: &[Runs::Options(CommandOptions {
            // The files to act on read from a file or standard input.
            long: &["files", "files0"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    // The programs that copy, move, link or create files: where they
    // write is HARD-EFFECT-4's (`cp h .git/hooks/pre-commit`).
    Program {
        name: "cp",
        source: "manual page, coreutils 9.1",
        g_prefixed: true,
        writes: &[writes::COPY_DESTINATION, writes::COPY_TARGET_DIRECTORY],
        ..Program::NONE
    },
    Program {
        name: "ln",
        source: "manual page, coreutils 9.1",
        g_prefixed: true,
        writes: &[writes::COPY_DESTINATION, writes::COPY_TARGET_DIRECTORY],
        ..Program::NONE
    },
    Program {
        name: "mv",
        source: "manual page, coreutils 9.1",
        g_prefixed: true,
        writes: &[writes::EVERY_OPERAND, writes::COPY_TARGET_DIRECTORY],
        ..Program::NONE
    },
    Program {
        name: "touch",
        source: "manual page, coreutils 9.1",
        g_prefixed: true,
        writes: &[writes::EVERY_OPERAND],
        ..Program::NONE
    },
    Program {
        name: "truncate",
        source: "manual page, coreutils 9.1",
        g_prefixed: true,
        writes: &[writes::EVERY_OPERAND],
        ..Program::NONE
    },
    Program {
        name: "wc",
        source: "manual page, coreutils 9.1",
        g_prefixed: true,
        runs: &[Runs::Options(CommandOptions {
            // The files to read, named in a file.
            long: &["files0-from"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "du",
        source: "manual page, coreutils 9.1",
        g_prefixed: true,
        runs: &[Runs::Options(CommandOptions {
            long: &["files0-from"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    // Programs that run a program their options name, or a command a
    // file name spells (ImageMagick's `|cmd`).
    Program {
        name: "pandoc",
        source: "`pandoc --help`; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            short: "F",
            long: &["filter"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "latexmk",
        source: "manual page of latexmk; version not recorded",
        // `-e CODE` and `-r FILE` are Perl; `-pdflatex="CMD %O %S"` and its
        // kin name the commands latexmk runs.
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-e",
                "-r",
                "-latex=",
                "-pdflatex=",
                "-xelatex=",
                "-lualatex=",
                "-dvipdf=",
                "-dvips=",
                "-ps2pdf=",
                "-bibtex=",
                "-biber=",
                "-makeindex=",
                "-pv",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "tex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "latex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "pdflatex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "xelatex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "lualatex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "luatex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "pdftex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "xetex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "etex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "platex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "uplatex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "convert",
        source: "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["|"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "magick",
        source: "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["|"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "mogrify",
        source: "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["|"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "identify",
        source: "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["|"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "composite",
        source: "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["|"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "montage",
        source: "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["|"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "compare",
        source: "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["|"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "conjure",
        source: "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["|"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "stream",
        source: "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["|"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "systemctl",
        source: "manual page of systemctl; version not recorded",
        // `systemctl edit` opens $SYSTEMD_EDITOR, $EDITOR or vi.
        runs: &[Runs::Options(CommandOptions {
            subcommand: Some("edit"),
            always: true,
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "bmake",
        source: "manual page; version not recorded",
        quirks: &[Quirk::MakefileAndVariables],
        ..Program::NONE
    },
];
