//! Words judged by their value (spec §12.4, `HARD-VALUE-1` … `HARD-VALUE-6`),
//! measured: every deny rule of the example policy, spelled in every quoting
//! form bash accepts for the same words, is never allowed by the hardened
//! profile.
//!
//! Each rule gets a witness built from its pattern (its wildcards filled),
//! checked to be denied as written. Each witness word is then respelled —
//! quotes, `$'…'` with escapes, backslashes, spliced empty quotes, line
//! continuations, globs, braces, `~`/`$HOME` forms, variables and
//! substitutions — one word at a time and all words at once. The static
//! spellings are run through GNU bash to check that they really spell the
//! witness's words, so the generator cannot drift into texts bash reads
//! differently. Each path word is also split at every `/` into a `cd` to
//! its head, in every home spelling and separator, and the rest written
//! relative (HARD-VALUE-6).

use std::process::Command;

use inner_cmd_spec::hardened::Profile;
use inner_cmd_spec::pipeline::{decide_profiled, Options};
use inner_cmd_spec::verdict::PermissionState::{Allow, Deny};

use crate::support::example_policy;

const HOME: &str = "/home/u";

/// A witness of `pattern`: a leading `*` becomes a `cat` command, a trailing
/// ` *` one argument, every other `*` nothing.
fn witness(pattern: &str) -> String {
    let body = pattern
        .strip_suffix(" *")
        .map_or(pattern.to_owned(), |p| format!("{p} x"));
    let body = match body.strip_prefix('*') {
        Some(rest) => format!("cat {rest}"),
        None => body,
    };
    body.replace('*', "")
}

