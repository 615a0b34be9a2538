//! Generated (command, policy) pairs that the pipeline allows often.

use crate::gen::{
    build, draw, families, ByteChoices, Family, Ingredients, Route, SeededChoices, Weights, HOME,
};
use crate::policy::check::match_value;
use crate::policy::{Policy, Rule};
use crate::verdict::PermissionState;

/// One command and the policy to decide it under.
#[derive(Debug, Clone)]
pub struct Pair {
    /// The full command, as the agent would run it.
    pub command: String,
    /// The policy.
    pub policy: Policy,
    /// The family of bash constructs it was drawn from, if any (`GEN-FAM-15`).
    pub family: Option<&'static str>,
}

/// What a run draws its commands from (`INV-KNOWN-2`, `GEN-FAM-15`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Source {
    /// The case grammar's shapes ([`pair`]).
    Shapes,
    /// The families of bash constructs ([`family_pair`]).
    Families,
    /// Both, alternately: even indices shapes, odd ones families.
    Both,
    /// The families of one clause only (`GEN-FAM-16`: the redirection
    /// grammar), picked uniformly among them.
    Clause(&'static str),
    /// The families of what programs read (`GEN-FAM-17` to `GEN-FAM-21`),
    /// picked uniformly among them: `program-reads`.
    ProgramReads,
}

/// The clauses of the families of what programs read (`GEN-FAM-22`).
pub const PROGRAM_READ_CLAUSES: &[&str] = &[
    "GEN-FAM-17",
    "GEN-FAM-18",
    "GEN-FAM-19",
    "GEN-FAM-20",
    "GEN-FAM-21",
    "GEN-FAM-23",
];

impl Source {
    /// `shapes`, `families`, `both`, `program-reads`, or a clause of the
    /// families (`GEN-FAM-16`).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "shapes" => Some(Self::Shapes),
            "families" => Some(Self::Families),
            "both" => Some(Self::Both),
            "program-reads" => Some(Self::ProgramReads),
            clause => families()
                .iter()
                .find(|f| f.clause == clause)
                .map(|f| Self::Clause(f.clause)),
        }
    }

    /// The `index`-th pair of `seed` from this source.
    #[must_use]
    pub fn pair(self, seed: u64, index: u64) -> Pair {
        match self {
            Self::Shapes => pair(seed, index),
            Self::Families => family_pair(seed, index),
            Self::Both if index % 2 == 0 => pair(seed, index / 2),
            Self::Both => family_pair(seed, index / 2),
            Self::Clause(clause) => family_pair_among(seed, index, |f| f.clause == clause),
            Self::ProgramReads => {
                family_pair_among(seed, index, |f| PROGRAM_READ_CLAUSES.contains(&f.clause))
            }
        }
    }
}

/// SplitMix64: a small deterministic stream, the same on every machine.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// The generators' weights for the run: compound commands most, then
/// wrappers, whitespace and everything at once; no broken guards (the
/// pipeline builds its own details).
fn weights() -> Weights {
    Weights {
        shapes: [1, 2, 5, 0, 1],
        ..Weights::default()
    }
}

/// The `index`-th pair of `seed` (`INV-KNOWN-2`).
///
/// The command is a generated case's full command. The policy: a catch-all
/// `* ask` half the time, then for each unit of the command and of the
/// command the authorizer would re-query (the gate's floors make wrapper
/// units ask, so the authorizer is consulted), an `allow` rule 9 times in 10
/// — the unit's match value exactly, or its first word and ` *` — and, one
/// time in 8, a `deny` or `ask` rule for one of those units at the end.
#[must_use]
pub fn pair(seed: u64, index: u64) -> Pair {
    let mut rng = SplitMix(seed ^ index.wrapping_mul(0xA076_1D64_78BD_642F));
    let bytes: Vec<u8> = (0..192).map(|_| rng.next().to_le_bytes()[0]).collect();
    let case = build(&mut ByteChoices::new(&bytes), &weights());
    let units = Policy::new(Vec::new(), HOME);
    let mut texts: Vec<String> = units
        .advisory(&case.full)
        .units
        .into_iter()
        .map(|u| u.text)
        .collect();
    if let Route::Query { dewrapped, .. } = case.route() {
        texts.extend(units.advisory(&dewrapped).units.into_iter().map(|u| u.text));
    }
    let mut rules = Vec::new();
    if rng.below(2) == 0 {
        rules.push(Rule {
            pattern: "*".to_owned(),
            state: PermissionState::Ask,
        });
    }
    let pattern_of = |text: &str, rng: &mut SplitMix| {
        let value = match_value(text);
        if rng.below(5) < 3 {
            value
        } else {
            let word = value.split(' ').next().unwrap_or_default().to_owned();
            format!("{word} *")
        }
    };
    for text in &texts {
        if rng.below(10) < 9 {
            let pattern = pattern_of(text, &mut rng);
            rules.push(Rule {
                pattern,
                state: PermissionState::Allow,
            });
        }
    }
    if !texts.is_empty() && rng.below(8) == 0 {
        let pick = usize::try_from(rng.below(texts.len() as u64)).unwrap_or(0);
        let text = texts.get(pick).map_or("", String::as_str);
        let pattern = pattern_of(text, &mut rng);
        let state = if rng.below(2) == 0 {
            PermissionState::Deny
        } else {
            PermissionState::Ask
        };
        rules.push(Rule { pattern, state });
    }
    Pair {
        command: case.full,
        policy: Policy::new(rules, HOME),
        family: None,
    }
}

