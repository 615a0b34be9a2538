//! Options that make a program write a file (spec §12.7, `HARD-EFFECT-5`).
//!
//! `git log --output=.git/config` writes what `git log > .git/config`
//! writes: the program opens the file, not bash, but the effect is the
//! same, so HARD-EFFECT-4 judges it like a redirection `>` to the same
//! target. Copying, moving and linking are writes like any other.

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
    /// The last operand (`cp SRC… DEST`).
    LastOperand,
    /// The value of an operand `KEY=` (`dd of=F`).
    Assignment(&'static str),
}

/// One option or operand through which a program writes a file; a
/// program's row of [`super::programs`] lists its own.
#[derive(Debug, Clone, Copy)]
pub struct ProgramWrite {
    /// Only after one of these subcommands (the first operand), or any.
    pub subcommands: &'static [&'static str],
    /// Where the target stands.
    pub target: Target,
    /// Where the facts come from.
    pub source: &'static str,
}

/// Git's `--output` (any subcommand that has it).
pub const GIT_OUTPUT: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::Option {
        spellings: &["--output", "--output-directory"],
        cluster: false,
        abbreviates: true,
    },
    source: "git-diff(1), git-log(1), git-format-patch(1), git-archive(1), git 2.39 \
             (parse-options takes unambiguous abbreviations)",
};

/// `git archive -o`, `git format-patch -o`.
pub const GIT_OUTPUT_SHORT: ProgramWrite = ProgramWrite {
    subcommands: &["archive", "format-patch"],
    target: Target::Option {
        spellings: &["-o"],
        cluster: false,
        abbreviates: false,
    },
    source: "git-archive(1), git-format-patch(1)",
};

/// Find's `-fprint*` and `-fls` primaries.
pub const FIND_PRINT: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::Primary(&["-fprint", "-fprint0", "-fprintf", "-fls"]),
    source: "find(1), findutils 4.9",
};

/// `sort -o`.
pub const SORT_OUTPUT: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::Option {
        spellings: &["-o", "--output"],
        cluster: true,
        abbreviates: true,
    },
    source: "sort --help, coreutils 9.1",
};

/// `cp`, `ln` and `install`: the last operand, the destination.
pub const COPY_DESTINATION: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::LastOperand,
    source: "cp(1), ln(1), install(1), coreutils 9.1: the last operand is the \
             destination (a file, or a directory the sources go into)",
};

/// `cp`, `mv`, `ln` and `install`: `-t DIR`, `--target-directory=DIR`.
pub const COPY_TARGET_DIRECTORY: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::Option {
        spellings: &["-t", "--target-directory"],
        cluster: true,
        abbreviates: true,
    },
    source: "cp(1), mv(1), ln(1), install(1), coreutils 9.1",
};

/// `mv`, `touch`, `truncate`: every operand is written (a move removes its
/// source too).
pub const EVERY_OPERAND: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::Operands,
    source: "mv(1), touch(1), truncate(1), coreutils 9.1",
};

/// `rsync` and `scp`: the last operand, the destination.
pub const TRANSFER_DESTINATION: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::LastOperand,
    source: "rsync(1) 3.2, scp(1): the last operand is the destination",
};

/// Tee's operands.
pub const TEE_OPERANDS: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::Operands,
    source: "tee --help, coreutils 9.1",
};

/// Curl's file options.
pub const CURL_OUTPUT: ProgramWrite = ProgramWrite {
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
        abbreviates: true,
    },
    source: "curl(1), curl 7.88 (takes an unambiguous prefix of a long option: \
             `--libc FILE`)",
};

/// Wget's file options.
pub const WGET_OUTPUT: ProgramWrite = ProgramWrite {
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
};

/// A compiler's `-o`.
pub const CC_OUTPUT: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::Option {
        spellings: &["-o"],
        cluster: false,
        abbreviates: false,
    },
    source: "gcc(1), GCC 12",
};

/// A compiler's or build tool's output file or directory: `go build -o`,
/// `rustc -o`/`--out-dir`, `cargo --target-dir` (`go build -o
/// .git/hooks/pre-commit .` builds an executable hook).
pub const BUILD_OUTPUT: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::Option {
        spellings: &["-o", "--out-dir", "--target-dir"],
        cluster: false,
        abbreviates: false,
    },
    source: "`go help build`, `rustc --help` (rustc 1.95.0), `cargo build --help` \
             (cargo 1.95.0)",
};

