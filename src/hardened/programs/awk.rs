//! awk programs that cannot run a command or write a file (spec §12.5,
//! `HARD-RUN-5`).
//!
//! awk runs commands with `system()`, `print … | cmd` and `cmd | getline`,
//! writes files with `print … > f` and `>> f`, reads files with `getline <
//! f`, and reaches the environment through `ENVIRON` and gawk's `@`
//! indirection, `PROCINFO`, `SYMTAB`, `/inet`. This lexes the program as
//! awk does (strings, regular expressions where an operand may start,
//! comments, line continuations) and checks it against the grammar: a single
//! `|` is only ever a pipe in awk, and `>` is a redirection exactly when it
//! stands at the top level of a `print` or `printf` statement's expression
//! list, so `print (1 > 2)` prints and writes nothing.

/// Why an awk invocation is not admitted.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refusal {
    /// An option other than `-F SEP` and `-v NAME=VALUE`.
    Option(String),
    /// An argument only run time knows.
    Computed,
    /// No program.
    NoProgram,
    /// An operand `NAME=VALUE`: an assignment, not a file.
    Assignment(String),
    /// The program: the offending token and why.
    Program(String, &'static str),
}

/// Names that reach commands, files or the environment.
const FORBIDDEN_NAMES: [&str; 10] = [
    "system", "close", "fflush", "ENVIRON", "PROCINFO", "SYMTAB", "FUNCTAB", "ARGV", "ARGC",
    "getline",
];

/// Whether `awk` with the dequoted `args` runs only the admitted subset.
///
/// # Errors
/// The first thing that is not admitted.
pub fn admitted(args: &[&str], literal: &[bool]) -> Result<(), Refusal> {
    if literal.iter().take(args.len()).any(|l| !l) || literal.len() < args.len() {
        return Err(Refusal::Computed);
    }
    let mut i = 0;
    let mut program = None;
    while let Some(arg) = args.get(i) {
        i += 1;
        match *arg {
            "--" => {
                program = args.get(i).copied();
                i += 1;
                break;
            }
            "-F" | "-v" => i += 1,
            _ if arg.starts_with("-F") || arg.starts_with("-v") => {}
            _ if arg.starts_with('-') && *arg != "-" => {
                return Err(Refusal::Option((*arg).to_owned()))
            }
            _ => {
                program = Some(*arg);
                break;
            }
        }
    }
    let program = program.ok_or(Refusal::NoProgram)?;
    for operand in args.iter().skip(i) {
        let name_len = operand
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        if name_len > 0 && operand.as_bytes().get(name_len) == Some(&b'=') {
            return Err(Refusal::Assignment((*operand).to_owned()));
        }
    }
    // Two readings must agree (issue 33, class 3): one where a bracket
    // expression in a regular expression holds a `/` (gawk, mawk), one
    // where the first `/` ends it (POSIX's lexical rule, the one true awk)
    // and where a `/` after `++` or `--` starts a regular expression.
    let tokens_read = tokens(program, true)?;
    if tokens(program, false)? != tokens_read {
        return Err(Refusal::Program(
            String::new(),
            "the readings of a regular expression disagree",
        ));
    }
    check(&tokens_read)
}

/// Keywords after which an operand, so a regular expression, may start:
/// `print /re/`, `return /re/`, `else /re/`, `do /re/` (awk's grammar).
const REGEX_AFTER: [&str; 8] = [
    "print", "printf", "return", "else", "do", "case", "exit", "in",
];

/// One awk token.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Name(String),
    Number,
    String,
    Regex,
    /// An operator or punctuation, as written.
    Op(String),
    /// A statement end: newline or `;`.
    End,
}

