//! Words judged by their value (spec §12.4, `HARD-VALUE-*`).
//!
//! Rules are written about what a command does, so they must see each word
//! as bash will pass it: quotes and escapes removed, `$'…'` decoded, braces
//! expanded, `~` and `$HOME` replaced by the home directory. What only run
//! time knows (a variable, a substitution, a glob) becomes a wildcard, and
//! such a value is judged by every rule that could match one of its
//! expansions ([`super::reach`]).

use tree_sitter::Node;

use super::words::{pieces, Known, Piece, Spans};
use super::{named_children, slice};

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
    Number,
    Home,
}

/// Most words one word may brace-expand into before it is read as unknown.
pub const MAX_BRACE_WORDS: usize = 256;

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
    let home_known = !super::words::mentioned_otherwise(source, "HOME");
    let pwd_known = !super::words::mentioned_otherwise(source, "PWD");
    let Ok(mut read) = pieces(text, node.start_byte(), Some(&spans)) else {
        return vec![unknown_word()];
    };
    for piece in &mut read {
        if let Piece::Expansion { known, .. } = piece {
            let stale = match known {
                Known::Home => !home_known,
                Known::WorkingDirectory => !pwd_known,
                Known::Number | Known::Text(_) | Known::Word(_) | Known::Unknown => false,
            };
            if stale {
                *known = Known::Unknown;
            }
        }
    }
    match braces(read) {
        Some(words) => words
            .iter()
            .map(|w| finish(w, home_known, pwd_known))
            .collect(),
        None => vec![unknown_word()],
    }
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

/// The expansions the parse found in `node`, outermost only.
fn expansion_spans<'s>(source: &'s str, node: Node<'_>) -> Spans<'s> {
    let mut spans = Spans::new();
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        match n.kind() {
            "simple_expansion"
            | "expansion"
            | "command_substitution"
            | "arithmetic_expansion"
            | "process_substitution" => {
                let shown = match n.kind() {
                    "arithmetic_expansion" => Some(Known::Number),
                    "command_substitution" => heredoc_text(source, n).map(Known::Text),
                    "simple_expansion" | "expansion" => loop_word(source, n).map(Known::Word),
                    _ => None,
                };
                spans.insert(n.start_byte(), (n.end_byte(), slice(source, n), shown));
            }
            _ => stack.extend(named_children(n)),
        }
    }
    spans
}

/// The value of `$(cat <<'EOF' … EOF)` (`HARD-VALUE-2`): the body of a
/// here-document with a quoted delimiter, which bash reads literally, less
/// its trailing newlines, as command substitution removes them.
fn heredoc_text(source: &str, substitution: Node<'_>) -> Option<String> {
    let [statement] = named_children(substitution)[..] else {
        return None;
    };
    let body = statement.child_by_field_name("body")?;
    let [redirect] = named_children(statement)
        .into_iter()
        .filter(|c| *c != body)
        .collect::<Vec<_>>()[..]
    else {
        return None;
    };
    let name_only = named_children(body).len() == 1 && slice(source, body) == "cat";
    if statement.kind() != "redirected_statement"
        || !name_only
        || redirect.kind() != "heredoc_redirect"
    {
        return None;
    }
    let parts = named_children(redirect);
    let start = parts.iter().find(|c| c.kind() == "heredoc_start")?;
    let operator = source
        .get(redirect.start_byte()..start.start_byte())?
        .trim();
    let quoted = slice(source, *start).contains(['\'', '"', '\\']);
    let kinds: Vec<&str> = parts.iter().map(Node::kind).collect();
    if operator != "<<" || !quoted || kinds != ["heredoc_start", "heredoc_body", "heredoc_end"] {
        return None;
    }
    let text = parts.get(1).map(|b| slice(source, *b))?;
    Some(text.trim_end_matches('\n').to_owned())
}

/// Most parents looked through for the loop binding a variable.
const MAX_LOOP_DEPTH: usize = 64;

