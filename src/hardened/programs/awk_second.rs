//! The second reading of an awk program (spec §12.12, `HARD-SUB-3`).
//!
//! [`super::awk`] lexes a program alone and decides whether a `/` starts a
//! regular expression from the token before it. awk itself decides it in
//! its parser: a `/` starts a regular expression exactly where the grammar
//! expects an operand. This module reads the program that way — a
//! recursive-descent parser of the admitted subset of awk's grammar that
//! asks its lexer for the next token in *operand* or *operator* mode — and
//! gives the same canonical tokens as the first reading
//! ([`super::awk::canonical_tokens`]); the program is admitted only when
//! both token lists are equal. So `if (1) /#/; system("x")`, where the
//! token before the `/` is a `)` but the grammar expects a statement, is
//! a regular expression to this reading (and to gawk) and the two part.
//! A program outside the subset it parses (`getline`, a pipe, a `>` at the
//! top level of `print`, `switch`, an ambiguous `x++ /…/`) is not read.

pub use super::awk_second_lexer::Stop;
use super::awk_second_lexer::{Lexer, Tok};

/// Reserved words: never an operand's name.
const KEYWORDS: &[&str] = &[
    "BEGIN",
    "END",
    "function",
    "func",
    "if",
    "else",
    "while",
    "for",
    "do",
    "break",
    "continue",
    "next",
    "nextfile",
    "exit",
    "return",
    "delete",
    "in",
    "print",
    "printf",
    "getline",
    "BEGINFILE",
    "ENDFILE",
    "switch",
    "case",
    "default",
];

/// Built-in functions: a call even with a blank before `(`.
const BUILTINS: &[&str] = &[
    "length", "substr", "index", "split", "sub", "gsub", "match", "sprintf", "sin", "cos", "atan2",
    "exp", "log", "sqrt", "int", "rand", "srand", "tolower", "toupper", "gensub",
];

/// Binary operators, in operator mode (assignments and `?`/`:` included:
/// after each an operand is expected).
const BINARY: &[&str] = &[
    "+", "-", "*", "/", "%", "^", "**", "<", "<=", "==", "!=", ">", ">=", "~", "&&", "||", "?",
    ":", "=", "+=", "-=", "*=", "/=", "%=", "^=", "in",
];

struct Reader {
    lexer: Lexer,
    out: Vec<String>,
    steps: usize,
    /// Nesting of statements and operands: bounded, so a deep program
    /// is refused, never a stack overflow.
    nesting: usize,
}

/// The deepest nesting read.
const MAX_NESTING: usize = 200;

/// The canonical tokens of `program` by the grammar-driven reading.
///
/// # Errors
/// The character offset where the reading stops.
pub fn tokens(program: &str) -> Result<Vec<String>, Stop> {
    let mut reader = Reader {
        lexer: Lexer {
            chars: program.chars().collect(),
            at: 0,
        },
        out: Vec::new(),
        steps: 0,
        nesting: 0,
    };
    reader.program()?;
    Ok(reader.out)
}

impl Reader {
    fn peek(&mut self, operand: bool) -> Result<Tok, Stop> {
        let here = self.lexer.at;
        let (tok, _) = self.lexer.lex(operand)?;
        self.lexer.at = here;
        Ok(tok)
    }

    /// Consumes the next token (read in `operand` mode) and records it.
    fn take(&mut self, operand: bool) -> Result<Tok, Stop> {
        self.steps += 1;
        if self.steps > 1_000_000 {
            return Err(self.lexer.at);
        }
        let (tok, end) = self.lexer.lex(operand)?;
        self.lexer.at = end;
        if let Some(text) = tok.canonical() {
            self.out.push(text);
        }
        Ok(tok)
    }

    fn expect_op(&mut self, op: &str) -> Result<(), Stop> {
        if self.take(false)?.is_op(op) {
            Ok(())
        } else {
            Err(self.lexer.at)
        }
    }

    /// Newlines and `;` where the grammar allows them.
    fn ends(&mut self) -> Result<(), Stop> {
        while self.peek(true)? == Tok::End {
            self.take(true)?;
        }
        Ok(())
    }