/// Lexes awk: regular expressions where an operand may start, strings with
/// escapes, `#` comments, `\`-newline continuations.
fn tokens(program: &str, brackets: bool) -> Result<Vec<Token>, Refusal> {
    let chars: Vec<char> = program.chars().collect();
    let mut out: Vec<Token> = Vec::new();
    let mut i = 0;
    let unterminated = |what: &'static str| Err(Refusal::Program(String::new(), what));
    while let Some(&c) = chars.get(i) {
        let after_keyword =
            matches!(out.last(), Some(Token::Name(n)) if REGEX_AFTER.contains(&n.as_str()));
        // `x++ /re/`: after `++` or `--` awk's grammar allows both a
        // division (postfix) and a regular expression (mawk reads one); the
        // second reading takes the regular expression, so the two disagree.
        let after_increment =
            !brackets && matches!(out.last(), Some(Token::Op(op)) if op == "++" || op == "--");
        let operand_may_start = after_keyword
            || after_increment
            || (!matches!(
                out.last(),
                Some(Token::Name(_) | Token::Number | Token::String | Token::Regex)
            ) && !matches!(out.last(), Some(Token::Op(op)) if op == ")" || op == "]" || op == "$" || op == "++" || op == "--"));
        match c {
            ' ' | '\t' | '\r' => i += 1,
            '\\' if chars.get(i + 1) == Some(&'\n') => i += 2,
            '\n' | ';' => {
                out.push(Token::End);
                i += 1;
            }
            '#' => {
                while chars.get(i).is_some_and(|c| *c != '\n') {
                    i += 1;
                }
            }
            '"' => {
                i += 1;
                loop {
                    match chars.get(i) {
                        None | Some('\n') => return unterminated("unterminated string"),
                        Some('\\') => i += 2,
                        Some('"') => break,
                        Some(_) => i += 1,
                    }
                }
                i += 1;
                out.push(Token::String);
            }
            '/' if operand_may_start => {
                i += 1;
                loop {
                    match chars.get(i) {
                        None | Some('\n') => return unterminated("unterminated regex"),
                        Some('\\') => i += 2,
                        Some('[') if brackets => i = bracket_end(&chars, i)?,
                        Some('/') => break,
                        Some(_) => i += 1,
                    }
                }
                i += 1;
                out.push(Token::Regex);
            }
            _ if c.is_ascii_alphabetic() || c == '_' => {
                let start = i;
                while chars
                    .get(i)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_')
                {
                    i += 1;
                }
                out.push(Token::Name(
                    chars.get(start..i).unwrap_or_default().iter().collect(),
                ));
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
                out.push(Token::Number);
            }
            _ => {
                let two: String = chars.get(i..i + 2).unwrap_or_default().iter().collect();
                let op = match two.as_str() {
                    "||" | "&&" | ">>" | ">=" | "<=" | "==" | "!=" | "++" | "--" | "+=" | "-="
                    | "*=" | "/=" | "%=" | "^=" | "|&" | "**" => two,
                    _ => c.to_string(),
                };
                i += op.chars().count();
                out.push(Token::Op(op));
            }
        }
    }
    Ok(out)
}

/// The index after the bracket expression that starts at `chars[start]`
/// (`[`): a `]` right after `[` or `[^` is literal, and `[:…:]`, `[.….]`,
/// `[=…=]` are classes inside it, so `[]#/]` and `[[:alpha:]/]` are one
/// bracket each (POSIX regular expressions, §9.3.5).
fn bracket_end(chars: &[char], start: usize) -> Result<usize, Refusal> {
    let mut i = start + 1;
    if chars.get(i) == Some(&'^') {
        i += 1;
    }
    if chars.get(i) == Some(&']') {
        i += 1;
    }
    loop {
        match chars.get(i) {
            None | Some('\n') => {
                return Err(Refusal::Program(String::new(), "unterminated bracket"))
            }
            Some(']') => return Ok(i + 1),
            Some('[') if matches!(chars.get(i + 1), Some(':' | '.' | '=')) => {
                let kind = chars.get(i + 1).copied().unwrap_or(':');
                let close = chars
                    .iter()
                    .skip(i + 2)
                    .position(|c| *c == ']')
                    .map(|k| i + 2 + k)
                    .filter(|end| chars.get(end - 1) == Some(&kind));
                i = match close {
                    Some(end) => end + 1,
                    None => i + 1,
                };
            }
            Some(_) => i += 1,
        }
    }
}

