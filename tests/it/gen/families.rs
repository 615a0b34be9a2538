//! The families of bash constructs (spec §11.3, `GEN-FAM-1` to `GEN-FAM-14`):
//! the table, the composition, and, per family, that the generator
//! produces every form of the construct in every placement. That bash runs
//! the payload of each is `tests/it/ground/families.rs`.
#![cfg(feature = "gen")]

use std::collections::BTreeSet;

use inner_cmd_spec::gen::families::{gen_lines, BUILTINS, BUILTINS_BASH_VERSION, RUNNING_PROGRAMS};
use inner_cmd_spec::gen::{
    draw, families, family, family_cases, ByteChoices, Family, Ingredients, ReplayChoices,
    SeededChoices,
};
use inner_cmd_spec::pipeline::{decide, Options};
use inner_cmd_spec::policy::{config, Policy};
use inner_cmd_spec::verdict::PermissionState::Allow;

fn example() -> Policy {
    let loaded = config::example_policy().unwrap();
    Policy::from_config(loaded, "/home/u")
}

/// The placements a family's slot offers.
fn placements(family: &Family) -> Vec<&'static str> {
    family.placements().iter().map(|p| p.0).collect()
}

/// The literal text of a form between its holes.
fn literal_pieces(form: &str) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut rest = form;
    while let Some(open) = rest.find('«') {
        pieces.push(rest[..open].to_owned());
        let Some(close) = rest[open..].find('»') else {
            break;
        };
        rest = &rest[open + close + '»'.len_utf8()..];
    }
    pieces.push(rest.to_owned());
    pieces.retain(|p| !p.is_empty());
    pieces
}

/// GEN-FAM-13, one family: drawn with every decision of form and placement
/// (`ReplayChoices`: form, base, payload, placement come first), every form
/// of the family appears in every placement of its slot; the command holds
/// the form's literal text, the base, and no unfilled hole; and seeded draws
/// reach every form too.
fn reaches(name: &str) {
    let family = family(name).unwrap_or_else(|| panic!("no family {name}"));
    let ingredients = Ingredients::example();
    let places = placements(family);
    for (f, form) in family.forms.iter().enumerate() {
        for (p, place) in places.iter().enumerate() {
            for payload in 0..ingredients.payloads.len() {
                let picks = [f as u32, 0, payload as u32, p as u32];
                let case = draw(family, &ingredients, &mut ReplayChoices::new(&picks));
                assert_eq!(case.form, *form, "{name}: form {f}");
                assert_eq!(case.placement, *place, "{name}: placement {p}");
                assert_eq!(case.payload, ingredients.payloads[payload]);
                assert!(
                    !case.command.contains('«') && !case.command.contains('»'),
                    "{name}: unfilled hole in {:?}",
                    case.command
                );
                assert!(
                    case.command.contains(&case.base),
                    "{name}: base missing from {:?}",
                    case.command
                );
                for piece in literal_pieces(form) {
                    assert!(
                        case.command.contains(&piece),
                        "{name}: {piece:?} missing from {:?}",
                        case.command
                    );
                }
            }
        }
    }
    let mut seen = BTreeSet::new();
    let mut choices = SeededChoices::new(7);
    for _ in 0..family.forms.len() * 60 {
        seen.insert(draw(family, &ingredients, &mut choices).form);
    }
    assert_eq!(
        seen.len(),
        family.forms.len(),
        "{name}: seeded draws miss a form"
    );
}

macro_rules! reach_tests {
    ($($test:ident => $name:literal,)*) => {
        $(
            /// GEN-FAM-13: the generator reaches this family: it produces
            /// the construct, and (with the oracle) bash runs the payload or
            /// hands it to a program.
            mod $test {
                #[test]
                fn produces_the_construct() {
                    super::reaches($name);
                }

                #[cfg(feature = "ground")]
                #[test]
                fn bash_reaches_the_payload() {
                    let missed = crate::ground::families::misses_of($name);
                    assert!(missed.is_empty(), "{} not reached:\n{}", missed.len(), missed.join("\n"));
                }
            }
        )*

        /// GEN-FAM-13: every family has its reach test above (and in
        /// `tests/it/ground/families.rs`), and every name above is a family.
        #[test]
        fn gen_fam_13_every_family_has_a_reach_test() {
            let tested: BTreeSet<&str> = [$($name),*].into_iter().collect();
            let all: BTreeSet<&str> = families().iter().map(|f| f.name).collect();
            assert_eq!(tested, all);
        }
    };
}