/// The value of `$f` or `${f}` inside `for f in WORD; do …; done`
/// (`HARD-VALUE-2`): one expansion of `WORD` (one path, when it is a glob),
/// if the loop has exactly that one word and `f` is named nowhere else.
fn loop_word(source: &str, expansion: Node<'_>) -> Option<Word> {
    let text = slice(source, expansion);
    let name = text
        .strip_prefix("${")
        .and_then(|t| t.strip_suffix('}'))
        .or_else(|| text.strip_prefix('$'))?;
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return None;
    }
    let mut node = expansion;
    for _ in 0..MAX_LOOP_DEPTH {
        node = node.parent()?;
        if node.kind() != "for_statement" {
            continue;
        }
        let variable = node.child_by_field_name("variable")?;
        if slice(source, variable) != name {
            continue;
        }
        let values: Vec<Node<'_>> = node
            .children_by_field_name("value", &mut node.walk())
            .collect();
        let [value] = values[..] else {
            return None;
        };
        let mut blanked = source.to_owned();
        blanked.replace_range(
            variable.start_byte()..variable.end_byte(),
            &" ".repeat(name.len()),
        );
        if super::words::mentioned_otherwise(&blanked, name) {
            return None;
        }
        let [word] = &spell_word(source, value)[..] else {
            return None;
        };
        return (!word.vanishes).then(|| Word {
            glob: false,
            ..word.clone()
        });
    }
    None
}

/// Brace expansion (`HARD-VALUE-3`): the words, or `None` past the bound.
fn braces(word: Vec<Piece>) -> Option<Vec<Vec<Piece>>> {
    let mut done = Vec::new();
    let mut pending = vec![word];
    while let Some(word) = pending.pop() {
        match expand_first(&word)? {
            Some(alternatives) => pending.extend(alternatives.into_iter().rev()),
            None => done.push(word),
        }
        if done.len() + pending.len() > MAX_BRACE_WORDS {
            return None;
        }
    }
    Some(done)
}

fn is_bare(piece: Option<&Piece>, want: char) -> bool {
    matches!(piece, Some(Piece::Char { c, quoted: false }) if *c == want)
}

/// The first brace expression of `word` expanded once: `Some(None)` if it
/// has none, `None` if one is past what is modelled.
fn expand_first(word: &[Piece]) -> Option<Option<Vec<Vec<Piece>>>> {
    for open in 0..word.len() {
        if !is_bare(word.get(open), '{') {
            continue;
        }
        let mut depth = 0usize;
        let mut commas = Vec::new();
        for close in open + 1..word.len() {
            if is_bare(word.get(close), '{') {
                depth += 1;
            } else if is_bare(word.get(close), '}') {
                if depth > 0 {
                    depth -= 1;
                    continue;
                }
                let prefix = word.get(..open)?;
                let suffix = word.get(close + 1..)?;
                let inner = word.get(open + 1..close)?;
                let items: Vec<Vec<Piece>> = if commas.is_empty() {
                    match sequence(inner) {
                        Sequence::Items(items) => items,
                        Sequence::Unmodelled => return None,
                        // Literal braces: look for a later expression.
                        Sequence::Not => break,
                    }
                } else {
                    let mut items = Vec::new();
                    let mut from = open + 1;
                    for comma in commas.iter().copied().chain(std::iter::once(close)) {
                        items.push(word.get(from..comma)?.to_vec());
                        from = comma + 1;
                    }
                    items
                };
                return Some(Some(
                    items
                        .into_iter()
                        .map(|item| [prefix, &item, suffix].concat())
                        .collect(),
                ));
            } else if depth == 0 && is_bare(word.get(close), ',') {
                commas.push(close);
            }
        }
    }
    Some(None)
}

/// What the inside of a comma-less brace pair is.
enum Sequence {
    /// A sequence expression's words.
    Items(Vec<Vec<Piece>>),
    /// A sequence expression this reading does not expand (too long, padded).
    Unmodelled,
    /// Not a sequence expression: the braces are literal.
    Not,
}

