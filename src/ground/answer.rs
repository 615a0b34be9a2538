//! One command's answer, read off the driver's status line, the command's
//! stderr and its record log (`INV-GROUND-3`).

use std::fs;
use std::path::Path;
use std::time::Duration;

use super::sandbox::{Sandbox, FILE_SIZE_KIB};
use super::{record, Execution, GroundError};

/// One command's answer, and what was recorded when the answer is unknown.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Attempt {
    /// The execution, or why what ran is unknown.
    pub result: Result<Execution, GroundError>,
    /// When `result` is an error: the commands recorded before the command
    /// was stopped (complete records only; `status` -1). Each of them did
    /// execute, so one INV-GROUND does not cover is a violation even though
    /// the answer is unknown. `None` when `result` is an execution or
    /// nothing was recorded.
    pub recorded: Option<Execution>,
}

impl Attempt {
    pub(super) fn failed(error: GroundError) -> Self {
        Self {
            result: Err(error),
            recorded: None,
        }
    }
}

impl Sandbox {
    /// One command's answer from its status line, stderr and log
    /// (`INV-GROUND-3`), and in the real mode its trace (`INV-GROUND-10`).
    pub(super) fn answer(&self, out: &Path, i: u64, status: &str, micros: &str) -> Attempt {
        let attempt = self.answer_trap(out, i, status, micros);
        if !self.config.real {
            return attempt;
        }
        let trap_log = fs::read(out.join("log").join(i.to_string())).unwrap_or_default();
        with_trace(
            attempt,
            &out.join("log").join(format!("{i}.trace")),
            &trap_log,
        )
    }

    fn answer_trap(&self, out: &Path, i: u64, status: &str, micros: &str) -> Attempt {
        let log = fs::read(out.join("log").join(i.to_string()));
        let verdict = self.verdict(out, i, status, micros, log.as_ref().ok());
        match (verdict, log) {
            (Ok(status), Ok(log)) => match record::parse(&log, status) {
                Ok(execution) => Attempt {
                    result: Ok(execution),
                    recorded: None,
                },
                Err(error) => Attempt {
                    result: Err(error),
                    recorded: record::parse_prefix(&log, status),
                },
            },
            (Ok(_), Err(error)) => {
                Attempt::failed(GroundError::Record(format!("no record: {error}")))
            }
            (Err(error), log) => Attempt {
                result: Err(error),
                recorded: log.ok().and_then(|log| record::parse_prefix(&log, -1)),
            },
        }
    }

    /// bash's exit status, or why the command's answer is unknown.
    fn verdict(
        &self,
        out: &Path,
        i: u64,
        status: &str,
        micros: &str,
        log: Option<&Vec<u8>>,
    ) -> Result<i32, GroundError> {
        if status == "timeout" {
            return Err(GroundError::TimedOut);
        }
        let Ok(status) = status.parse::<i32>() else {
            return Err(GroundError::Start(format!("the driver said {status:?}")));
        };
        let elapsed = Duration::from_micros(micros.parse().unwrap_or(u64::MAX));
        // 137: killed by SIGKILL (the driver's at the limit); 152: SIGXCPU.
        let killed = status == 137;
        if killed && elapsed + Duration::from_millis(100) >= self.config.time_limit || status == 152
        {
            return Err(GroundError::TimedOut);
        }
        let stderr = fs::read(out.join("err").join(i.to_string())).unwrap_or_default();
        if contains(&stderr, b"fork: ") {
            return Err(GroundError::ForkLimit);
        }
        // bash could not start a program the command names: what the kernel
        // refuses here (an argument over 128 KiB, all arguments over the
        // stack's quarter) or the memory limit may run elsewhere.
        for (message, why) in [
            (
                &b"Argument list too long"[..],
                "arguments too long for execve (E2BIG)",
            ),
            (
                &b"Cannot allocate memory"[..],
                "out of memory under the sandbox's limit",
            ),
        ] {
            if contains(&stderr, message) {
                return Err(GroundError::Limit(why.to_owned()));
            }
        }
        let size = log.map_or(0, Vec::len);
        let cut = u64::try_from(size).unwrap_or(u64::MAX) + 64 * 1024 >= FILE_SIZE_KIB * 1024;
        if cut || status == 153 {
            return Err(GroundError::Record(
                "the file-size limit cut the record".to_owned(),
            ));
        }
        Ok(status)
    }
}

