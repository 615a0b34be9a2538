//! The lexer behind [`super::around`] and [`super::cause`]: one pass over
//! the text before the payload, a stack of the constructs open there.

use super::{Before, Frame, Level, Pending, Role};

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

#[allow(clippy::too_many_lines)]
pub(super) fn lex(command: &str, at: usize) -> Vec<Level> {
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
                } else if c == '<' && next == Some('<') {
                    // `<<<`: a here-string, whose word is on this line and
                    // opens no body.
                    i += 2;
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
