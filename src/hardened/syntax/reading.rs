//! The second reading (spec §12.11, `HARD-READ-1`): the text read again,
//! without tree-sitter, by a small lexer of the admitted subset, which must
//! agree with the tree before anything is allowed.
//!
//! The lexer knows bash's quoting (`\`, `'…'`, `"…"`, `$'…'`), `$(…)` (read
//! recursively), `${…}` and `$((…))` over the admitted operand characters,
//! comments, line continuations between words, operators and
//! here-documents with a plain delimiter. Anything else — a backquote, a
//! line continuation inside a word, `$"…"`, process substitution, an
//! unterminated quote — it does not read, and the command asks.
//! [`crate::hardened::syntax::agree`] compares the tokens with the tree.

use crate::hardened::contract::admitted::{is_operand_char, ARITHMETIC_CHARS};
use crate::hardened::syntax::roles::{Grammar, Role};

/// How deep `$(…)` may nest before the second reading gives up.
pub const MAX_READING_DEPTH: usize = 64;

/// What a token of the second reading is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// A word, a here-document delimiter or a descriptor number.
    Word,
    /// An operator (`|`, `&&`, `;`, `>`, `<<`, …); newlines are not kept.
    Operator,
    /// A comment, `#` to the end of the line.
    Comment,
    /// A here-document's body lines, up to its delimiter.
    Body,
}

/// One token: its kind, the role bash's grammar gives it, and its byte span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// The kind.
    pub kind: TokenKind,
    /// The role (`HARD-READ-2`).
    pub role: Role,
    /// Byte offsets in the command.
    pub span: (usize, usize),
}

/// Operators, longest first.
const OPERATORS: &[&str] = &[
    ";;&", "&>>", "<<<", "<<-", ">&-", "<&-", ";;", ";&", "&&", "&>", "||", "|&", "<<", "<&", ">>",
    ">&", ">|", "<>", ";", "&", "|", "(", ")", "<", ">",
];

/// Where the two readings part: the byte span to report.
pub type Disagreement = (usize, usize);

/// The tokens of `source`, or the span where the second reading stopped.
///
/// # Errors
/// The span of the first text the lexer does not read.
pub fn tokens(source: &str) -> Result<Vec<Token>, Disagreement> {
    let mut lexer = Lexer {
        src: source,
        pos: 0,
        out: Vec::new(),
        pending: Vec::new(),
        depth: 0,
        grammar: Grammar::default(),
    };
    lexer.list(false)?;
    if !lexer.pending.is_empty() {
        return Err((lexer.pos, source.len()));
    }
    Ok(lexer.out)
}

/// A here-document waiting for the end of its operator's line.
struct Pending {
    delimiter: String,
    strip_tabs: bool,
    quoted: bool,
}

struct Lexer<'s> {
    src: &'s str,
    pos: usize,
    out: Vec<Token>,
    pending: Vec<Pending>,
    depth: usize,
    /// The grammar of the list being read (`HARD-READ-2`).
    grammar: Grammar,
}

