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
    Program::new_taker("original-awk", "manual page; version not recorded"),
    Program::new_taker("goawk", "manual page; version not recorded"),
    Program::new_taker("busybox-awk", "manual page; version not recorded"),
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
    Program::new_taker("sqlite3", "manual page; version not recorded"),
    Program::new_taker("duckdb", "manual page; version not recorded"),
    Program::new_taker("mlr", "manual page; version not recorded"),
    Program::new_taker("gnuplot", "manual page; version not recorded"),
    Program::new_taker("ed", "manual page; version not recorded"),
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
    Program::new_taker("mysql", "manual page; version not recorded"),
    Program::new_taker("mariadb", "manual page; version not recorded"),
    Program::new_taker("psql", "manual page; version not recorded"),
    Program::new_taker("lftp", "manual page; version not recorded"),
    Program::new_taker("ftp", "manual page; version not recorded"),
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
    Program::new_taker("smbclient", "manual page; version not recorded"),
    // telnet's `! [command]` runs a shell command; it reads its commands
    // from standard input.
    Program::new_taker("telnet", "manual page; version not recorded"),
];
