//! Resident sandboxes: one bubblewrap start, then commands sent one at a
//! time to the driver over a pipe and answered one at a time, each in a
//! fresh bash with the same limits and records (`INV-GROUND-3`).

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::answer::Attempt;
use super::host::{chown_tree, sandbox_uid, temp_base, TempDir};
use super::sandbox::{Sandbox, LONGEST_ARGUMENT};
use super::{record, GroundError};

/// A resident sandbox of an [`super::Oracle`]: each [`Session::attempt`] runs one
/// command in a fresh bash inside it, as [`super::Oracle::run`] would, without
/// starting a sandbox per command. A session's sandbox is started on first
/// use and again after it stopped answering (a command that killed the
/// driver, say); on drop it goes back to the oracle for the next session.
/// Sessions are independent: each has its own directory and, when the
/// oracle runs as root, its own user id, so several may run at once from
/// different threads.
#[derive(Debug)]
pub struct Session<'o> {
    pub(super) sandbox: &'o Sandbox,
    pool: &'o Pool,
    pub(super) live: Option<Live>,
}

/// The most idle sandboxes an oracle keeps for its next sessions.
const IDLE_SESSIONS: usize = 4;

/// The resident sandboxes of an oracle that no session holds.
#[derive(Debug, Default)]
pub(super) struct Pool(Mutex<Vec<Live>>);

impl Pool {
    fn take(&self) -> Option<Live> {
        self.0.lock().ok().and_then(|mut idle| idle.pop())
    }

    fn put_back(&self, live: Live) {
        if let Ok(mut idle) = self.0.lock() {
            if idle.len() < IDLE_SESSIONS {
                idle.push(live);
            }
        }
    }
}

/// Linux's limit on one argument or environment string (32 pages):
/// `execve` refuses a longer one with E2BIG.
const MAX_ARG_STRLEN: usize = 128 * 1024;

/// Commands bash runs itself, whose arguments never pass `execve`.
const BUILTINS: [&str; 24] = [
    "echo",
    "printf",
    ":",
    "true",
    "false",
    "test",
    "[",
    "cd",
    "pwd",
    "read",
    "export",
    "declare",
    "local",
    "readonly",
    "typeset",
    "set",
    "unset",
    "shift",
    "return",
    "exit",
    "eval",
    "let",
    "mapfile",
    "readarray",
];

/// A record of a program bash did not start because a word was too long
/// (E2BIG): a command of 128 KiB or more, whose record holds such a word,
/// ran no stub and is no builtin. bash reports E2BIG on its stderr, which a
/// redirection (`… 2>&1 | tail`) can send where the oracle does not look,
/// leaving the record of a program that never started: unknown.
pub(super) fn too_long_to_start(command: &str, attempt: Attempt) -> Attempt {
    let Ok(execution) = &attempt.result else {
        return attempt;
    };
    let refused = command.len() >= MAX_ARG_STRLEN
        && execution.commands.iter().any(|c| {
            let name = c.text.split([' ', '\t', '\n']).find(|w| !w.is_empty());
            c.argv.is_none()
                && c.text.len() >= MAX_ARG_STRLEN
                && !name.is_some_and(|n| BUILTINS.contains(&n))
        });
    if refused {
        return Attempt::failed(GroundError::Limit(format!(
            "a program with a word over execve's limit of {MAX_ARG_STRLEN} bytes did not start"
        )));
    }
    attempt
}

impl<'o> Session<'o> {
    pub(super) fn new(sandbox: &'o Sandbox, pool: &'o Pool) -> Self {
        Self {
            sandbox,
            pool,
            live: pool.take(),
        }
    }

    /// Runs one command in a fresh bash in this session's sandbox
    /// (`INV-GROUND-1`, `INV-GROUND-3`).
    pub fn attempt(&mut self, command: &str) -> Attempt {
        let attempt = self.attempt_once(command);
        too_long_to_start(command, attempt)
    }

    fn attempt_once(&mut self, command: &str) -> Attempt {
        // A sandbox that died since its last command (the driver ends when
        // it cannot clear a command's processes) is noticed on sending:
        // start another, the command has not run. A fresh sandbox that
        // cannot take the command is reported with its whole reason.
        loop {
            let (mut live, fresh) = match self.live.take() {
                Some(live) => (live, false),
                None => match Live::start(self.sandbox) {
                    Ok(live) => (live, true),
                    Err(why) => return Attempt::failed(GroundError::Start(why)),
                },
            };
            let id = match live.send(command) {
                Ok(id) => id,
                Err(_) if !fresh => continue,
                Err(_) => return Attempt::failed(GroundError::Start(live.ended())),
            };
            let (attempt, alive) = live.answer(self.sandbox, id);
            live.clean(id);
            if alive {
                self.live = Some(live);
            }
            return attempt;
        }
    }

    /// [`Session::attempt`]'s execution, or why what ran is unknown.
    ///
    /// # Errors
    /// A [`GroundError`]: what ran is unknown.
    pub fn run(&mut self, command: &str) -> Result<super::Execution, GroundError> {
        self.attempt(command).result
    }
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        if let Some(live) = self.live.take() {
            self.pool.put_back(live);
        }
    }
}

/// A running sandbox and its driver.
#[derive(Debug)]
pub(super) struct Live {
    child: Child,
    /// `bwrap` or `unshare`, for messages.
    backend: &'static str,
    stdin: Option<ChildStdin>,
    /// The driver's answer lines, read by a thread of their own.
    answers: Receiver<String>,
    /// The session's directory (mounted at [`OUT`]).
    out: TempDir,
    uid: Option<u32>,
    next: u64,
    /// The most an answer may take: past it the sandbox is given up.
    patience: Duration,
}

