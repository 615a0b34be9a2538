//! The quickcheck front end: decisions drawn from a `Gen`, shrinking by
//! shrinking the recorded decisions and replaying them.

use quickcheck::{Arbitrary, Gen};

use super::{build, draw_any, replay, Case, Choices, FamilyCase, Ingredients, Weights};

/// Draws decisions uniformly from a quickcheck `Gen`.
struct GenChoices<'g> {
    gen: &'g mut Gen,
}

impl Choices for GenChoices<'_> {
    fn choose(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        usize::arbitrary(self.gen) % n
    }
}

impl Arbitrary for Case {
    fn arbitrary(gen: &mut Gen) -> Self {
        build(&mut GenChoices { gen }, &Weights::default())
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let weights = Weights::default();
        Box::new(
            self.choices
                .shrink()
                .map(move |choices| replay(&choices, &weights)),
        )
    }
}

/// A case of the families of bash constructs from the example ingredients
/// (`GEN-FAM-2`); not shrunk (a family's forms have no simpler neighbour).
impl Arbitrary for FamilyCase {
    fn arbitrary(gen: &mut Gen) -> Self {
        draw_any(&Ingredients::example(), &mut GenChoices { gen })
    }
}
