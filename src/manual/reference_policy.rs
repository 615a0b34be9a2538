//! # Why the reference policy reproduces known fail-open behaviour
//!
//! The inner-cmd authorizer re-asks a deterministic policy. Its safety
//! depends on what that policy answers, so the crate ships a model of the
//! deployed one (`@gotgenes/pi-permission-system`) instead of an idealized
//! policy. A model that silently fixed the deployed policy's weaknesses would
//! make the authorizer look safer than the system it is deployed in.
//!
//! The model therefore reproduces the real answers, including the ones that
//! fail open (a tab instead of a space slipping past `rm *`, brace groups never
//! entered, comment stripping that is purely textual). Each such behaviour is
//! recorded in `spec/findings.md` with a minimal command and why it is unsafe,
//! and each is a conformance vector: when the package fixes one, the parity
//! test reports a divergence and the finding can be retired deliberately.
//!
//! Where the model must differ from the package, it differs only in ways
//! that cannot change an answer (the matcher is linear where the package
//! backtracks) or that are listed, with a reason, in `spec/divergences.md`.