impl Live {
    pub(super) fn start(sandbox: &Sandbox) -> Result<Self, String> {
        let out =
            TempDir::new(&temp_base(sandbox.as_root), "session").map_err(|e| e.to_string())?;
        let uid = sandbox.as_root.then(sandbox_uid);
        for dir in ["in", "work", "log", "err"] {
            fs::create_dir(out.path().join(dir)).map_err(|e| e.to_string())?;
        }
        if let Some(uid) = uid {
            chown_tree(out.path(), uid).map_err(|e| e.to_string())?;
        }
        let backend = sandbox.backend_name();
        let mut child = sandbox
            .command(out.path(), uid)
            .spawn()
            .map_err(|e| format!("cannot start the {backend} sandbox: {e}"))?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().ok_or("no pipe from the sandbox")?;
        let (send, answers) = mpsc::channel();
        std::thread::Builder::new()
            .name("ground-session".to_owned())
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if send.send(line).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| format!("cannot start the reader thread: {e}"))?;
        let limit = sandbox.config.time_limit;
        Ok(Self {
            child,
            backend,
            stdin,
            answers,
            out,
            uid,
            next: 0,
            patience: limit.saturating_mul(2) + Duration::from_secs(10),
        })
    }

    /// Writes the command and its empty directory, and tells the driver.
    pub(super) fn send(&mut self, command: &str) -> std::io::Result<u64> {
        let id = self.next;
        self.next += 1;
        let out = self.out.path();
        let name = id.to_string();
        fs::write(out.join("in").join(&name), command)?;
        let work = out.join("work").join(&name);
        fs::create_dir(&work)?;
        if let Some(uid) = self.uid {
            std::os::unix::fs::chown(out.join("in").join(&name), Some(uid), Some(uid))?;
            std::os::unix::fs::chown(&work, Some(uid), Some(uid))?;
        }
        // `bash -c` cannot take an argument over 128 KiB (MAX_ARG_STRLEN).
        let mode = if command.contains('\0') {
            "stdin"
        } else if command.len() > LONGEST_ARGUMENT {
            "file"
        } else {
            "c"
        };
        // A driver that has ended would make the write raise SIGPIPE, which
        // a process whose `main` is not Rust's (a libFuzzer target) does not
        // ignore: look first (the fuzz target also ignores SIGPIPE).
        if !matches!(self.child.try_wait(), Ok(None)) {
            return Err(std::io::Error::other("the sandbox has ended"));
        }
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| std::io::Error::other("closed"))?;
        stdin.write_all(format!("{id} {mode}\n").as_bytes())?;
        stdin.flush()?;
        Ok(id)
    }

    /// The driver's answer for command `id`, and whether the sandbox may
    /// answer another.
    pub(super) fn answer(&mut self, sandbox: &Sandbox, id: u64) -> (Attempt, bool) {
        let gone = |live: &Self, why: String| {
            let log = fs::read(live.out.path().join("log").join(id.to_string()));
            let attempt = Attempt {
                result: Err(GroundError::Start(why)),
                recorded: log.ok().and_then(|log| record::parse_prefix(&log, -1)),
            };
            (attempt, false)
        };
        let line = match self.answers.recv_timeout(self.patience) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => {
                return gone(self, "the sandbox stopped answering".to_owned())
            }
            Err(RecvTimeoutError::Disconnected) => {
                let why = self.ended();
                return gone(self, why);
            }
        };
        let mut fields = line.split(' ');
        match (fields.next(), fields.next(), fields.next()) {
            (Some(i), Some(status), Some(micros)) if i == id.to_string() => {
                (sandbox.answer(self.out.path(), id, status, micros), true)
            }
            _ => gone(self, format!("the driver said {line:?}")),
        }
    }

    /// Why the sandbox ended before it answered, in one line: its exit
    /// status and everything it wrote on stderr. Waits for it to end first
    /// (killing it after a second), so that the message does not depend on
    /// when the end was noticed (sending the command or awaiting the answer).
    fn ended(&mut self) -> String {
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(1);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break status.to_string(),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(2));
                }
                Ok(None) => {
                    let _ = self.child.kill();
                    break match self.child.wait() {
                        Ok(status) => format!("{status}, killed: it did not end"),
                        Err(error) => format!("killed: it did not end ({error})"),
                    };
                }
                Err(error) => break format!("status unknown: {error}"),
            }
        };
        let stderr = fs::read(self.out.path().join("sandbox.err")).unwrap_or_default();
        let stderr = String::from_utf8_lossy(&stderr);
        let lines: Vec<&str> = stderr
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let said = if lines.is_empty() {
            "nothing on stderr".to_owned()
        } else {
            lines.join("; ")
        };
        format!(
            "the {} sandbox ended before it answered: {status}: {said}",
            self.backend
        )
    }

    /// Removes what command `id` left (best effort: a directory it made
    /// unreadable stays until the session's directory goes).
    pub(super) fn clean(&self, id: u64) {
        let out = self.out.path();
        let name = id.to_string();
        for dir in ["in", "log", "err"] {
            let _ = fs::remove_file(out.join(dir).join(&name));
        }
        // The trap's scratch files (`<id>.type.<pid>`, env.bash).
        let scratch = format!("{name}.");
        for entry in fs::read_dir(out.join("log"))
            .into_iter()
            .flatten()
            .flatten()
        {
            if entry.file_name().to_string_lossy().starts_with(&scratch) {
                let _ = fs::remove_file(entry.path());
            }
        }
        let _ = fs::remove_dir_all(out.join("work").join(&name));
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        // End of input ends the driver; a driver that does not end is killed.
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(1);
        while Instant::now() < deadline {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
