//! The holes of a family's form and the spellings they apply (`GEN-FAM-1`,
//! `GEN-FAM-8`).
//!
//! A hole is `«source»` or `«spelling:source»`. Sources: `P` the payload,
//! `N` its program name, `A` its arguments, `A1` its first argument, `AR`
//! the arguments after it; `B`, `BN`, `BA` the same of the base; and table
//! holes that draw an entry: `BUILTIN` (a builtin of the generated table
//! with one of its options), `SETOPT`, `SHOPT`, `VAR` (a variable bash sets
//! or reads), `RUNNER` (a program that runs its arguments, with the payload
//! placed), `ENVVAR`/`ENVVAL`/`ENVPROG` (one variable a program reads, its
//! value holding the payload, and that program: the three agree);
//! `PROGOPT` (a program's option from its own help that runs the payload,
//! `GEN-FAM-17`), `GITGLOBAL` (git's global options, some, in any order),
//! `GITSET` (a git setting naming the payload, and the subcommand that
//! runs it), `NPMSET` (npm's script shell), `LOCALE` and `MB` (a lexing
//! locale and text whose last byte that locale pairs with a `\`,
//! `GEN-FAM-21`).
//! Spellings apply word by word, except `q`, `sq`, `bq`, `comma`, `ifs` and
//! `lines`, which take the whole text; `one-S` applies the word spelling `S`
//! to one drawn word only, an option where there is one (`find . -delete`:
//! `find . -\delete`), and `bracerun` puts a drawn run of the last words,
//! from an option where there is one, in one brace
//! (`sed -n 1p {-i,README.md,}`), so a reader of the words sees neither.

use super::builtins_table::{BUILTINS, SET_OPTIONS, SHELL_VARIABLES, SHOPT_OPTIONS};
use super::catalogue::{
    options, ENV_READERS, GIT_GLOBAL_OPTIONS, GIT_SETTINGS, LEXING_LOCALES, LEXING_TEXTS,
    NPM_SETTINGS, READ_VARIABLES, RUNNING_PROGRAMS,
};
use crate::gen::choices::Choices;

/// Expands the holes of one form; table entries picked once per form.
pub(super) struct Expander<'i> {
    pub base: &'i str,
    pub payload: &'i str,
    env: Option<usize>,
}

impl<'i> Expander<'i> {
    pub(super) const fn new(base: &'i str, payload: &'i str) -> Self {
        Self {
            base,
            payload,
            env: None,
        }
    }

    /// `template` with every hole filled.
    pub(super) fn expand<C: Choices + ?Sized>(&mut self, template: &str, c: &mut C) -> String {
        let mut out = String::with_capacity(template.len() + 32);
        let mut rest = template;
        while let Some(open) = rest.find('«') {
            out.push_str(rest.get(..open).unwrap_or_default());
            let after = rest.get(open + '«'.len_utf8()..).unwrap_or_default();
            let Some(close) = after.find('»') else {
                out.push_str(rest.get(open..).unwrap_or_default());
                return out;
            };
            let hole = after.get(..close).unwrap_or_default();
            let filled = self.hole(hole, c);
            out.push_str(&filled);
            rest = after.get(close + '»'.len_utf8()..).unwrap_or_default();
        }
        out.push_str(rest);
        out
    }

    fn hole<C: Choices + ?Sized>(&mut self, hole: &str, c: &mut C) -> String {
        let (spelling, source) = hole.split_once(':').unwrap_or(("", hole));
        let text = self.source(source, c);
        spell(spelling, &text, c)
    }

