//! Shells (`HARD-RUN-2`), from Debian 12's packages and their manuals: bash,
//! dash, zsh, ksh93, mksh, yash, fish, csh/tcsh, posh, the BSD ksh, busybox's
//! `ash`/`hush`, rc, es, PowerShell, elvish, nushell, xonsh; and, outside
//! Debian, toybox, the Oils shells, `sash`, `scsh`, `ion`, `murex`, `brush`
//! and execline's `execlineb`. A versioned or static build is its shell.

use super::{Program, Quirk, Runs};

/// The rows.
pub const ROWS: &[Program] = &[
    Program {
        name: "bash",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        version_flags: &["--version", "--help"],
        ..Program::NONE
    },
    Program {
        name: "rbash",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "sh",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "dash",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "zsh",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "ksh",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "ksh93",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "rksh",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "mksh",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "lksh",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "pdksh",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "oksh",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "loksh",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "yash",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "fish",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "csh",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "tcsh",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "posh",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "ash",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "hush",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "rc",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "es",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "pwsh",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "powershell",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        quirks: &[Quirk::DefaultCommand],
        ..Program::NONE
    },
    Program {
        name: "elvish",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "nu",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "xonsh",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "osh",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "ysh",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "oil",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "sash",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "scsh",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "ion",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "murex",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "brush",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
    Program {
        name: "execlineb",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        ..Program::NONE
    },
];
