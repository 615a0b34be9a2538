//! Here-document operators as bash reads them, for the classifiers of F-19
//! (`INV-KNOWN-1`, `INV-KNOWN-2`): which operators never see their
//! delimiter line, and the same command with none.

/// The here-document operators (`<<`, `<<-`; not the here-string `<<<`) of
/// `command`: the byte offset of each, whether it strips tabs, and its
/// delimiter dequoted. Operators whose delimiter word is empty are skipped.
fn operators(command: &str) -> Vec<(usize, bool, String)> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = command.get(from..).and_then(|r| r.find("<<")) {
        let start = from + at;
        let rest = command.get(start + 2..).unwrap_or_default();
        from = start + 2;
        if rest.starts_with('<') {
            from += 1;
            continue;
        }
        let strip_tabs = rest.starts_with('-');
        let rest = rest
            .strip_prefix('-')
            .unwrap_or(rest)
            .trim_start_matches([' ', '\t']);
        let word: String = rest
            .chars()
            .take_while(|c| !c.is_whitespace() && !";|&)<>".contains(*c))
            .collect();
        let delimiter = word.replace(['\'', '"', '\\'], "");
        if !delimiter.is_empty() {
            found.push((start, strip_tabs, delimiter));
        }
    }
    found
}

/// Whether a here-document operator of `command` has no line equal to its
/// delimiter after it: bash then reads the rest of the input as its body
/// and runs the rest of the operator's line (F-19).
#[must_use]
pub fn has_unterminated_here_document(command: &str) -> bool {
    // bash reads the bodies one after the other, in the order of their
    // operators, so each needs a delimiter line of its own.
    let lines: Vec<&str> = command.lines().skip(1).collect();
    let mut next = 0;
    for (_, strip_tabs, delimiter) in operators(command) {
        let found = lines.iter().skip(next).position(|line| {
            let line = if strip_tabs {
                line.trim_start_matches('\t')
            } else {
                line
            };
            line == delimiter.as_str()
        });
        match found {
            Some(offset) => next += offset + 1,
            None => return true,
        }
    }
    false
}

/// `command` with every here-document operator made an input redirection
/// (`cat <<EOF x` becomes `cat < EOF x`): the same words and lines, no
/// here-document.
#[must_use]
pub fn without_here_documents(command: &str) -> String {
    let mut out = String::with_capacity(command.len());
    let mut kept = 0;
    for (start, strip_tabs, _) in operators(command) {
        out.push_str(command.get(kept..start).unwrap_or_default());
        out.push_str("< ");
        kept = start + if strip_tabs { 3 } else { 2 };
    }
    out.push_str(command.get(kept..).unwrap_or_default());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    // INV-KNOWN-1, INV-KNOWN-2: the here-document reading F-19's classifiers rely on.
    #[test]
    fn inv_known_here_document_table() {
        let rows: &[(&str, bool, &str)] = &[
            ("cat <<EOF | rm -rf x", true, "cat < EOF | rm -rf x"),
            ("cat <<EOF\nbody\nEOF", false, "cat < EOF\nbody\nEOF"),
            (
                "cat <<-'EOF'\n\tbody\n\tEOF",
                false,
                "cat < 'EOF'\n\tbody\n\tEOF",
            ),
            ("cat <<< in && ls", false, "cat <<< in && ls"),
            ("cat <<A <<B\nB\nA", true, "cat < A < B\nB\nA"),
            ("cat <<A <<B\nA\nB", false, "cat < A < B\nA\nB"),
            ("(cat <<EOF && x)", true, "(cat < EOF && x)"),
            ("cat <<", false, "cat <<"),
        ];
        for (command, unterminated, without) in rows {
            assert_eq!(
                has_unterminated_here_document(command),
                *unterminated,
                "{command:?}"
            );
            assert_eq!(without_here_documents(command), *without, "{command:?}");
        }
    }
}
