//! The crate's integration tests, as one test binary (the layout of
//! `regex-automata/tests`): a module per chapter of `spec/SPEC.md`, plus one
//! `support` module of shared fixtures. One binary links tree-sitter,
//! fancy-regex and serde once instead of once per file.
//!
//! Run one chapter with a filter, e.g. `cargo test --all-features --test it policy::`.

mod support;

// chapter 3: wrapper grammars
mod recognize;

// chapter 4: locating and stripping the wrapper
mod strip;

// chapter 5: decision procedure and events
mod authorize;

// chapter 6: verdicts, the query, fail-closed invariants
mod invariants;

// chapter 6.2: INV-GROUND, what bash really runs (feature `ground`)
mod ground;

// chapter 6.3: generated pairs, every allow run in bash (features `ground`, `arbitrary`)
mod soundness;

// chapter 11.3: the soundness run drawing from the families (features `ground`, `arbitrary`)
mod soundness_families;

// chapter 7: the reference bash policy
mod policy;

// chapter 8: gate, then authorizer; 8.1: the command line
mod pipeline;
mod pipeline_cli;

// chapter 9: the oracle protocol
mod protocol;

// chapter 10: conformance vectors and the runner
mod conform;

// chapter 11: generators and the fuzz corpus
mod gen;

// chapter 12: the hardened profile
mod hardened;

// chapter 13: auditing a permission layer (feature `audit`)
mod audit;

// chapter 14: the hook, the pipeline in front of an agent's shell tool
mod hook;

// every clause cited, every citation a clause
mod spec_clauses;
