//! Commands run through an option or a subcommand (spec §12.5, `HARD-RUN-6`).
//!
//! HARD-RUN-4 reads programs whose operands are a command. Many programs
//! agents use every day run a command another way: a package manager's
//! `run`/`exec` subcommand (`uv run pytest`), an option whose value is a
//! command line (`tar --to-command=…`, `rsync -e …`, `git rebase --exec …`,
//! `git fetch --upload-pack=…`), or a setting written for later runs to use
//! (`git config alias.x '!…'`). The first kind is judged through its inner
//! command when its reading is plain; every other one asks, because the
//! command it names is a string only a shell or the program reads.

use super::programs::{syntax_fields, syntax_list, Inner, Runs};

/// Subcommands that run the rest of the line as a command, found on `PATH`
/// in the tool's environment (each tool's `--help`): `uv run pytest -q` runs
/// `pytest -q`. Read only in the plain form — the subcommand first, then
/// optionally `--`, then the command; an option before the command asks,
/// since this table does not say which options take a value.
pub const SUBCOMMAND_RUNNERS: &[(&str, &str)] = &[
    ("uv", "run"),
    ("poetry", "run"),
    ("pipenv", "run"),
    ("pdm", "run"),
    ("hatch", "run"),
    ("rye", "run"),
    ("pixi", "run"),
    ("conda", "run"),
    ("mamba", "run"),
    ("micromamba", "run"),
    ("bundle", "exec"),
    ("pnpm", "exec"),
    ("yarn", "exec"),
    ("rbenv", "exec"),
    ("pyenv", "exec"),
    ("asdf", "exec"),
    ("mise", "exec"),
    ("mise", "x"),
    ("volta", "run"),
    ("fnm", "exec"),
    ("opam", "exec"),
    ("stack", "exec"),
    ("cabal", "exec"),
    ("git", "bisect"),
    ("jenv", "exec"),
    ("nodenv", "exec"),
    ("goenv", "exec"),
    ("plenv", "exec"),
    ("phpenv", "exec"),
    ("luaenv", "exec"),
];