/// A respelling of one word: the form's name, the text, and for a static
/// text the one word bash makes of it.
type Form = (&'static str, String, Option<String>);

fn forms(word: &str) -> Vec<Form> {
    // Quoting a tilde keeps it literal: respell what follows `~/` instead.
    if let Some(rest) = word.strip_prefix("~/") {
        let mut out: Vec<Form> = vec![
            (
                "$HOME",
                format!("$HOME/{rest}"),
                Some(format!("{HOME}/{rest}")),
            ),
            (
                "${HOME}",
                format!("${{HOME}}/{rest}"),
                Some(format!("{HOME}/{rest}")),
            ),
            (
                "\"$HOME\"",
                format!("\"$HOME\"/{rest}"),
                Some(format!("{HOME}/{rest}")),
            ),
            (
                "home path",
                format!("{HOME}/{rest}"),
                Some(format!("{HOME}/{rest}")),
            ),
            (
                "~/./",
                format!("~/./{rest}"),
                Some(format!("{HOME}/./{rest}")),
            ),
            ("~//", format!("~//{rest}"), Some(format!("{HOME}//{rest}"))),
            (
                "~/x/../",
                format!("~/x/../{rest}"),
                Some(format!("{HOME}/x/../{rest}")),
            ),
            (
                "~+/../",
                format!("~/../u/{rest}"),
                Some(format!("{HOME}/../u/{rest}")),
            ),
            ("unknown user", format!("~nobody/{rest}"), None),
            (
                "~ quoted rest",
                format!("~/\"{rest}\""),
                Some(format!("{HOME}/{rest}")),
            ),
        ];
        out.extend(plain_forms(rest).into_iter().map(|(name, text, bash)| {
            (
                name,
                format!("~/{text}"),
                bash.map(|b| format!("{HOME}/{b}")),
            )
        }));
        return out;
    }
    plain_forms(word)
}

fn plain_forms(word: &str) -> Vec<Form> {
    let mut out: Vec<Form> = Vec::new();
    let chars: Vec<char> = word.chars().collect();
    let (head, tail) = match chars.split_first() {
        Some((h, t)) => (h.to_string(), t.iter().collect::<String>()),
        None => return out,
    };
    let plain = !word.contains(['\'', '"', '$', '`', '\\', '~']);
    if plain {
        out.push(("single quotes", format!("'{word}'"), Some(word.to_owned())));
        out.push((
            "double quotes",
            format!("\"{word}\""),
            Some(word.to_owned()),
        ));
        out.push(("ANSI-C quotes", format!("$'{word}'"), Some(word.to_owned())));
        out.push((
            "locale quotes",
            format!("$\"{word}\""),
            Some(word.to_owned()),
        ));
        out.push((
            "spliced ''",
            format!("{head}''{tail}"),
            Some(word.to_owned()),
        ));
        out.push((
            "spliced \"\"",
            format!("{head}\"\"{tail}"),
            Some(word.to_owned()),
        ));
        out.push((
            "spliced $''",
            format!("{head}$''{tail}"),
            Some(word.to_owned()),
        ));
        out.push((
            "half quoted",
            format!("{head}'{tail}'"),
            Some(word.to_owned()),
        ));
    }
    let hex: String = word.bytes().map(|b| format!("\\x{b:02x}")).collect();
    let octal: String = word.bytes().map(|b| format!("\\{b:03o}")).collect();
    let unicode: String = word
        .chars()
        .map(|c| format!("\\u{:04x}", u32::from(c)))
        .collect();
    let braced: String = word.bytes().map(|b| format!("\\x{{{b:x}}}")).collect();
    let long: String = word.bytes().map(|b| format!("\\x{{10{b:02x}}}")).collect();
    let escaped: String = word.chars().map(|c| format!("\\{c}")).collect();
    out.push(("ANSI-C hex", format!("$'{hex}'"), Some(word.to_owned())));
    out.push((
        "ANSI-C hex braced",
        format!("$'{braced}'"),
        Some(word.to_owned()),
    ));
    out.push((
        "ANSI-C hex braced, long",
        format!("$'{long}'"),
        Some(word.to_owned()),
    ));
    out.push(("ANSI-C octal", format!("$'{octal}'"), Some(word.to_owned())));
    out.push((
        "ANSI-C unicode",
        format!("$'{unicode}'"),
        Some(word.to_owned()),
    ));
    out.push(("backslashes", escaped, Some(word.to_owned())));
    out.push((
        "line continuation",
        format!("{head}\\\n{tail}"),
        Some(word.to_owned()),
    ));
    // Globs: bash expands them against the file system, so they are not static.
    if let Some(last) = chars.last().filter(|c| c.is_ascii_alphanumeric()) {
        let stem: String = chars.iter().take(chars.len() - 1).collect();
        out.push(("glob ?", format!("{stem}?"), None));
        out.push(("glob [c]", format!("{stem}[{last}]"), None));
        out.push(("glob *", format!("{stem}*"), None));
    }
    // A glob's `*` matches within one path component: the spelled rest has no `/`.
    if chars.len() > 2 && !chars.iter().skip(2).any(|c| *c == '/') {
        let first: String = chars.iter().take(2).collect();
        out.push(("glob infix *", format!("{first}*"), None));
    }
    out.push(("brace list", format!("{{{word},zz}}"), None));
    out.push(("brace suffix", format!("{head}{{{tail},}}"), None));
    out.push(("variable", "$v".to_owned(), None));
    out.push(("quoted variable", "\"$v\"".to_owned(), None));
    out.push(("default operand", format!("${{v:-{word}}}"), None));
    out.push(("substitution", format!("$(echo {word})"), None));
    out.push(("backquotes", format!("`echo {word}`"), None));
    out
}

/// The witnesses: one per deny rule of the example policy, and the path
/// forms agents would really write.
fn witnesses() -> Vec<String> {
    let policy = example_policy(HOME);
    let mut out: Vec<String> = policy
        .rules()
        .iter()
        .filter(|r| r.state == Deny)
        .map(|r| witness(&r.pattern))
        .collect();
    out.extend(
        [
            "cat ~/.ssh/id_rsa",
            "cat .env",
            "echo key >> ~/.ssh/authorized_keys",
            "cat config/secret.yml",
        ]
        .map(str::to_owned),
    );
    out
}

/// Every spelling of `witness`: each form of each word alone, and each form
/// of every word at once. With the words bash must print for static ones.
fn spellings(witness: &str) -> Vec<(String, Option<Vec<String>>)> {
    let words: Vec<&str> = witness.split(' ').collect();
    let mut out = Vec::new();
    for (index, word) in words.iter().enumerate() {
        if word.starts_with('>') {
            continue;
        }
        for (_, text, bash) in forms(word) {
            let mut spelled: Vec<String> = words.iter().map(|w| (*w).to_owned()).collect();
            if let Some(slot) = spelled.get_mut(index) {
                *slot = text;
            }
            out.push((spelled.join(" "), bash.map(|b| vec![b])));
        }
    }
    let per_word: Vec<Vec<Form>> = words.iter().map(|w| forms(w)).collect();
    let most = per_word.iter().map(Vec::len).max().unwrap_or(0);
    for k in 0..most {
        let spelled: Vec<String> = words
            .iter()
            .zip(&per_word)
            .map(|(w, f)| match f.get(k) {
                Some((_, text, _)) if !w.starts_with('>') => text.clone(),
                _ => (*w).to_owned(),
            })
            .collect();
        out.push((spelled.join(" "), None));
    }
    out
}

/// HARD-VALUE-1, HARD-VALUE-2: the static spellings are the witness's words to bash.
#[test]
fn hard_value_1_static_spellings_are_what_bash_reads() {
    let mut script = String::new();
    let mut expected = Vec::new();
    for witness in witnesses() {
        for word in witness.split(' ').filter(|w| !w.starts_with('>')) {
            for (name, text, bash) in forms(word) {
                if let Some(bash) = bash {
                    script.push_str(&format!("printf '%s\\n' {text}\n"));
                    expected.push((name, text, bash));
                }
            }
        }
    }
    let out = Command::new("bash")
        .args(["--norc", "--noprofile", "-c", &script])
        .env("HOME", HOME)
        .env_remove("BASH_ENV")
        .output()
        .expect("GNU bash runs");
    let printed = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines.len(), expected.len(), "one line per spelling");
    for ((name, text, want), got) in expected.iter().zip(lines) {
        assert_eq!(got, want, "{name}: bash reads {text:?} as {got:?}");
    }
}

