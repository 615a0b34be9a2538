//! Sources of choices: the one thing the three front ends differ in.
//!
//! The grammar in [`super::build`] asks a [`Choices`] for small integers and
//! never looks at where they came from. Choice `0` is always the simplest
//! option, so a source that runs dry (or a shrinker that drives bytes towards
//! zero) produces simpler cases.

/// A source of decisions for the case grammar (`GEN-2`).
pub trait Choices {
    /// An index in `0..n`. `n == 0` is treated as `1`. A source with nothing
    /// left to give answers `0`, the simplest option. (The grammar reduces an
    /// out-of-range answer modulo `n`, so a faulty source cannot make it panic.)
    fn choose(&mut self, n: usize) -> usize;

    /// An index into `weights`, picked with probability proportional to its
    /// weight. All-zero weights pick `0`.
    fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        if total == 0 {
            return 0;
        }
        let total = usize::try_from(total).unwrap_or(usize::MAX);
        let mut pick = self.choose(total);
        for (index, &weight) in weights.iter().enumerate() {
            let weight = weight as usize;
            if pick < weight {
                return index;
            }
            pick -= weight;
        }
        0
    }

    /// `true` with roughly `percent` % probability (`0` when exhausted).
    fn percent(&mut self, percent: u32) -> bool {
        self.weighted(&[100u32.saturating_sub(percent), percent.min(100)]) == 1
    }

    /// One element of `items` (`items` must not be empty to be useful; an
    /// empty slice gives `None`).
    fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        items.get(self.choose(items.len()))
    }
}

impl<C: Choices + ?Sized> Choices for &mut C {
    fn choose(&mut self, n: usize) -> usize {
        (**self).choose(n)
    }
}

/// Choices read from a byte string, e.g. one proptest generated (`GEN-2`).
///
/// Each decision consumes one byte when `n ≤ 256`, otherwise two or four.
/// Once the bytes run out every decision is `0`. Shrinking the bytes towards
/// shorter and smaller therefore shrinks the case towards simpler shapes.
#[derive(Debug, Clone)]
pub struct ByteChoices<'a> {
    bytes: &'a [u8],
    position: usize,
}

impl<'a> ByteChoices<'a> {
    /// Reads decisions from `bytes`, first to last.
    #[must_use]
    pub const fn new(bytes: &'a [u8]) -> Self {
        Self { bytes, position: 0 }
    }

    fn next_bytes(&mut self, count: usize) -> usize {
        let mut value = 0usize;
        for _ in 0..count {
            let byte = self.bytes.get(self.position).copied().unwrap_or(0);
            self.position = self.position.saturating_add(1);
            value = (value << 8) | usize::from(byte);
        }
        value
    }
}

impl Choices for ByteChoices<'_> {
    fn choose(&mut self, n: usize) -> usize {
        let n = n.max(1);
        if n == 1 {
            return 0;
        }
        let width = if n <= 0x100 {
            1
        } else if n <= 0x1_0000 {
            2
        } else {
            4
        };
        self.next_bytes(width) % n
    }
}

/// Replays a recorded list of decisions (`Case::choices`), so that any case
/// can be rebuilt from its record and shrunk by shrinking that list (`GEN-3`).
#[derive(Debug, Clone)]
pub struct ReplayChoices<'a> {
    picks: &'a [u32],
    position: usize,
}

impl<'a> ReplayChoices<'a> {
    /// Replays `picks`, first to last; past the end every decision is `0`.
    #[must_use]
    pub const fn new(picks: &'a [u32]) -> Self {
        Self { picks, position: 0 }
    }
}

impl Choices for ReplayChoices<'_> {
    fn choose(&mut self, n: usize) -> usize {
        let n = n.max(1);
        let pick = self.picks.get(self.position).copied().unwrap_or(0);
        self.position = self.position.saturating_add(1);
        pick as usize % n
    }
}

/// Wraps any source and writes down every decision it gives (`GEN-3`).
#[derive(Debug)]
pub struct Recorder<C> {
    source: C,
    picks: Vec<u32>,
}

impl<C: Choices> Recorder<C> {
    /// Starts recording `source`.
    pub const fn new(source: C) -> Self {
        Self {
            source,
            picks: Vec::new(),
        }
    }

    /// The decisions given so far, in order.
    #[must_use]
    pub fn into_picks(self) -> Vec<u32> {
        self.picks
    }
}

impl<C: Choices> Choices for Recorder<C> {
    fn choose(&mut self, n: usize) -> usize {
        // The grammar indexes tables with the answer: a source that answers
        // out of range is reduced, never trusted.
        let pick = self.source.choose(n) % n.max(1);
        self.picks.push(u32::try_from(pick).unwrap_or(u32::MAX));
        pick
    }
}
