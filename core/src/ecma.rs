//! ECMAScript string primitives (spec chapter 1, `ECMA-*`).
//!
//! The deployed system is written in TypeScript, so its grammars and guards
//! mean what ECMAScript says, not what Rust's `regex` or `char::is_whitespace`
//! say. Every other module takes its whitespace, line terminators, `trim()`
//! and `indexOf` from here, so that the difference is decided in one place.
//!
//! Rust strings hold Unicode scalar values, so a lone surrogate can never reach
//! these functions: it is rejected where JSON is decoded (`PROTO-*`). For
//! well-formed strings, searching UTF-8 bytes finds exactly the matches that
//! searching UTF-16 code units finds, so byte offsets are used throughout.

/// ECMAScript *LineTerminator* (`ECMA-1`): LF, CR, LINE SEPARATOR, PARAGRAPH SEPARATOR.
#[must_use]
pub const fn is_line_terminator(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')
}

/// ECMAScript *WhiteSpace* ∪ *LineTerminator*, the set `\s` and `trim()` use (`ECMA-2`).
///
/// Differs from [`char::is_whitespace`]: it contains U+FEFF and does not
/// contain U+0085 (NEXT LINE).
#[must_use]
pub const fn is_whitespace(c: char) -> bool {
    matches!(
        c,
        '\t' | '\u{000B}' | '\u{000C}' | ' ' | '\u{00A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}' | '\u{FEFF}'
    ) || is_line_terminator(c)
}

/// ECMAScript `.` without the `s` flag: any code unit but a line terminator (`ECMA-3`).
#[must_use]
pub const fn is_dot(c: char) -> bool {
    !is_line_terminator(c)
}

/// ECMAScript `String.prototype.trim()` (`ECMA-4`).
#[must_use]
pub fn trim(s: &str) -> &str {
    s.trim_matches(is_whitespace)
}

/// Empty after [`trim`]: the meaning of "blank" everywhere in the spec (`ECMA-4`).
#[must_use]
pub fn is_blank(s: &str) -> bool {
    trim(s).is_empty()
}

/// ECMAScript `haystack.indexOf(needle, from)`, in byte offsets (`ECMA-5`).
///
/// `from` past the end finds an empty needle at the end and nothing else,
/// as in ECMAScript. `from` is clamped down to a character boundary.
#[must_use]
pub fn index_of(haystack: &str, needle: &str, from: usize) -> Option<usize> {
    let mut start = from.min(haystack.len());
    while !haystack.is_char_boundary(start) {
        start -= 1;
    }
    haystack
        .get(start..)
        .and_then(|rest| rest.find(needle))
        .map(|i| i + start)
}

/// Length of `s` in UTF-16 code units, the unit of ECMAScript `length`.
#[must_use]
pub fn utf16_len(s: &str) -> usize {
    s.chars().map(char::len_utf16).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ECMA-2: the exact membership of `\s`, checked over every code point.
    #[test]
    fn ecma_2_whitespace_membership_is_exact() {
        let listed: Vec<u32> = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680]
            .into_iter()
            .chain(0x2000..=0x200A)
            .chain([0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF])
            .collect();
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            assert_eq!(
                is_whitespace(c),
                listed.contains(&(c as u32)),
                "U+{:04X}",
                c as u32
            );
        }
        assert!(!is_whitespace('\u{0085}'));
    }

    /// ECMA-1, ECMA-3: `.` excludes exactly the four line terminators.
    #[test]
    fn ecma_3_dot_excludes_exactly_line_terminators() {
        for c in ['\n', '\r', '\u{2028}', '\u{2029}'] {
            assert!(!is_dot(c));
        }
        for c in ['\u{0085}', '\u{000B}', '\u{000C}', 'a', '\u{1F600}', '\0'] {
            assert!(is_dot(c));
        }
    }

    /// ECMA-4: trim removes U+FEFF and Unicode spaces, keeps U+0085.
    #[test]
    fn ecma_4_trim_table() {
        let rows = [
            ("  a  ", "a"),
            ("\u{FEFF}a\u{3000}", "a"),
            ("\u{0085}a", "\u{0085}a"),
            ("\u{2028}\u{00A0}\t", ""),
            ("a b", "a b"),
        ];
        for (input, want) in rows {
            assert_eq!(trim(input), want, "{input:?}");
        }
        assert!(is_blank("\u{FEFF}\u{205F}"));
        assert!(!is_blank("\u{0085}"));
    }

    /// ECMA-5: indexOf with a start offset, including an overlapping second occurrence.
    #[test]
    fn ecma_5_index_of_table() {
        let rows: [(&str, &str, usize, Option<usize>); 7] = [
            ("aaa", "aa", 0, Some(0)),
            ("aaa", "aa", 2, None),
            ("abab", "ab", 2, Some(2)),
            ("ab", "", 9, Some(2)),
            ("é x", "x", 1, Some(3)),
            ("xyz", "q", 0, None),
            // A byte offset inside a character is that character's UTF-16
            // position: the search starts at the character, not after it.
            ("éé", "é", 1, Some(0)),
        ];
        for (h, n, from, want) in rows {
            assert_eq!(index_of(h, n, from), want, "{h:?}.indexOf({n:?}, {from})");
        }
    }

    /// ECMA-5, POL-LIMIT-1: lengths are counted in UTF-16 code units, so a
    /// character outside the BMP counts two and a multi-byte BMP one counts one.
    #[test]
    fn utf16_len_counts_code_units() {
        let rows = [
            ("", 0),
            ("a", 1),
            ("é", 1),
            ("\u{3000}", 1),
            ("😀", 2),
            ("a€😀", 4),
        ];
        for (s, want) in rows {
            assert_eq!(utf16_len(s), want, "{s:?}");
        }
    }
}
