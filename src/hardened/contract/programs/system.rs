//! Secrets managers, sessions and system services: the command they run
//! with the secrets or in the session, gpg's programs and option files,
//! cron tables and unit files opened in an editor.

use super::{CommandOptions, Program, Runs};

/// The rows.
pub const ROWS: &[Program] = &[
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
    // Options that load a shared object's code (an engine, a provider),
    // and the `engine` subcommand, which loads the engine it names.
    Program {
        name: "openssl",
        source: "manual pages openssl(1), openssl-engine(1), openssl-req(1); OpenSSL 3.0.19",
        runs: &[
            Runs::Options(CommandOptions {
                prefixes: &[
                    "-engine",
                    "-keygen_engine",
                    "-ssl_client_engine",
                    "-provider",
                    "-provider-path",
                ],
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("engine"),
                always: true,
                ..CommandOptions::NONE
            }),
        ],
        ..Program::NONE
    },
];