/// Options and subcommand words that make a program run a command line or
/// a program it names, or write a setting that names one (each program's
/// manual): `(program, subcommand, syntax)`. In `syntax`, `short:` lists
/// option letters (matched anywhere in a short cluster, `-avze`), `long:`
/// long options (matched whole, with `=value`, or as any abbreviation,
/// which GNU getopt accepts), `word:` operands that are themselves the
/// subcommand running a command (`git submodule foreach`), `plus` any `+…`
/// word but a line number (`vim +q`, `less +!cmd`), `old:` letters of tar's
/// dashless first word, `always` every use of the subcommand.
pub const COMMAND_OPTIONS: &[(&str, Option<&str>, &str)] = &[
    ("tar", None, "short:IF old:IF long:to-command,checkpoint-action,use-compress-program,info-script,new-volume-script,rsh-command,rmt-command"),
    ("rsync", None, "short:e long:rsh,rsync-path"),
    ("scp", None, "short:SoF"),
    ("sftp", None, "short:SDoF"),
    ("sort", None, "long:compress-program"),
    ("split", None, "long:filter"),
    ("wget", None, "short:e long:use-askpass,execute,config"),
    // Found by scripts/program-help-scan.py (HARD-RUN-8): a wgetrc command
    // or file (`-e`, `--execute`, `--config`) can name a program; man's
    // configuration file names its pager; patch hands an ed script to ed,
    // which runs `!` commands; dpkg-buildpackage runs the commands and
    // hooks it is given.
    ("patch", None, "short:e long:ed"),
    ("dpkg-buildpackage", None, "prefix:-r,-R,--rules-file,--root-command,--check-command,--sign-command,--hook-"),
    ("zip", None, "short:T long:unzip-command"),
    ("fd", None, "short:xX long:exec,exec-batch"),
    ("fdfind", None, "short:xX long:exec,exec-batch"),
    ("rg", None, "long:pre"),
    ("fzf", None, "long:preview,bind,with-shell,execute"),
    ("less", None, "plus short:k long:lesskey-file,lesskey-src"),
    ("more", None, "plus"),
    ("man", None, "short:PHC long:pager,html,config-file"),
    ("vi", None, "plus short:cSu long:cmd"),
    ("vim", None, "plus short:cSu long:cmd"),
    ("nvim", None, "plus short:cSu long:cmd"),
    ("view", None, "plus short:cSu long:cmd"),
    ("vimdiff", None, "plus short:cSu long:cmd"),
    ("ex", None, "plus short:cSu long:cmd"),
    ("emacs", None, "short:lfx long:eval,load,funcall,script"),
    ("crontab", None, "word:- always-unless:-l"),
    ("npx", None, "short:c onedash long:call,script-shell,node-options,git,shell,userconfig,globalconfig"),
    ("npm", Some("exec"), "short:c long:call"),
    ("npm", Some("x"), "short:c long:call"),
    ("npm", Some("config"), "word:set,edit"),
    ("npm", Some("set"), "always"),
    ("pnpm", Some("config"), "word:set"),
    ("yarn", Some("config"), "word:set"),
    ("git", Some("rebase"), "short:x long:exec"),
    ("git", Some("difftool"), "short:x long:extcmd"),
    ("git", Some("grep"), "short:O long:open-files-in-pager"),
    ("git", Some("submodule"), "word:foreach"),
    ("git", Some("filter-branch"), "always"),
    ("git", Some("send-email"), "long:sendmail-cmd,smtp-server,to-cmd,cc-cmd,header-cmd"),
    ("git", Some("remote-ext"), "always"),
    ("git", Some("instaweb"), "always"),
    ("git", Some("fetch"), "long:upload-pack"),
    ("git", Some("pull"), "long:upload-pack"),
    ("git", Some("clone"), "short:uc long:upload-pack,config"),
    ("git", Some("ls-remote"), "long:upload-pack,exec"),
    ("git", Some("push"), "long:receive-pack,exec"),
    ("git", Some("archive"), "long:exec"),
    ("git", Some("config"), "config"),
    // Found missing by a red-team pass (issue 26): settings that name a
    // program (`cargo --config target.….runner=…`, `hg --config hooks.…`),
    // options that run one (`cmake -E env|chdir|time`, `make --eval`,
    // `nc -e`, `yt-dlp --exec`, `aria2c --on-download-complete`, `install
    // --strip-program`, `ag`/`bat --pager`, `sdiff --diff-program`), and the
    // run subcommands of secret injectors, containers and dev shells whose
    // operands before the command this table does not read.
    ("cargo", None, "long:config"),
    // npm reads any `--key=value` (abbreviated, or with one dash) as its
    // configuration, before the script's own `--` (npm-config(7), npm 9):
    // these keys name a program npm or node runs, or a file of more keys.
    ("npm", None, "onedash long:script-shell,node-options,git,shell,editor,browser,viewer,userconfig,globalconfig,node-gyp,init-module,onload-script,call,sign-git-commit,sign-git-tag"),
    ("pnpm", None, "onedash long:script-shell,node-options,git,shell,editor,userconfig,globalconfig,node-gyp,config."),
    // Found missing (issue 33, class 5-7): dpkg's hooks (dpkg(1) 1.21),
    // node's loaders (node(1) 18-22; `--env-file` can hold NODE_OPTIONS),
    // perl's debugger (`-d`, `-d:Mod`), gcc's and clang's programs and
    // plugins (gcc(1) 12: `-wrapper`, `-B`, `-fplugin`, `-specs`),
    // dpkg-architecture's command, gpg-agent's daemon command.
    ("dpkg", None, "long:pre-invoke,post-invoke,status-logger"),
    ("node", None, "short:r long:import,require,loader,experimental-loader,env-file,env-file-if-exists,run,openssl-config,experimental-config-file,inspect-brk-node"),
    ("nodejs", None, "short:r long:import,require,loader,experimental-loader,env-file,env-file-if-exists,run,openssl-config,experimental-config-file"),
    ("bun", None, "short:r long:preload,require,import,env-file,config"),
    ("deno", None, "long:import-map,config,env-file"),
    ("perl", None, "short:dm"),
    ("gcc", None, "prefix:-wrapper,-B,-fplugin,-specs,--specs,-Xclang,--ld-path,-fuse-ld=/,-no-integrated-cpp,@"),
    ("cc", None, "prefix:-wrapper,-B,-fplugin,-specs,--specs,-Xclang,--ld-path,-fuse-ld=/,-no-integrated-cpp,@"),
    ("c++", None, "prefix:-wrapper,-B,-fplugin,-specs,--specs,-Xclang,--ld-path,-fuse-ld=/,-no-integrated-cpp,@"),
    ("g++", None, "prefix:-wrapper,-B,-fplugin,-specs,--specs,-Xclang,--ld-path,-fuse-ld=/,-no-integrated-cpp,@"),
    ("clang", None, "prefix:-wrapper,-B,-fplugin,-specs,--specs,-Xclang,--ld-path,-fuse-ld=/,-ccc-,@"),
    ("clang++", None, "prefix:-wrapper,-B,-fplugin,-specs,--specs,-Xclang,--ld-path,-fuse-ld=/,-ccc-,@"),
    ("dpkg-architecture", None, "short:c long:command"),
    ("gpg-agent", None, "long:daemon,pinentry-program,scdaemon-program,supervised"),
    ("gpg", None, "long:exec-path,photo-viewer,keyserver-options"),
    ("hg", None, "long:config"),
    ("svn", None, "long:config-option,editor-cmd,diff-cmd,diff3-cmd"),
    ("cmake", None, "short:E"),
    ("make", None, "short:E long:eval"),
    ("gmake", None, "short:E long:eval"),
    ("nc", None, "short:ec"),
    ("ncat", None, "short:ec long:exec,sh-exec,lua-exec"),
    ("netcat", None, "short:ec"),
    ("yt-dlp", None, "long:exec,exec-before-download"),
    ("youtube-dl", None, "long:exec"),
    ("aria2c", None, "long:on-download-complete,on-download-start,on-download-error,on-download-stop,on-download-pause,on-bt-download-complete"),
    ("install", None, "long:strip-program"),
    ("ag", None, "long:pager"),
    ("ack", None, "long:pager"),
    ("bat", None, "long:pager"),
    ("batcat", None, "long:pager"),
    ("sdiff", None, "long:diff-program"),
    ("diff3", None, "long:diff-program"),
    ("cpio", None, "long:rsh-command"),
    ("sshfs", None, "short:o long:ssh_command"),
    ("vi", None, "short:eEsl"),
    ("vim", None, "short:eEs"),
    ("nvim", None, "short:eEsl long:headless"),
    ("view", None, "short:eEs"),
    ("vimdiff", None, "short:eEs"),
    ("gvim", None, "plus short:cSueEs long:cmd"),
    ("gview", None, "plus short:cSueEs long:cmd"),
    ("evim", None, "plus short:cSueEs long:cmd"),
    ("rvim", None, "plus short:cSueEs long:cmd"),
    ("gvimdiff", None, "plus short:cSueEs long:cmd"),
    ("op", Some("run"), "always"),
    ("doppler", Some("run"), "always"),
    ("infisical", Some("run"), "always"),
    ("aws-vault", Some("exec"), "always"),
    ("chamber", Some("exec"), "always"),
    ("berglas", Some("exec"), "always"),
    ("sops", Some("exec-env"), "always"),
    ("sops", Some("exec-file"), "always"),
    ("toolbox", Some("run"), "always"),
    ("distrobox", Some("enter"), "always"),
    ("machinectl", Some("shell"), "always"),
    ("nix", Some("shell"), "always"),
    ("nix", Some("develop"), "always"),
    ("guix", Some("shell"), "always"),
    ("guix", Some("environment"), "always"),
    ("devbox", Some("run"), "always"),
    ("flox", Some("activate"), "always"),
    ("flatpak", Some("run"), "always"),
    ("ip", Some("netns"), "word:exec"),
    ("ip", Some("vrf"), "word:exec"),
];

