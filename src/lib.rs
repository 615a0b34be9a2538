//! # inner-cmd-spec
//!
//! TODO: crate docs (issue 2).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod ecma;
pub mod verdict;
pub mod query;

pub mod events;
pub mod payload;
pub mod recognize;
pub mod strip;
pub mod authorize;

pub mod policy;

pub mod pipeline;
pub mod protocol;
pub mod conform;

pub mod invariants;
#[cfg(any(feature = "proptest", feature = "arbitrary", feature = "quickcheck"))]
pub mod gen;

pub mod manual;
