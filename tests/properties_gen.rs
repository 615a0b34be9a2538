//! The generators' own guarantees (spec chapter 11, `GEN-*`).
//!
//! Run with `cargo test --test properties_gen --features proptest` (or
//! `--all-features`). Without a generator feature this file is empty.
#![cfg(feature = "proptest")]

use fancy_regex::Regex;
use inner_cmd_spec::gen::proptest_front::{cases, cases_of};
use inner_cmd_spec::gen::{
    build, build_shape, replay, ByteChoices, Case, Guard, Layer, LayerForm, Placement, Route,
    Shape, Weights, Wrapper, ECMA_WIDE_SPACES, INNER_COMMANDS, ODD_BREAKS, SIBLING_COMMANDS,
};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use serde_json::Value;

/// 1000 cases per property by default; `PROPTEST_CASES` scales it.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/properties_gen.txt",
        ))),
        ..ProptestConfig::with_cases(cases)
    }
}

/// ECMAScript `.`, `\s` and `$` spelled out for fancy-regex (chapter 1), so the
/// grammars below mean what they mean in the deployed TypeScript.
const DOT: &str = r"[^\n\r\u{2028}\u{2029}]";
const SPACE: &str = r"[\t\n\x0B\x0C\r \u{A0}\u{1680}\u{2000}-\u{200A}\u{2028}\u{2029}\u{202F}\u{205F}\u{3000}\u{FEFF}]";

fn timeout_grammar() -> Regex {
    Regex::new(&format!(
        r"\A(?:timeout[ \t]+([1-9][0-9]*(?:\.[0-9]+)?[smhd]?)[ \t]+({DOT}+))\z"
    ))
    .unwrap()
}

fn time_grammar() -> Regex {
    Regex::new(&format!(r"\A(?:time[ \t]+(?![-]|{SPACE})({DOT}+))\z")).unwrap()
}

/// The inner command a strict grammar captures from `unit`, if any.
fn grammar_capture(unit: &str) -> Option<String> {
    if let Some(caps) = timeout_grammar().captures(unit).unwrap() {
        return Some(caps.get(2).unwrap().as_str().to_owned());
    }
    time_grammar()
        .captures(unit)
        .unwrap()
        .map(|caps| caps.get(1).unwrap().as_str().to_owned())
}

/// An independent reading of the input guards of chapter 2: the guards `details`
/// (with the given live session) violates.
fn violated_guards(case: &Case) -> Vec<Guard> {
    let d = &case.details;
    let mut out = Vec::new();
    let is_bash = |v: Option<&Value>| v.and_then(Value::as_str) == Some("bash");
    let wrong_string =
        |v: Option<&Value>| v.is_some_and(|v| v.as_str().is_some_and(|s| s != "bash"));
    if d.get("forwarding").is_some() {
        out.push(Guard::ForwardingPresent);
    }
    if case.live_session != case.registered_session {
        out.push(Guard::SessionMismatch);
    }
    if !is_bash(d.get("toolName")) {
        out.push(Guard::WrongToolName);
    }
    let Some(payload) = d.get("payload").and_then(Value::as_object) else {
        out.push(Guard::WrongType);
        return out;
    };
    if !is_bash(payload.get("kind")) {
        out.push(Guard::WrongKind);
    }
    match payload.get("evidence") {
        Some(Value::Array(entries)) if !entries.iter().all(Value::is_object) => {
            out.push(Guard::EvidenceNotArray);
        }
        Some(Value::Array(entries)) => {
            let full: Vec<&Value> = entries
                .iter()
                .filter(|e| e.get("label").and_then(Value::as_str) == Some("full command"))
                .collect();
            match full.as_slice() {
                [] => {}
                [one] => match one.get("text") {
                    Some(Value::String(text)) if text.trim_matches(is_ecma_space).is_empty() => {
                        out.push(Guard::BlankFullCommand);
                    }
                    Some(Value::String(_)) => {}
                    _ => out.push(Guard::NonStringFullCommand),
                },
                _ => out.push(Guard::DuplicateFullCommand),
            }
        }
        _ => out.push(Guard::EvidenceNotArray),
    }
    let Some(request) = payload.get("request") else {
        out.push(Guard::MissingRequest);
        return out;
    };
    let Some(request) = request.as_object() else {
        out.push(Guard::WrongType);
        return out;
    };
    match request.get("requester").and_then(|r| r.get("forwarded")) {
        None => out.push(Guard::ForwardedMissing),
        Some(Value::Bool(true)) => out.push(Guard::ForwardedTrue),
        Some(Value::Bool(false)) => {}
        Some(_) => out.push(Guard::WrongType),
    }
    if !is_bash(request.get("surface")) {
        out.push(Guard::WrongSurface);
    }
    if wrong_string(request.get("toolName")) {
        out.push(Guard::WrongRequestToolName);
    } else if !is_bash(request.get("toolName")) {
        out.push(Guard::WrongType);
    }
    if request.get("invokedToolName") != Some(&Value::Null) {
        out.push(Guard::InvokedToolNameNonNull);
    }
    match request.get("value") {
        Some(Value::String(value)) => {
            if value.trim_matches(is_ecma_space).is_empty() {
                out.push(Guard::BlankValue);
            }
            if d.get("command").is_some_and(|c| c.as_str() != Some(value)) {
                out.push(Guard::LegacyCommandMismatch);
            }
        }
        _ => out.push(Guard::WrongType),
    }
    out
}