/// The inner command of a [`SUBCOMMAND_RUNNERS`] program, if `name` is one
/// (`None`: not one; HARD-RUN-4's table reads it instead). `args` are the
/// dequoted arguments; `literal[i]` is false for one only run time knows.
#[must_use]
pub fn runner(name: &str, args: &[&str], literal: &[bool]) -> Option<Runs> {
    let subcommands: Vec<&str> = SUBCOMMAND_RUNNERS
        .iter()
        .filter(|(n, _)| *n == name)
        .map(|(_, s)| *s)
        .collect();
    if subcommands.is_empty() {
        return None;
    }
    let known = |upto: usize| literal.iter().take(upto).all(|l| *l);
    let Some(first) = args.first() else {
        return Some(Runs::Nothing);
    };
    if !known(1) {
        return Some(Runs::Unsure);
    }
    if !subcommands.contains(first) {
        // Global options first (`uv --quiet run …`): which word is the
        // subcommand is unknown when one of them could be it.
        let hidden = first.starts_with('-') && args.iter().any(|a| subcommands.contains(a));
        return Some(if hidden { Runs::Unsure } else { Runs::Nothing });
    }
    // `git bisect run CMD…`; `git bisect` does nothing else that runs.
    let mut start = 1;
    if name == "git" {
        if args.get(1) != Some(&"run") {
            return Some(Runs::Nothing);
        }
        start = 2;
    }
    if args.get(start) == Some(&"--") {
        start += 1;
    }
    match args.get(start) {
        None => Some(Runs::Nothing),
        Some(word) if word.starts_with('-') => Some(Runs::Unsure),
        Some(_) if !known(start + 1) => Some(Runs::Unsure),
        Some(_) => Some(Runs::Commands(vec![Inner {
            start,
            end: args.len(),
            appended: false,
            placeholder: None,
        }])),
    }
}

