//! The awk reader against the real awk (spec §12.5, `HARD-RUN-5`): programs
//! built to hide a command behind the lexer's choices (`/` as division or
//! regular expression after each kind of token, `#` in a regular
//! expression, a bracket, a string or a comment, a bracket's first `]`)
//! are run by every awk installed here (mawk is Debian's `awk`; gawk and
//! original-awk when present). Whenever the reader admits a program, the
//! real awk must not have run the command it hides.

use std::path::Path;
use std::process::{Command, Stdio};

use inner_cmd_spec::hardened::programs::awk::admitted;

const BEFORE: &[&str] = &[
    "print", "printf", "return", "else", "do", "x", "1", ")", "$1", "x++", "]", "in", "getline", "",
];
const FRAGMENTS: &[&str] = &[
    "/#/",
    "/[/]/",
    "/[]#]/",
    "/[#]/",
    "/ 2 /",
    "/[[:alpha:]#]/",
    "# ",
    "\"#\"",
    "/\\/#/",
    "/[^]#]/",
];
const HIDDEN: &[&str] = &[
    "; system(\"touch ran\")",
    " | \"touch ran\"",
    "; print 1 > \"ran\"",
];

/// The awk programs to try: each fragment after each token, then a hidden
/// command, in a rule where the token can stand.
fn programs() -> Vec<String> {
    let mut out = Vec::new();
    for before in BEFORE {
        for fragment in FRAGMENTS {
            for hidden in HIDDEN {
                let body = format!("{before} {fragment}{hidden}");
                out.push(format!("BEGIN {{ x = 4; {body} }}"));
                out.push(format!("function f(x) {{ {body} }} BEGIN {{ f(1) }}"));
                out.push(format!("BEGIN {{ if (0) x = 1; else {body} }}"));
            }
        }
    }
    out
}

fn ran(awk: &str, program: &str, dir: &Path) -> bool {
    let ran = dir.join("ran");
    let _ = std::fs::remove_file(&ran);
    let status = Command::new(awk)
        .arg(program)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .status();
    status.is_ok() && ran.exists()
}

/// HARD-RUN-5: no program the reader admits runs a command or writes a
/// file in a real awk.
#[test]
fn hard_run_5_admitted_awk_programs_run_nothing_in_real_awks() {
    let awks: Vec<&str> = ["mawk", "gawk", "original-awk", "awk"]
        .into_iter()
        .filter(|a| {
            Command::new(a)
                .arg("BEGIN {}")
                .stdin(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        })
        .collect();
    if awks.is_empty() {
        eprintln!("no awk installed: the differential test of HARD-RUN-5 did not run");
        return;
    }
    let dir = std::env::temp_dir().join(format!("inner-cmd-awk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut admitted_count = 0;
    let mut unsound = Vec::new();
    let all = programs();
    for program in &all {
        if admitted(&[program.as_str()], &[true]).is_err() {
            continue;
        }
        admitted_count += 1;
        for awk in &awks {
            if ran(awk, program, &dir) {
                unsound.push(format!("{awk}: {program}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        unsound.is_empty(),
        "admitted, and the real awk ran it: {unsound:#?}"
    );
    // The generator must also reach programs the reader admits: every
    // hidden command sits behind a comment in some of them.
    assert!(
        admitted_count > 0,
        "no program of {} was admitted",
        all.len()
    );
    // And the hidden commands do run when not hidden: the oracle can see.
    let visible = "BEGIN { system(\"touch ran\") }";
    let dir = std::env::temp_dir().join(format!("inner-cmd-awk-v-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for awk in &awks {
        assert!(
            ran(awk, visible, &dir),
            "{awk} did not run a visible system()"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
