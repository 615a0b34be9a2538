//! What the real mode's recorder saw (`tracer.c`, `INV-GROUND-10`): every
//! program exec'd below the command's bash, with its parent chain, and every
//! file a process opened.

use serde::Serialize;

use super::machinery::{self, Machinery};
use super::record::bad;
use super::record_reader::Reader;
use super::words::basename;
use super::{GroundError, TRANSPARENT_WRAPPERS};

/// A program exec'd anywhere below the command's bash (`INV-GROUND-10`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Traced {
    /// Its process id inside the sandbox.
    pub pid: u32,
    /// The argv its caller passed to `execve` (what is judged): the first
    /// element as the caller wrote it.
    pub argv: Vec<String>,
    /// The argv the new image received, when it differs from
    /// [`Traced::argv`]: the kernel put a `#!` interpreter in front.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub started_as: Option<Vec<String>>,
    /// The program that runs (`/proc/PID/exe`).
    pub program: String,
    /// The path its caller passed to `execve` (a failed exec: the path it
    /// tried). Its basename names the program whatever `argv[0]` says
    /// (`exec -a x git push` runs git with `argv[0]` `x`); unlike
    /// [`Traced::program`], no symbolic link is resolved (`awk` stays
    /// `awk`) and a `#!` script is the script, not its interpreter.
    pub path: String,
    /// Its working directory.
    pub cwd: String,
    /// Its whole environment, `NAME=value`.
    pub environment: Vec<String>,
    /// The argv of the program its process ran before this exec replaced
    /// it (bash runs a command's last program in its own process; a `#!`
    /// line's `env` runs the interpreter in its own); `None` for a process's
    /// first exec after it was started.
    pub replaced: Option<Vec<String>>,
    /// The processes above it, nearest first, up to the command's bash: each
    /// one's pid and the argv of the program it was running.
    pub parents: Vec<Parent>,
    /// Why it is not judged: the oracle's own bash, or a program's own
    /// documented machinery (`machinery.rs`); `None`: judged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machinery: Option<&'static str>,
    /// An exec that failed, with its `errno` (2: no such file): the
    /// program tried to run it (`npm test --script-shell=pwnd` tries `pwnd
    /// -c …`, which this sandbox does not have, another machine may).
    /// [`Traced::program`] is then the path it tried; the process still
    /// runs its earlier program. Attempts of one process with one argv
    /// (a search through `PATH`) are recorded once, and not at all when
    /// the search then found the program.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failed: Option<i32>,
    /// The index in [`super::Execution::commands`] of the record it is
    /// judged through: the bash command that started it (as a stub's argv
    /// is its record's), or the inner command of a transparent wrapper.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<usize>,
}

/// A process above a traced program.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Parent {
    /// Its process id.
    pub pid: u32,
    /// The argv of the program it ran when it started the child (the
    /// command's bash and its subshells: bash's own).
    pub argv: Vec<String>,
    /// The path that program was exec'd by ([`Traced::path`]).
    pub path: String,
}

/// A file a process opened (`INV-GROUND-11`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Opened {
    /// The process.
    pub pid: u32,
    /// The file, as the descriptor the kernel returned names it (symbolic
    /// links and the working directory resolved).
    pub path: String,
    /// Opened for writing (or created, or truncated).
    pub write: bool,
    /// The index in [`super::Execution::programs`] of the program that
    /// opened it; `None`: the command's bash itself (its redirections).
    pub by: Option<usize>,
}

/// Everything one trace log holds.
#[derive(Debug, Default)]
pub(super) struct Trace {
    pub(super) programs: Vec<Traced>,
    pub(super) opened: Vec<Opened>,
    /// The top-level bash's status (`Z`); `None`: the tracer did not finish.
    pub(super) status: Option<i32>,
    /// A process opened the log itself.
    pub(super) tampered: Option<String>,
}

/// Parses a trace log: everything before its first malformed record, and
/// the error that record is, if any.
pub(super) fn parse(log: &[u8]) -> (Trace, Option<GroundError>) {
    let mut trace = Trace::default();
    let error = read(log, &mut trace).err();
    (trace, error)
}

