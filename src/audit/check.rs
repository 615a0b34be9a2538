//! One step of the audit for a batch of commands: the layer's answer, then,
//! for an approval, what bash ran, then the property (`AUDIT-3`, `AUDIT-4`).

use super::layer::{Answer, Ask, Layer};
use super::oracle::{Bash, Seen};
use super::property::{judge, Verdict};
use super::AuditError;

/// What the audit learnt of one command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Checked {
    /// The layer does not approve it: nothing to check.
    NotApproved,
    /// The layer answered `error` for it.
    LayerUnknown,
    /// Approved, but bash's answer is unknown and nothing was recorded.
    BashUnknown,
    /// Approved and run; `complete` is false when bash was stopped and only
    /// what ran before the stop was judged.
    Judged {
        /// The property's verdict.
        verdict: Verdict,
        /// Every command bash ran was recorded.
        complete: bool,
    },
}

impl Checked {
    /// The verdict of a judged command that is a witness.
    #[must_use]
    pub fn witness(&self) -> Option<&Verdict> {
        match self {
            Self::Judged { verdict, .. } if verdict.is_witness() => Some(verdict),
            _ => None,
        }
    }
}

/// The layer and bash, together.
pub struct Auditor {
    /// The layer under audit.
    pub layer: Layer,
    /// The execution oracle.
    pub bash: Bash,
    /// Commands run through the oracle.
    pub executions: u64,
}

impl Auditor {
    /// Checks every command (`AUDIT-3`, `AUDIT-4`).
    ///
    /// # Errors
    /// The layer breaks the protocol.
    pub fn check(&mut self, commands: &[String]) -> Result<Vec<Checked>, AuditError> {
        let asks: Vec<Ask> = commands.iter().cloned().map(Ask::Command).collect();
        let answers = self.layer.approve(&asks)?;
        let approved: Vec<String> = commands
            .iter()
            .zip(&answers)
            .filter(|(_, &a)| a == Answer::Approved)
            .map(|(c, _)| c.clone())
            .collect();
        let mut seen = self.bash.run(&approved).into_iter();
        self.executions += approved.len() as u64;
        let mut out = Vec::with_capacity(commands.len());
        for (command, answer) in commands.iter().zip(answers) {
            out.push(match answer {
                Answer::Refused => Checked::NotApproved,
                Answer::Unknown => Checked::LayerUnknown,
                Answer::Approved => match seen.next() {
                    Some(Seen::Complete(execution)) => Checked::Judged {
                        verdict: judge(&mut self.layer, command, &execution)?,
                        complete: true,
                    },
                    Some(Seen::Partial(execution)) => Checked::Judged {
                        verdict: judge(&mut self.layer, command, &execution)?,
                        complete: false,
                    },
                    Some(Seen::Unknown(_)) | None => Checked::BashUnknown,
                },
            });
        }
        Ok(out)
    }
}
