"""The program side of the closed world: rows of hardened-values.json
(SPEC.md 12.4, 12.5, 12.7: HARD-VALUE-7, HARD-RUN-7, HARD-RUN-5's two
readings, HARD-EFFECT-5, HARD-EFFECT-6, HARD-VALUE-6's downward `cd`).

Rows of gen_hardened_values.py's shape: (clauses, rules, command, state,
pattern, flag, why). The refused commands are issue 33's eight classes;
each hidden effect was checked in GNU bash 5.2 with the real program where
this machine has it (git 2.39, npm 9, apt 2.6, python 3.11, mawk 1.3.4)
and a logging stub where it has not. The deployed answer of every CLOSES
row is "allowed by `*`" (one unit or several, none starting with `rm `),
so the hardened answer replaces it exactly when it is stricter (HARD-2):
a floor gives `ask` with `<hardened:ID>` of the first floor in HARD-3's
order, a deny rule gives `deny` with its pattern. The KEEPS rows are the
everyday idioms the same clauses must leave to the rules.
"""

from gen_check import R

RM = R(("*", "allow"), ("rm *", "deny"))
ENV = R(("*", "allow"), ("*.env", "deny"))
CLAUDE = R(("*", "allow"), ("rm *", "deny"), ("*.claude/*", "deny"))
NPX_TSC = R(("*", "ask"), ("npx tsc *", "allow"))
NPX_LATER = R(("*", "ask"), ("npx tsc *", "allow"), ("npx *", "allow"))
NPX_PREFIX = R(("*", "ask"), ("npx tsc*", "allow"))


def S(clause):
    return "<hardened:%s>" % clause


def idiom(text):
    """The commit-message idiom around `text` (HARD-VALUE-2)."""
    return "\"$(cat <<'EOF'\n%s\nEOF\n)\"" % text


