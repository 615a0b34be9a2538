//! A compact, seeded generator of adversarial bash commands, rule sets,
//! wildcard patterns and values for the differential parity test.
//!
//! Deterministic: the same seed gives the same cases on every machine. It is
//! deliberately self-contained (a SplitMix64 stream and a small grammar) so
//! the parity test does not wait for the crate's `proptest` generators
//! (`src/gen`); it can be swapped for them later without touching the
//! comparison code, which only needs `Case`s.

use inner_cmd_spec::policy::Rule;
use inner_cmd_spec::verdict::PermissionState;

/// SplitMix64: tiny, fast, and identical everywhere.
pub struct Rng(u64);

impl Rng {
    /// A stream from `seed`.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T: ?Sized>(&mut self, items: &[&'a T]) -> &'a T {
        items[self.below(items.len())]
    }
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
pub struct Case {
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
pub fn pattern(rng: &mut Rng) -> String {
    let base = rng.pick(PATTERNS).to_owned();
    if rng.chance(15) {
        // Splice a random argument in to reach shapes the list lacks.
        let extra = rng.pick(ARGS);
        return format!("{base}{}{extra}", rng.pick(&[" ", "*", ""]));
    }
    base
}

fn action(rng: &mut Rng) -> PermissionState {
    match rng.below(3) {
        0 => PermissionState::Allow,
        1 => PermissionState::Ask,
        _ => PermissionState::Deny,
    }
}

/// 0–5 rules with distinct patterns; usually a catch-all first.
pub fn rules(rng: &mut Rng) -> Vec<Rule> {
    let mut out: Vec<Rule> = Vec::new();
    if rng.chance(70) {
        out.push(Rule {
            pattern: "*".into(),
            state: action(rng),
        });
    }
    for _ in 0..rng.below(5) {
        let pattern = pattern(rng);
        if out.iter().all(|r| r.pattern != pattern) {
            out.push(Rule {
                pattern,
                state: action(rng),
            });
        }
    }
    out
}

struct Builder<'r> {
    rng: &'r mut Rng,
    out: String,
}