    fn program(&mut self) -> Result<(), Stop> {
        loop {
            self.ends()?;
            match self.peek(true)? {
                Tok::Eof => return Ok(()),
                Tok::Name(n) if n == "function" || n == "func" => {
                    self.take(true)?;
                    if !matches!(self.take(false)?, Tok::Name(_)) {
                        return Err(self.lexer.at);
                    }
                    self.expect_op("(")?;
                    if !self.peek(false)?.is_op(")") {
                        loop {
                            if !matches!(self.take(false)?, Tok::Name(_)) {
                                return Err(self.lexer.at);
                            }
                            if !self.peek(false)?.is_op(",") {
                                break;
                            }
                            self.take(false)?;
                            self.ends()?;
                        }
                    }
                    self.expect_op(")")?;
                    self.ends()?;
                    self.block()?;
                }
                Tok::Name(n) if n == "BEGIN" || n == "END" => {
                    self.take(true)?;
                    self.block()?;
                }
                Tok::Op(o) if o == "{" => self.block()?,
                _ => {
                    self.expr(false)?;
                    if self.peek(false)?.is_op(",") {
                        self.take(false)?;
                        self.ends()?;
                        self.expr(false)?;
                    }
                    if self.peek(false)?.is_op("{") {
                        self.block()?;
                    }
                }
            }
        }
    }

    fn block(&mut self) -> Result<(), Stop> {
        self.expect_op("{")?;
        loop {
            self.ends()?;
            if self.peek(true)?.is_op("}") {
                self.take(true)?;
                return Ok(());
            }
            self.statement()?;
        }
    }

    /// `(` expression `)` of `if` and `while`.
    fn condition(&mut self) -> Result<(), Stop> {
        self.expect_op("(")?;
        self.expr(false)?;
        self.expect_op(")")
    }

    fn statement(&mut self) -> Result<(), Stop> {
        self.nesting += 1;
        if self.nesting > MAX_NESTING {
            return Err(self.lexer.at);
        }
        let read = self.statement_inner();
        self.nesting -= 1;
        read
    }

    fn statement_inner(&mut self) -> Result<(), Stop> {
        let tok = self.peek(true)?;
        match &tok {
            Tok::Op(o) if o == "{" => return self.block(),
            Tok::Name(n) if n == "if" => {
                self.take(true)?;
                self.condition()?;
                self.ends()?;
                self.statement()?;
                let here = (self.lexer.at, self.out.len());
                self.ends()?;
                if self.peek(true)?.is_name("else") {
                    self.take(true)?;
                    self.ends()?;
                    return self.statement();
                }
                // No `else`: the terminators are the enclosing block's.
                (self.lexer.at, _) = here;
                self.out.truncate(here.1);
                return Ok(());
            }
            Tok::Name(n) if n == "while" => {
                self.take(true)?;
                self.condition()?;
                if matches!(self.peek(true)?, Tok::End) {
                    // `while (c) ;` or the end of `do … while (c)`.
                    return Ok(());
                }
                if self.peek(true)?.is_op("}") || self.peek(true)? == Tok::Eof {
                    return Ok(());
                }
                return self.statement();
            }
            Tok::Name(n) if n == "do" => {
                self.take(true)?;
                self.ends()?;
                self.statement()?;
                self.ends()?;
                if !self.take(true)?.is_name("while") {
                    return Err(self.lexer.at);
                }
                return self.condition();
            }
            Tok::Name(n) if n == "for" => {
                self.take(true)?;
                self.expect_op("(")?;
                self.for_head()?;
                self.expect_op(")")?;
                self.ends()?;
                return self.statement();
            }
            _ => {}
        }
        self.simple_statement()?;
        match self.peek(false)? {
            Tok::End | Tok::Eof => Ok(()),
            t if t.is_op("}") || t.is_name("else") => Ok(()),
            _ => Err(self.lexer.at),
        }
    }

    fn for_head(&mut self) -> Result<(), Stop> {
        // `for (name in array)`: three tokens, then `)`.
        let here = (self.lexer.at, self.out.len());
        if matches!(self.take(true)?, Tok::Name(_))
            && self.take(false)?.is_name("in")
            && matches!(self.take(false)?, Tok::Name(_))
            && self.peek(false)?.is_op(")")
        {
            return Ok(());
        }
        (self.lexer.at, _) = here;
        self.out.truncate(here.1);
        for part in 0..3 {
            let next = self.peek(true)?;
            let empty = if part == 2 {
                next.is_op(")")
            } else {
                next == Tok::End
            };
            if !empty {
                self.simple_statement()?;
            }
            if part < 2 && self.take(false)? != Tok::End {
                return Err(self.lexer.at);
            }
        }
        Ok(())
    }