/// A sequence expression `x..y[..step]` of integers or letters.
fn sequence(inner: &[Piece]) -> Sequence {
    let mut text = String::new();
    for piece in inner {
        match piece {
            Piece::Char { c, quoted: false } => text.push(*c),
            _ => return Sequence::Not,
        }
    }
    let parts: Vec<&str> = text.split("..").collect();
    let (from, to, step) = match parts.as_slice() {
        [a, b] => (*a, *b, 1i64),
        [a, b, s] => match s.parse::<i64>() {
            Ok(step) => (*a, *b, step.saturating_abs().max(1)),
            Err(_) => return Sequence::Not,
        },
        _ => return Sequence::Not,
    };
    let padded = |s: &str| {
        let digits = s.trim_start_matches('-');
        digits.len() > 1 && digits.starts_with('0')
    };
    let values: Vec<String> = match (from.parse::<i64>(), to.parse::<i64>()) {
        (Ok(_), Ok(_)) if padded(from) || padded(to) => return Sequence::Unmodelled,
        (Ok(a), Ok(b)) => {
            if a.abs_diff(b) / step.unsigned_abs() >= MAX_BRACE_WORDS as u64 {
                return Sequence::Unmodelled;
            }
            stepped(a, b, step).map(|v| v.to_string()).collect()
        }
        _ => match (single_letter(from), single_letter(to)) {
            (Some(a), Some(b)) => stepped(i64::from(a), i64::from(b), step)
                .filter_map(|v| u8::try_from(v).ok().map(|b| char::from(b).to_string()))
                .collect(),
            _ => return Sequence::Not,
        },
    };
    Sequence::Items(
        values
            .into_iter()
            .map(|v| v.chars().map(|c| Piece::Char { c, quoted: true }).collect())
            .collect(),
    )
}

fn single_letter(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [b] if b.is_ascii_alphabetic() => Some(*b),
        _ => None,
    }
}

fn stepped(a: i64, b: i64, step: i64) -> impl Iterator<Item = i64> {
    let up = a <= b;
    let count = a.abs_diff(b) / step.unsigned_abs() + 1;
    (0..count).filter_map(move |k| {
        let k = i64::try_from(k).ok()?;
        Some(if up { a + k * step } else { a - k * step })
    })
}

/// Tilde expansion and globbing of one brace-expanded word (`HARD-VALUE-2`,
/// `HARD-VALUE-4`).
fn finish(word: &[Piece], home_known: bool, pwd_known: bool) -> Word {
    let mut out = Word {
        parts: Vec::new(),
        vanishes: word.iter().all(|p| matches!(p, Piece::Expansion { .. }))
            && word.iter().any(|p| {
                matches!(
                    p,
                    Piece::Expansion {
                        known: Known::Unknown,
                        ..
                    }
                )
            }),
        glob: false,
    };
    let tilde_points = tilde_points(word);
    let mut i = 0;
    while let Some(piece) = word.get(i) {
        if tilde_points.contains(&i) {
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
                out.push(WordPart::Segment);
            }
            Piece::Char { c, .. } => out.push(WordPart::Lit(c.to_string())),
            Piece::Expansion {
                known: Known::Home, ..
            } => out.push(WordPart::Home),
            Piece::Expansion {
                known: Known::WorkingDirectory,
                ..
            } => {
                out.push(WordPart::Lit(".".to_owned()));
            }
            Piece::Expansion {
                known: Known::Number,
                ..
            } => out.push(WordPart::Number),
            Piece::Expansion {
                known: Known::Word(ref bound),
                quoted: true,
            } => {
                for part in bound.parts.iter().cloned() {
                    out.push(part);
                }
            }
            Piece::Expansion {
                known: Known::Word(_),
                ..
            } => out.push(WordPart::Any),
            Piece::Expansion {
                known: Known::Text(ref text),
                ..
            } => {
                out.push(WordPart::Lit(text.clone()));
            }
            Piece::Expansion {
                known: Known::Unknown,
                ..
            } => out.push(WordPart::Any),
        }
        i += 1;
    }
    out
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
mod tests {
    use super::*;