impl Builder<'_> {
    fn sep(&mut self) {
        let s = if self.rng.chance(80) {
            " "
        } else {
            self.rng.pick(WORD_SEPARATORS)
        };
        self.out.push_str(s);
    }

    fn word(&mut self, depth: usize) {
        match self.rng.below(12) {
            0 if depth > 0 => {
                self.out.push_str("$(");
                self.list(depth - 1);
                self.out.push(')');
            }
            1 if depth > 0 => {
                self.out.push_str(self.rng.pick(&["<(", ">("]));
                self.list(depth - 1);
                self.out.push(')');
            }
            2 if depth > 0 => {
                self.out.push('`');
                self.simple(0);
                self.out.push('`');
            }
            3 if depth > 0 => {
                self.out.push_str("\"x$(");
                self.list(depth - 1);
                self.out.push_str(")\"");
            }
            _ => {
                let arg = self.rng.pick(ARGS);
                self.out.push_str(arg);
            }
        }
    }

    fn simple(&mut self, depth: usize) {
        if self.rng.chance(15) {
            let a = self.rng.pick(ASSIGNMENTS);
            self.out.push_str(a);
            if self.rng.chance(20) {
                return; // a pure assignment
            }
            self.sep();
        }
        let name = self.rng.pick(NAMES);
        self.out.push_str(name);
        for _ in 0..self.rng.below(4) {
            self.sep();
            self.word(depth);
        }
        if self.rng.chance(15) {
            self.out.push(' ');
            if depth > 0 && self.rng.chance(30) {
                self.out.push_str(self.rng.pick(&["> >(", "< <(", "2> >("]));
                self.list(depth - 1);
                self.out.push(')');
            } else {
                let r = self.rng.pick(REDIRECTS);
                self.out.push_str(r);
            }
        }
        if self.rng.chance(8) {
            let c = self.rng.pick(&[" # note", " #", " # rm -rf /", "#x"]);
            self.out.push_str(c);
        }
    }

    fn wrapped(&mut self, depth: usize) {
        let prefix = self.rng.pick(&[
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
        ]);
        self.out.push_str(prefix);
        self.simple(depth);
    }

    fn inline_shell(&mut self, depth: usize) {
        let (open, close) = *self.rng.pick(&[
            &("bash -c '", "'"),
            &("sh -lc \"", "\""),
            &("eval \"", "\""),
            &("zsh -ec '", "'"),
            &("bash --norc -c '", "'"),
            &("find . -name x -exec ", " {} \\;"),
            &("fd -e rs -x ", ""),
            &("fd --exec-batch ", ""),
        ]);
        self.out.push_str(open);
        self.simple(depth.saturating_sub(1));
        self.out.push_str(close);
    }

    fn heredoc(&mut self, depth: usize) {
        let quoted = self.rng.chance(40);
        self.out
            .push_str(if quoted { "cat <<'EOF'" } else { "cat <<EOF" });
        if self.rng.chance(30) {
            self.out.push_str(" | ");
            self.simple(0);
        }
        self.out.push('\n');
        self.out
            .push_str(self.rng.pick(&["line\n", "$(rm x)\n", "# hash\n", "a b\n"]));
        if depth > 0 && self.rng.chance(30) {
            self.out.push_str("$(");
            self.simple(0);
            self.out.push_str(")\n");
        }
        self.out.push_str("EOF");
    }

    fn statement(&mut self, depth: usize) {
        let roll = self.rng.below(100);
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
        for _ in 0..self.rng.below(3) {
            let op = self
                .rng
                .pick(&[" && ", " || ", "; ", " | ", " & ", "\n", "&&", "|", " |& "]);
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
pub fn command(rng: &mut Rng) -> String {
    let depth = rng.below(4);
    let mut b = Builder {
        rng,
        out: String::new(),
    };
    let lead = b.rng.pick(PADDING);
    b.out.push_str(lead);
    b.list(depth);
    let trail = b.rng.pick(PADDING);
    b.out.push_str(trail);
    let mut out = b.out;
    if rng.chance(12) {
        // Insert noise at a random char boundary.
        let boundaries: Vec<usize> = out
            .char_indices()
            .map(|(i, _)| i)
            .chain([out.len()])
            .collect();
        let at = boundaries[rng.below(boundaries.len())];
        out.insert_str(at, rng.pick(NOISE));
    }
    out
}

/// One gate/advisory case.
pub fn case(rng: &mut Rng) -> Case {
    Case {
        command: command(rng),
        rules: rules(rng),
        home: rng.pick(HOMES).to_owned(),
    }
}

/// Fill every `*` of `pattern` with a random filler: a value likely to match.
fn instantiate(rng: &mut Rng, pattern: &str) -> String {
    let mut out = String::new();
    for (i, piece) in pattern.split('*').enumerate() {
        if i > 0 {
            let filler = rng.pick(&["", "x", " ", "a b", "\n", "🦀", "rm -rf", "*", "--"]);
            out.push_str(filler);
        }
        for ch in piece.chars() {
            if ch == '?' {
                out.push_str(rng.pick(&["a", "🦀", "?", "\n", ""]));
            } else {
                out.push(ch);
            }
        }
    }
    out
}

/// A `(pattern, value, home)` triple for the single-pattern matcher.
pub fn match_pair(rng: &mut Rng) -> (String, String, String) {
    let pattern = pattern(rng);
    let home = rng.pick(HOMES).to_owned();
    let value = match rng.below(4) {
        0 | 1 => instantiate(rng, &pattern),
        2 => {
            // A home-relative value, since `~`/`$HOME` patterns expand.
            let rest = rng.pick(&["", "/x", "/x/y", "/", "/../u/x"]);
            format!("{home}{rest}")
        }
        _ => command(rng),
    };
    (pattern, value, home)
}

/// Surface keys that, read as wildcard patterns, match `bash` (and some that
/// do not), for the package's config form of a policy.
const SURFACES: &[&str] = &[
    "b*", "*sh", "ba?h", "bash*", "read", "mcp", "bas", "?", "bash *",
];

fn state_name(rng: &mut Rng) -> &'static str {
    rng.pick(&["allow", "ask", "deny"])
}

/// The same rules as the package's config object
/// `{"permission": {"*"?: state, "bash": {pattern: state, …}, …}}`, with a
/// random universal fallback, surface-key wildcards, string shorthands and
/// unrelated surfaces around them. Empty patterns are left out (a config
/// object cannot give a rule an empty key).
pub fn policy_object(rng: &mut Rng, rules: &[Rule]) -> serde_json::Value {
    use serde_json::{json, Map, Value};
    let mut permission = Map::new();
    if rng.chance(35) {
        permission.insert("*".into(), json!(state_name(rng)));
    } else if rng.chance(5) {
        permission.insert("*".into(), json!({"git *": state_name(rng)}));
    }
    let extra = |rng: &mut Rng| -> (String, Value) {
        let key = rng.pick(SURFACES).to_owned();
        let value = if rng.chance(50) {
            json!(state_name(rng))
        } else {
            let key = Some(pattern(rng))
                .filter(|p| !p.is_empty())
                .unwrap_or_else(|| "*".into());
            json!({ key: state_name(rng) })
        };
        (key, value)
    };
    if rng.chance(25) {
        let (k, v) = extra(rng);
        permission.insert(k, v);
    }
    let bash_key = if rng.chance(80) {
        "bash"
    } else {
        rng.pick(&["b*", "*sh", "ba?h"])
    };
    let mut map = Map::new();
    for rule in rules.iter().filter(|r| !r.pattern.is_empty()) {
        map.insert(rule.pattern.clone(), json!(rule.state.as_str()));
    }
    if rng.chance(15) {
        // Array-index keys: a JavaScript object lists them first, in numeric order.
        let key = rng.pick(&["0", "42", "007", "4294967294", "4294967295", "1 *"]);
        map.insert(key.to_owned(), json!(state_name(rng)));
    }
    let bash_value = if map.is_empty() || rng.chance(10) {
        json!(state_name(rng))
    } else {
        Value::Object(map)
    };
    permission.entry(bash_key.to_owned()).or_insert(bash_value);
    if rng.chance(25) {
        let (k, v) = extra(rng);
        permission.entry(k).or_insert(v);
    }
    json!({ "permission": permission })
}
