//! Which rules a value with unknown parts can reach (spec §12.4, `HARD-VALUE-5`).
//!
//! A spelled value with a wildcard stands for every text the wildcard can
//! become. Rules are tried from the last: each one whose pattern meets some
//! such text could decide (POL-RULE-2), and a rule whose pattern holds every
//! such text is the last one tried, since nothing before it can be the last
//! match. Both questions are answered on the product of the value's and the
//! pattern's positions, so the work is proportional to their lengths'
//! product; past a bound the answer is the cautious one (meets, does not hold).

use crate::hardened::words::values::{Part, Spelled};
use crate::policy::home::expand_home;
use crate::policy::Policy;
use crate::verdict::PermissionState;

/// Longest unknown-bearing value, in UTF-16 code units, that is matched
/// against patterns; a longer one is taken to meet every rule.
pub const MAX_REACH_CODE_UNITS: usize = 8192;

// A word cut at its part bound is longer than this search reads (HARD-VALUE-5).
const _: () = assert!(crate::hardened::words::values::MAX_WORD_PARTS >= MAX_REACH_CODE_UNITS);

/// Product states one command's spelled values may visit in all; past it
/// every further value is taken to meet every rule and be held by none.
pub const MAX_REACH_STEPS: usize = 1 << 24;

/// What is left of a command's [`MAX_REACH_STEPS`].
#[derive(Debug, Clone, Copy)]
pub struct Budget(usize);

impl Default for Budget {
    fn default() -> Self {
        Budget(MAX_REACH_STEPS)
    }
}

