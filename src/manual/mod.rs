//! The rationale manual: why the specification says what it says.
//!
//! These modules contain no code. They are the long-form reasoning behind the
//! clauses of `spec/SPEC.md`, kept beside the code so that `cargo doc` shows
//! them next to the items they justify.
//!
//! - [`transparency`]: which wrappers may be removed, and why only those.
//! - [`ecmascript`]: why the crate re-implements ECMAScript string meaning.
//! - [`fail_closed`]: the invariants, and how each one is checked.
//! - [`reference_policy`]: why the crate models the deployed policy,
//!   including its fail-open quirks, instead of fixing them.

pub mod ecmascript;
pub mod fail_closed;
pub mod reference_policy;
pub mod transparency;
