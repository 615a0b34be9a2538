//! The program contract (spec §12.5, Appendix P): one typed row per
//! program, holding every fact the hardened profile reads about it — its
//! name and the forms it is also known by, where the facts come from, the
//! option grammar of a program whose operands are a command, what else it
//! runs (a subcommand, options or words that name a command, an inline
//! program, a shell string, a program in a sub-language), the options that
//! run it in another directory, the options that write files, the settings
//! it reads and its quirks. Decision code reads these rows and names no
//! program itself (`tests/it/hardened/contract_table.rs`); SPEC's program
//! lists are generated from them ([`appendix`]).
//!
//! The rows are kept in files by the family a program belongs to first
//! ([`wrappers`], [`interpreters`], [`runners`], [`remote`], [`shells`],
//! [`takers`], [`unread`], then by kind of tool: [`packages`], [`vcs`],
//! [`toolchains`], [`editors`], [`documents`], [`files`], [`network`],
//! [`system`]); every program has exactly one row.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::settings::Setting;
use super::writes::ProgramWrite;

pub mod appendix;
pub mod documents;
pub mod editors;
pub mod files;
pub mod installed;
pub mod interpreters;
pub mod network;
pub mod packages;
pub mod remote;
pub mod runners;
pub mod shells;
pub mod system;
pub mod takers;
pub mod toolchains;
pub mod unread;
pub mod vcs;
pub mod wrappers;

/// One program's contract.
#[derive(Debug, Clone, Copy)]
pub struct Program {
    /// The name it is installed under; a versioned or variant build is
    /// read as this name where a reader says so ([`super::names::stem`]).
    pub name: &'static str,
    /// Where the facts come from: the document read (`--help`, a manual
    /// page) and the version, where it was recorded.
    pub source: &'static str,
    /// Homebrew and the BSDs install it with a `g` prefix (`gtimeout`).
    pub g_prefixed: bool,
    /// What it runs, in the order the readers consult it.
    pub runs: &'static [Runs],
    /// Single arguments with which it prints a version or help text and
    /// exits, reading no program.
    pub version_flags: &'static [&'static str],
    /// The option that runs it in another directory, if any.
    pub chdir: Option<Chdir>,
    /// Settings it reads from its words (`HARD-RUN-7`).
    pub settings: &'static [Setting],
    /// Options and operands through which it writes a file (`HARD-EFFECT-5`).
    pub writes: &'static [ProgramWrite],
    /// Behaviour a grammar does not say, read by code named for it.
    pub quirks: &'static [Quirk],
    /// Its whole option grammar, when the row holds one: then an option it
    /// does not list asks (`HARD-RUN-9`).
    pub options: Option<Options>,
}

impl Program {
    /// A row with no facts, for `..Program::NONE`.
    pub const NONE: Program = Program {
        name: "",
        source: "",
        g_prefixed: false,
        runs: &[],
        version_flags: &[],
        chdir: None,
        settings: &[],
        writes: &[],
        quirks: &[],
        options: None,
    };

    /// A program that runs a command this profile does not read.
    #[must_use]
    pub const fn new_unread(name: &'static str, source: &'static str) -> Program {
        Program {
            name,
            source,
            runs: &[Runs::Unread],
            ..Program::NONE
        }
    }

    /// A shell.
    #[must_use]
    pub const fn new_shell(name: &'static str, source: &'static str) -> Program {
        Program {
            name,
            source,
            runs: &[Runs::Shell],
            ..Program::NONE
        }
    }

    /// A program whose every argument list is a program.
    #[must_use]
    pub const fn new_taker(name: &'static str, source: &'static str) -> Program {
        Program {
            name,
            source,
            runs: &[Runs::Program],
            ..Program::NONE
        }
    }

    /// A row whose only facts are what it runs, shared by programs that
    /// read the same forms (the TeX engines, ImageMagick's tools).
    #[must_use]
    pub const fn with_runs(
        name: &'static str,
        source: &'static str,
        runs: &'static [Runs],
    ) -> Program {
        Program {
            name,
            source,
            runs,
            ..Program::NONE
        }
    }

    /// Whether the row has `quirk`.
    #[must_use]
    pub fn has(&self, quirk: Quirk) -> bool {
        self.quirks.contains(&quirk)
    }

    /// Whether some table of §12.5 reads its words (`HARD-VALUE-7`): any
    /// fact but being unread, a directory option or version flags.
    #[must_use]
    pub fn reads_words(&self) -> bool {
        self.runs.iter().any(|r| !matches!(r, Runs::Unread))
            || !self.settings.is_empty()
            || !self.writes.is_empty()
            || !self.quirks.is_empty()
            || self.options.is_some()
    }