/// Whether `name` with the dequoted `args` runs a command line or a program
/// through an option, a subcommand word or a setting ([`COMMAND_OPTIONS`]).
#[must_use]
pub fn option_runs_command(name: &str, args: &[&str]) -> bool {
    // A versioned or variant build reads the same options (`vim.basic`,
    // `gcc-12`, `x86_64-linux-gnu-gcc`).
    let stem = super::runs::stem(name);
    COMMAND_OPTIONS
        .iter()
        .filter(|(n, _, _)| *n == name || *n == stem)
        .any(|(_, subcommand, syntax)| match subcommand {
            None => uses(syntax, args),
            Some(sub) => subcommand_at(name, args, sub)
                .is_some_and(|at| uses(syntax, args.get(at + 1..).unwrap_or_default())),
        })
}

/// Where the subcommand `sub` stands: the first operand (after the
/// program's global options; for `git` and `npm`, a global option that
/// takes a value is skipped with it).
fn subcommand_at(name: &str, args: &[&str], sub: &str) -> Option<usize> {
    let takes_value: &[&str] = match name {
        "git" => &[
            "-C",
            "-c",
            "--git-dir",
            "--work-tree",
            "--namespace",
            "--exec-path",
            "--config-env",
        ],
        _ => &["-C", "--prefix", "-w", "--workspace", "--filter", "--dir"],
    };
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        if !arg.starts_with('-') {
            return (*arg == sub).then_some(i);
        }
        i += if takes_value.contains(arg) { 2 } else { 1 };
    }
    None
}

