//! Locale assignments and the bytes bash reads after them (spec §12.7,
//! `HARD-EFFECT-6`).
//!
//! bash reads its input one command at a time and re-reads its locale
//! whenever `LC_ALL`, `LC_CTYPE`, `LANG` or another `LC_*` variable is
//! assigned. After `LC_ALL=zh_CN.GBK` the following commands are read as
//! GBK, whose two-byte characters can end in an ASCII byte (`\` 0x5C,
//! `|`, `` ` ``…): the UTF-8 text the parser, the second reading and the
//! rules read is then not the text bash runs. An all-ASCII text reads the
//! same in every locale bash supports, so only a byte outside ASCII after
//! such an assignment matters.

use tree_sitter::Node;

use crate::hardened::contract::clauses::Clause;
use crate::hardened::contract::tree::slice;

/// Whether `name` is a variable that sets bash's own locale.
#[must_use]
pub fn is_locale_variable(name: &str) -> bool {
    name == "LANG" || name.starts_with("LC_")
}

/// Whether one of `parts` assigns a locale variable and the command's text
/// after that assignment holds a character outside ASCII.
#[must_use]
pub fn locale_before_non_ascii(source: &str, parts: &[Node<'_>]) -> bool {
    parts.iter().any(|part| {
        part.kind() == "variable_assignment"
            && part
                .child_by_field_name("name")
                .is_some_and(|n| is_locale_variable(slice(source, n)))
            && source
                .get(part.start_byte()..)
                .is_some_and(|rest| !rest.is_ascii())
    })
}

/// HARD-EFFECT-6: a locale assignment with bytes outside ASCII after it.
pub fn locale_floor(source: &str, parts: &[Node<'_>]) -> Option<Clause> {
    locale_before_non_ascii(source, parts).then_some(Clause::EffectLocale)
}

#[cfg(test)]
mod tests {
    use super::is_locale_variable;

    /// HARD-EFFECT-6: which variables set bash's own locale.
    #[test]
    fn hard_effect_6_locale_variables() {
        for name in ["LANG", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "LC_COLLATE"] {
            assert!(is_locale_variable(name), "{name}");
        }
        for name in ["LANGUAGE", "TZ", "CLANG", "XLC_ALL"] {
            assert!(!is_locale_variable(name), "{name}");
        }
    }
}
