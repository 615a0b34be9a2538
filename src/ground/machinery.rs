//! The programs' own documented machinery, which the real mode records but
//! INV-GROUND does not judge (`INV-GROUND-10`): a program starting a helper
//! as part of what it is documented to do, with nothing of the command's
//! words in control of which program that is. This list is the oracle's
//! own, kept apart from the hardened profile's tables on purpose: the
//! oracle checks the profile, so it must not borrow the profile's beliefs
//! about programs. An entry too broad hides a violation; so each one is
//! narrow (a parent program, a child program) and says why.

use super::traced::Traced;
use super::words::basename;
use super::workspace::{MAKE_RECIPES, PACKAGE_SCRIPTS};

/// One kind of helper a program starts on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Machinery {
    /// The program that starts it (the basename its caller ran it as).
    pub parent: &'static str,
    /// The helper's basename; a trailing `*` matches any rest.
    pub child: &'static str,
    /// Why this is the parent's documented behaviour, whatever its words.
    pub why: &'static str,
}

/// Why the first exec is not judged: the oracle starts the command's bash.
pub const THE_ORACLES_BASH: &str = "the oracle's own bash, which runs the command";

/// Why an interpreter started through `/usr/bin/env` by a `#!` line is not
/// judged: the script was (its argv is the script's).
pub const SHEBANG_ENV: &str = "`#!/usr/bin/env NAME`: env runs the script's interpreter";

/// Why a transparent wrapper that ran its inner program is not judged
/// itself: it is judged through that program (`INV-GROUND-6`).
pub const THROUGH_INNER: &str = "a transparent wrapper, judged through the program it ran";

/// Why a recipe of the workspace's Makefile is not judged: it is the
/// workspace's own (`echo built`), which the allowed `make …` names.
pub const MAKE_RECIPE: &str = "make runs a recipe of the workspace's Makefile";

/// Why git's transport to a local remote is not judged: git runs the
/// other side's program through `sh -c` (`git-receive-pack 'PATH'` for a
/// push, `git-upload-pack` for a fetch), and that shell runs it.
pub const GIT_TRANSPORT: &str =
    "git runs a local remote's git-receive-pack or git-upload-pack through sh -c";

/// Why a package script started by npm is not judged as a program: it is
/// the workspace's own script, which the allowed `npm …` names.
pub const NPM_SCRIPT: &str =
    "npm runs the workspace's package.json script with its script shell, sh -c SCRIPT";

/// Why the shell through which npm's package runner starts the command it
/// was given is not judged: `npm exec -- CMD…` (or `npm x`, `npx`) runs `sh -c`
/// with CMD's words shell-quoted, and that shell runs exactly them, a
/// program the records then judge on its own. Only a script whose quoted
/// words decode to the last words of npm's own argv is this machinery.
pub const NPM_EXEC_SHELL: &str =
    "npm exec runs the words it was given through sh -c, each word shell-quoted";

/// Why a program the workspace's own script runs is not judged: the
/// script is the workspace's (`node test.js`), fixed before the command.
pub const IN_WORKSPACE_SCRIPT: &str = "run by the workspace's own package script";

/// git runs an `ssh://` remote's side through ssh (and probes ssh with
/// `-G`): its transport, whose words only the URL's host and path fill.
pub const GIT_SSH_TRANSPORT: &str =
    "git runs an ssh:// remote's git-upload-pack or git-receive-pack through ssh";

/// ldd(1) runs the dynamic loader to check a program and list its
/// libraries (`--verify`, `LD_TRACE_LOADED_OBJECTS=1`), which runs none of
/// the program's code.
pub const LDD_LOADER: &str =
    "ldd runs the dynamic loader to list a program's libraries, which runs none of its code";

/// Helpers a program starts by design with one fixed argv, whatever its
/// words: `(parent, argv)`. Exact, so that no payload hides behind one.
pub const FIXED_HELPERS: &[(&str, &[&str])] = &[
    // dpkg-architecture(1) asks dpkg for the host architecture.
    ("dpkg-architecture", &["dpkg", "--print-architecture"]),
    // dpkg-buildpackage(1) reads the processor count for `-j`.
    ("dpkg-architecture", &["gcc", "-dumpmachine"]),
    (
        "dpkg-buildpackage",
        &["sh", "-c", "getconf _NPROCESSORS_ONLN 2>/dev/null"],
    ),
    ("dpkg-buildpackage", &["getconf", "_NPROCESSORS_ONLN"]),
    // man(1) asks the locale's character set before formatting.
    ("man", &["locale", "charmap"]),
    // gdb(1) lists the character sets iconv knows at startup.
    ("gdb", &["iconv", "-l"]),
];