/// Whether `args` use one of the forms of `syntax`.
fn uses(syntax: &str, args: &[&str]) -> bool {
    let mut short = "";
    let mut old = "";
    let mut long: Vec<&str> = Vec::new();
    let mut words: Vec<&str> = Vec::new();
    let mut plus = false;
    let mut always = false;
    let mut unless: Vec<&str> = Vec::new();
    let mut prefixes: Vec<&str> = Vec::new();
    let mut one_dash = false;
    for (key, value) in syntax_fields(syntax) {
        let list = || syntax_list(value);
        match key {
            "short" => short = value,
            "old" => old = value,
            "long" => long = list(),
            "word" => words = list(),
            "plus" => plus = true,
            "always" => always = true,
            "always-unless" => unless = list(),
            "prefix" => prefixes = list(),
            "onedash" => one_dash = true,
            "config" => return git_config_writes(args),
            _ => {}
        }
    }
    if always || (!unless.is_empty() && !args.iter().any(|a| unless.contains(a))) {
        return true;
    }
    let old_style = args
        .first()
        .is_some_and(|first| !first.starts_with('-') && first.chars().any(|c| old.contains(c)));
    old_style
        || args.iter().take_while(|a| **a != "--").any(|arg| {
            if prefixes.iter().any(|p| arg.starts_with(p)) {
                return true;
            }
            // A single letter after one dash is a shorthand (`npm -s`).
            let dashes = if one_dash && !arg.starts_with("--") {
                arg.strip_prefix('-')
                    .filter(|rest| rest.chars().count() >= 2)
                    .map(|rest| ["--", rest].concat())
            } else {
                None
            };
            let arg = dashes.as_deref().unwrap_or(arg);
            if let Some(name) = arg.strip_prefix("--") {
                let name = name.split('=').next().unwrap_or_default();
                // node and npm read `_` in an option's name as `-`; a row
                // may spell its name with `_` itself (`sshfs --ssh_command`).
                let dashed = name.replace('_', "-");
                // GNU getopt takes any unambiguous abbreviation: any prefix asks.
                // A row's name ending in `.` is a family (`--config.KEY`).
                !name.is_empty()
                    && [name, dashed.as_str()].iter().any(|name| {
                        long.iter().any(|l| {
                            l.starts_with(name) || (l.ends_with('.') && name.starts_with(l))
                        })
                    })
            } else if let Some(cluster) = arg.strip_prefix('-') {
                cluster.chars().any(|c| short.contains(c))
            } else if let Some(command) = arg.strip_prefix('+') {
                plus && !command.bytes().all(|b| b.is_ascii_digit())
            } else {
                words.contains(&arg)
            }
        })
}

