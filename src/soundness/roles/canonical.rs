//! Simple commands of a bash text, read from its tokens (`INV-ROLE-2`):
//! the text is bash's own rendering of its parse, so a word is a word and a
//! redirection a redirection as bash decided; this reader only has to find
//! where commands start (after control operators and reserved words) and
//! which words are assignments.

use super::lex::{lex, Token};
use super::{substitution_bodies, Redirect, Simple};

/// Reserved words that may open or continue a compound command where a
/// command may start; after them another command may start.
const OPENERS: [&str; 11] = [
    "if", "then", "elif", "else", "while", "until", "do", "!", "{", "time", "coproc",
];

/// Reserved words that close a compound command: redirections may follow.
const CLOSERS: [&str; 5] = ["fi", "done", "esac", "}", "]]"];

/// Every simple command of `text`, in bash's order (each command before the
/// commands of its substitutions, those of its words before those of its
/// redirections), with the redirections of compound commands as commands of
/// their own ([`Simple::compound`]).
pub(super) fn simple_commands(text: &str) -> Result<Vec<Simple>, String> {
    let tokens = lex(text)?;
    let mut reader = Reader {
        tokens: &tokens,
        at: 0,
        out: Vec::new(),
    };
    reader.list()?;
    Ok(reader.out)
}

struct Reader<'t> {
    tokens: &'t [Token],
    at: usize,
    out: Vec<Simple>,
}

impl Reader<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn peek_word(&self) -> Option<&str> {
        match self.peek() {
            Some(Token::Word(w)) => Some(w),
            _ => None,
        }
    }

    fn list(&mut self) -> Result<(), String> {
        while self.at < self.tokens.len() {
            self.command()?;
        }
        Ok(())
    }

    /// One step at a command start: a reserved word, an operator, or a
    /// simple command.
    fn command(&mut self) -> Result<(), String> {
        let Some(token) = self.peek().cloned() else {
            return Ok(());
        };
        match token {
            Token::Operator(")") => {
                self.at += 1;
                self.compound_redirections()
            }
            Token::Operator("(") => {
                self.at += 1;
                Ok(())
            }
            Token::Operator(_) => {
                self.at += 1;
                Ok(())
            }
            Token::Word(word) => self.word_at_start(&word),
            Token::Redirection { .. } => self.simple(),
        }
    }

    fn word_at_start(&mut self, word: &str) -> Result<(), String> {
        match word {
            w if OPENERS.contains(&w) => {
                self.at += 1;
                if w == "time" && self.peek_word() == Some("-p") {
                    self.at += 1;
                }
                if w == "coproc"
                    && self.tokens.get(self.at + 1).is_some_and(|t| {
                        matches!(t, Token::Word(n) if n == "{") || *t == Token::Operator("(")
                    })
                {
                    self.at += 1;
                }
                Ok(())
            }
            w if CLOSERS.contains(&w) => {
                self.at += 1;
                self.compound_redirections()
            }
            "[[" => {
                self.at += 1;
                self.skip_words_to(&["]]"])?;
                Ok(())
            }
            "for" | "select" => {
                self.at += 1;
                self.skip_words_to(&["do"])
            }
            "case" => self.case(),
            "function" => {
                // `function NAME ()` then the body.
                self.at += 2;
                self.skip_parens();
                Ok(())
            }
            w if w.starts_with("((") => {
                self.nested(w)?;
                self.at += 1;
                Ok(())
            }
            _ if self.defines_function() => {
                self.at += 1;
                self.skip_parens();
                Ok(())
            }
            _ => self.simple(),
        }
    }

    /// `NAME ()` at a command start: a function definition.
    fn defines_function(&self) -> bool {
        self.tokens.get(self.at + 1) == Some(&Token::Operator("("))
            && self.tokens.get(self.at + 2) == Some(&Token::Operator(")"))
    }

    fn skip_parens(&mut self) {
        if self.peek() == Some(&Token::Operator("(")) {
            self.at += 2;
        }
    }

    /// Skips words (a loop head, a conditional) up to one of `ends`,
    /// reading the commands of their substitutions.
    fn skip_words_to(&mut self, ends: &[&str]) -> Result<(), String> {
        while let Some(token) = self.peek().cloned() {
            self.at += 1;
            match token {
                Token::Word(w) if ends.contains(&w.as_str()) => {
                    if w == "]]" {
                        return self.compound_redirections();
                    }
                    return Ok(());
                }
                Token::Word(w) => self.nested(&w)?,
                Token::Redirection { target, .. } => self.nested(&target)?,
                Token::Operator(_) => {}
            }
        }
        Ok(())
    }

    /// `case WORD in` then items `PATTERN) LIST ;;` up to `esac`.
    fn case(&mut self) -> Result<(), String> {
        self.at += 1;
        self.skip_words_to(&["in"])?;
        loop {
            // Patterns up to `)`.
            while let Some(token) = self.peek().cloned() {
                self.at += 1;
                match token {
                    Token::Word(w) if w == "esac" => return self.compound_redirections(),
                    Token::Word(w) => self.nested(&w)?,
                    Token::Operator(")") => break,
                    _ => {}
                }
            }
            // The item's list up to `;;`, `;&`, `;;&` or `esac`.
            let mut depth = 0_usize;
            loop {
                match self.peek().cloned() {
                    None => return Ok(()),
                    Some(Token::Operator(";;" | ";&" | ";;&")) if depth == 0 => {
                        self.at += 1;
                        break;
                    }
                    Some(Token::Word(w)) if w == "esac" && depth == 0 => {
                        self.at += 1;
                        return self.compound_redirections();
                    }
                    Some(Token::Word(w)) if w == "case" => {
                        depth += 1;
                        self.command()?;
                    }
                    Some(Token::Word(w)) if w == "esac" => {
                        depth -= 1;
                        self.command()?;
                    }
                    Some(_) => self.command()?,
                }
            }
        }
    }

    /// Redirections right after a compound command's end: a command of
    /// their own.
    fn compound_redirections(&mut self) -> Result<(), String> {
        let mut redirections = Vec::new();
        while let Some(Token::Redirection {
            descriptor,
            operator,
            target,
        }) = self.peek().cloned()
        {
            self.at += 1;
            redirections.push(Redirect::new(descriptor.as_deref(), operator, &target));
        }
        if redirections.is_empty() {
            return Ok(());
        }
        let targets: Vec<String> = redirections
            .iter()
            .map(|r| r.written_target.clone())
            .collect();
        self.out.push(Simple {
            compound: true,
            redirections,
            ..Simple::default()
        });
        for target in targets {
            self.nested(&target)?;
        }
        Ok(())
    }

    /// A simple command: assignments, words and redirections up to a
    /// control operator.
    fn simple(&mut self) -> Result<(), String> {
        let mut command = Simple::default();
        while let Some(token) = self.peek().cloned() {
            match token {
                Token::Operator(_) => break,
                Token::Word(w) => {
                    if command.words.is_empty() && is_assignment(&w) {
                        command.assignments.push(w);
                    } else {
                        command.words.push(w);
                    }
                }
                Token::Redirection {
                    descriptor,
                    operator,
                    target,
                } => command.redirections.push(Redirect::new(
                    descriptor.as_deref(),
                    operator,
                    &target,
                )),
            }
            self.at += 1;
        }
        command.opaque = command.words.first().is_some_and(|w| w == "[");
        let words: Vec<String> = command
            .assignments
            .iter()
            .chain(&command.words)
            .cloned()
            .collect();
        let targets: Vec<String> = command
            .redirections
            .iter()
            .map(|r| r.written_target.clone())
            .collect();
        self.out.push(command);
        for word in words.iter().chain(&targets) {
            self.nested(word)?;
        }
        Ok(())
    }

    /// The commands of the substitutions inside `word`.
    fn nested(&mut self, word: &str) -> Result<(), String> {
        for body in substitution_bodies(word) {
            self.out.extend(simple_commands(&body)?);
        }
        Ok(())
    }
}

