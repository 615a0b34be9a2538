//! The findings INV-GROUND violations are classified to, in the order
//! their classifiers are tried (`INV-KNOWN-2`).

use super::observation::GroundObservation;
use super::{
    blind_spots, classify as by, environment, hidden, inert, misparsed, programs, redirections,
    respelled, runners, started, written,
};

/// A finding and the test that recognizes its INV-GROUND instances.
#[derive(Debug, Clone, Copy)]
pub struct KnownGroundViolation {
    /// Its heading id in `spec/findings.md`.
    pub id: &'static str,
    /// True when the observation is an instance of this finding.
    pub applies: fn(&GroundObservation<'_>) -> bool,
}

/// The findings INV-GROUND violations are classified to, in order.
pub const KNOWN_GROUND_VIOLATIONS: &[KnownGroundViolation] = &[
    // First: it claims only a file a program opened (the real mode,
    // INV-GROUND-11), which no other classifier looks at.
    KnownGroundViolation {
        id: "F-40",
        applies: by::opened_file_not_in_the_words,
    },
    // The real mode's (INV-GROUND-10, INV-GROUND-12): a locale the command
    // set changes how bash reads the rest; a program the words started ran
    // what its inline program, its option or setting, or a value that
    // became its option names. Each claims a traced program whose
    // ancestor's argument names it (or a locale assignment), which the
    // stub mode's classifiers below never saw.
    KnownGroundViolation {
        id: "F-48",
        applies: programs::lexed_under_another_locale,
    },
    KnownGroundViolation {
        id: "F-15",
        applies: programs::run_by_an_inline_program,
    },
    KnownGroundViolation {
        id: "F-15",
        applies: programs::run_by_a_program_on_a_stream,
    },
    KnownGroundViolation {
        id: "F-46",
        applies: programs::named_by_a_program_option,
    },
    KnownGroundViolation {
        id: "F-45",
        applies: programs::named_by_a_known_value,
    },
    // A file the command wrote (the real mode's opens), then ran: before
    // the stub mode's classifiers, which find its text in the command's
    // (the script's content is there as data) and take it for theirs.
    KnownGroundViolation {
        id: "F-51",
        applies: written::run_from_a_written_file,
    },
    // Before G-3, which would take the client for the loader's words in
    // another spelling: the loader ran it with no exec of its own.
    KnownGroundViolation {
        id: "F-39",
        applies: programs::run_by_a_loader,
    },
    KnownGroundViolation {
        id: "A-1",
        applies: by::dewrapping_reparses,
    },
    // Before F-38, which would claim it: an environment form of inert
    // variables only is a blind spot under both profiles.
    KnownGroundViolation {
        id: "G-9",
        applies: inert::only_inert_variables_unjudged,
    },
    // Before the blind spots: a program judged by its environment form
    // (INV-GROUND-8) may be covered by its words (G-3), not by its
    // environment.
    KnownGroundViolation {
        id: "F-38",
        applies: hidden::environment_without_an_assignment_word,
    },
    KnownGroundViolation {
        id: "F-2",
        applies: misparsed::split_by_the_parser_only,
    },
    KnownGroundViolation {
        id: "F-49",
        applies: by::before_a_named_descriptor,
    },
    KnownGroundViolation {
        id: "F-3",
        applies: by::inside_a_compound_statement,
    },
    KnownGroundViolation {
        id: "F-4",
        applies: by::inside_a_negation,
    },
    KnownGroundViolation {
        id: "F-5",
        applies: by::inside_a_declaration_or_test,
    },
    KnownGroundViolation {
        id: "F-6",
        applies: by::inside_an_assignment,
    },
    KnownGroundViolation {
        id: "F-8",
        applies: misparsed::in_a_here_document_body,
    },
    KnownGroundViolation {
        id: "F-14",
        applies: by::name_computed_at_run_time,
    },
    KnownGroundViolation {
        id: "F-16",
        applies: by::nul_dropped_by_bash,
    },
    KnownGroundViolation {
        id: "F-18",
        applies: by::lone_backslash_unit,
    },
    KnownGroundViolation {
        id: "F-17",
        applies: by::bare_redirect,
    },
    KnownGroundViolation {
        id: "F-19",
        applies: by::unterminated_here_document,
    },
    KnownGroundViolation {
        id: "F-20",
        applies: by::earlier_lines_of_a_parse_error,
    },
    KnownGroundViolation {
        id: "F-21",
        applies: misparsed::unfloored_wrapper_in_an_error_unit,
    },
    // Before F-22, which would claim them too (the deployed unit drops
    // the words after a redirection either way): the parser's reading of a
    // close's next word and of a descriptor `0` is the narrower cause.
    KnownGroundViolation {
        id: "F-41",
        applies: redirections::word_after_a_close,
    },
    KnownGroundViolation {
        id: "F-43",
        applies: redirections::descriptor_zero_read_as_an_argument,
    },
    KnownGroundViolation {
        id: "F-44",
        applies: redirections::read_write_splits_the_parse,
    },
    KnownGroundViolation {
        id: "F-22",
        applies: misparsed::words_after_a_redirection,
    },
    KnownGroundViolation {
        id: "F-23",
        applies: misparsed::before_a_timed_function_definition,
    },
    KnownGroundViolation {
        id: "F-24",
        applies: misparsed::last_stage_before_a_final_backslash,
    },
    KnownGroundViolation {
        id: "F-25",
        applies: misparsed::in_a_list_ending_in_a_bare_negation,
    },
    KnownGroundViolation {
        id: "F-26",
        applies: misparsed::hidden_in_a_parser_only_comment,
    },
    KnownGroundViolation {
        id: "F-27",
        applies: misparsed::hidden_by_the_gates_trim,
    },
    KnownGroundViolation {
        id: "F-28",
        applies: misparsed::joined_across_a_newline,
    },
    KnownGroundViolation {
        id: "G-1",
        applies: blind_spots::judged_again_inside_its_parent,
    },
    KnownGroundViolation {
        id: "G-2",
        applies: blind_spots::not_a_program,
    },
    // Before G-3, which would also claim it: G-6 is a blind spot under
    // the hardened profile too, G-3 is not.
    KnownGroundViolation {
        id: "G-6",
        applies: blind_spots::a_substitution_rendered_by_bash,
    },
    KnownGroundViolation {
        id: "G-3",
        applies: blind_spots::judged_in_another_spelling,
    },
    KnownGroundViolation {
        id: "G-4",
        applies: blind_spots::the_oracles_own_trap,
    },
    KnownGroundViolation {
        id: "G-5",
        applies: blind_spots::a_wrapper_with_nothing_to_run,
    },
    // The families of bash constructs (GEN-FAM-15): tried after every other
    // finding, so that they claim only what no earlier cause explains.
    KnownGroundViolation {
        id: "G-7",
        applies: respelled::parent_of_an_uncovered_substitution,
    },
    KnownGroundViolation {
        id: "G-8",
        applies: respelled::program_of_an_expanded_unit,
    },
    // The runner stub's records (the stub mode), or a runner's argument
    // naming what it ran (the real mode, which makes no runner records).
    KnownGroundViolation {
        id: "F-39",
        applies: |o| {
            runners::run_by_a_command_runner(o) || programs::run_by_a_real_command_runner(o)
        },
    },
    KnownGroundViolation {
        id: "F-42",
        applies: redirections::duplication_word_expanded_twice,
    },
    KnownGroundViolation {
        id: "F-34",
        applies: hidden::name_rebound_by_a_command_table,
    },
    KnownGroundViolation {
        id: "F-29",
        applies: hidden::backquotes_read_as_text,
    },
    KnownGroundViolation {
        id: "F-32",
        applies: hidden::quoted_subscript_of_a_name,
    },
    KnownGroundViolation {
        id: "F-31",
        applies: hidden::quoted_subscript_evaluated_as_arithmetic,
    },
    KnownGroundViolation {
        id: "F-33",
        applies: hidden::expanded_as_a_prompt,
    },
    KnownGroundViolation {
        id: "F-30",
        applies: hidden::substitution_in_an_expansion_operand,
    },
    KnownGroundViolation {
        id: "F-35",
        applies: hidden::list_after_a_here_document_operator,
    },
    KnownGroundViolation {
        id: "F-13",
        applies: hidden::script_of_a_shell_on_a_stream,
    },
    KnownGroundViolation {
        id: "F-10",
        applies: hidden::run_by_a_builtin,
    },
    KnownGroundViolation {
        id: "F-10",
        applies: started::renamed_by_exec,
    },
    KnownGroundViolation {
        id: "F-14",
        applies: hidden::program_name_computed,
    },
    KnownGroundViolation {
        id: "F-11",
        applies: hidden::program_spelled_differently,
    },
    KnownGroundViolation {
        id: "F-36",
        applies: respelled::words_spelled_differently,
    },
    KnownGroundViolation {
        id: "F-6",
        applies: hidden::in_an_array_assignment,
    },
    KnownGroundViolation {
        id: "F-5",
        applies: hidden::in_a_test_command,
    },
    KnownGroundViolation {
        id: "F-37",
        applies: hidden::parse_joined_or_split_by_a_word,
    },
    KnownGroundViolation {
        id: "F-7",
        applies: hidden::substitution_in_a_redirection,
    },
    KnownGroundViolation {
        id: "F-8",
        applies: hidden::in_an_unquoted_here_document_body,
    },
    // The real mode's, last: what a program's environment names, and what
    // bash started by its words after expansion, which no classifier above
    // (written for the stub mode's records) claimed.
    KnownGroundViolation {
        id: "F-38",
        applies: environment::named_by_the_environment,
    },
    KnownGroundViolation {
        id: "F-50",
        applies: environment::named_by_a_leading_assignment,
    },
    KnownGroundViolation {
        id: "F-37",
        applies: started::expanded_by_a_brace,
    },
    KnownGroundViolation {
        id: "F-11",
        applies: started::program_named_otherwise,
    },
];

/// The finding `observed` is an instance of, if any (`INV-KNOWN-2`).
#[must_use]
pub fn classify(observed: &GroundObservation<'_>) -> Option<&'static str> {
    KNOWN_GROUND_VIOLATIONS
        .iter()
        .find(|known| (known.applies)(observed))
        .map(|known| known.id)
}
