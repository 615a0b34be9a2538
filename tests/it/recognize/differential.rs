//! WRAP-TRANS-1: the hand-written recognizers and the transcribed ECMAScript
//! regexes agree on every input — exhaustively over short strings of an
//! adversarial alphabet, and on random strings built from pieces that
//! exercise every class boundary (all ECMAScript whitespace, U+0085, the line
//! terminators, astral characters, NUL).

use inner_cmd_spec::recognize::{self, transcription};
use proptest::prelude::*;

/// Characters on both sides of every class the grammars use.
const ALPHABET: &[char] = &[
    ' ', '\t', '1', '0', '.', 's', 'm', '-', 'x', '\n', '\u{a0}', '\u{85}', '\u{2028}', '\u{feff}',
    '😀',
];

fn word_regexes() -> &'static [(&'static str, fancy_regex::Regex)] {
    static CELL: std::sync::OnceLock<Vec<(&'static str, fancy_regex::Regex)>> =
        std::sync::OnceLock::new();
    CELL.get_or_init(|| {
        ["timeout", "time", "env", "xargs"]
            .into_iter()
            .map(|w| {
                (
                    w,
                    fancy_regex::Regex::new(&transcription::word_pattern(w)).unwrap(),
                )
            })
            .collect()
    })
}

fn agree(input: &str) {
    let hand = recognize::match_timeout(input).map(|m| (m.duration, m.inner));
    let regex = transcription::match_timeout(input).expect("regex answers");
    assert_eq!(hand, regex, "timeout grammar on {input:?}");
    let hand = recognize::match_time(input);
    let regex = transcription::match_time(input).expect("regex answers");
    assert_eq!(hand, regex, "time grammar on {input:?}");
    for (word, regex) in word_regexes() {
        assert_eq!(
            recognize::starts_with_word(input, word),
            regex.is_match(input).expect("regex answers"),
            "word {word} on {input:?}"
        );
    }
}

fn for_each_string(len: usize, prefix: &mut String, visit: &mut dyn FnMut(&str)) {
    visit(prefix);
    if len == 0 {
        return;
    }
    for &c in ALPHABET {
        prefix.push(c);
        for_each_string(len - 1, prefix, visit);
        prefix.pop();
    }
}

/// WRAP-TRANS-1, WRAP-TIMEOUT-3, WRAP-TIME-2: every string of up to 4 alphabet characters after each wrapper word.
#[test]
fn exhaustive_short_suffixes() {
    let mut checked = 0usize;
    for word in [
        "timeout",
        "timeout ",
        "timeout 1",
        "timeout 1.",
        "time",
        "time ",
    ] {
        let mut prefix = word.to_owned();
        for_each_string(4, &mut prefix, &mut |s| {
            agree(s);
            checked += 1;
        });
    }
    assert!(checked > 6 * 15usize.pow(4), "visited {checked}");
}

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("timeout".to_owned()),
        Just("time".to_owned()),
        Just("env".to_owned()),
        Just("xargs".to_owned()),
        "[1-9][0-9]{0,2}(\\.[0-9]{0,2})?[smhdx]?",
        Just(" ".to_owned()),
        Just("\t".to_owned()),
        Just("-".to_owned()),
        prop::sample::select(vec![
            "\u{0b}", "\u{0c}", "\u{a0}", "\u{1680}", "\u{2000}", "\u{200a}", "\u{202f}",
            "\u{205f}", "\u{3000}", "\u{feff}", "\u{85}", "\n", "\r", "\u{2028}", "\u{2029}", "\0",
            "😀", "é",
        ])
        .prop_map(str::to_owned),
        "[a-z|&;]{1,4}",
    ]
}

fn wrapper_like() -> impl Strategy<Value = String> {
    prop::collection::vec(piece(), 0..12).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 5_000, ..ProptestConfig::default() })]

    /// WRAP-TRANS-1: random compositions of grammar pieces.
    #[test]
    fn random_compositions(input in wrapper_like()) {
        agree(&input);
    }

    /// WRAP-TRANS-1: random compositions that start with a wrapper word and a blank.
    #[test]
    fn random_after_a_wrapper_word(word in prop::sample::select(vec!["timeout ", "time ", "timeout\t", "time\t"]), rest in wrapper_like()) {
        agree(&format!("{word}{rest}"));
    }

    /// WRAP-TRANS-1: arbitrary Unicode strings.
    #[test]
    fn arbitrary_strings(input in "\\PC{0,24}") {
        agree(&input);
        agree(&format!("timeout 5 {input}"));
        agree(&format!("time {input}"));
    }
}
