//! The sed readers against GNU sed (spec §12.12, `HARD-SUB-1`, `HARD-SUB-2`).
//!
//! Scripts are generated from sed's grammar around the tokens the two
//! readings could take differently — a `#`, a delimiter other than `/`, a
//! bracket expression with `]` first, a class, the delimiter inside a
//! bracket, a label, `a`/`i`/`c` text, an escaped or bare newline in a
//! delimited part — each followed by a glue and a hidden command that runs
//! or writes (`e`, `w`, `s///e`, `s///w`). For every script the readers
//! admit, GNU sed must agree twice: its own parse (`sed --debug`, which
//! prints the compiled program) holds exactly the commands the readings
//! read, in order, and running it on a few lines runs nothing and writes
//! nothing. What it cannot see: a file `r` or `R` reads (the parse shows
//! the command, the run does not), and versions of sed other than the one
//! installed (GNU sed 4.9 on the machines this was written on).

use std::path::Path;
use std::process::{Command, Stdio};

use inner_cmd_spec::hardened::programs::sed::{admitted, first_reading};
use inner_cmd_spec::hardened::programs::sed_second::steps;

/// Addresses, from sed's address grammar.
const ADDRESSES: &[&str] = &[
    "",
    "1",
    "$",
    "/a/",
    "/[/]/",
    "/[]#]/",
    "/[^]/]/",
    "\\,a,",
    "\\#a#",
    "/x/I",
    "1,3",
    "1,+2",
    "0,/a/",
    "2~3",
    "/a/,/b/",
    "/[[:alpha:]/]/",
    "/a\\/#/",
];

/// Command fragments whose text holds a token a reading may misplace.
const FRAGMENTS: &[&str] = &[
    "p",
    "s/a/b/",
    "s/[/]/x/",
    "s/[]/]/x/",
    "s/a/[/]/",
    "s|a|b|g",
    "s#a#b#",
    "s/a/#/",
    "s/[#]/x/",
    "s/a/b/ #",
    "s:[[:alpha:]]:x:",
    "s/[[:x/:]/y/",
    "s/a/b\\/c/",
    "s/a/b\n/",
    "s/a/b\\\n/",
    "y/a/b/",
    "y/#/x/",
    "y/a\n/bc/",
    ":a",
    ":a#x",
    "b a",
    "ba",
    "t",
    "a foo",
    "a\\",
    "i x;",
    "c\\\nfoo\\",
    "l 5",
    "q3",
    "{p}",
    "{p",
    "#c",
    "s/[[.a.]/]/x/",
    "s/[[=a=]/]/x/",
    "\\%[%]%p",
    "s%[%]%x%",
    "y/\\//x/",
    "b}",
    ":a b",
    "$!N",
    "s/a/b/;#x\\",
    "s a b ",
    "s[a[b[",
    "s]a]b]",
    "y,a,b,",
    "s\u{e9}a\u{e9}b\u{e9}",
];

/// What may separate a fragment from the next command.
const GLUES: &[&str] = &[";", "\n", " ", "}", "#c\n", "", "\\\n"];

/// Commands that run or write: `ran` appears when one of them happens.
const HIDDEN: &[&str] = &["e touch ran", "w ran", "s/.*/touch ran/e", "s/^/x/w ran"];

fn scripts() -> Vec<String> {
    let mut out = Vec::new();
    for address in ADDRESSES {
        for fragment in FRAGMENTS {
            for glue in GLUES {
                for hidden in HIDDEN {
                    out.push(format!("{address}{fragment}{glue}{hidden}"));
                }
            }
        }
    }
    // Two fragments in a row, then a hidden command: pairs that may agree
    // on the first token and part on the second.
    for a in FRAGMENTS {
        for b in FRAGMENTS {
            out.push(format!("{a};{b}\ne touch ran"));
        }
    }
    out
}

/// GNU sed's own parse of a script.
#[derive(Debug, PartialEq)]
enum Parse {
    /// The command letters of the program `--debug` prints, in order.
    Letters(Vec<char>),
    /// sed rejected the script: it runs nothing.
    Rejected,
    /// sed printed a program this test cannot read back (a newline inside
    /// a replacement is printed raw): only the run is checked.
    Unreadable,
}

/// GNU sed's own parse of `script` (`sed --debug`, no input).
fn gnu_parse(script: &str, dir: &Path) -> Parse {
    match gnu_letters(script, dir) {
        Ok(letters) => Parse::Letters(letters),
        Err(parse) => parse,
    }
}

fn gnu_letters(script: &str, dir: &Path) -> Result<Vec<char>, Parse> {
    let output = Command::new("sed")
        .args(["--debug", "-n", "-e", script])
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .map_err(|_| Parse::Rejected)?;
    if !output.status.success() {
        return Err(Parse::Rejected);
    }
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let mut letters = Vec::new();
    let mut in_text = false;
    for line in text.lines().skip_while(|l| *l != "SED PROGRAM:").skip(1) {
        if line.starts_with("INPUT:") {
            break;
        }
        if in_text {
            // a, i, c text runs to the empty line sed prints after it.
            in_text = !line.is_empty();
            continue;
        }
        let line = line.trim_start();
        if line.is_empty() {
            continue;
        }
        let letter = letter_after_address(line).ok_or(Parse::Unreadable)?;
        in_text = matches!(letter, 'a' | 'i' | 'c');
        letters.push(letter);
    }
    Ok(letters)
}