impl Lexer<'_> {
    fn peek(&self) -> Option<char> {
        self.src.get(self.pos..).and_then(|r| r.chars().next())
    }

    fn rest(&self) -> &str {
        self.src.get(self.pos..).unwrap_or("")
    }

    /// The second reading stops here: the span of the character at the
    /// position (the last one at the end of input).
    fn stop<T>(&self) -> Result<T, Disagreement> {
        let len = self.src.len();
        let at = self.pos.min(len.saturating_sub(1));
        let end = self
            .src
            .get(at..)
            .and_then(|r| r.chars().next())
            .map_or(len, |c| at + c.len_utf8());
        Err((at, end))
    }

    fn push(&mut self, kind: TokenKind, role: Role, start: usize) {
        self.out.push(Token {
            kind,
            role,
            span: (start, self.pos),
        });
    }

    /// A list of commands, to the end of input or, inside `$(`, to its `)`.
    fn list(&mut self, nested: bool) -> Result<(), Disagreement> {
        let outer = std::mem::take(&mut self.grammar);
        let read = self.list_items(nested);
        self.grammar = outer;
        read
    }

    fn list_items(&mut self, nested: bool) -> Result<(), Disagreement> {
        // `(` … `)` inside the substitution: subshells and case patterns.
        let mut open = 0usize;
        // Nothing read yet on this line (of the list): bash takes a control
        // operator here as a syntax error, where the parser may read the
        // line as continuing the one before (`ls` newline `| cat`).
        let mut line_start = true;
        while let Some(c) = self.peek() {
            let start = self.pos;
            let blank = matches!(c, ' ' | '\t' | '\n') || self.rest().starts_with("\\\n");
            if !blank {
                let ends_nothing = line_start
                    && OPERATORS
                        .iter()
                        .find(|op| self.rest().starts_with(**op))
                        .is_some_and(|op| matches!(*op, "|" | "|&" | "||" | "&&" | "&" | ";"));
                if ends_nothing {
                    return self.stop();
                }
                line_start = false;
            }
            match c {
                ' ' | '\t' => self.pos += 1,
                '\\' if self.rest().starts_with("\\\n") => self.pos += 2,
                '\n' => {
                    self.pos += 1;
                    self.grammar.newline();
                    self.bodies()?;
                    line_start = true;
                }
                '#' => {
                    self.pos += self.rest().find('\n').unwrap_or(self.rest().len());
                    self.push(TokenKind::Comment, Role::Comment, start);
                }
                ')' if nested && open == 0 => return Ok(()),
                _ if c.is_ascii_digit() && self.descriptor_len() > 0 => {
                    self.pos += self.descriptor_len();
                    let role = self.grammar.descriptor();
                    self.push(TokenKind::Word, role, start);
                }
                _ => match OPERATORS.iter().find(|op| self.rest().starts_with(**op)) {
                    Some(op) => {
                        if matches!(*op, "<" | ">") && self.rest().get(1..2) == Some("(") {
                            return self.stop();
                        }
                        match *op {
                            "(" => open += 1,
                            ")" => open = open.saturating_sub(1),
                            _ => {}
                        }
                        self.pos += op.len();
                        let role = self.grammar.operator(op);
                        self.push(TokenKind::Operator, role, start);
                        if matches!(*op, "<<" | "<<-") {
                            self.heredoc_operator(*op == "<<-")?;
                        }
                    }
                    None => self.word()?,
                },
            }
        }
        if nested {
            return self.stop();
        }
        Ok(())
    }

    /// The length of a descriptor number right before `<` or `>` (`2>`).
    fn descriptor_len(&self) -> usize {
        let digits = self.rest().bytes().take_while(u8::is_ascii_digit).count();
        match self.rest().as_bytes().get(digits) {
            Some(b'<' | b'>') => digits,
            _ => 0,
        }
    }

    /// The delimiter after `<<`: a plain name, bare or wholly quoted.
    fn heredoc_operator(&mut self, strip_tabs: bool) -> Result<(), Disagreement> {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.pos += 1;
        }
        let start = self.pos;
        let quote = self.peek().filter(|c| matches!(c, '\'' | '"'));
        if quote.is_some() {
            self.pos += 1;
        }
        let name_len = self
            .rest()
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(self.rest().len());
        let delimiter = self.rest().get(..name_len).unwrap_or("").to_owned();
        self.pos += name_len;
        if let Some(q) = quote {
            if self.peek() != Some(q) {
                return self.stop();
            }
            self.pos += 1;
        }
        let ends_word = self
            .peek()
            .is_none_or(|c| matches!(c, ' ' | '\t' | '\n' | ';' | '&' | '|' | ')' | '<' | '>'));
        if delimiter.is_empty() || !ends_word {
            return self.stop();
        }
        self.push(TokenKind::Word, Role::Delimiter, start);
        self.pending.push(Pending {
            delimiter,
            strip_tabs,
            quoted: quote.is_some(),
        });
        Ok(())
    }

    /// The bodies of the pending here-documents, after a newline.
    fn bodies(&mut self) -> Result<(), Disagreement> {
        for doc in std::mem::take(&mut self.pending) {
            let body_start = self.pos;
            loop {
                if self.pos >= self.src.len() {
                    // Delimited by end of input: the whole body is unread.
                    return Err((body_start.min(self.src.len()), self.src.len()));
                }
                let line_len = self.rest().find('\n').unwrap_or(self.rest().len());
                let line = self.rest().get(..line_len).unwrap_or("");
                let content = if doc.strip_tabs {
                    line.trim_start_matches('\t')
                } else {
                    line
                };
                if content == doc.delimiter {
                    let content_start = self.pos + (line.len() - content.len());
                    if content_start > body_start {
                        self.out.push(Token {
                            kind: TokenKind::Body,
                            role: Role::Body,
                            span: (body_start, content_start),
                        });
                    }
                    self.pos += line_len;
                    self.push(TokenKind::Word, Role::Delimiter, content_start);
                    break;
                }
                if !doc.quoted && line.contains(['$', '`', '\\']) {
                    return self.stop();
                }
                self.pos += line_len + 1;
            }
            if self.peek() == Some('\n') {
                self.pos += 1;
            }
        }
        Ok(())
    }

    /// One word, up to an unquoted blank or metacharacter.
    fn word(&mut self) -> Result<(), Disagreement> {
        let start = self.pos;
        while let Some(c) = self.peek() {
            match c {
                ' ' | '\t' | '\n' | ';' | '&' | '|' | '(' | ')' | '<' | '>' => break,
                '\\' => {
                    self.pos += 1;
                    match self.peek() {
                        Some('\n') | None => return self.stop(),
                        Some(next) => self.pos += next.len_utf8(),
                    }
                }
                '\'' => self.single_quoted()?,
                '"' => self.double_quoted()?,
                '`' => return self.stop(),
                '$' => self.dollar()?,
                _ => self.pos += c.len_utf8(),
            }
        }
        if self.pos == start {
            return self.stop();
        }
        // `{NAME}` right before `<` or `>` is bash's descriptor-variable
        // redirection (`{fd}>x` assigns `fd`), which the parser may read as
        // a word beside a redirection.
        let src = self.src;
        let text = src.get(start..self.pos).unwrap_or_default();
        let name = text.strip_prefix('{').and_then(|t| t.strip_suffix('}'));
        let is_name = name.is_some_and(|n| {
            n.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        });
        if is_name && matches!(self.peek(), Some('<' | '>')) {
            return self.stop();
        }
        let role = self.grammar.word(text);
        self.push(TokenKind::Word, role, start);
        Ok(())
    }

    fn single_quoted(&mut self) -> Result<(), Disagreement> {
        self.pos += 1;
        match self.rest().find('\'') {
            Some(end) => {
                self.pos += end + 1;
                Ok(())
            }
            None => self.stop(),
        }
    }

    fn double_quoted(&mut self) -> Result<(), Disagreement> {
        self.pos += 1;
        while let Some(c) = self.peek() {
            match c {
                '"' => {
                    self.pos += 1;
                    return Ok(());
                }
                '\\' => {
                    self.pos += 1;
                    match self.peek() {
                        Some('\n') | None => return self.stop(),
                        Some(next) => self.pos += next.len_utf8(),
                    }
                }
                '`' => return self.stop(),
                '$' => self.dollar()?,
                _ => self.pos += c.len_utf8(),
            }
        }
        self.stop()
    }

    /// What follows a `$`.
    fn dollar(&mut self) -> Result<(), Disagreement> {
        let rest = self.rest();
        if rest.starts_with("$'") {
            self.pos += 2;
            while let Some(c) = self.peek() {
                self.pos += c.len_utf8();
                match c {
                    '\'' => return Ok(()),
                    '\\' => match self.peek() {
                        Some(next) => self.pos += next.len_utf8(),
                        None => return self.stop(),
                    },
                    _ => {}
                }
            }
            return self.stop();
        }
        if rest.starts_with("$((") {
            return self.arithmetic();
        }
        if rest.starts_with("$(") {
            if self.depth >= MAX_READING_DEPTH {
                return self.stop();
            }
            self.pos += 2;
            self.depth += 1;
            self.list(true)?;
            self.depth -= 1;
            self.pos += 1;
            return Ok(());
        }
        if rest.starts_with("${") {
            let Some(end) = rest.find('}') else {
                return self.stop();
            };
            let inner = rest.get(2..end).unwrap_or("");
            if inner.is_empty() || !inner.chars().all(|c| is_operand_char(c) || c == '$') {
                return self.stop();
            }
            self.pos += end + 1;
            return Ok(());
        }
        if rest.starts_with("$\"") {
            return self.stop();
        }
        self.pos += 1;
        match self.peek() {
            Some(c) if c.is_ascii_alphabetic() || c == '_' => {
                let len = self
                    .rest()
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(self.rest().len());
                self.pos += len;
            }
            Some(c) if "?$!#@*-0123456789".contains(c) => self.pos += 1,
            _ => {}
        }
        Ok(())
    }

    /// `$((…))` over literal integers and operators.
    fn arithmetic(&mut self) -> Result<(), Disagreement> {
        self.pos += 3;
        let mut open = 0usize;
        while let Some(c) = self.peek() {
            self.pos += 1;
            match c {
                '(' => open += 1,
                ')' if open > 0 => open -= 1,
                ')' => {
                    if self.peek() == Some(')') {
                        self.pos += 1;
                        return Ok(());
                    }
                    return self.stop();
                }
                _ if ARITHMETIC_CHARS.contains(c) => {}
                _ => return self.stop(),
            }
        }
        self.stop()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(source: &str) -> Vec<&str> {
        tokens(source)
            .unwrap()
            .into_iter()
            .filter(|t| t.kind == TokenKind::Word)
            .map(|t| &source[t.span.0..t.span.1])
            .collect()
    }

    /// HARD-READ-1: what the second reading reads, and what it refuses.
    #[test]
    fn hard_read_1_lexer_table() {
        assert_eq!(
            words("git commit -m \"$(cat <<'EOF'\nmsg\nEOF\n)\" && ls"),
            [
                "git",
                "commit",
                "-m",
                "cat",
                "'EOF'",
                "EOF",
                "\"$(cat <<'EOF'\nmsg\nEOF\n)\"",
                "ls"
            ]
        );
        assert_eq!(
            words("ls 2>&1 | tail -n 5"),
            ["ls", "2", "1", "tail", "-n", "5"]
        );
        assert_eq!(words("echo a#b # c"), ["echo", "a#b"]);
        assert_eq!(words("ls \\\n  -la"), ["ls", "-la"]);
        assert_eq!(words("\\ls | cat"), ["\\ls", "cat"]);
        assert_eq!(words("ls |\n  cat && \\\n  echo"), ["ls", "cat", "echo"]);
        for refused in [
            "echo `ls`",
            "echo \"`ls`\"",
            "echo ${x:-`ls`}",
            "ec\\\nho",
            "echo $\"x\"",
            "cat <(ls)",
            "echo 'a",
            "cat <<EOF\n$x\nEOF",
            "cat <<E\"O\"F\nx\nEOF",
            "cat <<EOF\nx",
            "echo $((x+1))",
            "echo a {fd}>x",
            "echo a {PATH}<&-",
            "ls\n| cat",
            "ls\n  && rm x",
            "ls\n; rm x",
            "| cat",
            "echo $(\n| cat)",
        ] {
            assert!(tokens(refused).is_err(), "{refused:?}");
        }
    }
}
