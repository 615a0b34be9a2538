//! The one place the audit asks GNU bash what a command runs (`AUDIT-3`).
//!
//! The execution oracle of chapter 6.2 ([`crate::ground`]), split over
//! worker threads: an [`Oracle`] gives each thread a resident sandbox of its
//! own, so the threads run independently.

use crate::ground::{Config, Execution, GroundError, Oracle};

/// What bash ran for one command (`AUDIT-3`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seen {
    /// Everything it ran.
    Complete(Execution),
    /// It was stopped (a time or process limit); these commands ran before.
    Partial(Execution),
    /// Nothing can be said.
    Unknown(GroundError),
}

impl Seen {
    /// The records, complete or not.
    #[must_use]
    pub fn execution(&self) -> Option<&Execution> {
        match self {
            Self::Complete(execution) | Self::Partial(execution) => Some(execution),
            Self::Unknown(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    /// AUDIT-17: the programs a case names get stubs, present or not.
    #[test]
    fn audit_17_programs_named_include_the_payloads_and_runners() {
        let names = super::programs_named();
        for name in ["sudo", "git", "busybox", "php", "find", "taskset"] {
            assert!(names.iter().any(|n| n == name), "{name}: {names:?}");
        }
        assert!(names.iter().all(|n| !n.contains('«') && !n.contains('/')));
    }
}

/// Every program a case can name (`AUDIT-17`): the calibrated payloads' and
/// options' programs, the first word of every family form and of every
/// program that runs its arguments, and the published corpus's payloads. Each gets a stub in the sandbox whether
/// the audit machine has it or not, so a witness through `sudo`, `php` or
/// `busybox` is found on a machine without them, as it would run on a
/// user's machine with them.
#[must_use]
pub fn programs_named() -> Vec<String> {
    let mut texts: Vec<&str> = super::calibrate::PAYLOADS.to_vec();
    texts.extend(super::calibrate::FLAGS.iter().map(|&(base, _, _)| base));
    texts.extend(crate::gen::families::RUNNING_PROGRAMS.iter().copied());
    for family in crate::gen::families() {
        texts.extend(family.forms.iter().copied());
    }
    // The published corpus's payloads (`AUDIT-18`): `pnpm`, `tee`, ….
    let published = super::corpus::parse(super::corpus::PUBLISHED).unwrap_or_default();
    texts.extend(published.iter().map(|e| e.payload.as_str()));
    let mut names: Vec<String> = texts
        .iter()
        .filter_map(|text| text.split([' ', '\n', ';']).next())
        .filter(|name| {
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '+'))
                && name.starts_with(|c: char| c.is_ascii_alphabetic())
        })
        .map(str::to_owned)
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The oracle and how many threads share it.
#[derive(Debug)]
pub struct Bash {
    oracle: Oracle,
    threads: usize,
}

impl Bash {
    /// Sets up the oracle with a short time limit (an audit runs many
    /// commands; one that loops is unknown either way); `real`: the real
    /// mode (`INV-GROUND-10`, `AUDIT-19`), whose programs take longer.
    ///
    /// # Errors
    /// No bash, `bwrap` or `sh`, or the sandbox does not start.
    pub fn new(threads: usize, real: bool) -> Result<Self, GroundError> {
        let limit = if real { 10_000 } else { 1000 };
        let config = Config {
            time_limit: std::time::Duration::from_millis(limit),
            extra_programs: programs_named(),
            real,
            ..Config::default()
        };
        Ok(Self {
            oracle: Oracle::new(config)?,
            threads: threads.max(1),
        })
    }

    /// What bash runs for each command, in order.
    #[must_use]
    pub fn run(&self, commands: &[String]) -> Vec<Seen> {
        let chunk = commands.len().div_ceil(self.threads).max(1);
        std::thread::scope(|scope| {
            let workers: Vec<_> = commands
                .chunks(chunk)
                .map(|part| {
                    let handle = scope.spawn(move || {
                        let texts: Vec<&str> = part.iter().map(String::as_str).collect();
                        self.oracle
                            .attempt_batch(&texts)
                            .into_iter()
                            .map(|attempt| match (attempt.result, attempt.recorded) {
                                (Ok(execution), _) => Seen::Complete(execution),
                                (Err(_), Some(recorded)) => Seen::Partial(recorded),
                                (Err(error), None) => Seen::Unknown(error),
                            })
                            .collect::<Vec<_>>()
                    });
                    (part.len(), handle)
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|(len, worker)| {
                    worker.join().unwrap_or_else(|_| {
                        let lost = GroundError::Start("an oracle thread panicked".to_owned());
                        vec![Seen::Unknown(lost); len]
                    })
                })
                .collect()
        })
    }
}
