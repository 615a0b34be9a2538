//! The conformance runner (spec chapter 10, `CONF-RUN-*`).
//!
//! `inner-cmd conform --impl '<command>'` starts another implementation as a
//! protocol server (`crate::protocol`), sends it every vector of
//! `spec/vectors/`, and reports which answers differ from the spec's.
//!
//! The pieces are separate so that an in-process test can reuse them:
//! [`load_vectors`] reads vector files, [`compare()`](compare::compare) decides whether one
//! response satisfies one expectation, [`select`] chooses cases, and
//! [`run`] drives a process.

pub mod compare;
pub mod process;
pub mod runner;
pub mod select;
pub mod vectors;

pub use compare::{compare, Mismatch};
pub use process::{split_command_line, Implementation, ProcessError};
pub use runner::{run, CaseReport, Report, RunOptions, Status};
pub use select::{glob_match, parse_skip_file, SkipFileError, SkipRule};
pub use vectors::{
    load_file, load_vectors, Case, Latitude, LoadError, TestGroup, VectorFile, VectorTest,
};
