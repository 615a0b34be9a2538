//! Where a payload sits in a witness (`AUDIT-15`): the chain of bash
//! constructs around its first character, outermost first, and how it is
//! separated from what comes before it. Two witnesses whose payload sits in
//! the same chain are one root cause for a reader of the command line.
//!
//! A small lexer, not a parser: it follows quotes, escapes, substitutions,
//! expansions, subscripts, comments, here-document operators and bodies,
//! list separators and the role of the word being read (assignment prefix,
//! redirect target, argument). It only has to be right about the text
//! before the payload of a minimized witness.

/// One construct around the payload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Frame {
    /// `$( … )`.
    Substitution,
    /// `` `…` ``.
    Backquote,
    /// `` \`…\` `` inside backquotes.
    NestedBackquote,
    /// `<( … )` or `>( … )`.
    ProcessSubstitution,
    /// `${ … }`.
    Parameter,
    /// `$(( … ))` or `(( … ))`.
    Arithmetic,
    /// `name[ … ]`.
    Subscript,
    /// `( … )` or `{ … }`.
    Group,
    /// `" … "`.
    DoubleQuotes,
    /// `' … '`.
    SingleQuotes,
    /// `$' … '`: backslash escapes.
    AnsiQuotes,
    /// An unquoted here-document body.
    HereDocument,
    /// A quoted here-document body (text).
    QuotedHereDocument,
}

impl Frame {
    fn describe(self) -> &'static str {
        match self {
            Self::Substitution => "a command substitution `$(…)`",
            Self::Backquote => "a backquote substitution",
            Self::NestedBackquote => "a nested backquote substitution",
            Self::ProcessSubstitution => "a process substitution `<(…)`",
            Self::Parameter => "a parameter expansion `${…}`",
            Self::Arithmetic => "an arithmetic context `$((…))`",
            Self::Subscript => "an array subscript `[…]`",
            Self::Group => "a group or subshell",
            Self::DoubleQuotes => "double quotes",
            Self::SingleQuotes | Self::AnsiQuotes => "quoted text",
            Self::HereDocument => "a here-document body",
            Self::QuotedHereDocument => "a quoted here-document body",
        }
    }

    /// A frame that starts a new list of commands (so separators and word
    /// roles start afresh inside it).
    fn holds_commands(self) -> bool {
        matches!(
            self,
            Self::Substitution
                | Self::Backquote
                | Self::NestedBackquote
                | Self::ProcessSubstitution
                | Self::Group
        )
    }
}

/// What came before the payload in its list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Before {
    Start,
    Background,
    Semicolon,
    And,
    Or,
    Pipe,
    NewLine,
    AfterHereDocumentOperator,
    AfterCommentBackslash,
}

impl Before {
    fn describe(self) -> Option<&'static str> {
        match self {
            Self::Start | Self::Semicolon | Self::And | Self::Or | Self::NewLine => None,
            Self::Background => Some("after `&` (a background job)"),
            Self::Pipe => Some("after `|` (a pipeline stage)"),
            Self::AfterHereDocumentOperator => {
                Some("on the line of a here-document operator, after it")
            }
            Self::AfterCommentBackslash => Some("on the line after a comment ending in `\\`"),
        }
    }
}

/// The role of the word being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    CommandName,
    Assignment,
    RedirectTarget,
    Argument,
}

impl Role {
    fn describe(self) -> Option<&'static str> {
        match self {
            Self::CommandName => None,
            Self::Assignment => Some("an assignment"),
            Self::RedirectTarget => Some("a redirect target"),
            Self::Argument => Some("an argument"),
        }
    }
}

/// One level of the lexer: a frame and, for a frame of commands, where in
/// its list and its word the reader is.
#[derive(Debug, Clone)]
struct Level {
    frame: Option<Frame>,
    role: Option<Role>,
    before: Before,
    command_seen: bool,
    redirect_next: bool,
    in_word: bool,
    on_heredoc_line: bool,
    /// The role of the enclosing word when this frame opened.
    opened_in: Option<Role>,
    /// Where the current word started.
    word_from: usize,
}

