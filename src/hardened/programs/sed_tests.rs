//! Tests of [`super`] (`sed.rs`), kept apart to keep the module short; the
//! parent declares this module under #[cfg(test)].

use super::*;

fn sed(line: &[&str]) -> Result<(), Refusal> {
    admitted(line, &vec![true; line.len()])
}

/// HARD-RUN-5: sed scripts of the admitted subset, construct by construct
/// (each row's script run through GNU sed 4.9 while writing it).
#[test]
fn hard_run_5_sed_admits_filters() {
    let admitted_rows: &[&[&str]] = &[
        &["-n", "1,80p", "src/main.rs"],
        &["-n", "$p"],
        &["s/a/b/g", "f"],
        &["-E", "s/(a|b)+/x/2g"],
        &["s/[/]/X/"],
        &["s|/usr|/opt|"],
        &["s/a/\\n/"],
        &["/^#/d"],
        &["\\,foo,d"],
        &["-n", "/start/,/end/p"],
        &["1~2d"],
        &["0,/re/s//x/"],
        &["2,+3d"],
        &["-n", "/a/{p;p}"],
        &[":x;s/a/b/;tx"],
        &["1!G;h;$!d"],
        &["y/abc/xyz/"],
        &["a foo; w bar"],
        &["$a\\\nend"],
        &["-e", "1d", "-e", "$d"],
        &["-ne", "5p"],
        &["-n", "=", "f"],
        &["q5"],
        &["/x/I,/y/Mp"],
        &["s/e/w/g"],
        &["--posix", "--expression=p"],
        &["#n\np"],
        &["-n", "1p", "--", "-i"],
    ];
    for line in admitted_rows {
        assert_eq!(sed(line), Ok(()), "{line:?}");
    }
    let refused: &[&[&str]] = &[
        &["-i", "s/a/b/", "f"],
        &["-n", "1p", "f", "-i"],
        &["-in", "1p"],
        &["--in-place", "1p"],
        &["-f", "script.sed"],
        &["s/a/b/e"],
        &["s/a/b/w out"],
        &["s/a/b/gw out"],
        &["e rm -rf x"],
        &["1e"],
        &["w out"],
        &["r /etc/passwd"],
        &["R f"],
        &["W f"],
        &["v"],
        &["s/a/b"],
        &["/a/{p"],
        &["}"],
        &["p x"],
        &[],
    ];
    for line in refused {
        assert!(sed(line).is_err(), "{line:?}");
    }
    assert_eq!(
        admitted(&["{-i,README.md}"], &[false]),
        Err(Refusal::Computed)
    );
}
