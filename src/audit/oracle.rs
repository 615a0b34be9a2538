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

/// The oracle and how many threads share it.
#[derive(Debug)]
pub struct Bash {
    oracle: Oracle,
    threads: usize,
}

impl Bash {
    /// Sets up the oracle with a short time limit (an audit runs many
    /// commands; one that loops is unknown either way).
    ///
    /// # Errors
    /// No bash, `bwrap` or `sh`, or the sandbox does not start.
    pub fn new(threads: usize) -> Result<Self, GroundError> {
        let config = Config {
            time_limit: std::time::Duration::from_millis(1000),
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
