//! Interpreters: the flags that take an inline program; with no script
//! operand they read their program from standard input (`HARD-RUN-3`). Some
//! were found missing by a red-team pass over interpreters' manuals (issue
//! 26, class 8).

use crate::hardened::contract::settings;

use super::{CommandOptions, Program, Runs};

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
    Program {
        name: "ruby",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "irb",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &[],
        }],
        ..Program::NONE
    },
    Program {
        name: "php",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['r', 'B', 'R', 'E', 'a'],
        }],
        ..Program::NONE
    },
    Program {
        name: "lua",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "luajit",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "Rscript",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["--expr"],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "R",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "osascript",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "tclsh",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &[],
        }],
        ..Program::NONE
    },
    Program {
        name: "wish",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &[],
        }],
        ..Program::NONE
    },
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
    Program {
        name: "julia",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["--eval", "--print"],
            short: &['e', 'E'],
        }],
        ..Program::NONE
    },
    Program {
        name: "guile",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['c', 'e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "racket",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["--eval", "--require-script"],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "ghci",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "runghc",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &[],
        }],
        ..Program::NONE
    },
    Program {
        name: "elixir",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["--eval"],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "erl",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["-eval"],
            short: &[],
        }],
        ..Program::NONE
    },
    Program {
        name: "groovy",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "jshell",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &[],
        }],
        ..Program::NONE
    },
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
    Program {
        name: "ipython",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['c'],
        }],
        ..Program::NONE
    },
    Program {
        name: "jython",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['c'],
        }],
        ..Program::NONE
    },
    Program {
        name: "micropython",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['c'],
        }],
        ..Program::NONE
    },
    Program {
        name: "tsx",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["--eval", "--print"],
            short: &['e', 'p'],
        }],
        ..Program::NONE
    },
    Program {
        name: "ts-node",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["--eval", "--print"],
            short: &['e', 'p'],
        }],
        ..Program::NONE
    },
    Program {
        name: "qjs",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["--eval"],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "d8",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "rhino",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "jjs",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &[],
        }],
        ..Program::NONE
    },
    Program {
        name: "jruby",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "truffleruby",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "mruby",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "hhvm",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &[],
        }],
        ..Program::NONE
    },
    Program {
        name: "jimsh",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &[],
        }],
        ..Program::NONE
    },
    Program {
        name: "bb",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "clojure",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "clj",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "janet",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "fennel",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["--eval"],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "gforth",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["--evaluate"],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "pike",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "csi",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["-eval", "-print", "-pretty-print"],
            short: &['e', 'p', 'P'],
        }],
        ..Program::NONE
    },
    Program {
        name: "gsi",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "chez",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &[],
        }],
        ..Program::NONE
    },
    Program {
        name: "scheme",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["--eval"],
            short: &[],
        }],
        ..Program::NONE
    },
    Program {
        name: "petite",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &[],
        }],
        ..Program::NONE
    },
    Program {
        name: "mit-scheme",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["--eval"],
            short: &[],
        }],
        ..Program::NONE
    },
    Program {
        name: "clisp",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['x'],
        }],
        ..Program::NONE
    },
    Program {
        name: "ecl",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["-eval"],
            short: &[],
        }],
        ..Program::NONE
    },
    Program {
        name: "sbcl",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["--eval"],
            short: &[],
        }],
        ..Program::NONE
    },
    Program {
        name: "ccl",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["--eval"],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "scala",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "kotlin",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "kotlinc",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "ocaml",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &[],
        }],
        ..Program::NONE
    },
    Program {
        name: "swift",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &['e'],
        }],
        ..Program::NONE
    },
    Program {
        name: "octave",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["--eval"],
            short: &[],
        }],
        ..Program::NONE
    },
    Program {
        name: "crystal",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["eval"],
            short: &[],
        }],
        ..Program::NONE
    },
    Program {
        name: "tcc",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["-run"],
            short: &[],
        }],
        ..Program::NONE
    },
    Program {
        name: "m4",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &[],
            short: &[],
        }],
        ..Program::NONE
    },
    Program {
        name: "dc",
        source: "manual page; version not recorded",
        runs: &[Runs::Inline {
            long: &["--expression"],
            short: &['e'],
        }],
        ..Program::NONE
    },
];
