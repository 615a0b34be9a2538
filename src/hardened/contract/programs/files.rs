//! File, search and archive tools: the options that run a command
//! (`HARD-RUN-6`), read their operands from a file or standard input, or
//! write a file (`HARD-EFFECT-5`), and the whole grammars of the closed
//! rows (`HARD-RUN-9`).

use crate::hardened::contract::writes;

use super::{Chdir, CommandOptions, Options, Program, Quirk, Runs};

/// The rows.
pub const ROWS: &[Program] = &[
    Program {
        name: "tar",
        source: "manual page, GNU tar 1.34",
        runs: &[Runs::Options(CommandOptions {
            // `-T`/`--files-from`: the names to archive, read from a file.
            short: "IFT",
            old: "IFT",
            long: &[
                "files-from",
                "to-command",
                "checkpoint-action",
                "use-compress-program",
                "info-script",
                "new-volume-script",
                "rsh-command",
                "rmt-command",
            ],
            ..CommandOptions::NONE
        })],
        chdir: Some(Chdir {
            short: "-C",
            long: "--directory",
        }),
        writes: &[writes::TAR_DIRECTORY],
        ..Program::NONE
    },
    Program {
        name: "sort",
        source: "`sort --help`, coreutils 9.1",
        g_prefixed: true,
        runs: &[Runs::Options(CommandOptions {
            // `--files0-from`: the files to read, named in a file.
            long: &["compress-program", "files0-from"],
            ..CommandOptions::NONE
        })],
        writes: &[writes::SORT_OUTPUT],
        options: Some(Options {
            short: "bcCdfghik:mMno:rRsS:t:T:uVz",
            long: &[
                "ignore-leading-blanks",
                "dictionary-order",
                "ignore-case",
                "general-numeric-sort",
                "ignore-nonprinting",
                "month-sort",
                "human-numeric-sort",
                "numeric-sort",
                "random-sort",
                "random-source=",
                "reverse",
                "sort=",
                "version-sort",
                "batch-size=",
                "check=?",
                "compress-program=",
                "debug",
                "files0-from=",
                "key=",
                "merge",
                "output=",
                "stable",
                "buffer-size=",
                "field-separator=",
                "temporary-directory=",
                "parallel=",
                "unique",
                "zero-terminated",
                "help",
                "version",
            ],
        }),
        ..Program::NONE
    },
    Program {
        name: "split",
        source: "`split --help`, coreutils 9.1",
        g_prefixed: true,
        runs: &[Runs::Options(CommandOptions {
            long: &["filter"],
            ..CommandOptions::NONE
        })],
        // The digits are the obsolete `-NUMBER` (lines per file).
        options: Some(Options {
            short: "0123456789C:a:b:del:n:t:ux",
            long: &[
                "suffix-length=",
                "additional-suffix=",
                "bytes=",
                "line-bytes=",
                "numeric-suffixes=?",
                "hex-suffixes=?",
                "elide-empty-files",
                "filter=",
                "lines=",
                "number=",
                "separator=",
                "unbuffered",
                "verbose",
                "help",
                "version",
            ],
        }),
        writes: &[writes::OUTPUT_OPERAND],
        ..Program::NONE
    },
    Program {
        name: "patch",
        source: "manual page, GNU patch 2.7.6",
        runs: &[Runs::Options(CommandOptions {
            short: "e",
            long: &["ed"],
            ..CommandOptions::NONE
        })],
        writes: &[writes::PATCH_OUTPUT],
        ..Program::NONE
    },
    Program {
        name: "zip",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            // `-@` reads the names to add from standard input.
            short: "T@",
            long: &["unzip-command"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "fd",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            short: "xX",
            long: &["exec", "exec-batch"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "fdfind",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            short: "xX",
            long: &["exec", "exec-batch"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "rg",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &["pre"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "fzf",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &["preview", "bind", "with-shell", "execute"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "install",
        source: "manual page, coreutils 9.1",
        g_prefixed: true,
        runs: &[Runs::Options(CommandOptions {
            long: &["strip-program"],
            ..CommandOptions::NONE
        })],
        writes: &[writes::COPY_DESTINATION, writes::COPY_TARGET_DIRECTORY],
        ..Program::NONE
    },
    Program {
        name: "ag",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &["pager"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "ack",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &["pager"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "bat",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &["pager"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "batcat",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &["pager"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "sdiff",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &["diff-program"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "diff3",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            long: &["diff-program"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "cpio",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            // Every mode reads the names it copies, or the archive it
            // writes out, from standard input.
            always: true,
            long: &["rsh-command"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "find",
        source: "manual page, findutils 4.9",
        g_prefixed: true,
        runs: &[Runs::Options(CommandOptions {
            // The starting points read from a file.
            prefixes: &["-files0-from"],
            ..CommandOptions::NONE
        })],
        writes: &[writes::FIND_PRINT],
        quirks: &[Quirk::ExecPrimaries],
        ..Program::NONE
    },
    Program {
        name: "tee",
        source: "`tee --help`, coreutils 9.1",
        g_prefixed: true,
        writes: &[writes::TEE_OPERANDS],
        options: Some(Options {
            short: "aip",
            long: &[
                "append",
                "ignore-interrupts",
                "output-error=?",
                "help",
                "version",
            ],
        }),
        ..Program::NONE
    },
    Program {
        name: "dd",
        source: "manual page, coreutils 9.1",
        g_prefixed: true,
        writes: &[writes::DD_OF],
        ..Program::NONE
    },
    Program {
        name: "xz",
        source: "manual page, xz 5.4.1",
        runs: &[Runs::Options(CommandOptions {
            // The files to act on read from a file or standard input.
            long: &["files", "files0"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    // The programs that copy, move, link or create files: where they
    // write is HARD-EFFECT-4's (`cp h .git/hooks/pre-commit`).
    Program {
        name: "cp",
        source: "manual page, coreutils 9.1",
        g_prefixed: true,
        writes: &[writes::COPY_DESTINATION, writes::COPY_TARGET_DIRECTORY],
        ..Program::NONE
    },
    Program {
        name: "ln",
        source: "manual page, coreutils 9.1",
        g_prefixed: true,
        writes: &[writes::COPY_DESTINATION, writes::COPY_TARGET_DIRECTORY],
        ..Program::NONE
    },
    Program {
        name: "mv",
        source: "manual page, coreutils 9.1",
        g_prefixed: true,
        writes: &[writes::EVERY_OPERAND, writes::COPY_TARGET_DIRECTORY],
        ..Program::NONE
    },
    Program {
        name: "touch",
        source: "manual page, coreutils 9.1",
        g_prefixed: true,
        writes: &[writes::EVERY_OPERAND],
        ..Program::NONE
    },
    Program {
        name: "truncate",
        source: "manual page, coreutils 9.1",
        g_prefixed: true,
        writes: &[writes::EVERY_OPERAND],
        ..Program::NONE
    },
    Program {
        name: "unzip",
        source: "manual page, UnZip 6.00",
        writes: &[writes::UNZIP_DIRECTORY],
        ..Program::NONE
    },
    Program {
        name: "wc",
        source: "manual page, coreutils 9.1",
        g_prefixed: true,
        runs: &[Runs::Options(CommandOptions {
            // The files to read, named in a file.
            long: &["files0-from"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "du",
        source: "manual page, coreutils 9.1",
        g_prefixed: true,
        runs: &[Runs::Options(CommandOptions {
            long: &["files0-from"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    // Text tools whose own writes are their output option or operand
    // (HARD-EFFECT-5).
    Program {
        name: "csplit",
        source: "`csplit --help`, coreutils 9.1",
        g_prefixed: true,
        writes: &[writes::CSPLIT_PREFIX],
        ..Program::NONE
    },
    Program {
        name: "shuf",
        source: "`shuf --help`, coreutils 9.1",
        g_prefixed: true,
        writes: &[writes::OUTPUT_OPTION],
        ..Program::NONE
    },
    Program {
        name: "uniq",
        source: "`uniq --help`, coreutils 9.1",
        g_prefixed: true,
        writes: &[writes::OUTPUT_OPERAND],
        ..Program::NONE
    },
    Program {
        name: "iconv",
        source: "`iconv --help`, glibc 2.36",
        writes: &[writes::OUTPUT_OPTION],
        ..Program::NONE
    },
    Program {
        name: "xxd",
        source: "manual page xxd(1), vim 9.0",
        writes: &[writes::OUTPUT_OPERAND],
        ..Program::NONE
    },
];
