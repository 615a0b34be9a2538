//! Words judged by their value (spec §12.4, `HARD-VALUE-*`).
//!
//! Rules are written about what a command does, so they must see each word
//! as bash will pass it: quotes and escapes removed, `$'…'` decoded, braces
//! expanded, `~` and `$HOME` replaced by the home directory. What only run
//! time knows (a variable, a substitution, a glob) becomes a wildcard, and
//! such a value is judged by every rule that could match one of its
//! expansions ([`crate::hardened::commands::reach`]).

use tree_sitter::Node;

use crate::hardened::words::bound::expansion_spans;
use crate::hardened::words::braces::{braces, is_bare};
use crate::hardened::words::pieces::{pieces, Known, Piece, Pieces, Spans};

/// One part of a spelled value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// Text known before the command runs.
    Lit(String),
    /// Any text at all, the empty text and blanks included.
    Any,
    /// Any text without `/`: what a glob's `*`, `?` or `[…]` matches in one
    /// path component (or the pattern itself, when nothing matches).
    Segment,
    /// A [`Part::Segment`] that starts a path component: the empty text or
    /// text without `/` whose first character is not `.` (`HARD-GLOB-1`).
    LeadSegment,
    /// Any text of `.` and `/` only: the climb `/../..` to an ancestor
    /// of unknown depth (`HARD-TOPLEVEL-1`).
    DotsSlashes,
    /// A decimal integer, possibly negative (`$?`, `$#`, `$((…))`).
    Number,
    /// Where a glob word starts.
    Mark,
    /// The end of a glob word: it may repeat from its mark after one space
    /// (the glob matched several paths).
    Repeat,
}

/// A value as the rules see it after expansion (`HARD-VALUE-1`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Spelled(pub Vec<Part>);

impl Spelled {
    /// Appends text, merging with a literal before it.
    pub fn lit(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        if let Some(Part::Lit(last)) = self.0.last_mut() {
            last.push_str(text);
        } else {
            self.0.push(Part::Lit(text.to_owned()));
        }
    }

    /// Appends a wildcard, merging with one before it.
    pub fn any(&mut self) {
        if self.0.last() != Some(&Part::Any) {
            self.0.push(Part::Any);
        }
    }

    /// Appends a part that is not text.
    pub fn part(&mut self, part: Part) {
        match part {
            Part::Lit(text) => self.lit(&text),
            Part::Any => self.any(),
            other => self.0.push(other),
        }
    }

    /// The text, when every part is known.
    #[must_use]
    pub fn as_static(&self) -> Option<String> {
        let mut out = String::new();
        for part in &self.0 {
            match part {
                Part::Lit(text) => out.push_str(text),
                _ => return None,
            }
        }
        Some(out)
    }
}

/// One word after brace expansion, before the home directory is spelled.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Word {
    /// Its parts; a `Home` part stands for the home directory.
    parts: Vec<WordPart>,
    /// True when the word may expand to no word at all (only expansions).
    vanishes: bool,
    /// True when the word is a glob, which may expand to several words.
    glob: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum WordPart {
    Lit(String),
    Any,
    Segment,
    LeadSegment,
    DotsSlashes,
    Number,
    Home,
}

/// The words an argument node gives (`HARD-VALUE-1`): one word, several
/// after brace expansion, or one unknown word if it is not understood.
#[must_use]
pub fn spell_word(source: &str, node: Node<'_>) -> Vec<Word> {
    spell_joined(source, &[node])
}

