//! `"$(git rev-parse --show-toplevel)"`: a value the word model can bound
//! (spec §12.13, `HARD-TOPLEVEL-1`).
//!
//! git prints the top level of the work tree the shell is in: the working
//! directory or one of its ancestors (a submodule's or a linked work tree's
//! top level too: the directory that holds its `.git`). Outside a work tree
//! it prints nothing (and `cd ""` stays). Like `"$PWD"`, spelled `.`
//! (HARD-VALUE-2), the value is spelled relative to the working directory:
//! `.`, `..`, `../..`, …, which `Word::ancestor` spells as `.` followed
//! by a wildcard of `.` and `/` only. A rule then sees a word whose only
//! unknown part is made of `.` and `/`: `cd "$(git rev-parse
//! --show-toplevel)"` is decided by `cd *`, and a relative word read from
//! there (HARD-VALUE-6) is `.<dots and slashes>/word`, so `cat .ssh/id_rsa`
//! after it meets `*/.ssh/*` and a write there is outside the tree
//! (HARD-EFFECT-4).

use super::values::Word;

/// The substitution, as written.
const TOPLEVEL: &str = "$(git rev-parse --show-toplevel)";

/// The value of the command substitution `text` inside the command
/// `source`, when it is the idiom and nothing else in the command can move
/// the top level: no other `git` (a `git config core.worktree …`, `git
/// worktree …` or `git -C` would name any directory) and no `GIT_`
/// variable (`GIT_WORK_TREE`, `GIT_DIR`). Double quotes are the caller's
/// to require: unquoted, bash splits and globs the path (HARD-VALUE-7).
#[must_use]
pub fn toplevel_value(source: &str, text: &str) -> Option<Word> {
    // The idiom's own program: the command names it nowhere else.
    let program = TOPLEVEL
        .trim_start_matches("$(")
        .split(' ')
        .next()
        .unwrap_or(TOPLEVEL);
    let alone = source.matches(program).count() == 1 && !source.contains("GIT_");
    (text == TOPLEVEL && alone).then(Word::ancestor)
}
