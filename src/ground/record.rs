//! Reading the oracle's record log into an [`Execution`] (`INV-GROUND-1`, `INV-GROUND-2`).
//!
//! The log is written inside the sandbox by the trap (`env.bash`) and the
//! stubs (`stub.sh`); every length is in bytes, so texts may hold newlines:
//!
//! ```text
//! B <pid> <bash version>\n          a bash loaded the trap
//! D <id> <bytes> <text>\n           the trap: bash is about to run <text>
//! S <id> <pid> <argc>\n             a stub started, by the command <id>,
//!   <bytes> <arg>\n  (argc times)   with this argv
//! W <pid> <index>\n                 the wrapper stub <pid> runs argv[index..]
//! E <pid>\n                         the wrapper stub <pid> exits without an inner command
//! ```
//!
//! A wrapper stub that wrote neither `W` nor `E` was stopped in between: an
//! execution read from such a log would silently lack what the wrapper was
//! about to run, so [`parse`] answers *unknown* (`INV-GROUND-3`).

use std::collections::{BTreeSet, HashMap};

use super::words::{basename, can_start, inner_text};
use super::{quote_words, Executed, Execution, GroundError, Origin, TRANSPARENT_WRAPPERS};

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
    Ok(Execution {
        bash_version,
        commands: build.commands,
        status,
    })
}

/// The complete records before the first malformed one (a log cut short by
/// a kill); `None` when no bash loaded the trap.
pub(super) fn parse_prefix(log: &[u8], status: i32) -> Option<Execution> {
    let mut build = Builder::default();
    let mut bash_version = None;
    let _stopped = read_records(log, &mut build, &mut bash_version);
    Some(Execution {
        bash_version: bash_version?,
        commands: build.commands,
        status,
    })
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
            other => return Err(bad(format!("unknown record kind {other:?}"))),
        }
    }
    Ok(())
}

fn bad(why: String) -> GroundError {
    GroundError::Record(why)
}

fn pid_of(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

struct Reader<'a> {
    log: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn done(&self) -> bool {
        self.at >= self.log.len()
    }

    /// The bytes up to the next space or newline, and that one separator.
    fn word(&mut self) -> Result<&str, GroundError> {
        let rest = self.log.get(self.at..).unwrap_or_default();
        let end = rest
            .iter()
            .position(|&b| b == b' ' || b == b'\n')
            .ok_or_else(|| bad("truncated record".to_owned()))?;
        let word = rest.get(..end).unwrap_or_default();
        self.at += end + 1;
        std::str::from_utf8(word).map_err(|_| bad("a record field is not UTF-8".to_owned()))
    }

    fn number(&mut self) -> Result<usize, GroundError> {
        let word = self.word()?;
        word.parse()
            .map_err(|_| bad(format!("{word:?} is not a number")))
    }

    /// The rest of the line (without its newline).
    fn line(&mut self) -> Result<String, GroundError> {
        let rest = self.log.get(self.at..).unwrap_or_default();
        let end = rest
            .iter()
            .position(|&b| b == b'\n')
            .ok_or_else(|| bad("truncated record".to_owned()))?;
        let line = String::from_utf8_lossy(rest.get(..end).unwrap_or_default()).into_owned();
        self.at += end + 1;
        Ok(line)
    }

    /// `len` bytes, as text (bytes that are not UTF-8 become U+FFFD).
    fn bytes(&mut self, len: usize) -> Result<String, GroundError> {
        let end = self.at.checked_add(len).filter(|&e| e <= self.log.len());
        let bytes = end
            .and_then(|end| self.log.get(self.at..end))
            .ok_or_else(|| bad("truncated record".to_owned()))?;
        self.at += len;
        Ok(String::from_utf8_lossy(bytes).into_owned())
    }

    fn newline(&mut self) -> Result<(), GroundError> {
        if self.log.get(self.at) == Some(&b'\n') {
            self.at += 1;
            Ok(())
        } else {
            Err(bad("a record does not end where its length says".to_owned()))
        }
    }
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
}

impl Builder {
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
        });
    }

    fn stub(&mut self, id: &str, pid: u32, argv: Vec<String>) {
        let program = argv.first().map_or("", |first| basename(first));
        if TRANSPARENT_WRAPPERS.contains(&program) {
            self.open_wrappers.insert(pid);
        }
        // The inner command a wrapper stub exec'd keeps the wrapper's pid.
        if let Some(index) = self.pending_inner.remove(&pid) {
            if let Some(entry) = self.commands.get_mut(index) {
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
        let mut words = argv.clone();
        if let Some(first) = words.first_mut() {
            *first = basename(first).to_owned();
        }
        self.commands.push(Executed {
            text: quote_words(&words),
            argv: Some(argv),
            origin: Origin::Program,
            inner_at: None,
            pid,
        });
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
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// INV-GROUND-3: a truncated or malformed log is an error, never an empty execution.
    #[test]
    fn inv_ground_3_malformed_logs_are_errors() {
        for log in [
            &b""[..],
            b"B 1 5.2\nD 1.1 10 ls\n",
            b"B 1 5.2\nX\n",
            b"B 1 5.2\nW 9 1\n",
        ] {
            assert!(parse(log, 0).is_err(), "{:?}", String::from_utf8_lossy(log));
        }
        // A log cut inside a record keeps the complete records before it.
        let cut = parse_prefix(b"B 1 5.2\nD 1.1 2 ls\nD 1.2 10 cu", -1).unwrap();
        assert_eq!(cut.commands.len(), 1);
        assert_eq!(parse_prefix(b"D 1.1 2 ls\n", -1), None);
        let ok = parse(b"B 1 5.2.15(1)-release\nD 1.1 5 ls\n-l\n", 0).unwrap();
        assert_eq!(ok.commands.len(), 1);
        assert_eq!(ok.commands[0].text, "ls\n-l");
    }

    /// INV-GROUND-3: a wrapper stub stopped between its own record and its
    /// inner command's (the run-4 race) makes the answer unknown; one that
    /// says it ran none (`E`), or ran one (`W`), does not.
    #[test]
    fn inv_ground_3_a_stopped_wrapper_is_unknown() {
        let wrapper = "B 1 5.2\nD 1.1 21 timeout 1.5h npm test\nS 1.1 7 4\n12 /bin/timeout\n4 1.5h\n3 npm\n4 test\n";
        assert!(parse(wrapper.as_bytes(), 0).is_err());
        assert_eq!(
            parse_prefix(wrapper.as_bytes(), -1).unwrap().commands.len(),
            1
        );
        let ended = format!("{wrapper}E 7\n");
        assert_eq!(parse(ended.as_bytes(), 0).unwrap().commands.len(), 1);
        let ran = format!("{wrapper}W 7 2\nS 1.1 7 2\n8 /bin/npm\n4 test\n");
        let execution = parse(ran.as_bytes(), 0).unwrap();
        assert_eq!(execution.commands[1].text, "npm test");
        assert_eq!(execution.commands[1].argv.as_ref().unwrap().len(), 2);
    }
}
