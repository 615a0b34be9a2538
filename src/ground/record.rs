//! Reading the oracle's record log into an [`Execution`] (`INV-GROUND-1`, `INV-GROUND-2`).
//!
//! The log is written inside the sandbox by the trap (`env.bash`) and the
//! stubs (`stub.c`); every length is in bytes, so texts may hold newlines:
//!
//! ```text
//! B <pid> <bash version>\n          a bash loaded the trap
//! D <id> <bytes> <text>\n           the trap: bash is about to run <text>
//! S <id> <pid> <argc>\n             a stub started, by the command <id>,
//!   <bytes> <arg>\n  (argc times)   with this argv
//! W <pid> <index>\n                 the wrapper stub <pid> runs argv[index..]
//!                                   (index = argc: a shell of its own choosing)
//! E <pid>\n                         the wrapper stub <pid> exits without an inner command
//! X\n <export -p> \0\n              the first bash's environment (the base)
//! T <id> <type>\n                   `type -t` of the literal name of command <id>
//! F <id>\n                          command <id> called a function
//! N <id>\n                          bash did not find command <id>
//! A <pid> <bytes> <argv[0]>\n        the name the stub <pid> was started under
//! V <pid> <count>\n                 the environment of stub <pid>,
//!   <bytes> <NAME=value>\n (count times)
//! ```
//!
//! A wrapper stub that wrote neither `W` nor `E` was stopped in between: an
//! execution read from such a log would silently lack what the wrapper was
//! about to run, so [`parse`] answers *unknown* (`INV-GROUND-3`).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::record_reader::Reader;
use super::words::{basename, can_start, inner_text, names_no_command};
use super::{
    program_text, Executed, Execution, GroundError, Origin, Resolution, COMMAND_RUNNERS,
    TRANSPARENT_WRAPPERS,
};

/// Parses one command's log; an error for any malformed record, or when no
/// bash loaded the trap.
pub(super) fn parse(log: &[u8], status: i32) -> Result<Execution, GroundError> {
    let mut build = Builder::default();
    let mut bash_version = None;
    read_records(log, &mut build, &mut bash_version)?;
    let bash_version = bash_version.ok_or_else(|| bad("no bash loaded the trap".to_owned()))?;
    if let Some(pid) = build.open_wrappers.iter().min() {
        return Err(bad(format!(
            "the wrapper stub {pid} was stopped before it ran its inner command"
        )));
    }
    Ok(build.finish(bash_version, status))
}

/// The complete records before the first malformed one (a log cut short by
/// a kill); `None` when no bash loaded the trap.
pub(super) fn parse_prefix(log: &[u8], status: i32) -> Option<Execution> {
    let mut build = Builder::default();
    let mut bash_version = None;
    let _stopped = read_records(log, &mut build, &mut bash_version);
    Some(build.finish(bash_version?, status))
}

fn read_records(
    log: &[u8],
    build: &mut Builder,
    bash_version: &mut Option<String>,
) -> Result<(), GroundError> {
    let mut reader = Reader { log, at: 0 };
    while !reader.done() {
        match reader.word()? {
            "B" => {
                let _pid = reader.word()?;
                let version = reader.line()?;
                bash_version.get_or_insert(version);
            }
            "D" => {
                let id = reader.word()?.to_owned();
                let len = reader.number()?;
                let text = reader.bytes(len)?;
                reader.newline()?;
                build.bash(&id, text);
            }
            "S" => {
                let id = reader.word()?.to_owned();
                let pid = reader.number()?;
                let argc = reader.number()?;
                let mut argv = Vec::with_capacity(argc.min(4096));
                for _ in 0..argc {
                    let len = reader.number()?;
                    argv.push(reader.bytes(len)?);
                    reader.newline()?;
                }
                build.stub(&id, pid_of(pid), argv);
            }
            "W" => {
                let pid = reader.number()?;
                let index = reader.number()?;
                build.wrapper(pid_of(pid), index)?;
            }
            "E" => {
                let pid = reader.number()?;
                build.open_wrappers.remove(&pid_of(pid));
            }
            "X" => {
                let variables = reader.exported()?;
                build.base.get_or_insert(variables);
            }
            "T" => {
                let id = reader.word()?.to_owned();
                let kind = reader.line()?;
                build.mark(&id, |marks| marks.type_word = Some(kind));
            }
            "F" => {
                let id = reader.word()?.to_owned();
                build.mark(&id, |marks| marks.function = true);
            }
            "N" => {
                let id = reader.word()?.to_owned();
                build.mark(&id, |marks| marks.not_found = true);
            }
            "A" => {
                let pid = pid_of(reader.number()?);
                let len = reader.number()?;
                let name = reader.bytes(len)?;
                reader.newline()?;
                build.started_as(pid, name);
            }
            "V" => {
                let pid = pid_of(reader.number()?);
                let variables = reader.variables()?;
                if let Some(&index) = build.by_stub.get(&pid) {
                    build.environments.insert(index, variables);
                }
            }
            other => return Err(bad(format!("unknown record kind {other:?}"))),
        }
    }
    Ok(())
}

