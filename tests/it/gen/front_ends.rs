//! The `arbitrary` and `quickcheck` front ends feed the same grammar (`GEN-2`, `GEN-3`).
//!
//! Each test needs its own feature: `cargo test --all-features --test it gen::front_ends`.

/// A fixed xorshift byte stream, so the tests are reproducible.
#[cfg(feature = "arbitrary")]
fn byte_stream(seed: u64, len: usize) -> Vec<u8> {
    let mut state = seed | 1;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state.to_le_bytes()[0]
        })
        .collect()
}

/// GEN-2, GEN-3: `Arbitrary for Case` is deterministic in its input, its
/// recorded decisions replay to the same case, an empty input gives the
/// simplest case, and the unit sits where recorded (GEN-4).
#[cfg(feature = "arbitrary")]
#[test]
fn gen_2_arbitrary_front_end_feeds_the_grammar() {
    use arbitrary::{Arbitrary, Unstructured};
    use inner_cmd_spec::gen::{replay, Case, Weights};
    let weights = Weights::default();
    for seed in 0..500u64 {
        let bytes = byte_stream(seed, 200);
        let first = Case::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
        let second = Case::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
        assert_eq!(first, second, "seed {seed}");
        assert_eq!(replay(&first.choices, &weights), first, "seed {seed}");
        assert_eq!(
            first
                .full
                .get(first.unit_at..first.unit_at + first.unit.len()),
            Some(first.unit.as_str())
        );
    }
    let simplest = Case::arbitrary(&mut Unstructured::new(&[])).unwrap();
    assert_eq!(simplest.full, "timeout 30s npm test");
}

/// GEN-2, GEN-3: `quickcheck::Arbitrary for Case` draws from a `Gen`, and its
/// shrinks are replays of shortened decision lists, hence well-formed cases.
#[cfg(feature = "quickcheck")]
#[test]
fn gen_3_quickcheck_front_end_shrinks_by_replaying() {
    use inner_cmd_spec::gen::{replay, Case, Weights};
    use quickcheck::{Arbitrary, Gen, QuickCheck};
    let weights = Weights::default();
    let mut gen = Gen::new(64);
    for _ in 0..200 {
        let case = Case::arbitrary(&mut gen);
        assert_eq!(replay(&case.choices, &weights), case);
        for smaller in case.shrink().take(8) {
            assert!(
                smaller.choices.len() <= case.choices.len()
                    || smaller.choices.iter().sum::<u32>() <= case.choices.iter().sum::<u32>()
            );
            assert_eq!(
                smaller
                    .full
                    .get(smaller.unit_at..smaller.unit_at + smaller.unit.len()),
                Some(smaller.unit.as_str())
            );
        }
    }
    fn unit_is_placed(case: Case) -> bool {
        case.full.get(case.unit_at..case.unit_at + case.unit.len()) == Some(case.unit.as_str())
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(unit_is_placed as fn(Case) -> bool);
}
