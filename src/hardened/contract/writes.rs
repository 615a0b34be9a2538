//! Options that make a program write a file (spec §12.7, `HARD-EFFECT-5`).
//!
//! `git log --output=.git/config` writes what `git log > .git/config`
//! writes: the program opens the file, not bash, but the effect is the
//! same, so HARD-EFFECT-4 judges it like a redirection `>` to the same
//! target. Copying and moving (`cp`, `mv`, `install`) are left to the
//! rules: their destinations are their purpose.

/// Where a program's write target stands among its words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The value of an option: short spellings (`-o`) with the value
    /// attached or next (also last in a cluster, `-so F`, when `cluster`),
    /// long ones (`--output`) with `=` or next, and, when `abbreviates`, any
    /// unambiguous prefix of at least `--` and one letter (GNU getopt).
    Option {
        /// The spellings.
        spellings: &'static [&'static str],
        /// Short letters combine in a cluster.
        cluster: bool,
        /// Long options match in any abbreviation.
        abbreviates: bool,
    },
    /// The word after a primary (`find -fprint F`).
    Primary(&'static [&'static str]),
    /// Every operand (`tee F…`), after the listed options.
    Operands,
    /// The value of an operand `KEY=` (`dd of=F`).
    Assignment(&'static str),
}

/// One row of the table.
#[derive(Debug, Clone, Copy)]
pub struct ProgramWrite {
    /// The program's names.
    pub programs: &'static [&'static str],
    /// Only after one of these subcommands (the first operand), or any.
    pub subcommands: &'static [&'static str],
    /// Where the target stands.
    pub target: Target,
    /// Where the facts come from.
    pub source: &'static str,
}

/// The table.
pub const PROGRAM_WRITES: &[ProgramWrite] = &[
    ProgramWrite {
        programs: &["git"],
        subcommands: &[],
        target: Target::Option {
            spellings: &["--output", "--output-directory"],
            cluster: false,
            abbreviates: true,
        },
        source: "git-diff(1), git-log(1), git-format-patch(1), git-archive(1), git 2.39 \
                 (parse-options takes unambiguous abbreviations)",
    },
    ProgramWrite {
        programs: &["git"],
        subcommands: &["archive", "format-patch"],
        target: Target::Option {
            spellings: &["-o"],
            cluster: false,
            abbreviates: false,
        },
        source: "git-archive(1), git-format-patch(1)",
    },
    ProgramWrite {
        programs: &["find"],
        subcommands: &[],
        target: Target::Primary(&["-fprint", "-fprint0", "-fprintf", "-fls"]),
        source: "find(1), findutils 4.9",
    },
    ProgramWrite {
        programs: &["sort"],
        subcommands: &[],
        target: Target::Option {
            spellings: &["-o", "--output"],
            cluster: true,
            abbreviates: true,
        },
        source: "sort --help, coreutils 9.1",
    },
    ProgramWrite {
        programs: &["tee"],
        subcommands: &[],
        target: Target::Operands,
        source: "tee --help, coreutils 9.1",
    },
    ProgramWrite {
        programs: &["curl"],
        subcommands: &[],
        target: Target::Option {
            spellings: &[
                "-o",
                "--output",
                "-D",
                "--dump-header",
                "-c",
                "--cookie-jar",
                "--trace",
                "--trace-ascii",
                "--stderr",
                "--libcurl",
                "--output-dir",
            ],
            cluster: true,
            abbreviates: false,
        },
        source: "curl(1), curl 7.88",
    },
    ProgramWrite {
        programs: &["wget"],
        subcommands: &[],
        target: Target::Option {
            spellings: &[
                "-O",
                "--output-document",
                "-o",
                "--output-file",
                "-a",
                "--append-output",
                "-P",
                "--directory-prefix",
                "--save-cookies",
            ],
            cluster: true,
            abbreviates: true,
        },
        source: "wget --help, GNU Wget 1.21",
    },
    ProgramWrite {
        programs: &["gcc", "cc", "c++", "g++", "clang", "clang++"],
        subcommands: &[],
        target: Target::Option {
            spellings: &["-o"],
            cluster: false,
            abbreviates: false,
        },
        source: "gcc(1), GCC 12",
    },
    ProgramWrite {
        programs: &["vim", "vi", "nvim", "view", "ex", "vimdiff"],
        subcommands: &[],
        target: Target::Option {
            spellings: &["-w", "-W"],
            cluster: false,
            abbreviates: false,
        },
        source: "vim --help, Vim 9.0 (found by scripts/program-help-scan.py)",
    },
    ProgramWrite {
        programs: &["dd"],
        subcommands: &[],
        target: Target::Assignment("of="),
        source: "dd --help, coreutils 9.1",
    },
];