/// Characters that act or look like separators (Rust's or ECMAScript's
/// whitespace); NUL and other controls are word characters to bash.
fn is_separator_like(c: char) -> bool {
    c.is_whitespace() || SPACE_CHARS.contains(&c)
}

fn is_ecma_space(c: char) -> bool {
    SPACE_CHARS.contains(&c)
}

const SPACE_CHARS: &[char] = &[
    '\t', '\n', '\u{0B}', '\u{0C}', '\r', ' ', '\u{A0}', '\u{1680}', '\u{2000}', '\u{2001}',
    '\u{2002}', '\u{2003}', '\u{2004}', '\u{2005}', '\u{2006}', '\u{2007}', '\u{2008}', '\u{2009}',
    '\u{200A}', '\u{2028}', '\u{2029}', '\u{202F}', '\u{205F}', '\u{3000}', '\u{FEFF}',
];

/// The full command the details present: the single full-command evidence text, else the value.
fn presented_full(case: &Case) -> Option<String> {
    let payload = case.details.get("payload")?;
    let from_evidence = payload
        .get("evidence")?
        .as_array()?
        .iter()
        .find(|e| e.get("label").and_then(Value::as_str) == Some("full command"))
        .and_then(|e| e.get("text"))
        .and_then(Value::as_str);
    from_evidence
        .or_else(|| payload.get("request")?.get("value")?.as_str())
        .map(str::to_owned)
}

