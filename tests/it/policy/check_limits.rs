//! Limits: huge and deeply nested commands get an answer, never a crash or an
//! allow beyond a bound (spec §7.5, `POL-LIMIT-*`).
//!
//! Each deep case runs on a thread with an explicit 2 MiB stack, the default
//! size of a Rust test thread, so a recursive walk would overflow here.

use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::policy::bounded::MAX_PIPE_CHARACTERS;
use inner_cmd_spec::policy::check::OVER_LIMIT_SENTINEL;
use inner_cmd_spec::policy::units::{
    enumerate, UnitsError, MAX_COMMAND_CODE_UNITS, MAX_NESTING_DEPTH, MAX_UNITS,
    MAX_UNIT_TEXT_CODE_UNITS,
};
use inner_cmd_spec::policy::{CheckResult, UnitContext};
use inner_cmd_spec::verdict::PermissionState;

use crate::support::allow_all;

fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

fn assert_over_limit(result: &CheckResult, label: &str) {
    assert_eq!(result.state, PermissionState::Ask, "{label}");
    assert_eq!(
        result.matched_pattern.as_deref(),
        Some(OVER_LIMIT_SENTINEL),
        "{label}"
    );
    assert!(result.units.is_empty(), "{label}");
}

/// POL-LIMIT-3, POL-LIMIT-5: 100,000 nested substitutions and subshells give an
/// over-limit ask, not a stack overflow, under an allow-everything policy.
#[test]
fn pol_limit_3_hundred_thousand_deep_nesting_is_over_limit() {
    const DEPTH: usize = 100_000;
    let rows = [
        (
            "$( … )",
            format!("echo {}rm x{}", "$(".repeat(DEPTH), ")".repeat(DEPTH)),
        ),
        (
            "( … )",
            format!("{}rm x{}", "( ".repeat(DEPTH), " )".repeat(DEPTH)),
        ),
    ];
    for (index, (label, command)) in rows.into_iter().enumerate() {
        // Parsing dominates the cost, so each case is checked once, alternating
        // between the gate and the advisory check.
        let result = on_small_stack(move || {
            let policy = allow_all("/home/user");
            if index % 2 == 0 {
                policy.gate(&command)
            } else {
                policy.advisory(&command)
            }
        });
        assert_over_limit(&result, label);
    }
}

/// POL-LIMIT-3, POL-UNIT-5, POL-UNIT-6: the bound is exact for both context
/// changes: MAX_NESTING_DEPTH levels of `$( … )` or of `( … )` are enumerated,
/// one more is refused.
#[test]
fn pol_limit_3_depth_bound_is_exact() {
    // (opener, closer, the context of the innermost unit)
    let rows = [
        ("$(", ")", UnitContext::CommandSubstitution),
        ("( ", " )", UnitContext::Subshell),
    ];
    for (opener, closer, context) in rows {
        let nested =
            move |depth: usize| format!("{}x{}", opener.repeat(depth), closer.repeat(depth));
        let units = on_small_stack(move || enumerate(&nested(MAX_NESTING_DEPTH))).unwrap();
        // One unit per level (the command around a substitution, or the
        // subshell itself), then `x`.
        assert_eq!(units.len(), MAX_NESTING_DEPTH + 1, "{opener}");
        assert_eq!(units.last().map(|u| u.text.as_str()), Some("x"), "{opener}");
        assert_eq!(
            units.last().and_then(|u| u.context),
            Some(context),
            "{opener}"
        );
        let deeper = on_small_stack(move || enumerate(&nested(MAX_NESTING_DEPTH + 1)));
        assert_eq!(deeper, Err(UnitsError::TooDeep), "{opener}");
    }
}

/// POL-LIMIT-5: 100,000 unclosed `$(` or `(` parse (as one error unit) without
/// overflowing; the answer is the package's (one unit, matched whole).
#[test]
fn pol_limit_5_unclosed_openers_do_not_overflow() {
    for opener in ["$(", "("] {
        let command = opener.repeat(100_000);
        let expected = command.clone();
        let units = on_small_stack(move || enumerate(&command)).unwrap();
        // Package answer (Node harness): exactly one unit, the whole text.
        assert_eq!(units.len(), 1, "{opener}");
        assert_eq!(units[0].text, expected, "{opener}");
    }
}