    /// The spelled value of the first `echo` command of `command`, with home
    /// `/h`, rendered with `<*>` for any text, `<s>` a segment, `<n>` a
    /// number, `(…)+` a repeat.
    fn spelled(command: &str, tilde: bool) -> String {
        let mut parser = crate::policy::units::bash_parser().unwrap();
        let tree = parser.parse(command, None).unwrap();
        let mut stack = vec![tree.root_node()];
        let node = loop {
            let node = stack.pop().unwrap();
            if node.kind() == "command" && slice(command, node).starts_with("echo") {
                break node;
            }
            stack.extend(named_children(node).into_iter().rev());
        };
        let args: Vec<Word> = named_children(node)
            .into_iter()
            .skip(1)
            .flat_map(|w| spell_word(command, w))
            .collect();
        let words: Vec<Word> = std::iter::once(Word::literal("echo")).chain(args).collect();
        join(&words, "/h", tilde, false)
            .0
            .iter()
            .map(|p| match p {
                Part::Lit(t) => t.clone(),
                Part::Any => "<*>".to_owned(),
                Part::Segment => "<s>".to_owned(),
                Part::Number => "<n>".to_owned(),
                Part::Mark => "(".to_owned(),
                Part::Repeat => ")+".to_owned(),
            })
            .collect()
    }

    /// HARD-VALUE-3: brace expansion of literal words, as bash 5.2 prints them.
    #[test]
    fn hard_value_3_braces() {
        let rows = [
            ("echo {a,b}{1..3}", "echo a1 a2 a3 b1 b2 b3"),
            ("echo x{,-rf}", "echo x x-rf"),
            ("echo {a..e..2}", "echo a c e"),
            ("echo {3..1}", "echo 3 2 1"),
            ("echo a{b{c,d},e}", "echo abc abd ae"),
            ("echo {a}", "echo {a}"),
            ("echo '{a,b}'", "echo {a,b}"),
            ("echo {'a,b',c}", "echo a,b c"),
        ];
        for (command, want) in rows {
            assert_eq!(spelled(command, false), want, "{command:?}");
        }
        assert_eq!(spelled("echo {1..999}", false), "echo<*>", "past the bound");
        assert_eq!(
            spelled("echo {01..3}", false),
            "echo<*>",
            "padded: not modelled"
        );
    }

    /// HARD-VALUE-2, HARD-VALUE-4: home, working directory, numbers, globs,
    /// unknown and vanishing words.
    #[test]
    fn hard_value_4_wildcards() {
        let rows = [
            ("echo ~/.ssh $HOME/x \"${HOME}\"", true, "echo ~/.ssh ~/x ~"),
            (
                "echo ~/.ssh a=~:~/b --o=~",
                false,
                "echo /h/.ssh a=/h:/h/b --o=~",
            ),
            ("echo '~'/x ~nobody/x", false, "echo ~/x <*>/x"),
            ("echo \"$PWD\"/x $(pwd)", false, "echo ./x ."),
            ("echo $? \"$((1+2))\"", false, "echo <n> <n>"),
            ("echo src/*.rs", false, "echo (src/<s>.rs)+"),
            ("echo a[bc]d", false, "echo (a<*>d)+"),
            ("echo a[b", false, "echo (a<*>b)+"),
            ("echo x$y", false, "echo x<*>"),
            ("echo $y z", false, "echo<*> z"),
            ("echo \"\" z", false, "echo  z"),
            ("HOME=/etc; echo ~/x", false, "echo <*>/x"),
            (
                "for f in src/*.rs; do echo \"$f\"; done",
                false,
                "echo src/<s>.rs",
            ),
            ("for f in a b; do echo \"$f\"; done", false, "echo<*>"),
            ("for f in x; do f=/etc; echo \"$f\"; done", false, "echo<*>"),
        ];
        for (command, tilde, want) in rows {
            assert_eq!(spelled(command, tilde), want, "{command:?}");
        }
    }
}