/// Where a package manager installs: pip's `-t`/`--target`, `--prefix`,
/// `--root`, `--src`; npm's `--prefix`.
pub const INSTALL_DIRECTORY: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::Option {
        spellings: &["-t", "--target", "--prefix", "--root", "--src"],
        cluster: false,
        abbreviates: true,
    },
    source: "`pip install --help` (pip 23), `npm help install` (npm 11)",
};

/// Where tar unpacks: `-C`/`--directory`.
pub const TAR_DIRECTORY: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::Option {
        spellings: &["-C", "--directory"],
        cluster: false,
        abbreviates: true,
    },
    source: "tar(1), GNU tar 1.34: members are extracted below `-C DIR`",
};

/// Where unzip unpacks: `-d EXDIR`.
pub const UNZIP_DIRECTORY: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::Option {
        spellings: &["-d"],
        cluster: false,
        abbreviates: false,
    },
    source: "unzip(1), UnZip 6.00",
};

/// patch's `-o`/`--output`.
pub const PATCH_OUTPUT: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::Option {
        spellings: &["-o", "--output"],
        cluster: false,
        abbreviates: true,
    },
    source: "patch(1), GNU patch 2.7.6",
};

/// `git clone SRC DIR`: the directory the clone is written to.
pub const CLONE_DIRECTORY: ProgramWrite = ProgramWrite {
    subcommands: &["clone"],
    target: Target::LastOperand,
    source: "git-clone(1), git 2.39: a repository whose files include `pre-commit`, \
             cloned into `.git/hooks`, is a hook",
};

/// Vim's `-w`/`-W` script output.
pub const VIM_WRITE: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::Option {
        spellings: &["-w", "-W"],
        cluster: false,
        abbreviates: false,
    },
    source: "vim --help, Vim 9.0 (found by scripts/program-help-scan.py)",
};

/// `dd of=`.
pub const DD_OF: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::Assignment("of="),
    source: "dd --help, coreutils 9.1",
};

/// An output option: `-o`, `--output` (any abbreviation).
pub const OUTPUT_OPTION: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::Option {
        spellings: &["-o", "--output"],
        cluster: true,
        abbreviates: true,
    },
    source: "shuf --help, coreutils 9.1; iconv --help, glibc 2.36",
};

/// An output operand after the input: `uniq [INPUT [OUTPUT]]`, `xxd
/// [INFILE [OUTFILE]]`, `split [FILE [PREFIX]]`; read as the last
/// operand, so a lone input counts too (the safe side).
pub const OUTPUT_OPERAND: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::LastOperand,
    source: "uniq --help, split --help, coreutils 9.1; xxd(1), vim 9.0",
};

/// `csplit -f PREFIX`, `--prefix=PREFIX`.
pub const CSPLIT_PREFIX: ProgramWrite = ProgramWrite {
    subcommands: &[],
    target: Target::Option {
        spellings: &["-f", "--prefix"],
        cluster: true,
        abbreviates: true,
    },
    source: "csplit --help, coreutils 9.1",
};

/// `git checkout-index --prefix=DIR/` writes the index's files there.
pub const GIT_CHECKOUT_PREFIX: ProgramWrite = ProgramWrite {
    subcommands: &["checkout-index"],
    target: Target::Option {
        spellings: &["--prefix"],
        cluster: false,
        abbreviates: true,
    },
    source: "git-checkout-index(1), git 2.39",
};

/// `git worktree add PATH`, `git init [DIR]`: the directories they make
/// (every operand, `add` itself in the tree).
pub const GIT_NEW_DIRECTORY: ProgramWrite = ProgramWrite {
    subcommands: &["worktree", "init"],
    target: Target::Operands,
    source: "git-worktree(1), git-init(1), git 2.39",
};

/// `--separate-git-dir=DIR` of `git init` and `git clone`: the repository
/// is written there.
pub const GIT_SEPARATE_DIR: ProgramWrite = ProgramWrite {
    subcommands: &["init", "clone"],
    target: Target::Option {
        spellings: &["--separate-git-dir"],
        cluster: false,
        abbreviates: true,
    },
    source: "git-init(1), git-clone(1), git 2.39",
};