/// POL-LIMIT-1: a command longer than MAX_COMMAND_CODE_UNITS is refused before parsing.
#[test]
fn pol_limit_1_command_length_bound() {
    let command = "a".repeat(MAX_COMMAND_CODE_UNITS + 1);
    assert_eq!(
        enumerate(&command),
        Err(UnitsError::CommandTooLong {
            code_units: MAX_COMMAND_CODE_UNITS + 1
        })
    );
    assert_over_limit(&allow_all("/home/user").advisory(&command), "long");
}

/// POL-LIMIT-1, POL-UNIT-10: a command of exactly MAX_COMMAND_CODE_UNITS code
/// units is not "longer than" the bound: it is parsed (a comment: no units).
#[test]
fn pol_limit_1_command_at_the_bound_is_parsed() {
    let command = format!("#{}", "a".repeat(MAX_COMMAND_CODE_UNITS - 1));
    assert_eq!(enumerate(&command), Ok(vec![]));
}

/// POL-LIMIT-1, POL-LIMIT-5: a 10 MB single command is within the bounds and
/// judged normally: one unit of the whole text.
#[test]
fn pol_limit_1_ten_megabyte_command_is_judged() {
    let command = format!("echo {}", "a".repeat(10 * 1000 * 1000));
    let result = allow_all("/home/user").advisory(&command);
    assert_eq!(result.state, PermissionState::Allow);
    assert_eq!(result.units.len(), 1);
    assert_eq!(result.command.as_deref(), Some(command.as_str()));
}

/// POL-LIMIT-2, POL-LIMIT-6: more than MAX_UNITS units is over the limit,
/// never allow. (A plain list that long already exceeds the reference's parse
/// budget, so which bound decides is the reference's own; the count itself is
/// checked exactly in `src/policy/units.rs`.)
#[test]
fn pol_limit_2_unit_count_bound() {
    let over = "a;".repeat(MAX_UNITS + 1);
    assert_over_limit(&allow_all("/home/user").gate(&over), "many units");
}

/// POL-LIMIT-6: the pipe bound is exact: MAX_PIPE_CHARACTERS `|` are parsed
/// (one unit per stage), one more is refused before parsing, also when the
/// extra `|` is inside quotes, and the refusal is never an allow.
#[test]
fn pol_limit_6_pipe_bound_is_exact() {
    let stages = |bars: usize| format!("{}a", "a|".repeat(bars));
    let at_bound = enumerate(&stages(MAX_PIPE_CHARACTERS)).map(|units| units.len());
    assert_eq!(at_bound, Ok(MAX_PIPE_CHARACTERS + 1));
    assert_eq!(
        enumerate(&stages(MAX_PIPE_CHARACTERS + 1)),
        Err(UnitsError::TooCostly)
    );
    let quoted = format!("{} '|'", stages(MAX_PIPE_CHARACTERS));
    assert_eq!(enumerate(&quoted), Err(UnitsError::TooCostly));
    // The shape whose error recovery is quadratic: an unfinished pipeline.
    let unfinished = format!("{}|", "a | ".repeat(MAX_PIPE_CHARACTERS));
    for profile in Profile::ALL {
        let policy = allow_all("/home/user");
        assert_over_limit(&profile.gate(&policy, &unfinished), profile.name());
    }
}

/// POL-LIMIT-6: the parse budget stops deep nesting and long lists without
/// parsing them to the end, under both profiles, and leaves the parser
/// usable for the next command; a list of 40,000 commands is still judged.
#[test]
fn pol_limit_6_parse_budget() {
    let rows = [
        ("subshells", "(".repeat(2_000_000)),
        ("keywords", "if a; then ".repeat(400_000)),
        ("words", "a ".repeat(2_000_000)),
    ];
    for (label, command) in rows {
        assert_eq!(enumerate(&command), Err(UnitsError::TooCostly), "{label}");
        for profile in Profile::ALL {
            let policy = allow_all("/home/user");
            assert_over_limit(&profile.gate(&policy, &command), label);
        }
        assert_eq!(enumerate("ls").map(|u| u.len()), Ok(1), "after {label}");
    }
    let list = "a;".repeat(40_000);
    assert_eq!(enumerate(&list).map(|units| units.len()), Ok(40_000));
}