/// The formatting pipeline man(1) runs before its pager (the
/// preprocessors `-p` selects among, groff and its output drivers); the
/// pager, which `-P`/`--pager` or `MANPAGER` names, is none of these.
pub const MAN_PIPELINE: &[&str] = &[
    "preconv", "tbl", "eqn", "neqn", "pic", "refer", "grap", "vgrind", "zsoelim", "manconv",
    "groff", "nroff", "troff", "grotty", "col",
];

/// The helpers programs start by design (`INV-GROUND-10`).
pub const HELPERS: [Machinery; 2] = [
    Machinery {
        parent: "git",
        child: "git",
        why: "git runs itself for its own work (a local fetch's upload-pack, gc --auto)",
    },
    Machinery {
        parent: "git",
        child: "git-*",
        why: "git runs the programs of its exec-path for its subcommands and transports",
    },
];

/// The name a program is judged as: the basename of `argv[0]`, or for node
/// running a script (`node /usr/bin/npm test`, how a `#!` line starts
/// npm) the script's basename, `npm-cli.js` read as `npm`.
pub(super) fn program_name(argv: &[String]) -> &str {
    let first = argv.first().map_or("", |w| basename(w));
    if first == "node" {
        if let Some(script) = argv.get(1).map(|w| basename(w)) {
            return match script {
                "npm-cli.js" => "npm",
                "npx-cli.js" => "npx",
                other => other,
            };
        }
    }
    first
}

/// Why `traced` is machinery, if it is: `previous` is the program its
/// process ran before this exec.
pub(super) fn why(traced: &Traced, previous: Option<&Traced>) -> Option<Machinery> {
    // `#!/usr/bin/env node` at the top of a script: env, started by the
    // kernel for the script, runs exactly the rest of its own argv.
    if let Some(previous) = previous {
        if let Some(started) = &previous.started_as {
            if started.first().is_some_and(|w| basename(w) == "env")
                && started.get(1..).is_some_and(|rest| {
                    rest.len() == traced.argv.len()
                        && rest
                            .iter()
                            .zip(&traced.argv)
                            .enumerate()
                            .all(|(i, (a, b))| a == b || (i == 0 && basename(a) == basename(b)))
                })
            {
                return Some(Machinery {
                    parent: "env",
                    child: "*",
                    why: SHEBANG_ENV,
                });
            }
        }
    }
    // Each program by the file it runs, whatever its argv[0] says: a name
    // given by `exec -a` makes no program another's machinery.
    let parent = traced.parents.first()?;
    let parent_name = parent
        .renamed()
        .unwrap_or_else(|| program_name(&parent.argv));
    let child = traced.renamed().unwrap_or_else(|| traced.name());
    // The helpers of a fixed argv are machinery only when that argv's first
    // word names the file that ran.
    let as_named = traced.renamed().is_none();
    if as_named && parent_name == "git" && is_git_ssh_transport(&traced.argv) {
        return Some(Machinery {
            parent: "git",
            child: "ssh",
            why: GIT_SSH_TRANSPORT,
        });
    }
    if as_named && parent_name == "git" && is_git_transport(&traced.argv) {
        return Some(Machinery {
            parent: "git",
            child: "sh",
            why: GIT_TRANSPORT,
        });
    }
    if parent_name == "ldd"
        && super::loaders::only_lists(&[child], &traced.argv, &traced.environment)
    {
        return Some(Machinery {
            parent: "ldd",
            child: "ld.so",
            why: LDD_LOADER,
        });
    }
    if as_named && parent_name == "make" && is_make_recipe(&traced.argv) {
        return Some(Machinery {
            parent: "make",
            child: "*",
            why: MAKE_RECIPE,
        });
    }
    if as_named && parent_name == "npm" && is_package_script(&traced.argv) {
        return Some(Machinery {
            parent: "npm",
            child: "sh",
            why: NPM_SCRIPT,
        });
    }
    if as_named
        && matches!(parent_name, "npm" | "npx")
        && runs_npm_exec_words(&parent.argv, &traced.argv)
    {
        return Some(Machinery {
            parent: "npm",
            child: "sh",
            why: NPM_EXEC_SHELL,
        });
    }
    // Any program above it (dpkg-buildpackage's `sh -c getconf …` runs
    // getconf): the argv is exact, so the parent need not be near.
    let above = |name: &str| {
        traced.parents.iter().any(|p| match p.renamed() {
            Some(renamed) => renamed == name,
            None => {
                program_name(&p.argv) == name || p.argv.get(1).map(|w| basename(w)) == Some(name)
            }
        })
    };
    let fixed = FIXED_HELPERS.iter().find(|(name, argv)| {
        as_named
            && above(name)
            && traced.argv.len() == argv.len()
            && traced
                .argv
                .iter()
                .zip(argv.iter())
                .enumerate()
                .all(|(i, (a, b))| a == b || (i == 0 && basename(a) == *b))
    });
    if let Some((name, _)) = fixed {
        return Some(Machinery {
            parent: name,
            child: "*",
            why: "a helper the program runs with a fixed argv, by design",
        });
    }
    // nroff, a shell script of groff's, runs groff for man.
    if above("man") && MAN_PIPELINE.contains(&child) {
        return Some(Machinery {
            parent: "man",
            child: "*",
            why: "man's formatting pipeline (preprocessors, groff), not its pager",
        });
    }
    HELPERS.into_iter().find(|helper| {
        helper.parent == parent_name
            && match helper.child.strip_suffix('*') {
                Some(prefix) => child.starts_with(prefix),
                None => child == helper.child,
            }
    })
}

