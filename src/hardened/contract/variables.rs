//! The variables an assignment may set without changing which code runs
//! (spec §12.7, `HARD-EFFECT-2`).

/// Variables whose assignment cannot change which code runs (`HARD-EFFECT-2`).
/// Any other assignment floors its command to `ask`.
pub const INERT_VARIABLES: [&str; 22] = [
    "CI",
    "NODE_ENV",
    "RUST_BACKTRACE",
    "RUST_LOG",
    "RUST_TEST_THREADS",
    "CARGO_TERM_COLOR",
    "CARGO_INCREMENTAL",
    "FORCE_COLOR",
    "NO_COLOR",
    "CLICOLOR",
    "TERM",
    "COLUMNS",
    "LINES",
    "TZ",
    "LANG",
    "LC_ALL",
    "DEBUG",
    "VERBOSE",
    "PYTHONUNBUFFERED",
    "PYTHONDONTWRITEBYTECODE",
    "GIT_TERMINAL_PROMPT",
    "HUSKY",
];

/// Pager and editor variables, inert only with one of [`INERT_PROGRAMS`] as value.
pub const PROGRAM_VARIABLES: [&str; 4] = ["PAGER", "GIT_PAGER", "EDITOR", "GIT_EDITOR"];

/// Values that make a pager or editor variable inert.
pub const INERT_PROGRAMS: [&str; 5] = ["", "cat", "true", ":", "''"];

/// Whether assigning `value` (source text) to `name` is inert (`HARD-EFFECT-2`).
#[must_use]
pub fn is_inert_assignment(name: &str, value: &str) -> bool {
    if INERT_VARIABLES.contains(&name) {
        return true;
    }
    PROGRAM_VARIABLES.contains(&name) && INERT_PROGRAMS.contains(&value)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// HARD-EFFECT-2: inert and live assignments.
    #[test]
    fn hard_effect_2_assignment_table() {
        assert!(is_inert_assignment("CI", "1"));
        assert!(is_inert_assignment("GIT_PAGER", "cat"));
        assert!(!is_inert_assignment("GIT_PAGER", "sh"));
        for name in [
            "LD_PRELOAD",
            "BASH_ENV",
            "PATH",
            "GIT_CONFIG_COUNT",
            "IFS",
            "X",
        ] {
            assert!(!is_inert_assignment(name, "x"), "{name}");
        }
    }

    /// HARD-EFFECT-2, G-9: no inert name is one of the variables that make
    /// bash, the dynamic loader, git, ssh, an interpreter, a package
    /// manager or a pager run code of the value's choosing (G-9 counts a
    /// program that got only inert variables as a blind spot, so this list
    /// is what that rests on).
    #[test]
    fn hard_effect_2_no_inert_name_runs_code() {
        const RUN_CODE: &[&str] = &[
            "LD_PRELOAD",
            "LD_LIBRARY_PATH",
            "LD_AUDIT",
            "GCONV_PATH",
            "LOCPATH",
            "BASH_ENV",
            "ENV",
            "PATH",
            "IFS",
            "PS4",
            "PROMPT_COMMAND",
            "SHELLOPTS",
            "BASHOPTS",
            "CDPATH",
            "GLOBIGNORE",
            "HISTFILE",
            "INPUTRC",
            "ZDOTDIR",
            "HOME",
            "TMPDIR",
            "XDG_CONFIG_HOME",
            "GIT_SSH",
            "GIT_SSH_COMMAND",
            "GIT_EXEC_PATH",
            "GIT_ASKPASS",
            "SSH_ASKPASS",
            "SUDO_ASKPASS",
            "GIT_EXTERNAL_DIFF",
            "GIT_PROXY_COMMAND",
            "GIT_DIR",
            "GIT_WORK_TREE",
            "GIT_TEMPLATE_DIR",
            "PYTHONSTARTUP",
            "PYTHONPATH",
            "PYTHONHOME",
            "PERL5OPT",
            "PERL5LIB",
            "RUBYOPT",
            "RUBYLIB",
            "NODE_OPTIONS",
            "NODE_PATH",
            "LESSOPEN",
            "LESSCLOSE",
            "MANPAGER",
            "BROWSER",
            "VISUAL",
            "RUSTC",
            "RUSTC_WRAPPER",
            "RUSTDOC",
            "CARGO_HOME",
            "CARGO_BUILD_RUSTC_WRAPPER",
            "CC",
            "CXX",
            "MAKEFLAGS",
            "SHELL",
        ];
        const RUN_CODE_PREFIXES: &[&str] = &["GIT_CONFIG_", "NPM_CONFIG_", "npm_config_"];
        for name in INERT_VARIABLES.iter().chain(&PROGRAM_VARIABLES) {
            assert!(
                !RUN_CODE.contains(name),
                "{name} runs code, it cannot be inert"
            );
            assert!(
                !RUN_CODE_PREFIXES.iter().any(|p| name.starts_with(p)),
                "{name} runs code, it cannot be inert"
            );
        }
        // A pager or editor variable is inert only with a value that runs nothing.
        for name in PROGRAM_VARIABLES {
            assert!(!is_inert_assignment(name, "less"), "{name}");
            assert!(!is_inert_assignment(name, "sh -c x"), "{name}");
        }
    }
}
