//! Document and image tools: filters, shell escapes and command options
//! (`HARD-RUN-6`): groff's unsafe mode, pandoc's filters, latexmk's
//! commands, TeX's `-shell-escape`, ImageMagick's `|cmd` file names.

use super::{CommandOptions, Program, Runs};

/// The TeX engines' shell escape: with it, the document's `\\write18{…}`
/// runs any command.
const TEX_SHELL_ESCAPE: &[Runs] = &[Runs::Options(CommandOptions {
    prefixes: &[
        "-shell-escape",
        "--shell-escape",
        "-enable-write18",
        "--enable-write18",
    ],
    ..CommandOptions::NONE
})];
const TEX_SOURCE: &str =
    "TeX Live manual (`-shell-escape` lets `\\write18` run any command); version not recorded";

/// ImageMagick's tools read a file name that begins with `|` as a command.
const IMAGEMAGICK_PIPE: &[Runs] = &[Runs::Options(CommandOptions {
    prefixes: &["|"],
    ..CommandOptions::NONE
})];
const IMAGEMAGICK_SOURCE: &str = "ImageMagick documentation (a file name that begins with `|` is a command to pipe); version not recorded";

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
    Program::with_runs("tex", TEX_SOURCE, TEX_SHELL_ESCAPE),
    Program::with_runs("latex", TEX_SOURCE, TEX_SHELL_ESCAPE),
    Program::with_runs("pdflatex", TEX_SOURCE, TEX_SHELL_ESCAPE),
    Program::with_runs("xelatex", TEX_SOURCE, TEX_SHELL_ESCAPE),
    Program::with_runs("lualatex", TEX_SOURCE, TEX_SHELL_ESCAPE),
    Program::with_runs("luatex", TEX_SOURCE, TEX_SHELL_ESCAPE),
    Program::with_runs("pdftex", TEX_SOURCE, TEX_SHELL_ESCAPE),
    Program::with_runs("xetex", TEX_SOURCE, TEX_SHELL_ESCAPE),
    Program::with_runs("etex", TEX_SOURCE, TEX_SHELL_ESCAPE),
    Program::with_runs("platex", TEX_SOURCE, TEX_SHELL_ESCAPE),
    Program::with_runs("uplatex", TEX_SOURCE, TEX_SHELL_ESCAPE),
    Program::with_runs("convert", IMAGEMAGICK_SOURCE, IMAGEMAGICK_PIPE),
    Program::with_runs("magick", IMAGEMAGICK_SOURCE, IMAGEMAGICK_PIPE),
    Program::with_runs("mogrify", IMAGEMAGICK_SOURCE, IMAGEMAGICK_PIPE),
    Program::with_runs("identify", IMAGEMAGICK_SOURCE, IMAGEMAGICK_PIPE),
    Program::with_runs("composite", IMAGEMAGICK_SOURCE, IMAGEMAGICK_PIPE),
    Program::with_runs("montage", IMAGEMAGICK_SOURCE, IMAGEMAGICK_PIPE),
    Program::with_runs("compare", IMAGEMAGICK_SOURCE, IMAGEMAGICK_PIPE),
    Program::with_runs("conjure", IMAGEMAGICK_SOURCE, IMAGEMAGICK_PIPE),
    Program::with_runs("stream", IMAGEMAGICK_SOURCE, IMAGEMAGICK_PIPE),
];
