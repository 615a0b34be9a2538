//! The words the grammar builds from: separators, commands, durations.
//!
//! Every table lists its simplest entry first (choice `0`).

use super::choices::Choices;

/// Every ECMAScript *WhiteSpace* character other than TAB and SPACE (`ECMA-2`):
/// the "wide" spaces tree-sitter treats as word characters.
pub const ECMA_WIDE_SPACES: &[char] = &[
    '\u{00A0}', '\u{1680}', '\u{2000}', '\u{2001}', '\u{2002}', '\u{2003}', '\u{2004}', '\u{2005}',
    '\u{2006}', '\u{2007}', '\u{2008}', '\u{2009}', '\u{200A}', '\u{202F}', '\u{205F}', '\u{3000}',
    '\u{FEFF}',
];

/// Separator-like characters outside `[ \t]`: line terminators (`ECMA-1`),
/// VT and FF (ECMAScript whitespace, bash separators), and U+0085, which is
/// neither ECMAScript whitespace nor a line terminator.
pub const ODD_BREAKS: &[char] = &[
    '\r', '\n', '\u{2028}', '\u{2029}', '\u{000B}', '\u{000C}', '\u{0085}',
];

/// Runs of the grammar's own separator class `[ \t]`.
const PLAIN_RUNS: &[&str] = &[" ", "  ", "\t", " \t", "\t\t ", "    "];

/// A separator made of `[ \t]` only.
pub fn plain_separator<C: Choices>(c: &mut C) -> String {
    c.pick(PLAIN_RUNS).copied().unwrap_or(" ").to_owned()
}

/// One character that is not `[ \t]` but looks or acts like a separator.
pub fn odd_char(c: &mut impl Choices) -> char {
    if c.percent(60) {
        c.pick(ECMA_WIDE_SPACES).copied().unwrap_or('\u{00A0}')
    } else {
        c.pick(ODD_BREAKS).copied().unwrap_or('\n')
    }
}

/// A separator that may contain wide spaces and line breaks, in one of the
/// placements `plain`, `plain+odd`, `odd`, `odd+plain`, `plain+odd+plain`.
///
/// Example outputs: `" "`, `" \u{00A0}"`, `"\u{3000}"`, `"\u{2028} "`, `"\t\u{0085}\t"`.
pub fn wide_separator<C: Choices>(c: &mut C) -> String {
    let odd = odd_char(c).to_string();
    match c.choose(5) {
        0 => plain_separator(c),
        1 => plain_separator(c) + &odd,
        2 => odd,
        3 => odd + &plain_separator(c),
        _ => {
            let head = plain_separator(c);
            head + &odd + &plain_separator(c)
        }
    }
}

/// Inner commands a wrapper may run. None starts with whitespace or `-`,
/// none is itself a wrapper. One holds NUL and an emoji, one ends with a
/// backslash, one continues over a line (`\` newline), which the grammars'
/// `.` does not cross.
pub const INNER_COMMANDS: &[&str] = &[
    "npm test",
    "ls",
    "pnpm build",
    "git status",
    "ls -la",
    "cargo test --lib",
    "echo hi",
    "make",
    "rm -rf build",
    "git push origin main",
    "python3 -m pytest -q",
    "cat README.md",
    "FOO=1 npm test",
    "grep -r timeout src",
    "sudo ls",
    "npm run time",
    "echo 😀 \u{0}",
    "cat 'a b' \\",
    "ls \\\n-la",
];

/// Sibling commands placed around the wrapper unit. None contains a wrapper word
/// at its start.
pub const SIBLING_COMMANDS: &[&str] = &[
    "echo EXIT",
    "cd /repo",
    "git push",
    "rm -rf /tmp/x",
    "tail -30",
    "curl -s http://example.invalid",
    "git status",
    "npm test",
    "cat /etc/passwd",
    "sudo reboot",
    "eval \"$CMD\"",
    "bash -c 'ls'",
    "ls",
];

/// How a `timeout` duration was written (`GEN-5`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DurationForm {
    /// Matches `[1-9][0-9]*(?:\.[0-9]+)?[smhd]?`: `30s`, `240`, `1.5h`, `2d`.
    Valid,
    /// Valid, and at least 20 digits long: `99999999999999999999s`.
    Huge,
    /// `0`, `0s`.
    Zero,
    /// `030s`, `0.5s`.
    LeadingZero,
    /// `100ms`.
    Millis,
    /// `5sec`, `2min`.
    Word,
    /// Malformed decimals: `.5s`, `1.`, `1.5.2`.
    BadDecimal,
    /// Other junk: `30S`, `-1`, `1e3`, `+5`.
    Junk,
}

impl DurationForm {
    /// Whether the timeout grammar accepts this duration.
    #[must_use]
    pub const fn is_valid(self) -> bool {
        matches!(self, Self::Valid | Self::Huge)
    }
}

const VALID_DURATIONS: &[&str] = &["30s", "240", "1", "10m", "1.5h", "2d", "1.25", "600s"];
const ZERO_DURATIONS: &[&str] = &["0", "0s", "0m"];
const LEADING_ZERO_DURATIONS: &[&str] = &["030s", "0.5s", "00", "01"];
const MILLIS_DURATIONS: &[&str] = &["100ms", "5ms"];
const WORD_DURATIONS: &[&str] = &["5sec", "2min", "1hr", "3days"];
const BAD_DECIMALS: &[&str] = &[".5s", "1.", "1.5.2", "1..5"];
const JUNK_DURATIONS: &[&str] = &["30S", "-1", "1e3", "+5", "5_s", "∞"];

/// A duration of the given form. Example: `Valid` → `"1.5h"`, `Huge` → `"4000000000000000000000s"`.
pub fn duration(c: &mut impl Choices, form: DurationForm) -> String {
    let table = match form {
        DurationForm::Valid => VALID_DURATIONS,
        DurationForm::Zero => ZERO_DURATIONS,
        DurationForm::LeadingZero => LEADING_ZERO_DURATIONS,
        DurationForm::Millis => MILLIS_DURATIONS,
        DurationForm::Word => WORD_DURATIONS,
        DurationForm::BadDecimal => BAD_DECIMALS,
        DurationForm::Junk => JUNK_DURATIONS,
        DurationForm::Huge => {
            let digits = 20 + c.choose(40);
            let suffix = ["", "s", "m", "h", "d"][c.choose(5)];
            return format!("4{}{suffix}", "0".repeat(digits));
        }
    };
    c.pick(table).copied().unwrap_or("1").to_owned()
}

/// A duration form; valid ones are the most likely.
pub fn duration_form(c: &mut impl Choices) -> DurationForm {
    const FORMS: [DurationForm; 8] = [
        DurationForm::Valid,
        DurationForm::Huge,
        DurationForm::Zero,
        DurationForm::LeadingZero,
        DurationForm::Millis,
        DurationForm::Word,
        DurationForm::BadDecimal,
        DurationForm::Junk,
    ];
    let index = c.weighted(&[40, 6, 8, 8, 8, 8, 8, 8]);
    FORMS.get(index).copied().unwrap_or(DurationForm::Valid)
}
