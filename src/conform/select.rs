//! Choosing which vectors run: `--only` globs, skip files and chapters (`CONF-RUN-6`, `CONF-RUN-7`, `CONF-RUN-12`).

/// Matches a vector id against a glob: `*` is any sequence (including `/`),
/// `?` is any one character, everything else is literal (`CONF-RUN-6`).
#[must_use]
pub fn glob_match(glob: &str, id: &str) -> bool {
    let glob: Vec<char> = glob.chars().collect();
    let id: Vec<char> = id.chars().collect();
    let (mut g, mut i) = (0, 0);
    // The last `*` seen and the id position it currently absorbs up to:
    // backtracking only ever resumes from there, so this is O(len(glob) * len(id)).
    let mut star: Option<(usize, usize)> = None;
    while i < id.len() {
        match glob.get(g) {
            Some('*') => {
                star = Some((g, i));
                g += 1;
            }
            Some(&c) if c == '?' || Some(&c) == id.get(i) => {
                g += 1;
                i += 1;
            }
            _ => match star {
                Some((star_g, star_i)) => {
                    g = star_g + 1;
                    i = star_i + 1;
                    star = Some((star_g, star_i + 1));
                }
                None => return false,
            },
        }
    }
    glob.get(g..)
        .is_some_and(|rest| rest.iter().all(|&c| c == '*'))
}

/// One line of a skip file: vectors matching `glob` are skipped because of `reason`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkipRule {
    /// Matched against vector ids with [`glob_match`].
    pub glob: String,
    /// Why the implementation is known to differ; never empty.
    pub reason: String,
    /// The 1-based line of the skip file.
    pub line: usize,
}

/// A skip file line that is not `glob -> reason`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SkipFileError {
    /// The line is malformed; the message says how.
    BadLine {
        /// The 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

impl std::fmt::Display for SkipFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::BadLine { line, message } => write!(f, "skip file line {line}: {message}"),
        }
    }
}

impl std::error::Error for SkipFileError {}

/// Parses a skip file (`CONF-RUN-7`).
///
/// Each non-blank line that does not start with `#` is `glob -> reason`;
/// the glob and the reason are trimmed and neither may be empty.
///
/// # Errors
/// The first malformed line.
pub fn parse_skip_file(text: &str) -> Result<Vec<SkipRule>, SkipFileError> {
    let mut rules = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let bad = |message: &str| SkipFileError::BadLine {
            line,
            message: message.to_owned(),
        };
        let Some((glob, reason)) = trimmed.split_once("->") else {
            return Err(bad("expected `glob -> reason`"));
        };
        let (glob, reason) = (glob.trim(), reason.trim());
        if glob.is_empty() {
            return Err(bad("the glob is empty"));
        }
        if reason.is_empty() {
            return Err(bad("every skip needs a reason after `->`"));
        }
        rules.push(SkipRule {
            glob: glob.to_owned(),
            reason: reason.to_owned(),
            line,
        });
    }
    Ok(rules)
}

/// The first skip rule matching `id`, if any.
#[must_use]
pub fn skip_reason<'a>(rules: &'a [SkipRule], id: &str) -> Option<&'a SkipRule> {
    rules.iter().find(|rule| glob_match(&rule.glob, id))
}

/// Parses `--chapter a,b,…` against the chapters the vectors have (`CONF-RUN-12`).
///
/// Names are comma-separated and trimmed; an empty list, an empty name or a
/// name no vector file has is an error, so that a typo never selects nothing.
///
/// # Errors
/// A message naming the bad entry and the chapters that exist.
pub fn parse_chapters(list: &str, known: &[&str]) -> Result<Vec<String>, String> {
    let mut chapters = Vec::new();
    for name in list.split(',').map(str::trim) {
        if name.is_empty() {
            return Err(format!("--chapter {list:?}: empty chapter name"));
        }
        if !known.contains(&name) {
            return Err(format!(
                "--chapter: no vector file has chapter {name:?} (chapters: {})",
                known.join(", ")
            ));
        }
        if !chapters.iter().any(|chapter| chapter == name) {
            chapters.push(name.to_owned());
        }
    }
    Ok(chapters)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CONF-RUN-6: glob semantics on vector ids.
    #[test]
    fn globs_match_vector_ids() {
        const ROWS: &[(&str, &str, bool)] = &[
            ("pol-match/*", "pol-match/3", true),
            ("pol-match/*", "pol-matcher/3", false),
            ("*", "wrap/17", true),
            ("wrap/1?", "wrap/17", true),
            ("wrap/1?", "wrap/1", false),
            ("wrap/1", "wrap/17", false),
            ("*/17", "wrap/17", true),
            ("w*p/*7", "wrap/17", true),
            ("*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false),
            ("", "", true),
            ("", "x", false),
            ("**", "", true),
        ];
        for (glob, id, expected) in ROWS {
            assert_eq!(glob_match(glob, id), *expected, "{glob} vs {id}");
        }
    }

    /// CONF-RUN-7: skip files need a reason on every line.
    #[test]
    fn skip_files_parse_and_reject_reasonless_lines() {
        let rules =
            parse_skip_file("# known\n\nwrap/* -> not implemented\n  auth/3->a -> b  \n").unwrap();
        assert_eq!(
            rules,
            vec![
                SkipRule {
                    glob: "wrap/*".into(),
                    reason: "not implemented".into(),
                    line: 3
                },
                SkipRule {
                    glob: "auth/3".into(),
                    reason: "a -> b".into(),
                    line: 4
                },
            ]
        );
        const BAD: &[(&str, usize)] = &[
            ("wrap/*\n", 1),
            ("# c\nwrap/* ->\n", 2),
            ("wrap/* ->   \n", 1),
            (" -> reason\n", 1),
        ];
        for (text, line) in BAD {
            let error = parse_skip_file(text).unwrap_err();
            assert!(
                matches!(error, SkipFileError::BadLine { line: l, .. } if l == *line),
                "{text:?}"
            );
        }
    }
}