/// The words of one bash word the parse split at line continuations
/// (`HARD-SPELL-1`): `nodes` are adjacent, only line continuations between.
#[must_use]
pub fn spell_joined(source: &str, nodes: &[Node<'_>]) -> Vec<Word> {
    let (Some(first), Some(last)) = (nodes.first(), nodes.last()) else {
        return Vec::new();
    };
    let mut spans = Spans::new();
    for node in nodes {
        spans.append(&mut expansion_spans(source, *node));
    }
    let Some(text) = source.get(first.start_byte()..last.end_byte()) else {
        return vec![unknown_word()];
    };
    let node = *first;
    let (home_known, pwd_known) = known_variables(source);
    let Ok(mut read) = pieces(text, node.start_byte(), Some(&spans)) else {
        return vec![unknown_word()];
    };
    for known in &mut read.known {
        let stale = match known {
            Known::Home => !home_known,
            Known::WorkingDirectory => !pwd_known,
            Known::Number | Known::FdPath | Known::Text(_) | Known::Word(_) | Known::Unknown => {
                false
            }
        };
        if stale {
            *known = Known::Unknown;
        }
    }
    let Pieces { list, known } = read;
    match braces(list) {
        Some(words) => words
            .iter()
            .map(|w| finish(w, &known, home_known, pwd_known))
            .collect(),
        None => vec![unknown_word()],
    }
}

/// What one command's text says of `HOME` and `PWD` (`HARD-VALUE-2`),
/// computed once per command by [`for_command`]: scanning the whole text
/// again for every word made spelling quadratic in the command's length.
#[derive(Debug, Clone, Copy)]
struct CommandFacts {
    text: *const u8,
    len: usize,
    home_known: bool,
    pwd_known: bool,
}

thread_local! {
    static FACTS: std::cell::Cell<Option<CommandFacts>> = const { std::cell::Cell::new(None) };
    /// Loop bindings looked up in the current command (each scans its text).
    static LOOP_LOOKUPS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Most loop bindings one command looks up; past it `"$f"` is unknown.
pub const MAX_LOOP_LOOKUPS: usize = 64;

/// Counts one loop-binding lookup; false once the command has used them up.
pub(crate) fn loop_lookup_allowed() -> bool {
    LOOP_LOOKUPS.with(|n| {
        n.set(n.get().saturating_add(1));
        n.get() <= MAX_LOOP_LOOKUPS
    })
}

/// Runs `f` with the facts of `source` computed once; words of `source`
/// spelled inside `f` reuse them (the same live slice: same address and
/// length means the same text while `source` is borrowed).
pub fn for_command<R>(source: &str, f: impl FnOnce() -> R) -> R {
    let facts = CommandFacts {
        text: source.as_ptr(),
        len: source.len(),
        home_known: !crate::hardened::words::pieces::mentioned_otherwise(source, "HOME"),
        pwd_known: !crate::hardened::words::pieces::mentioned_otherwise(source, "PWD"),
    };
    let before = FACTS.with(|cell| cell.replace(Some(facts)));
    let lookups = LOOP_LOOKUPS.with(|n| n.replace(0));
    let out = f();
    FACTS.with(|cell| cell.set(before));
    LOOP_LOOKUPS.with(|n| n.set(lookups));
    out
}

/// Whether `HOME` and `PWD` keep their known values in `source`.
fn known_variables(source: &str) -> (bool, bool) {
    let cached = FACTS
        .with(std::cell::Cell::get)
        .filter(|f| std::ptr::eq(f.text, source.as_ptr()) && f.len == source.len());
    match cached {
        Some(facts) => (facts.home_known, facts.pwd_known),
        None => (
            !crate::hardened::words::pieces::mentioned_otherwise(source, "HOME"),
            !crate::hardened::words::pieces::mentioned_otherwise(source, "PWD"),
        ),
    }
}

/// A command's arguments as the program readers of §12.5 read them
/// (`HARD-VALUE-7`): one entry per bash word after the name.
#[derive(Debug, Clone, Default)]
pub struct ReadArgs {
    /// The exact value when known, else the word as written.
    pub texts: Vec<String>,
    /// Whether the value is exactly known (one word, known text, no glob).
    pub known: Vec<bool>,
    /// The spelled word (an unknown word when it is not exactly one).
    pub words: Vec<Word>,
}

/// Reads the argument words `groups` (each the parse's nodes of one bash
/// word, HARD-SPELL-1) with their written texts `written`.
#[must_use]
pub fn read_args(source: &str, groups: &[Vec<Node<'_>>], written: &[String]) -> ReadArgs {
    let mut out = ReadArgs::default();
    for (group, text) in groups.iter().zip(written) {
        let spelled = spell_joined(source, group);
        let exact = match spelled.as_slice() {
            [one] if !one.vanishes => one.exact_text(),
            _ => None,
        };
        out.known.push(exact.is_some());
        out.texts.push(exact.unwrap_or_else(|| text.clone()));
        out.words.push(match spelled.len() {
            1 => spelled.into_iter().next().unwrap_or_else(unknown_word),
            _ => unknown_word(),
        });
    }
    out
}

/// A word only run time knows.
#[must_use]
pub fn unknown_word() -> Word {
    Word {
        parts: vec![WordPart::Any],
        vanishes: true,
        glob: false,
    }
}

/// Most parts (literal runs, wildcards, expansions) one word is read into
/// (`HARD-VALUE-5`): every part gives at least one code unit but a home
/// directory, so a longer word is longer than the search's bound,
/// `MAX_REACH_CODE_UNITS` of `commands::reach`, anyway (an assertion there
/// holds the two together).
pub const MAX_WORD_PARTS: usize = 8_192;

/// Tilde expansion and globbing of one brace-expanded word (`HARD-VALUE-2`,
/// `HARD-VALUE-4`).
fn finish(word: &[Piece], known: &[Known], home_known: bool, pwd_known: bool) -> Word {
    let mut out = Word {
        parts: Vec::new(),
        vanishes: word.iter().all(|p| matches!(p, Piece::Expansion { .. }))
            && word.iter().any(|p| {
                // A bound word unquoted is split by bash, and the top level
                // (HARD-TOPLEVEL-1) is empty outside a work tree.
                matches!(p, Piece::Expansion { at, quoted } if matches!(
                    (Pieces::known(known, *at), *quoted),
                    (Known::Unknown, _) | (Known::Word(_), false)
                ))
            }),
        glob: false,
    };
    let tilde_points = tilde_points(word);
    let mut i = 0;
    while let Some(piece) = word.get(i) {
        if out.parts.len() > MAX_WORD_PARTS {
            // HARD-VALUE-5: longer than any value the search reads; the rest
            // stands for any text, and for several words (`PROTO-15`).
            out.push(WordPart::Any);
            out.glob = true;
            break;
        }
        if tilde_points.binary_search(&i).is_ok() {
            let end = word
                .iter()
                .skip(i + 1)
                .position(|p| {
                    matches!(
                        p,
                        Piece::Char {
                            c: '/' | ':',
                            quoted: false
                        }
                    )
                })
                .map_or(word.len(), |k| i + 1 + k);
            let prefix = word.get(i + 1..end).unwrap_or_default();
            let bare: Option<String> = prefix
                .iter()
                .map(|p| match p {
                    Piece::Char { c, quoted: false } => Some(*c),
                    _ => None,
                })
                .collect();
            match bare.as_deref() {
                Some("") if home_known => out.push(WordPart::Home),
                Some("+") if pwd_known => out.push(WordPart::Lit(".".to_owned())),
                // `~user`, `~-`, `~N`: another directory only run time knows.
                Some(_) => out.push(WordPart::Any),
                // A quoted character in the prefix: no tilde expansion.
                None => {
                    out.push(WordPart::Lit("~".to_owned()));
                    i += 1;
                    continue;
                }
            }
            i = end;
            continue;
        }
        match *piece {
            // A bracket expression, up to its `]`, is one wildcard of any
            // text: one character, or the literal text when nothing matches.
            Piece::Char {
                c: '[',
                quoted: false,
            } => {
                out.glob = true;
                out.push(WordPart::Any);
                let close = word.iter().skip(i + 2).position(|p| {
                    matches!(
                        p,
                        Piece::Char {
                            c: ']',
                            quoted: false
                        }
                    )
                });
                if let Some(k) = close {
                    i += k + 2;
                }
            }
            Piece::Char {
                c: '*' | '?',
                quoted: false,
            } => {
                out.glob = true;
                // HARD-GLOB-1: a path component that starts with a
                // wildcard never yields a name starting with `.` (bash's
                // dotglob is off); `**` is `*` (globstar is off).
                match out.parts.last() {
                    None => out.push(WordPart::LeadSegment),
                    Some(WordPart::Lit(text)) if text.ends_with('/') => {
                        out.push(WordPart::LeadSegment);
                    }
                    Some(WordPart::LeadSegment) => {}
                    Some(_) => out.push(WordPart::Segment),
                }
            }
            Piece::Char { c, .. } => out.push(WordPart::Lit(c.to_string())),
            Piece::Expansion { at, quoted } => {
                expansion_part(&mut out, Pieces::known(known, at), quoted);
            }
        }
        i += 1;
    }
    out
}

/// The part an expansion gives in a word (`HARD-VALUE-2`, `HARD-VALUE-7`).
fn expansion_part(out: &mut Word, known: &Known, quoted: bool) {
    match (known, quoted) {
        (Known::Home, _) => out.push(WordPart::Home),
        // HARD-VALUE-7: unquoted, the working directory's absolute path
        // is split and globbed by bash, and only run time knows it.
        (Known::WorkingDirectory, true) => out.push(WordPart::Lit(".".to_owned())),
        (Known::WorkingDirectory, false) => out.push(WordPart::Any),
        (Known::Number, _) => out.push(WordPart::Number),
        // HARD-PROCSUB-1: `<(…)` is a path under `/dev/fd/`.
        (Known::FdPath, _) => {
            out.push(WordPart::Lit("/dev/fd/".to_owned()));
            out.push(WordPart::Number);
        }
        (Known::Word(bound), true) => {
            for part in bound.parts.iter().cloned() {
                out.push(part);
            }
        }
        (Known::Word(_), false) => out.push(WordPart::Any),
        // HARD-VALUE-7: unquoted, a known text holding a blank, a
        // newline or a glob character is split and globbed by bash (an
        // empty one vanishes): not one known word.
        (Known::Text(text), false)
            if text.is_empty() || text.contains([' ', '\t', '\n', '*', '?', '[']) =>
        {
            out.push(WordPart::Any);
        }
        (Known::Text(text), _) => out.push(WordPart::Lit(text.clone())),
        (Known::Unknown, _) => out.push(WordPart::Any),
    }
}

/// Where bash expands a tilde in a word: at its start, and in a word shaped
/// like an assignment after its first `=` and after each unquoted `:`.
fn tilde_points(word: &[Piece]) -> Vec<usize> {
    let mut points = Vec::new();
    if is_bare(word.first(), '~') {
        points.push(0);
    }
    let name_len = word
        .iter()
        .take_while(|p| matches!(p, Piece::Char { c, quoted: false } if c.is_ascii_alphanumeric() || *c == '_'))
        .count();
    let starts_with_letter =
        matches!(word.first(), Some(Piece::Char { c, .. }) if !c.is_ascii_digit());
    if name_len > 0 && starts_with_letter && is_bare(word.get(name_len), '=') {
        for (i, piece) in word.iter().enumerate().skip(name_len) {
            let after_separator = matches!(
                piece,
                Piece::Char {
                    c: '=' | ':',
                    quoted: false
                }
            );
            if after_separator && is_bare(word.get(i + 1), '~') {
                points.push(i + 1);
            }
        }
    }
    points
}

impl Word {
    fn push(&mut self, part: WordPart) {
        match (self.parts.last_mut(), part) {
            (Some(WordPart::Lit(last)), WordPart::Lit(text)) => last.push_str(&text),
            (_, part) => self.parts.push(part),
        }
    }

    /// The word as a lexically normalized path (`POL-MATCH-2`'s
    /// normalization: `.` segments and repeated slashes vanish, `..` removes
    /// the segment before it), if it is a known path.
    fn normalized(&self, home: &str) -> Option<String> {
        let mut text = String::new();
        for part in &self.parts {
            match part {
                WordPart::Lit(lit) => text.push_str(lit),
                WordPart::Home => text.push_str(home),
                _ => return None,
            }
        }
        text.contains('/')
            .then(|| crate::policy::home::posix_normalize(&text))
    }

    /// The word as the value of a variable bound to one of its expansions
    /// (`for f in WORD`): one path, not several; `None` if it may vanish.
    pub(crate) fn one_path(&self) -> Option<Word> {
        (!self.vanishes).then(|| Word {
            glob: false,
            ..self.clone()
        })
    }

    /// The word's text when it is one known text without home references.
    pub(crate) fn literal_text(&self) -> Option<&str> {
        match self.parts.as_slice() {
            [WordPart::Lit(text)] => Some(text),
            _ => None,
        }
    }

    /// The word's exact value for a program's reader (`HARD-VALUE-7`):
    /// known text only (the home directory spelled `~`), not a glob.
    #[must_use]
    pub fn exact_text(&self) -> Option<String> {
        if self.glob {
            return None;
        }
        let mut out = String::new();
        for part in &self.parts {
            match part {
                WordPart::Lit(text) => out.push_str(text),
                WordPart::Home => out.push('~'),
                _ => return None,
            }
        }
        Some(out)
    }

    /// Whether the word cannot be an option, a setting or a subcommand
    /// name (`HARD-VALUE-7`): its value is known to start with text that
    /// holds a `/` and does not start with `-` or `+` (`src/…`, `./…`).
    #[must_use]
    pub fn is_path_shaped(&self) -> bool {
        match self.parts.first() {
            Some(WordPart::Lit(text)) => !text.starts_with(['-', '+']) && text.contains('/'),
            Some(WordPart::Home) => true,
            _ => false,
        }
    }

    /// The home directory (`cd` with no operand).
    pub(crate) fn home() -> Word {
        Word {
            parts: vec![WordPart::Home],
            vanishes: false,
            glob: false,
        }
    }

    /// The word read from the directory `dir` (`HARD-VALUE-6`): `dir/word`
    /// when the word may be a relative path (its known start is not `/`,
    /// `~`, an option's `-` or a redirection operator), with an option's
    /// value read so too (`--file=.ssh/x`); `None` otherwise.
    pub(crate) fn under(&self, dir: &Word) -> Option<Word> {
        let (head, rest): (Option<String>, &[WordPart]) = match self.parts.as_slice() {
            [WordPart::Home, ..] | [] => return None,
            [WordPart::Lit(text), rest @ ..] => {
                if text.starts_with('-') {
                    // An option: its value after `=`, if it has one.
                    let (option, value) = text.split_once('=')?;
                    if value.starts_with(['/', '~']) {
                        return None;
                    }
                    let mut parts = vec![WordPart::Lit(format!("{option}="))];
                    parts.extend(dir.parts.iter().cloned());
                    let mut out = Word {
                        parts,
                        ..self.clone()
                    };
                    out.push(WordPart::Lit(format!("/{value}")));
                    for part in rest {
                        out.push(part.clone());
                    }
                    return Some(out);
                }
                let operator = text.trim_start_matches(|c: char| c.is_ascii_digit());
                if text.starts_with(['/', '~', '|']) || operator.starts_with(['<', '>', '&']) {
                    return None;
                }
                (Some(text.clone()), rest)
            }
            parts => (None, parts),
        };
        let mut out = Word {
            parts: dir.parts.clone(),
            ..self.clone()
        };
        out.push(WordPart::Lit(format!("/{}", head.unwrap_or_default())));
        for part in rest {
            out.push(part.clone());
        }
        Some(out)
    }

    /// The working directory or one of its ancestors, as a relative path
    /// (`.`, `..`, `../..`, …: `HARD-TOPLEVEL-1`), spelled `.` and a
    /// wildcard of `.` and `/` only.
    pub(super) fn ancestor() -> Word {
        Word {
            parts: vec![WordPart::Lit(".".to_owned()), WordPart::DotsSlashes],
            vanishes: false,
            glob: false,
        }
    }

    /// A word of known text (a command name after quote removal).
    #[must_use]
    pub fn literal(text: &str) -> Word {
        Word {
            parts: vec![WordPart::Lit(text.to_owned())],
            vanishes: false,
            glob: false,
        }
    }

    /// The word spelled with home references written `~` (`tilde`) or as
    /// `home`; under `tilde`, a word starting with the home path is written
    /// with `~` too.
    fn spell(&self, home: &str, tilde: bool, normalize: bool, out: &mut Spelled) {
        if let Some(path) = self.normalized(home).filter(|_| normalize) {
            match tilde {
                true => out.lit(&home_as_tilde(&path, home)),
                false => out.lit(&path),
            }
            return;
        }
        if self.glob {
            out.part(Part::Mark);
        }
        for (index, part) in self.parts.iter().enumerate() {
            match part {
                WordPart::Segment => out.part(Part::Segment),
                WordPart::LeadSegment => out.part(Part::LeadSegment),
                WordPart::DotsSlashes => out.part(Part::DotsSlashes),
                WordPart::Number => out.part(Part::Number),
                WordPart::Lit(text) if tilde && index == 0 => out.lit(&home_as_tilde(text, home)),
                WordPart::Lit(text) => out.lit(text),
                WordPart::Any => out.any(),
                WordPart::Home if tilde => out.lit("~"),
                WordPart::Home => out.lit(home),
            }
        }
        if self.glob {
            out.part(Part::Repeat);
        }
    }
}

/// `text` with a leading home path written `~` (`HARD-VALUE-2`).
fn home_as_tilde(text: &str, home: &str) -> String {
    match text.strip_prefix(home) {
        Some(rest) if !home.is_empty() && (rest.is_empty() || rest.starts_with('/')) => {
            format!("~{rest}")
        }
        _ => text.to_owned(),
    }
}

/// Joins words with one space, a word that may vanish taking the space
/// before it (or after it, for the first word) into its wildcard.
#[must_use]
pub fn join(words: &[Word], home: &str, tilde: bool, normalize: bool) -> Spelled {
    let mut out = Spelled::default();
    for (index, word) in words.iter().enumerate() {
        if index > 0 {
            if word.vanishes {
                out.any();
            } else {
                out.lit(" ");
            }
        }
        word.spell(home, tilde, normalize, &mut out);
        if index == 0 && word.vanishes && words.len() > 1 {
            out.any();
        }
    }
    out
}

/// The spelled values of words: home references written `~`, then written
/// as the policy's home directory (`HARD-VALUE-2`); and again with each path
/// normalized, when that changes a word (`~/./.ssh` is `~/.ssh`).
#[must_use]
pub fn spellings(words: &[Word], home: &str) -> Vec<Spelled> {
    let mut out = Vec::with_capacity(4);
    for (tilde, normalize) in [(true, false), (false, false), (true, true), (false, true)] {
        let value = join(words, home, tilde, normalize);
        if !out.contains(&value) {
            out.push(value);
        }
    }
    out
}

#[cfg(test)]
#[path = "values_tests.rs"]
mod tests;