/// POL-LIMIT-2: unit text that would grow quadratically is cut off by the byte budget.
#[test]
fn pol_limit_2_unit_text_budget() {
    // 900 nested subshells around a 40,000-character word: within the depth
    // bound, but every level repeats the word: 36 million code units in all.
    let command = format!(
        "{}{}{}",
        "( ".repeat(900),
        "w".repeat(40_000),
        " )".repeat(900)
    );
    assert_eq!(
        on_small_stack(move || enumerate(&command)),
        Err(UnitsError::TooManyUnits)
    );
}

/// POL-LIMIT-2, POL-UNIT-4, POL-UNIT-6: the text budget is exact: unit texts
/// adding up to exactly MAX_UNIT_TEXT_CODE_UNITS are enumerated, one code unit
/// more is refused.
#[test]
fn pol_limit_2_unit_text_budget_is_exact() {
    // `( ` × d, a word of length w, ` )` × d: the subshell with k levels inside
    // (itself included) has text w + 4k (POL-UNIT-6), the word's command w
    // (POL-UNIT-4): (d + 1)·w + 2·d·(d + 1) = (d + 1)·(w + 2d) in all, which for
    // d = 255 and w = 65,536 − 510 is 256 · 65,536 = 2²⁴.
    const DEPTH: usize = 255;
    let word = (1 << 16) - 2 * DEPTH;
    let nested = |word: usize| {
        format!(
            "{}{}{}",
            "( ".repeat(DEPTH),
            "w".repeat(word),
            " )".repeat(DEPTH)
        )
    };
    let units = enumerate(&nested(word)).unwrap();
    assert_eq!(units.len(), DEPTH + 1);
    let total: usize = units.iter().map(|u| u.text.encode_utf16().count()).sum();
    assert_eq!(total, MAX_UNIT_TEXT_CODE_UNITS);
    assert_eq!(enumerate(&nested(word + 1)), Err(UnitsError::TooManyUnits));
}

/// POL-LIMIT-5, POL-UNIT-9: NUL bytes give a result, never an error; the
/// grammar reads a NUL in some places as end of input.
#[test]
fn pol_limit_5_nul_bytes_give_a_result() {
    // (command, unit texts) — from the package (Node harness); `*` allows all.
    let rows: [(&str, &[&str]); 4] = [
        ("ls\0rm; ls", &["ls\0rm", "ls"]),
        ("\0; rm", &["\0;", "rm"]),
        ("a; \0", &["a; \0"]),
        ("ls\0rm; \0", &["ls\0rm; \0"]),
    ];
    for (command, want) in rows {
        let result = allow_all("/home/user").advisory(command);
        let texts: Vec<_> = result.units.iter().map(|u| u.text.as_str()).collect();
        assert_eq!(texts, want, "{command:?}");
        assert_eq!(result.state, PermissionState::Allow, "{command:?}");
    }
}

/// POL-LIMIT-4, POL-LIMIT-5: every enumeration failure is refused with `ask`
/// and the sentinel the spec names, the whole command as triggering text.
#[test]
fn pol_limit_4_refusals_name_their_sentinel() {
    use inner_cmd_spec::policy::check::{refusal, PARSER_FAILED_SENTINEL};
    let rows = [
        (
            UnitsError::Parser("no syntax tree".to_owned()),
            PARSER_FAILED_SENTINEL,
        ),
        (UnitsError::TooDeep, OVER_LIMIT_SENTINEL),
        (UnitsError::TooManyUnits, OVER_LIMIT_SENTINEL),
        (UnitsError::TooCostly, OVER_LIMIT_SENTINEL),
        (
            UnitsError::CommandTooLong { code_units: 1 },
            OVER_LIMIT_SENTINEL,
        ),
    ];
    for (error, sentinel) in rows {
        let result = refusal("git status", &error);
        assert_eq!(result.state, PermissionState::Ask, "{error}");
        assert_eq!(result.matched_pattern.as_deref(), Some(sentinel), "{error}");
        assert_eq!(result.command.as_deref(), Some("git status"), "{error}");
        assert_eq!(result.command_context, None, "{error}");
        assert!(result.units.is_empty(), "{error}");
    }
}
