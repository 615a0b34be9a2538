//! The conformance runner (spec chapter 10, `CONF-RUN-*`).
//!
//! `inner-cmd conform --impl '<command>'` starts another implementation as a
//! protocol server (`crate::protocol`), sends it every vector of
//! `spec/vectors/` (built in, [`builtin_vectors`], or a `--vectors` directory), and reports which answers differ from the spec's.
//!
//! The pieces are separate so that an in-process test can reuse them:
//! [`load_vectors`] reads vector files, [`compare()`](compare::compare) decides whether one
//! response satisfies one expectation, [`select`] chooses cases, and
//! [`run`] drives a process, [`Report`] counts and renders what it found,
//! and [`junit`] writes it for CI systems.

pub mod brief;
pub mod builtin;
pub mod child;
pub mod compare;
#[cfg(feature = "proptest")]
pub mod fuzz;
pub mod junit;
pub mod process;
pub mod report;
pub mod runner;
pub mod select;
pub mod vectors;

pub use builtin::builtin_vectors;
pub use compare::{compare, Mismatch};
pub use process::{split_command_line, Implementation, ProcessError};
pub use report::{CaseReport, Counts, Report, Status};
pub use runner::{run, RunOptions};
pub use select::{glob_match, parse_chapters, parse_skip_file, SkipFileError, SkipRule};
pub use vectors::{
    load_file, load_vectors, parse_file, Case, Latitude, LoadError, TestGroup, VectorFile,
    VectorTest,
};
