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

/// How a command is run to see what it runs (`AUDIT-19`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Every program a recording stub (`INV-GROUND-4`).
    Stubs,
    /// The machine's programs, every exec below bash recorded (`INV-GROUND-10`).
    Real,
}

/// The mode a generated case of `family` is checked in (`AUDIT-19`): the
/// real mode when its payload reaches a program by a path the stubs do not
/// show (its standard input, its environment: `GEN-FAM-13`'s hidden
/// reach), else the stubs.
#[must_use]
pub fn mode_for_family(family: &str) -> Mode {
    match crate::gen::families::family(family).map(|f| f.reach) {
        Some(crate::gen::families::Reach::Hidden) => Mode::Real,
        _ => Mode::Stubs,
    }
}

/// The layer and bash, together.
pub struct Auditor {
    /// The layer under audit.
    pub layer: Layer,
    /// The execution oracle with stubs.
    pub bash: Bash,
    /// The real-mode oracle, started when a command first needs it.
    pub real: Option<Bash>,
    /// Threads for the real-mode oracle.
    pub threads: usize,
    /// Every approved command runs in the real mode (`--real`).
    pub all_real: bool,
    /// Commands run through the oracle.
    pub executions: u64,
}

impl Auditor {
    /// Checks every command with stubs, or every one in the real mode
    /// under `--real` (`AUDIT-3`, `AUDIT-4`).
    ///
    /// # Errors
    /// The layer breaks the protocol, or the real mode cannot start.
    pub fn check(&mut self, commands: &[String]) -> Result<Vec<Checked>, AuditError> {
        self.check_in(commands, &vec![Mode::Stubs; commands.len()])
    }

    /// Checks every command, each approved one run in its mode, or in the
    /// real mode under `--real` (`AUDIT-3`, `AUDIT-4`, `AUDIT-19`).
    ///
    /// # Errors
    /// The layer breaks the protocol, or the real mode cannot start.
    pub fn check_in(
        &mut self,
        commands: &[String],
        modes: &[Mode],
    ) -> Result<Vec<Checked>, AuditError> {
        let asks: Vec<Ask> = commands.iter().cloned().map(Ask::Command).collect();
        let answers = self.layer.approve(&asks)?;
        let modes: Vec<Mode> = (0..commands.len())
            .map(|i| match (self.all_real, modes.get(i)) {
                (true, _) => Mode::Real,
                (false, mode) => mode.copied().unwrap_or(Mode::Stubs),
            })
            .collect();
        let run_in = |mode: Mode| -> Vec<String> {
            commands
                .iter()
                .zip(&answers)
                .zip(&modes)
                .filter(|((_, &answer), &m)| answer == Answer::Approved && m == mode)
                .map(|((command, _), _)| command.clone())
                .collect()
        };
        let (stubbed, real) = (run_in(Mode::Stubs), run_in(Mode::Real));
        let mut seen_stubbed = self.bash.run(&stubbed).into_iter();
        let mut seen_real = Vec::new().into_iter();
        if !real.is_empty() {
            if self.real.is_none() {
                self.real = Some(Bash::new(self.threads, true).map_err(AuditError::Oracle)?);
            }
            if let Some(oracle) = &self.real {
                seen_real = oracle.run(&real).into_iter();
            }
        }
        self.executions += (stubbed.len() + real.len()) as u64;
        let mut out = Vec::with_capacity(commands.len());
        for ((command, answer), mode) in commands.iter().zip(answers).zip(modes) {
            // Only an approved command was run: only it takes a result.
            let seen = match (answer, mode) {
                (Answer::Approved, Mode::Stubs) => seen_stubbed.next(),
                (Answer::Approved, Mode::Real) => seen_real.next(),
                _ => None,
            };
            out.push(match answer {
                Answer::Refused => Checked::NotApproved,
                Answer::Unknown => Checked::LayerUnknown,
                Answer::Approved => match seen {
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
