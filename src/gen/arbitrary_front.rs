//! The `arbitrary` front end: decisions read from an `Unstructured` (fuzzing).

use arbitrary::{Arbitrary, Unstructured};

use super::{build, draw_any, Case, Choices, FamilyCase, Ingredients, Weights};

/// Reads decisions from fuzzer bytes; an exhausted input answers `0`.
struct UnstructuredChoices<'u, 'a> {
    input: &'u mut Unstructured<'a>,
}

impl Choices for UnstructuredChoices<'_, '_> {
    fn choose(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        self.input.int_in_range(0..=n - 1).unwrap_or(0)
    }
}

/// A case built from `input` with the given weights (`GEN-2`).
///
/// # Errors
/// Never in practice: an exhausted input yields the simplest remaining choices.
pub fn case_from_unstructured(
    input: &mut Unstructured<'_>,
    weights: &Weights,
) -> arbitrary::Result<Case> {
    Ok(build(&mut UnstructuredChoices { input }, weights))
}

impl<'a> Arbitrary<'a> for Case {
    fn arbitrary(input: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        case_from_unstructured(input, &Weights::default())
    }
}

/// A case of the families of bash constructs from the example ingredients (`GEN-FAM-2`).
impl<'a> Arbitrary<'a> for FamilyCase {
    fn arbitrary(input: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(draw_any(
            &Ingredients::example(),
            &mut UnstructuredChoices { input },
        ))
    }
}
