//! WRAP-TIMEOUT-1, WRAP-TIMEOUT-2, WRAP-TIMEOUT-3, WRAP-TIME-1, WRAP-TIME-2,
//! WRAP-TIME-3, WRAP-WORD-1, WRAP-NT-1, WRAP-TRANS-1: the recognizers agree with a
//! real ECMAScript engine. `recognize_node/vectors.json` holds 4,000 inputs and
//! the captures Node's `RegExp` gave for the deployed patterns (regenerate with
//! `node tests/recognize_node/generate.js > tests/recognize_node/vectors.json`).

use inner_cmd_spec::recognize::{self, transcription};
use serde_json::Value;

#[test]
fn recognizers_agree_with_node() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/recognize_node/vectors.json"
    );
    let file: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let rows = file["rows"].as_array().unwrap();
    assert!(rows.len() >= 4000, "corpus shrank to {}", rows.len());
    let (mut timeout_matches, mut time_matches) = (0, 0);
    for row in rows {
        let input = row["input"].as_str().unwrap();
        let want_timeout: Option<(String, String)> =
            serde_json::from_value(row["timeout"].clone()).unwrap();
        let want_time: Option<String> = serde_json::from_value(row["time"].clone()).unwrap();
        let want_words: Vec<String> = serde_json::from_value(row["words"].clone()).unwrap();

        let hand =
            recognize::match_timeout(input).map(|m| (m.duration.to_owned(), m.inner.to_owned()));
        assert_eq!(hand, want_timeout, "timeout, hand-written, {input:?}");
        let regex = transcription::match_timeout(input)
            .unwrap()
            .map(|(d, i)| (d.to_owned(), i.to_owned()));
        assert_eq!(regex, want_timeout, "timeout, transcription, {input:?}");

        assert_eq!(
            recognize::match_time(input).map(str::to_owned),
            want_time,
            "time, hand-written, {input:?}"
        );
        assert_eq!(
            transcription::match_time(input).unwrap().map(str::to_owned),
            want_time,
            "time, transcription, {input:?}"
        );

        let words: Vec<&str> = ["timeout", "time", "env", "xargs"]
            .into_iter()
            .filter(|w| recognize::starts_with_word(input, w))
            .collect();
        assert_eq!(words, want_words, "words, {input:?}");

        timeout_matches += usize::from(want_timeout.is_some());
        time_matches += usize::from(want_time.is_some());
    }
    // The corpus must exercise matches, not only rejections.
    assert!(
        timeout_matches >= 100 && time_matches >= 100,
        "{timeout_matches} / {time_matches}"
    );
}
