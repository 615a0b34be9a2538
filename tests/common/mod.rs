//! Shared support for the tests that compare the crate with the deployed npm
//! package: the adapter client, the seeded case generator, the findings table
//! and the known-divergence classifiers.
//!
//! Each integration test compiles this module separately and uses only part of
//! it, hence the `dead_code` allowance.
#![allow(dead_code)]

pub mod findings;
pub mod gen;
pub mod known;
pub mod oracle;
pub mod wire;
