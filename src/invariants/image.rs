//! Where a position of the full command lands in the de-wrapped one
//! (spec §6.1, the *image* INV-9 is stated with).
//!
//! Stripping deletes the wrapper prefix (the unit minus its inner command)
//! at the located occurrence and moves nothing else, so every position of
//! the full command has an image in the de-wrapped command. The deployed
//! and the hardened INV-9 checks both compare spans through this one map.

use crate::recognize::Wrapper;
use crate::strip;

/// The stripping of one wrapper unit from a full command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stripping<'a> {
    /// The inner command the wrapper unit runs.
    pub inner: &'a str,
    /// Byte offset where the located occurrence of the unit starts.
    pub start: usize,
    /// Byte offset where it ends.
    pub end: usize,
    /// Byte offset where the inner command starts inside it.
    prefix_end: usize,
}

impl<'a> Stripping<'a> {
    /// The stripping of `unit` from `full`: `None` if `unit` is no wrapper
    /// or is not located in `full` exactly once.
    pub(crate) fn of(full: &str, unit: &'a str) -> Option<Self> {
        let inner = Wrapper::ALL.iter().find_map(|w| w.recognize(unit))?.inner;
        let located = strip::locate_once(full, unit)?;
        let prefix_end = located.end.checked_sub(inner.len())?;
        Some(Self {
            inner,
            start: located.start,
            end: located.end,
            prefix_end,
        })
    }

    /// Where `position` of the full command lands: before the occurrence
    /// it stays, inside the deleted prefix it collapses to the start, after
    /// it moves back by the prefix's length.
    pub(crate) fn image(&self, position: usize) -> usize {
        if position <= self.start {
            position
        } else if position < self.prefix_end {
            self.start
        } else {
            position - (self.prefix_end - self.start)
        }
    }

    /// The image of the span `from..to` in `value`, the de-wrapped command.
    pub(crate) fn image_in<'v>(&self, value: &'v str, from: usize, to: usize) -> Option<&'v str> {
        value.get(self.image(from)..self.image(to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// INV-9: images of positions around, inside and after the wrapper prefix.
    #[test]
    fn inv_9_image_table() {
        let full = "cd /r && timeout 5 ls -la | wc";
        let Some(stripping) = Stripping::of(full, "timeout 5 ls -la") else {
            panic!("the wrapper unit is located once");
        };
        let value = "cd /r && ls -la | wc";
        assert_eq!(stripping.inner, "ls -la");
        assert_eq!(stripping.image_in(value, 0, 5), Some("cd /r"));
        assert_eq!(stripping.image_in(value, 9, 25), Some("ls -la"));
        assert_eq!(stripping.image_in(value, 28, 30), Some("wc"));
        assert_eq!(stripping.image(12), 9);
        assert!(Stripping::of(full, "ls -la").is_none());
    }
}
