//! The wrapper grammars, example by example (spec chapter 3). Expected
//! captures are worked out by hand from the ECMAScript meaning of the
//! patterns; each row runs both the hand-written recognizer and the
//! transcribed regex.

use inner_cmd_spec::recognize::{self, transcription, NonTransparent, Wrapper};

/// (label, unit, Some((duration, inner))).
type TimeoutRow = (
    &'static str,
    &'static str,
    Option<(&'static str, &'static str)>,
);

/// WRAP-TIMEOUT-1, WRAP-TIMEOUT-2, WRAP-TIMEOUT-3: (label, unit, Some((duration, inner))).
#[rustfmt::skip]
const TIMEOUT_ROWS: &[TimeoutRow] = &[
    ("WRAP-TIMEOUT-1 plain seconds", "timeout 30s pnpm test", Some(("30s", "pnpm test"))),
    ("WRAP-TIMEOUT-2 no unit", "timeout 240 pnpm install", Some(("240", "pnpm install"))),
    ("WRAP-TIMEOUT-2 fraction and hours", "timeout 1.5h make", Some(("1.5h", "make"))),
    ("WRAP-TIMEOUT-2 days", "timeout 2d x", Some(("2d", "x"))),
    ("WRAP-TIMEOUT-1 tabs and runs of blanks", "timeout\t \t10\t\t x  y ", Some(("10", "x  y "))),
    ("WRAP-TIMEOUT-3 two blanks, nothing after: inner is the last blank", "timeout 30s  ", Some(("30s", " "))),
    ("WRAP-TIMEOUT-3 space then tab, nothing after: inner is the tab", "timeout 30s \t", Some(("30s", "\t"))),
    ("WRAP-TIMEOUT-3 one blank, nothing after", "timeout 30s ", None),
    ("WRAP-TIMEOUT-3 no blank after the duration", "timeout 30s", None),
    ("WRAP-TIMEOUT-3 line feed in the inner command", "timeout 5 a\nb", None),
    ("WRAP-TIMEOUT-3 U+2028 in the inner command", "timeout 5 a\u{2028}", None),
    ("WRAP-TIMEOUT-3 trailing line feed after blanks", "timeout 5  \n", None),
    ("WRAP-TIMEOUT-3 U+0085 is not a line terminator", "timeout 5 a\u{85}b", Some(("5", "a\u{85}b"))),
    ("WRAP-TIMEOUT-3 NBSP starts the inner command", "timeout 5 \u{a0}x", Some(("5", "\u{a0}x"))),
    ("WRAP-TIMEOUT-3 astral characters", "timeout 5 echo 😀", Some(("5", "echo 😀"))),
    ("WRAP-TIMEOUT-2 NBSP is not a separator", "timeout 5\u{a0}x", None),
    ("WRAP-TIMEOUT-2 a dot without decimals", "timeout 1. x", None),
    ("WRAP-TIMEOUT-2 leading zero", "timeout 05 x", None),
    ("WRAP-TIMEOUT-2 zero", "timeout 0 x", None),
    ("WRAP-TIMEOUT-2 multi-letter unit", "timeout 10ms x", None),
    ("WRAP-TIMEOUT-2 flag", "timeout -k 5 10 x", None),
    ("WRAP-TIMEOUT-2 long flag", "timeout --preserve-status 10 x", None),
    ("WRAP-TIMEOUT-1 no blank after the word", "timeout5 x", None),
    ("WRAP-TIMEOUT-1 leading space", " timeout 5 x", None),
    ("WRAP-TIMEOUT-1 case matters", "Timeout 5 x", None),
];

/// WRAP-TIME-1, WRAP-TIME-2, WRAP-TIME-3: (label, unit, Some(inner)).
#[rustfmt::skip]
const TIME_ROWS: &[(&str, &str, Option<&str>)] = &[
    ("WRAP-TIME-1 plain", "time pnpm build", Some("pnpm build")),
    ("WRAP-TIME-1 blank run is consumed whole", "time \t  make  ", Some("make  ")),
    ("WRAP-TIME-2 dash flag", "time -p ls", None),
    ("WRAP-TIME-2 double dash", "time -- ls", None),
    ("WRAP-TIME-2 blanks then dash", "time   -o F ls", None),
    ("WRAP-TIME-2 NBSP cannot be smuggled into the inner command", "time \u{a0}ls", None),
    ("WRAP-TIME-2 U+FEFF is whitespace", "time \u{feff}ls", None),
    ("WRAP-TIME-2 U+3000 is whitespace", "time \u{3000}ls", None),
    ("WRAP-TIME-2 U+000B is whitespace", "time \u{b}ls", None),
    ("WRAP-TIME-2 U+0085 is not whitespace", "time \u{85}ls", Some("\u{85}ls")),
    ("WRAP-TIME-2 dash later is fine", "time ls -la", Some("ls -la")),
    ("WRAP-TIME-3 bare", "time", None),
    ("WRAP-TIME-3 blanks only: backtracking cannot give the inner a blank", "time   ", None),
    ("WRAP-TIME-3 line terminator", "time ls\r", None),
    ("WRAP-TIME-3 U+2029", "time ls\u{2029}x", None),
    ("WRAP-TIME-1 no blank after the word", "timex", None),
    ("WRAP-TIME-1 /usr/bin/time", "/usr/bin/time ls", None),
    ("WRAP-TIME-1 timeout is not time", "timeout 5 x", None),
];