fn read(log: &[u8], trace: &mut Trace) -> Result<(), GroundError> {
    // Each process's parent and the index of the program it runs.
    let mut parent_of = std::collections::HashMap::<u32, u32>::new();
    let mut image_of = std::collections::HashMap::<u32, usize>::new();
    let mut reader = Reader { log, at: 0 };
    while !reader.done() {
        match reader.word()? {
            "F" => {
                let parent = pid(reader.number()?);
                let child = pid(reader.number()?);
                // Recorded twice (at the child's first stop and at the
                // parent's fork event, in either order): the first wins,
                // and a child that already exec'd keeps its program.
                parent_of.entry(child).or_insert(parent);
                if let Some(&image) = image_of.get(&parent) {
                    image_of.entry(child).or_insert(image);
                }
            }
            "E" => {
                let pid = pid(reader.number()?);
                let argv = match reader.word()? {
                    "a" => match reader.word()?.to_owned().as_str() {
                        "-" => None,
                        count => Some(strings(&mut reader, count)?),
                    },
                    other => return Err(bad(format!("an exec without argv: {other:?}"))),
                };
                let started = tagged_strings(&mut reader, "c")?;
                let environment = tagged_strings(&mut reader, "e")?;
                let program = tagged_field(&mut reader, "x")?;
                let cwd = tagged_field(&mut reader, "d")?;
                let path = tagged_field(&mut reader, "p")?;
                // The failed attempts of a search through PATH that then
                // found the program: the exec that ran says it all.
                let argv_seen = argv.as_ref().unwrap_or(&started);
                while trace.programs.last().is_some_and(|last| {
                    last.pid == pid && last.failed.is_some() && last.argv == *argv_seen
                }) {
                    trace.programs.pop();
                }
                let parents = chain(&trace.programs, &parent_of, &image_of, pid);
                // The program this process itself ran before (not one it
                // inherited from the process that started it).
                let previous = image_of
                    .get(&pid)
                    .and_then(|&i| trace.programs.get(i))
                    .filter(|p| p.pid == pid);
                let argv = argv.unwrap_or_else(|| started.clone());
                let mut traced = Traced {
                    pid,
                    started_as: (started != argv).then_some(started),
                    argv,
                    program,
                    path,
                    cwd,
                    environment,
                    replaced: previous.map(|p| p.argv.clone()),
                    parents,
                    machinery: None,
                    failed: None,
                    record: None,
                };
                // What the workspace's own script runs is the script's: the
                // process that runs it, or its parent, runs that script.
                let parent_image = parent_of
                    .get(&pid)
                    .and_then(|up| image_of.get(up))
                    .and_then(|&i| trace.programs.get(i));
                let argv_now = traced.argv.clone();
                // Machinery whose own program this is: the workspace's
                // script and what it runs, git's transport shell's git.
                let inherited =
                    [previous, parent_image]
                        .into_iter()
                        .flatten()
                        .find_map(|p| match p.machinery {
                            Some(machinery::IN_WORKSPACE_SCRIPT) => {
                                Some(machinery::IN_WORKSPACE_SCRIPT)
                            }
                            // The script shell's own command, not anything the
                            // shell was made to run besides.
                            Some(machinery::NPM_SCRIPT) => {
                                machinery::runs_the_script(&p.argv, &argv_now)
                                    .then_some(machinery::IN_WORKSPACE_SCRIPT)
                            }
                            Some(machinery::GIT_TRANSPORT) => argv_now
                                .first()
                                .is_some_and(|w| basename(w).starts_with("git"))
                                .then_some(machinery::GIT_TRANSPORT),
                            _ => None,
                        });
                traced.machinery = if trace.programs.is_empty() {
                    Some(machinery::THE_ORACLES_BASH)
                } else if inherited.is_some() {
                    inherited
                } else {
                    machinery::why(&traced, previous).map(|Machinery { why, .. }| why)
                };
                mark_wrapper(trace, &parent_of, &image_of, previous.is_some(), &traced);
                image_of.insert(pid, trace.programs.len());
                trace.programs.push(traced);
            }
            "X" => {
                let pid = pid(reader.number()?);
                let errno = i32::try_from(reader.number()?).unwrap_or(i32::MAX);
                let argv = match reader.word()? {
                    "a" => {
                        let count = reader.word()?.to_owned();
                        strings(&mut reader, &count)?
                    }
                    other => return Err(bad(format!("a failed exec without argv: {other:?}"))),
                };
                let program = tagged_field(&mut reader, "x")?;
                let repeated = trace.programs.last().is_some_and(|last| {
                    last.pid == pid && last.failed.is_some() && last.argv == argv
                });
                if repeated {
                    continue;
                }
                let previous = image_of
                    .get(&pid)
                    .and_then(|&i| trace.programs.get(i))
                    .filter(|p| p.pid == pid);
                let mut traced = Traced {
                    pid,
                    argv,
                    started_as: None,
                    path: program.clone(),
                    program,
                    cwd: String::new(),
                    environment: Vec::new(),
                    replaced: previous.map(|p| p.argv.clone()),
                    parents: chain(&trace.programs, &parent_of, &image_of, pid),
                    machinery: None,
                    failed: Some(errno),
                    record: None,
                };
                traced.machinery = machinery::why(&traced, previous).map(|m| m.why);
                // A wrapper that tried to run it tried its inner command.
                mark_wrapper(trace, &parent_of, &image_of, previous.is_some(), &traced);
                // Not the process's image: it still runs what it ran.
                trace.programs.push(traced);
            }
            "O" => {
                let pid = pid(reader.number()?);
                let flags = u32::from_str_radix(reader.word()?, 8)
                    .map_err(|_| bad("open flags are not octal".to_owned()))?;
                let len = reader.number()?;
                let path = reader.bytes(len)?;
                reader.newline()?;
                // The command's bash (the first image) opens for itself.
                let by = image_of.get(&pid).copied().filter(|&i| i > 0);
                let write = flags & 0o3 != 0 || flags & 0o1000 != 0 || flags & 0o100 != 0;
                trace.opened.push(Opened {
                    pid,
                    path,
                    write,
                    by,
                });
            }
            "T" => {
                let _pid = reader.number()?;
                let len = reader.number()?;
                let path = reader.bytes(len)?;
                reader.newline()?;
                trace.tampered.get_or_insert(path);
            }
            "Z" => {
                let status = reader.word()?;
                trace.status = status.parse().ok();
            }
            other => return Err(bad(format!("unknown trace record {other:?}"))),
        }
    }
    Ok(())
}

