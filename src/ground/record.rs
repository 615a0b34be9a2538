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
//! ```

use std::collections::HashMap;

use super::{quote_words, Executed, Execution, GroundError, Origin};

/// Parses one command's log. `None` for the version: no bash loaded the trap.
pub(super) fn parse(log: &[u8], status: i32) -> Result<Execution, GroundError> {
    let mut reader = Reader { log, at: 0 };
    let mut build = Builder::default();
    let mut bash_version = None;
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
            other => return Err(bad(format!("unknown record kind {other:?}"))),
        }
    }
    let bash_version = bash_version.ok_or_else(|| bad("no bash loaded the trap".to_owned()))?;
    Ok(Execution {
        bash_version,
        commands: build.commands,
        status,
    })
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

/// The text of a wrapper's inner command (`INV-GROUND-2`): the wrapper's text from
/// its `index`-th command word on, when the words before it are literals equal
/// to the wrapper's argv; else the inner argv, shell-quoted.
fn inner_text(wrapper: &Executed, index: usize) -> String {
    let argv = wrapper.argv.as_deref().unwrap_or_default();
    let quoted = || quote_words(argv.get(index..).unwrap_or_default());
    let Some(words) = lex_words(&wrapper.text) else {
        return quoted();
    };
    let command_words: Vec<_> = words
        .iter()
        .skip_while(|&&(start, end)| is_assignment(wrapper.text.get(start..end).unwrap_or("")))
        .collect();
    let literal_at = |i: usize| {
        command_words
            .get(i)
            .and_then(|&&(start, end)| wrapper.text.get(start..end))
            .and_then(unquote_literal)
    };
    let name_matches = literal_at(0).is_some_and(|name| {
        argv.first()
            .is_some_and(|path| basename(path) == basename(&name))
    });
    let options_match = (1..index).all(|i| literal_at(i).is_some_and(|w| argv.get(i) == Some(&w)));
    match command_words.get(index) {
        Some(&&(start, _)) if name_matches && options_match => {
            wrapper.text.get(start..).map_or_else(quoted, str::to_owned)
        }
        _ => quoted(),
    }
}

/// Whether the bash command `text` can have started the program `argv`: its
/// command word names that program, is not a literal, or is `command` or `exec`.
fn can_start(text: &str, argv: &[String]) -> bool {
    let Some(words) = lex_words(text) else {
        return true;
    };
    let first = words
        .iter()
        .filter_map(|&(start, end)| text.get(start..end))
        .find(|word| !is_assignment(word));
    let Some(first) = first else {
        return false;
    };
    match unquote_literal(first) {
        None => true,
        Some(name) => {
            matches!(name.as_str(), "command" | "exec")
                || argv
                    .first()
                    .is_some_and(|path| basename(path) == basename(&name))
        }
    }
}

