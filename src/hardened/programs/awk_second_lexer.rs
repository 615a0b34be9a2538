//! The lexer of the grammar-driven awk reading (spec §12.12, `HARD-SUB-3`):
//! tokens in *operand* mode (a `/` starts a regular expression) or
//! *operator* mode (a `/` divides), as the parser asks for them.

/// Where the reading stops: the character offset.
pub type Stop = usize;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Tok {
    Name(String),
    Number,
    Str,
    Regex,
    Op(String),
    End,
    Eof,
}

impl Tok {
    pub(super) fn canonical(&self) -> Option<String> {
        Some(match self {
            Tok::Name(n) => n.clone(),
            Tok::Number => "0".to_owned(),
            Tok::Str => "\"\"".to_owned(),
            Tok::Regex => "//".to_owned(),
            Tok::Op(o) => o.clone(),
            Tok::End => ";".to_owned(),
            Tok::Eof => return None,
        })
    }

    pub(super) fn is_op(&self, op: &str) -> bool {
        matches!(self, Tok::Op(o) if o == op)
    }

    pub(super) fn is_name(&self, name: &str) -> bool {
        matches!(self, Tok::Name(n) if n == name)
    }
}

/// A program's characters and the reading position.
pub(super) struct Lexer {
    pub(super) chars: Vec<char>,
    pub(super) at: usize,
}

impl Lexer {
    /// Skips blanks, `\`-newlines and comments.
    pub(super) fn skip(&mut self) {
        loop {
            match self.chars.get(self.at) {
                Some(' ' | '\t' | '\r') => self.at += 1,
                Some('\\') if self.chars.get(self.at + 1) == Some(&'\n') => self.at += 2,
                Some('#') => {
                    while self.chars.get(self.at).is_some_and(|c| *c != '\n') {
                        self.at += 1;
                    }
                }
                _ => return,
            }
        }
    }

    /// The next token and the offset after it; `operand` is the mode.
    pub(super) fn lex(&mut self, operand: bool) -> Result<(Tok, usize), Stop> {
        self.skip();
        let chars = &self.chars;
        let start = self.at;
        let Some(&c) = chars.get(start) else {
            return Ok((Tok::Eof, start));
        };
        let mut i = start;
        let tok = match c {
            '\n' | ';' => {
                i += 1;
                Tok::End
            }
            '"' => {
                i += 1;
                loop {
                    match chars.get(i) {
                        None | Some('\n') => return Err(i),
                        Some('\\') => i += 2,
                        Some('"') => break,
                        Some(_) => i += 1,
                    }
                }
                i += 1;
                Tok::Str
            }
            '/' if operand => {
                i += 1;
                loop {
                    match chars.get(i) {
                        None | Some('\n') => return Err(i),
                        Some('\\') => i += 2,
                        Some('[') => i = posix_bracket(chars, i + 1).ok_or(i)?,
                        Some('/') => break,
                        Some(_) => i += 1,
                    }
                }
                i += 1;
                Tok::Regex
            }
            _ if c.is_ascii_alphabetic() || c == '_' => {
                while chars
                    .get(i)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_')
                {
                    i += 1;
                }
                Tok::Name(chars.get(start..i).unwrap_or_default().iter().collect())
            }
            _ if c.is_ascii_digit()
                || (c == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit)) =>
            {
                while chars
                    .get(i)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '.')
                {
                    i += 1;
                }
                Tok::Number
            }
            _ => {
                let pair: String = chars.get(i..i + 2).unwrap_or_default().iter().collect();
                let two = [
                    "||", "&&", ">>", ">=", "<=", "==", "!=", "++", "--", "+=", "-=", "*=", "/=",
                    "%=", "^=", "|&", "**",
                ];
                let op = if two.contains(&pair.as_str()) {
                    pair
                } else {
                    c.to_string()
                };
                i += op.chars().count();
                Tok::Op(op)
            }
        };
        Ok((tok, i))
    }
}

/// After the `[` of a bracket expression (at `i`, just past the `[`): the
/// offset after its `]`, read as POSIX reads it (a `]` first, after an
/// optional `^`, is a member; `[:…:]`, `[.….]`, `[=…=]` are classes).
fn posix_bracket(chars: &[char], mut i: usize) -> Option<usize> {
    if chars.get(i) == Some(&'^') {
        i += 1;
    }
    if chars.get(i) == Some(&']') {
        i += 1;
    }
    loop {
        match *chars.get(i)? {
            '\n' => return None,
            ']' => return Some(i + 1),
            '[' if matches!(chars.get(i + 1), Some(':' | '.' | '=')) => {
                let kind = *chars.get(i + 1)?;
                let mut j = i + 2;
                while !(chars.get(j) == Some(&kind) && chars.get(j + 1) == Some(&']')) {
                    if matches!(chars.get(j), None | Some('\n' | ']')) {
                        // Not a class: the `[` is a member.
                        j = i;
                        break;
                    }
                    j += 1;
                }
                i = if j == i { i + 1 } else { j + 2 };
            }
            _ => i += 1,
        }
    }
}
