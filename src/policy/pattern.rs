//! One compiled wildcard pattern (`POL-MATCH-*`), matched in linear time.
//!
//! The deployed package compiles a pattern to an ECMAScript `RegExp` (flag
//! `s`, no `u`) and backtracks, which is super-linear. This module gives the
//! same answers without backtracking: a pattern is a list of *pieces*
//! separated by `*`; every piece has a fixed length in UTF-16 code units, so
//! the first piece is anchored at the start, the last at the end, and each
//! middle piece is placed at its leftmost occurrence (placing it any later can
//! only shrink the room left for the pieces after it).
//!
//! Values are matched on their UTF-8 bytes directly with UTF-16 semantics: a
//! position may sit *between* the two surrogates of a supplementary character
//! (`?` consumes one code unit, `*` may stop half-way), which `Pos` models
//! with a `half` flag. Matching allocates nothing.

use std::borrow::Cow;

use super::home::expand_home;

/// A count of elementary matching steps, for the linearity test (`POL-MATCH-7`).
///
/// One step is one pattern element compared at one value position, one code
/// unit walked, or one byte handed to a substring search (Rust's `str::find`
/// is the linear Two-Way algorithm).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Work {
    /// Steps counted so far.
    pub steps: u64,
}

impl Work {
    pub(crate) fn add(&mut self, steps: usize) {
        self.steps = self
            .steps
            .saturating_add(u64::try_from(steps).unwrap_or(u64::MAX));
    }
}

/// A position in a value, in UTF-16 terms: `byte` is a char boundary; `half`
/// means "after the high surrogate of the (supplementary) char at `byte`".
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Pos {
    byte: usize,
    half: bool,
}

impl Pos {
    const START: Pos = Pos {
        byte: 0,
        half: false,
    };

    fn end(value: &str) -> Pos {
        Pos {
            byte: value.len(),
            half: false,
        }
    }

    /// The position one UTF-16 code unit further, or `None` at the end.
    fn next_unit(self, value: &str) -> Option<Pos> {
        if self.half {
            return Some(Pos {
                byte: self.byte + 4,
                half: false,
            });
        }
        let c = value.get(self.byte..)?.chars().next()?;
        Some(if c.len_utf16() == 2 {
            Pos {
                byte: self.byte,
                half: true,
            }
        } else {
            Pos {
                byte: self.byte + c.len_utf8(),
                half: false,
            }
        })
    }
}

/// One element of a piece: a literal character or `?` (one UTF-16 code unit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Element {
    Char(char),
    AnyUnit,
}

/// The text between two `*`: fixed length in UTF-16 code units.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Piece {
    elements: Vec<Element>,
    /// The piece as a plain string when it contains no `?` (fast search).
    literal: Option<String>,
    /// Length in UTF-16 code units.
    units: usize,
}

impl Piece {
    fn new(text: &str) -> Piece {
        let elements: Vec<Element> = text
            .chars()
            .map(|c| {
                if c == '?' {
                    Element::AnyUnit
                } else {
                    Element::Char(c)
                }
            })
            .collect();
        let units = elements
            .iter()
            .map(|e| match e {
                Element::Char(c) => c.len_utf16(),
                Element::AnyUnit => 1,
            })
            .sum();
        let literal = (!text.contains('?')).then(|| text.to_owned());
        Piece {
            elements,
            literal,
            units,
        }
    }

    /// Where the piece ends if it matches at `at`.
    fn match_at(&self, value: &str, at: Pos, work: &mut Work) -> Option<Pos> {
        if let Some(literal) = &self.literal {
            work.add(literal.len().max(1));
            if literal.is_empty() {
                return Some(at);
            }
            if at.half {
                return None;
            }
            return value
                .get(at.byte..)?
                .starts_with(literal.as_str())
                .then_some(Pos {
                    byte: at.byte + literal.len(),
                    half: false,
                });
        }
        let mut pos = at;
        for element in &self.elements {
            work.add(1);
            pos = match *element {
                Element::AnyUnit => pos.next_unit(value)?,
                Element::Char(c) => {
                    if pos.half || !value.get(pos.byte..)?.starts_with(c) {
                        return None;
                    }
                    Pos {
                        byte: pos.byte + c.len_utf8(),
                        half: false,
                    }
                }
            };
        }
        Some(pos)
    }