    /// The grammar of a program whose operands are a command (`HARD-RUN-4`).
    #[must_use]
    pub fn grammar(&self) -> Option<&'static Grammar> {
        self.runs.iter().find_map(|r| match r {
            Runs::Command(grammar) => Some(grammar),
            _ => None,
        })
    }

    /// Whether it runs a command this profile does not read (`HARD-RUN-4`).
    #[must_use]
    pub fn unread(&self) -> bool {
        self.runs.iter().any(|r| matches!(r, Runs::Unread))
    }

    /// Whether it is a shell (`HARD-RUN-2`).
    #[must_use]
    pub fn shell(&self) -> bool {
        self.runs.iter().any(|r| matches!(r, Runs::Shell))
    }

    /// Whether its every argument list is a program (`HARD-RUN-3`).
    #[must_use]
    pub fn takes_program(&self) -> bool {
        self.runs.iter().any(|r| matches!(r, Runs::Program))
    }

    /// Its inline-program flags, if it is an interpreter (`HARD-RUN-3`).
    #[must_use]
    pub fn inline(&self) -> Option<(&'static [&'static str], &'static [char])> {
        self.runs.iter().find_map(|r| match r {
            Runs::Inline { long, short } => Some((*long, *short)),
            _ => None,
        })
    }

    /// The subcommands that run the rest of the line (`HARD-RUN-6`).
    pub fn subcommands(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.runs.iter().filter_map(|r| match r {
            Runs::Subcommand(sub) => Some(*sub),
            _ => None,
        })
    }

    /// The option forms that run a command (`HARD-RUN-6`).
    pub fn command_options(&self) -> impl Iterator<Item = &'static CommandOptions> + '_ {
        self.runs.iter().filter_map(|r| match r {
            Runs::Options(options) => Some(options),
            _ => None,
        })
    }
}

/// What a program runs.
#[derive(Debug, Clone, Copy)]
pub enum Runs {
    /// Its operands after its options are a command (`HARD-RUN-4`), read
    /// with this grammar.
    Command(Grammar),
    /// It runs a command in a form this profile does not read: a shell
    /// string, another user, root or namespace, or a syntax not modelled
    /// (`HARD-RUN-4`): it asks.
    Unread,
    /// This subcommand runs the rest of the line as a command, read only in
    /// the plain form (`uv run pytest`, `HARD-RUN-6`).
    Subcommand(&'static str),
    /// These options or words run a command line or a program it names, or
    /// write a setting that names one (`HARD-RUN-6`).
    Options(CommandOptions),
    /// A shell: code on standard input unless a script file is named, or a
    /// command string with `-c` (`HARD-RUN-2`).
    Shell,
    /// An interpreter: these flags take an inline program; with no operand
    /// it reads its program from standard input (`HARD-RUN-3`). Short
    /// flags count inside a cluster, long ones also with `=value`.
    Inline {
        /// Long flags (and subcommand words) that take a program.
        long: &'static [&'static str],
        /// Short flag letters that take a program.
        short: &'static [char],
    },
    /// Its every argument list is a program (`HARD-RUN-3`): awk, sed, a
    /// database client, a file-transfer client.
    Program,
}

/// The option grammar of a program whose operands are a command, from its
/// `--help` (`HARD-RUN-4`).
#[derive(Debug, Clone, Copy)]
pub struct Grammar {
    /// Operands before the command.
    pub operands: usize,
    /// Short options as a getopt string (`k:` takes an argument, `d::` an
    /// optional attached one).
    pub short: &'static str,
    /// Long options (`name=`: takes an argument).
    pub long: &'static [&'static str],
    /// Every long option is accepted and takes no separate argument.
    pub any_long: bool,
    /// Options after which it acts on a running process and runs nothing.
    pub acts_on_process: &'static [&'static str],
    /// Options this profile does not follow (a shell string, a file
    /// written, another environment): they ask.
    pub unsure: &'static [&'static str],
    /// With no command it runs a shell.
    pub shell_without_command: bool,
    /// Options may follow operands.
    pub options_anywhere: bool,
    /// getopt permutes, so an option-like word after the command may be its own.
    pub permutes: bool,
}

impl Grammar {
    /// A grammar with no options and no operands, for `..Grammar::NONE`.
    pub const NONE: Grammar = Grammar {
        operands: 0,
        short: "",
        long: &[],
        any_long: false,
        acts_on_process: &[],
        unsure: &[],
        shell_without_command: false,
        options_anywhere: false,
        permutes: false,
    };
}

/// Options and words that make a program run a command line or a program
/// it names, or write a setting that names one, from its manual
/// (`HARD-RUN-6`).
#[derive(Debug, Clone, Copy)]
pub struct CommandOptions {
    /// Only after this subcommand (the first operand), or anywhere.
    pub subcommand: Option<&'static str>,
    /// Option letters, matched anywhere in a short cluster (`-avze`).
    pub short: &'static str,
    /// Letters of tar's dashless first word.
    pub old: &'static str,
    /// Long options, matched whole, with `=value`, or as any abbreviation
    /// (GNU getopt); a name ending in `.` is a family (`--config.KEY`).
    pub long: &'static [&'static str],
    /// Operands that are themselves the subcommand running a command.
    pub words: &'static [&'static str],
    /// Any `+…` word but a line number (`vim +q`, `less +!cmd`).
    pub plus: bool,
    /// Every use of the subcommand.
    pub always: bool,
    /// Every use but one with one of these words (an option's value may be
    /// attached, `-mfix`, or follow `=`).
    pub always_unless: &'static [&'static str],
    /// The program's short options that take no value: an `always_unless`
    /// letter last in a cluster of them counts (`git commit -am`).
    pub valueless: &'static str,
    /// Any word starting with one of these.
    pub prefixes: &'static [&'static str],
    /// A word of two or more letters after one dash is a long option (`npm -s`).
    pub one_dash: bool,
    /// `git config` writing a setting: read by [`Quirk`]-free code of its own.
    pub writes_config: bool,
}

