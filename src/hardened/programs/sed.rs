//! sed programs that cannot run a command or write a file (spec §12.5,
//! `HARD-RUN-5`).
//!
//! GNU sed 4.9 runs commands with `e` and `s///e` and writes files with `w`,
//! `W`, `s///w` and `-i`; `r`, `R` and `-f` read files. A script made of the
//! other commands only filters its input. This is a parser of that subset,
//! following the grammar of the GNU sed manual (addresses, then a command
//! and its own argument syntax), not a scan for letters: `s/e/w/g` is a
//! substitution with the flag `g`, and `a w foo` appends the text `w foo`.

/// Why a sed invocation is not admitted.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refusal {
    /// An option outside `-n -E -r -s -u -z -e --posix --sandbox` (or
    /// their long forms): `-i` writes, `-f` reads a script.
    Option(String),
    /// An argument only run time knows.
    Computed,
    /// No script.
    NoScript,
    /// The script: where it stops being the admitted subset, and why.
    Script(usize, &'static str),
}

/// Whether `sed` with the dequoted `args` (`literal[i]` false for a word
/// only run time knows) runs only the admitted subset (`HARD-RUN-5`).
///
/// # Errors
/// The first thing that is not admitted.
pub fn admitted(args: &[&str], literal: &[bool]) -> Result<(), Refusal> {
    if literal.iter().take(args.len()).any(|l| !l) || literal.len() < args.len() {
        return Err(Refusal::Computed);
    }
    let mut scripts = Vec::new();
    let mut operands = Vec::new();
    let mut i = 0;
    let mut options_done = false;
    while let Some(arg) = args.get(i) {
        i += 1;
        if options_done || !arg.starts_with('-') || *arg == "-" {
            operands.push(*arg);
            continue;
        }
        match *arg {
            "--" => options_done = true,
            "-e" | "--expression" => {
                scripts.push(*args.get(i).ok_or(Refusal::NoScript)?);
                i += 1;
            }
            "--quiet" | "--silent" | "--regexp-extended" | "--separate" | "--unbuffered"
            | "--null-data" | "--posix" | "--sandbox" | "--debug" => {}
            _ if arg.starts_with("--expression=") => {
                scripts.push(arg.get("--expression=".len()..).unwrap_or(""));
            }
            _ if !arg.starts_with("--") => {
                let cluster = arg.get(1..).unwrap_or("");
                match cluster.find(|c| !matches!(c, 'n' | 'E' | 'r' | 's' | 'u' | 'z')) {
                    None => {}
                    // `-ne SCRIPT` and `-nescript`: the rest is the script.
                    Some(at) if cluster.get(at..at + 1) == Some("e") => {
                        let rest = cluster.get(at + 1..).unwrap_or("");
                        if rest.is_empty() {
                            scripts.push(*args.get(i).ok_or(Refusal::NoScript)?);
                            i += 1;
                        } else {
                            scripts.push(rest);
                        }
                    }
                    Some(_) => return Err(Refusal::Option((*arg).to_owned())),
                }
            }
            _ => return Err(Refusal::Option((*arg).to_owned())),
        }
    }
    if scripts.is_empty() {
        // Without -e the first operand is the script (getopt permutes, so
        // every `-` word anywhere was an option above).
        if operands.is_empty() {
            return Err(Refusal::NoScript);
        }
        scripts.push(operands.remove(0));
    }
    // GNU sed joins -e scripts with newlines.
    let script = scripts.join("\n");
    Parser::new(&script).script()
}

struct Parser<'s> {
    text: &'s str,
    at: usize,
    depth: usize,
}

impl<'s> Parser<'s> {
    fn new(text: &'s str) -> Self {
        Parser {
            text,
            at: 0,
            depth: 0,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text.get(self.at..)?.chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        Some(c)
    }

    fn refuse<T>(&self, why: &'static str) -> Result<T, Refusal> {
        Err(Refusal::Script(self.at, why))
    }

    fn skip_blanks(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.bump();
        }
    }

    /// script := { blank | ';' | '\n' | comment | command }
    fn script(mut self) -> Result<(), Refusal> {
        loop {
            self.skip_blanks();
            match self.peek() {
                None => break,
                Some(';' | '\n') => {
                    self.bump();
                }
                Some('#') => self.skip_line(),
                Some(_) => self.command()?,
            }
        }
        if self.depth != 0 {
            return self.refuse("unclosed {");
        }
        Ok(())
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// command := [address [',' address]] blank* ['!' blank*] letter arguments
    fn command(&mut self) -> Result<(), Refusal> {
        if self.peek() != Some('}') && self.address()? {
            self.skip_blanks();
            if self.peek() == Some(',') {
                self.bump();
                self.skip_blanks();
                if matches!(self.peek(), Some('+' | '~')) {
                    self.bump();
                    self.number()?;
                } else if !self.address()? {
                    return self.refuse("address expected after ,");
                }
            }
        }
        self.skip_blanks();
        while self.peek() == Some('!') {
            self.bump();
            self.skip_blanks();
        }
        let Some(letter) = self.bump() else {
            return self.refuse("command expected");
        };
        match letter {
            '{' => {
                self.depth += 1;
                Ok(())
            }
            '}' => match self.depth.checked_sub(1) {
                Some(depth) => {
                    self.depth = depth;
                    self.end_of_command()
                }
                None => self.refuse("unexpected }"),
            },
            '=' | 'd' | 'D' | 'g' | 'G' | 'h' | 'H' | 'x' | 'n' | 'N' | 'p' | 'P' | 'z' | 'F' => {
                self.end_of_command()
            }
            'l' | 'q' | 'Q' => {
                self.skip_blanks();
                if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.number()?;
                }
                self.end_of_command()
            }
            ':' => {
                self.skip_blanks();
                if self.label() == 0 {
                    return self.refuse("label expected");
                }
                self.end_of_command()
            }
            'b' | 't' | 'T' => {
                self.skip_blanks();
                self.label();
                self.end_of_command()
            }
            'a' | 'i' | 'c' => {
                self.text();
                Ok(())
            }
            's' => self.substitute(),
            'y' => {
                let delimiter = self.delimiter()?;
                self.regex_body(delimiter, false)?;
                self.regex_body(delimiter, false)?;
                self.end_of_command()
            }
            'e' => self.refuse("e runs a command"),
            'r' | 'R' => self.refuse("r and R read a file"),
            'w' | 'W' => self.refuse("w and W write a file"),
            _ => self.refuse("command outside the admitted subset"),
        }
    }

