//! # inner-cmd-spec
//!
//! The executable reference specification of *wrapper-aware command
//! authorization* for coding agents. Each module implements one chapter of
//! `spec/SPEC.md`, and each clause of the spec is cited by a test.
//!
//! ## The decision
//!
//! A permission gate matches every unit of a bash command against the user's
//! wildcard rules. A transparent wrapper such as `timeout 30s pnpm test` or
//! `time pnpm build` makes the unit match no allow rule, so the gate would ask
//! a human. The *inner-cmd authorizer* ([`authorize::authorize`]) removes that
//! friction without opening a hole:
//!
//! 1. It only acts on well-formed, non-forwarded bash prompts of the live
//!    session ([`payload`], chapter 2).
//! 2. It recognizes the triggering unit with the exact ECMAScript grammar of
//!    the wrapper ([`recognize`], chapter 3) and refuses nested wrappers.
//! 3. It strips that one unit from the **full** command, located exactly
//!    once ([`strip`], chapter 4), so that sibling commands (`git push`,
//!    `rm -rf`) are still in what gets judged.
//! 4. It asks the deterministic policy once about the de-wrapped full command
//!    ([`query::PermissionQuery`]) and allows or denies only on that answer;
//!    everything else — `ask`, errors, `env`, `xargs`, unknown syntax —
//!    *defers* to the next authority ([`verdict::Verdict::Defer`]).
//!
//! Every decision carries at most one log event ([`events`]) and the queries it
//! made, and satisfies the fail-closed invariants of [`invariants`].
//!
//! ## Example
//!
//! ```
//! use inner_cmd_spec::authorize::{authorize, FixedSession};
//! use inner_cmd_spec::query::{FnQuery, QueryError};
//! use inner_cmd_spec::verdict::{PermissionState, Verdict};
//! use serde_json::json;
//!
//! // The gate asked because of the unit `timeout 30s pnpm test`.
//! let details = json!({
//!     "requestId": "req-1",
//!     "agentName": null,
//!     "toolName": "bash",
//!     "payload": {
//!         "kind": "bash",
//!         "request": {
//!             "requester": { "forwarded": false },
//!             "surface": "bash",
//!             "toolName": "bash",
//!             "invokedToolName": null,
//!             "value": "timeout 30s pnpm test"
//!         },
//!         "evidence": [
//!             { "label": "full command", "text": "cd app && timeout 30s pnpm test", "detail": null }
//!         ]
//!     }
//! });
//!
//! // A policy that allows exactly `cd app && pnpm test`.
//! let policy = FnQuery(|_surface: &str, value: &str, _agent: Option<&str>| {
//!     Ok::<_, QueryError>(if value == "cd app && pnpm test" {
//!         PermissionState::Allow
//!     } else {
//!         PermissionState::Ask
//!     })
//! });
//!
//! let decision = authorize(&details, &FixedSession::matching("session-1"), &policy);
//! assert_eq!(decision.verdict, Verdict::Allow);
//! assert_eq!(decision.queries[0].value, "cd app && pnpm test");
//! assert_eq!(decision.events[0].name(), "inner_cmd.allow");
//! ```
//!
//! ## End to end with the reference policy
//!
//! [`policy::Policy`] is the crate's model of the deployed bash policy; the
//! [`pipeline`] runs its gate and, on `ask`, the authorizer with that same
//! policy as the query, as the deployed system does.
//!
//! ```
//! use inner_cmd_spec::pipeline::{decide, Options};
//! use inner_cmd_spec::policy::{Policy, Rule};
//! use inner_cmd_spec::verdict::PermissionState::{self, Allow, Ask, Deny};
//!
//! let rule = |pattern: &str, state: PermissionState| Rule { pattern: pattern.into(), state };
//! let policy = Policy::new(
//!     vec![rule("*", Ask), rule("cd *", Allow), rule("pnpm install *", Allow),
//!          rule("tail *", Allow), rule("echo *", Allow), rule("rm -rf *", Deny)],
//!     "/home/agent",
//! );
//!
//! // The wrapper alone made the gate ask; the authorizer unwraps it.
//! let run = "cd /repo && timeout 240 pnpm install 2>&1 | tail -30; echo EXIT";
//! assert_eq!(decide(&policy, run, &Options::default()).outcome, Allow);
//!
//! // A sibling is judged again: the unwrap cannot launder `git push`.
//! let push = "timeout 240 pnpm install && git push";
//! assert_eq!(decide(&policy, push, &Options::default()).outcome, Ask);
//!
//! // Non-transparent wrappers always go to the human.
//! let env = "env LD_PRELOAD=x.so pnpm install";
//! assert_eq!(decide(&policy, env, &Options::default()).outcome, Ask);
//! ```
//!
//! ### A policy from a config file
//!
//! Policies are usually the deployed package's `config.json`
//! ([`policy::config`], `POL-CONFIG-*`). [`policy::Policy::load`] reads the
//! package's file search (and an explicit file) in one call and
//! [`policy::Policy::from_config`] builds a policy from a parsed text; both
//! keep the config's top-level `"*"` as the fallback (`POL-CONFIG-10`):
//!
//! ```
//! use inner_cmd_spec::pipeline::{decide, Options};
//! use inner_cmd_spec::policy::{config, Policy};
//! use inner_cmd_spec::verdict::PermissionState::{Allow, Ask, Deny};
//!
//! let text = r#"{
//!     // Anything not listed is denied.
//!     "permission": {
//!         "*": "deny",
//!         "bash": { "git *": "ask", "git status *": "allow", "cargo test *": "allow" }
//!     }
//! }"#;
//! let home = "/home/agent";
//! let policy = Policy::from_config(config::parse_policy(text, "config.json", home)?, home);
//!
//! assert_eq!(decide(&policy, "git status", &Options::default()).outcome, Allow);
//! assert_eq!(decide(&policy, "git push", &Options::default()).outcome, Ask);
//! // The fallback: no rule matches `make`.
//! assert_eq!(decide(&policy, "make", &Options::default()).outcome, Deny);
//! // Only an `ask` reaches the authorizer: with a `deny` fallback, the gate
//! // denies the wrapped `timeout 60 cargo test` before it could be unwrapped.
//! assert_eq!(decide(&policy, "timeout 60 cargo test", &Options::default()).outcome, Deny);
//!
//! // The package's search: global, then project config (none here), then the explicit file.
//! let searched = Policy::load("/nonexistent-home", None, None)?;
//! assert!(searched.rules().is_empty());
//! # Ok::<(), inner_cmd_spec::policy::config::ConfigError>(())
//! ```
//!
//! ### The hardened profile
//!
//! [`hardened::Profile::Hardened`] (spec chapter 12) runs the same pipeline
//! with the deployed system's fail-opens closed: every command bash would run
//! is judged, wherever it hides.
//!
//! ```
//! use inner_cmd_spec::hardened::Profile;
//! use inner_cmd_spec::pipeline::{decide_profiled, Options};
//! use inner_cmd_spec::policy::{Policy, Rule};
//! use inner_cmd_spec::verdict::PermissionState::{self, Allow, Deny};
//!
//! let rule = |pattern: &str, state: PermissionState| Rule { pattern: pattern.into(), state };
//! let policy = Policy::new(vec![rule("*", Allow), rule("rm *", Deny)], "/home/agent");
//! let options = Options::default();
//! let outcome = |command: &str, profile| decide_profiled(&policy, command, &options, profile).outcome;
//!
//! // spec/findings.md F-3 and F-11: bash runs `rm` in each, yet the deployed
//! // policy sees a unit `rm *` does not match: a compound statement, a quoted name.
//! for command in ["{ rm -rf x; }", "\"rm\" -rf x"] {
//!     assert_eq!(outcome(command, Profile::Deployed), Allow, "{command}");
//!     assert_eq!(outcome(command, Profile::Hardened), Deny, "{command}");
//! }
//! assert_eq!(outcome("ls -la", Profile::Hardened), Allow);
//! ```
//!
//! ## Syntax
//!
//! ### Wrapper grammars (chapter 3)
//!
//! Two transparent wrappers are recognized, by ECMAScript regular expressions
//! without flags; `.` and `\s` have their ECMAScript meaning ([`ecma`]):
//!
//! | wrapper | grammar | recognized | not recognized |
//! |---|---|---|---|
//! | `timeout` | `^timeout[ \t]+([1-9][0-9]*(?:\.[0-9]+)?[smhd]?)[ \t]+(.+)$` | `timeout 240 x`, `timeout 1.5h x` | `timeout 0 x`, `timeout 05 x`, `timeout 10ms x`, `timeout -k 5 10 x` |
//! | `time` | `^time[ \t]+(?![-\s])(.+)$` | `time pnpm build` | `time -p ls`, `time -- ls`, bare `time` |
//!
//! A unit that starts with the wrapper's word but does not match its grammar
//! defers with `inner_cmd.unsupported_wrapper_syntax`; `/usr/bin/time x` is
//! nobody's and defers silently.
//!
//! ### Wildcard patterns (chapter 7)
//!
//! | syntax | meaning |
//! |---|---|
//! | `*` | any sequence of characters, newlines included |
//! | `?` | exactly one UTF-16 code unit (an emoji needs `??`) |
//! | trailing ` *` | optional: `git *` matches `git` and `git status`, not `github` |
//! | `~`, `~/…`, `$HOME`, `$HOME/…` | the home directory, joined like Node's `path.join` |
//! | anything else | itself, literally (`.`, `+`, `(`, `\` are not special) |
//!
//! A pattern must match the whole value; the **last** matching rule wins; no
//! match gives the policy's fallback (`ask` unless the config says otherwise).
//!
//! ## Cargo features
//!
//! | feature | adds |
//! |---|---|
//! | `cli` (default) | the `inner-cmd` binary's argument parser (`clap`) |
//! | `gen` | the deterministic generators (module `gen`): cases and the families of bash constructs |
//! | `proptest` | `gen` strategies for adversarial cases (implies `gen`) |
//! | `arbitrary` | `Arbitrary` cases for libFuzzer, and the `authorize` check of `fuzzing` |
//! | `quickcheck` | `quickcheck::Arbitrary` cases |
//! | `fuzzing` | the checks the cargo-fuzz targets run (module `fuzzing`) |
//! | `ground` | the execution oracle `ground` (runs commands in bash in a sandbox, bubblewrap or `unshare`, Linux) and `invariants::check_ground` |
//!
//! Only `cli` is on by default, for the binary; the library needs none of
//! them. The evaluator itself (chapters 1-6: [`ecma`], [`payload`],
//! [`recognize`], [`strip`], [`authorize`], [`events`], [`verdict`],
//! [`query`] and the invariants `INV-1`..`INV-8`) is the crate
//! `inner-cmd-core`, which needs only `serde` and `serde_json`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
// Untrusted input must never reach a panic: no unwrap/expect in library code (tests may).
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)
)]