/// A transparent wrapper that ran `traced` (or tried to) as its inner
/// command, in its own process (`exec_in_place`) or a child (`timeout`
/// forks), is judged through it (INV-GROUND-6).
fn mark_wrapper(
    trace: &mut Trace,
    parent_of: &std::collections::HashMap<u32, u32>,
    image_of: &std::collections::HashMap<u32, usize>,
    exec_in_place: bool,
    traced: &Traced,
) {
    let pid = traced.pid;
    let wrapper = if exec_in_place {
        image_of.get(&pid).copied()
    } else {
        parent_of.get(&pid).and_then(|up| image_of.get(up).copied())
    };
    if let Some(wrapper) = wrapper.and_then(|i| trace.programs.get_mut(i)) {
        if wrapper.machinery.is_none()
            && TRANSPARENT_WRAPPERS.contains(&wrapper.name())
            && wrapper.argv.len() > traced.argv.len()
            && wrapper.argv.ends_with(&traced.argv)
        {
            wrapper.machinery = Some(machinery::THROUGH_INNER);
        }
    }
}

/// The processes above `pid`, nearest first, each with the argv of the
/// program it ran.
fn chain(
    programs: &[Traced],
    parent_of: &std::collections::HashMap<u32, u32>,
    image_of: &std::collections::HashMap<u32, usize>,
    pid: u32,
) -> Vec<Parent> {
    let mut parents = Vec::new();
    let mut at = pid;
    while let Some(&up) = parent_of.get(&at) {
        if parents.len() > 4096 {
            break;
        }
        let image = image_of.get(&up).and_then(|&i| programs.get(i));
        parents.push(Parent {
            pid: up,
            argv: image.map(|p| p.argv.clone()).unwrap_or_default(),
            path: image.map(|p| p.path.clone()).unwrap_or_default(),
        });
        at = up;
    }
    parents
}

