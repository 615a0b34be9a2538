//! Interpreters: the flags that take an inline program; with no script
//! operand they read their program from standard input (`HARD-RUN-3`). Some
//! were found missing by a red-team pass over interpreters' manuals (issue
//! 26, class 8).

use crate::hardened::contract::settings;

use super::{CommandOptions, Program, Quirk, Runs};

/// An interpreter's row: its name, its source, the long flags and the
/// short letters that take an inline program.
macro_rules! interpreter {
    ($name:literal, $source:literal, [$($long:literal),*], [$($short:literal),*]) => {
        Program {
            name: $name,
            source: $source,
            runs: &[Runs::Inline {
                long: &[$($long),*],
                short: &[$($short),*],
            }],
            ..Program::NONE
        }
    };
}

/// The rows.
pub const ROWS: &[Program] = &[
    Program {
        name: "python",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['c'],
        }],
        version_flags: &["--version", "-V", "--help", "-h"],
        settings: &[settings::PYTHON_MODULE],
        ..Program::NONE
    },
    Program {
        name: "pypy",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['c'],
        }],
        settings: &[settings::PYTHON_MODULE],
        ..Program::NONE
    },
    Program {
        name: "node",
        source: "manual page, Node.js 20.20.2",
        runs: &[
            Runs::Options(CommandOptions {
                short: "r",
                long: &[
                    "import",
                    "require",
                    "loader",
                    "experimental-loader",
                    "env-file",
                    "env-file-if-exists",
                    "run",
                    "openssl-config",
                    "experimental-config-file",
                    "inspect-brk-node",
                ],
                ..CommandOptions::NONE
            }),
            Runs::Inline {
                long: &["--eval", "--print"],
                short: &['e', 'p'],
            },
        ],
        version_flags: &["--version", "-v", "--help", "-h"],
        ..Program::NONE
    },
    Program {
        name: "nodejs",
        source: "manual page; version not recorded",
        runs: &[
            Runs::Options(CommandOptions {
                short: "r",
                long: &[
                    "import",
                    "require",
                    "loader",
                    "experimental-loader",
                    "env-file",
                    "env-file-if-exists",
                    "run",
                    "openssl-config",
                    "experimental-config-file",
                ],
                ..CommandOptions::NONE
            }),
            Runs::Inline {
                long: &["--eval", "--print"],
                short: &['e', 'p'],
            },
        ],
        version_flags: &["--version", "-v", "--help", "-h"],
        ..Program::NONE
    },
    Program {
        name: "bun",
        source: "manual page; version not recorded",
        runs: &[
            // `bun x CMD…` runs a package's binary, or the machine's program.
            Runs::Subcommand("x"),
            Runs::Options(CommandOptions {
                short: "r",
                long: &["preload", "require", "import", "env-file", "config"],
                ..CommandOptions::NONE
            }),
            Runs::Inline {
                long: &["--eval", "--print"],
                short: &['e', 'p'],
            },
        ],
        quirks: &[Quirk::NamedInner],
        ..Program::NONE
    },
    Program {
        name: "deno",
        source: "manual page; version not recorded",
        runs: &[
            Runs::Options(CommandOptions {
                long: &["import-map", "config", "env-file"],
                ..CommandOptions::NONE
            }),
            Runs::Inline {
                long: &["eval", "repl"],
                short: &[],
            },
        ],
        ..Program::NONE
    },
    Program {
        name: "perl",
        source: "manual page, perl 5.36.0",
        runs: &[
            Runs::Options(CommandOptions {
                short: "dm",
                ..CommandOptions::NONE
            }),
            Runs::Inline {
                long: &[],
                short: &['e', 'E', 'M'],
            },
        ],
        version_flags: &["--version", "-v", "--help", "-h"],
        ..Program::NONE
    },
    interpreter!("ruby", "manual page; version not recorded", [], ['e']),
    interpreter!("irb", "manual page; version not recorded", [], []),
    interpreter!(
        "php",
        "manual page; version not recorded",
        [],
        ['r', 'B', 'R', 'E', 'a']
    ),
    interpreter!("lua", "manual page; version not recorded", [], ['e']),
    interpreter!("luajit", "manual page; version not recorded", [], ['e']),
    interpreter!(
        "Rscript",
        "manual page; version not recorded",
        ["--expr"],
        ['e']
    ),
    interpreter!("R", "manual page; version not recorded", [], ['e']),
    interpreter!("osascript", "manual page; version not recorded", [], ['e']),
    interpreter!("tclsh", "manual page; version not recorded", [], []),
    interpreter!("wish", "manual page; version not recorded", [], []),
    Program {
        name: "expect",
        source: "manual page; version not recorded",
        runs: &[
            Runs::Unread,
            Runs::Inline {
                long: &[],
                short: &['c'],
            },
        ],
        ..Program::NONE
    },
    interpreter!(
        "julia",
        "manual page; version not recorded",
        ["--eval", "--print"],
        ['e', 'E']
    ),
    interpreter!("guile", "manual page; version not recorded", [], ['c', 'e']),
    interpreter!(
        "racket",
        "manual page; version not recorded",
        ["--eval", "--require-script"],
        ['e']
    ),
    interpreter!("ghci", "manual page; version not recorded", [], ['e']),
    interpreter!("runghc", "manual page; version not recorded", [], []),
    interpreter!(
        "elixir",
        "manual page; version not recorded",
        ["--eval"],
        ['e']
    ),
    interpreter!("erl", "manual page; version not recorded", ["-eval"], []),
    interpreter!("groovy", "manual page; version not recorded", [], ['e']),
    // SWI-Prolog's goals (`-g`, `-t`) and GHC's expressions (`-e`, which
    // run IO).
    interpreter!(
        "swipl",
        "`swipl --help`; version not recorded",
        [],
        ['g', 't']
    ),
    interpreter!("ghc", "`ghc --help`; version not recorded", [], ['e']),
    interpreter!("jshell", "manual page; version not recorded", [], []),
    Program {
        name: "gdb",
        source: "manual page; version not recorded",
        runs: &[
            Runs::Unread,
            Runs::Inline {
                long: &["-ex", "-eval-command", "--eval-command"],
                short: &['x'],
            },
        ],
        ..Program::NONE
    },
    interpreter!("ipython", "manual page; version not recorded", [], ['c']),
    interpreter!("jython", "manual page; version not recorded", [], ['c']),
    interpreter!(
        "micropython",
        "manual page; version not recorded",
        [],
        ['c']
    ),
    interpreter!(
        "tsx",
        "manual page; version not recorded",
        ["--eval", "--print"],
        ['e', 'p']
    ),
    interpreter!(
        "ts-node",
        "manual page; version not recorded",
        ["--eval", "--print"],
        ['e', 'p']
    ),
    interpreter!(
        "qjs",
        "manual page; version not recorded",
        ["--eval"],
        ['e']
    ),
    interpreter!("d8", "manual page; version not recorded", [], ['e']),
    interpreter!("rhino", "manual page; version not recorded", [], ['e']),
    interpreter!("jjs", "manual page; version not recorded", [], []),
    interpreter!("jruby", "manual page; version not recorded", [], ['e']),
    interpreter!(
        "truffleruby",
        "manual page; version not recorded",
        [],
        ['e']
    ),
    interpreter!("mruby", "manual page; version not recorded", [], ['e']),
    interpreter!("hhvm", "manual page; version not recorded", [], []),
    interpreter!("jimsh", "manual page; version not recorded", [], []),
    interpreter!("bb", "manual page; version not recorded", [], ['e']),
    interpreter!("clojure", "manual page; version not recorded", [], ['e']),
    interpreter!("clj", "manual page; version not recorded", [], ['e']),
    interpreter!("janet", "manual page; version not recorded", [], ['e']),
    interpreter!(
        "fennel",
        "manual page; version not recorded",
        ["--eval"],
        ['e']
    ),
    interpreter!(
        "gforth",
        "manual page; version not recorded",
        ["--evaluate"],
        ['e']
    ),
    interpreter!("pike", "manual page; version not recorded", [], ['e']),
    interpreter!(
        "csi",
        "manual page; version not recorded",
        ["-eval", "-print", "-pretty-print"],
        ['e', 'p', 'P']
    ),
    interpreter!("gsi", "manual page; version not recorded", [], ['e']),
    interpreter!("chez", "manual page; version not recorded", [], []),
    interpreter!(
        "scheme",
        "manual page; version not recorded",
        ["--eval"],
        []
    ),
    interpreter!("petite", "manual page; version not recorded", [], []),
    interpreter!(
        "mit-scheme",
        "manual page; version not recorded",
        ["--eval"],
        []
    ),
    interpreter!("clisp", "manual page; version not recorded", [], ['x']),
    interpreter!("ecl", "manual page; version not recorded", ["-eval"], []),
    interpreter!("sbcl", "manual page; version not recorded", ["--eval"], []),
    interpreter!(
        "ccl",
        "manual page; version not recorded",
        ["--eval"],
        ['e']
    ),
    interpreter!("scala", "manual page; version not recorded", [], ['e']),
    interpreter!("kotlin", "manual page; version not recorded", [], ['e']),
    interpreter!("kotlinc", "manual page; version not recorded", [], ['e']),
    interpreter!("ocaml", "manual page; version not recorded", [], []),
    interpreter!("swift", "manual page; version not recorded", [], ['e']),
    interpreter!(
        "octave",
        "manual page; version not recorded",
        ["--eval"],
        []
    ),
    interpreter!("crystal", "manual page; version not recorded", ["eval"], []),
    interpreter!("tcc", "manual page; version not recorded", ["-run"], []),
    interpreter!("m4", "manual page; version not recorded", [], []),
    interpreter!(
        "dc",
        "manual page; version not recorded",
        ["--expression"],
        ['e']
    ),
];
