//! The `recognize_diff` target: hand-written recognizers == fancy-regex transcriptions.

use std::sync::OnceLock;

use fancy_regex::Regex;

use super::fields;
use crate::recognize::{self, transcription, NonTransparent, Wrapper};

/// The byte range of `part` inside `whole`, when `part` is a slice of it.
///
/// Captures are compared by position, not only by text: a recognizer that
/// returned equal text from elsewhere would still be wrong.
fn range_in(whole: &str, part: &str) -> Option<(usize, usize)> {
    let start = (part.as_ptr() as usize).checked_sub(whole.as_ptr() as usize)?;
    let end = start.checked_add(part.len())?;
    (end <= whole.len()).then_some((start, end))
}

/// The words whose word check is compared on every input (`WRAP-WORD-1`, `WRAP-NT-1`).
const WORDS: [&str; 4] = ["timeout", "time", "env", "xargs"];

/// [`transcription::word_pattern`] of each of [`WORDS`], compiled once.
///
/// [`transcription::starts_with_word`] compiles its pattern on every call,
/// which would cut this target's speed several times over; the fixed words
/// use these, the fuzzed word goes through that function itself.
fn word_regexes() -> &'static [(&'static str, Regex)] {
    static CELL: OnceLock<Vec<(&'static str, Regex)>> = OnceLock::new();
    CELL.get_or_init(|| {
        WORDS
            .iter()
            .map(|word| {
                let pattern = transcription::word_pattern(word);
                let regex = Regex::new(&pattern)
                    .unwrap_or_else(|e| panic!("WRAP-TRANS-1: {pattern:?} does not compile: {e}"));
                (*word, regex)
            })
            .collect()
    })
}

/// Fuzz check for the wrapper grammars (`WRAP-TRANS-1`, `WRAP-TIMEOUT-1`,
/// `WRAP-TIME-1`, `WRAP-WORD-1`, `WRAP-NEST-1`, `WRAP-NT-1`).
///
/// Input: `unit [0xFF word]` (see [`super::fields`]). Checks that on `unit`
/// - the hand-written `timeout` and `time` recognizers and their fancy-regex
///   transcriptions agree on match/no match and on every capture, by byte
///   range (`WRAP-TRANS-1`, `WRAP-TIMEOUT-1`, `WRAP-TIME-1`);
/// - [`Wrapper::recognize`] reports exactly those captures, and
///   [`recognize::is_recognized_wrapper`] is "either grammar matches" (`WRAP-NEST-1`);
/// - the word check `^WORD(?:[ \t]|$)` agrees with its transcription for
///   `timeout`, `time`, `env`, `xargs` and the fuzzed `word`, and the
///   wrappers' and non-transparent claims' word checks use it (`WRAP-WORD-1`, `WRAP-NT-1`).
///
/// # Panics
/// When one of these properties is violated, or when a transcription cannot
/// answer (it compiles fixed patterns and must not hit the engine's limits on
/// fuzz-sized inputs).
pub fn recognize_diff(data: &[u8]) {
    let [unit, word] = fields::<2>(data);
    let unit = unit.unwrap_or_default();
    let unit = unit.as_ref();

    let hand = recognize::match_timeout(unit)
        .map(|m| (range_in(unit, m.duration), range_in(unit, m.inner)));
    let oracle = transcription::match_timeout(unit)
        .unwrap_or_else(|e| panic!("WRAP-TRANS-1: timeout transcription failed on {unit:?}: {e}"))
        .map(|(duration, inner)| (range_in(unit, duration), range_in(unit, inner)));
    assert_eq!(
        hand, oracle,
        "WRAP-TRANS-1, WRAP-TIMEOUT-1: timeout recognizer (left) and transcription (right) \
         disagree on {unit:?}"
    );

    let hand_time = recognize::match_time(unit).map(|inner| range_in(unit, inner));
    let oracle_time = transcription::match_time(unit)
        .unwrap_or_else(|e| panic!("WRAP-TRANS-1: time transcription failed on {unit:?}: {e}"))
        .map(|inner| range_in(unit, inner));
    assert_eq!(
        hand_time, oracle_time,
        "WRAP-TRANS-1, WRAP-TIME-1: time recognizer (left) and transcription (right) \
         disagree on {unit:?}"
    );

    let wrapped = |wrapper: Wrapper| {
        wrapper.recognize(unit).map(|r| {
            (
                r.wrapper,
                r.duration.map(|d| range_in(unit, d)),
                range_in(unit, r.inner),
            )
        })
    };
    assert_eq!(
        wrapped(Wrapper::Timeout),
        oracle.map(|(duration, inner)| (Wrapper::Timeout, Some(duration), inner)),
        "WRAP-TIMEOUT-1: Wrapper::Timeout.recognize disagrees with the grammar on {unit:?}"
    );
    assert_eq!(
        wrapped(Wrapper::Time),
        oracle_time.map(|inner| (Wrapper::Time, None, inner)),
        "WRAP-TIME-1: Wrapper::Time.recognize disagrees with the grammar on {unit:?}"
    );
    assert_eq!(
        recognize::is_recognized_wrapper(unit),
        oracle.is_some() || oracle_time.is_some(),
        "WRAP-NEST-1: is_recognized_wrapper disagrees with the grammars on {unit:?}"
    );

    for (word, regex) in word_regexes() {
        let oracle = regex
            .is_match(unit)
            .unwrap_or_else(|e| panic!("WRAP-TRANS-1: word transcription failed on {word:?}: {e}"));
        assert_eq!(
            recognize::starts_with_word(unit, word),
            oracle,
            "WRAP-WORD-1: word check (left) and transcription (right) disagree on word {word:?} \
             in {unit:?}"
        );
    }
    if let Some(word) = word.as_deref().filter(|w| !w.is_empty()) {
        let oracle = transcription::starts_with_word(unit, word)
            .unwrap_or_else(|e| panic!("WRAP-TRANS-1: word transcription failed on {word:?}: {e}"));
        assert_eq!(
            recognize::starts_with_word(unit, word),
            oracle,
            "WRAP-WORD-1: word check (left) and transcription (right) disagree on word {word:?} \
             in {unit:?}"
        );
    }
    for wrapper in Wrapper::ALL {
        assert_eq!(
            wrapper.starts_with_word(unit),
            recognize::starts_with_word(unit, wrapper.word()),
            "WRAP-WORD-1: {wrapper}'s word check is not ^{wrapper}(?:[ \\t]|$) on {unit:?}"
        );
    }
    for claim in NonTransparent::ALL {
        assert_eq!(
            claim.claims(unit),
            recognize::starts_with_word(unit, claim.word()),
            "WRAP-NT-1: the {} claim is not its word check on {unit:?}",
            claim.word()
        );
    }
}
