//! The policy-level grammar: whole adversarial bash commands, rule sets,
//! wildcard patterns, matcher values and the package's config objects, for the
//! differential comparison with the deployed npm package (`GEN-POL-1`).
//!
//! The wrapper-case grammar of [`super::build`] builds commands around one
//! wrapper unit; this one builds arbitrary command lists (substitutions,
//! compound statements, heredocs, inline shells, noise) to hold the reference
//! policy's units, floors and matcher to the package's. It reads the same
//! [`Choices`] as every other grammar of this module, and choice `0` is the
//! simplest option here too, so any front end drives it and shrinks it.

use serde_json::{json, Map, Value};

use super::choices::Choices;
use crate::policy::Rule;
use crate::verdict::PermissionState;

/// One element of a non-empty table.
fn one<T: Copy>(c: &mut (impl Choices + ?Sized), items: &[T]) -> T {
    items[c.choose(items.len())]
}

/// Separators between words: mostly a space, often something tree-sitter,
/// bash and ECMAScript `trim()` disagree about.
const WORD_SEPARATORS: &[&str] = &[
    " ", " ", " ", " ", " ", " ", "  ", "   ", "\t", " \t ", "\\\n", "\r", "\u{0b}", "\u{0c}",
    "\u{a0}", "\u{3000}", "\u{85}", "\u{feff}", "\u{2028}", "\u{2029}",
];

/// Leading/trailing padding: what the gate trims and the advisory keeps.
const PADDING: &[&str] = &[
    "",
    "",
    "",
    "",
    " ",
    "  ",
    "\t",
    "\n",
    " \n ",
    "\u{a0}",
    "\u{3000}",
    "\u{85}",
    "\u{feff}",
    "\u{2028}",
    "\u{2029}",
    "\r\n",
    "\u{0b}",
    "\u{0c}",
    "# lead\n",
    "  # lead\n",
];

const NAMES: &[&str] = &[
    "git",
    "ls",
    "rm",
    "cat",
    "echo",
    "npm",
    "pnpm",
    "cargo",
    "grep",
    "curl",
    "cp",
    "mv",
    "/bin/rm",
    "\"rm\"",
    "r\\m",
    "RM",
    "git-lfs",
    "github",
    "./run.sh",
    "exec",
    "command",
    "source",
    "[",
    "test",
    "true",
    ":",
    "declare",
    "export",
    "local",
    "🦀",
    "caf\u{e9}",
];

const ARGS: &[&str] = &[
    "status",
    "push",
    "-rf",
    "/",
    "x",
    "-la",
    "test",
    "build",
    "--force",
    "\"a b\"",
    "'a b'",
    "\"$HOME\"",
    "$HOME/x",
    "~/x",
    "~",
    "*",
    "?",
    "a?b",
    "\\ ",
    "\"x\\\"y\"",
    "'it'\\''s'",
    "$VAR",
    "${X:-y}",
    "\"$(echo q)\"",
    "🦀",
    "\u{1F600}x",
    "é",
    "/etc/secret",
    "secret",
    "a.b",
    "(x)|y",
    "[a]",
    "x+",
    "^ls$",
    "{a,b}",
    "'#'",
    "\\#",
    "x#y",
    "=",
    "a=b",
    "--",
    "-c",
    "-lc",
    "-exec",
    "-x",
    "{}",
    "\\;",
    "30s",
    "-n",
    "5",
];

const ASSIGNMENTS: &[&str] = &["FOO=1", "A=\"x y\"", "B=$(id)", "C=", "D='q'", "E=1\u{a0}"];

const REDIRECTS: &[&str] = &[
    "> out",
    "2>&1",
    ">> log",
    "< in",
    "2>/dev/null",
    "&> all",
    "<<< word",
    "<<< \"$(rm h)\"",
    ">|f",
    "<&0",
];

/// A generated command and the policy it is judged under.
#[derive(Debug, Clone)]
pub struct PolicyCase {
    /// The bash command.
    pub command: String,
    /// Ordered rules (patterns unique, as a JSON policy object requires).
    pub rules: Vec<Rule>,
    /// Home directory for `~`/`$HOME`.
    pub home: String,
}

/// Home directories, including ones `path.join` normalizes.
pub const HOMES: &[&str] = &[
    "/home/u",
    "/root",
    "/home/u/",
    "/home/./u",
    "/home/a b",
    "/",
];

