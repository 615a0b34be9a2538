//! The shapes a case stresses and the grammar's weights (`GEN-1`): their
//! own home, so that the case grammar and the compound builder both read
//! them without importing each other.

use super::syntax::SyntaxWeights;

/// Which dimension a case stresses (`GEN-1`). The other dimensions take their
/// simplest values, except in [`Shape::Mixed`], which varies all of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Exotic separators and leading/trailing whitespace:
    /// `"\u{3000}timeout\t30s \u{00A0}npm test &&\u{2028}git push "`.
    Whitespace,
    /// Every wrapper form and nesting to depth 4:
    /// `"time timeout -k 5 30s env FOO=1 ls"`.
    LayerProgram,
    /// Siblings, substitutions, groups, heredocs, quoting:
    /// `"cd /repo && timeout 30s npm test 2>&1 | tail -30; echo EXIT"`.
    Compound,
    /// One guard of the input check broken (`"forwarded": true`, …) on a
    /// command that would otherwise be unwrapped.
    Payload,
    /// All of the above at once.
    Mixed,
}

impl Shape {
    /// Every shape.
    pub const ALL: [Self; 5] = [
        Self::Whitespace,
        Self::LayerProgram,
        Self::Compound,
        Self::Payload,
        Self::Mixed,
    ];
}

/// Tunable weights of the grammar (`GEN-1`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weights {
    /// Relative weight of each shape, in [`Shape::ALL`] order.
    pub shapes: [u32; 5],
    /// Percent of separators that are exotic in whitespace-stressing shapes.
    pub exotic_separator: u32,
    /// Percent of [`Shape::Mixed`] cases with a broken guard.
    pub broken_guard: u32,
    /// Maximum number of wrapper layers (at least 1).
    pub max_depth: usize,
    /// Maximum number of siblings in a list.
    pub max_siblings: usize,
    /// Maximum number of rules besides the optional leading `* ask`.
    pub max_rules: usize,
    /// Shell syntax as inner commands and siblings (`GEN-9`).
    pub syntax: SyntaxWeights,
}

impl Default for Weights {
    fn default() -> Self {
        Self {
            shapes: [2, 2, 3, 1, 2],
            exotic_separator: 50,
            broken_guard: 25,
            max_depth: 4,
            max_siblings: 4,
            max_rules: 6,
            syntax: SyntaxWeights::default(),
        }
    }
}