    fn source<C: Choices + ?Sized>(&mut self, source: &str, c: &mut C) -> String {
        let words = |text: &str| text.split(' ').map(str::to_owned).collect::<Vec<_>>();
        let payload = words(self.payload);
        let base = words(self.base);
        let from = |w: &[String], skip: usize| w.iter().skip(skip).cloned().collect::<Vec<_>>();
        match source {
            "P" => self.payload.to_owned(),
            "N" => payload.first().cloned().unwrap_or_default(),
            "A" => from(&payload, 1).join(" "),
            "A1" => payload.get(1).cloned().unwrap_or_default(),
            "AR" => from(&payload, 2).join(" "),
            "B" => self.base.to_owned(),
            "BN" => base.first().cloned().unwrap_or_default(),
            "BA" => from(&base, 1).join(" "),
            "BUILTIN" => {
                let (name, _, options) = BUILTINS
                    .get(c.choose(BUILTINS.len()))
                    .copied()
                    .unwrap_or(("eval", "", &[]));
                let option = match options.len() {
                    0 => String::new(),
                    n => options.get(c.choose(n + 1)).map_or(String::new(), |o| {
                        // An option's argument: a command where it is one, else a plain word.
                        match o.split_once(' ') {
                            Some((flag, "command" | "callback" | "function" | "shell-command")) => {
                                format!(" {flag} {}", spell("q", self.payload, c))
                            }
                            Some((flag, _)) => format!(" {flag} x"),
                            None => format!(" {o}"),
                        }
                    }),
                };
                format!("{name}{option}")
            }
            "SETOPT" => pick(SET_OPTIONS, c).to_owned(),
            "SHOPT" => pick(SHOPT_OPTIONS, c).to_owned(),
            "VAR" => {
                let all = SHELL_VARIABLES.len() + READ_VARIABLES.len();
                let i = c.choose(all);
                SHELL_VARIABLES
                    .get(i)
                    .or_else(|| READ_VARIABLES.get(i.saturating_sub(SHELL_VARIABLES.len())))
                    .copied()
                    .unwrap_or("IFS")
                    .to_owned()
            }
            "RUNNER" => {
                let template = pick(RUNNING_PROGRAMS, c);
                self.expand(template, c)
            }
            "ENVVAR" | "ENVVAL" | "ENVPROG" => {
                let index = *self.env.get_or_insert_with(|| c.choose(ENV_READERS.len()));
                let (var, value, program) = ENV_READERS.get(index).copied().unwrap_or((
                    "GIT_SSH_COMMAND",
                    "«P»",
                    "git ls-remote ssh://h/r",
                ));
                match source {
                    "ENVVAR" => var.to_owned(),
                    "ENVVAL" => self.expand(value, c),
                    _ => program.to_owned(),
                }
            }
            "PROGOPT" => {
                let quote = |text: &str| spell("q", text, &mut crate::gen::ByteChoices::new(&[]));
                options::draw(self.payload, &quote, c)
            }
            "GITGLOBAL" => {
                // Up to three, in any order, each followed by its blank.
                (0..c.choose(4))
                    .map(|_| format!("{} ", pick(GIT_GLOBAL_OPTIONS, c)))
                    .collect()
            }
            "GITSET" => {
                let (setting, value, subcommand) = GIT_SETTINGS
                    .get(c.choose(GIT_SETTINGS.len()))
                    .copied()
                    .unwrap_or(("alias.x", "!«P»", "x"));
                let value = self.expand(value, c);
                let subcommand = self.expand(subcommand, c);
                format!(
                    "{} {subcommand}",
                    spell("q", &format!("{setting}={value}"), c)
                )
            }
            "NPMSET" => {
                let template = pick(NPM_SETTINGS, c);
                self.expand(template, c)
            }
            "LOCALE" => pick(LEXING_LOCALES, c).to_owned(),
            "MB" => pick(LEXING_TEXTS, c).to_owned(),
            other => other.to_owned(),
        }
    }
}

fn pick<'a, C: Choices + ?Sized>(items: &[&'a str], c: &mut C) -> &'a str {
    items
        .get(c.choose(items.len()))
        .copied()
        .unwrap_or_default()
}

