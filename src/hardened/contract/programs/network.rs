//! Network clients: the remote shell or program an option names, the
//! files they write, and the commands their options run.

use crate::hardened::contract::writes;

use super::{CommandOptions, Program, Runs};

/// The rows.
pub const ROWS: &[Program] = &[
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
];
