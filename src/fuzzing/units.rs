//! The `units` target: enumeration of arbitrary commands is total, bounded and exact.

use crate::policy::check::is_trivially_empty;
use crate::policy::units::{enumerate, UnitParser, MAX_UNITS, MAX_UNIT_TEXT_CODE_UNITS};
use crate::policy::{Policy, Rule};
use crate::verdict::PermissionState;

/// The separators of tree-sitter-bash's word splitting (`POL-UNIT-9`).
fn is_parser_blank(c: char) -> bool {
    matches!(c, ' ' | '\t'..='\r')
}

/// Fuzz check for command units (`POL-UNIT-1`, `POL-UNIT-9`, `POL-UNIT-10`,
/// `POL-LIMIT-2`, `POL-LIMIT-5`, `POL-CHECK-3`, `POL-CHECK-6`, `POL-CHECK-7`,
/// `POL-FLOOR-6`).
///
/// Input: the command, bytes decoded lossily. Checks that
/// - enumeration returns units or a limit error, never panics or overflows
///   the stack (the fuzzer reports both) (`POL-LIMIT-5`);
/// - the shared per-thread parser and a fresh parser give the same answer:
///   parsing does not depend on earlier commands (`POL-UNIT-1`);
/// - every unit's text occurs in the command: it is a source slice (`POL-UNIT-9`);
/// - the unit budgets hold (`POL-LIMIT-2`);
/// - a command of parser blanks only has no units (`POL-UNIT-10`);
/// - under the single rule `* allow`, the advisory check answers `allow`
///   exactly when no unit is floored and the command has units or is
///   trivially empty, and lists the enumerated units unless a limit or
///   POL-CHECK-5/6 decided (`POL-CHECK-3`, `POL-CHECK-6`, `POL-CHECK-7`,
///   `POL-FLOOR-6`, `POL-LIMIT-5`).
///
/// # Panics
/// When one of these properties is violated: that is a bug in the enumeration
/// or the check.
pub fn units(data: &[u8]) {
    let command = String::from_utf8_lossy(data);
    let shared = enumerate(&command);
    let fresh = UnitParser::new().and_then(|mut parser| parser.enumerate(&command));
    assert_eq!(
        shared, fresh,
        "POL-UNIT-1: the shared parser and a fresh parser disagree on {command:?}"
    );

    if let Ok(units) = &shared {
        for unit in units {
            assert!(
                command.contains(unit.text.as_str()),
                "POL-UNIT-9: unit text {:?} is not a slice of {command:?}",
                unit.text
            );
        }
        let text_units: usize = units
            .iter()
            .map(|unit| unit.text.encode_utf16().count())
            .sum();
        assert!(
            units.len() <= MAX_UNITS && text_units <= MAX_UNIT_TEXT_CODE_UNITS,
            "POL-LIMIT-2: {} units of {text_units} UTF-16 code units exceed the budget",
            units.len()
        );
        if command.chars().all(is_parser_blank) {
            assert!(
                units.is_empty(),
                "POL-UNIT-10: blank command {command:?} has units {units:?}"
            );
        }
    }

    let allow_all = Policy::new(
        vec![Rule {
            pattern: "*".to_owned(),
            state: PermissionState::Allow,
        }],
        super::DEFAULT_HOME,
    );
    let answer = allow_all.advisory(&command);
    let expect_allow = match &shared {
        Ok(units) if units.is_empty() => is_trivially_empty(&command),
        Ok(units) => units.iter().all(|unit| unit.wrapper_kind.is_none()),
        Err(_) => false,
    };
    assert_eq!(
        answer.state == PermissionState::Allow,
        expect_allow,
        "POL-CHECK-3/6, POL-FLOOR-6, POL-LIMIT-5: `* allow` answers {:?} for {command:?} \
         (units: {shared:?})",
        answer.state
    );
    let expect_units = shared.unwrap_or_default();
    assert_eq!(
        answer.units, expect_units,
        "POL-CHECK-7: the advisory answer lists other units than the enumeration for {command:?}"
    );
}