reach_tests! {
    // GEN-FAM-3: parameter expansion
    reach_param_default => "param-default",
    reach_param_assign => "param-assign",
    reach_param_error => "param-error",
    reach_param_alternate => "param-alternate",
    reach_param_substring => "param-substring",
    reach_param_strip => "param-strip",
    reach_param_replace => "param-replace",
    reach_param_case => "param-case",
    reach_param_transform => "param-transform",
    reach_param_length => "param-length",
    reach_param_subscript => "param-subscript",
    reach_param_nested => "param-nested",
    reach_param_indirect => "param-indirect",
    reach_param_prefix_names => "param-prefix-names",
    // GEN-FAM-4: arithmetic contexts
    reach_arith_expansion => "arith-expansion",
    reach_arith_variable => "arith-variable",
    reach_arith_command => "arith-command",
    reach_arith_for => "arith-for",
    reach_arith_conditional => "arith-conditional",
    reach_arith_let => "arith-let",
    reach_arith_declare_integer => "arith-declare-integer",
    reach_arith_substring => "arith-substring",
    reach_arith_subscript => "arith-subscript",
    reach_arith_builtin_operands => "arith-builtin-operands",
    // GEN-FAM-5: substitutions, backquotes, compound commands
    reach_background_jobs => "background-jobs",
    reach_backquote_nested => "backquote-nested",
    reach_backquote_in_words => "backquote-in-words",
    reach_backquote_in_statements => "backquote-in-statements",
    reach_command_substitution => "command-substitution",
    reach_process_substitution => "process-substitution",
    reach_coprocess => "coprocess",
    reach_pipe_stderr => "pipe-stderr",
    reach_compound_commands => "compound-commands",
    reach_redirection_targets => "redirection-targets",
    reach_conditional_expressions => "conditional-expressions",
    reach_case_patterns => "case-patterns",
    reach_array_assignments => "array-assignments",
    // GEN-FAM-16: the redirection grammar
    reach_redir_close_word => "redir-close-word",
    reach_redir_descriptor_zero => "redir-descriptor-zero",
    reach_redir_duplication_word => "redir-duplication-word",
    reach_redir_operators => "redir-operators",
    reach_redir_denied_files => "redir-denied-files",
    // GEN-FAM-6: builtins
    reach_builtin_subscript => "builtin-subscript",
    reach_builtin_runs_code => "builtin-runs-code",
    reach_traps => "traps",
    reach_history_fc => "history-fc",
    reach_builtin_table => "builtin-table",
    // GEN-FAM-7: variables, prompts, options
    reach_prompt_ps4 => "prompt-ps4",
    reach_prompt_at_p => "prompt-at-p",
    reach_prompt_interactive => "prompt-interactive",
    reach_startup_files => "startup-files",
    reach_shellopts_environment => "shellopts-environment",
    reach_ifs => "ifs",
    reach_special_variables => "special-variables",
    reach_shell_options => "shell-options",
    // GEN-FAM-8: spellings of a word
    reach_spell_ansi_c => "spell-ansi-c",
    reach_spell_backslash => "spell-backslash",
    reach_spell_empty_quotes => "spell-empty-quotes",
    reach_spell_quoted => "spell-quoted",
    reach_spell_brace => "spell-brace",
    reach_spell_glob => "spell-glob",
    reach_spell_path => "spell-path",
    reach_spell_tilde => "spell-tilde",
    reach_spell_ifs => "spell-ifs",
    reach_spell_computed => "spell-computed",
    reach_spell_continuation => "spell-continuation",
    // GEN-FAM-9: lexing corners
    reach_lex_heredoc_same_line => "lex-heredoc-same-line",
    reach_lex_heredoc_delimiter => "lex-heredoc-delimiter",
    reach_lex_comment_backslash => "lex-comment-backslash",
    reach_lex_carriage_return => "lex-carriage-return",
    reach_lex_nul => "lex-nul",
    reach_lex_unicode_blanks => "lex-unicode-blanks",
    // GEN-FAM-10: name rebinding
    reach_rebind_hash => "rebind-hash",
    reach_rebind_alias => "rebind-alias",
    reach_rebind_function => "rebind-function",
    reach_not_found_handler => "not-found-handler",
    // GEN-FAM-11: environment without an assignment word
    reach_env_program => "env-program",
    reach_env_shell => "env-shell",
    // GEN-FAM-12: programs, shells and interpreters
    reach_program_runs_argv => "program-runs-argv",
    reach_shell_reads_stream => "shell-reads-stream",
    reach_interpreter_inline => "interpreter-inline",
    reach_interpreter_stream => "interpreter-stream",
    // GEN-FAM-17 to GEN-FAM-21: what programs read (reach *real*: the
    // real-mode test is `tests/it/ground/families_real.rs`)
    reach_program_option_value => "program-option-value",
    reach_program_global_options => "program-global-options",
    reach_known_value_option => "known-value-option",
    reach_made_directory_pwd => "made-directory-pwd",
    reach_awk_program => "awk-program",
    reach_sed_program => "sed-program",
    reach_locale_lexing => "locale-lexing",
    // GEN-FAM-23: a file the command writes, then runs.
    reach_written_then_run => "written-then-run",
}