/// The command letter of one line of `sed --debug`'s program: after the
/// addresses (numbers, `first~step`, `$`, `/re/` with `\/` escaped and
/// flags `I` `M`, `,`, `+N`, `~N`), an optional `!` and a blank.
fn letter_after_address(line: &str) -> Option<char> {
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    let mut addressed = false;
    loop {
        match chars.get(i)? {
            c if c.is_ascii_digit() || *c == '~' || *c == '+' || *c == '$' || *c == ',' => {
                addressed = true;
                i += 1;
            }
            '/' => {
                addressed = true;
                i += 1;
                loop {
                    match chars.get(i)? {
                        '\\' => i += 2,
                        '/' => break,
                        _ => i += 1,
                    }
                }
                i += 1;
                while matches!(chars.get(i), Some('I' | 'M')) {
                    i += 1;
                }
            }
            _ => break,
        }
    }
    if addressed {
        if chars.get(i) == Some(&'!') {
            i += 1;
        }
        if chars.get(i) == Some(&' ') {
            i += 1;
        }
    }
    chars.get(i).copied()
}

/// Whether running `script` on a few lines made `ran` appear, in the
/// default mode and under the admitted options that change how sed reads
/// (`--posix`, `-E`).
fn ran(script: &str, dir: &Path) -> bool {
    [None, Some("--posix"), Some("-E")]
        .into_iter()
        .any(|option| ran_with(option, script, dir))
}

fn ran_with(option: Option<&str>, script: &str, dir: &Path) -> bool {
    let ran = dir.join("ran");
    let _ = std::fs::remove_file(&ran);
    let _ = Command::new("sed")
        .args(option)
        .args(["-e", script, "input"])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    ran.exists()
}

fn gnu_sed() -> bool {
    Command::new("sed")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success() && String::from_utf8_lossy(&o.stdout).contains("GNU sed"))
}

/// HARD-SUB-1, HARD-SUB-2: every generated script the readers admit is,
/// to GNU sed, exactly the commands they read, and runs and writes nothing.
#[test]
fn hard_sub_1_admitted_sed_scripts_agree_with_gnu_sed() {
    if !gnu_sed() {
        eprintln!("no GNU sed installed: the differential test of HARD-SUB-1 did not run");
        return;
    }
    let dir = std::env::temp_dir().join(format!("inner-cmd-sed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("input"), "a/b]#x\nfoo bar\n[[:alpha:]]\n").unwrap();
    let all = scripts();
    let (mut admitted_count, mut disagreed, mut rejected, mut unreadable) = (0, 0, 0, 0);
    let mut unsound = Vec::new();
    for script in &all {
        let first = first_reading(script);
        let second = steps(script);
        // One reading reads the script and the other does not, or both
        // read it into different steps: HARD-SUB-1 asks.
        if first.is_ok() != second.is_ok() || first.as_ref().ok() != second.as_ref().ok() {
            disagreed += 1;
            if disagreed <= 12 {
                eprintln!("readings differ on {script:?}: {first:?} / {second:?}");
            }
        }
        if admitted(&[script.as_str()], &[true]).is_err() {
            continue;
        }
        admitted_count += 1;
        let read: Vec<char> = first.unwrap().iter().map(|s| s.letter).collect();
        match gnu_parse(script, &dir) {
            Parse::Letters(letters) if letters == read => {}
            Parse::Rejected => rejected += 1,
            Parse::Unreadable => unreadable += 1,
            other => unsound.push(format!("{script:?}: read {read:?}, GNU sed {other:?}")),
        }
        if ran(script, &dir) {
            unsound.push(format!("{script:?}: GNU sed ran or wrote"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        unsound.is_empty(),
        "admitted, and GNU sed read or ran otherwise: {unsound:#?}"
    );
    eprintln!(
        "HARD-SUB-1: {} scripts, {admitted_count} admitted ({rejected} of them rejected by GNU sed, \
         {unreadable} whose --debug program this test cannot read back), \
         {disagreed} read by both readings differently",
        all.len()
    );
    // The generator must reach both sides: admitted scripts, and scripts
    // the readings each read but differently.
    assert!(admitted_count > 100, "only {admitted_count} admitted");
    assert!(disagreed > 0, "no script the readings read differently");
}

/// The oracle can see: each hidden command, alone, runs or writes in GNU
/// sed, and `--debug` shows its letter.
#[test]
fn hard_sub_1_the_sed_oracle_sees_hidden_commands() {
    if !gnu_sed() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("inner-cmd-sed-v-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("input"), "a\n").unwrap();
    for hidden in HIDDEN {
        assert!(ran(hidden, &dir), "{hidden} did not run in GNU sed");
        let parse = gnu_parse(hidden, &dir);
        assert!(
            matches!(&parse, Parse::Letters(l) if matches!(l.as_slice(), ['e' | 'w' | 's'])),
            "{parse:?}"
        );
    }
    assert_eq!(
        gnu_parse("1,/x/!{s/[/]/y/g;a foo\n}\n$p", &dir),
        Parse::Letters(vec!['{', 's', 'a', '}', 'p'])
    );
    assert_eq!(gnu_parse("p;}", &dir), Parse::Rejected);
    let _ = std::fs::remove_dir_all(&dir);
}
