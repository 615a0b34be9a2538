//! One `inner-cmd audit` invocation, so the binary only maps its arguments
//! (`AUDIT-8`, `AUDIT-10`, `AUDIT-11`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::layer::Context;
use super::markdown::markdown;
use super::report::{merge, Report};
use super::run::{audit, replay_with, Budget, Settings, Shard};
use super::AuditError;

/// What the command line asked for.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Invocation {
    /// `--impl`.
    pub layer: Option<String>,
    /// `--seed`.
    pub seed: u64,
    /// `--minutes`.
    pub minutes: Option<f64>,
    /// `--cases`.
    pub cases: Option<u64>,
    /// `--shard K/N`.
    pub shard: String,
    /// `--replay FILE`.
    pub replay: Option<PathBuf>,
    /// `--merge FILES…`.
    pub merge: Vec<PathBuf>,
    /// `--json FILE`.
    pub json: Option<PathBuf>,
    /// `--markdown FILE`.
    pub markdown: Option<PathBuf>,
    /// `--cwd DIR`: the layer's working directory (`AUDIT-13`).
    pub cwd: Option<PathBuf>,
    /// `--env NAME=VALUE`, repeated: the layer's environment (`AUDIT-13`).
    pub env: Vec<String>,
    /// `--quiet`: no progress on standard error (`AUDIT-14`).
    pub quiet: bool,
    /// `--corpus NAME|FILE`: run a corpus of published bypasses (`AUDIT-18`).
    pub corpus: Option<String>,
    /// `--real`: every approved case run with the real programs (`AUDIT-19`).
    pub real: bool,
}

/// Runs the invocation, writes the files it names, and answers the
/// Markdown report and the exit status (0 no witness, 1 witnesses).
///
/// # Errors
/// Anything that makes the audit impossible (exit 2).
pub fn invoke(how: &Invocation) -> Result<(String, u8), AuditError> {
    let report = if how.merge.is_empty() {
        let layer = how
            .layer
            .as_deref()
            .ok_or_else(|| AuditError::Settings("--impl is required".to_owned()))?;
        let mut settings = Settings::new(layer);
        settings.context = Context {
            cwd: how.cwd.clone(),
            env: how
                .env
                .iter()
                .map(|e| Context::parse_env(e))
                .collect::<Result<_, _>>()?,
        };
        settings.progress = !how.quiet;
        settings.real = how.real;
        match (&how.replay, &how.corpus) {
            (Some(path), _) => replay_with(&settings, &read(path)?)?,
            (None, Some(name)) => {
                let entries = super::corpus::load(name)?;
                super::corpus::audit_corpus(&settings, name, &entries)?
            }
            (None, None) => {
                settings.seed = how.seed;
                settings.shard = Shard::parse(&how.shard)?;
                settings.budget = match (how.minutes, how.cases) {
                    (Some(minutes), _) => {
                        Budget::Time(Duration::try_from_secs_f64(minutes * 60.0).map_err(|_| {
                            AuditError::Settings(format!("--minutes {minutes} is not a duration"))
                        })?)
                    }
                    (None, Some(cases)) => Budget::Cases(cases),
                    (None, None) => Budget::Cases(200),
                };
                audit(&settings)?
            }
        }
    } else {
        merge(
            how.merge
                .iter()
                .map(|p| read(p))
                .collect::<Result<_, _>>()?,
        )?
    };
    let text = markdown(&report);
    if let Some(path) = &how.json {
        let json =
            serde_json::to_string_pretty(&report).map_err(|e| AuditError::Report(e.to_string()))?;
        write(path, &(json + "\n"))?;
    }
    if let Some(path) = &how.markdown {
        write(path, &text)?;
    }
    Ok((text, super::exit_status(&report)))
}

fn read(path: &Path) -> Result<Report, AuditError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| AuditError::Report(format!("{}: {e}", path.display())))?;
    serde_json::from_str(&text).map_err(|e| AuditError::Report(format!("{}: {e}", path.display())))
}

fn write(path: &Path, text: &str) -> Result<(), AuditError> {
    std::fs::write(path, text).map_err(|e| AuditError::Report(format!("{}: {e}", path.display())))
}
