//! Programs whose every argument list is a program (`HARD-RUN-3`): awk's
//! `system()`, sed's `e` and `w`, sqlite3's `.shell`, and those whose
//! commands, from their arguments or standard input, include one that runs a
//! shell command (`ed`/`ex` `!cmd`, miller's and gnuplot's `system`, duckdb's
//! `.shell`, the database clients' `\!`, the file-transfer clients' `!cmd`).

use crate::hardened::contract::writes;

use super::{CommandOptions, Program, Quirk, Runs};

/// The rows.
pub const ROWS: &[Program] = &[
    Program {
        name: "awk",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        quirks: &[Quirk::AwkProgram],
        ..Program::NONE
    },
    Program {
        name: "gawk",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        quirks: &[Quirk::AwkProgram],
        ..Program::NONE
    },
    Program {
        name: "mawk",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        quirks: &[Quirk::AwkProgram],
        ..Program::NONE
    },
    Program {
        name: "nawk",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        quirks: &[Quirk::AwkProgram],
        ..Program::NONE
    },
    Program {
        name: "original-awk",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        ..Program::NONE
    },
    Program {
        name: "goawk",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        ..Program::NONE
    },
    Program {
        name: "busybox-awk",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        ..Program::NONE
    },
    Program {
        name: "sed",
        source: "manual page, GNU sed 4.9",
        runs: &[Runs::Program],
        quirks: &[Quirk::SedProgram],
        ..Program::NONE
    },
    Program {
        name: "gsed",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        quirks: &[Quirk::SedProgram],
        ..Program::NONE
    },
    Program {
        name: "sqlite3",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        ..Program::NONE
    },
    Program {
        name: "duckdb",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        ..Program::NONE
    },
    Program {
        name: "mlr",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        ..Program::NONE
    },
    Program {
        name: "gnuplot",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        ..Program::NONE
    },
    Program {
        name: "ed",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        ..Program::NONE
    },
    Program {
        name: "ex",
        source: "manual page; version not recorded",
        runs: &[
            Runs::Options(CommandOptions {
                short: "cSu",
                long: &["cmd"],
                plus: true,
                ..CommandOptions::NONE
            }),
            Runs::Program,
        ],
        writes: &[writes::VIM_WRITE],
        ..Program::NONE
    },
    Program {
        name: "mysql",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        ..Program::NONE
    },
    Program {
        name: "mariadb",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        ..Program::NONE
    },
    Program {
        name: "psql",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        ..Program::NONE
    },
    Program {
        name: "lftp",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        ..Program::NONE
    },
    Program {
        name: "ftp",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        ..Program::NONE
    },
    Program {
        name: "sftp",
        source: "manual page; version not recorded",
        runs: &[
            Runs::Options(CommandOptions {
                short: "SDoF",
                ..CommandOptions::NONE
            }),
            Runs::Program,
        ],
        ..Program::NONE
    },
    Program {
        name: "smbclient",
        source: "manual page; version not recorded",
        runs: &[Runs::Program],
        ..Program::NONE
    },
];
