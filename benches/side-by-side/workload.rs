//! Workloads shared by the criterion benches and the side-by-side runner.
//!
//! Included with `#[path]` by each bench target (a bench target cannot import
//! another), so every bench and the Node harness see the same rules and values.
//! Everything is generated deterministically from a fixed seed: the numbers in
//! BENCHMARKS.md can be reproduced exactly.
#![allow(dead_code)] // each bench target uses a different part

use inner_cmd_spec::policy::Rule;
use inner_cmd_spec::verdict::PermissionState;

/// The home directory every bench policy is compiled with.
pub const HOME: &str = "/home/u";

/// xorshift64*: small, deterministic, good enough to shuffle a rule mix.
pub struct Rng(u64);

impl Rng {
    /// A generator from a non-zero seed.
    pub fn new(seed: u64) -> Self {
        Self(seed | 1)
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..bound`.
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }

    /// One element of a non-empty slice.
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// Commands users allow or deny verbatim.
const LITERALS: &[&str] = &[
    "npm test",
    "git status",
    "cargo build --release",
    "ls -la",
    "pnpm install --frozen-lockfile",
    "make",
    "docker ps",
    "kubectl get pods",
    "git diff --stat",
    "pytest -q",
];

/// Command words users allow with arguments (`git *`).
const PREFIXES: &[&str] = &[
    "git",
    "cargo",
    "npm run",
    "pnpm",
    "docker compose",
    "kubectl logs",
    "cat",
    "grep",
    "echo",
    "tail",
];

/// Substrings users deny anywhere (`*secret*`).
const INFIXES: &[&str] = &[
    "secret",
    ".env",
    "id_rsa",
    "token",
    "rm -rf",
    "--force",
    "/etc/shadow",
];

/// Patterns with `?` (one UTF-16 code unit).
const QUESTION: &[&str] = &[
    "ls ?",
    "rm -?f *",
    "kill -? *",
    "tail -n ?? *",
    "chmod ??? *",
];

/// A realistic policy of `n` rules: a leading catch-all `*` ask, then a mix
/// of about 40 % literal commands, 30 % `word *` prefixes, 20 % `*infix*`
/// patterns and 10 % `?` patterns, with allow/ask/deny states. Patterns are
/// unique (the package's policy is a JSON object) and never all digits (a
/// JSON object would reorder such keys).
pub fn realistic_rules(n: usize, seed: u64) -> Vec<Rule> {
    let mut rng = Rng::new(seed);
    let mut seen = std::collections::HashSet::new();
    let mut rules = Vec::with_capacity(n);
    if n > 0 {
        rules.push(rule("*", PermissionState::Ask));
        seen.insert("*".to_owned());
    }
    let mut i = 0usize;
    while rules.len() < n {
        i += 1;
        // (the plain form users write, a numbered variant that keeps later copies unique)
        let (plain, numbered, state) = match i % 10 {
            0..=3 => {
                let base = rng.pick(LITERALS);
                (
                    base.to_owned(),
                    format!("{base} --target t{i}"),
                    PermissionState::Allow,
                )
            }
            4..=6 => {
                let word = rng.pick(PREFIXES);
                (
                    format!("{word} *"),
                    format!("{word}-{i} *"),
                    PermissionState::Allow,
                )
            }
            7..=8 => {
                let infix = rng.pick(INFIXES);
                (
                    format!("*{infix}*"),
                    format!("*{infix}-{i}*"),
                    PermissionState::Deny,
                )
            }
            _ => {
                let q = rng.pick(QUESTION);
                (q.to_owned(), format!("{q} -v{i}"), PermissionState::Ask)
            }
        };
        let pattern = if seen.contains(&plain) {
            numbered
        } else {
            plain
        };
        if seen.insert(pattern.clone()) {
            rules.push(rule(&pattern, state));
        }
    }
    rules
}

/// A rule.
pub fn rule(pattern: &str, state: PermissionState) -> Rule {
    Rule {
        pattern: pattern.to_owned(),
        state,
    }
}

/// Filler words that occur in no rule pattern.
const FILLER: &[&str] = &[
    "alpha", "beta", "gamma", "delta", "build", "deploy", "check", "update", "value", "item",
];

/// A command of exactly `len` bytes (ASCII) that only the catch-all `*` of
/// [`realistic_rules`] matches, so a last-match-wins evaluation tries every rule.
pub fn plain_value(len: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut value = String::from("deploy-tool --note '");
    while value.len() < len {
        value.push_str(rng.pick(FILLER));
        value.push(' ');
    }
    value.truncate(len.saturating_sub(1));
    value.push('\'');
    value.truncate(len);
    value
}

/// An adversarial case: a pattern, and a family of values of any length that
/// the pattern does not match.
pub struct Adversarial {
    /// The rule pattern.
    pub pattern: &'static str,
    /// The value family, for the benchmark name.
    pub family: &'static str,
    /// A value of exactly the given length (in bytes, at least 8).
    pub value: fn(usize) -> String,
}

/// Patterns that make a backtracking matcher (the package's RegExp) try many
/// split points. The first two are the measured ones of `upstream.md`
/// (308 ms per rule at 32,000 bytes; 76 s at 1,000 bytes). The others defeat
/// shortcuts a linear matcher may take (checking the last piece at the end
/// first), so that the value really has to be scanned.
pub const ADVERSARIAL: &[Adversarial] = &[
    Adversarial {
        pattern: "*rm *-rf*",
        family: "(rm )^n",
        value: |n| repeated("rm ", n),
    },
    Adversarial {
        pattern: "*a*a*a*b",
        family: "a^n",
        value: |n| repeated("a", n),
    },
    Adversarial {
        pattern: "*a*a*a*b",
        family: "aa c^n b",
        value: |n| format!("aa{}b", "c".repeat(n - 3)),
    },
    Adversarial {
        pattern: "*a*a*a*a*a*a*b",
        family: "a^5 c^n b",
        value: |n| format!("aaaaa{}b", "c".repeat(n - 6)),
    },
    Adversarial {
        pattern: "*x?y*z*",
        family: "(x_y)^n",
        value: |n| repeated("x_y", n),
    },
];

/// `unit` repeated to exactly `len` bytes.
pub fn repeated(unit: &str, len: usize) -> String {
    unit.repeat(len / unit.len() + 1)
        .get(..len)
        .unwrap_or_default()
        .to_owned()
}

/// Commands the unit, authorize and side-by-side benches share.
pub mod commands {
    /// A short agent command.
    pub const SHORT: &str = "git status --short";

    /// The scaffold example: a wrapper inside a compound with siblings.
    pub const SCAFFOLD: &str =
        "cd /repo && echo go && timeout 240 pnpm install --frozen-lockfile 2>&1 | tail -30; echo EXIT";

    /// A compound of 10 sibling units, one of them wrapped in `timeout`.
    pub fn ten_siblings() -> String {
        [
            "cd /repo",
            " && git status",
            " && npm ci",
            " && timeout 300 npm test 2>&1 | tail -50",
            "; echo EXIT=$?",
            " && ls -la dist",
            " && cat package.json | head -5",
            " && git diff --stat",
        ]
        .concat()
    }

    /// One block of a CI-style script: comments, an `if`, a loop, an
    /// assignment with a command substitution, redirects, pipelines.
    const SCRIPT_BLOCK: &str = r#"# build and test the workspace
export PATH="$HOME/.cargo/bin:$PATH"
if [ -f Cargo.toml ]; then cargo build --release 2>&1 | tail -20; fi
for f in src/*.rs; do wc -l "$f"; done
VERSION=$(git describe --tags --always)
echo "version $VERSION" > out/version.txt
npm ci && npm test -- --reporter=dot || exit 1
grep -rn "TODO" src | sort | uniq -c | head -n 40
"#;

    /// A script of at most `len` bytes (whole blocks, then whole lines).
    pub fn script(len: usize) -> String {
        let mut script = String::with_capacity(len);
        'outer: loop {
            for line in SCRIPT_BLOCK.split_inclusive('\n') {
                if script.len() + line.len() > len {
                    break 'outer;
                }
                script.push_str(line);
            }
        }
        script
    }
}