/// `sh -c SCRIPT` for a script of the workspace's `package.json`, possibly
/// with the arguments npm appends after a space (shell-quoted by npm).
fn is_package_script(argv: &[String]) -> bool {
    script_body(argv).is_some()
}

/// The package script `argv` (`sh -c SCRIPT …`) runs, if it runs one.
pub(super) fn script_body(argv: &[String]) -> Option<&'static str> {
    let [shell, dash_c, script] = argv else {
        return None;
    };
    if basename(shell) != "sh" || dash_c != "-c" {
        return None;
    }
    PACKAGE_SCRIPTS.iter().map(|(_, body)| *body).find(|body| {
        script
            .strip_prefix(body)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
    })
}

/// Whether `argv`, run by the shell of a package script, is that script's
/// own command: its words begin with the script's words (`node test.js`,
/// then whatever npm appended).
pub(super) fn runs_the_script(shell: &[String], argv: &[String]) -> bool {
    script_body(shell).is_some_and(|body| {
        let words: Vec<&str> = body.split(' ').collect();
        argv.len() >= words.len() && argv.iter().zip(&words).all(|(a, w)| a == w)
    })
}

/// Whether `argv` is `sh -c SCRIPT` where SCRIPT is the shell quoting of the
/// last words of `npm`'s argv, which holds `exec` or `x` (or npx's own
/// script) before them: the shell then runs those words and nothing else.
fn runs_npm_exec_words(npm: &[String], argv: &[String]) -> bool {
    let [shell, dash_c, script] = argv else {
        return false;
    };
    if basename(shell) != "sh" || dash_c != "-c" {
        return false;
    }
    let Some(words) = quoted_words(script) else {
        return false;
    };
    let Some((before, tail)) = npm
        .len()
        .checked_sub(words.len())
        .and_then(|start| npm.split_at_checked(start))
    else {
        return false;
    };
    let runner = |w: &String| w == "exec" || w == "x" || basename(w) == "npx";
    !words.is_empty() && tail == words && before.iter().any(runner)
}

/// The words of `script` when it is nothing but words separated by single
/// spaces, each made of `'…'` quotes, `\'` and characters no shell treats
/// specially (as npm writes them); otherwise `None`. An unquoted `=` in the
/// first word would make it an assignment, not the program: `None` too.
fn quoted_words(script: &str) -> Option<Vec<String>> {
    let plain = |c: char, first: bool| {
        c.is_ascii_alphanumeric() || "_@%+:,./-".contains(c) || (c == '=' && !first)
    };
    script
        .split(' ')
        .enumerate()
        .map(|(index, token)| {
            let mut word = String::new();
            let mut rest = token;
            while let Some(c) = rest.chars().next() {
                if let Some(after) = rest.strip_prefix('\'') {
                    let end = after.find('\'')?;
                    word.push_str(&after[..end]);
                    rest = &after[end + 1..];
                } else if let Some(after) = rest.strip_prefix("\\'") {
                    word.push('\'');
                    rest = after;
                } else if plain(c, index == 0) {
                    word.push(c);
                    rest = &rest[c.len_utf8()..];
                } else {
                    return None;
                }
            }
            (!token.is_empty()).then_some(word)
        })
        .collect()
}