#[test]
fn timeout_rows() {
    for (label, unit, want) in TIMEOUT_ROWS {
        let got = recognize::match_timeout(unit).map(|m| (m.duration, m.inner));
        assert_eq!(got, *want, "hand-written: {label}");
        assert_eq!(
            transcription::match_timeout(unit).unwrap(),
            *want,
            "transcription: {label}"
        );
        let via_enum = Wrapper::Timeout
            .recognize(unit)
            .map(|r| (r.duration.unwrap(), r.inner));
        assert_eq!(via_enum, *want, "Wrapper::Timeout: {label}");
    }
}

#[test]
fn time_rows() {
    for (label, unit, want) in TIME_ROWS {
        assert_eq!(recognize::match_time(unit), *want, "hand-written: {label}");
        assert_eq!(
            transcription::match_time(unit).unwrap(),
            *want,
            "transcription: {label}"
        );
        assert_eq!(
            Wrapper::Time.recognize(unit).map(|r| r.inner),
            *want,
            "Wrapper::Time: {label}"
        );
    }
}

/// WRAP-WORD-1, WRAP-NT-1: `^WORD(?:[ \t]|$)`.
#[test]
fn word_checks() {
    #[rustfmt::skip]
    let rows: &[(&str, &str, bool)] = &[
        ("timeout", "timeout", true), ("timeout", "timeout -k", true), ("timeout", "timeout\tx", true),
        ("timeout", "timeouts", false), ("timeout", "timeout\u{a0}x", false), ("timeout", "timeout\nx", false),
        ("timeout", " timeout", false), ("time", "time", true), ("time", "time -p", true), ("time", "timeout 5 x", false),
        ("time", "times", false), ("env", "env", true), ("env", "env -i x", true), ("env", "envsubst", false),
        ("xargs", "xargs rm", true), ("xargs", "xargs", true), ("xargs", "xargs0", false),
    ];
    for (word, input, want) in rows {
        assert_eq!(
            recognize::starts_with_word(input, word),
            *want,
            "{word} / {input:?}"
        );
        assert_eq!(
            transcription::starts_with_word(input, word).unwrap(),
            *want,
            "transcription {word} / {input:?}"
        );
    }
    assert_eq!(Wrapper::Timeout.word(), "timeout");
    assert_eq!(Wrapper::Time.word(), "time");
    assert!(NonTransparent::Env.claims("env FOO=1 make"));
    assert!(!NonTransparent::Xargs.claims("find . | xargs rm"));
}

/// WRAP-NEST-1: the strict check is the grammar of either wrapper, not the word.
#[test]
fn strict_recognition() {
    #[rustfmt::skip]
    let rows: &[(&str, bool)] = &[
        ("time x", true), ("timeout 10 x", true), ("time -p x", false), ("timeout -k 1 2 x", false),
        ("time", false), ("timeout", false), ("x", false), ("timeout 10  ", true),
    ];
    for (input, want) in rows {
        assert_eq!(recognize::is_recognized_wrapper(input), *want, "{input:?}");
    }
}

/// WRAP-TRANS-1, ECMA-2, ECMA-3: the transcription's explicit classes are exactly the ECMAScript sets.
#[test]
fn transcribed_classes_are_ecmascript() {
    let dot = fancy_regex::Regex::new(&format!("^{}$", transcription::ECMA_DOT)).unwrap();
    let space = fancy_regex::Regex::new(&format!("^[{}]$", transcription::ECMA_WHITESPACE_MEMBERS))
        .unwrap();
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        let s = c.to_string();
        assert_eq!(
            dot.is_match(&s).unwrap(),
            inner_cmd_spec::ecma::is_dot(c),
            "dot U+{:04X}",
            c as u32
        );
        assert_eq!(
            space.is_match(&s).unwrap(),
            inner_cmd_spec::ecma::is_whitespace(c),
            "space U+{:04X}",
            c as u32
        );
    }
}