impl Level {
    fn new(frame: Option<Frame>, opened_in: Option<Role>) -> Self {
        Self {
            frame,
            role: None,
            before: Before::Start,
            command_seen: false,
            redirect_next: false,
            in_word: false,
            on_heredoc_line: false,
            opened_in,
            word_from: 0,
        }
    }
}

/// A pending here-document: its delimiter, whether quoted, whether `<<-`.
struct Pending {
    delimiter: String,
    quoted: bool,
    strip_tabs: bool,
}

/// The constructs around byte `at` of `command`, outermost first, as a
/// sentence (`a command substitution `$(…)` in an argument, inside a
/// here-document body`), or `None` when nothing hides it (it is a plain
/// command of the top-level list).
#[must_use]
pub fn around(command: &str, at: usize) -> Option<String> {
    let stack = lex(command, at);
    let mut parts: Vec<String> = Vec::new();
    for level in stack.iter().rev() {
        let mut part = String::new();
        // Double quotes hide nothing: `"$(P)"` is `$(P)` to a reader.
        if let Some(frame) = level.frame.filter(|&f| f != Frame::DoubleQuotes) {
            part.push_str(frame.describe());
            if let Some(role) = level.opened_in.and_then(Role::describe) {
                part.push_str(" in ");
                part.push_str(role);
            }
        }
        if level.frame.is_none_or(Frame::holds_commands) {
            if let Some(before) = level.before.describe() {
                if !part.is_empty() {
                    part.push_str(", ");
                }
                part.push_str(before);
            }
        }
        if !part.is_empty() {
            parts.push(part);
        }
    }
    if parts.is_empty() {
        return None;
    }
    Some(parts.join(", inside "))
}