pub(super) fn bad(why: String) -> GroundError {
    GroundError::Record(why)
}

fn pid_of(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Turns records into [`Executed`] entries, attributing each stub.
#[derive(Default)]
struct Builder {
    commands: Vec<Executed>,
    /// The trap's id of each bash command → its index.
    by_id: HashMap<String, usize>,
    /// A stub's pid → the entry its argv went to.
    by_stub: HashMap<u32, usize>,
    /// A wrapper stub's pid → the inner entry waiting for the inner's argv.
    pending_inner: HashMap<u32, usize>,
    /// The wrapper stubs that have not yet said how they end (`W` or `E`).
    open_wrappers: BTreeSet<u32>,
    /// The base environment (`X`).
    base: Option<BTreeMap<String, String>>,
    /// What the trap said of each entry's name (`T`, `F`, `N`), by index.
    marks: HashMap<usize, Marks>,
    /// The environment each stub's entry received (`V`), by index.
    environments: HashMap<usize, BTreeMap<String, String>>,
}

/// What the trap recorded about how a command's name resolved.
#[derive(Default)]
struct Marks {
    type_word: Option<String>,
    function: bool,
    not_found: bool,
}

impl Builder {
    fn mark(&mut self, id: &str, set: impl FnOnce(&mut Marks)) {
        if let Some(&index) = self.by_id.get(id) {
            set(self.marks.entry(index).or_default());
        }
    }

    /// The name stub `pid` was started under (`A`): the written argv.
    fn started_as(&mut self, pid: u32, name: String) {
        let Some(entry) = self
            .by_stub
            .get(&pid)
            .and_then(|&i| self.commands.get_mut(i))
        else {
            return;
        };
        if let Some(argv) = &entry.argv {
            entry.path = argv.first().cloned();
            let mut written = vec![name];
            written.extend(argv.iter().skip(1).cloned());
            entry.written_argv = Some(written);
        }
    }

    /// The execution: each entry's resolution and environment difference.
    fn finish(mut self, bash_version: String, status: i32) -> Execution {
        let base = self.base.take().unwrap_or_default();
        for (index, entry) in self.commands.iter_mut().enumerate() {
            entry.resolved_as = resolution(entry, self.marks.get(&index));
            if let Some(environment) = self.environments.remove(&index) {
                entry.environment = Some(difference(&base, environment));
            }
        }
        Execution {
            bash_version,
            commands: self.commands,
            status,
            base_environment: base,
            programs: Vec::new(),
            opened: Vec::new(),
        }
    }

    fn bash(&mut self, id: &str, text: String) {
        let pid = id
            .split('.')
            .next()
            .and_then(|p| p.parse().ok())
            .unwrap_or(0);
        self.by_id.insert(id.to_owned(), self.commands.len());
        self.commands.push(Executed {
            text,
            argv: None,
            origin: Origin::Bash,
            inner_at: None,
            pid,
            ..Executed::unresolved()
        });
    }

    fn stub(&mut self, id: &str, pid: u32, argv: Vec<String>) {
        let program = argv.first().map_or("", |first| basename(first));
        if TRANSPARENT_WRAPPERS.contains(&program) || COMMAND_RUNNERS.contains(&program) {
            self.open_wrappers.insert(pid);
        }
        // The inner command a wrapper stub exec'd keeps the wrapper's pid.
        if let Some(index) = self.pending_inner.remove(&pid) {
            let ran_as_written = self.ran_as_written(index, &argv);
            if let Some(entry) = self.commands.get_mut(index) {
                if !ran_as_written {
                    entry.text = program_text(&argv);
                }
                entry.argv = Some(argv);
            }
            self.by_stub.insert(pid, index);
            return;
        }
        // The id stays exported after the trap is gone (`trap - DEBUG; curl x`),
        // so a stub is attributed only to a command that can have started it.
        let started_by = self.by_id.get(id).copied().filter(|&i| {
            self.commands
                .get(i)
                .is_some_and(|c| c.argv.is_none() && can_start(&c.text, &argv))
        });
        if let Some(entry) = started_by.and_then(|i| self.commands.get_mut(i)) {
            entry.argv = Some(argv);
            self.by_stub.insert(pid, started_by.unwrap_or_default());
            return;
        }
        self.by_stub.insert(pid, self.commands.len());
        self.commands.push(Executed {
            text: program_text(&argv),
            argv: Some(argv),
            origin: Origin::Program,
            inner_at: None,
            pid,
            ..Executed::unresolved()
        });
    }

    /// Whether the inner command at `index` ran the words its wrapper's
    /// argv holds from its inner index on; not when a permuting program
    /// (`choom cmd -n 1`) read options among them (`INV-GROUND-2`).
    fn ran_as_written(&self, index: usize, argv: &[String]) -> bool {
        let Some(Origin::WrapperInner { wrapper }) = self.commands.get(index).map(|c| c.origin)
        else {
            return true;
        };
        let Some(wrapper) = self.commands.get(wrapper) else {
            return true;
        };
        let from = wrapper.inner_at.unwrap_or_default();
        let written = wrapper.argv.as_deref().and_then(|w| w.get(from..));
        written.is_none_or(|written| {
            written.len() == argv.len() && written.iter().zip(argv).skip(1).all(|(w, a)| w == a)
        })
    }

    fn wrapper(&mut self, pid: u32, index: usize) -> Result<(), GroundError> {
        let wrapper = *self
            .by_stub
            .get(&pid)
            .ok_or_else(|| bad(format!("a wrapper record for unknown stub {pid}")))?;
        let entry = self
            .commands
            .get_mut(wrapper)
            .ok_or_else(|| bad("a wrapper record out of range".to_owned()))?;
        entry.inner_at = Some(index);
        self.open_wrappers.remove(&pid);
        let text = inner_text(entry, index);
        self.pending_inner.insert(pid, self.commands.len());
        self.commands.push(Executed {
            text,
            argv: None,
            origin: Origin::WrapperInner { wrapper },
            inner_at: None,
            pid,
            ..Executed::unresolved()
        });
        Ok(())
    }
}

/// How an entry's name resolved (`INV-GROUND-8`): a stub that ran says
/// program; then what bash did (not found, a function's body); then what
/// `type -t` said of a literal name; then the text.
fn resolution(entry: &Executed, marks: Option<&Marks>) -> Resolution {
    if entry.argv.is_some() {
        return Resolution::Program;
    }
    let marks = marks.map_or((None, false, false), |m| {
        (m.type_word.as_deref(), m.function, m.not_found)
    });
    match marks {
        (_, _, true) => Resolution::NotFound,
        (_, true, _) => Resolution::Function,
        _ if entry.origin != Origin::Bash => Resolution::Unknown,
        (Some("builtin"), ..) => Resolution::Builtin,
        // The oracle's own `cd`, `pushd`, `popd` wrap the builtins.
        (Some("function"), ..) if is_wrapped_builtin(&entry.text) => Resolution::Builtin,
        (Some("function"), ..) => Resolution::Function,
        (Some("keyword"), ..) => Resolution::Keyword,
        (Some("alias"), ..) => Resolution::Alias,
        (Some("file"), ..) => Resolution::Program,
        (Some(""), ..) => Resolution::NotFound,
        _ if entry.text.starts_with("[[") || entry.text.starts_with("((") => Resolution::Keyword,
        _ if names_no_command(&entry.text) => Resolution::None,
        _ => Resolution::Unknown,
    }
}

fn is_wrapped_builtin(text: &str) -> bool {
    let name = text.split([' ', '\t', '\n']).find(|w| !w.is_empty());
    name.is_some_and(|n| matches!(n, "cd" | "pushd" | "popd"))
}

/// A program's environment as its difference from the base: added or
/// changed variables with their values, removed ones `None`; `_` (which
/// bash sets to the program's path for each program) left out.
fn difference(
    base: &BTreeMap<String, String>,
    environment: BTreeMap<String, String>,
) -> BTreeMap<String, Option<String>> {
    let mut difference: BTreeMap<String, Option<String>> = base
        .keys()
        .filter(|name| !environment.contains_key(*name) && name.as_str() != "_")
        .map(|name| (name.clone(), None))
        .collect();
    for (name, value) in environment {
        if name != "_" && base.get(&name) != Some(&value) {
            difference.insert(name, Some(value));
        }
    }
    difference
}

#[cfg(test)]
#[path = "record_tests.rs"]
mod tests;
