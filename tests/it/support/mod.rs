//! Shared fixtures of the integration tests.
//!
//! - `authorize`: prompt details, a stub policy that records its calls, sessions;
//! - `claims`: a finding's witnesses run in bash and claimed by its classifier;
//! - `properties`: the runner configuration and helpers of the generated-case properties;
//! - `findings`, `oracle`, `wire`: the differential comparison with
//!   the deployed npm package (its findings, adapter client,
//!   and wire forms);
//! - `corpus`, `schema`: reading the conformance vectors; the spec's JSON Schemas;
//! - [`policy`]: a policy from `(pattern, state)` rows, the tables' usual form;
//!   [`allow_all`]: the one rule `* allow`;
//!   [`example_policy`]: the built-in example policy with its fallback.

pub mod authorize;
#[cfg(all(feature = "ground", feature = "arbitrary"))]
pub mod claims;
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

use inner_cmd_spec::policy::{config, Policy, Rule};
use inner_cmd_spec::verdict::PermissionState::{self, Allow};

/// The rules of `(pattern, state)` rows, in order.
pub fn rules(rows: &[(&str, PermissionState)]) -> Vec<Rule> {
    rows.iter()
        .map(|&(pattern, state)| Rule {
            pattern: pattern.to_owned(),
            state,
        })
        .collect()
}

/// A policy of `(pattern, state)` rows with home directory `home`.
pub fn policy(rows: &[(&str, PermissionState)], home: &str) -> Policy {
    Policy::new(rules(rows), home)
}

/// The one-rule policy `* allow` with home directory `home`.
pub fn allow_all(home: &str) -> Policy {
    policy(&[("*", Allow)], home)
}

/// The built-in example policy (its rules and its `"*"` fallback) with home directory `home`.
pub fn example_policy(home: &str) -> Policy {
    Policy::from_config(config::example_policy().unwrap(), home)
}