    /// address := number ['~' number] | '$' | '/' regex '/' [I M] | '\' c regex c [I M]
    fn address(&mut self) -> Result<bool, Refusal> {
        match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                self.number()?;
                if self.peek() == Some('~') {
                    self.bump();
                    self.number()?;
                }
            }
            Some('$') => {
                self.bump();
            }
            Some('/') => {
                self.bump();
                self.regex_body('/', true)?;
                self.address_flags();
            }
            Some('\\') => {
                self.bump();
                let delimiter = self.bump().filter(|c| *c != '\n' && *c != '\\');
                let Some(delimiter) = delimiter else {
                    return self.refuse("address delimiter");
                };
                self.regex_body(delimiter, true)?;
                self.address_flags();
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn address_flags(&mut self) {
        while matches!(self.peek(), Some('I' | 'M')) {
            self.bump();
        }
    }

    fn number(&mut self) -> Result<(), Refusal> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.bump();
        }
        if self.at == start {
            return self.refuse("number expected");
        }
        Ok(())
    }

    /// A label: up to a blank, `;` or the end of the line.
    fn label(&mut self) -> usize {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| !matches!(c, ' ' | '\t' | ';' | '\n' | '}'))
        {
            self.bump();
        }
        self.at - start
    }

    /// After a command: blanks, then `;`, a newline, `}`, `#` or the end.
    fn end_of_command(&mut self) -> Result<(), Refusal> {
        self.skip_blanks();
        match self.peek() {
            None | Some(';' | '\n' | '}' | '#') => Ok(()),
            Some(_) => self.refuse("text after a command"),
        }
    }

    /// `a`, `i`, `c` text: the rest of the line, with `\`-newline
    /// continuing it (GNU one-line form and POSIX `a\` form alike): inert.
    fn text(&mut self) {
        while let Some(c) = self.bump() {
            match c {
                '\\' => {
                    self.bump();
                }
                '\n' => break,
                _ => {}
            }
        }
    }

    fn delimiter(&mut self) -> Result<char, Refusal> {
        match self.bump() {
            Some(c) if c != '\n' && c != '\\' => Ok(c),
            _ => self.refuse("delimiter"),
        }
    }

    /// A regex or replacement up to an unescaped `delimiter`; in a regex a
    /// bracket expression may hold the delimiter.
    fn regex_body(&mut self, delimiter: char, regex: bool) -> Result<(), Refusal> {
        loop {
            let Some(c) = self.bump() else {
                return self.refuse("unterminated regex or replacement");
            };
            match c {
                _ if c == delimiter => return Ok(()),
                '\\' if self.bump().is_none() => return self.refuse("trailing backslash"),
                '\\' => {}
                '[' if regex => self.bracket()?,
                '\n' if regex => return self.refuse("newline in a regex"),
                _ => {}
            }
        }
    }

    /// The rest of a bracket expression after `[`.
    fn bracket(&mut self) -> Result<(), Refusal> {
        if self.peek() == Some('^') {
            self.bump();
        }
        if self.peek() == Some(']') {
            self.bump();
        }
        loop {
            match self.bump() {
                None | Some('\n') => return self.refuse("unterminated bracket expression"),
                Some(']') => return Ok(()),
                Some('[') if matches!(self.peek(), Some(':' | '.' | '=')) => {
                    let kind = self.bump().unwrap_or(':');
                    let close = format!("{kind}]");
                    let rest = self.text.get(self.at..).unwrap_or("");
                    let Some(end) = rest.find(&close) else {
                        return self.refuse("unterminated class");
                    };
                    self.at += end + close.len();
                }
                Some(_) => {}
            }
        }
    }

    /// `s` delim regex delim replacement delim flags, flags from `g p i I m
    /// M` and a number only: `e` runs the pattern space, `w` writes a file.
    fn substitute(&mut self) -> Result<(), Refusal> {
        let delimiter = self.delimiter()?;
        self.regex_body(delimiter, true)?;
        self.regex_body(delimiter, false)?;
        loop {
            match self.peek() {
                Some('g' | 'p' | 'i' | 'I' | 'm' | 'M') => {
                    self.bump();
                }
                Some(c) if c.is_ascii_digit() => {
                    self.bump();
                }
                Some('e') => return self.refuse("the e flag runs a command"),
                Some('w') => return self.refuse("the w flag writes a file"),
                _ => return self.end_of_command(),
            }
        }
    }
}

#[cfg(test)]
#[path = "sed_tests.rs"]
mod tests;
