//! Generation: the only place the audit draws cases (`AUDIT-2`).
//!
//! The cases are the generator families of spec §11.3 ([`crate::gen::families()`]):
//! each is one way bash runs a command, or spells a word, that a reader of
//! the command line does not see. They are composed from the calibrated
//! ingredients ([`super::calibrate`]): the bases the layer approves alone,
//! and as payloads the commands and the option-bearing commands it refuses
//! alone (`find . -delete`, which the spelling families respell). Case `i`
//! of seed `s` is drawn from its own [`SeededChoices`] stream, so any shard
//! can draw any case alone (`AUDIT-8`).

use super::calibrate::Calibration;
use crate::gen::{self, Family, FamilyCase, Ingredients, SeededChoices};

/// Every family a case may come from.
#[must_use]
pub fn families() -> &'static [Family] {
    gen::families()
}

/// What the families compose, from what calibration kept; `None` when it
/// left nothing to compose.
#[must_use]
pub fn ingredients(kept: &Calibration) -> Option<Ingredients> {
    if !kept.usable() {
        return None;
    }
    let mut payloads = kept.payloads.clone();
    payloads.extend(kept.flags.iter().map(|flag| flag.with(&flag.flag)));
    Some(Ingredients {
        bases: kept.bases.clone(),
        payloads,
    })
}

/// Case `index` of `seed`.
#[must_use]
pub fn draw(seed: u64, index: u64, ingredients: &Ingredients) -> FamilyCase {
    let mut choices = SeededChoices::new(seed ^ index.wrapping_mul(0xA076_1D64_78BD_642F));
    gen::draw_any(ingredients, &mut choices)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::calibrate::Flag;

    fn kept() -> Calibration {
        Calibration {
            bases: vec!["ls".into(), "echo hi".into()],
            payloads: vec!["git push".into()],
            flags: vec![Flag {
                base: "find .".into(),
                flag: "-exec".into(),
                rest: "touch pwned \\;".into(),
            }],
        }
    }

    /// AUDIT-2: case `i` of a seed is the same whenever it is drawn, every
    /// family is reached, and a case composes only calibrated ingredients.
    #[test]
    fn audit_2_draws_are_deterministic_and_composed_of_calibrated_parts() {
        let ingredients = ingredients(&kept()).unwrap();
        assert_eq!(
            ingredients.payloads,
            vec![
                "git push".to_owned(),
                "find . -exec touch pwned \\;".to_owned()
            ]
        );
        let first: Vec<_> = (0..4000).map(|i| draw(7, i, &ingredients)).collect();
        let again: Vec<_> = (0..4000).rev().map(|i| draw(7, i, &ingredients)).collect();
        assert_eq!(first, again.into_iter().rev().collect::<Vec<_>>());
        for family in families() {
            assert!(
                first.iter().any(|case| case.family == family.name),
                "{} never drawn",
                family.name
            );
        }
        for case in &first {
            assert!(ingredients.bases.contains(&case.base), "{case:?}");
            assert!(ingredients.payloads.contains(&case.payload), "{case:?}");
        }
        assert_eq!(super::ingredients(&Calibration::default()), None);
    }
}
