//! Facts about paths a write or a `cd` reaches (spec §12.7, `HARD-EFFECT-4`,
//! `HARD-VALUE-6`).

/// Whether a normalized relative path climbs above where it starts (`..`,
/// `../x`): out of the tree, for a write or a `cd` (`HARD-VALUE-6`).
pub fn climbs_out(normal: &str) -> bool {
    normal == ".." || normal.starts_with("../")
}

/// Whether a normalized path has a `.git` component: a repository's
/// configuration and hooks name programs git runs, so a write there is
/// `git config` (HARD-RUN-6) by another name.
pub fn in_git_dir(normal: &str) -> bool {
    normal.split('/').any(|segment| segment == ".git")
}