    /// Leftmost match starting at or after `from` and ending at or before `limit`.
    fn find(&self, value: &str, from: Pos, limit: Pos, work: &mut Work) -> Option<Pos> {
        if let Some(literal) = self.literal.as_deref().filter(|l| !l.is_empty()) {
            // A non-empty literal starts and ends on char boundaries.
            let start = if from.half { from.byte + 4 } else { from.byte };
            let haystack = value.get(start..limit.byte)?;
            let found = haystack.find(literal);
            work.add(found.map_or(haystack.len(), |i| i + literal.len()));
            return found.map(|i| Pos {
                byte: start + i + literal.len(),
                half: false,
            });
        }
        let mut candidate = from;
        loop {
            if candidate > limit {
                return None;
            }
            if let Some(end) = self.match_at(value, candidate, work) {
                // Later starts end later (fixed length): the leftmost is the best.
                return (end <= limit).then_some(end);
            }
            candidate = candidate.next_unit(value)?;
        }
    }
}

/// A `*`-glob without the optional trailing ` *`: pieces joined by "any sequence".
#[derive(Debug, Clone, PartialEq, Eq)]
struct Glob {
    /// Never empty; one piece means the pattern has no `*`.
    pieces: Vec<Piece>,
}

impl Glob {
    fn new(text: &str) -> Glob {
        Glob {
            pieces: text.split('*').map(Piece::new).collect(),
        }
    }

    /// The first byte every matching value starts with, when the first
    /// piece begins with a literal character.
    fn required_first_byte(&self) -> Option<u8> {
        match self.pieces.first()?.elements.first()? {
            Element::Char(c) => {
                let mut buffer = [0; 4];
                c.encode_utf8(&mut buffer).as_bytes().first().copied()
            }
            Element::AnyUnit => None,
        }
    }

    fn is_match(&self, value: &str, work: &mut Work) -> bool {
        let end = Pos::end(value);
        let (first, rest) = match self.pieces.split_first() {
            Some(split) => split,
            None => return false,
        };
        let Some(after_first) = first.match_at(value, Pos::START, work) else {
            return false;
        };
        let Some((last, middle)) = rest.split_last() else {
            return after_first == end;
        };
        let Some(last_start) = units_before_end(value, last.units, work) else {
            return false;
        };
        if last_start < after_first || last.match_at(value, last_start, work) != Some(end) {
            return false;
        }
        let mut pos = after_first;
        for piece in middle {
            match piece.find(value, pos, last_start, work) {
                Some(next) => pos = next,
                None => return false,
            }
        }
        true
    }
}

/// The position `units` UTF-16 code units before the end of `value`.
fn units_before_end(value: &str, units: usize, work: &mut Work) -> Option<Pos> {
    let mut byte = value.len();
    let mut remaining = units;
    while remaining > 0 {
        work.add(1);
        let c = value.get(..byte)?.chars().next_back()?;
        byte -= c.len_utf8();
        if c.len_utf16() > remaining {
            return Some(Pos { byte, half: true });
        }
        remaining -= c.len_utf16();
    }
    Some(Pos { byte, half: false })
}

/// A pattern after home expansion (`POL-MATCH-2`), as the `*`-globs it
/// matches with: the whole text, and without an optional trailing ` *`
/// (`POL-MATCH-6`). The one place that decides what a pattern's globs are,
/// shared by [`Pattern`] and the rule-set engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Alternatives<'a> {
    /// The whole expanded pattern.
    pub(crate) full: Cow<'a, str>,
}

