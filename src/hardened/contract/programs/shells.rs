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
    Program::new_shell("rbash", "manual page; version not recorded"),
    Program::new_shell("sh", "manual page; version not recorded"),
    Program::new_shell("dash", "manual page; version not recorded"),
    Program::new_shell("zsh", "manual page; version not recorded"),
    Program::new_shell("ksh", "manual page; version not recorded"),
    Program::new_shell("ksh93", "manual page; version not recorded"),
    Program::new_shell("rksh", "manual page; version not recorded"),
    Program::new_shell("mksh", "manual page; version not recorded"),
    Program::new_shell("lksh", "manual page; version not recorded"),
    Program::new_shell("pdksh", "manual page; version not recorded"),
    Program::new_shell("oksh", "manual page; version not recorded"),
    Program::new_shell("loksh", "manual page; version not recorded"),
    Program::new_shell("yash", "manual page; version not recorded"),
    Program::new_shell("fish", "manual page; version not recorded"),
    Program::new_shell("csh", "manual page; version not recorded"),
    Program::new_shell("tcsh", "manual page; version not recorded"),
    Program::new_shell("posh", "manual page; version not recorded"),
    Program::new_shell("ash", "manual page; version not recorded"),
    Program::new_shell("hush", "manual page; version not recorded"),
    Program::new_shell("rc", "manual page; version not recorded"),
    Program::new_shell("es", "manual page; version not recorded"),
    Program::new_shell("pwsh", "manual page; version not recorded"),
    Program {
        name: "powershell",
        source: "manual page; version not recorded",
        runs: &[Runs::Shell],
        quirks: &[Quirk::DefaultCommand],
        ..Program::NONE
    },
    Program::new_shell("elvish", "manual page; version not recorded"),
    Program::new_shell("nu", "manual page; version not recorded"),
    Program::new_shell("xonsh", "manual page; version not recorded"),
    Program::new_shell("osh", "manual page; version not recorded"),
    Program::new_shell("ysh", "manual page; version not recorded"),
    Program::new_shell("oil", "manual page; version not recorded"),
    Program::new_shell("sash", "manual page; version not recorded"),
    Program::new_shell("scsh", "manual page; version not recorded"),
    Program::new_shell("ion", "manual page; version not recorded"),
    Program::new_shell("murex", "manual page; version not recorded"),
    Program::new_shell("brush", "manual page; version not recorded"),
    Program::new_shell("execlineb", "manual page; version not recorded"),
];
