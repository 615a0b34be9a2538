//! Quoting a word for bash: the one home of the rule, used by the execution
//! oracle to render an argv as text (INV-GROUND-6) and by the audit
//! protocol's argv form (AUDIT-PROTO-2), which are compiled under different
//! features.

/// `word` quoted for bash when it needs quoting (single quotes, `'\''` for a quote).
#[must_use]
pub fn shell_quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_-./:=@%+,".contains(&b));
    if plain {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}