impl CommandOptions {
    /// No forms, for `..CommandOptions::NONE`.
    pub const NONE: CommandOptions = CommandOptions {
        subcommand: None,
        short: "",
        old: "",
        long: &[],
        words: &[],
        plus: false,
        always: false,
        always_unless: &[],
        valueless: "",
        prefixes: &[],
        one_dash: false,
        writes_config: false,
    };
}

/// A whole option grammar, from the program's `--help` (`HARD-RUN-9`).
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Short options as a getopt string (`k:` takes an argument).
    pub short: &'static str,
    /// Long options: `name` takes no value, `name=` a required one (attached
    /// or the next word), `name=?` an optional attached one.
    pub long: &'static [&'static str],
}

/// The option that runs a program in another directory, where its relative
/// words lead (`env -C ~ cat .ssh/id_rsa`).
#[derive(Debug, Clone, Copy)]
pub struct Chdir {
    /// The short spelling (`-C`).
    pub short: &'static str,
    /// The long spelling, or empty.
    pub long: &'static str,
}

/// Behaviour a grammar does not say, each read by code of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quirk {
    /// Runs `sh -c` on its joined words unless told to exec them (`watch`
    /// without `-x`/`--exec`).
    ShellUnlessExec,
    /// After its options, an architecture operand is optional (`setarch`).
    OptionalArchitecture,
    /// `-10` is the old form of `-n 10` (`nice`).
    OldIncrement,
    /// `NAME=VALUE` operands set the command's environment (`env`).
    Assignments,
    /// Input items are appended to the command or replace a placeholder
    /// (`xargs`).
    InputItems,
    /// `-exec`/`-ok` primaries run commands; `-execdir`/`-okdir` run them
    /// elsewhere (`find`).
    ExecPrimaries,
    /// A package runner: the inner command it runs is judged by the rules,
    /// unless a rule allowing the runner's own command names the runner's
    /// words through the inner program (`npx tsc *`, `HARD-RUN-10`).
    NamedInner,
    /// Global options precede the subcommand (`git -C dir push`).
    GlobalOptions,
    /// `bisect run CMD…` runs a command (`git`).
    BisectRun,
    /// An `ext::` transport runs a command (`git`).
    ExtTransport,
    /// Reads a makefile that may not be a file, and command-line variables
    /// override the makefile's (`make`).
    MakefileAndVariables,
    /// Runs its first operand as a command by default (Windows PowerShell).
    DefaultCommand,
    /// Its program may be of the admitted sed subset (`HARD-RUN-5`).
    SedProgram,
    /// Its program may be of the admitted awk subset (`HARD-RUN-5`).
    AwkProgram,
}

/// Every row, family by family.
pub const FAMILIES: &[(&str, &[Program])] = &[
    ("wrappers", wrappers::ROWS),
    ("interpreters", interpreters::ROWS),
    ("runners", runners::ROWS),
    ("remote", remote::ROWS),
    ("shells", shells::ROWS),
    ("takers", takers::ROWS),
    ("unread", unread::ROWS),
    ("packages", packages::ROWS),
    ("vcs", vcs::ROWS),
    ("toolchains", toolchains::ROWS),
    ("editors", editors::ROWS),
    ("documents", documents::ROWS),
    ("files", files::ROWS),
    ("network", network::ROWS),
    ("system", system::ROWS),
];

/// Every row.
pub fn all() -> impl Iterator<Item = &'static Program> {
    FAMILIES.iter().flat_map(|(_, rows)| rows.iter())
}

/// The row named exactly `name`.
#[must_use]
pub fn row(name: &str) -> Option<&'static Program> {
    static INDEX: OnceLock<HashMap<&'static str, &'static Program>> = OnceLock::new();
    INDEX
        .get_or_init(|| all().map(|p| (p.name, p)).collect())
        .get(name)
        .copied()
}

/// Whether the row named `name` or the one named `stem` has `fact`.
#[must_use]
pub fn named(name: &str, stem: &str, fact: impl Fn(&Program) -> bool) -> bool {
    row(name).is_some_and(&fact) || (stem != name && row(stem).is_some_and(&fact))
}

/// `name` without the `g` prefix Homebrew and the BSDs give a GNU program
/// whose row says so (`gtimeout` -> `timeout`); else `name`.
#[must_use]
pub fn without_g(name: &str) -> &str {
    name.strip_prefix('g')
        .filter(|gnu| row(gnu).is_some_and(|r| r.g_prefixed))
        .unwrap_or(name)
}
