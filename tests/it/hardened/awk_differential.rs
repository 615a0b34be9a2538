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
    "print",
    "printf",
    "return",
    "else",
    "do",
    "x",
    "1",
    ")",
    "$1",
    "x++",
    "]",
    "in",
    "getline",
    "",
    // A statement after a `)` that closes a condition: the token before
    // the `/` is a `)`, the grammar expects an operand (HARD-SUB-3).
    "if (1)",
    "while (x-- > 3)",
    "for (i = 0; i < 1; i++)",
    "if (0) y = 1; else",
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
                // Each twice: closed on the same line, and after a newline
                // (so a comment that hides the command leaves a program
                // the grammar-driven reading can read).
                for close in [" }", "\n}"] {
                    out.push(format!("BEGIN {{ x = 4; {body}{close}"));
                    out.push(format!("function f(x) {{ {body}{close} BEGIN {{ f(1) }}"));
                    out.push(format!("BEGIN {{ if (0) x = 1; else {body}{close}"));
                }
            }
        }
    }
    out
}

/// gawk's canonical print of its parse of `program`, if gawk is here and
/// parses it.
fn gawk_pretty(program: &str) -> Option<String> {
    let output = Command::new("gawk")
        .args(["--pretty-print=/dev/stdout", "--", program])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).into_owned())
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
    let mut pretty_checked = 0;
    let mut unsound = Vec::new();
    let all = programs();
    for program in &all {
        if admitted(&[program.as_str()], &[true]).is_err() {
            continue;
        }
        admitted_count += 1;
        // gawk's own parse, printed canonically (one statement a line, a
        // regular expression as `/…/`, comments on lines of their own):
        // the readers must admit it too, or gawk read a command they hid.
        if let Some(pretty) = gawk_pretty(program) {
            pretty_checked += 1;
            if admitted(&[pretty.as_str()], &[true]).is_err() {
                unsound.push(format!("gawk parses {program:?} as {pretty:?}"));
            }
        }
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
    eprintln!(
        "HARD-SUB-3: {} programs, {admitted_count} admitted ({pretty_checked} parsed by gawk), run in {awks:?}",
        all.len()
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

/// Operands of awk's expression grammar that hold a token a lexer may
/// misplace: a `#` or `/` in a string, a regular expression, a bracket
/// expression with `]` first, an escaped `/`.
const OPERANDS: &[&str] = &[
    "$1",
    "x",
    "1",
    "\"#\"",
    "\"/\"",
    "/#/",
    "/[]#]/",
    "/[#]/",
    "/a\\/#/",
    "(x)",
    "a[1]",
    "length",
    "NR/2",
    "x++",
    "/[[:alpha:]#]/",
    "\"a\\\"#\"",
];

/// Statement forms with `E` for an operand.
const FORMS: &[&str] = &[
    "print E",
    "printf \"%s\", E",
    "x = E",
    "if (E) print",
    "if (1) E",
    "while (0) E",
    "for (i = 0; i < 1; i++) E",
    "do E; while (0)",
    "print E ~ E",
    "print E / E",
    "print E, E",
    "print E ? E : E",
    "print (E > E)",
    "if (0) print; else E",
    "y = E E",
    "print !E",
];

/// HARD-SUB-3, HARD-SUB-4: programs generated from awk's grammar, each
/// valid alone; then each with a command after it. The readers must admit
/// most of the valid ones (the second reading is not a blanket refusal),
/// and no admitted program may run the command in a real awk or be parsed
/// by gawk into one the readers refuse.
#[test]
fn hard_sub_3_grammar_generated_awk_programs() {
    let awks: Vec<&str> = ["mawk", "gawk", "original-awk"]
        .into_iter()
        .filter(|a| {
            Command::new(a)
                .arg("BEGIN {}")
                .stdin(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        })
        .collect();
    let mut statements = Vec::new();
    for form in FORMS {
        let slots = form.matches('E').count();
        for (k, first) in OPERANDS.iter().enumerate() {
            // Fill the first slot with each operand and the others with a
            // neighbour, so every operand meets every form.
            let mut text = (*form).to_owned();
            for slot in 0..slots {
                let operand = OPERANDS.get((k + slot) % OPERANDS.len()).unwrap_or(first);
                text = text.replacen('E', operand, 1);
            }
            statements.push(text);
        }
    }
    let dir = std::env::temp_dir().join(format!("inner-cmd-awk-g-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (mut valid, mut valid_admitted, mut hidden_admitted) = (0, 0, 0);
    let mut unsound = Vec::new();
    for statement in &statements {
        let program = format!("BEGIN {{ x = 4; a[1] = 1; {statement}\n}}");
        // Valid in gawk (when gawk is here): the readers should read it.
        if gawk_pretty(&program).is_some() || !awks.contains(&"gawk") {
            valid += 1;
            match admitted(&[program.as_str()], &[true]) {
                Ok(()) => valid_admitted += 1,
                Err(why) => eprintln!("valid, refused: {program:?}: {why:?}"),
            }
        }
        for hidden in HIDDEN {
            let program = format!("BEGIN {{ x = 4; a[1] = 1; {statement}{hidden}\n}}");
            if admitted(&[program.as_str()], &[true]).is_err() {
                continue;
            }
            hidden_admitted += 1;
            if let Some(pretty) = gawk_pretty(&program) {
                if admitted(&[pretty.as_str()], &[true]).is_err() {
                    unsound.push(format!("gawk parses {program:?} as {pretty:?}"));
                }
            }
            for awk in &awks {
                if ran(awk, &program, &dir) {
                    unsound.push(format!("{awk}: {program}"));
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        unsound.is_empty(),
        "admitted, and a real awk read or ran otherwise: {unsound:#?}"
    );
    eprintln!(
        "HARD-SUB-4: {} statements; {valid} valid in gawk, {valid_admitted} of them admitted; \
         {hidden_admitted} admitted with a command after them; run in {awks:?}",
        statements.len()
    );
    assert!(
        valid_admitted * 10 >= valid * 8,
        "the readers admit only {valid_admitted} of {valid} valid programs"
    );
}
