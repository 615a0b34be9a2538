//! A seeded source of decisions, for deterministic runs without a test
//! framework (the differential parity test draws its cases from it).

use super::choices::Choices;

/// Decisions drawn from a SplitMix64 stream: the same seed gives the same
/// decisions on every machine (`GEN-POL-1`). Wrap it in a
/// [`Recorder`](super::Recorder) to keep the decisions for replay and
/// shrinking.
#[derive(Debug, Clone)]
pub struct SeededChoices {
    state: u64,
}

impl SeededChoices {
    /// A stream from `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Choices for SeededChoices {
    fn choose(&mut self, n: usize) -> usize {
        let n = n.max(1) as u64;
        // `n` fits in a usize, so the remainder does too.
        usize::try_from(self.next_u64() % n).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// GEN-POL-1: deterministic, in range, and not stuck on one answer.
    #[test]
    fn same_seed_same_decisions_in_range() {
        let draw = |seed| {
            let mut c = SeededChoices::new(seed);
            (0..200).map(|_| c.choose(7)).collect::<Vec<_>>()
        };
        assert_eq!(draw(5), draw(5));
        assert_ne!(draw(5), draw(6));
        let picks = draw(5);
        assert!(picks.iter().all(|&p| p < 7));
        assert!((0..7).all(|v| picks.contains(&v)));
        assert_eq!(SeededChoices::new(1).choose(0), 0);
    }
}
