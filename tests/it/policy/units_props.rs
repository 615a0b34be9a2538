//! Properties of unit enumeration and checking over generated commands
//! (spec §7.3–§7.5). Each property follows from the clauses cited, not from
//! the package: they hold for every command, so they are checked on many.

use inner_cmd_spec::policy::check::{INDIRECTION_SENTINEL, OPAQUE_SENTINEL};
use inner_cmd_spec::policy::units::enumerate;
use inner_cmd_spec::policy::WrapperKind;
use inner_cmd_spec::verdict::PermissionState;

use crate::support::allow_all;
use proptest::prelude::*;

/// Bash-ish tokens: operators, openers and closers, quotes, wrappers, the
/// whitespace the spec singles out, U+0000 and an astral character.
fn command_strategy() -> impl Strategy<Value = String> {
    let atom = prop::sample::select(vec![
        "ls",
        "rm -rf /",
        "sudo ",
        "bash -c ",
        "eval ",
        "find . -exec x",
        "FOO=1 ",
        "$(",
        "`",
        "<(",
        ">(",
        "(",
        ")",
        "{ ",
        "; }",
        "&&",
        "||",
        "|",
        ";",
        "&",
        "\n",
        "\r",
        "\t",
        " ",
        "\u{000B}",
        "\u{000C}",
        "\u{00A0}",
        "\u{FEFF}",
        "\u{1680}",
        "#",
        "'",
        "\"",
        "\\",
        "> out",
        "<<EOF\nx\nEOF\n",
        "<<< s",
        "\0",
        "😀",
        "if ",
        "then ",
        "fi",
        "x",
    ]);
    prop::collection::vec(atom, 0..14).prop_map(|atoms| atoms.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    /// POL-UNIT-9, POL-LIMIT-5: enumeration never fails on small input, and
    /// every unit's text is a slice of the command.
    #[test]
    fn pol_unit_9_unit_texts_are_source_slices(command in command_strategy()) {
        let units = enumerate(&command).map_err(|e| TestCaseError::fail(e.to_string()))?;
        for unit in &units {
            prop_assert!(command.contains(unit.text.as_str()), "{:?} not in {:?}", unit.text, command);
        }
    }

    /// POL-FLOOR-6, POL-CHECK-3: under allow-everything, a command with a
    /// floored unit is `ask` with a floor sentinel, and one without is `allow`
    /// or (no units) per POL-CHECK-5/6.
    #[test]
    fn pol_floor_6_floored_units_never_ride_an_allow(command in command_strategy()) {
        let result = allow_all("/home/user").advisory(&command);
        let first_floor = result.units.iter().find_map(|u| u.wrapper_kind);
        match first_floor {
            Some(kind) => {
                prop_assert_eq!(result.state, PermissionState::Ask);
                let want = match kind {
                    WrapperKind::OpaquePayload => OPAQUE_SENTINEL,
                    WrapperKind::Indirection => INDIRECTION_SENTINEL,
                };
                prop_assert_eq!(result.matched_pattern.as_deref(), Some(want));
            }
            None if !result.units.is_empty() => prop_assert_eq!(result.state, PermissionState::Allow),
            None => {}
        }
    }

    /// POL-CHECK-8: the gate answers exactly as the advisory check of the
    /// trimmed command, unless that is empty.
    #[test]
    fn pol_check_8_gate_is_advisory_of_trimmed(command in command_strategy()) {
        let policy = allow_all("/home/user");
        let trimmed = inner_cmd_spec::ecma::trim(&command);
        prop_assume!(!trimmed.is_empty());
        prop_assert_eq!(policy.gate(&command), policy.advisory(trimmed));
    }
}
