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

mod lex;

use lex::lex;

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
            // A here-string is a redirection's word on its own line: no
            // here-document, no body.
            (
                "bash <<< 'git push'",
                Some("quoted text in a redirect target"),
            ),
            (
                "cat <<<$(git push)",
                Some("a command substitution `$(…)` in a redirect target"),
            ),
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
        // A here-string's substitution is a redirect target's, not text
        // after a here-document operator.
        assert_eq!(cause_of("cat <<<$(git push)"), cause_of("ls > $(git push)"));
        assert_ne!(
            cause_of("cat <<<$(git push)"),
            cause_of("cat <<EOF $(git push)\nEOF")
        );
        assert_eq!(
            cause_of("ls & git push").as_deref(),
            Some("after `&` (a background job)")
        );
    }
}