/// The `index`-th family pair of `seed` (`GEN-FAM-15`).
///
/// The command: a case of a family (picked uniformly) composed from the
/// example ingredients. The policy: a catch-all `* ask` half the time,
/// `* allow` a quarter of the time, then an
/// `allow` rule for each unit of the gate's parse 9 times in 10 (its exact
/// match value, or its first word and ` *`), then a `deny` rule for the
/// payload and whatever follows it (`PAYLOAD *`), last, so that it wins: the
/// pipeline allows only when the payload is hidden from the gate, and a
/// payload bash then runs is an INV-GROUND violation.
#[must_use]
pub fn family_pair(seed: u64, index: u64) -> Pair {
    family_pair_among(seed, index, |_| true)
}

/// [`family_pair`] with the family picked among those `keep` keeps.
fn family_pair_among(seed: u64, index: u64, keep: impl Fn(&Family) -> bool) -> Pair {
    let mut rng = SplitMix(seed ^ index.wrapping_mul(0xD6E8_FEB8_6659_FD93) ^ 0x5EED_FA11);
    let all: Vec<&'static Family> = families().iter().filter(|f| keep(f)).collect();
    let pick = usize::try_from(rng.below(all.len() as u64)).unwrap_or(0);
    let Some(&family) = all.get(pick) else {
        return pair(seed, index);
    };
    let case = draw(
        family,
        &Ingredients::example(),
        &mut SeededChoices::new(rng.next()),
    );
    let units = Policy::new(Vec::new(), HOME);
    let mut rules = Vec::new();
    // The same draw as a coin for `* ask` (even: ask, as before); one time
    // in four `* allow` instead of no catch-all: with the payload denied
    // last, the policy of issue 26's class 9, "`*` allow with a deny list".
    let catch_all = match rng.below(4) {
        0 | 2 => Some(PermissionState::Ask),
        1 => Some(PermissionState::Allow),
        _ => None,
    };
    if let Some(state) = catch_all {
        rules.push(Rule {
            pattern: "*".to_owned(),
            state,
        });
    }
    for unit in units.advisory(&case.command).units {
        if rng.below(10) < 9 {
            let value = match_value(&unit.text);
            let pattern = if rng.below(5) < 3 {
                value
            } else {
                format!("{} *", value.split(' ').next().unwrap_or_default())
            };
            rules.push(Rule {
                pattern,
                state: PermissionState::Allow,
            });
        }
    }
    rules.push(Rule {
        pattern: format!("{} *", case.payload),
        state: PermissionState::Deny,
    });
    Pair {
        command: case.command,
        policy: Policy::new(rules, HOME),
        family: Some(case.family),
    }
}

/// The permissive policy the hardened profile also decides every command
/// under (`INV-KNOWN-2`): [`crate::gen::permissive_rules`], everything
/// allowed but a few dangerous commands and the `.ssh` directory. Under it
/// the hardened pipeline allows most commands whose parse it understands, so
/// INV-GROUND is checked on commands no generated rule set names.
#[must_use]
pub fn permissive() -> Policy {
    Policy::new(crate::gen::permissive_rules(), HOME)
}