impl Budget {
    /// Takes `steps` if they are left.
    fn take(&mut self, steps: usize) -> bool {
        match self.0.checked_sub(steps) {
            Some(left) => {
                self.0 = left;
                true
            }
            None => {
                self.0 = 0;
                false
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum V {
    Unit(u16),
    Any,
    /// Any text without `/`.
    Segment,
    /// Nothing, or one code unit other than `.` and `/`, after which the
    /// [`V::Segment`] that always follows it goes on; when it is empty, so
    /// is that segment (`HARD-GLOB-1`: no leading dot).
    FirstNotDot,
    /// Any text of `.` and `/` only (`HARD-TOPLEVEL-1`).
    DotsSlashes,
    /// Digits and `-` (the empty text too: a superset).
    Number,
    /// Either nothing, or one space and the text from this position again.
    Repeat(usize),
}

impl V {
    /// Whether this part can produce the code unit `unit`.
    fn produces(self, unit: u16) -> bool {
        match self {
            V::Any => true,
            V::Segment => unit != u16::from(b'/'),
            V::DotsSlashes => unit == u16::from(b'.') || unit == u16::from(b'/'),
            V::Number => unit == u16::from(b'-') || (0x30..=0x39).contains(&unit),
            _ => false,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum P {
    Unit(u16),
    One,
    Star,
}

fn value_units(value: &Spelled) -> Vec<V> {
    let mut out = Vec::new();
    let mut mark = 0;
    for part in &value.0 {
        match part {
            Part::Lit(text) => out.extend(text.encode_utf16().map(V::Unit)),
            Part::Any => out.push(V::Any),
            Part::Segment => out.push(V::Segment),
            Part::LeadSegment => out.extend([V::FirstNotDot, V::Segment]),
            Part::DotsSlashes => out.push(V::DotsSlashes),
            Part::Number => out.push(V::Number),
            Part::Mark => mark = out.len(),
            Part::Repeat => out.push(V::Repeat(mark)),
        }
    }
    out
}

fn pattern_units(pattern: &str) -> Vec<P> {
    let mut out = Vec::new();
    for unit in pattern.encode_utf16() {
        match unit {
            0x2a if out.last() == Some(&P::Star) => {}
            0x2a => out.push(P::Star),
            0x3f => out.push(P::One),
            other => out.push(P::Unit(other)),
        }
    }
    out
}

/// The pattern's alternatives after home expansion (`POL-MATCH-2`,
/// `POL-MATCH-6`): the whole, and without an optional trailing ` *`.
fn alternatives(pattern: &str, home: &str) -> Vec<Vec<P>> {
    let expanded = expand_home(pattern, home);
    let mut out = vec![pattern_units(&expanded)];
    if let Some(head) = expanded.strip_suffix(" *") {
        out.push(pattern_units(head));
    }
    out
}

/// Whether some text of `value` matches `pattern` (`HARD-VALUE-5`). A
/// glob's wildcard names files of the tree, which this profile does not
/// judge (§12.9): a match in which a glob alone spells the pattern's
/// literal text (`src/*.rs` and `*secret*`) does not count unless some
/// literal text of the pattern meets literal text of the value
/// (`~/.s?h` and `*~/.ssh*`). Flags per state: bit 0, a glob spelled a
/// literal unit of the pattern; bit 1, a literal unit met a literal unit.
fn meets(value: &[V], pattern: &[P], budget: &mut Budget) -> Option<bool> {
    const GLOB: u8 = 1;
    const ANCHOR: u8 = 2;
    let (n, m) = (value.len(), pattern.len());
    let width = m + 1;
    let mut seen = vec![false; (n + 1) * width * 4];
    let mut stack = vec![(0usize, 0usize, 0u8)];
    while let Some((i, j, flags)) = stack.pop() {
        let Some(slot) = seen.get_mut((i * width + j) * 4 + usize::from(flags)) else {
            continue;
        };
        if *slot {
            continue;
        }
        *slot = true;
        if !budget.take(1) {
            return None;
        }
        if (i, j) == (n, m) && (flags & GLOB == 0 || flags & ANCHOR != 0) {
            return Some(true);
        }
        let (v, p) = (value.get(i).copied(), pattern.get(j).copied());
        if p == Some(P::Star) {
            stack.push((i, j + 1, flags));
            if i < n {
                stack.push((i + 1, j, flags));
            }
        }
        match (v, p) {
            (Some(V::Repeat(back)), _) => {
                stack.push((i + 1, j, flags));
                match p {
                    Some(P::Unit(0x20) | P::One) => stack.push((back, j + 1, flags)),
                    Some(P::Star) => stack.push((back, j, flags)),
                    _ => {}
                }
            }
            (Some(V::Unit(a)), Some(P::Unit(b))) if a == b => {
                stack.push((i + 1, j + 1, flags | ANCHOR));
            }
            (Some(V::Unit(_)), Some(P::One)) => stack.push((i + 1, j + 1, flags)),
            (Some(V::Unit(_)), _) => {}
            // A component-leading glob: empty (its segment too), or a first
            // unit that is not `.` or `/`, then its segment.
            (Some(V::FirstNotDot), _) => {
                stack.push((i + 2, j, flags));
                match p {
                    Some(P::Unit(unit)) if unit != u16::from(b'.') && unit != u16::from(b'/') => {
                        stack.push((i + 1, j + 1, flags | GLOB));
                    }
                    Some(P::One) => stack.push((i + 1, j + 1, flags)),
                    _ => {}
                }
            }
            // A wildcard part ends (or was empty), or produces one more unit.
            (Some(part), _) => {
                stack.push((i + 1, j, flags));
                let spelled = match p {
                    Some(P::Unit(unit)) if part.produces(unit) => Some(part == V::Segment),
                    Some(P::One) => Some(false),
                    _ => None,
                };
                if let Some(by_glob) = spelled {
                    stack.push((i, j + 1, if by_glob { flags | GLOB } else { flags }));
                }
            }
            (None, _) => {}
        }
    }
    Some(false)
}

/// Whether every text of `value` matches `pattern`: a sufficient test, each
/// wildcard of the value falling inside a `*` of the pattern.
fn holds(value: &[V], pattern: &[P], budget: &mut Budget) -> Option<bool> {
    let (n, m) = (value.len(), pattern.len());
    let width = m + 1;
    let mut seen = vec![false; (n + 1) * width];
    let mut stack = vec![(0usize, 0usize)];
    while let Some((i, j)) = stack.pop() {
        let Some(slot) = seen.get_mut(i * width + j) else {
            continue;
        };
        if *slot {
            continue;
        }
        *slot = true;
        if !budget.take(1) {
            return None;
        }
        if (i, j) == (n, m) {
            return Some(true);
        }
        match (value.get(i).copied(), pattern.get(j).copied()) {
            (_, Some(P::Star)) => {
                stack.push((i, j + 1));
                if i < n {
                    stack.push((i + 1, j));
                }
            }
            (Some(V::Unit(a)), Some(P::Unit(b))) if a == b => stack.push((i + 1, j + 1)),
            (Some(V::Unit(_)), Some(P::One)) => stack.push((i + 1, j + 1)),
            _ => {}
        }
    }
    Some(false)
}

/// The rule decision of a spelled value (`HARD-VALUE-5`): a static value's
/// own (POL-RULE-2); for one with unknown parts, the state every rule it can
/// reach agrees on, or `ask` when they differ, with the pattern of the
/// last reachable rule of the most restrictive state. Each product state
/// visited is charged to `budget`; once it is spent the search is cautious.
#[must_use]
pub fn decision(
    policy: &Policy,
    value: &Spelled,
    budget: &mut Budget,
) -> (PermissionState, Option<String>) {
    if let Some(text) = value.as_static() {
        return policy.value_decision(&text);
    }
    let units = value_units(value);
    let mut too_long = units.len() > MAX_REACH_CODE_UNITS;
    let mut reached: Vec<(PermissionState, Option<&str>)> = Vec::new();
    let mut held = false;
    for rule in policy.rules().iter().rev() {
        let alternatives = alternatives(&rule.pattern, policy.home());
        let mut meet = too_long;
        let mut hold = false;
        for p in &alternatives {
            if too_long {
                break;
            }
            match (meets(&units, p, budget), holds(&units, p, budget)) {
                (Some(m), Some(h)) => {
                    meet |= m;
                    hold |= h;
                }
                // Past the budget: cautious from here on.
                _ => {
                    too_long = true;
                    meet = true;
                    hold = false;
                }
            }
        }
        if meet {
            reached.push((rule.state, Some(rule.pattern.as_str())));
        }
        if hold && !too_long {
            held = true;
            break;
        }
    }
    if !held {
        reached.push((policy.fallback(), None));
    }
    let worst = reached
        .iter()
        .map(|(s, _)| *s)
        .max()
        .unwrap_or(PermissionState::Ask);
    let pattern = reached
        .iter()
        .find(|(s, _)| *s == worst)
        .and_then(|(_, p)| p.map(str::to_owned));
    let agree = reached.iter().all(|(s, _)| *s == worst);
    let state = if agree { worst } else { PermissionState::Ask };
    (state, pattern)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::Rule;

    fn spelled(parts: &[Option<&str>]) -> Spelled {
        let mut out = Spelled::default();
        for part in parts {
            match part {
                Some(text) => out.lit(text),
                None => out.any(),
            }
        }
        out
    }

    fn units(parts: &[Option<&str>]) -> Vec<V> {
        value_units(&spelled(parts))
    }

    /// HARD-VALUE-5: meeting and holding, on the product of positions.
    #[test]
    fn hard_value_5_meets_and_holds() {
        let rows: &[(&[Option<&str>], &str, bool, bool)] = &[
            (&[Some("cat "), None], "*.env", true, false),
            (&[Some("cat "), None, Some(".rs")], "*.env", false, false),
            (&[Some("cat "), None], "cat *", true, true),
            (
                &[Some("cat /h/.s"), None, Some("h/id")],
                "*/.ssh/*",
                true,
                false,
            ),
            (&[Some("cat x")], "cat ?", true, true),
            (&[None], "*", true, true),
            (&[Some("ls "), None], "rm *", false, false),
            (&[Some("a"), None, Some("b")], "a?b", true, false),
        ];
        for (value, pattern, meet, hold) in rows {
            let (v, p) = (units(value), pattern_units(pattern));
            let budget = &mut Budget::default();
            assert_eq!(
                meets(&v, &p, budget),
                Some(*meet),
                "{value:?} meets {pattern}"
            );
            assert_eq!(
                holds(&v, &p, budget),
                Some(*hold),
                "{value:?} held by {pattern}"
            );
        }
    }

    /// HARD-VALUE-5: past the budget a value reaches every rule.
    #[test]
    fn hard_value_5_budget_is_cautious() {
        let rule = |p: &str, s| Rule {
            pattern: p.to_owned(),
            state: s,
        };
        let policy = Policy::new(
            vec![
                rule("*", PermissionState::Allow),
                rule("rm *", PermissionState::Deny),
            ],
            "/home/u",
        );
        let value = spelled(&[Some("ls "), None]);
        assert_eq!(
            decision(&policy, &value, &mut Budget::default()).0,
            PermissionState::Allow
        );
        assert_eq!(
            decision(&policy, &value, &mut Budget(0)).0,
            PermissionState::Ask
        );
    }

    /// HARD-VALUE-5: a glob alone does not spell a rule's literal text.
    #[test]
    fn hard_value_5_globs_fill_gaps_only() {
        let glob = |before: &str, after: &str| {
            let mut v: Vec<V> = before.encode_utf16().map(V::Unit).collect();
            v.push(V::Segment);
            v.extend(after.encode_utf16().map(V::Unit));
            v
        };
        let rows = [
            ("cat src/", ".rs", "*secret*", false),
            ("cat src/", ".rs", "*.env *", false),
            ("cat src/", ".rs", "cat *", true),
            ("cat ~/.s", "h/id_rsa", "*~/.ssh*", true),
            ("cat ~/", "/id_rsa", "*/.ssh/*", true),
            ("cat .e", "", "*.env", true),
        ];
        for (before, after, pattern, want) in rows {
            let got = meets(
                &glob(before, after),
                &pattern_units(pattern),
                &mut Budget::default(),
            )
            .unwrap_or(true);
            assert_eq!(got, want, "{before}<glob>{after} meets {pattern}");
        }
        let mut any: Vec<V> = "cat src/".encode_utf16().map(V::Unit).collect();
        any.push(V::Any);
        let budget = &mut Budget::default();
        let got = meets(&any, &pattern_units("*secret*"), budget);
        assert_eq!(got, Some(true), "a variable can be anything");
    }

    /// HARD-GLOB-1: a component-leading glob yields no leading dot, so it
    /// never spells `/.ssh/` after a `/`; the same glob after text does.
    #[test]
    fn hard_glob_1_no_leading_dot() {
        let lead = |before: &str, after: &str| {
            let mut v: Vec<V> = before.encode_utf16().map(V::Unit).collect();
            v.extend([V::FirstNotDot, V::Segment]);
            v.extend(after.encode_utf16().map(V::Unit));
            v
        };
        let rows = [
            ("cat ~/", "/id_rsa", "*/.ssh/*", false),
            ("cat ~/", "ssh/id_rsa", "*/.ssh/*", false),
            ("cat ~/", "/id_rsa", "cat ~/*", true),
            ("cat ~/", "/id_rsa", "cat ~/x?/*", true),
            ("cat ~/", "", "cat ~/", true),
            ("cat src/", "/x.rs", "*/.ssh/*", false),
            ("ls ", ".env", "*.env", true),
        ];
        for (before, after, pattern, want) in rows {
            let got = meets(
                &lead(before, after),
                &pattern_units(pattern),
                &mut Budget::default(),
            );
            assert_eq!(got, Some(want), "{before}<lead>{after} meets {pattern}");
        }
    }

    /// HARD-VALUE-5: a reachable deny asks; a rule holding the value stops the search.
    #[test]
    fn hard_value_5_decision() {
        let rule = |p: &str, s| Rule {
            pattern: p.to_owned(),
            state: s,
        };
        use PermissionState::{Allow, Ask, Deny};
        let policy = Policy::new(
            vec![rule("*", Ask), rule("cat *", Allow), rule("*.env", Deny)],
            "/home/u",
        );
        type Case<'a> = (&'a [Option<&'a str>], PermissionState, Option<&'a str>);
        let cases: &[Case<'_>] = &[
            (&[Some("cat "), None], Ask, Some("*.env")),
            (&[Some("cat "), None, Some(".rs")], Allow, Some("cat *")),
            (&[Some("cat "), None, Some(".env")], Deny, Some("*.env")),
            (&[Some("cat .env")], Deny, Some("*.env")),
            (&[None], Ask, Some("*.env")),
        ];
        for (value, state, pattern) in cases {
            let got = decision(&policy, &spelled(value), &mut Budget::default());
            assert_eq!(got, (*state, pattern.map(str::to_owned)), "{value:?}");
        }
    }
}