/// `git config` writing a setting (any of which can name a program: an
/// alias starting with `!`, `core.pager`, `core.sshCommand`, hooks…): two
/// or more operands (`git config alias.x '!…'`, `git config set k v`), or
/// an option that writes or opens an editor. A read (`git config
/// user.name`, `--get`, `--list`) runs nothing.
fn git_config_writes(args: &[&str]) -> bool {
    const WRITES: &[&str] = &[
        "--add",
        "--replace-all",
        "--unset",
        "--unset-all",
        "--rename-section",
        "--remove-section",
        "-e",
        "--edit",
        "edit",
    ];
    const TAKES_VALUE: &[&str] = &["-f", "--file", "--blob", "--type", "--default", "--comment"];
    let mut operands = 0;
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        if WRITES.contains(arg) {
            return true;
        }
        if TAKES_VALUE.contains(arg) {
            i += 2;
            continue;
        }
        if !arg.starts_with('-') {
            operands += 1;
        }
        i += 1;
    }
    operands >= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    /// HARD-RUN-6: which options, subcommand words and settings run a command.
    #[test]
    fn hard_run_6_option_table() {
        let rows: &[(&str, &[&str], bool)] = &[
            ("tar", &["xf", "a.tar", "--to-command=rm -rf x"], true),
            ("tar", &["xf", "a.tar", "--to-com=rm -rf x"], true),
            (
                "tar",
                &["-cf", "a.tar", "--checkpoint-action=exec=rm -rf x", "."],
                true,
            ),
            ("tar", &["-I", "rm -rf x", "-xf", "a.tar"], true),
            ("tar", &["xIf", "rm -rf x", "a.tar"], true),
            ("tar", &["-xzf", "a.tar.gz"], false),
            ("tar", &["czf", "a.tgz", "src"], false),
            ("rsync", &["-avze", "rm -rf x", "a", "h:b"], true),
            ("rsync", &["--rsh=rm -rf x", "a", "h:b"], true),
            ("rsync", &["-avz", "src/", "dst/"], false),
            ("git", &["rebase", "--exec", "rm -rf x", "HEAD~1"], true),
            ("git", &["rebase", "-i", "HEAD~3"], false),
            (
                "git",
                &["-C", "repo", "rebase", "-x", "rm -rf x", "HEAD~1"],
                true,
            ),
            ("git", &["submodule", "foreach", "rm -rf x"], true),
            ("git", &["submodule", "update", "--init"], false),
            ("git", &["grep", "-O", "rm -rf x", "foo"], true),
            ("git", &["grep", "-n", "foo"], false),
            ("git", &["fetch", "--upload-pack=rm -rf x", "."], true),
            ("git", &["ls-remote", "--exec=rm -rf x", "."], true),
            ("git", &["push", "--receive-pack=x", "origin"], true),
            ("git", &["push", "origin", "main"], false),
            ("git", &["config", "alias.x", "!rm -rf x"], true),
            ("git", &["config", "--add", "core.pager", "x"], true),
            ("git", &["config", "user.name"], false),
            ("git", &["config", "--get", "user.email"], false),
            ("git", &["config", "--list"], false),
            ("git", &["filter-branch", "--tree-filter", "x"], true),
            ("less", &["+!rm -rf x", "f"], true),
            ("less", &["+42", "f"], false),
            ("vim", &["-c", "!rm -rf x"], true),
            ("vim", &["+q", "f"], true),
            ("vim", &["f"], false),
            ("man", &["-P", "rm -rf x", "ls"], true),
            ("man", &["ls"], false),
            ("fd", &["-e", "rs", "-x", "rm"], true),
            ("fd", &["-e", "rs"], false),
            ("sort", &["--compress-program=x", "f"], true),
            ("split", &["--filter=rm -rf x", "f"], true),
            ("npx", &["-c", "rm -rf x"], true),
            ("npx", &["tsc", "--noEmit"], false),
            ("npm", &["config", "set", "script-shell", "x"], true),
            ("npm", &["test"], false),
            ("crontab", &["jobs.txt"], true),
            ("crontab", &["-l"], false),
            ("scp", &["-o", "ProxyCommand=x", "a", "h:b"], true),
            ("scp", &["a", "h:b"], false),
            ("ls", &["--exec"], false),
        ];
        for (name, args, want) in rows {
            assert_eq!(option_runs_command(name, args), *want, "{name} {args:?}");
        }
    }

    /// HARD-RUN-6: a runner subcommand is judged through its command, in
    /// the plain form only.
    #[test]
    fn hard_run_6_subcommand_runners() {
        let commands = |start: usize, end: usize| {
            Some(Runs::Commands(vec![Inner {
                start,
                end,
                appended: false,
                placeholder: None,
            }]))
        };
        let rows: &[(&str, &[&str], Option<Runs>)] = &[
            ("uv", &["run", "pytest", "-q"], commands(1, 3)),
            ("uv", &["run", "--", "rm", "-rf", "x"], commands(2, 5)),
            ("uv", &["run", "--with", "x", "pytest"], Some(Runs::Unsure)),
            ("uv", &["--quiet", "run", "rm"], Some(Runs::Unsure)),
            ("uv", &["sync"], Some(Runs::Nothing)),
            ("poetry", &["run", "rm", "-rf", "x"], commands(1, 4)),
            ("bundle", &["exec", "rspec"], commands(1, 2)),
            ("git", &["bisect", "run", "rm", "-rf", "x"], commands(2, 5)),
            ("git", &["bisect", "start"], Some(Runs::Nothing)),
            ("ls", &["run"], None),
        ];
        for (name, args, want) in rows {
            let literal = vec![true; args.len()];
            assert_eq!(runner(name, args, &literal), *want, "{name} {args:?}");
        }
        assert_eq!(
            runner("uv", &["run", "$CMD"], &[true, false]),
            Some(Runs::Unsure)
        );
    }
}
