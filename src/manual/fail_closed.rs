//! # Fail closed: the invariants and where they are checked
//!
//! The authorizer can only make things *quieter*: an `allow` removes a human
//! from the loop. Every invariant below is therefore about `allow` and `deny`
//! being earned, never about `defer` being avoided.
//!
//! 1. **Allow is earned.** An `allow` follows exactly one policy query, on the
//!    full command with the one located occurrence of the wrapper unit replaced
//!    by its inner command, and that query answered `allow`.
//! 2. **Deny is earned.** A `deny` follows exactly one such query that
//!    answered `deny`.
//! 3. **No query without a located, recognized, non-nested wrapper.** Forwarded,
//!    aliased, mismatched, malformed, nested, unsupported and non-unique inputs
//!    never reach the policy.
//! 4. **Siblings survive.** The queried value contains every byte of the full
//!    command outside the replaced occurrence, so every sibling command is
//!    judged again.
//! 5. **Total.** Every input, including malformed JSON shapes and adversarial
//!    strings, yields a verdict; nothing panics.
//!
//! Each invariant is a function in [`crate::invariants`]. The same functions
//! are called by the property tests over generated cases, by the fuzz targets,
//! and by the corpus replay test, so a violation found by any of them is the
//! same violation.