/// GEN-FAM-17: the options drawn are the snapshot's own: every program of
/// `spec/programs/help-options.tsv` with an option whose value names
/// something that runs has a context, and the options include the ones
/// the issue names (tar's `--to-command` and `-I`, `split --filter`).
#[test]
fn gen_fam_17_options_come_from_the_programs_help() {
    use inner_cmd_spec::gen::families::{options_without_context, VALUE_OPTIONS};
    assert_eq!(options_without_context(), Vec::<String>::new());
    let snapshot = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/spec/programs/help-options.tsv"
    ))
    .unwrap();
    for option in VALUE_OPTIONS.iter() {
        assert!(
            snapshot
                .lines()
                .any(|l| l.starts_with(&format!("{}\t", option.program))
                    && l.contains(&option.listed)),
            "{option:?} is no line of the snapshot"
        );
    }
    let has = |program: &str, long: &str| {
        VALUE_OPTIONS
            .iter()
            .any(|o| o.program == program && o.long.iter().any(|l| l == long))
    };
    for (program, long) in [
        ("tar", "to-command"),
        ("tar", "use-compress-program"),
        ("tar", "checkpoint-action"),
        ("split", "filter"),
        ("sort", "compress-program"),
        ("install", "strip-program"),
        ("flock", "command"),
    ] {
        assert!(has(program, long), "{program} --{long}");
    }
    // Drawn: seeded cases of the family name each of those programs.
    let cases = family_cases(
        Some("program-option-value"),
        &Ingredients::example(),
        2_000,
        3,
    )
    .unwrap();
    for program in ["tar", "split", "sort", "install", "flock", "node"] {
        assert!(
            cases
                .iter()
                .any(|c| c.command.contains(&format!("{program} "))),
            "{program} never drawn"
        );
    }
    // Every spelling: `=`, separate, abbreviated, short attached and
    // separate, permuted after the operands.
    let all: Vec<&str> = cases.iter().map(|c| c.command.as_str()).collect();
    for needle in [
        "--to-command='",
        "--to-command '",
        "--to-comm='",
        " -I",
        "-I ",
        "README.md --",
    ] {
        assert!(
            all.iter().any(|c| c.contains(needle)),
            "no spelling {needle:?}"
        );
    }
}

/// GEN-FAM-17, GEN-FAM-18, GEN-FAM-19, GEN-FAM-20, GEN-FAM-21, GEN-FAM-23: `inner-cmd
/// gen` draws each family of what programs read, with the construct the
/// clause names.
#[test]
fn gen_fam_17_to_21_gen_draws_each_program_read_family() {
    let expect: &[(&str, &[&str])] = &[
        ("program-option-value", &["--"]),
        ("program-global-options", &["git ", "npm "]),
        ("known-value-option", &["<<'EOF'", "for f in", "read -r"]),
        ("made-directory-pwd", &["mkdir", "$PWD", "$(pwd)"]),
        ("awk-program", &["awk '", "system(", "/#/", "/[]#]/"]),
        ("sed-program", &["1e ", "/e;"]),
        (
            "locale-lexing",
            &["zh_CN.GBK", "zh_CN.GB18030", "zh_TW.BIG5", "\\;"],
        ),
        (
            "written-then-run",
            &["> s.sh", "bash s.sh", "Makefile", "ln -s", "./s.sh", "tee "],
        ),
    ];
    for (name, needles) in expect {
        let lines = gen_lines(Some(name), 400, 11, false).unwrap();
        let commands: Vec<String> = lines
            .iter()
            .map(|l| {
                let value: serde_json::Value = serde_json::from_str(l).unwrap();
                assert_eq!(value["family"], *name);
                value["command"].as_str().unwrap().to_owned()
            })
            .collect();
        for needle in *needles {
            assert!(
                commands.iter().any(|c| c.contains(needle)),
                "{name}: no case holds {needle:?}"
            );
        }
    }
    let listed = gen_lines(None, 0, 1, true).unwrap();
    for (name, _) in expect {
        assert!(listed.iter().any(|l| l.starts_with(&format!("{name}\t"))));
    }
}