fn pid(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn strings(reader: &mut Reader<'_>, count: &str) -> Result<Vec<String>, GroundError> {
    let count: usize = count
        .parse()
        .map_err(|_| bad(format!("{count:?} is not a count")))?;
    let mut out = Vec::with_capacity(count.min(4096));
    for _ in 0..count {
        let len = reader.number()?;
        out.push(reader.bytes(len)?);
        reader.newline()?;
    }
    Ok(out)
}

fn tagged_strings(reader: &mut Reader<'_>, tag: &str) -> Result<Vec<String>, GroundError> {
    let got = reader.word()?;
    if got != tag {
        return Err(bad(format!("expected {tag:?}, found {got:?}")));
    }
    let count = reader.word()?.to_owned();
    strings(reader, &count)
}

fn tagged_field(reader: &mut Reader<'_>, tag: &str) -> Result<String, GroundError> {
    let got = reader.word()?;
    if got != tag {
        return Err(bad(format!("expected {tag:?}, found {got:?}")));
    }
    let len = reader.number()?;
    let field = reader.bytes(len)?;
    reader.newline()?;
    Ok(field)
}

impl Traced {
    /// The program's name as judged: the basename of the first word.
    #[must_use]
    pub fn name(&self) -> &str {
        self.argv.first().map_or("", |first| basename(first))
    }

    /// The program's name by the path it was exec'd by, when `argv[0]`
    /// names another (`exec -a x git push`: `git`; perl's `exec
    /// {"/bin/rm"} "ls", …`: `rm`); a path through a descriptor
    /// (`/proc/self/exe`) is named by [`Traced::program`]. `None` when the
    /// names agree.
    ///
    /// A program file the command made (a path in the sandbox's own
    /// directories, which hold no program of the system's) that links to
    /// another is named by the file the kernel ran: `ln -s /usr/bin/rm p
    /// && ./p -rf x` runs rm. Not a `#!` script (its interpreter is what
    /// the kernel ran), and not elsewhere: the system's own links (`awk`
    /// to `gawk`, `sh` to `dash`) are the names they are run by.
    #[must_use]
    pub fn renamed(&self) -> Option<&str> {
        renamed(&self.argv, &self.path, &self.program).or_else(|| {
            let made_here = self.in_the_sandbox();
            let name = basename(&self.program);
            let given = self.argv.first().map_or("", |first| basename(first));
            (made_here
                && self.started_as.is_none()
                && self.failed.is_none()
                && !name.is_empty()
                && name != given)
                .then_some(name)
        })
    }
}

impl Traced {
    /// Whether the path it was exec'd by lies in the sandbox's own
    /// directories (relative, or under one the sandbox replaces), where no
    /// program of the system's is: a file the command made.
    #[must_use]
    pub fn in_the_sandbox(&self) -> bool {
        !self.path.starts_with('/')
            || super::paths::MASKED.iter().any(|root| {
                self.path
                    .strip_prefix(root)
                    .is_some_and(|r| r.starts_with('/'))
            })
    }

    /// The client it runs with no exec of its own, if it is a loader
    /// (`loaders.rs`), by either of its names.
    #[must_use]
    pub fn loader_client(&self) -> Option<&[String]> {
        let names: Vec<&str> = [Some(self.name()), self.renamed()]
            .into_iter()
            .flatten()
            .collect();
        super::loaders::client(&names, &self.argv, &self.environment)
    }
}

impl Parent {
    /// As [`Traced::renamed`], for the program this process ran.
    #[must_use]
    pub fn renamed(&self) -> Option<&str> {
        renamed(&self.argv, &self.path, "")
    }
}

/// The basename of `path`, the file an exec ran, when it is not the
/// basename of `argv[0]`, the name the caller gave it: `exec -a NAME`,
/// perl's `exec {"/usr/bin/rm"} "ls", …`. A path through a descriptor
/// (`/proc/self/exe`, `/dev/fd/3`) names no program: `program`, the
/// file the kernel ran, does (empty: none known). `None` when the names
/// agree or no name is known.
#[must_use]
pub(super) fn renamed<'a>(argv: &[String], path: &'a str, program: &'a str) -> Option<&'a str> {
    let through_a_descriptor = path.starts_with("/proc/") || path.starts_with("/dev/fd/");
    let file = if through_a_descriptor { program } else { path };
    let name = basename(file);
    let given = argv.first().map_or("", |first| basename(first));
    (!name.is_empty() && name != given).then_some(name)
}

impl Traced {
    /// The trap's id of the bash command that started it (`__GROUND_ID` in
    /// its environment: bash exports it before each command).
    pub(super) fn command_id(&self) -> Option<&str> {
        self.environment
            .iter()
            .find_map(|variable| variable.strip_prefix("__GROUND_ID="))
    }
}
