//! Compilers and build tools: the programs their options or settings name
//! (a linker, a wrapper, a plugin, a test runner), and the makefile and
//! command-line variables make reads.

use crate::hardened::contract::{settings, writes};

use super::{Chdir, CommandOptions, Program, Quirk, Runs};

/// The rows.
pub const ROWS: &[Program] = &[
    Program {
        name: "cargo",
        source: "manual page, cargo 1.95.0",
        runs: &[
            Runs::Options(CommandOptions {
                long: &["config"],
                ..CommandOptions::NONE
            }),
            // `cargo rustc -- -C linker=PROG` hands rustc its words.
            Runs::Options(CommandOptions {
                subcommand: Some("rustc"),
                always: true,
                ..CommandOptions::NONE
            }),
            Runs::Options(CommandOptions {
                subcommand: Some("rustdoc"),
                always: true,
                ..CommandOptions::NONE
            }),
        ],
        writes: &[writes::BUILD_OUTPUT],
        ..Program::NONE
    },
    Program {
        name: "rustc",
        source: "`rustc --help` and `rustc -C help`, rustc 1.95.0",
        settings: &[settings::RUSTC_CODEGEN],
        writes: &[writes::BUILD_OUTPUT],
        ..Program::NONE
    },
    Program {
        name: "rustdoc",
        source: "`rustdoc --help`, rustdoc 1.95.0",
        runs: &[Runs::Options(CommandOptions {
            // The programs doctests run under or are built with.
            long: &["runtool", "test-builder", "test-builder-wrapper"],
            ..CommandOptions::NONE
        })],
        settings: &[settings::RUSTC_CODEGEN],
        ..Program::NONE
    },
    Program {
        name: "rustup",
        source: "`rustup --help`, rustup 1.29.0",
        // `rustup run TOOLCHAIN CMD…`: a toolchain operand, then a command.
        runs: &[Runs::Options(CommandOptions {
            subcommand: Some("run"),
            always: true,
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "go",
        source: "`go help build` and `go help test` (Go documentation); version not recorded",
        runs: &[
            // The programs the built binary or the toolchain run under
            // (Go's flags take one or two dashes and no abbreviation:
            // `-vet=off` is not `-vettool`).
            Runs::Options(CommandOptions {
                prefixes: &[
                    "-exec",
                    "--exec",
                    "-toolexec",
                    "--toolexec",
                    "-vettool",
                    "--vettool",
                ],
                ..CommandOptions::NONE
            }),
            // `go env -w KEY=VALUE` writes a setting (GOFLAGS, CC, …).
            Runs::Options(CommandOptions {
                subcommand: Some("env"),
                short: "w",
                ..CommandOptions::NONE
            }),
        ],
        writes: &[writes::BUILD_OUTPUT],
        ..Program::NONE
    },
    Program {
        name: "mvn",
        source: "exec-maven-plugin documentation; version not recorded",
        // `-Dexec.executable=PROG` names the program `exec:exec` runs.
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["-Dexec.", "exec."],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "gcc",
        source: "manual page, GCC 12.2.0",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-wrapper",
                "-B",
                "-fplugin",
                "-specs",
                "--specs",
                "-Xclang",
                "--ld-path",
                "-fuse-ld=/",
                "-no-integrated-cpp",
                "@",
            ],
            ..CommandOptions::NONE
        })],
        writes: &[writes::CC_OUTPUT],
        ..Program::NONE
    },
    Program {
        name: "cc",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-wrapper",
                "-B",
                "-fplugin",
                "-specs",
                "--specs",
                "-Xclang",
                "--ld-path",
                "-fuse-ld=/",
                "-no-integrated-cpp",
                "@",
            ],
            ..CommandOptions::NONE
        })],
        writes: &[writes::CC_OUTPUT],
        ..Program::NONE
    },
    Program {
        name: "c++",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-wrapper",
                "-B",
                "-fplugin",
                "-specs",
                "--specs",
                "-Xclang",
                "--ld-path",
                "-fuse-ld=/",
                "-no-integrated-cpp",
                "@",
            ],
            ..CommandOptions::NONE
        })],
        writes: &[writes::CC_OUTPUT],
        ..Program::NONE
    },
    Program {
        name: "g++",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-wrapper",
                "-B",
                "-fplugin",
                "-specs",
                "--specs",
                "-Xclang",
                "--ld-path",
                "-fuse-ld=/",
                "-no-integrated-cpp",
                "@",
            ],
            ..CommandOptions::NONE
        })],
        writes: &[writes::CC_OUTPUT],
        ..Program::NONE
    },
    Program {
        name: "clang",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-wrapper",
                "-B",
                "-fplugin",
                "-specs",
                "--specs",
                "-Xclang",
                "--ld-path",
                "-fuse-ld=/",
                "-ccc-",
                "@",
            ],
            ..CommandOptions::NONE
        })],
        writes: &[writes::CC_OUTPUT],
        ..Program::NONE
    },
    Program {
        name: "clang++",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-wrapper",
                "-B",
                "-fplugin",
                "-specs",
                "--specs",
                "-Xclang",
                "--ld-path",
                "-fuse-ld=/",
                "-ccc-",
                "@",
            ],
            ..CommandOptions::NONE
        })],
        writes: &[writes::CC_OUTPUT],
        ..Program::NONE
    },
    Program {
        name: "cmake",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            short: "E",
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "make",
        source: "manual page, GNU Make 4.3",
        runs: &[Runs::Options(CommandOptions {
            short: "E",
            long: &["eval"],
            ..CommandOptions::NONE
        })],
        chdir: Some(Chdir {
            short: "-C",
            long: "--directory",
        }),
        quirks: &[Quirk::MakefileAndVariables],
        ..Program::NONE
    },
    Program {
        name: "gmake",
        source: "manual page; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            short: "E",
            long: &["eval"],
            ..CommandOptions::NONE
        })],
        chdir: Some(Chdir {
            short: "-C",
            long: "--directory",
        }),
        quirks: &[Quirk::MakefileAndVariables],
        ..Program::NONE
    },
    Program {
        name: "bmake",
        source: "manual page; version not recorded",
        quirks: &[Quirk::MakefileAndVariables],
        ..Program::NONE
    },
];