/// GEN-FAM-1: names unique and kebab-case, one-line summaries, clauses of
/// the spec, at least one form each.
#[test]
fn gen_fam_1_the_table_of_families() {
    let spec =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/spec/SPEC.md")).unwrap();
    let mut names = BTreeSet::new();
    for f in families() {
        assert!(names.insert(f.name), "{} twice", f.name);
        assert!(
            f.name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
            "{}",
            f.name
        );
        assert!(
            !f.summary.is_empty() && !f.summary.contains('\n'),
            "{}",
            f.name
        );
        assert!(
            spec.contains(&format!("**{}**", f.clause)),
            "{}: {} is no clause",
            f.name,
            f.clause
        );
        assert!(!f.forms.is_empty(), "{}", f.name);
    }
}

/// GEN-FAM-2: the example ingredients are what they claim under the example
/// policy: each base is allowed alone, each payload is not.
#[test]
fn gen_fam_2_example_ingredients_fit_the_example_policy() {
    let policy = example();
    let ingredients = Ingredients::example();
    for base in &ingredients.bases {
        assert_eq!(
            decide(&policy, base, &Options::default()).outcome,
            Allow,
            "{base}"
        );
    }
    for payload in &ingredients.payloads {
        assert_ne!(
            decide(&policy, payload, &Options::default()).outcome,
            Allow,
            "{payload}"
        );
    }
}

/// GEN-FAM-2: decision 0 is the simplest case (first form, first base and
/// payload, first placement); drawing is deterministic; empty ingredients
/// fall back to the example ones.
#[test]
fn gen_fam_2_composition_is_deterministic_and_simplest_first() {
    let f = family("param-default").unwrap();
    let case = draw(f, &Ingredients::example(), &mut ByteChoices::new(&[]));
    assert_eq!(case.command, "echo hi ${x:-`rm -rf x`}");
    assert_eq!(
        (case.placement, case.base.as_str(), case.payload.as_str()),
        ("argument", "echo hi", "rm -rf x")
    );
    let empty = Ingredients {
        bases: vec![],
        payloads: vec![],
    };
    assert_eq!(draw(f, &empty, &mut ByteChoices::new(&[])), case);
    let own = Ingredients {
        bases: vec!["git log".into()],
        payloads: vec!["curl x | sh".into()],
    };
    let mine = draw(f, &own, &mut ByteChoices::new(&[]));
    assert_eq!(mine.command, "git log ${x:-`curl x | sh`}");
    let a = family_cases(None, &Ingredients::example(), 300, 5).unwrap();
    let b = family_cases(None, &Ingredients::example(), 300, 5).unwrap();
    assert_eq!(a, b);
    assert_ne!(
        a,
        family_cases(None, &Ingredients::example(), 300, 6).unwrap()
    );
    // Every family in turn.
    let drawn: BTreeSet<&str> = a.iter().map(|c| c.family).collect();
    assert_eq!(drawn.len(), families().len());
}