/// HARD-VALUE-5: no spelling of a denied command is allowed.
#[test]
fn hard_value_5_no_spelling_of_a_deny_rule_is_allowed() {
    let policy = example_policy(HOME);
    let mut total = 0usize;
    let mut allowed = Vec::new();
    for witness in witnesses() {
        let as_written = decide_profiled(&policy, &witness, &Options::default(), Profile::Hardened);
        assert_eq!(
            as_written.outcome, Deny,
            "the witness {witness:?} is denied as written"
        );
        for (command, _) in spellings(&witness) {
            total += 1;
            let hardened =
                decide_profiled(&policy, &command, &Options::default(), Profile::Hardened);
            if hardened.outcome == Allow {
                allowed.push(command);
            }
        }
    }
    println!("HARD-VALUE-5: {total} spellings, {} allowed", allowed.len());
    assert!(
        total > 1000,
        "the generator spells every rule many ways ({total})"
    );
    assert!(allowed.is_empty(), "allowed spellings: {allowed:#?}");
}

/// Each path word of `witness` reached by a `cd` to one of its heads: the
/// head in several spellings, the rest written relative, joined by `&&`,
/// `;` or a newline, the `cd` also after the command inside a loop.
fn cd_spellings(witness: &str) -> Vec<String> {
    let words: Vec<&str> = witness.split(' ').collect();
    let mut out = Vec::new();
    for (index, word) in words.iter().enumerate() {
        let path = word.trim_start_matches('>');
        if index == 0 || path.is_empty() {
            continue;
        }
        for (cut, _) in path.match_indices('/') {
            let (head, rest) = (&path[..cut], &path[cut + 1..]);
            if rest.is_empty() {
                continue;
            }
            let head = if head.is_empty() { "/" } else { head };
            let mut heads = vec![head.to_owned()];
            if let Some(below) = head.strip_prefix('~') {
                heads.push(format!("$HOME{below}"));
                heads.push(format!("\"$HOME\"{below}"));
                heads.push(format!("{HOME}{below}"));
                if below.is_empty() {
                    heads.push(String::new());
                }
            } else if !head.starts_with('/') {
                heads.push(format!("./{head}"));
            }
            for head in heads {
                let mut moved: Vec<String> = words.iter().map(|w| (*w).to_owned()).collect();
                moved[index] = format!("{}{rest}", &word[..word.len() - path.len()]);
                let command = moved.join(" ");
                let cd = if head.is_empty() {
                    "cd".to_owned()
                } else {
                    format!("cd {head}")
                };
                out.push(format!("{cd} && {command}"));
                out.push(format!("{cd}; {command}"));
                out.push(format!("{cd}\n{command}"));
                out.push(format!(
                    "cd -P {}; {command}",
                    if head.is_empty() { "~" } else { &head }
                ));
                out.push(format!("for i in 1 2; do {command}; {cd}; done"));
            }
        }
    }
    out
}