proptest! {
    #![proptest_config(config())]

    /// GEN-4: the unit sits at its recorded offset; siblings sit at theirs,
    /// in order, outside the unit; no unrecorded sibling command is left.
    #[test]
    fn gen_4_unit_and_siblings_are_where_recorded(case in cases(Weights::default())) {
        let unit_end = case.unit_at + case.unit.len();
        prop_assert_eq!(case.full.get(case.unit_at..unit_end), Some(case.unit.as_str()));
        let mut last_end = 0;
        let mut blanked = case.full.clone().into_bytes();
        for sibling in &case.siblings {
            let end = sibling.at + sibling.text.len();
            prop_assert_eq!(case.full.get(sibling.at..end), Some(sibling.text.as_str()));
            prop_assert!(sibling.at >= last_end, "siblings out of order: {:?}", case.siblings);
            prop_assert!(end <= case.unit_at || sibling.at >= unit_end, "sibling inside unit");
            last_end = end;
            blanked[sibling.at..end].fill(0);
        }
        let mut blank_all = |needle: &str| {
            if needle.is_empty() { return; }
            let mut from = 0;
            while let Some(i) = case.full.get(from..).and_then(|rest| rest.find(needle)) {
                blanked[from + i..from + i + needle.len()].fill(0);
                from += i + 1;
                while !case.full.is_char_boundary(from) { from += 1; }
            }
        };
        blank_all(&case.unit);
        blank_all(&case.inner);
        let rest = String::from_utf8_lossy(&blanked);
        for command in SIBLING_COMMANDS {
            prop_assert!(!rest.contains(command), "unrecorded sibling {command:?} in {:?}", case.full);
        }
    }

    /// GEN-5: unit = layers + inner; each layer starts with its word; depth
    /// bounds; recorded duration validity agrees with the duration grammar.
    #[test]
    fn gen_5_layers_make_the_unit(case in cases(Weights::default())) {
        let duration = Regex::new(r"\A[1-9][0-9]*(?:\.[0-9]+)?[smhd]?\z").unwrap();
        let rebuilt: String = case.layers.iter().map(|l| l.text.as_str()).chain([case.inner.as_str()]).collect();
        prop_assert_eq!(&rebuilt, &case.unit);
        prop_assert!((1..=Weights::default().max_depth).contains(&case.layers.len()));
        for layer in &case.layers {
            prop_assert!(layer.text.starts_with(layer.form.wrapper().word()));
            if let Some((text, form)) = &layer.duration {
                prop_assert_eq!(layer.form.wrapper(), Wrapper::Timeout);
                prop_assert!(layer.text.contains(text.as_str()));
                prop_assert_eq!(duration.is_match(text).unwrap(), form.is_valid(), "{:?}", text);
            }
        }
    }

    /// GEN-6: `Twice` and `Overlapping` put the extra occurrences they promise;
    /// `OnlyQuoted` has the unit between single quotes only.
    #[test]
    fn gen_6_placements_keep_their_promise(case in cases_of(Shape::Compound, Weights::default())) {
        let occurrences: Vec<usize> = (0..case.full.len())
            .filter(|&i| case.full.get(i..).is_some_and(|rest| rest.starts_with(&case.unit)))
            .collect();
        match case.placement {
            Placement::Twice => {
                prop_assert_eq!(occurrences.len(), 2);
                prop_assert!(occurrences[0] + case.unit.len() <= occurrences[1]);
                prop_assert_eq!(occurrences[1], case.unit_at);
            }
            Placement::Overlapping => {
                prop_assert_eq!(occurrences.len(), 2, "{:?}", case.full);
                prop_assert!(occurrences[1] < occurrences[0] + case.unit.len());
                prop_assert!(case.full.ends_with(&case.unit));
            }
            Placement::OnlyQuoted => {
                prop_assert_eq!(occurrences, vec![case.unit_at]);
                prop_assert_eq!(case.full.get(case.unit_at - 1..case.unit_at), Some("'"));
                prop_assert!(case.full.ends_with('\''));
            }
            _ => prop_assert!(occurrences.contains(&case.unit_at)),
        }
    }

    /// GEN-6: exotic separators only use the characters chapter 1 names.
    #[test]
    fn gen_6_separators_come_from_the_named_sets(case in cases_of(Shape::Whitespace, Weights::default())) {
        let spacey = |c: &char| is_separator_like(*c);
        for ch in case.full.chars().filter(spacey).filter(|c| *c != ' ' && *c != '\t') {
            prop_assert!(ECMA_WIDE_SPACES.contains(&ch) || ODD_BREAKS.contains(&ch), "U+{:04X}", ch as u32);
        }
    }

    /// GEN-7: valid details pass every guard and present the case's unit and
    /// full command; a broken case violates exactly its guard.
    #[test]
    fn gen_7_exactly_the_recorded_guard_is_broken(case in cases(Weights::default())) {
        let violated = violated_guards(&case);
        match case.broken {
            None => {
                prop_assert!(violated.is_empty(), "{:?} in {}", violated, case.details);
                prop_assert_eq!(
                    case.details["payload"]["request"]["value"].as_str(),
                    Some(case.unit.as_str())
                );
                prop_assert_eq!(presented_full(&case), Some(case.full.clone()));
            }
            Some(guard) => prop_assert_eq!(violated, vec![guard], "{}", case.details),
        }
    }

    /// GEN-8: the predicted capture of a `Query`/`Nested` route agrees with the
    /// ECMAScript grammars; `Unsupported` units start with the word but do not
    /// match; `Query` replaces the first occurrence of the unit.
    #[test]
    fn gen_8_route_agrees_with_the_grammars(case in cases(Weights::default())) {
        let capture = grammar_capture(&case.unit);
        match case.route() {
            Route::Query { inner, dewrapped } => {
                prop_assert_eq!(capture.as_deref(), Some(inner.as_str()));
                prop_assert!(grammar_capture(&inner).is_none());
                let at = case.full.find(&case.unit).unwrap();
                let expected = format!("{}{}{}", &case.full[..at], inner, &case.full[at + case.unit.len()..]);
                prop_assert_eq!(dewrapped, expected);
            }
            Route::Nested => {
                let inner = capture.unwrap();
                prop_assert!(grammar_capture(&inner).is_some());
            }
            Route::NotLocated => {
                let inner = capture.unwrap();
                prop_assert!(grammar_capture(&inner).is_none());
            }
            Route::Unsupported(wrapper) => {
                prop_assert!(capture.is_none());
                let word = Regex::new(&format!(r"\A{}(?:[ \t]|\z)", wrapper.word())).unwrap();
                prop_assert!(word.is_match(&case.unit).unwrap());
            }
            Route::NonTransparent(_) | Route::Unclaimed => {
                prop_assert!(capture.is_none());
                let word = Regex::new(r"\Atime(?:out)?(?:[ \t]|\z)").unwrap();
                prop_assert!(!word.is_match(&case.unit).unwrap());
            }
            Route::Guard(guard) => prop_assert_eq!(Some(guard), case.broken),
        }
    }

    /// GEN-2, GEN-3: the same decisions give an equal case, and replaying a
    /// case's recorded decisions rebuilds it.
    #[test]
    fn gen_2_3_deterministic_and_replayable(bytes in proptest::collection::vec(any::<u8>(), 0..192)) {
        let weights = Weights::default();
        let once = build(&mut ByteChoices::new(&bytes), &weights);
        let twice = build(&mut ByteChoices::new(&bytes), &weights);
        prop_assert_eq!(&once, &twice);
        prop_assert_eq!(&replay(&once.choices, &weights), &once);
        let shape = Shape::ALL[usize::from(bytes.first().copied().unwrap_or(0)) % Shape::ALL.len()];
        let shaped = build_shape(&mut ByteChoices::new(&bytes), shape, &weights);
        prop_assert_eq!(shaped.shape, shape);
        prop_assert_eq!(&replay(&shaped.choices, &weights), &shaped);
    }
}

