//! Adversarial case generators (spec chapter 11, `GEN-*`).
//!
//! One grammar, three front ends. [`build`] turns a source of decisions
//! ([`Choices`]) into a structured [`Case`]: a full bash command holding a
//! wrapper unit (`timeout 30s npm test`), the unit's wrapper layers and inner
//! command, the siblings placed around it, a policy, and the prompt-details
//! JSON that presents it to the authorizer, valid or with one guard broken.
//! The case also knows, from how it was built, which route the decision
//! procedure takes ([`Case::route`]).
//!
//! The front ends only supply decisions:
//! - feature `proptest`: [`proptest_front::cases`] maps a shrinkable byte
//!   vector through [`ByteChoices`];
//! - feature `arbitrary`: `impl Arbitrary for Case` reads an `Unstructured`
//!   (the fuzz targets use it);
//! - feature `quickcheck`: `impl quickcheck::Arbitrary for Case` draws from a
//!   `Gen` and shrinks the recorded decisions ([`Case::choices`]).
//!
//! ```
//! use inner_cmd_spec::gen::{build_shape, ByteChoices, Shape, Weights};
//! // No bytes: every decision is the simplest one.
//! let case = build_shape(&mut ByteChoices::new(&[]), Shape::Compound, &Weights::default());
//! assert_eq!(case.unit, "timeout 30s npm test");
//! assert!(case.full.contains(&case.unit));
//! ```

// Generators pick from fixed arrays with `[..][c.choose(n)]`, where `n` is the
// array's length and `choose` answers below `n` (it reduces modulo `n`), so
// the indexing cannot panic; the crate-wide lint is relaxed for this module only.
#![allow(clippy::indexing_slicing)]

mod case;
mod choices;
mod compound;
pub mod families;
mod payload;
pub mod policy_cases;
mod rules;
mod seeded;
mod syntax;
mod vocab;
mod weights;
mod wrapper;

#[cfg(feature = "arbitrary")]
mod arbitrary_front;
#[cfg(feature = "proptest")]
pub mod proptest_front;
#[cfg(feature = "quickcheck")]
mod quickcheck_front;

pub use case::{build, build_shape, replace_at, sole_occurrence, Case, Route};
pub use choices::{ByteChoices, Choices, Recorder, ReplayChoices};
pub use compound::{overlap_tail, Placement, Sibling};
pub use families::{
    cases as family_cases, draw, draw_any, families, family, Family, FamilyCase, FamilyError,
    Ingredients, Reach, Slot,
};
pub use payload::{Guard, FULL_COMMAND_LABEL, SESSION_ID};
pub use rules::{permissive_rules, HOME};
pub use seeded::SeededChoices;
pub use syntax::{class_of, SyntaxClass, SyntaxWeights};
pub use vocab::{DurationForm, ECMA_WIDE_SPACES, INNER_COMMANDS, ODD_BREAKS, SIBLING_COMMANDS};
pub use weights::{Shape, Weights};
pub use wrapper::{Layer, LayerForm, LayerProgram};

#[cfg(feature = "arbitrary")]
pub use arbitrary_front::case_from_unstructured;

/// Rebuilds a case from its recorded decisions ([`Case::choices`]) (`GEN-3`).
#[must_use]
pub fn replay(choices: &[u32], weights: &Weights) -> Case {
    build(&mut ReplayChoices::new(choices), weights)
}
