//! Shared fixtures of the integration tests.
//!
//! - `authorize`: prompt details, a stub policy that records its calls, sessions;
//! - `properties`: the runner configuration and helpers of the generated-case properties;
//! - `findings`, `oracle`, `wire`: the differential comparison with
//!   the deployed npm package (its findings, adapter client,
//!   and wire forms);
//! - `corpus`, `schema`: reading the conformance vectors; the spec's JSON Schemas.

pub mod authorize;
pub mod corpus;
pub mod findings;
#[cfg(any(feature = "proptest", feature = "arbitrary", feature = "quickcheck"))]
#[cfg(any(feature = "proptest", feature = "arbitrary", feature = "quickcheck"))]
pub mod oracle;
#[cfg(feature = "proptest")]
pub mod properties;
pub mod schema;
#[cfg(any(feature = "proptest", feature = "arbitrary", feature = "quickcheck"))]
pub mod wire;
