//! The record log's fields (`record.rs` names the records): words,
//! numbers, lines, length-prefixed bytes and variable lists.

use std::collections::BTreeMap;

use super::record::bad;
use super::GroundError;

pub(super) struct Reader<'a> {
    pub(super) log: &'a [u8],
    pub(super) at: usize,
}

impl Reader<'_> {
    pub(super) fn done(&self) -> bool {
        self.at >= self.log.len()
    }

    /// The bytes up to the next space or newline, and that one separator.
    pub(super) fn word(&mut self) -> Result<&str, GroundError> {
        let rest = self.log.get(self.at..).unwrap_or_default();
        let end = rest
            .iter()
            .position(|&b| b == b' ' || b == b'\n')
            .ok_or_else(|| bad("truncated record".to_owned()))?;
        let word = rest.get(..end).unwrap_or_default();
        self.at += end + 1;
        std::str::from_utf8(word).map_err(|_| bad("a record field is not UTF-8".to_owned()))
    }

    pub(super) fn number(&mut self) -> Result<usize, GroundError> {
        let word = self.word()?;
        word.parse()
            .map_err(|_| bad(format!("{word:?} is not a number")))
    }

    /// The rest of the line (without its newline).
    pub(super) fn line(&mut self) -> Result<String, GroundError> {
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
    pub(super) fn bytes(&mut self, len: usize) -> Result<String, GroundError> {
        let end = self.at.checked_add(len).filter(|&e| e <= self.log.len());
        let bytes = end
            .and_then(|end| self.log.get(self.at..end))
            .ok_or_else(|| bad("truncated record".to_owned()))?;
        self.at += len;
        Ok(String::from_utf8_lossy(bytes).into_owned())
    }

    /// `export -p`'s lines up to a NUL and a newline: `declare -x NAME` or
    /// `declare -x NAME="value"` (other attributes beside `x`; the oracle's
    /// own `__GROUND_` variables left out), the value's `"`, `\\`, `$` and `` ` ``
    /// escaped with a backslash. Any other form is an error (the base is the
    /// driver's environment, whose values are plain).
    pub(super) fn exported(&mut self) -> Result<BTreeMap<String, String>, GroundError> {
        let rest = self.log.get(self.at..).unwrap_or_default();
        let end = rest
            .iter()
            .position(|&b| b == 0)
            .ok_or_else(|| bad("truncated base environment".to_owned()))?;
        let text = String::from_utf8_lossy(rest.get(..end).unwrap_or_default()).into_owned();
        self.at += end + 1;
        self.newline()?;
        let mut variables = BTreeMap::new();
        let mut lines = text.as_str();
        while let Some(line) = lines
            .strip_prefix("declare -")
            .and_then(|flags| flags.split_once(' ').map(|(_, line)| line))
        {
            let name_end = line.find(['=', '\n']).unwrap_or(line.len());
            let (name, after) = line.split_at(name_end);
            let Some(quoted) = after.strip_prefix("=\"") else {
                // Exported but without a value: not in the environment.
                lines = after.strip_prefix('\n').unwrap_or(after);
                continue;
            };
            let mut value = String::new();
            let mut chars = quoted.char_indices();
            let close = loop {
                match chars.next() {
                    Some((_, '\\')) => value.extend(chars.next().map(|(_, c)| c)),
                    Some((at, '"')) => break at,
                    Some((_, c)) => value.push(c),
                    None => return Err(bad("an unterminated base variable".to_owned())),
                }
            };
            if !name.starts_with("__GROUND_") {
                variables.insert(name.to_owned(), value);
            }
            let after = quoted.get(close + 1..).unwrap_or_default();
            lines = after.strip_prefix('\n').unwrap_or(after);
        }
        if !lines.is_empty() {
            return Err(bad(format!(
                "an unreadable base environment line {lines:?}"
            )));
        }
        Ok(variables)
    }

    /// `<count>\n` then as many `<bytes> <NAME=value>\n` fields.
    pub(super) fn variables(&mut self) -> Result<BTreeMap<String, String>, GroundError> {
        let count = self.number()?;
        let mut variables = BTreeMap::new();
        for _ in 0..count {
            let len = self.number()?;
            let entry = self.bytes(len)?;
            self.newline()?;
            let (name, value) = entry.split_once('=').unwrap_or((&entry, ""));
            variables.insert(name.to_owned(), value.to_owned());
        }
        Ok(variables)
    }

    pub(super) fn newline(&mut self) -> Result<(), GroundError> {
        if self.log.get(self.at) == Some(&b'\n') {
            self.at += 1;
            Ok(())
        } else {
            Err(bad("a record does not end where its length says".to_owned()))
        }
    }
}