/// `NAME=…`, `NAME+=…`, `NAME[…]=…`: an assignment word before the command
/// word.
pub(super) fn is_assignment(word: &str) -> bool {
    let Some(eq) = word.find('=') else {
        return false;
    };
    let head = word.get(..eq).unwrap_or_default();
    let head = head.strip_suffix('+').unwrap_or(head);
    let name = match head.find('[') {
        Some(open) if head.ends_with(']') => head.get(..open).unwrap_or_default(),
        Some(_) => return false,
        None => head,
    };
    !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<(Vec<String>, Vec<String>)> {
        simple_commands(text)
            .unwrap()
            .into_iter()
            .map(|s| {
                (
                    s.words,
                    s.redirections.iter().map(ToString::to_string).collect(),
                )
            })
            .collect()
    }

    #[test]
    fn commands_of_compound_text() {
        let text = "f () \n{ \n    echo hi 1>&1\n} > x\nfor i in $(ls);\ndo\n    cat .env 2>&-;\ndone\ncase x in \n    a | b)\n        cd 0>&-\n    ;;\nesac";
        let got = words(text);
        assert_eq!(got.len(), 5, "{got:?}");
        assert_eq!(
            got[0],
            (vec!["echo".into(), "hi".into()], vec!["1>&1".into()])
        );
        assert_eq!(got[1], (vec![], vec!["1>x".into()]));
        assert_eq!(got[2], (vec!["ls".into()], vec![]));
        assert_eq!(
            got[3],
            (vec!["cat".into(), ".env".into()], vec!["2>&-".into()])
        );
        assert_eq!(got[4], (vec!["cd".into()], vec!["0>&-".into()]));
    }
}
