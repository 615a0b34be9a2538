//! Editors, pagers and manual readers: Ex commands from their options and
//! keystrokes from standard input (`HARD-RUN-3`, `HARD-RUN-6`), the pager
//! or browser an option names, and their writes.

use crate::hardened::contract::writes;

use super::{CommandOptions, Program, Runs};

/// What vim, view and vimdiff read: Ex commands from `-c`, `-S`, `-u`,
/// `--cmd` and `+…`, a script with `-s`, keystrokes from standard input,
/// and `-w`/`-W` writes.
const VIM_FAMILY: Program = Program {
    name: "",
    source: "",
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
};

/// What the GUI and restricted vims read, as vim does.
const GVIM_FAMILY: Program = Program {
    name: "",
    source: "",
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
};

/// The rows.
pub const ROWS: &[Program] = &[
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
        ..VIM_FAMILY
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
        ..VIM_FAMILY
    },
    Program {
        name: "vimdiff",
        source: "manual page; version not recorded",
        ..VIM_FAMILY
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
        name: "gvim",
        source: "manual page; version not recorded",
        ..GVIM_FAMILY
    },
    Program {
        name: "gview",
        source: "manual page; version not recorded",
        ..GVIM_FAMILY
    },
    Program {
        name: "evim",
        source: "manual page; version not recorded",
        ..GVIM_FAMILY
    },
    Program {
        name: "rvim",
        source: "manual page; version not recorded",
        ..GVIM_FAMILY
    },
    Program {
        name: "gvimdiff",
        source: "manual page; version not recorded",
        ..GVIM_FAMILY
    },
];
