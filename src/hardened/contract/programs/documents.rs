//! Document and image tools: filters, shell escapes and command options
//! (`HARD-RUN-6`): groff's unsafe mode, pandoc's filters, latexmk's
//! commands, TeX's `-shell-escape`, ImageMagick's `|cmd` file names.

use super::{CommandOptions, Program, Runs};

/// The rows.
pub const ROWS: &[Program] = &[
    Program {
        name: "groff",
        source: "manual page, groff 1.22.4",
        runs: &[Runs::Options(CommandOptions {
            // Unsafe mode: the `sy` and `pi` requests run shell commands;
            // `-l` runs the device's spooler command, `-L` gives it words.
            short: "UlL",
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "troff",
        source: "manual page, groff 1.22.4",
        runs: &[Runs::Options(CommandOptions {
            short: "U",
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "nroff",
        source: "manual page, groff 1.22.4",
        runs: &[Runs::Options(CommandOptions {
            short: "U",
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    // Programs that run a program their options name, or a command a
    // file name spells (ImageMagick's `|cmd`).
    Program {
        name: "pandoc",
        source: "`pandoc --help`; version not recorded",
        runs: &[Runs::Options(CommandOptions {
            short: "F",
            long: &["filter"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "latexmk",
        source: "manual page of latexmk; version not recorded",
        // `-e CODE` and `-r FILE` are Perl; `-pdflatex="CMD %O %S"` and its
        // kin name the commands latexmk runs.
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-e",
                "-r",
                "-latex=",
                "-pdflatex=",
                "-xelatex=",
                "-lualatex=",
                "-dvipdf=",
                "-dvips=",
                "-ps2pdf=",
                "-bibtex=",
                "-biber=",
                "-makeindex=",
                "-pv",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "tex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "latex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "pdflatex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "xelatex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "lualatex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "luatex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "pdftex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "xetex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "etex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "platex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "uplatex",
        source: "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &[
                "-shell-escape",
                "--shell-escape",
                "-enable-write18",
                "--enable-write18",
            ],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "convert",
        source: "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["|"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "magick",
        source: "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["|"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "mogrify",
        source: "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["|"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "identify",
        source: "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["|"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "composite",
        source: "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["|"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "montage",
        source: "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["|"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "compare",
        source: "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["|"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "conjure",
        source: "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["|"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
    Program {
        name: "stream",
        source: "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded",
        runs: &[Runs::Options(CommandOptions {
            prefixes: &["|"],
            ..CommandOptions::NONE
        })],
        ..Program::NONE
    },
];