/// `text` in the named spelling (`GEN-FAM-8`); an unknown or empty name
/// leaves it as it is.
pub(super) fn spell<C: Choices + ?Sized>(spelling: &str, text: &str, c: &mut C) -> String {
    match spelling {
        "q" => format!("'{}'", text.replace('\'', r"'\''")),
        "sq" => text.replace('\'', r"'\''"),
        "bq" => backquoted(text, 1 + c.choose(4)),
        "comma" => text.replace(' ', ","),
        "ifs" => text.replace(' ', "${IFS}"),
        "" => text.to_owned(),
        "bracerun" => brace_run(text, c),
        one if one.starts_with("one-") => spell_one(one.trim_start_matches("one-"), text, c),
        word_wise => text
            .split(' ')
            .map(|word| spell_word(word_wise, word))
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// Whether a word can be respelled alone without changing how bash splits
/// the rest: a backslash, a quote or a brace of its own would be read
/// together with the spelling's (`\;` braced stays `\;`, bsmid makes `\\;`).
fn plain_word(word: &str) -> bool {
    !word.is_empty() && !word.contains(['\\', '\'', '"', '{', '}', ','])
}

/// Of `candidates` (indices of `words`), those that are options (`-…`),
/// if any: the word that gives a command its effect is most often one.
fn options_first(words: &[&str], candidates: Vec<usize>) -> Vec<usize> {
    let options: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|&i| words.get(i).is_some_and(|w| w.starts_with('-')))
        .collect();
    if options.is_empty() {
        candidates
    } else {
        options
    }
}

/// `text` with one drawn plain word spelled `spelling` (an option where
/// there is one), the others as written.
fn spell_one<C: Choices + ?Sized>(spelling: &str, text: &str, c: &mut C) -> String {
    let words: Vec<&str> = text.split(' ').collect();
    let plain: Vec<usize> = (0..words.len())
        .filter(|&i| words.get(i).is_some_and(|w| plain_word(w)))
        .collect();
    let plain = options_first(&words, plain);
    let Some(&chosen) = plain.get(c.choose(plain.len())) else {
        return text.to_owned();
    };
    words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            if i == chosen {
                spell_word(spelling, w)
            } else {
                (*w).to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` with its words from a drawn one on (an option where there is
/// one) as one brace expansion with an empty last alternative, which yields
/// those words and nothing more.
fn brace_run<C: Choices + ?Sized>(text: &str, c: &mut C) -> String {
    let words: Vec<&str> = text.split(' ').collect();
    // Only a run of words braces cleanly: none may carry `{`, `}` or `,`.
    let starts: Vec<usize> = (0..words.len())
        .filter(|&k| {
            words.get(k..).is_some_and(|run| {
                run.iter()
                    .all(|w| !w.is_empty() && !w.contains(['{', '}', ',']))
            })
        })
        .collect();
    let starts = options_first(&words, starts);
    let Some(&from) = starts.get(c.choose(starts.len())) else {
        return text.to_owned();
    };
    let (head, run) = words.split_at(from);
    let braced = format!("{{{},}}", run.join(","));
    head.iter()
        .copied()
        .chain([braced.as_str()])
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` run by backquotes nested `depth` deep: each level escapes the
/// backslashes and backquotes of the level inside it, as bash's reading of
/// `` `…` `` removes one level (bash-facts §4).
pub(super) fn backquoted(text: &str, depth: usize) -> String {
    let mut inner = text.to_owned();
    for level in 0..depth.max(1) {
        let escaped = inner.replace('\\', r"\\").replace('`', r"\`");
        inner = if level == 0 {
            format!("`{inner}`")
        } else {
            format!("`echo {escaped}`")
        };
    }
    inner
}

fn spell_word(spelling: &str, word: &str) -> String {
    let mut chars = word.chars();
    let first: String = chars.next().map(String::from).unwrap_or_default();
    let rest: String = chars.collect();
    let each = |f: &dyn Fn(char) -> String| word.chars().map(f).collect::<String>();
    match spelling {
        "ansi" => format!("$'{}'", word.replace('\\', r"\\").replace('\'', r"\'")),
        "hex" => format!(
            "$'{}'",
            each(&|ch| format!("\\x{:02x}", u32::from(ch) & 0xff))
        ),
        "oct" => format!(
            "$'{}'",
            each(&|ch| format!("\\{:03o}", u32::from(ch) & 0xff))
        ),
        "uni" => format!("$'{}'", each(&|ch| format!("\\u{:04x}", u32::from(ch)))),
        "locale" => format!("$\"{word}\""),
        "bs" => each(&|ch| format!("\\{ch}")),
        "bsmid" if !rest.is_empty() => format!("{first}\\{rest}"),
        "empty" => format!("{first}''{rest}"),
        "dq" => format!("\"{word}\""),
        "dqmid" => format!("{first}\"\"{rest}"),
        "brace" => format!("{{{word},}}"),
        "cont" if !rest.is_empty() => format!("{first}\\\n{rest}"),
        "glob" => match word.char_indices().last() {
            Some((at, ch)) => format!("{}[{ch}]", word.get(..at).unwrap_or_default()),
            None => word.to_owned(),
        },
        _ => word.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::ByteChoices;

    #[test]
    fn nested_backquotes_escape_each_level() {
        assert_eq!(backquoted("rm x", 1), "`rm x`");
        assert_eq!(backquoted("rm x", 2), r"`echo \`rm x\``");
        assert_eq!(backquoted("rm x", 3), r"`echo \`echo \\\`rm x\\\`\``");
    }

    #[test]
    fn spellings_of_a_word() {
        let mut c = ByteChoices::new(&[]);
        assert_eq!(spell("empty", "rm -rf", &mut c), "r''m -''rf");
        assert_eq!(spell("hex", "rm", &mut c), r"$'\x72\x6d'");
        assert_eq!(spell("brace", "rm", &mut c), "{rm,}");
        assert_eq!(spell("glob", "rm", &mut c), "r[m]");
        assert_eq!(spell("ifs", "rm -rf x", &mut c), "rm${IFS}-rf${IFS}x");
        assert_eq!(spell("q", "it's", &mut c), r"'it'\''s'");
    }

    /// GEN-FAM-8: one word of the arguments alone, and a run of the last
    /// words as one brace, each drawn; words a spelling would break are left.
    #[test]
    fn spellings_of_one_argument_and_of_a_run() {
        let mut first = ByteChoices::new(&[]);
        assert_eq!(spell("one-brace", ". -delete", &mut first), ". {-delete,}");
        assert_eq!(
            spell("one-brace", "push origin", &mut first),
            "{push,} origin"
        );
        assert_eq!(
            spell("bracerun", "-n 1p -i README.md", &mut first),
            "{-n,1p,-i,README.md,}"
        );
        let mut second = ByteChoices::new(&[1, 1, 1]);
        assert_eq!(
            spell("one-brace", "push origin", &mut second),
            "push {origin,}"
        );
        assert_eq!(
            spell("bracerun", "-n 1p -i README.md", &mut second),
            "-n 1p {-i,README.md,}"
        );
        assert_eq!(
            spell("one-bsmid", ". -exec touch pwned \\;", &mut second),
            ". -\\exec touch pwned \\;"
        );
        assert_eq!(spell("one-bsmid", "\\;", &mut second), "\\;");
        assert_eq!(spell("bracerun", "a,b", &mut second), "a,b");
    }
}