/// The root cause of a payload at byte `at` (`AUDIT-15`): [`around`] read
/// coarsely, as a reader who must fix a layer sees it. Every substitution
/// (`$(…)`, backquotes, `<(…)`) is one kind; double quotes and groups hide
/// nothing; anything inside an unquoted here-document body is that body;
/// anything with nested backquotes is those; only the outermost construct
/// keeps the role of its word (argument, assignment, redirect target).
/// `None` when nothing hides the payload.
#[must_use]
pub fn cause(command: &str, at: usize) -> Option<String> {
    let stack = lex(command, at);
    let frames: Vec<Frame> = stack.iter().filter_map(|l| l.frame).collect();
    if frames.contains(&Frame::HereDocument) {
        return Some("a here-document body".to_owned());
    }
    if frames.contains(&Frame::NestedBackquote) {
        return Some("nested backquotes".to_owned());
    }
    let on_heredoc_line = stack
        .iter()
        .any(|l| l.on_heredoc_line && l.frame.is_none_or(Frame::holds_commands));
    if on_heredoc_line {
        return Some("text after a here-document operator on its line".to_owned());
    }
    let mut parts: Vec<String> = Vec::new();
    let mut outermost = true;
    for level in &stack {
        let kind = match level.frame {
            None | Some(Frame::DoubleQuotes | Frame::Group) => None,
            Some(
                Frame::Substitution
                | Frame::Backquote
                | Frame::NestedBackquote
                | Frame::ProcessSubstitution,
            ) => Some("a substitution"),
            Some(Frame::Parameter) => Some("a parameter expansion"),
            Some(Frame::Arithmetic) => Some("an arithmetic context"),
            Some(Frame::Subscript) => Some("an array subscript"),
            Some(Frame::SingleQuotes | Frame::AnsiQuotes) => Some("quoted text"),
            Some(Frame::QuotedHereDocument | Frame::HereDocument) => {
                Some("a quoted here-document body")
            }
        };
        if let Some(kind) = kind {
            let mut part = kind.to_owned();
            if outermost {
                if let Some(role) = level.opened_in.and_then(Role::describe) {
                    part.push_str(" in ");
                    part.push_str(role);
                }
                outermost = false;
            }
            parts.push(part);
        }
        if level.frame.is_none_or(Frame::holds_commands) {
            if let Some(before) = level.before.describe() {
                parts.push(before.to_owned());
            }
        }
    }
    if parts.is_empty() {
        return None;
    }
    parts.reverse();
    Some(parts.join(", inside "))
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

#[allow(clippy::too_many_lines)]
fn lex(command: &str, at: usize) -> Vec<Level> {
    let chars: Vec<(usize, char)> = command.char_indices().collect();
    let mut stack = vec![Level::new(None, None)];
    let mut pending: Vec<Pending> = Vec::new();
    let mut body: Option<Pending> = None;
    let mut comment = false;
    let mut i = 0;
    while let Some(&(offset, c)) = chars.get(i) {
        if offset >= at {
            break;
        }
        let next = chars.get(i + 1).map(|&(_, c)| c);
        let line_start = i == 0 || chars.get(i - 1).is_some_and(|&(_, c)| c == '\n');
        // A here-document body: its delimiter line ends it.
        if line_start {
            if let Some(doc) = &body {
                let line: String = chars
                    .get(i..)
                    .unwrap_or_default()
                    .iter()
                    .map(|&(_, c)| c)
                    .take_while(|&c| c != '\n')
                    .collect();
                let line = if doc.strip_tabs {
                    line.trim_start_matches('\t').to_owned()
                } else {
                    line
                };
                if line == doc.delimiter {
                    stack.pop();
                    body = None;
                    i += line.len();
                    continue;
                }
            }
        }
        let top = stack.last().and_then(|l| l.frame);
        if comment {
            if c == '\n' {
                comment = false;
                let backslash = chars
                    .get(i.wrapping_sub(1))
                    .is_some_and(|&(_, c)| c == '\\');
                if let Some(level) = stack.last_mut() {
                    level.before = if backslash {
                        Before::AfterCommentBackslash
                    } else {
                        Before::NewLine
                    };
                    level.command_seen = false;
                    level.in_word = false;
                }
            }
            i += 1;
            continue;
        }
        match top {
            Some(Frame::SingleQuotes | Frame::AnsiQuotes) => {
                if c == '\'' {
                    stack.pop();
                } else if c == '\\' && top == Some(Frame::AnsiQuotes) {
                    i += 1;
                }
                i += 1;
                continue;
            }
            Some(Frame::QuotedHereDocument) => {
                i += 1;
                continue;
            }
            _ => {}
        }
        let in_text = matches!(top, Some(Frame::DoubleQuotes | Frame::HereDocument));
        match c {
            '\\' if matches!(top, Some(Frame::Backquote | Frame::NestedBackquote)) && {
                let run = chars
                    .get(i..)
                    .unwrap_or_default()
                    .iter()
                    .take_while(|&&(_, c)| c == '\\')
                    .count();
                chars.get(i + run).is_some_and(|&(_, c)| c == '`')
            } =>
            {
                // Backslashes and a backquote inside backquotes open a
                // nested level, or close the one the same run opened.
                let run = chars
                    .get(i..)
                    .unwrap_or_default()
                    .iter()
                    .take_while(|&&(_, c)| c == '\\')
                    .count();
                let closes = top == Some(Frame::NestedBackquote)
                    && stack.last().is_some_and(|l| l.word_from == run);
                if closes {
                    stack.pop();
                } else {
                    open(&mut stack, Frame::NestedBackquote);
                    if let Some(level) = stack.last_mut() {
                        level.word_from = run;
                    }
                }
                i += run + 1;
                continue;
            }
            '\\' => {
                start_word(&mut stack, i);
                i += 2;
                continue;
            }
            '`' => {
                if matches!(top, Some(Frame::Backquote)) {
                    stack.pop();
                } else {
                    start_word(&mut stack, i);
                    open(&mut stack, Frame::Backquote);
                }
            }
            '$' if next == Some('(') => {
                start_word(&mut stack, i);
                if chars.get(i + 2).map(|&(_, c)| c) == Some('(') {
                    open(&mut stack, Frame::Arithmetic);
                    i += 3;
                } else {
                    open(&mut stack, Frame::Substitution);
                    i += 2;
                }
                continue;
            }
            '$' if next == Some('{') => {
                start_word(&mut stack, i);
                open(&mut stack, Frame::Parameter);
                i += 2;
                continue;
            }
            '$' if next == Some('\'') && !in_text => {
                start_word(&mut stack, i);
                open(&mut stack, Frame::AnsiQuotes);
                i += 2;
                continue;
            }
            '"' => {
                if matches!(top, Some(Frame::DoubleQuotes)) {
                    stack.pop();
                } else if !matches!(top, Some(Frame::HereDocument)) {
                    start_word(&mut stack, i);
                    open(&mut stack, Frame::DoubleQuotes);
                }
            }
            '\'' if !in_text => {
                start_word(&mut stack, i);
                open(&mut stack, Frame::SingleQuotes);
            }
            '}' if matches!(top, Some(Frame::Parameter)) => {
                stack.pop();
            }
            ']' if matches!(top, Some(Frame::Subscript)) => {
                stack.pop();
            }
            '[' if !in_text && i > 0 && chars.get(i - 1).is_some_and(|&(_, c)| is_name_char(c)) => {
                open(&mut stack, Frame::Subscript);
            }
            ')' if matches!(top, Some(Frame::Arithmetic)) && next == Some(')') => {
                stack.pop();
                i += 2;
                continue;
            }
            ')' if matches!(
                top,
                Some(Frame::Substitution | Frame::ProcessSubstitution | Frame::Group)
            ) =>
            {
                stack.pop();
            }
            _ if in_text
                || matches!(
                    top,
                    Some(Frame::Parameter | Frame::Arithmetic | Frame::Subscript)
                ) =>
            {
                // Text: only the openers above are read in it; a newline
                // still starts a pending here-document body.
                if c == '\n' && !pending.is_empty() && body.is_none() {
                    start_body(&mut stack, &mut pending, &mut body);
                }
            }
            '<' | '>' if next == Some('(') => {
                start_word(&mut stack, i);
                open(&mut stack, Frame::ProcessSubstitution);
                i += 2;
                continue;
            }
            '(' if next == Some('(') && at_command_start(&stack) => {
                open(&mut stack, Frame::Arithmetic);
                i += 2;
                continue;
            }
            '(' => open(&mut stack, Frame::Group),
            '{' if at_command_start(&stack) && next.is_some_and(char::is_whitespace) => {
                open(&mut stack, Frame::Group);
            }
            '}' if matches!(top, Some(Frame::Group)) && at_command_start(&stack) => {
                stack.pop();
            }
            '#' if !in_word(&stack) => comment = true,
            '<' if next == Some('<') && chars.get(i + 2).map(|&(_, c)| c) != Some('<') => {
                let (doc, used) = heredoc_operator(&chars, i + 2);
                if let Some(doc) = doc {
                    pending.push(doc);
                }
                if let Some(level) = stack.last_mut() {
                    level.on_heredoc_line = true;
                    level.in_word = false;
                }
                i = used;
                continue;
            }
            '<' | '>' => {
                if let Some(level) = stack.last_mut() {
                    level.redirect_next = true;
                    level.in_word = false;
                }
                if next == Some('>') || next == Some('&') {
                    i += 1;
                }
            }
            '&' if next == Some('>') => {
                if let Some(level) = stack.last_mut() {
                    level.redirect_next = true;
                    level.in_word = false;
                }
                i += 1;
            }
            ';' | '&' | '|' | '\n' => {
                let (before, width) = match (c, next) {
                    ('&', Some('&')) => (Before::And, 2),
                    ('|', Some('|')) => (Before::Or, 2),
                    ('|', Some('&')) => (Before::Pipe, 2),
                    (';', Some(';')) => (Before::Semicolon, 2),
                    ('&', _) => (Before::Background, 1),
                    ('|', _) => (Before::Pipe, 1),
                    (';', _) => (Before::Semicolon, 1),
                    _ => (Before::NewLine, 1),
                };
                let heredoc_line = stack.last().is_some_and(|l| l.on_heredoc_line);
                if let Some(level) = stack.last_mut() {
                    level.before = if heredoc_line && c != '\n' {
                        Before::AfterHereDocumentOperator
                    } else {
                        before
                    };
                    level.command_seen = false;
                    level.in_word = false;
                    level.role = None;
                    level.redirect_next = false;
                    if c == '\n' {
                        level.on_heredoc_line = false;
                    }
                }
                if c == '\n' && !pending.is_empty() {
                    start_body(&mut stack, &mut pending, &mut body);
                }
                i += width;
                continue;
            }
            ' ' | '\t' => {
                if let Some(level) = stack.last_mut() {
                    level.in_word = false;
                }
            }
            '=' => {
                start_word(&mut stack, i);
                assignment(&mut stack, &chars, i);
            }
            _ => start_word(&mut stack, i),
        }
        i += 1;
    }
    stack
}

fn in_word(stack: &[Level]) -> bool {
    stack.last().is_some_and(|l| l.in_word)
}

fn at_command_start(stack: &[Level]) -> bool {
    stack
        .last()
        .is_some_and(|l| !l.command_seen && !l.in_word && l.frame.is_none_or(Frame::holds_commands))
}

/// `=` after a name at the start of a command's first word: an assignment
/// prefix, and the command name is still to come.
fn assignment(stack: &mut [Level], chars: &[(usize, char)], at: usize) {
    let Some(level) = stack.last_mut() else {
        return;
    };
    if level.role != Some(Role::CommandName) {
        return;
    }
    let name: Vec<char> = chars
        .get(level.word_from..at)
        .unwrap_or_default()
        .iter()
        .map(|&(_, c)| c)
        .collect();
    let name = name.strip_suffix(&['+']).unwrap_or(&name);
    let is_name =
        name.first().is_some_and(|c| !c.is_ascii_digit()) && name.iter().all(|&c| is_name_char(c));
    if is_name {
        level.role = Some(Role::Assignment);
        level.command_seen = false;
    }
}

/// The reader starts or continues a word at the current level: its role is
/// decided at its first character.
fn start_word(stack: &mut [Level], at: usize) {
    let Some(level) = stack.last_mut() else {
        return;
    };
    if level.in_word || !level.frame.is_none_or(Frame::holds_commands) {
        return;
    }
    level.in_word = true;
    level.word_from = at;
    level.role = Some(if level.redirect_next {
        level.redirect_next = false;
        Role::RedirectTarget
    } else if level.command_seen {
        Role::Argument
    } else {
        Role::CommandName
    });
    if level.role == Some(Role::CommandName) {
        level.command_seen = true;
    }
}

/// Opens `frame` inside the current word: its role is the word's, through
/// double quotes.
fn open(stack: &mut Vec<Level>, frame: Frame) {
    let role = stack
        .iter()
        .rev()
        .find(|l| l.frame != Some(Frame::DoubleQuotes))
        .and_then(|l| l.role);
    stack.push(Level::new(Some(frame), role));
}

/// After `<<` at `from`: the pending here-document, and where its word ends.
fn heredoc_operator(chars: &[(usize, char)], from: usize) -> (Option<Pending>, usize) {
    let mut i = from;
    let strip_tabs = chars.get(i).is_some_and(|&(_, c)| c == '-');
    if strip_tabs {
        i += 1;
    }
    while chars.get(i).is_some_and(|&(_, c)| c == ' ' || c == '\t') {
        i += 1;
    }
    let mut delimiter = String::new();
    let mut quoted = false;
    while let Some(&(_, c)) = chars.get(i) {
        if c.is_whitespace() || ";&|<>()".contains(c) {
            break;
        }
        if matches!(c, '\'' | '"' | '\\') {
            quoted = true;
        } else {
            delimiter.push(c);
        }
        i += 1;
    }
    let doc = (!delimiter.is_empty()).then_some(Pending {
        delimiter,
        quoted,
        strip_tabs,
    });
    (doc, i)
}

fn start_body(stack: &mut Vec<Level>, pending: &mut Vec<Pending>, body: &mut Option<Pending>) {
    if pending.is_empty() {
        return;
    }
    let doc = pending.remove(0);
    let frame = if doc.quoted {
        Frame::QuotedHereDocument
    } else {
        Frame::HereDocument
    };
    stack.push(Level::new(Some(frame), None));
    *body = Some(doc);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(command: &str) -> Option<String> {
        around(command, command.find("git push").expect("the payload"))
    }

    /// AUDIT-15: the constructs around a payload, for the root causes a
    /// reader finds by hand in permission layers.
    #[test]
    fn audit_15_constructs() {
        let rows: &[(&str, Option<&str>)] = &[
            ("ls; git push", None),
            ("ls && git push", None),
            ("ls & git push", Some("after `&` (a background job)")),
            ("ls &\ngit push", None),
            (
                "cat <<EOF\nBuilt on $(git push).\nEOF",
                Some("a command substitution `$(…)`, inside a here-document body"),
            ),
            (
                "cat <<EOF; git push\nx\nEOF",
                Some("on the line of a here-document operator, after it"),
            ),
            (
                "ls # x \\\ngit push",
                Some("on the line after a comment ending in `\\`"),
            ),
            (
                "echo $(echo $(git push))",
                Some("a command substitution `$(…)` in an argument, inside a command substitution `$(…)` in an argument"),
            ),
            (
                "x=$(git push) ls",
                Some("a command substitution `$(…)` in an assignment"),
            ),
            (
                "ls > \"$(git push)\"",
                Some("a command substitution `$(…)` in a redirect target"),
            ),
            (
                "echo `echo \\`git push\\``",
                Some("a nested backquote substitution, inside a backquote substitution in an argument"),
            ),
            (
                "echo $(( a[$(git push)] ))",
                Some("a command substitution `$(…)`, inside an array subscript `[…]`, inside an arithmetic context `$((…))` in an argument"),
            ),
            ("echo 'git push' | bash", Some("quoted text in an argument")),
            (
                "cat <<'EOF'\n$(git push)\nEOF",
                Some("a quoted here-document body"),
            ),
        ];
        for (command, expected) in rows {
            assert_eq!(at(command).as_deref(), *expected, "{command:?}");
        }
    }

    /// AUDIT-15: the coarse cause merges what one fix closes.
    #[test]
    fn audit_15_causes_are_coarse() {
        let cause_of = |command: &str| cause(command, command.find("git push").unwrap());
        let same = [
            [
                "cat <<EOF\n$(git push)\nEOF",
                "cat <<EOF\nx `git push`\nEOF",
            ],
            ["echo $(echo $(git push))", "test $(T=\"$(git push)\")"],
            ["x=`echo \\`git push\\``", "echo \"`echo \\`git push\\``\""],
            ["ls > >(git push)", "ls > \"$(git push)\""],
            ["sort <<EOF $(git push)\nEOF", "cat <<EOF; git push\nx\nEOF"],
            [
                "echo `echo \\`\\\\\\`git push\\\\\\`\\``",
                "x=`echo \\`git push\\``",
            ],
        ];
        for [a, b] in same {
            assert_eq!(cause_of(a), cause_of(b), "{a:?} {b:?}");
            assert!(cause_of(a).is_some(), "{a:?}");
        }
        assert_eq!(cause_of("ls; git push"), None);
        assert_eq!(
            cause_of("echo $(echo $(git push))").as_deref(),
            Some("a substitution, inside a substitution in an argument")
        );
        assert_ne!(cause_of("x=$(git push) ls"), cause_of("ls $(git push)"));
        assert_eq!(
            cause_of("ls & git push").as_deref(),
            Some("after `&` (a background job)")
        );
    }
}