    fn simple_statement(&mut self) -> Result<(), Stop> {
        let tok = self.peek(true)?;
        let Tok::Name(name) = &tok else {
            return self.expr(false);
        };
        match name.as_str() {
            "print" | "printf" => {
                self.take(true)?;
                let next = self.peek(true)?;
                if matches!(next, Tok::End | Tok::Eof) || next.is_op("}") {
                    return Ok(());
                }
                self.expr_list(true)
            }
            "next" | "nextfile" | "break" | "continue" => {
                self.take(true)?;
                Ok(())
            }
            "exit" | "return" => {
                self.take(true)?;
                let next = self.peek(true)?;
                if matches!(next, Tok::End | Tok::Eof) || next.is_op("}") {
                    return Ok(());
                }
                self.expr(false)
            }
            "delete" => {
                self.take(true)?;
                if !matches!(self.take(false)?, Tok::Name(_)) {
                    return Err(self.lexer.at);
                }
                if self.peek(false)?.is_op("[") {
                    self.take(false)?;
                    self.expr_list(false)?;
                    self.expect_op("]")?;
                }
                Ok(())
            }
            _ => self.expr(false),
        }
    }

    fn expr_list(&mut self, print: bool) -> Result<(), Stop> {
        loop {
            self.expr(print)?;
            if !self.peek(false)?.is_op(",") {
                return Ok(());
            }
            self.take(false)?;
            self.ends()?;
        }
    }

    /// An expression: operands joined by binary operators or by
    /// concatenation. At the top level of a `print` list a `>` is a
    /// redirection, which this reading does not read.
    fn expr(&mut self, print: bool) -> Result<(), Stop> {
        loop {
            self.operand()?;
            // After an operand: postfix, a binary operator, concatenation,
            // or the end of the expression.
            loop {
                let tok = self.peek(false)?;
                match &tok {
                    Tok::Op(o) if o == "++" || o == "--" => {
                        self.take(false)?;
                        // `x++ /re/`: a division to gawk, a regular
                        // expression to mawk.
                        if self.peek(false)?.is_op("/") || self.peek(false)?.is_op("/=") {
                            return Err(self.lexer.at);
                        }
                    }
                    Tok::Op(o) if o == "!" => {
                        // `!~` is lexed as `!` and `~`.
                        self.take(false)?;
                        if !self.peek(false)?.is_op("~") {
                            return Err(self.lexer.at);
                        }
                        self.take(false)?;
                        break;
                    }
                    Tok::Op(o) if (o == ">" || o == ">>" || o == "|" || o == "|&") && print => {
                        return Err(self.lexer.at);
                    }
                    Tok::Op(o) if o == "|" || o == "|&" || o == ">>" => return Err(self.lexer.at),
                    Tok::Op(o) if BINARY.contains(&o.as_str()) => {
                        self.take(false)?;
                        if o == "&&" || o == "||" || o == "?" || o == ":" {
                            self.ends()?;
                        }
                        break;
                    }
                    Tok::Name(n) if n == "in" => {
                        self.take(false)?;
                        break;
                    }
                    Tok::Name(n) if KEYWORDS.contains(&n.as_str()) => return Ok(()),
                    Tok::Name(_) | Tok::Number | Tok::Str => break,
                    Tok::Op(o) if o == "$" || o == "(" => break,
                    _ => return Ok(()),
                }
            }
        }
    }

    fn operand(&mut self) -> Result<(), Stop> {
        self.nesting += 1;
        if self.nesting > MAX_NESTING {
            return Err(self.lexer.at);
        }
        let read = self.operand_inner();
        self.nesting -= 1;
        read
    }

    fn operand_inner(&mut self) -> Result<(), Stop> {
        let tok = self.take(true)?;
        match &tok {
            Tok::Regex | Tok::Number | Tok::Str => Ok(()),
            Tok::Op(o) if o == "!" || o == "-" || o == "+" || o == "++" || o == "--" => {
                self.operand()
            }
            Tok::Op(o) if o == "$" => self.operand(),
            Tok::Op(o) if o == "(" => {
                self.expr_list(false)?;
                self.expect_op(")")
            }
            Tok::Name(n) if KEYWORDS.contains(&n.as_str()) => Err(self.lexer.at),
            Tok::Name(n) => {
                let call = self.lexer.chars.get(self.lexer.at) == Some(&'(')
                    || (BUILTINS.contains(&n.as_str()) && self.peek(false)?.is_op("("));
                if call {
                    self.expect_op("(")?;
                    if !self.peek(true)?.is_op(")") {
                        self.expr_list(false)?;
                    }
                    self.expect_op(")")
                } else if self.peek(false)?.is_op("[") {
                    self.take(false)?;
                    self.expr_list(false)?;
                    self.expect_op("]")
                } else {
                    Ok(())
                }
            }
            _ => Err(self.lexer.at),
        }
    }
}