/// GEN-2: an exhausted source gives the simplest case of each shape.
#[test]
fn gen_2_empty_input_gives_the_simplest_case() {
    let weights = Weights::default();
    for shape in Shape::ALL {
        let case = build_shape(&mut ByteChoices::new(&[]), shape, &weights);
        assert_eq!(case.layers.len(), 1, "{shape:?}");
        assert_eq!(case.layers[0].form, LayerForm::TimeoutBare, "{shape:?}");
        assert_eq!(case.unit, "timeout 30s npm test", "{shape:?}");
        assert_eq!(case.placement, Placement::Alone, "{shape:?}");
        assert_eq!(case.full, case.unit, "{shape:?}");
    }
}

/// GEN-1: every shape is reachable, a zero-weight shape never appears, and
/// every placement and layer form occurs within a few thousand cases.
#[test]
fn gen_1_weights_pick_shapes() {
    let mut weights = Weights::default();
    weights.shapes[Shape::ALL
        .iter()
        .position(|&s| s == Shape::Payload)
        .unwrap()] = 0;
    let mut seen_shapes = std::collections::HashSet::new();
    let mut seen_placements = std::collections::HashSet::new();
    let mut seen_forms = std::collections::HashSet::new();
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    for _ in 0..4000 {
        let bytes: Vec<u8> = (0..160)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state.to_le_bytes()[0]
            })
            .collect();
        let case = build(&mut ByteChoices::new(&bytes), &weights);
        assert_ne!(case.shape, Shape::Payload);
        seen_shapes.insert(case.shape);
        seen_placements.insert(case.placement);
        seen_forms.extend(case.layers.iter().map(|l| l.form));
    }
    assert_eq!(seen_shapes.len(), Shape::ALL.len() - 1);
    assert_eq!(seen_placements.len(), Placement::ALL.len());
    assert!(seen_forms.len() >= 16, "{seen_forms:?}");
}

