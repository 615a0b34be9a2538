//! Package managers and their runners: run subcommands (`HARD-RUN-6`),
//! package runners (`HARD-RUN-10`), the settings and configuration keys
//! that name a program (`HARD-RUN-7`), and dpkg's maintainer-script hooks.

use crate::hardened::contract::{settings, writes};

use super::{CommandOptions, Grammar, Program, Quirk, Runs};

/// The rows.
pub const ROWS: &[Program] = &[
    Program {
        name: "pip",
        source: "`pip install --help`, pip 23",
        writes: &[writes::INSTALL_DIRECTORY],
        ..Program::NONE
    },
    Program {
        name: "pip3",
        source: "`pip3 install --help`, pip 23",
        writes: &[writes::INSTALL_DIRECTORY],
        ..Program::NONE
    },
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
        writes: &[writes::INSTALL_DIRECTORY],
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
];