/// Checks the tokens against the admitted grammar.
fn check(tokens: &[Token]) -> Result<(), Refusal> {
    let refuse =
        |token: &Token, why: &'static str| Err(Refusal::Program(format!("{token:?}"), why));
    // Inside a print or printf statement: the paren/bracket depth there.
    let mut print_depth: Option<usize> = None;
    let mut depth = 0usize;
    for token in tokens {
        match token {
            Token::Name(name) if FORBIDDEN_NAMES.contains(&name.as_str()) => {
                return refuse(token, "reaches a command, a file or the environment");
            }
            Token::Name(name) if name == "print" || name == "printf" => print_depth = Some(depth),
            Token::Op(op) if op == "|" || op == "|&" => {
                return refuse(token, "a pipe runs a command")
            }
            Token::Op(op) if op == "@" => return refuse(token, "gawk indirection and directives"),
            Token::Op(op) if (op == ">" || op == ">>") && print_depth == Some(depth) => {
                return refuse(token, "output redirection writes a file");
            }
            Token::Op(op) if op == "(" || op == "[" => depth += 1,
            Token::Op(op) if op == ")" || op == "]" => depth = depth.saturating_sub(1),
            // `{`, `}` and a statement end close a print statement.
            Token::Op(op) if op == "{" || op == "}" => print_depth = None,
            Token::End => print_depth = None,
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn awk(line: &[&str]) -> Result<(), Refusal> {
        admitted(line, &vec![true; line.len()])
    }

    /// HARD-RUN-5: awk programs of the admitted subset, construct by
    /// construct (mawk 1.3.4 ran each while writing it).
    #[test]
    fn hard_run_5_awk_admits_filters() {
        let admitted_rows: &[&[&str]] = &[
            &["{print $1}", "log"],
            &["-F:", "{print $1}", "/etc/passwd"],
            &["-F", ",", "-v", "n=2", "NR > n {print $n}"],
            &["{ s += $2 } END { print s / NR }"],
            &["/err|warn/ { c++ } END { print c }"],
            &["{ print (1 > 2) }"],
            &["{ printf(\"%s\\n\", $1 > $2 ? $1 : $2) }"],
            &["$3 >= 10 && $3 < 20"],
            &["BEGIN { x = \"a|b > c\" } { print x }"],
            &["{ a[$1]++ } END { for (k in a) print k, a[k] }"],
            &["{ gsub(/a/, \"b\"); print }"],
            &["function f(x) { return x * 2 } { print f($1) }"],
            &["NR==1, NR==5"],
            &["{ print $1 / 2 }"],
            &["{ if ($1 > 3) print $1; else print \"no\" }"],
            &["# comment with system(\"x\") | sh\n{ print }"],
            &["--", "{print}", "f"],
        ];
        for line in admitted_rows {
            assert_eq!(awk(line), Ok(()), "{line:?}");
        }
        let refused: &[&[&str]] = &[
            &["{ system(\"rm -rf x\") }"],
            &["{ print | \"sh\" }"],
            &["{ print $0 > \"out\" }"],
            &["{ print $0 >> \"/etc/x\" }"],
            &["{ printf(\"%s\", $1) > \"f\" }"],
            &["BEGIN { \"date\" | getline d }"],
            &["{ getline line < \"/etc/passwd\" }"],
            &["BEGIN { print ENVIRON[\"HOME\"] }"],
            &["BEGIN { ARGV[1] = \"/etc/shadow\" }"],
            &["BEGIN { f = \"system\"; @f(\"x\") }"],
            &["@include \"x\""],
            &["{ print |& \"cmd\" }"],
            &["{ close(\"x\") }"],
            &["-f", "prog.awk"],
            &["-W", "exec", "x"],
            &["{print}", "x=1", "f"],
            &["BEGIN { print \"unterminated }"],
            &[],
        ];
        for line in refused {
            assert!(awk(line).is_err(), "{line:?}");
        }
        assert_eq!(admitted(&["{print $1}"], &[false]), Err(Refusal::Computed));
    }

    /// HARD-RUN-5 (issue 33, class 3): `/` after a keyword starts a regular
    /// expression, a bracket's first `]` is literal, and a `#` inside
    /// either is no comment; the two readings of a bracket must agree.
    #[test]
    fn hard_run_5_awk_regex_after_keywords_and_brackets() {
        let refused: &[&str] = &[
            "BEGIN { print /#/; system(\"rm -rf x\") }",
            "BEGIN { printf /#/; system(\"x\") }",
            "function f() { return /#/; system(\"x\") }",
            "{ if (0) x = 1; else /#/; system(\"x\") }",
            "BEGIN { do /#/; while (0); system(\"x\") }",
            "/[]#]/ { system(\"x\") }",
            "/[/]/ { print }",
            "/[[:alpha:]/]/ { print }",
            "BEGIN { print /[#]/ | \"sh\" }",
            // Found by the differential test against mawk.
            "BEGIN { x++ /#/; system(\"x\") }",
        ];
        for program in refused {
            assert!(awk(&[program]).is_err(), "{program}");
        }
        let admitted_rows: &[&str] = &[
            "{ print /x/ ? 1 : 0 }",
            "/[]x]/ { print }",
            "/[[:digit:]]+/ { n++ } END { print n }",
            "{ print $1 / 2 / 3 }",
            "{ print NR/2 }",
        ];
        for program in admitted_rows {
            assert_eq!(awk(&[program]), Ok(()), "{program}");
        }
    }
}
