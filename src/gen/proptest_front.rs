//! The proptest front end: strategies over shrinkable decision bytes.
//!
//! Proptest shrinks the byte vector (shorter, smaller bytes); since decision
//! `0` is always the simplest option, shrunk bytes give simpler cases.

use proptest::collection::vec;
use proptest::prelude::{any, Strategy};

use super::{
    build, build_shape, draw_any, ByteChoices, Case, FamilyCase, Ingredients, Shape, Weights,
};

/// How many decision bytes a case may consume at most.
pub const MAX_BYTES: usize = 192;

/// Cases of any shape, picked by `weights`.
///
/// ```
/// use inner_cmd_spec::gen::{proptest_front::cases, Weights};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let mut runner = TestRunner::deterministic();
/// let case = cases(Weights::default()).new_tree(&mut runner).unwrap().current();
/// assert!(case.full.contains(&case.unit));
/// ```
pub fn cases(weights: Weights) -> impl Strategy<Value = Case> {
    vec(any::<u8>(), 0..MAX_BYTES)
        .prop_map(move |bytes| build(&mut ByteChoices::new(&bytes), &weights))
}

/// Cases of one shape.
pub fn cases_of(shape: Shape, weights: Weights) -> impl Strategy<Value = Case> {
    vec(any::<u8>(), 0..MAX_BYTES)
        .prop_map(move |bytes| build_shape(&mut ByteChoices::new(&bytes), shape, &weights))
}

/// Cases of the families of bash constructs (`GEN-FAM-2`), from `ingredients`.
///
/// ```
/// use inner_cmd_spec::gen::{proptest_front::family_cases, Ingredients};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let mut runner = TestRunner::deterministic();
/// let case = family_cases(Ingredients::example()).new_tree(&mut runner).unwrap().current();
/// assert!(case.command.contains(&case.base));
/// ```
pub fn family_cases(ingredients: Ingredients) -> impl Strategy<Value = FamilyCase> {
    vec(any::<u8>(), 0..32)
        .prop_map(move |bytes| draw_any(&ingredients, &mut ByteChoices::new(&bytes)))
}

impl proptest::arbitrary::Arbitrary for Case {
    type Parameters = Weights;
    type Strategy = proptest::strategy::BoxedStrategy<Self>;

    fn arbitrary_with(weights: Weights) -> Self::Strategy {
        cases(weights).boxed()
    }
}
