//! The crate's integration tests, as one test binary (the layout of
//! `regex-automata/tests`): a module per chapter of `spec/SPEC.md`, plus one
//! `support` module of shared fixtures. One binary links tree-sitter,
//! fancy-regex and serde once instead of once per file.
//!
//! Run one chapter with a filter, e.g. `cargo test --all-features --test it policy::`.

mod support;

mod recognize; // chapter 3: wrapper grammars
mod strip; // chapter 4: locating and stripping the wrapper
mod authorize; // chapter 5: decision procedure and events
mod invariants; // chapter 6: verdicts, the query, fail-closed invariants
mod ground; // chapter 6.2: INV-GROUND, what bash really runs (feature `ground`)
mod soundness; // chapter 6.3: generated pairs, every allow run in bash (features `ground`, `arbitrary`)
mod policy; // chapter 7: the reference bash policy
mod pipeline; // chapter 8: gate, then authorizer
mod protocol; // chapter 9: the oracle protocol
mod conform; // chapter 10: conformance vectors and the runner
mod gen; // chapter 11: generators and the fuzz corpus
mod hardened; // chapter 12: the hardened profile

mod spec_clauses; // every clause cited, every citation a clause