fn basename(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// `NAME=…`, `NAME+=…` or `NAME[…]=…`.
fn is_assignment(word: &str) -> bool {
    let Some(eq) = word.find('=') else {
        return false;
    };
    let name = word.get(..eq).unwrap_or("");
    let name = name.strip_suffix('+').unwrap_or(name);
    let name = match name.find('[') {
        Some(open) if name.ends_with(']') => name.get(..open).unwrap_or(""),
        _ => name,
    };
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The value of a word that expands to itself alone: no expansion, no glob,
/// quotes removed. `None` when the word needs bash to know its value.
fn unquote_literal(word: &str) -> Option<String> {
    if word.starts_with('~') {
        return None;
    }
    let mut out = String::new();
    let mut chars = word.chars();
    while let Some(c) = chars.next() {
        match c {
            '$' | '`' | '*' | '?' | '[' | '{' | '(' | '<' | '>' | '|' | '&' | ';' => return None,
            '\\' => out.push(chars.next()?),
            '\'' => loop {
                match chars.next()? {
                    '\'' => break,
                    c => out.push(c),
                }
            },
            '"' => loop {
                match chars.next()? {
                    '"' => break,
                    '$' | '`' => return None,
                    '\\' => {
                        let next = chars.next()?;
                        if !matches!(next, '$' | '`' | '"' | '\\') {
                            out.push('\\');
                        }
                        out.push(next);
                    }
                    c => out.push(c),
                }
            },
            c => out.push(c),
        }
    }
    Some(out)
}

/// Byte ranges of the words of bash's rendering of a simple command, up to
/// the first operator or redirection. `None` when quoting does not balance.
fn lex_words(text: &str) -> Option<Vec<(usize, usize)>> {
    let bytes = text.as_bytes();
    let mut words = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes.get(i)? {
            b' ' | b'\t' => i += 1,
            b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')' => break,
            _ => {
                let start = i;
                i = word_end(bytes, i)?;
                words.push((start, i));
            }
        }
    }
    Some(words)
}

/// The end of the word starting at `i`: quotes, escapes and `$( )`, `${ }`,
/// backticks are skipped as a unit.
fn word_end(bytes: &[u8], mut i: usize) -> Option<usize> {
    let mut depth = 0usize;
    while let Some(&b) = bytes.get(i) {
        match b {
            b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b')' if depth == 0 => {
                return Some(i)
            }
            b'\\' => i += 1,
            b'\'' => i = i + 1 + bytes.get(i + 1..)?.iter().position(|&c| c == b'\'')?,
            b'"' => {
                i += 1;
                while *bytes.get(i)? != b'"' {
                    i += if bytes.get(i) == Some(&b'\\') { 2 } else { 1 };
                }
            }
            b'`' => i = i + 1 + bytes.get(i + 1..)?.iter().position(|&c| c == b'`')?,
            b'(' | b'{' => depth += 1,
            b')' | b'}' if depth > 0 => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    (depth == 0).then_some(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(text: &str, argv: &[&str]) -> Executed {
        Executed {
            text: text.to_owned(),
            argv: Some(argv.iter().map(|&s| s.to_owned()).collect()),
            origin: Origin::Bash,
            inner_at: None,
            pid: 1,
        }
    }

    /// INV-GROUND-2: the inner text keeps the source form when the wrapper words are literal.
    #[test]
    fn ground_2_inner_text_table() {
        let rows: [(&str, &[&str], usize, &str); 6] = [
            (
                "timeout 30s pnpm test",
                &["/usr/bin/timeout", "30s", "pnpm", "test"],
                2,
                "pnpm test",
            ),
            (
                "A=1 nice -n 5 cat \"a b\" > out",
                &["/usr/bin/nice", "-n", "5", "cat", "a b"],
                3,
                "cat \"a b\" > out",
            ),
            ("timeout '3' ls", &["/usr/bin/timeout", "3", "ls"], 2, "ls"),
            // The duration came from an expansion: the argv is all we can trust.
            (
                "timeout $T ls x",
                &["/usr/bin/timeout", "5", "ls", "x"],
                2,
                "ls x",
            ),
            (
                "timeout $T",
                &["/usr/bin/timeout", "5", "ls", "a b"],
                2,
                "ls 'a b'",
            ),
            ("nohup if", &["/usr/bin/nohup", "if"], 1, "if"),
        ];
        for (text, argv, index, want) in rows {
            assert_eq!(inner_text(&entry(text, argv), index), want, "{text:?}");
        }
    }

    /// INV-GROUND-1: a truncated or malformed log is an error, never an empty execution.
    #[test]
    fn ground_3_malformed_logs_are_errors() {
        for log in [
            &b""[..],
            b"B 1 5.2\nD 1.1 10 ls\n",
            b"B 1 5.2\nX\n",
            b"B 1 5.2\nW 9 1\n",
        ] {
            assert!(parse(log, 0).is_err(), "{:?}", String::from_utf8_lossy(log));
        }
        let ok = parse(b"B 1 5.2.15(1)-release\nD 1.1 5 ls\n-l\n", 0).unwrap();
        assert_eq!(ok.commands.len(), 1);
        assert_eq!(ok.commands[0].text, "ls\n-l");
    }
}