/// HARD-VALUE-6: no denied path is allowed when a `cd` leads to it.
#[test]
fn hard_value_6_no_cd_to_a_denied_path_is_allowed() {
    let policy = example_policy(HOME);
    let mut total = 0usize;
    let mut allowed = Vec::new();
    for witness in witnesses() {
        for command in cd_spellings(&witness) {
            total += 1;
            let hardened =
                decide_profiled(&policy, &command, &Options::default(), Profile::Hardened);
            if hardened.outcome == Allow {
                allowed.push(command);
            }
        }
    }
    println!(
        "HARD-VALUE-6: {total} cd spellings, {} allowed",
        allowed.len()
    );
    assert!(total > 100, "every path word is reached by a cd ({total})");
    assert!(allowed.is_empty(), "allowed cd spellings: {allowed:#?}");
}

/// HARD-SPELL-2: the `$'…'` decoder against GNU bash, on every escape of up
/// to three characters after the backslash over an alphabet of the escape
/// letters, digits, hex digits and the characters `\c` treats apart. Where
/// the decoder claims a text, bash's bytes are exactly that text; where it
/// declines (`None`), the word is judged as unknown, which is never looser.
#[test]
fn hard_spell_2_ansi_c_decoding_is_what_bash_reads() {
    use inner_cmd_spec::hardened::words::spelling::ansi_c;
    const ALPHABET: &[char] = &[
        '\\', 'c', 'x', 'u', 'U', '0', '1', '7', '8', 'n', 'a', 'A', 'e', 'E', 'f', '?', '"', ' ',
        '@', '[', '_', '{', 'z',
    ];
    let mut bodies = Vec::new();
    for a in ALPHABET {
        for b in ALPHABET {
            bodies.push(format!("\\{a}{b}"));
            for c in ALPHABET {
                bodies.push(format!("\\{a}{b}{c}"));
            }
        }
    }
    // Only bodies the decoder reads as closed by the quote after them: a
    // body whose last backslash escapes that quote would run on into the
    // next line (if bash disagrees, the count of outputs below fails).
    bodies
        .retain(|body| ansi_c(&format!("{body}'")).is_some_and(|(_, read)| read == body.len() + 1));
    // Each body's bytes, then a separator no body of four characters can
    // print; the script goes on standard input (it is too long for argv).
    const SEPARATOR: &[u8] = b"|SEP|\n";
    let mut script = String::new();
    for body in &bodies {
        script.push_str(&format!("printf '%s|SEP|\\n' $'{body}'\n"));
    }
    let mut child = Command::new("bash")
        .args(["--norc", "--noprofile", "-s"])
        .env("LC_ALL", "C")
        .env_remove("BASH_ENV")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("GNU bash runs");
    // Written from another thread: bash's output would fill its pipe first.
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        stdin.write_all(script.as_bytes())
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let mut printed: Vec<&[u8]> = Vec::new();
    let mut rest: &[u8] = &out.stdout;
    while let Some(at) = rest.windows(SEPARATOR.len()).position(|w| w == SEPARATOR) {
        printed.push(&rest[..at]);
        rest = &rest[at + SEPARATOR.len()..];
    }
    assert_eq!(printed.len(), bodies.len(), "one output per body");
    let lines = printed;
    let mut claimed = 0usize;
    for (body, bash) in bodies.iter().zip(lines) {
        let Some((Some(text), _)) = ansi_c(&format!("{body}'")) else {
            continue;
        };
        claimed += 1;
        assert_eq!(
            text.as_bytes(),
            bash,
            "$'{body}': bash reads {bash:?}, the decoder {text:?}"
        );
    }
    assert!(
        claimed > bodies.len() / 2,
        "the decoder reads most bodies ({claimed})"
    );
}
