//! The `recognize_diff` target: hand-written recognizers == fancy-regex transcriptions.

use super::fields;
use crate::invariants::check_recognizers_agree;
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

/// Fuzz check for the wrapper grammars (`WRAP-TRANS-1`, `WRAP-TIMEOUT-1`,
/// `WRAP-TIME-1`, `WRAP-WORD-1`, `WRAP-NEST-1`, `WRAP-NT-1`).
///
/// Input: `unit [0xFF word]` (see [`super::fields`]). Checks on `unit` that
/// - [`check_recognizers_agree`], the invariant the property tests use,
///   holds: the hand-written `timeout`/`time` recognizers and word checks
///   answer what their fancy-regex transcriptions answer (`WRAP-TRANS-1`);
/// - the captures are the transcription's by byte range, not just by text,
///   and [`Wrapper::recognize`] reports exactly them (`WRAP-TIMEOUT-1`,
///   `WRAP-TIME-1`); [`recognize::is_recognized_wrapper`] is "either
///   grammar matches" (`WRAP-NEST-1`);
/// - the word check `^WORD(?:[ \t]|$)` agrees with its transcription for
///   `env`, `xargs` and the fuzzed `word`, and the non-transparent claims are
///   that check (`WRAP-WORD-1`, `WRAP-NT-1`).
///
/// As in [`check_recognizers_agree`], a transcription that cannot evaluate
/// (the regex engine's backtracking limit) is not compared.
///
/// # Panics
/// When one of these properties is violated.
pub fn recognize_diff(data: &[u8]) {
    let [unit, word] = fields::<2>(data);
    let unit = unit.unwrap_or_default();
    let unit = unit.as_ref();

    if let Err(violation) = check_recognizers_agree(unit) {
        panic!("WRAP-TRANS-1: {violation}");
    }

    let timeout = transcription::match_timeout(unit).ok().map(|m| {
        m.map(|(duration, inner)| (Some(range_in(unit, duration)), range_in(unit, inner)))
    });
    let time = transcription::match_time(unit)
        .ok()
        .map(|m| m.map(|inner| (None, range_in(unit, inner))));
    let recognized = |wrapper: Wrapper| {
        wrapper.recognize(unit).map(|r| {
            assert_eq!(
                r.wrapper, wrapper,
                "WRAP-NEST-1: {wrapper} reported another wrapper"
            );
            (
                r.duration.map(|d| range_in(unit, d)),
                range_in(unit, r.inner),
            )
        })
    };
    if let Some(expected) = timeout {
        assert_eq!(
            recognized(Wrapper::Timeout),
            expected,
            "WRAP-TIMEOUT-1: Wrapper::Timeout.recognize (left) and the transcription (right) \
             capture different ranges of {unit:?}"
        );
    }
    if let Some(expected) = time {
        assert_eq!(
            recognized(Wrapper::Time),
            expected,
            "WRAP-TIME-1: Wrapper::Time.recognize (left) and the transcription (right) \
             capture different ranges of {unit:?}"
        );
    }
    if let (Some(timeout), Some(time)) = (timeout, time) {
        assert_eq!(
            recognize::is_recognized_wrapper(unit),
            timeout.is_some() || time.is_some(),
            "WRAP-NEST-1: is_recognized_wrapper disagrees with the grammars on {unit:?}"
        );
    }

    // The non-transparent words, which `check_recognizers_agree` does not cover.
    for word in NonTransparent::ALL.map(NonTransparent::word) {
        if let Ok(expected) = transcription::starts_with_word(unit, word) {
            assert_eq!(
                recognize::starts_with_word(unit, word),
                expected,
                "WRAP-WORD-1: word check (left) and transcription (right) disagree on \
                 word {word:?} in {unit:?}"
            );
        }
    }
    if let Some(word) = word.as_deref().filter(|w| !w.is_empty()) {
        if let Ok(expected) = transcription::starts_with_word(unit, word) {
            assert_eq!(
                recognize::starts_with_word(unit, word),
                expected,
                "WRAP-WORD-1: word check (left) and transcription (right) disagree on \
                 word {word:?} in {unit:?}"
            );
        }
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