// The evaluator (chapters 1-6) is the crate `inner-cmd-core`, under its old paths.
#[doc(inline)]
pub use inner_cmd_core::{authorize, ecma, events, payload, query, strip, verdict};

/// Wrapper grammars (spec chapter 3, `WRAP-*`): `inner-cmd-core`'s
/// recognizers, and their audit twin [`recognize::transcription`].
pub mod recognize {
    #[doc(inline)]
    pub use inner_cmd_core::recognize::*;
    // The grammars as literal ECMAScript regular expressions: fancy-regex stays
    // out of the core, the tests and the `recognize_diff` fuzz target compare the two.
    pub mod transcription;
}

pub mod policy;
// Chapter 12: the deployed rules plus the clauses that close the findings.
pub mod hardened;

pub mod conform;
// Chapter 14: the pipeline in front of an agent's shell tool, in its hook protocol.
pub mod hook;
pub mod pipeline;
pub mod protocol;
mod shell_quote;
pub mod trace;

#[cfg(feature = "gen")]
pub mod gen;
pub mod invariants;
// Classifiers of spec/findings.md (INV-KNOWN-*): tooling over the invariants.
pub mod findings;

// The execution oracle: ground truth from GNU bash (chapter 6, INV-GROUND).
#[cfg(feature = "ground")]
pub mod ground;
#[cfg(all(feature = "ground", feature = "gen"))]
pub mod soundness;

pub mod manual;

// Chapter 13: auditing a third-party permission layer against GNU bash.
#[cfg(feature = "audit")]
pub mod audit;

// Test support at the top of the layering: fuzz-target checks (fuzz/, tests/it/gen/fuzz_replay.rs).
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