PROGRAM_ROWS = [
    # Class 1: the readers read the value bash passes (HARD-VALUE-7).
    (["HARD-VALUE-7", "HARD-RUN-6"], RM, "npm test " + idiom("--script-shell=pwnd"), "ask", S("HARD-RUN-6"), "CLOSES",
     "the idiom's value `--script-shell=pwnd` is what npm reads: the option table's npm row names the key; npm runs `pwnd -c …` for the test script"),
    (["HARD-VALUE-7", "HARD-RUN-6"], RM, "for f in --script-shell=pwnd; do npm test \"$f\"; done", "ask", S("HARD-RUN-6"), "CLOSES",
     "`\"$f\"` is the loop's one word, `--script-shell=pwnd`, read as npm reads it"),
    (["HARD-VALUE-7", "HARD-RUN-6"], RM, "read x <<< '--script-shell=pwnd'; npm test \"$x\"", "ask", None, "CLOSES",
     "the `read` target is unknown or bound; either way npm's reader may see an option: ask"),
    (["HARD-VALUE-7"], RM, "git log \"$x\"", "ask", S("HARD-VALUE-7"), "CLOSES",
     "git is modelled and `$x` may be `--output=.git/config` (HARD-EFFECT-5) or a subcommand's option: an unknown word where git reads options"),
    (["HARD-VALUE-7"], RM, "git diff $(git merge-base HEAD main)", "ask", S("HARD-VALUE-7"), "CLOSES",
     "an unquoted substitution only run time knows, before any `--`, where git reads options"),
    (["HARD-VALUE-7"], RM, "for f in src/*.rs; do git add \"$f\"; done", "allow", "*", "KEEPS",
     "every value of `\"$f\"` starts with `src/`: a path, neither an option nor a subcommand"),
    (["HARD-VALUE-7"], RM, "git log -- \"$x\"", "allow", "*", "KEEPS",
     "after `--` git reads no option: the unknown word is a path"),
    # Class 2: unquoted known values are split and globbed (HARD-VALUE-2, -7).
    (["HARD-VALUE-2", "HARD-VALUE-5", "HARD-VALUE-7"], ENV, "cat $(cat <<'EOF'\n.e*\nEOF\n)", "ask", "*.env", "CLOSES",
     "unquoted, the idiom's `.e*` is globbed by bash (to `.env`): the value is unknown, `*.env` deny and `*` allow are both reachable (HARD-VALUE-5)"),
    (["HARD-VALUE-2", "HARD-VALUE-7"], RM, "mkdir -p 'w --script-shell=x' && cd 'w --script-shell=x' && npm test $PWD", "ask", S("HARD-VALUE-7"), "CLOSES",
     "unquoted `$PWD` is the absolute path, split by bash (here into `…/w` and `--script-shell=x`): unknown, where npm reads options"),
    # Class 5: settings whose key is not inert (HARD-RUN-7) and npm's keys (HARD-RUN-6).
    (["HARD-RUN-7"], RM, "git -C . -c alias.x='!rm -rf x' x", "ask", S("HARD-RUN-7"), "CLOSES",
     "git's global options are read in any order: `-C .` then `-c alias.x=…`, a key not inert (the alias runs `rm -rf x`)"),
    (["HARD-RUN-7"], RM, "git --no-pager -c core.pager='rm -rf x' log", "ask", S("HARD-RUN-7"), "CLOSES",
     "`--no-pager` is a global flag; `core.pager` is not an inert key"),
    (["HARD-RUN-7"], RM, "git --git-dir=.git -c core.fsmonitor=pwnd status", "ask", S("HARD-RUN-7"), "CLOSES",
     "`--git-dir=…` takes its value attached; `core.fsmonitor` names a program git status runs"),
    (["HARD-RUN-7"], RM, "git -c color.ui=always log --oneline", "allow", "*", "KEEPS",
     "`color.ui` is in git's inert list: the rules decide"),
    (["HARD-RUN-7"], RM, "git -C sub status", "allow", "*", "KEEPS",
     "no setting: `-C sub` only moves git into `sub`"),
    (["HARD-RUN-7"], RM, "apt-get -o APT::Update::Pre-Invoke::='rm -rf y' update", "ask", S("HARD-RUN-7"), "CLOSES",
     "an apt setting whose key is not inert: apt runs the Pre-Invoke command before the update"),
    (["HARD-RUN-7"], RM, "apt-get -oDpkg::Options::=--pre-invoke=pwnd install x", "ask", S("HARD-RUN-7"), "CLOSES",
     "attached `-oKEY=…`: `Dpkg::Options` passes `--pre-invoke` to dpkg"),
    (["HARD-RUN-6", "HARD-RUN-7"], RM, "npm test --node-options='--import=data:text/javascript,x'", "ask", S("HARD-RUN-6"), "CLOSES",
     "npm's `node-options` key: node imports the module before the test script"),
    (["HARD-RUN-6", "HARD-RUN-7"], RM, "npm test --git=pwnd", "ask", S("HARD-RUN-6"), "CLOSES",
     "npm's `git` key names the program npm runs for git dependencies"),
    (["HARD-RUN-6", "HARD-RUN-7"], RM, "npm test --node_opt=x", "ask", S("HARD-RUN-6"), "CLOSES",
     "npm reads `_` as `-` and takes abbreviations: `node_opt` is `node-options`"),
    (["HARD-RUN-6", "HARD-RUN-7"], RM, "npm test -- --watch", "allow", "*", "KEEPS",
     "after `--` the words are the script's"),
    (["HARD-RUN-6", "HARD-RUN-7"], RM, "dpkg --pre-invoke='rm -rf y' -i x.deb", "ask", S("HARD-RUN-6"), "CLOSES",
     "dpkg runs the pre-invoke hook through the shell"),
    # Class 6: interpreters' modules and loaders, abbreviations, versioned names.
    (["HARD-RUN-7"], RM, "python3 -m timeit 'import os'", "ask", S("HARD-RUN-7"), "CLOSES",
     "`timeit` is not an inert module: it runs its operand as Python"),
    (["HARD-RUN-7"], RM, "python3 -Im pdb x.py", "ask", S("HARD-RUN-7"), "CLOSES",
     "`-m` at the end of a cluster takes the next word: `pdb` reads commands from standard input"),
    (["HARD-RUN-7"], RM, "python3 -m pytest -q", "allow", "*", "KEEPS",
     "`pytest` is an inert module: it runs the tests as `pytest` would, for the rules to judge"),
    (["HARD-RUN-6", "HARD-RUN-7"], RM, "node --import=data:text/javascript,x app.js", "ask", S("HARD-RUN-6"), "CLOSES",
     "node imports the module before the script"),
    (["HARD-RUN-6", "HARD-RUN-7"], RM, "node -r ./x app.js", "ask", S("HARD-RUN-6"), "CLOSES",
     "`-r` preloads a module"),
    (["HARD-RUN-6", "HARD-RUN-7"], RM, "perl -d x.pl", "ask", S("HARD-RUN-6"), "CLOSES",
     "perl's debugger reads commands, Perl code, from standard input"),
    (["HARD-RUN-3", "HARD-RUN-7"], RM, "make --fi=/dev/stdin", "ask", S("HARD-RUN-3"), "CLOSES",
     "`--fi` is GNU getopt's abbreviation of `--file`: the makefile is standard input"),
    (["HARD-RUN-3", "HARD-RUN-7"], RM, "perl5.36-x86_64-linux-gnu -e 'system(1)'", "ask", S("HARD-RUN-3"), "CLOSES",
     "the stem drops the target triplet and the version: `perl`, whose `-e` is an inline program"),
    # Class 7: programs that run a command, missing from the tables.
    (["HARD-RUN-6", "HARD-RUN-7"], RM, "gcc -wrapper rm,-rf x.c", "ask", S("HARD-RUN-6"), "CLOSES",
     "gcc runs its subprocesses through the wrapper: `rm -rf cc1 …`"),
    (["HARD-RUN-6", "HARD-RUN-7"], RM, "x86_64-linux-gnu-gcc-12 -B/tmp/x x.c", "ask", S("HARD-RUN-6"), "CLOSES",
     "the cross-compiler's stem is gcc; `-B` runs cc1, as and ld from /tmp/x"),
    (["HARD-RUN-6", "HARD-RUN-7"], RM, "dpkg-architecture -c rm -rf x", "ask", S("HARD-RUN-6"), "CLOSES",
     "`-c` runs the command with the architecture variables set"),
    (["HARD-RUN-6", "HARD-RUN-7"], RM, "gpg-agent --daemon rm -rf x", "ask", S("HARD-RUN-6"), "CLOSES",
     "`--daemon CMD` runs the command beside the agent"),
    (["HARD-RUN-3", "HARD-RUN-6", "HARD-RUN-7"], RM, "vim.basic -c '!rm -rf x'", "ask", S("HARD-RUN-3"), "CLOSES",
     "`vim.basic` is Debian's vim: its `-c` runs an Ex command"),
    (["HARD-RUN-4", "HARD-RUN-7"], RM, "editor -c '!rm -rf x'", "ask", S("HARD-RUN-4"), "CLOSES",
     "`editor` is whichever editor the alternatives name: an unmodelled program"),
    # git's global options, one reading for every clause (HARD-RUN-6,
    # HARD-EFFECT-5 read the subcommand where HARD-RUN-7 reads it).
    (["HARD-RUN-6", "HARD-RUN-7"], RM, "git --attr-source X rebase -x 'rm -rf x'", "ask", S("HARD-RUN-6"), "CLOSES",
     "`--attr-source` takes the next word (git 2.39 `git --help`), so `rebase` is the subcommand and `-x` runs its command line"),
    (["HARD-RUN-6", "HARD-RUN-7"], RM, "git --super-prefix X rebase -x 'rm -rf x'", "ask", S("HARD-RUN-6"), "CLOSES",
     "`--super-prefix` takes the next word, as above"),
    (["HARD-EFFECT-5", "HARD-EFFECT-4"], RM, "git -C . format-patch -o ../x HEAD~1", "ask", S("HARD-EFFECT-4"), "CLOSES",
     "after `-C .` the subcommand is `format-patch`, whose `-o` writes out of the tree"),
    (["HARD-EFFECT-5", "HARD-EFFECT-4"], RM, "git -c color.ui=auto archive -o ../x HEAD", "ask", S("HARD-EFFECT-4"), "CLOSES",
     "`-c` takes the next word: the subcommand is `archive`, whose `-o` writes out of the tree"),
    (["HARD-EFFECT-5", "HARD-RUN-6"], RM, "git -C . format-patch -o out HEAD~1", "allow", "*", "KEEPS",
     "the same write into the tree is the rules' to decide"),
    # Package runners run the machine's program when no package provides
    # the name (npm 9 in the oracle's real mode: `npm exec -- rm -rf x` runs
    # `sh -c "'rm' -rf x"`, then rm): the inner command meets the rules.
    (["HARD-RUN-6"], RM, "npm exec -- rm -rf x", "deny", "rm *", "CLOSES",
     "`npm exec` runs its operands as a command, with node_modules/.bin first on PATH"),
    (["HARD-RUN-6"], RM, "npm x rm -rf x", "deny", "rm *", "CLOSES",
     "`npm x` is `npm exec`"),
    (["HARD-RUN-6"], RM, "pnpm dlx rm -rf x", "deny", "rm *", "CLOSES",
     "`pnpm dlx` runs a package's binary named by its operands"),
    (["HARD-RUN-6"], RM, "yarn dlx rm -rf x", "deny", "rm *", "CLOSES",
     "`yarn dlx` runs a package's binary named by its operands"),
    (["HARD-RUN-6"], RM, "bun x rm -rf x", "deny", "rm *", "CLOSES",
     "`bun x` runs a package's binary, or the machine's program"),
    (["HARD-RUN-4"], RM, "bunx rm -rf x", "deny", "rm *", "CLOSES",
     "`bunx` is `bun x`"),
    (["HARD-RUN-6"], RM, "npm exec -- tsc --noEmit", "allow", "*", "KEEPS",
     "the inner command the rules allow"),
    # A template directory is copied into the new repository's .git (git
    # 2.39: clone runs its post-checkout hook; init copies its config, whose
    # core.fsmonitor the next git status runs).
    (["HARD-RUN-6"], RM, "git clone --template=t src dst", "ask", S("HARD-RUN-6"), "CLOSES",
     "the template's hooks are copied into dst/.git and clone runs post-checkout"),
    (["HARD-RUN-6"], RM, "git init --templ=t x && cd x && git status", "ask", S("HARD-RUN-6"), "CLOSES",
     "an abbreviation git accepts: the template's config (core.fsmonitor) becomes x's"),
    (["HARD-RUN-6"], RM, "git init x", "allow", "*", "KEEPS",
     "git's own template"),
    (["HARD-RUN-6", "HARD-RUN-3"], RM, "printf ':!rm -rf x\\n:qa!\\n' | git difftool -y -t vimdiff", "ask", S("HARD-RUN-6"), "CLOSES",
     "difftool runs vimdiff, which reads its keystrokes from standard input (checked with git 2.39 and vim 9.0)"),
    # The toolchains agents run every day: a program named by an option or
    # a setting (rustc 1.95: `-C linker=PROG` runs PROG), a script written
    # for a later run (npm 11: `npm pkg set scripts.test=…` then `npm test`).
    (["HARD-RUN-7"], RM, "rustc -C linker=rm main.rs", "ask", S("HARD-RUN-7"), "CLOSES",
     "`linker` is no inert codegen key: rustc runs the program it names"),
    (["HARD-RUN-7"], RM, "rustc -Clinker=rm main.rs", "ask", S("HARD-RUN-7"), "CLOSES",
     "the value attached"),
    (["HARD-RUN-7"], RM, "rustc -C opt-level=3 main.rs", "allow", "*", "KEEPS",
     "an inert codegen key"),
    (["HARD-RUN-6"], RM, "cargo rustc -- -C linker=rm", "ask", S("HARD-RUN-6"), "CLOSES",
     "cargo hands rustc the words after `--`"),
    (["HARD-RUN-6"], RM, "rustup run stable rm -rf x", "ask", S("HARD-RUN-6"), "CLOSES",
     "`rustup run TOOLCHAIN CMD` runs CMD"),
    (["HARD-RUN-6"], RM, "go test -exec 'rm -rf x' ./...", "ask", S("HARD-RUN-6"), "CLOSES",
     "go runs the test binary under the program `-exec` names"),
    (["HARD-RUN-6"], RM, "go test -vet=off ./...", "allow", "*", "KEEPS",
     "Go's flags take no abbreviation: `-vet` is not `-vettool`"),
    (["HARD-RUN-6"], RM, "npm pkg set scripts.test='rm -rf x' && npm test", "ask", S("HARD-RUN-6"), "CLOSES",
     "the script `npm test` runs is written by the same command"),
    (["HARD-RUN-6"], RM, "npm explore left-pad -- rm -rf x", "ask", S("HARD-RUN-6"), "CLOSES",
     "`npm explore PKG -- CMD` runs CMD through a shell"),
    (["HARD-RUN-6"], RM, "mvn -Dexec.executable=rm -Dexec.args='-rf x' exec:exec", "ask", S("HARD-RUN-6"), "CLOSES",
     "exec-maven-plugin runs the program the property names"),
    # Containers, machines and clusters run a command elsewhere, where a
    # bind mount shows this machine's files (HARD-RUN-6, the `remote` rows).
    (["HARD-RUN-6"], RM, "docker run --rm -v \"$PWD\":/w alpine rm -rf /w/x", "ask", S("HARD-RUN-6"), "CLOSES",
     "the container runs `rm -rf /w/x`, which deletes the project's x through the bind mount"),
    (["HARD-RUN-6"], RM, "docker --context prod exec web rm -rf x", "ask", S("HARD-RUN-6"), "CLOSES",
     "a global option whose value this profile cannot place comes first: `exec` may be the subcommand"),
    (["HARD-RUN-6"], RM, "kubectl exec pod -- rm -rf x", "ask", S("HARD-RUN-6"), "CLOSES",
     "kubectl runs the command in the pod"),
    (["HARD-RUN-6"], RM, "ansible localhost -m shell -a 'rm -rf x'", "ask", S("HARD-RUN-6"), "CLOSES",
     "an ad-hoc module runs what its arguments say"),
    (["HARD-RUN-6"], RM, "gh alias set x '!rm -rf x'", "ask", S("HARD-RUN-6"), "CLOSES",
     "a `!` alias runs its text through a shell as `gh x`"),
    (["HARD-RUN-6"], RM, "docker compose ps", "allow", "*", "KEEPS",
     "a subcommand that runs nothing"),
    (["HARD-RUN-6"], RM, "cargo +nightly rustc -- -C linker=rm", "ask", S("HARD-RUN-6"), "CLOSES",
     "rustup's toolchain selector comes first: `rustc` may be the subcommand"),
    # Copying, moving, linking and creating are writes (HARD-EFFECT-5): a
    # hook installed by cp runs at the next `git commit` as one written by
    # `>` does.
    (["HARD-EFFECT-5", "HARD-EFFECT-4"], RM, "cp hook.sh .git/hooks/pre-commit && git commit -m x", "ask", S("HARD-EFFECT-4"), "CLOSES",
     "cp's last operand is its destination, in `.git`"),
    (["HARD-EFFECT-5", "HARD-EFFECT-4"], RM, "cp -t .git/hooks pre-commit", "ask", S("HARD-EFFECT-4"), "CLOSES",
     "`-t` names the destination directory"),
    (["HARD-EFFECT-5", "HARD-EFFECT-4"], RM, "mv cfg .git/config", "ask", S("HARD-EFFECT-4"), "CLOSES",
     "mv writes its destination"),
    (["HARD-EFFECT-5", "HARD-EFFECT-4"], RM, "ln -sf ../../hook.sh .git/hooks/pre-commit", "ask", S("HARD-EFFECT-4"), "CLOSES",
     "the link is written in `.git`"),
    (["HARD-EFFECT-5", "HARD-EFFECT-4"], RM, "rsync -a hooks/ .git/hooks/", "ask", S("HARD-EFFECT-4"), "CLOSES",
     "rsync's destination"),
    (["HARD-EFFECT-5", "HARD-EFFECT-4"], RM, "truncate -s 0 .git/config", "ask", S("HARD-EFFECT-4"), "CLOSES",
     "truncate writes every operand"),
    (["HARD-EFFECT-5", "HARD-EFFECT-4"], RM, "gcp hook.sh .git/hooks/pre-commit", "ask", S("HARD-EFFECT-4"), "CLOSES",
     "Homebrew's name for GNU cp"),
    (["HARD-EFFECT-5"], RM, "cp .env.example .env && cp -r src dist", "allow", "*", "KEEPS",
     "destinations in the tree are the rules' to judge"),
    (["HARD-EFFECT-5"], RM, "cp .git/config config.bak", "allow", "*", "KEEPS",
     "cp only reads its sources"),
    (["HARD-RUN-6"], RM, "git --git-dir=fake status", "ask", S("HARD-RUN-6"), "CLOSES",
     "any directory of the tree can be made a git directory, whose config git reads and whose hooks it runs"),
    # Document and image tools that run a program their words name.
    (["HARD-RUN-6"], RM, "pandoc --filter rm README.md", "ask", S("HARD-RUN-6"), "CLOSES",
     "pandoc runs the filter program on the document's AST"),
    (["HARD-RUN-6"], RM, "latexmk -pdflatex='rm -rf x' paper.tex", "ask", S("HARD-RUN-6"), "CLOSES",
     "latexmk runs the command `-pdflatex=` names"),
    (["HARD-RUN-6"], RM, "pdflatex -shell-escape paper.tex", "ask", S("HARD-RUN-6"), "CLOSES",
     "with shell escape the document's `\\write18{…}` runs any command"),
    (["HARD-RUN-6"], RM, "pdflatex paper.tex", "allow", "*", "KEEPS",
     "TeX's default restricted shell escape"),
    (["HARD-RUN-6"], RM, "convert '|rm -rf x' out.png", "ask", S("HARD-RUN-6"), "CLOSES",
     "ImageMagick reads a file name beginning with `|` as a command to pipe from"),
    (["HARD-RUN-3"], RM, "echo 'Runtime.getRuntime().exec(\"rm -rf x\");' | jshell", "ask", S("HARD-RUN-3"), "CLOSES",
     "jshell runs the snippets on its standard input (checked with OpenJDK 17)"),
    (["HARD-RUN-3"], RM, "swipl -g 'shell(\"rm -rf x\")' -t halt", "ask", S("HARD-RUN-3"), "CLOSES",
     "`-g` is a goal SWI-Prolog runs"),
    # git opens an editor (core.editor, $EDITOR, else vi) for a message it
    # is not given, and vi reads its keystrokes from standard input (git
    # 2.39, vim 9.0, TERM=xterm: the command ran).
    (["HARD-RUN-6"], RM, "printf ':!rm -rf x\\n:wq\\n' | git commit --allow-empty", "ask", S("HARD-RUN-6"), "CLOSES",
     "no message: git starts the editor, which runs `:!rm -rf x` from the pipe"),
    (["HARD-RUN-6"], RM, "git commit --amend", "ask", S("HARD-RUN-6"), "CLOSES",
     "an amend without --no-edit opens the editor"),
    (["HARD-RUN-6"], RM, "git commit -e -m wip", "ask", S("HARD-RUN-6"), "CLOSES",
     "`-e` opens the editor on the message"),
    (["HARD-RUN-6"], RM, "git commit -am 'fix: typo'", "allow", "*", "KEEPS",
     "a message, after flags that take no value"),
    (["HARD-RUN-6"], RM, "git commit --amend --no-edit && git revert --no-edit HEAD", "allow", "*", "KEEPS",
     "no editor"),
    (["HARD-RUN-6"], RM, "git revert HEAD", "ask", S("HARD-RUN-6"), "CLOSES",
     "revert opens the editor unless --no-edit"),
    (["HARD-RUN-6"], RM, "git rebase -i HEAD~3", "ask", S("HARD-RUN-6"), "CLOSES",
     "the todo list opens in the sequence editor"),
    (["HARD-RUN-6"], RM, "git tag -a v1.0", "ask", S("HARD-RUN-6"), "CLOSES",
     "an annotated tag without -m opens the editor"),
    # npx runs the machine's program when no package provides it (npm 11 in
    # the oracle's real mode): HARD-RUN-10.
    (["HARD-RUN-10"], RM, "npx rm -rf x", "deny", "rm *", "CLOSES",
     "`*` names no program: the inner `rm -rf x` meets `rm *`"),
    (["HARD-RUN-10", "HARD-RUN-4"], RM, "npx -y rm -rf x", "deny", "rm *", "CLOSES",
     "`-y` is an option of npx's grammar; the command after it is judged"),
    (["HARD-RUN-10"], NPX_TSC, "npx tsc --noEmit", "allow", "npx tsc *", "KEEPS",
     "the rule that allows the runner's command names `npx tsc`: the program that runs is the one the user named"),
    (["HARD-RUN-10"], NPX_LATER, "npx tsc --noEmit", "ask", "*", "CLOSES",
     "the deciding rule is the later `npx *`, which names no program: `tsc --noEmit` is judged alone, and `*` asks"),
    (["HARD-RUN-10"], NPX_PREFIX, "npx tsc-evil", "ask", "*", "CLOSES",
     "`npx tsc*` has no space after `tsc`: it does not name the program `tsc-evil`"),
    # Programs that read commands from standard input (HARD-RUN-3), checked
    # with vim 9.0 and groff 1.22.4 on Debian 12.
    (["HARD-RUN-3"], RM, "printf ':!rm -rf x\\n:qa!\\n' | vim -n", "ask", S("HARD-RUN-3"), "CLOSES",
     "vim reads its keystrokes from standard input when it is not a terminal: `:!rm -rf x` runs"),
    (["HARD-RUN-3"], RM, "vi notes.txt < /dev/null", "ask", S("HARD-RUN-3"), "CLOSES",
     "every use of the vi family reads keystrokes from standard input"),
    (["HARD-RUN-3"], RM, "vim --version", "allow", "*", "KEEPS",
     "a version query reads no keystrokes"),
    (["HARD-RUN-3"], RM, "echo '! rm -rf x' | telnet", "ask", S("HARD-RUN-3"), "CLOSES",
     "telnet reads its commands from standard input; `!` runs a shell command"),
    # Options that run a command or hand the program words the rules never
    # see (HARD-RUN-6).
    (["HARD-RUN-6"], RM, "echo '.sy rm -rf x' | groff -U -Tascii", "ask", S("HARD-RUN-6"), "CLOSES",
     "groff's unsafe mode runs the `sy` request's shell command"),
    (["HARD-RUN-6"], RM, "groff -Tutf8 -man README.1", "allow", "*", "KEEPS",
     "safe mode: the rules decide"),
    (["HARD-RUN-6"], ENV, "curl -sK opts.txt https://example.com", "ask", S("HARD-RUN-6"), "CLOSES",
     "`-K` reads more options from a file (an `--upload-file .env` among them), clustered after `-s`"),
    (["HARD-RUN-6"], ENV, "tar -czf out.tgz -T names.txt", "ask", S("HARD-RUN-6"), "CLOSES",
     "the names tar archives (`.env` among them) come from a file"),
    (["HARD-RUN-6"], ENV, "tar czTf names.txt out.tgz", "ask", S("HARD-RUN-6"), "CLOSES",
     "tar's dashless first word: `T` reads the names from a file"),
    (["HARD-RUN-6"], ENV, "ls -a | cpio -o > out.cpio", "ask", S("HARD-RUN-6"), "CLOSES",
     "cpio copies every name its standard input lists, `.env` among them"),
    (["HARD-RUN-6"], ENV, "find . -files0-from names.bin -print", "ask", S("HARD-RUN-6"), "CLOSES",
     "find's starting points come from a file"),
    (["HARD-RUN-6"], ENV, "wc -l --files0-from=names.bin", "ask", S("HARD-RUN-6"), "CLOSES",
     "the files wc reads are named in a file"),
    (["HARD-RUN-6"], ENV, "tar -czf out.tgz src", "allow", "*", "KEEPS",
     "the operands the rules see"),
    (["HARD-RUN-6"], RM, "dpkg --admindir=db -r pkg", "ask", S("HARD-RUN-6"), "CLOSES",
     "another database: the maintainer scripts dpkg runs for `-r` are that directory's files"),
    (["HARD-RUN-6"], RM, "git --work-tree=.. checkout -f HEAD -- .", "ask", S("HARD-RUN-6"), "CLOSES",
     "another work tree: where the checkout writes, which the words do not show"),
    (["HARD-EFFECT-5", "HARD-EFFECT-4"], RM, "curl --libc .git/config file:///etc/hostname", "ask", S("HARD-EFFECT-4"), "CLOSES",
     "curl takes an unambiguous prefix of a long option (curl 7.88): `--libc` is `--libcurl`, which writes its file into `.git`"),
    # A closed option grammar (HARD-RUN-9): sort's, from `sort --help`.
    (["HARD-RUN-9"], RM, "sort --frobnicate f", "ask", S("HARD-RUN-9"), "CLOSES",
     "`--frobnicate` is no option of sort 9.1: what it would do is not in the contract"),
    (["HARD-RUN-9"], RM, "sort --s=x f", "ask", S("HARD-RUN-9"), "CLOSES",
     "`--s` abbreviates both `--sort` and `--stable`: GNU getopt refuses it, the contract does not guess"),
    (["HARD-RUN-9"], RM, "sort -X f", "ask", S("HARD-RUN-9"), "CLOSES",
     "`-X` is no short option of sort"),
    (["HARD-RUN-9"], RM, "sort -k2,2n -t, -o out.txt f", "allow", "*", "KEEPS",
     "every option is sort's: the rules decide"),
    (["HARD-RUN-9"], RM, "sort -u --unique f", "allow", "*", "KEEPS",
     "`-u` and `--unique` are sort's flags"),
    (["HARD-RUN-9"], RM, "sort --unique=x f", "ask", S("HARD-RUN-9"), "CLOSES",
     "`--unique` takes no value: getopt refuses `--unique=x`, the contract does not guess"),
    (["HARD-RUN-9"], RM, "sort --numeric -r f", "allow", "*", "KEEPS",
     "`--numeric` abbreviates only `--numeric-sort`"),
    (["HARD-RUN-9"], RM, "make 2>&1 | tee --bogus build.log", "ask", S("HARD-RUN-9"), "CLOSES",
     "`--bogus` is no option of tee 9.1"),
    (["HARD-RUN-9"], RM, "make 2>&1 | tee -a build.log", "allow", "*", "KEEPS",
     "`-a` is tee's append"),
    (["HARD-RUN-9"], RM, "split -1000 big.txt part-", "allow", "*", "KEEPS",
     "`-1000` is split's obsolete lines-per-file form"),
    (["HARD-RUN-9"], RM, "split -Q big.txt", "ask", S("HARD-RUN-9"), "CLOSES",
     "`-Q` is no option of split"),
    # Found by reading the installed programs' --help (HARD-RUN-8).
    (["HARD-RUN-8", "HARD-RUN-6"], RM, "wget --execute='use_askpass=pwnd' https://example.com/f", "ask", S("HARD-RUN-6"), "CLOSES",
     "a wgetrc command given on the command line; wget's help says `execute a .wgetrc-style command`, and `use_askpass` names a program"),
    (["HARD-RUN-8", "HARD-RUN-6"], RM, "patch --ed -i fix.ed notes.txt", "ask", S("HARD-RUN-6"), "CLOSES",
     "patch hands an ed script to ed, which runs its `!` commands"),
    # Class 3: the awk lexer and its second reading (HARD-RUN-5).
    (["HARD-RUN-5", "HARD-RUN-3"], RM, "awk 'BEGIN { print /#/; system(\"rm -rf x\") }'", "ask", S("HARD-RUN-3"), "CLOSES",
     "after `print` a `/` starts a regular expression: `/#/` is one, `#` no comment, and `system` is refused"),
    (["HARD-RUN-5", "HARD-RUN-3"], RM, "awk '/[]#]/ { system(\"x\") }'", "ask", S("HARD-RUN-3"), "CLOSES",
     "a bracket's first `]` is literal: the regex is `[]#]`, then `system` follows"),
    (["HARD-RUN-5", "HARD-RUN-3"], RM, "awk '/[/]/ { print }'", "ask", S("HARD-RUN-3"), "CLOSES",
     "gawk and mawk read `[/]` as one bracket, the one true awk ends the expression at its `/`: the readings disagree"),
    (["HARD-RUN-5"], RM, "awk '{ print /x/ ? 1 : 0 }' f", "allow", "*", "KEEPS",
     "a regular expression after `print`, nothing that runs or writes"),
    # Class 4: locale (HARD-EFFECT-6).
    (["HARD-EFFECT-6"], RM, "LC_ALL=zh_CN.GBK; echo '\u00e9'", "ask", S("HARD-EFFECT-6"), "CLOSES",
     "bash re-reads its locale at the assignment and reads the rest as GBK"),
    (["HARD-EFFECT-6"], RM, "export LANG=zh_CN.GB18030; echo '\u00e9'", "ask", S("HARD-EFFECT-6"), "CLOSES",
     "an exported `LANG` changes bash's locale too"),
    (["HARD-EFFECT-6"], RM, "LANG=C.UTF-8; echo x", "allow", "*", "KEEPS",
     "nothing outside ASCII follows: every locale reads the rest alike"),
    # Class 6 of the issue (item 7): downward `cd`s read by relative rules.
    (["HARD-VALUE-6"], CLAUDE, "cd .claude && echo '{}' > settings.json", "deny", "*.claude/*", "CLOSES",
     "read from `.claude`, the value `echo {} > .claude/settings.json` meets `*.claude/*` (GHSA-66q4-vfjg-2qhh)"),
    (["HARD-VALUE-6"], CLAUDE, "cd x/../.claude; echo '{}' > settings.json", "deny", "*.claude/*", "CLOSES",
     "`x/../.claude` goes down to `.claude`: read from there, as above"),
    # Class 8: a program's own writes (HARD-EFFECT-5, judged by HARD-EFFECT-4).
    (["HARD-EFFECT-5", "HARD-EFFECT-4"], RM, "git log -1 --format='[core]%n%x09fsmonitor = pwnd' --output=.git/config && git status", "ask", S("HARD-EFFECT-4"), "CLOSES",
     "git log writes .git/config, and git status then runs the fsmonitor program"),
    (["HARD-EFFECT-5", "HARD-EFFECT-4"], RM, "git diff --outp ../x", "ask", S("HARD-EFFECT-4"), "CLOSES",
     "`--outp` abbreviates `--output`: a write out of the tree"),
    (["HARD-EFFECT-5", "HARD-EFFECT-4"], RM, "find . -fprintf .git/config x", "ask", S("HARD-EFFECT-4"), "CLOSES",
     "find writes its output into .git/config"),
    (["HARD-EFFECT-5", "HARD-EFFECT-4"], RM, "sort -uo ../x a", "ask", S("HARD-EFFECT-4"), "CLOSES",
     "`-o` last in a cluster takes the next word: sort writes ../x"),
    (["HARD-EFFECT-5", "HARD-EFFECT-4"], RM, "git diff --output=out.txt", "allow", "*", "KEEPS",
     "a write inside the tree: the rules decide"),
]