fn layer(form: LayerForm, word_separator: &str, text: &str) -> Layer {
    Layer {
        form,
        word_separator: word_separator.to_owned(),
        duration: None,
        trailing_separator: String::new(),
        text: text.to_owned(),
    }
}

/// GEN-8 regression (shrunk by `gen_8_route_agrees_with_the_grammars`): U+0085
/// is not ECMAScript `\s`, so `time \u{85}npm test` is recognized with inner
/// `\u{85}npm test`; the generator first predicted "unsupported".
#[test]
fn gen_8_regression_next_line_after_time_is_not_whitespace() {
    let time = layer(LayerForm::TimeBare, " \u{85}", "time \u{85}");
    let predicted = time.grammar_inner("npm test");
    assert_eq!(predicted.as_deref(), Some("\u{85}npm test"));
    assert_eq!(grammar_capture("time \u{85}npm test"), predicted);
}

/// GEN-8 regression (shrunk by `gen_8_route_agrees_with_the_grammars`): a
/// `time -p` layer whose separator hides the dash behind U+0085 still matches
/// the bare grammar: `time \u{85} -p npm test` captures `\u{85} -p npm test`.
#[test]
fn gen_8_regression_modifier_hidden_behind_next_line_matches() {
    let time_p = layer(LayerForm::TimeP, " \u{85} ", "time \u{85} -p ");
    let predicted = time_p.grammar_inner("npm test");
    assert_eq!(predicted.as_deref(), Some("\u{85} -p npm test"));
    assert_eq!(grammar_capture("time \u{85} -p npm test"), predicted);
}

/// GEN-6 regression (shrunk by `gen_6_separators_come_from_the_named_sets`):
/// the junk duration `∞` is a word character, not a separator; the check must
/// only look at separator-like characters. `timeout ∞ npm test` is unsupported.
#[test]
fn gen_6_regression_junk_duration_is_not_a_separator() {
    assert!(!'∞'.is_whitespace() && !'∞'.is_control());
    let mut timeout = layer(LayerForm::TimeoutBare, " ", "timeout ∞ ");
    timeout.duration = Some(("∞".to_owned(), inner_cmd_spec::gen::DurationForm::Junk));
    timeout.trailing_separator = " ".to_owned();
    assert_eq!(timeout.grammar_inner("npm test"), None);
    assert!(timeout.starts_with_word("npm test"));
    assert_eq!(grammar_capture("timeout ∞ npm test"), None);
}

/// GEN-6 regression (shrunk by `gen_6_separators_come_from_the_named_sets`
/// once inner commands gained a NUL): `time echo 😀 \0` holds U+0000, which is
/// a word character, not a separator, so the check must not count it.
#[test]
fn gen_6_regression_nul_is_not_a_separator() {
    assert!(!is_separator_like('\0'));
    assert!(!is_separator_like('😀'));
    assert!(is_separator_like('\u{85}') && is_separator_like('\u{FEFF}'));
    assert!(INNER_COMMANDS.contains(&"echo 😀 \u{0}"));
}
