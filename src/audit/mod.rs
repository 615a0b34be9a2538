//! Auditing a permission layer against what GNU bash runs (spec chapter 13,
//! `AUDIT-*`; feature `audit`).
//!
//! A *layer* is any program that decides whether an agent's bash command
//! runs without asking a human: safe-chains, Gemini CLI's policy engine,
//! this crate's own pipeline. It speaks the audit protocol
//! ([`layer`], `spec/schema/audit.schema.json`). The audit knows none of its
//! rules; it checks one rule-free property:
//!
//! > when the layer approves a command, every simple command bash executes
//! > for it is one the layer approves on its own.
//!
//! A command for which that fails is a *witness*: the layer let bash run
//! something it would not have let through by name.
//!
//! The steps, each in its module: [`calibrate`] (which harmless bases the
//! layer approves, which payloads it refuses), [`generate`] (the generator
//! families of chapter 11 that hide a payload from a reader of the words), [`oracle`] (the
//! execution oracle of chapter 6.2, on both cores), [`property`] (the
//! witness, and the false-alarm classes set apart), [`minimize`], [`run`]
//! (shards, confirmation, replay) and [`report`] (JSON, Markdown, merge).

pub mod calibrate;
pub mod causes;
pub mod check;
pub mod construct;
pub mod corpus;
pub mod generate;
pub mod invoke;
pub mod layer;
pub mod markdown;
pub mod minimize;
pub mod oracle;
pub mod progress;
pub mod property;
pub mod report;
pub mod run;

pub use layer::Context;
pub use markdown::markdown;
pub use report::{merge, Report, Witness};
pub use run::{audit, replay, replay_with, Budget, Settings, Shard};

use crate::ground::GroundError;

/// Why an audit could not be done (exit status 2, `AUDIT-10`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum AuditError {
    /// The layer could not be started or broke the protocol.
    Layer(String),
    /// The execution oracle could not be set up.
    Oracle(GroundError),
    /// A report could not be read, written or merged.
    Report(String),
    /// The settings do not make an audit.
    Settings(String),
}

impl std::fmt::Display for AuditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Layer(why) => write!(f, "the layer: {why}"),
            Self::Oracle(why) => write!(f, "the execution oracle: {why}"),
            Self::Report(why) => write!(f, "the report: {why}"),
            Self::Settings(why) => write!(f, "the settings: {why}"),
        }
    }
}

impl std::error::Error for AuditError {}

/// Exit status of an audit (`AUDIT-10`): 0 no witness, 1 witnesses.
#[must_use]
pub fn exit_status(report: &Report) -> u8 {
    u8::from(!report.witnesses.is_empty())
}
