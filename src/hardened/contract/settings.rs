//! Settings a program reads from its words (spec §12.5, `HARD-RUN-7`).
//!
//! A setting given on the command line can name a program the tool runs
//! later (`git -c core.pager=…`, `git -c alias.x='!…'`, `apt-get -o
//! APT::Update::Pre-Invoke::=…`, `python3 -m timeit 'code'`). The rules see
//! the key and value as one word and cannot tell; so a setting whose key is
//! not listed inert here asks. The key lists are closed: an unknown key
//! asks.

/// How a setting is spelled on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// An option whose value is `KEY=VALUE` (`-c KEY=V`, `-oKEY=V`,
    /// `--option=KEY=V`): the option's spellings, short ones (`-o`) with
    /// an attached or separate value, long ones (`--option`) with `=` or a
    /// separate value.
    KeyValue(&'static [&'static str]),
    /// A short option letter whose value (the rest of its cluster, or the
    /// next word) is the key itself (`python3 -m MODULE`, `-Im MODULE`).
    Letter(char),
    /// Options whose every use is a setting no key list can make inert (a
    /// configuration file: `apt-get -c FILE`): any use asks.
    Always(&'static [&'static str]),
}

/// Where the program reads its settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Anywhere before a `--`.
    Options,
    /// Only before the first operand (git's global options); the listed
    /// options take a separate value, skipped with it (`git -C dir -c …`).
    BeforeOperand(&'static [&'static str]),
}

/// A program's settings of one form; a program's row of
/// [`super::programs`] lists its own.
#[derive(Debug, Clone, Copy)]
pub struct Setting {
    /// How the setting is spelled.
    pub form: Form,
    /// Where it is read.
    pub scope: Scope,
    /// Keys that name no program, load no code and write nothing: compared
    /// ASCII case-insensitively; a trailing `*` matches any rest.
    pub inert: &'static [&'static str],
    /// Where the facts come from.
    pub source: &'static str,
}

/// git's global options that take no value (git 2.39 `git --help`), read
/// before its subcommand (`HARD-RUN-4`); `--exec-path` is one word with or
/// without `=DIR`.
pub const GIT_GLOBAL_FLAGS: &[&str] = &[
    "-p",
    "--paginate",
    "-P",
    "--no-pager",
    "--bare",
    "--no-replace-objects",
    "--no-lazy-fetch",
    "--literal-pathspecs",
    "--glob-pathspecs",
    "--noglob-pathspecs",
    "--icase-pathspecs",
    "--no-optional-locks",
    "--no-advice",
    "--exec-path",
    "--list-cmds",
];

/// The global options skipped with their value before any other program's
/// subcommand (npm, pnpm, yarn).
pub const SUBCOMMAND_VALUES: &[&str] =
    &["-C", "--prefix", "-w", "--workspace", "--filter", "--dir"];

/// git's global options that take a separate value (git 2.39 `git --help`).
pub const GIT_GLOBAL_VALUES: &[&str] = &[
    "-C",
    "-c",
    "--git-dir",
    "--work-tree",
    "--namespace",
    "--super-prefix",
    "--config-env",
    "--attr-source",
];

/// Git's `-c KEY=VALUE`.
pub const GIT_CONFIG: Setting = Setting {
    form: Form::KeyValue(&["-c"]),
    scope: Scope::BeforeOperand(GIT_GLOBAL_VALUES),
    inert: &[
        "color.*",
        "column.ui",
        "core.quotepath",
        "core.abbrev",
        "core.safecrlf",
        "core.autocrlf",
        "advice.*",
        "user.name",
        "user.email",
        "init.defaultbranch",
        "diff.renames",
        "diff.noprefix",
        "log.decorate",
        "log.date",
        "safe.directory",
    ],
    source: "git-config(1), git 2.39: every other key may name a program (an alias \
             starting with `!`, core.pager, core.sshCommand, core.fsmonitor, \
             core.hooksPath, diff.external, *.textconv, gpg.program, …)",
};