/// Patterns for rules and for the single-pattern matcher.
const PATTERNS: &[&str] = &[
    "*",
    "*",
    "git *",
    "git status",
    "rm *",
    "rm -rf *",
    "*rm*",
    "*rm *",
    "ls",
    "ls *",
    "cat *secret*",
    "timeout *",
    "time *",
    "sudo *",
    "env *",
    "xargs *",
    "npm test",
    "npm *",
    "~",
    "~/*",
    "~/x",
    "$HOME",
    "$HOME/*",
    "$HOME/../*",
    "~/./x/*",
    "~\\x",
    "echo ?",
    "?",
    "??",
    "*?",
    "a.b*",
    "(x)|y *",
    "[a]*",
    "x+",
    "^ls$",
    "*\n*",
    "echo *",
    "-rf /",
    "",
    " ",
    " *",
    "* *",
    "git * --force",
    "🦀*",
    "caf\u{e9} *",
    "$(*",
    "{ *",
    "if *",
    "*;*",
    "\u{a0}*",
    "bash -c *",
    "eval *",
    "find * -exec *",
    "fd *",
    "cd *",
    "*/bin/rm*",
];

/// A rule pattern (or a pattern for the `match` op).
pub fn pattern(c: &mut impl Choices) -> String {
    let base = one(c, PATTERNS).to_owned();
    if c.percent(15) {
        // Splice a random argument in to reach shapes the list lacks.
        let extra = one(c, ARGS);
        return format!("{base}{}{extra}", one(c, &[" ", "*", ""]));
    }
    base
}

fn action(c: &mut impl Choices) -> PermissionState {
    match c.choose(3) {
        0 => PermissionState::Allow,
        1 => PermissionState::Ask,
        _ => PermissionState::Deny,
    }
}

/// 0–5 rules with distinct patterns; usually a catch-all first.
pub fn rules(c: &mut impl Choices) -> Vec<Rule> {
    let mut out: Vec<Rule> = Vec::new();
    if c.percent(70) {
        out.push(Rule {
            pattern: "*".into(),
            state: action(c),
        });
    }
    for _ in 0..c.choose(5) {
        let pattern = pattern(c);
        if out.iter().all(|r| r.pattern != pattern) {
            out.push(Rule {
                pattern,
                state: action(c),
            });
        }
    }
    out
}

struct Builder<'r, C: Choices> {
    c: &'r mut C,
    out: String,
}

