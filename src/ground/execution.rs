//! What the oracle reports: every command bash executed and every program
//! it started (`INV-GROUND-1`, `INV-GROUND-2`, `INV-GROUND-8`).

use std::collections::BTreeMap;

use serde::Serialize;

use super::words;

/// Everything bash executed for one command string (`INV-GROUND-1`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Execution {
    /// `$BASH_VERSION` of the bash that ran it.
    pub bash_version: String,
    /// Every executed command, in the order it was recorded.
    pub commands: Vec<Executed>,
    /// The exit status of the top-level bash.
    pub status: i32,
    /// The environment the command's first bash was given (the oracle's own
    /// `__GROUND_` variables left out): what every program gets unless the
    /// command changes it (`INV-GROUND-8`). Empty when it was not recorded.
    pub base_environment: BTreeMap<String, String>,
    /// The real mode (`INV-GROUND-10`): every program exec'd below the
    /// command's bash, in order, the first being that bash. Empty in the
    /// stub mode.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub programs: Vec<super::Traced>,
    /// The real mode (`INV-GROUND-11`): every file a process opened, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub opened: Vec<super::Opened>,
}

/// One command bash executed, or a program a wrapper ran (`INV-GROUND-1`, `INV-GROUND-2`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Executed {
    /// For [`Origin::Bash`], `BASH_COMMAND`: the text bash was about to
    /// execute, before expansion. For [`Origin::WrapperInner`], the wrapper's
    /// text without the wrapper's own words when that can be read off it
    /// exactly, else the inner argv shell-quoted. For [`Origin::Program`],
    /// its argv shell-quoted, the program's basename first.
    pub text: String,
    /// The argv a stub received, after expansion: the first element is the
    /// path it was started as (`/usr/bin/ls`). `None`: no stub ran (a builtin,
    /// a keyword, a function, a command not found, a program outside the stubs).
    pub argv: Option<Vec<String>>,
    /// Where the record came from.
    pub origin: Origin,
    /// For a wrapper or command runner whose stub ran an inner command
    /// (`INV-GROUND-2`, `INV-GROUND-9`): the index in [`Executed::argv`]
    /// where the inner command starts.
    pub inner_at: Option<usize>,
    /// The process that recorded it (`BASHPID` of the bash, or the stub's
    /// pid), as seen inside the sandbox's PID namespace.
    pub pid: u32,
    /// How bash resolved the command's name (`INV-GROUND-8`).
    pub resolved_as: Resolution,
    /// The argv as the command wrote it, when a stub ran: the first element
    /// is the name the program was started under (`ls`; `/usr/bin/rm` when
    /// written so; a `hash -p` or `exec -a` name), then the arguments after
    /// expansion (`INV-GROUND-8`).
    pub written_argv: Option<Vec<String>>,
    /// The path the stub was started as, where bash found the program
    /// (the first element of [`Executed::argv`]).
    pub path: Option<String>,
    /// The environment the program received, as its difference from the
    /// command's base environment ([`Execution::base_environment`]): each
    /// variable added or changed with its value, each removed with `None`
    /// (`INV-GROUND-8`). `None` when no stub ran.
    pub environment: Option<BTreeMap<String, Option<String>>>,
}

/// How bash resolved the name of an executed command (`INV-GROUND-8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub enum Resolution {
    /// A program: a stub ran for it, or (no stub) `type -t` said `file` (a
    /// program outside the stubs).
    Program,
    /// A bash builtin (`cd`, `pushd`, `popd` included, which the oracle wraps).
    Builtin,
    /// A shell function: its body started.
    Function,
    /// A reserved word heads it (`for`, `case`, `[[`, `((`, `time`, …).
    Keyword,
    /// An alias, by `type -t` (bash expands an alias when it reads the line,
    /// so what runs is its expansion; a name aliased on the line it runs on
    /// is not expanded there).
    Alias,
    /// bash did not find the command (its `command_not_found_handle` ran).
    NotFound,
    /// It names no command: assignments or redirections only.
    None,
    /// Not known: the name is not a literal word (`$CMD x`) and no stub,
    /// function or not-found handler ran for it.
    Unknown,
}

/// Where an [`Executed`] record came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
#[non_exhaustive]
pub enum Origin {
    /// The `DEBUG` trap of a bash.
    Bash,
    /// The inner command of the wrapper or command runner at index
    /// `wrapper` of [`Execution::commands`], recorded when it ran it.
    WrapperInner {
        /// The wrapper's index.
        wrapper: usize,
    },
    /// A stub no recorded command started.
    Program,
}

impl Executed {
    /// A transparent wrapper that ran an inner command: judged through it,
    /// not by its own text (`INV-GROUND-6`). A command runner
    /// ([`super::COMMAND_RUNNERS`]) that ran one is not (`INV-GROUND-9`).
    #[must_use]
    pub fn judged_through_inner(&self) -> bool {
        let program = self.argv.as_ref().and_then(|argv| argv.first());
        self.inner_at.is_some()
            && program.is_some_and(|path| {
                super::TRANSPARENT_WRAPPERS.contains(&super::words::basename(path))
            })
    }

    /// An entry with nothing known of its resolution, written argv, path or
    /// environment (the parser fills them in).
    pub(super) fn unresolved() -> Self {
        Self {
            text: String::new(),
            argv: None,
            origin: Origin::Bash,
            inner_at: None,
            pid: 0,
            resolved_as: Resolution::Unknown,
            written_argv: None,
            path: None,
            environment: None,
        }
    }

    /// The program this command started, as text (its basename, then its
    /// arguments, shell-quoted), when the command's text does not name it
    /// literally as its command word: `exec curl x`, `command curl x`,
    /// `$(echo rm) -rf /`, `"$CMD" x` (`INV-GROUND-6`). `None` when no stub
    /// ran or the text names the program.
    #[must_use]
    pub fn hidden_program(&self) -> Option<String> {
        let argv = self.argv.as_deref()?;
        if words::names_program(&self.text, argv) {
            return None;
        }
        Some(super::program_text(argv))
    }
}

/// The records of `execution` in a form that does not depend on the order
/// in which concurrent processes wrote them (a pipeline's stages race), to
/// compare two oracles' records: each record's text, argv, origin (a
/// wrapper's inner command names its wrapper by its text) and inner index,
/// as one JSON text, sorted. Process ids are left out.
#[must_use]
pub fn normalized_records(execution: &Execution) -> Vec<String> {
    let mut records: Vec<String> = execution
        .commands
        .iter()
        .map(|executed| {
            let origin = match executed.origin {
                Origin::Bash => serde_json::json!("bash"),
                Origin::Program => serde_json::json!("program"),
                Origin::WrapperInner { wrapper } => serde_json::json!({
                    "wrapper": execution.commands.get(wrapper).map(|w| &w.text),
                }),
            };
            serde_json::json!({
                "text": executed.text,
                "argv": executed.argv,
                "origin": origin,
                "innerAt": executed.inner_at,
            })
            .to_string()
        })
        .collect();
    records.sort();
    records
}