impl Alternatives<'_> {
    /// The expanded pattern without its trailing ` *`, when it has one.
    pub(crate) fn without_tail(&self) -> Option<&str> {
        self.full.strip_suffix(" *")
    }

    /// Every glob the pattern matches with (one or two).
    pub(crate) fn globs(&self) -> impl Iterator<Item = &str> {
        std::iter::once(&*self.full).chain(self.without_tail())
    }
}

/// `pattern` with `~`/`$HOME` expanded to `home`, as its alternatives.
pub(crate) fn alternatives<'a>(pattern: &'a str, home: &str) -> Alternatives<'a> {
    Alternatives {
        full: expand_home(pattern, home),
    }
}

/// A compiled wildcard pattern (`POL-MATCH-1` … `POL-MATCH-6`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    /// The glob of the whole expanded pattern.
    full: Glob,
    /// When the expanded pattern ends with ` *`: the glob without it, since
    /// that trailing ` *` is optional.
    without_tail: Option<Glob>,
}

impl Pattern {
    /// Compiles `pattern`, expanding a leading `~` / `$HOME` to `home` (`POL-MATCH-2`).
    #[must_use]
    pub fn compile(pattern: &str, home: &str) -> Pattern {
        let expanded = alternatives(pattern, home);
        Pattern {
            full: Glob::new(&expanded.full),
            without_tail: expanded.without_tail().map(Glob::new),
        }
    }

    /// The first byte of every value this pattern matches, if there is one.
    ///
    /// A necessary condition only, used by [`super::matcher::RuleSet`] to skip
    /// rules without running them (`POL-MATCH-8`). With an optional trailing
    /// ` *` both alternatives must agree: `" *"` also matches the empty value.
    #[must_use]
    pub fn required_first_byte(&self) -> Option<u8> {
        let full = self.full.required_first_byte()?;
        match &self.without_tail {
            Some(glob) => (glob.required_first_byte()? == full).then_some(full),
            None => Some(full),
        }
    }

    /// Whether the pattern matches the whole `value` (`POL-MATCH-3` … `POL-MATCH-6`).
    #[must_use]
    pub fn is_match(&self, value: &str) -> bool {
        self.is_match_counted(value, &mut Work::default())
    }

    /// [`Pattern::is_match`], adding the steps taken to `work` (`POL-MATCH-7`).
    pub fn is_match_counted(&self, value: &str, work: &mut Work) -> bool {
        self.without_tail
            .as_ref()
            .is_some_and(|glob| glob.is_match(value, work))
            || self.full.is_match(value, work)
    }
}

#[cfg(test)]
mod tests {
    use super::{Pattern, Work};

    /// POL-MATCH-7: a literal middle piece's search counts the bytes it
    /// handed to `str::find`, up to the end of the occurrence: `*b*` against
    /// `aaab` is 1 step per empty anchored piece plus 3 + 1 for the search.
    #[test]
    fn literal_search_counts_the_bytes_it_scanned() {
        for (value, search) in [("aaab", 4), ("b", 1), ("aaaa", 4)] {
            let mut work = Work::default();
            let matched = Pattern::compile("*b*", "/h").is_match_counted(value, &mut work);
            assert_eq!(matched, value.contains('b'), "{value:?}");
            assert_eq!(work.steps, 2 + search, "{value:?}");
        }
    }

    /// POL-MATCH-8: a pattern that starts with a literal character requires
    /// its first byte; `?`, `*` or an empty pattern require none.
    #[test]
    fn required_first_byte_of_a_literal_start() {
        let first = |p: &str| Pattern::compile(p, "/h").required_first_byte();
        assert_eq!(first("git *"), Some(b'g'));
        assert_eq!(first("\u{e9}x"), Some(0xc3));
        assert_eq!(first("?x"), None);
        assert_eq!(first("*x"), None);
    }
}
