//! Built policies kept between requests of one server (`PROTO-14`).
//!
//! Building a policy compiles every rule and the rule-set engine's automata
//! (`POL-MATCH-9`); a client usually sends the same rules with every
//! `check`, `advisory`, `authorize` or `decide`, so the server keeps the last
//! few it built, keyed by the policy member's JSON text and the home
//! directory, which are everything a built policy depends on (`PROTO-6`). A
//! policy is a pure function of its key, so a cached answer is the answer.
//! Keys are texts, not JSON values: two spellings of one policy are two
//! entries, and a policy object's member order, which orders its rules (last
//! match wins) though JSON maps ignore it, is part of the key.

use std::collections::VecDeque;
use std::sync::Arc;

use crate::policy::Policy;

/// At most this many built policies are kept (`PROTO-14`).
pub const MAX_POLICIES: usize = 16;

/// The keys of the kept policies (the policy's JSON text and the home)
/// total at most this many bytes; a key and a built policy are each linear
/// in that text (`POL-MATCH-10`), so this bounds the cache's memory
/// (`PROTO-14`; the built size per byte of text is measured in `BENCHMARKS.md`).
pub const MAX_KEY_BYTES: usize = 256 * 1024;

/// A policy whose key is longer than this is built for its request and not kept.
pub const MAX_KEPT_KEY_BYTES: usize = MAX_KEY_BYTES / 4;

/// Recently built policies, most recently used first.
#[derive(Debug, Default)]
pub struct PolicyCache {
    entries: VecDeque<Entry>,
    key_bytes: usize,
}

#[derive(Debug)]
struct Entry {
    text: String,
    home: String,
    policy: Arc<Policy>,
}

impl Entry {
    fn key_bytes(&self) -> usize {
        self.text.len() + self.home.len()
    }
}

impl PolicyCache {
    /// An empty cache.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// True when a policy built from exactly `text` is kept (for any home):
    /// the text is known to be valid JSON that builds.
    #[must_use]
    pub fn knows(&self, text: &str) -> bool {
        self.entries.iter().any(|entry| entry.text == text)
    }

    /// The policy built from `text` (a policy member's JSON text) and
    /// `home`: the kept one, or `build(text)`'s, kept when it succeeds and
    /// its key is small enough.
    ///
    /// # Errors
    /// `build`'s error; errors are never kept.
    pub fn get_or_build<E>(
        &mut self,
        text: &str,
        home: &str,
        build: impl FnOnce(&str) -> Result<Policy, E>,
    ) -> Result<Arc<Policy>, E> {
        let found = self
            .entries
            .iter()
            .position(|entry| entry.home == home && entry.text == text);
        if let Some(entry) = found.and_then(|index| self.entries.remove(index)) {
            let policy = Arc::clone(&entry.policy);
            self.entries.push_front(entry);
            return Ok(policy);
        }
        let policy = Arc::new(build(text)?);
        let bytes = text.len() + home.len();
        if bytes <= MAX_KEPT_KEY_BYTES {
            while self.entries.len() >= MAX_POLICIES || self.key_bytes + bytes > MAX_KEY_BYTES {
                match self.entries.pop_back() {
                    Some(evicted) => self.key_bytes -= evicted.key_bytes(),
                    None => break,
                }
            }
            self.key_bytes += bytes;
            self.entries.push_front(Entry {
                text: text.to_owned(),
                home: home.to_owned(),
                policy: Arc::clone(&policy),
            });
        }
        Ok(policy)
    }

    /// How many policies are kept.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when none is kept.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The total bytes of the kept keys (at most [`MAX_KEY_BYTES`]).
    #[must_use]
    pub fn key_bytes(&self) -> usize {
        self.key_bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn build(source: &str) -> Result<Policy, ()> {
        let parsed = crate::policy::config::parse_policy(source, "test", "/h").map_err(|_| ())?;
        Ok(Policy::from_config(parsed, "/h"))
    }

    /// PROTO-14: a repeated key is served from the cache; the bounds hold; errors are not kept.
    #[test]
    fn keeps_recent_policies_within_bounds() {
        let mut cache = PolicyCache::new();
        let rules = |n: usize| json!([{"pattern": format!("cmd{n} *"), "action": "allow"}]);
        let first = cache
            .get_or_build(&rules(0).to_string(), "/h", build)
            .unwrap();
        let again = cache
            .get_or_build(&rules(0).to_string(), "/h", build)
            .unwrap();
        assert!(Arc::ptr_eq(&first, &again));
        assert!(cache.knows(&rules(0).to_string()) && !cache.knows(&rules(1).to_string()));
        let other_home = cache
            .get_or_build(&rules(0).to_string(), "/other", build)
            .unwrap();
        assert!(!Arc::ptr_eq(&first, &other_home));
        assert!(cache.get_or_build("[1]", "/h", build).is_err());
        assert_eq!(cache.len(), 2);
        // Member order is part of a policy object (last match wins).
        let ab = json!({"permission": {"bash": {"a *": "allow", "a b": "deny"}}});
        let ba = json!({"permission": {"bash": {"a b": "deny", "a *": "allow"}}});
        assert_eq!(ab, ba, "equal as JSON maps");
        let built_ab = cache.get_or_build(&ab.to_string(), "/h", build).unwrap();
        let built_ba = cache.get_or_build(&ba.to_string(), "/h", build).unwrap();
        assert!(!Arc::ptr_eq(&built_ab, &built_ba));
        assert_ne!(
            built_ab.gate("a b").state,
            built_ba.gate("a b").state,
            "the two orders decide differently"
        );
        for n in 0..3 * MAX_POLICIES {
            cache
                .get_or_build(&rules(n).to_string(), "/h", build)
                .unwrap();
            assert!(cache.len() <= MAX_POLICIES && cache.key_bytes() <= MAX_KEY_BYTES);
        }
        assert_eq!(cache.len(), MAX_POLICIES);
        // The least recently used went first: rules(0) was rebuilt.
        let rebuilt = cache
            .get_or_build(&rules(0).to_string(), "/h", build)
            .unwrap();
        assert!(!Arc::ptr_eq(&first, &rebuilt));
        // A key over the per-policy bound is built but not kept.
        let big = json!([{"pattern": "x".repeat(MAX_KEPT_KEY_BYTES), "action": "deny"}]);
        let before = cache.key_bytes();
        cache.get_or_build(&big.to_string(), "/h", build).unwrap();
        assert_eq!((cache.len(), cache.key_bytes()), (MAX_POLICIES, before));
    }
}
