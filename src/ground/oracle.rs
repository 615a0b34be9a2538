//! The oracle: a prepared sandbox and the resident sandboxes it keeps for
//! the next session (`INV-GROUND-3`).

use super::answer::Attempt;
use super::backend::FIX;
use super::sandbox::Sandbox;
use super::session::{Pool, Session};
use super::{Config, Execution, GroundError};

/// The execution oracle: a configured sandbox, reused for every run (`INV-GROUND-*`).
#[derive(Debug)]
pub struct Oracle {
    sandbox: Sandbox,
    /// Resident sandboxes not in use, for the next [`Oracle::session`].
    idle: Pool,
}

impl Oracle {
    /// Finds bash, `sh` and the sandbox's tools (bubblewrap, or util-linux
    /// `unshare`: [`Config::backend`]), builds the stub directory, and runs
    /// `true` once to prove the sandbox starts (that sandbox is kept for the
    /// next command).
    ///
    /// # Errors
    /// [`GroundError::Setup`] when a tool is missing or the sandbox cannot
    /// start, with the whole reason (the sandbox's own message and status).
    pub fn new(config: Config) -> Result<Self, GroundError> {
        let oracle = Self {
            sandbox: Sandbox::prepare(config)?,
            idle: Pool::default(),
        };
        match oracle.run("true") {
            Ok(_) => {}
            Err(error) => {
                return Err(GroundError::Setup(format!(
                    "the {} sandbox does not work ({error}): {FIX}",
                    oracle.sandbox.backend_name()
                )))
            }
        }
        if oracle.config().real {
            oracle.check_recorder()?;
        }
        Ok(oracle)
    }

    /// The real mode's recorder, checked once by running a program whose
    /// exec and opens it must record (`INV-GROUND-10`): a recorder that
    /// records wrongly is not used.
    fn check_recorder(&self) -> Result<(), GroundError> {
        let execution = self.run("/bin/true; : </dev/null").map_err(|error| {
            GroundError::Setup(format!("the real mode's recorder does not work: {error}"))
        })?;
        let exec = execution
            .programs
            .iter()
            .find(|p| p.argv == ["/bin/true"] && p.machinery.is_none());
        match exec {
            Some(program) if program.program.ends_with("true") => Ok(()),
            _ => Err(GroundError::Setup(format!(
                "the real mode's recorder did not record /bin/true: {:?}",
                execution.programs
            ))),
        }
    }

    /// The configuration it was built with.
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.sandbox.config
    }

    /// The sandbox backend in use: `bwrap` or `unshare`.
    #[must_use]
    pub fn backend(&self) -> &'static str {
        self.sandbox.backend_name()
    }

    /// A session: a resident sandbox that answers commands one at a time
    /// (an idle one of this oracle's, or a new one started on first use).
    #[must_use]
    pub fn session(&self) -> Session<'_> {
        Session::new(&self.sandbox, &self.idle)
    }

    /// Runs one command (`INV-GROUND-1`) in a fresh bash, in a resident
    /// sandbox of this oracle's ([`Oracle::session`]).
    ///
    /// # Errors
    /// A [`GroundError`]: what ran is unknown.
    pub fn run(&self, command: &str) -> Result<Execution, GroundError> {
        self.attempt(command).result
    }

    /// [`Oracle::run`], keeping what was recorded of a command whose answer
    /// is unknown (`INV-GROUND-3`).
    #[must_use]
    pub fn attempt(&self, command: &str) -> Attempt {
        self.session().attempt(command)
    }

    /// Runs each command in a fresh bash, one after the other, in one
    /// session; the answers are in the order of `commands`.
    #[must_use]
    pub fn run_batch(&self, commands: &[&str]) -> Vec<Result<Execution, GroundError>> {
        self.attempt_batch(commands)
            .into_iter()
            .map(|attempt| attempt.result)
            .collect()
    }

    /// [`Oracle::run_batch`], keeping what was recorded of a command whose
    /// answer is unknown (`INV-GROUND-3`).
    #[must_use]
    pub fn attempt_batch(&self, commands: &[&str]) -> Vec<Attempt> {
        self.session().attempt_all(commands)
    }
}
