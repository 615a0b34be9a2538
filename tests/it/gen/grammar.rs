//! The generators' own guarantees (spec chapter 11, `GEN-*`).
//!
//! Run with `cargo test --features proptest --test it gen::grammar` (or
//! `--all-features`). Without a generator feature this module is empty.
#![cfg(feature = "proptest")]

use crate::support::properties::{
    grammar_capture, is_separator_like, presented_full, violated_guards,
};
use fancy_regex::Regex;
use inner_cmd_spec::gen::proptest_front::{cases, cases_of};
use inner_cmd_spec::gen::{
    build, build_shape, replay, ByteChoices, LayerForm, LayerProgram, Placement, Route, Shape,
    Weights, ECMA_WIDE_SPACES, ODD_BREAKS, SIBLING_COMMANDS,
};
use proptest::prelude::*;

fn config() -> ProptestConfig {
    crate::support::properties::config("proptest-regressions/properties_gen.txt")
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
                prop_assert_eq!(layer.form.wrapper(), LayerProgram::Timeout);
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

/// GEN-2: the grammar never trusts its source — a source answering out of
/// range (here always `usize::MAX`, or `n` itself) still builds well-formed
/// cases, since every answer is reduced modulo `n`.
#[test]
fn gen_2_out_of_range_sources_cannot_break_the_grammar() {
    struct Always(fn(usize) -> usize);
    impl inner_cmd_spec::gen::Choices for Always {
        fn choose(&mut self, n: usize) -> usize {
            (self.0)(n)
        }
    }
    let weights = Weights::default();
    for source in [
        Always(|_| usize::MAX),
        Always(|n| n),
        Always(|n| n.wrapping_mul(7).wrapping_add(3)),
    ] {
        for shape in Shape::ALL {
            let mut source = Always(source.0);
            let case = build_shape(&mut source, shape, &weights);
            assert_eq!(case.shape, shape);
            assert_eq!(
                case.full.get(case.unit_at..case.unit_at + case.unit.len()),
                Some(case.unit.as_str())
            );
        }
    }
}

/// GEN-6, ECMA-2: the generator's wide spaces are exactly ECMAScript
/// whitespace less TAB, SPACE, VT, FF and the line terminators (its copy of
/// the set agrees with `ecma`, the one definition).
#[test]
fn wide_spaces_are_the_rest_of_ecmascript_whitespace() {
    use inner_cmd_spec::ecma::{is_line_terminator, is_whitespace};
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        let narrow = matches!(c, '\t' | ' ' | '\u{000B}' | '\u{000C}') || is_line_terminator(c);
        assert_eq!(
            is_whitespace(c),
            narrow || ECMA_WIDE_SPACES.contains(&c),
            "U+{:04X}",
            c as u32
        );
    }
}

/// GEN-5: every layer form is produced, the option spellings GNU getopt_long
/// accepts included (`--sig=KILL`, `-vsKILL`, `-k5`), so that the execution
/// oracle's wrapper stubs (INV-GROUND-2) are reached by generated cases and
/// not only by the differential table of `ground::wrappers`.
#[test]
fn gen_5_every_layer_form_is_reached() {
    use inner_cmd_spec::gen::SeededChoices;
    let mut seen = std::collections::BTreeSet::new();
    let mut choices = SeededChoices::new(5);
    for _ in 0..20_000 {
        let case = build(&mut choices, &Weights::default());
        for layer in &case.layers {
            seen.insert(format!("{:?}", layer.form));
        }
    }
    let missing: Vec<String> = LayerForm::ALL
        .iter()
        .map(|form| format!("{form:?}"))
        .filter(|form| !seen.contains(form))
        .collect();
    assert!(missing.is_empty(), "never generated: {missing:?}");
}