impl<C: Choices> Builder<'_, C> {
    fn sep(&mut self) {
        let s = if self.c.percent(20) {
            one(self.c, WORD_SEPARATORS)
        } else {
            " "
        };
        self.out.push_str(s);
    }

    fn word(&mut self, depth: usize) {
        // Eight in twelve words are plain; choice 0 is one of them.
        match self.c.choose(12) {
            8 if depth > 0 => {
                self.out.push_str("$(");
                self.list(depth - 1);
                self.out.push(')');
            }
            9 if depth > 0 => {
                self.out.push_str(one(self.c, &["<(", ">("]));
                self.list(depth - 1);
                self.out.push(')');
            }
            10 if depth > 0 => {
                self.out.push('`');
                self.simple(0);
                self.out.push('`');
            }
            11 if depth > 0 => {
                self.out.push_str("\"x$(");
                self.list(depth - 1);
                self.out.push_str(")\"");
            }
            _ => {
                let arg = one(self.c, ARGS);
                self.out.push_str(arg);
            }
        }
    }

    fn simple(&mut self, depth: usize) {
        if self.c.percent(15) {
            let a = one(self.c, ASSIGNMENTS);
            self.out.push_str(a);
            if self.c.percent(20) {
                return; // a pure assignment
            }
            self.sep();
        }
        let name = one(self.c, NAMES);
        self.out.push_str(name);
        for _ in 0..self.c.choose(4) {
            self.sep();
            self.word(depth);
        }
        if self.c.percent(15) {
            self.out.push(' ');
            if depth > 0 && self.c.percent(30) {
                self.out.push_str(one(self.c, &["> >(", "< <(", "2> >("]));
                self.list(depth - 1);
                self.out.push(')');
            } else {
                let r = one(self.c, REDIRECTS);
                self.out.push_str(r);
            }
        }
        if self.c.percent(8) {
            let c = one(self.c, &[" # note", " #", " # rm -rf /", "#x"]);
            self.out.push_str(c);
        }
    }

    fn wrapped(&mut self, depth: usize) {
        let prefix = one(
            self.c,
            &[
                "timeout 30s ",
                "timeout 1.5h ",
                "timeout -k 5 10 ",
                "time ",
                "time -p ",
                "env ",
                "env A=1 ",
                "xargs ",
                "xargs -0 ",
                "sudo ",
                "sudo -u x ",
                "nice -n 5 ",
                "nohup ",
                "/usr/bin/time ",
                "command ",
                "exec ",
                "\"sudo\" ",
                "doas ",
                "stdbuf -oL ",
            ],
        );
        self.out.push_str(prefix);
        self.simple(depth);
    }

    fn inline_shell(&mut self, depth: usize) {
        let (open, close) = one(
            self.c,
            &[
                ("bash -c '", "'"),
                ("sh -lc \"", "\""),
                ("eval \"", "\""),
                ("zsh -ec '", "'"),
                ("bash --norc -c '", "'"),
                ("find . -name x -exec ", " {} \\;"),
                ("fd -e rs -x ", ""),
                ("fd --exec-batch ", ""),
            ],
        );
        self.out.push_str(open);
        self.simple(depth.saturating_sub(1));
        self.out.push_str(close);
    }

    fn heredoc(&mut self, depth: usize) {
        let quoted = self.c.percent(40);
        self.out
            .push_str(if quoted { "cat <<'EOF'" } else { "cat <<EOF" });
        if self.c.percent(30) {
            self.out.push_str(" | ");
            self.simple(0);
        }
        self.out.push('\n');
        self.out
            .push_str(one(self.c, &["line\n", "$(rm x)\n", "# hash\n", "a b\n"]));
        if depth > 0 && self.c.percent(30) {
            self.out.push_str("$(");
            self.simple(0);
            self.out.push_str(")\n");
        }
        self.out.push_str("EOF");
    }

    fn statement(&mut self, depth: usize) {
        let roll = self.c.choose(100);
        if depth == 0 || roll < 45 {
            self.simple(depth);
        } else if roll < 55 {
            self.wrapped(depth);
        } else if roll < 62 {
            self.inline_shell(depth);
        } else if roll < 68 {
            self.out.push('(');
            self.list(depth - 1);
            self.out.push(')');
        } else if roll < 73 {
            self.out.push_str("{ ");
            self.list(depth - 1);
            self.out.push_str("; }");
        } else if roll < 77 {
            self.out.push_str("if ");
            self.simple(0);
            self.out.push_str("; then ");
            self.list(depth - 1);
            self.out.push_str("; fi");
        } else if roll < 80 {
            self.out.push_str("for i in a b; do ");
            self.list(depth - 1);
            self.out.push_str("; done");
        } else if roll < 83 {
            self.out.push_str("while ");
            self.simple(0);
            self.out.push_str("; do ");
            self.list(depth - 1);
            self.out.push_str("; done");
        } else if roll < 88 {
            self.heredoc(depth);
        } else if roll < 91 {
            self.out.push_str("! ");
            self.simple(depth);
        } else if roll < 94 {
            self.out.push_str("X=$(");
            self.list(depth - 1);
            self.out.push(')');
        } else {
            self.simple(depth);
        }
    }

    fn list(&mut self, depth: usize) {
        self.statement(depth);
        for _ in 0..self.c.choose(3) {
            let op = one(
                self.c,
                &[" && ", " || ", "; ", " | ", " & ", "\n", "&&", "|", " |& "],
            );
            self.out.push_str(op);
            self.statement(depth);
        }
    }
}

/// Characters a mutation may insert to provoke parse errors and odd tokens.
const NOISE: &[&str] = &[
    "(", ")", "{", "}", "'", "\"", "`", "$(", "\\", "#", ";", "&", "|", "<", ">", "\n", "\t",
    "\u{a0}", "\u{2028}", "🦀", "\0", "*", "?", "!", "=",
];