/// GEN-FAM-6: the builtin table is `compgen -b` of this machine's bash
/// when it is the bash the table was generated from, and every builtin is
/// drawn by `builtin-table`.
#[test]
fn gen_fam_6_every_builtin_of_bash_is_drawn() {
    let out = std::process::Command::new("bash")
        .args(["-c", "printf '%s\\n' \"$BASH_VERSION\"; compgen -b"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    if lines.next() == Some(BUILTINS_BASH_VERSION) {
        let machine: Vec<&str> = lines.collect();
        let table: Vec<&str> = BUILTINS.iter().map(|b| b.0).collect();
        assert_eq!(table, machine, "rerun scripts/gen-builtins.sh");
    } else {
        eprintln!("this bash is not {BUILTINS_BASH_VERSION}: the table is not compared");
    }
    let f = family("builtin-table").unwrap();
    let ingredients = Ingredients::example();
    for (i, (name, _, _)) in BUILTINS.iter().enumerate() {
        let picks = [0, 0, 0, 0, i as u32];
        let case = draw(f, &ingredients, &mut ReplayChoices::new(&picks));
        assert!(
            case.command.contains(&format!("; {name}")),
            "{name}: {:?}",
            case.command
        );
    }
}

/// GEN-FAM-12: every program of the table is drawn, the payload after it.
#[test]
fn gen_fam_12_every_running_program_is_drawn() {
    let f = family("program-runs-argv").unwrap();
    let ingredients = Ingredients::example();
    for (i, template) in RUNNING_PROGRAMS.iter().enumerate() {
        let picks = [0, 0, 0, 0, i as u32];
        let case = draw(f, &ingredients, &mut ReplayChoices::new(&picks));
        let program = template.split(' ').next().unwrap();
        assert!(
            case.command.contains(&format!("; {program} ")),
            "{template}: {:?}",
            case.command
        );
        assert!(
            case.command.contains("rm") && case.command.contains("-rf x"),
            "{:?}",
            case.command
        );
    }
}

/// GEN-FAM-14: `gen --list` lists every family, `gen` prints JSON objects
/// with the case's fields, an unknown family is an error.
#[test]
fn gen_fam_14_gen_lines() {
    let list = gen_lines(None, 0, 1, true).unwrap();
    assert_eq!(list.len(), families().len());
    assert!(list.iter().all(|l| l.split('\t').count() == 3));
    let lines = gen_lines(Some("rebind-hash"), 5, 2, false).unwrap();
    assert_eq!(lines.len(), 5);
    for line in lines {
        let value: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(value["family"], "rebind-hash");
        for key in ["command", "base", "payload", "placement", "form"] {
            assert!(value[key].is_string(), "{key} in {line}");
        }
    }
    assert!(gen_lines(Some("no-such-family"), 1, 1, false).is_err());
}

/// GEN-FAM-2: the three front ends draw from the same families: each
/// produces cases of every family, composed as `draw` composes them.
#[cfg(all(feature = "proptest", feature = "arbitrary", feature = "quickcheck"))]
#[test]
fn gen_fam_2_front_ends_draw_the_families() {
    use proptest::strategy::{Strategy, ValueTree};
    use proptest::test_runner::TestRunner;
    let all = families().len();
    let mut runner = TestRunner::deterministic();
    let strategy = inner_cmd_spec::gen::proptest_front::family_cases(Ingredients::example());
    let mut seen = BTreeSet::new();
    for _ in 0..all * 40 {
        let case = strategy.new_tree(&mut runner).unwrap().current();
        assert!(case.command.contains(&case.base), "{case:?}");
        seen.insert(case.family);
    }
    assert_eq!(seen.len(), all, "proptest");
    let mut seen = BTreeSet::new();
    for seed in 0..(all * 40) as u64 {
        let bytes: Vec<u8> = (0..64)
            .map(|i| (seed.wrapping_mul(0x9E37_79B9).wrapping_add(i * 31) >> 3) as u8)
            .collect();
        let case = <inner_cmd_spec::gen::FamilyCase as arbitrary::Arbitrary>::arbitrary(
            &mut arbitrary::Unstructured::new(&bytes),
        )
        .unwrap();
        assert_eq!(case.family, family(case.family).unwrap().name);
        seen.insert(case.family);
    }
    assert!(
        seen.len() > all / 2,
        "arbitrary reached {} of {all}",
        seen.len()
    );
    let mut gen = quickcheck::Gen::new(64);
    let mut seen = BTreeSet::new();
    for _ in 0..all * 40 {
        let case = <inner_cmd_spec::gen::FamilyCase as quickcheck::Arbitrary>::arbitrary(&mut gen);
        seen.insert(case.family);
    }
    assert_eq!(seen.len(), all, "quickcheck");
}