/// The real mode's trace joined to the trap's answer: a trace that is
/// missing, malformed, unfinished or that a process of the command opened
/// makes the answer unknown, keeping what it recorded (`INV-GROUND-10`).
fn with_trace(mut attempt: Attempt, path: &Path, trap_log: &[u8]) -> Attempt {
    let (trace, error) = match fs::read(path) {
        Ok(log) => super::traced::parse(&log),
        Err(error) => (
            super::traced::Trace::default(),
            Some(GroundError::Record(format!("no trace: {error}"))),
        ),
    };
    let error = error
        .or_else(|| {
            trace.tampered.as_ref().map(|path| {
                GroundError::Record(format!("a process opened the recorder's log {path:?}"))
            })
        })
        .or_else(|| {
            trace
                .status
                .is_none()
                .then(|| GroundError::Record("the recorder did not finish".to_owned()))
        });
    let ids = log_ids(trap_log);
    let attach = |execution: &mut Execution| {
        execution.programs.clone_from(&trace.programs);
        execution.opened.clone_from(&trace.opened);
        attribute(execution, &ids);
    };
    match (&mut attempt.result, error) {
        (Ok(execution), None) => attach(execution),
        (Ok(execution), Some(error)) => {
            let mut recorded = execution.clone();
            attach(&mut recorded);
            recorded.status = -1;
            attempt = Attempt {
                result: Err(error),
                recorded: Some(recorded),
            };
        }
        (Err(_), _) => {
            let mut recorded = attempt.recorded.take().unwrap_or_else(|| Execution {
                bash_version: String::new(),
                commands: Vec::new(),
                status: -1,
                base_environment: std::collections::BTreeMap::new(),
                programs: Vec::new(),
                opened: Vec::new(),
            });
            attach(&mut recorded);
            attempt.recorded = Some(recorded);
        }
    }
    attempt
}

/// The trap's ids of the bash commands, in the order of the log's `D`
/// records: in the real mode (no stubs) those are the execution's commands.
fn log_ids(log: &[u8]) -> Vec<String> {
    let mut ids = Vec::new();
    let mut at = 0;
    while let Some(rest) = log.get(at..).filter(|r| !r.is_empty()) {
        let line_end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        let mut fields = rest
            .get(..line_end)
            .unwrap_or_default()
            .splitn(4, |&b| b == b' ');
        if let (Some(b"D"), Some(id), Some(len)) = (fields.next(), fields.next(), fields.next()) {
            let len: usize = std::str::from_utf8(len)
                .ok()
                .and_then(|l| l.parse().ok())
                .unwrap_or(0);
            ids.push(String::from_utf8_lossy(id).into_owned());
            // Past the text, which may hold newlines, and its newline.
            let header = 2 + id.len() + 1 + len.to_string().len() + 1;
            at += header + len + 1;
        } else {
            at += line_end + 1;
        }
    }
    ids
}

/// Each bash command's program, from the trace (`INV-GROUND-10`): the first
/// exec the command started (the trap's id in its environment) gives the
/// record its argv and path, as a stub does in the stub mode; a transparent
/// wrapper that ran its inner program gets where the inner command starts,
/// so that it is judged through it (`INV-GROUND-6`).
fn attribute(execution: &mut Execution, ids: &[String]) {
    use super::{words::inner_text, Executed, Origin};
    if ids.len() != execution.commands.len() {
        return;
    }
    let mut inner_entries = Vec::new();
    for (index, id) in ids.iter().enumerate() {
        let by_id = execution
            .programs
            .iter()
            .skip(1)
            .position(|p| p.failed.is_none() && p.command_id() == Some(id.as_str()))
            .map(|i| i + 1);
        // No exec of it succeeded: its attempt (a failed exec carries no
        // environment, so no id) is the one its bash, or a child of that
        // bash, made with words the command can have started.
        let attempt = || {
            let record = execution.commands.get(index)?;
            let bash = record.pid;
            execution.programs.iter().skip(1).position(|p| {
                p.failed.is_some()
                    && p.record.is_none()
                    && (p.pid == bash || p.parents.first().is_some_and(|up| up.pid == bash))
                    && super::words::names_program(&record.text, &p.argv)
            })
        };
        let Some(first) = by_id.or_else(|| attempt().map(|i| i + 1)) else {
            continue;
        };
        let (argv, program, pid, through_inner) = match execution.programs.get(first) {
            Some(p) => (
                p.argv.clone(),
                p.program.clone(),
                p.pid,
                p.machinery == Some(super::machinery::THROUGH_INNER),
            ),
            None => continue,
        };
        let inner = through_inner
            .then(|| {
                // The inner program, or the attempt to run it (a program
                // this sandbox lacks is still what the wrapper would run).
                execution.programs.iter().position(|p| {
                    (p.pid == pid || p.parents.first().is_some_and(|up| up.pid == pid))
                        && p.argv.len() < argv.len()
                        && argv.ends_with(&p.argv)
                })
            })
            .flatten();
        let Some(record) = execution.commands.get_mut(index) else {
            continue;
        };
        record.argv = Some(argv.clone());
        record.path = Some(program);
        if let Some(traced) = execution.programs.get_mut(first) {
            traced.record = Some(index);
        }
        if let Some(inner) = inner {
            let Some(inner_argv) = execution.programs.get(inner).map(|p| p.argv.clone()) else {
                continue;
            };
            let at = argv.len() - inner_argv.len();
            record.inner_at = Some(at);
            let text = inner_text(record, at);
            inner_entries.push((
                inner,
                Executed {
                    text,
                    argv: Some(inner_argv),
                    origin: Origin::WrapperInner { wrapper: index },
                    inner_at: None,
                    pid,
                    ..Executed::unresolved()
                },
            ));
        }
    }
    for (inner, entry) in inner_entries {
        if let Some(traced) = execution.programs.get_mut(inner) {
            traced.record = Some(execution.commands.len());
        }
        execution.commands.push(entry);
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}