/// One adversarial bash command.
pub fn command(c: &mut impl Choices) -> String {
    let depth = c.choose(4);
    let mut b = Builder {
        c,
        out: String::new(),
    };
    let lead = one(b.c, PADDING);
    b.out.push_str(lead);
    b.list(depth);
    let trail = one(b.c, PADDING);
    b.out.push_str(trail);
    let mut out = b.out;
    if c.percent(12) {
        // Insert noise at a random char boundary.
        let boundaries: Vec<usize> = out
            .char_indices()
            .map(|(i, _)| i)
            .chain([out.len()])
            .collect();
        let at = boundaries[c.choose(boundaries.len())];
        out.insert_str(at, one(c, NOISE));
    }
    out
}

/// One gate/advisory case.
pub fn policy_case(c: &mut impl Choices) -> PolicyCase {
    PolicyCase {
        command: command(c),
        rules: rules(c),
        home: one(c, HOMES).to_owned(),
    }
}

/// Fill every `*` of `pattern` with a random filler: a value likely to match.
fn instantiate(c: &mut impl Choices, pattern: &str) -> String {
    let mut out = String::new();
    for (i, piece) in pattern.split('*').enumerate() {
        if i > 0 {
            let filler = one(c, &["", "x", " ", "a b", "\n", "🦀", "rm -rf", "*", "--"]);
            out.push_str(filler);
        }
        for ch in piece.chars() {
            if ch == '?' {
                out.push_str(one(c, &["a", "🦀", "?", "\n", ""]));
            } else {
                out.push(ch);
            }
        }
    }
    out
}

/// A `(pattern, value, home)` triple for the single-pattern matcher.
pub fn match_pair(c: &mut impl Choices) -> (String, String, String) {
    let pattern = pattern(c);
    let home = one(c, HOMES).to_owned();
    let value = match c.choose(4) {
        0 | 1 => instantiate(c, &pattern),
        2 => {
            // A home-relative value, since `~`/`$HOME` patterns expand.
            let rest = one(c, &["", "/x", "/x/y", "/", "/../u/x"]);
            format!("{home}{rest}")
        }
        _ => command(c),
    };
    (pattern, value, home)
}

/// Surface keys that, read as wildcard patterns, match `bash` (and some that
/// do not), for the package's config form of a policy.
const SURFACES: &[&str] = &[
    "b*", "*sh", "ba?h", "bash*", "read", "mcp", "bas", "?", "bash *",
];

fn state_name(c: &mut impl Choices) -> &'static str {
    one(c, &["allow", "ask", "deny"])
}

/// The same rules as the package's config object
/// `{"permission": {"*"?: state, "bash": {pattern: state, …}, …}}`, with a
/// random universal fallback, surface-key wildcards, string shorthands and
/// unrelated surfaces around them. Empty patterns are left out (a config
/// object cannot give a rule an empty key).
pub fn policy_object<C: Choices>(c: &mut C, rules: &[Rule]) -> Value {
    let mut permission = Map::new();
    if c.percent(35) {
        permission.insert("*".into(), json!(state_name(c)));
    } else if c.percent(5) {
        permission.insert("*".into(), json!({"git *": state_name(c)}));
    }
    let extra = |c: &mut C| -> (String, Value) {
        let key = one(c, SURFACES).to_owned();
        let value = if c.percent(50) {
            json!(state_name(c))
        } else {
            let key = Some(pattern(c))
                .filter(|p| !p.is_empty())
                .unwrap_or_else(|| "*".into());
            json!({ key: state_name(c) })
        };
        (key, value)
    };
    if c.percent(25) {
        let (k, v) = extra(c);
        permission.insert(k, v);
    }
    let bash_key = if c.percent(20) {
        one(c, &["b*", "*sh", "ba?h"])
    } else {
        "bash"
    };
    let mut map = Map::new();
    for rule in rules.iter().filter(|r| !r.pattern.is_empty()) {
        map.insert(rule.pattern.clone(), json!(rule.state.as_str()));
    }
    if c.percent(15) {
        // Array-index keys: a JavaScript object lists them first, in numeric order.
        let key = one(c, &["0", "42", "007", "4294967294", "4294967295", "1 *"]);
        map.insert(key.to_owned(), json!(state_name(c)));
    }
    let bash_value = if map.is_empty() || c.percent(10) {
        json!(state_name(c))
    } else {
        Value::Object(map)
    };
    permission.entry(bash_key.to_owned()).or_insert(bash_value);
    if c.percent(25) {
        let (k, v) = extra(c);
        permission.entry(k).or_insert(v);
    }
    json!({ "permission": permission })
}