/// `sh -c 'git-receive-pack …'` (or `git-upload-pack`, `git-upload-archive`)
/// and its argument copy, as git runs a local remote's side.
fn is_git_transport(argv: &[String]) -> bool {
    let (Some(shell), Some(dash_c), Some(script)) = (argv.first(), argv.get(1), argv.get(2)) else {
        return false;
    };
    basename(shell) == "sh"
        && dash_c == "-c"
        && [
            "git-receive-pack '",
            "git-upload-pack '",
            "git-upload-archive '",
        ]
        .iter()
        .any(|side| script.starts_with(side))
}

/// `ssh [-o SendEnv=GIT_PROTOCOL] [-p PORT] [-4|-6] HOST 'git-upload-pack
/// …'` (or receive-pack, upload-archive), as git runs an `ssh://` remote's
/// side, and `ssh -G HOST`, its probe of which ssh it has; nothing else.
fn is_git_ssh_transport(argv: &[String]) -> bool {
    if argv.first().is_none_or(|ssh| basename(ssh) != "ssh") {
        return false;
    }
    let mut words = argv.iter().skip(1).map(String::as_str).peekable();
    let mut probe = false;
    while let Some(word) = words.peek().copied() {
        match word {
            "-o" => {
                words.next();
                if words.next() != Some("SendEnv=GIT_PROTOCOL") {
                    return false;
                }
            }
            "-p" => {
                words.next();
                if !words.next().is_some_and(|port| {
                    !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit())
                }) {
                    return false;
                }
            }
            "-4" | "-6" => {
                words.next();
            }
            "-G" => {
                words.next();
                probe = true;
            }
            _ => break,
        }
    }
    let host = words.next();
    let side = words.next();
    let host_ok = host.is_some_and(|h| !h.is_empty() && !h.starts_with('-'));
    let sides = [
        "git-receive-pack '",
        "git-upload-pack '",
        "git-upload-archive '",
    ];
    host_ok
        && words.next().is_none()
        && match side {
            None => probe,
            Some(side) => !probe && sides.iter().any(|s| side.starts_with(s)),
        }
}

/// A recipe of the workspace's Makefile, as make runs it: its words, or
/// `/bin/sh -c RECIPE`.
fn is_make_recipe(argv: &[String]) -> bool {
    MAKE_RECIPES.iter().any(|(_, recipe)| {
        let words: Vec<&str> = recipe.split(' ').collect();
        let direct = argv.len() == words.len() && argv.iter().zip(&words).all(|(a, w)| a == w);
        let shell = matches!(argv, [sh, c, r] if basename(sh) == "sh" && c == "-c" && r == recipe);
        direct || shell
    })
}

#[cfg(test)]
mod tests {
    use super::is_git_ssh_transport;

    /// INV-GROUND-10: git's ssh transport is machinery in exactly git's
    /// shapes; any other option, a second command word or a host that is
    /// an option is not.
    #[test]
    fn inv_ground_10_git_ssh_transport_shapes() {
        let side = "git-upload-pack '/r'";
        let cases: [(&[&str], bool); 10] = [
            (
                &["/usr/bin/ssh", "-o", "SendEnv=GIT_PROTOCOL", "h", side],
                true,
            ),
            (
                &["ssh", "-p", "2222", "-4", "h", "git-receive-pack '/r'"],
                true,
            ),
            (&["ssh", "-G", "h"], true),
            (&["ssh", "-o", "ProxyCommand=x", "h", side], false),
            (&["ssh", "-oSendEnv=GIT_PROTOCOL", "h", side], false),
            (&["ssh", "h", "rm -rf x"], false),
            (&["ssh", "h", side, "x"], false),
            (&["ssh", "-G", "h", side], false),
            (&["ssh", "-lroot", "h", side], false),
            (&["rm", "-o", "SendEnv=GIT_PROTOCOL", "h", side], false),
        ];
        for (words, transport) in cases {
            let argv: Vec<String> = words.iter().map(|w| (*w).to_owned()).collect();
            assert_eq!(is_git_ssh_transport(&argv), transport, "{words:?}");
        }
    }
}
