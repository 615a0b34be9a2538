//! Wrapper floors (spec §7.4, `POL-FLOOR-*`).
//!
//! A unit whose command runs another command (`sudo X`, `xargs X`) or an
//! invisible payload (`bash -c '…'`, `eval …`) cannot be judged by its own
//! text, so a rule's `allow` for it is lowered to `ask`. The decision reads
//! only the command's words as the parser split them; quoting is not
//! interpreted (`"bash" -c …` is not a shell name, `POL-FLOOR-2`).

use super::WrapperKind;

/// Shells whose short-flag cluster with `c` runs an inline program (`POL-FLOOR-3`).
pub const SHELL_NAMES: [&str; 5] = ["bash", "sh", "dash", "zsh", "ksh"];

/// Commands that always run another command (`POL-FLOOR-4`).
pub const INDIRECTION_NAMES: [&str; 15] = [
    "sudo",
    "env",
    "xargs",
    "time",
    "nohup",
    "timeout",
    "nice",
    "parallel",
    "rust-parallel",
    "rush",
    "doas",
    "setsid",
    "stdbuf",
    "watch",
    "flock",
];

/// Search tools that run a command only with one of these exact arguments (`POL-FLOOR-5`).
pub const EXEC_FLAGS: [(&str, &[&str]); 2] = [
    ("find", &["-exec", "-execdir", "-ok", "-okdir"]),
    ("fd", &["-x", "--exec", "-X", "--exec-batch"]),
];

/// The part of `name` after its last `/` (`POL-FLOOR-2`).
#[must_use]
pub fn basename(name: &str) -> &str {
    name.rsplit('/').next().unwrap_or(name)
}

/// A short-flag cluster containing `c` before any `--` (`POL-FLOOR-3`).
fn has_short_c_flag<'a>(args: impl IntoIterator<Item = &'a str>) -> bool {
    for arg in args {
        if arg == "--" {
            return false;
        }
        if arg.starts_with('-') && !arg.starts_with("--") && arg.contains('c') {
            return true;
        }
    }
    false
}

/// Classifies a command by its words (`POL-FLOOR-1`..`POL-FLOOR-5`).
///
/// `words` are the texts of the command node's named children after any
/// leading assignments, exactly as in the source (quotes included): the
/// first is the command name, the rest its arguments and redirects. It takes
/// words rather than unit text because the floor reads the parser's split,
/// which no re-tokenization of the text reproduces exactly.
#[must_use]
pub fn wrapper_kind<'a>(words: impl IntoIterator<Item = &'a str>) -> Option<WrapperKind> {
    let mut words = words.into_iter();
    let name = basename(words.next()?);
    if name == "eval" {
        return Some(WrapperKind::OpaquePayload);
    }
    if SHELL_NAMES.contains(&name) {
        if has_short_c_flag(words) {
            return Some(WrapperKind::OpaquePayload);
        }
        return None;
    }
    if INDIRECTION_NAMES.contains(&name) {
        return Some(WrapperKind::Indirection);
    }
    let (_, flags) = EXEC_FLAGS.iter().find(|(tool, _)| *tool == name)?;
    words
        .any(|arg| flags.contains(&arg))
        .then_some(WrapperKind::Indirection)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// POL-FLOOR-2: basename is everything after the last `/`.
    #[test]
    fn pol_floor_2_basename_table() {
        let rows = [
            ("/bin/bash", "bash"),
            ("bash", "bash"),
            ("a/", ""),
            ("", ""),
        ];
        for (name, want) in rows {
            assert_eq!(basename(name), want, "{name:?}");
        }
    }
}