/// Git's `--config-env`.
pub const GIT_CONFIG_ENV: Setting = Setting {
    form: Form::KeyValue(&["--config-env"]),
    scope: Scope::BeforeOperand(GIT_GLOBAL_VALUES),
    inert: &[],
    source: "git(1): `--config-env=KEY=ENVVAR` sets KEY from the environment, a value \
             the command does not show",
};

/// Git's `--exec-path`.
pub const GIT_EXEC_PATH: Setting = Setting {
    form: Form::Always(&["--exec-path"]),
    scope: Scope::BeforeOperand(GIT_GLOBAL_VALUES),
    inert: &[],
    source: "git(1): `--exec-path=DIR` runs git's subcommands from DIR",
};

/// Apt's `-o KEY=VALUE`.
pub const APT_OPTION: Setting = Setting {
    form: Form::KeyValue(&["-o", "--option"]),
    scope: Scope::Options,
    inert: &[
        "APT::Get::Assume-Yes",
        "APT::Color",
        "Dpkg::Progress-Fancy",
        "Dpkg::Use-Pty",
        "Acquire::Retries",
        "Acquire::http::Timeout",
        "Acquire::https::Timeout",
        "quiet",
        "Debug::NoLocking",
    ],
    source: "apt.conf(5), apt 2.6: `…::Pre-Invoke`, `…::Post-Invoke`, \
             `DPkg::Pre-Install-Pkgs`, `Dpkg::Options` (passed to dpkg, which has \
             --pre-invoke) and `Dir::Bin::*` name programs apt runs",
};

/// Apt's `-c FILE`.
pub const APT_CONFIG_FILE: Setting = Setting {
    form: Form::Always(&["-c", "--config-file"]),
    scope: Scope::Options,
    inert: &[],
    source: "apt-get(8): `-c FILE` reads a configuration file, any of whose keys may \
             name a program",
};

/// rustc's (and rustdoc's) `-C KEY=VALUE`.
pub const RUSTC_CODEGEN: Setting = Setting {
    form: Form::KeyValue(&["-C", "--codegen"]),
    scope: Scope::Options,
    inert: &[
        "code-model",
        "codegen-units",
        "collapse-macro-debuginfo",
        "control-flow-guard",
        "debug-assertions",
        "debuginfo",
        "default-linker-libraries",
        "dwarf-version",
        "embed-bitcode",
        "extra-filename",
        "force-frame-pointers",
        "force-unwind-tables",
        "help",
        "inline-threshold",
        "instrument-coverage",
        "jump-tables",
        "link-dead-code",
        "metadata",
        "no-prepopulate-passes",
        "no-redzone",
        "no-stack-check",
        "no-vectorize-loops",
        "no-vectorize-slp",
        "opt-level",
        "overflow-checks",
        "panic",
        "prefer-dynamic",
        "relocation-model",
        "relro-level",
        "rpath",
        "soft-float",
        "split-debuginfo",
        "strip",
        "symbol-mangling-version",
        "target-cpu",
        "target-feature",
    ],
    source: "`rustc -C help`, rustc 1.95.0: `linker`, `ar`, `dlltool` and \
             `linker-plugin-lto` name a program or a plugin rustc runs or loads \
             (`-C linker=PROG` runs PROG, checked); `link-arg(s)`, `llvm-args`, \
             `passes` hand words to them; `incremental`, `profile-*`, `save-temps` \
             and `remark` read or write files",
};

/// Python's `-m MODULE`.
pub const PYTHON_MODULE: Setting = Setting {
    form: Form::Letter('m'),
    scope: Scope::BeforeOperand(&["-W", "-X", "-c"]),
    inert: &[
        "pytest",
        "unittest",
        "pip",
        "venv",
        "ensurepip",
        "json.tool",
        "http.server",
        "mypy",
        "black",
        "ruff",
        "isort",
        "flake8",
        "pylint",
        "build",
        "compileall",
        "tabnanny",
        "calendar",
        "site",
    ],
    source: "python3(1), Python 3.11 library reference: `timeit`, `code`, `pdb`, \
             `asyncio`, `runpy`, `cProfile`, `profile`, `trace`, `doctest`, `idlelib`, \
             `pydoc` and any installed module run code their words name, read \
             commands from standard input, or run a pager",
};
