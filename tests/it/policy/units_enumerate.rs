//! Command-unit enumeration against the deployed package (spec §7.3).
//!
//! Every expected row below was produced by `collectCommands` of
//! `@gotgenes/pi-permission-system@20.7.3` (its tree-sitter-bash 0.25.1 wasm),
//! run on Node 20 through an ad-hoc harness; none was copied from this crate's
//! output. Inputs with non-ASCII letters or Unicode spaces other than U+00A0,
//! U+1680, U+202F and U+FEFF were left out while the reference's scanner
//! classified by the "C" locale; `POL-UNIT-1` now has its own rows. The
//! `POL-UNIT-1` rows have syntax errors whose recovery differs when the
//! command is parsed as UTF-8 instead of UTF-16.

use inner_cmd_spec::policy::units::{enumerate, UnitParser};
use inner_cmd_spec::policy::{UnitContext, WrapperKind};

const CS: UnitContext = UnitContext::CommandSubstitution;
const PS: UnitContext = UnitContext::ProcessSubstitution;
const SUB: UnitContext = UnitContext::Subshell;
const OPAQUE: WrapperKind = WrapperKind::OpaquePayload;
const INDIR: WrapperKind = WrapperKind::Indirection;

type Expected = &'static [(&'static str, Option<UnitContext>, Option<WrapperKind>)];

/// (clause, command, expected units) — expected from the npm package.
#[rustfmt::skip]
const ROWS: &[(&str, &str, Expected)] = &[
    ("POL-UNIT-1", "done\t(ls)\u{FEFF}(ls)~/a|| ;\t ", &[("done\t(ls)", None, None), ("\u{FEFF}(ls)", None, None), ("~/a||", None, None)]),
    ("POL-UNIT-1", "rm -rf /\t|(ls)\t>(b)|| (ls)\u{FEFF}do\t", &[("rm -rf /\t|(ls)\t>", None, None), ("(b)", None, None), ("b", Some(SUB), None), ("(ls)", None, None), ("ls", Some(SUB), None), ("\u{FEFF}do", None, None)]),
    ("POL-UNIT-1", "<<< s\t*\t<<< s (ls) > o~/a\t\n FOO=1", &[("<<< s\t*\t<<< s", None, None), ("(ls)", None, None), ("ls", Some(SUB), None), ("FOO=1", None, None)]),
    ("POL-UNIT-1", "2>&1git push \t BAR=$(x)(ls)", &[("2>&1git push \t BAR=$(x)", None, None), ("x", Some(CS), None), ("(ls)", None, None), ("ls", Some(SUB), None)]),
    ("POL-UNIT-3", "a && b || c ; d & e | f |& g", &[("a", None, None), ("b", None, None), ("c", None, None), ("d", None, None), ("e", None, None), ("f", None, None), ("g", None, None)]),
    ("POL-UNIT-3", "ls 2>/dev/null; rm x", &[("ls", None, None), ("rm x", None, None)]),
    ("POL-UNIT-3", "ls > out", &[("ls", None, None)]),
    ("POL-UNIT-3", "cat <<< 'x' | rm y", &[("cat <<< 'x'", None, None), ("rm y", None, None)]),
    ("POL-UNIT-3", "ls\n\n\nrm", &[("ls", None, None), ("rm", None, None)]),
    ("POL-UNIT-3", "ls &", &[("ls", None, None)]),
    ("POL-UNIT-3", "a;;b", &[("a", None, None), ("b", None, None)]),
    ("POL-UNIT-2", "ls # comment", &[("ls", None, None)]),
    ("POL-UNIT-2", "# c\nls", &[("ls", None, None)]),
    ("POL-UNIT-2", "cat <<EOF\nrm -rf /\nEOF", &[("cat", None, None)]),
    ("POL-UNIT-2", "cat <<EOF\n$(rm -rf /)\nEOF", &[("cat", None, None)]),
    ("POL-UNIT-2", "cat <<'EOF'\n$(rm)\nEOF\nls", &[("cat", None, None), ("ls", None, None)]),
    ("POL-UNIT-2", "ls > >(rm x)", &[("ls", None, None)]),
    ("POL-UNIT-2", "ls 2>&1 | tee >(rm x) > /dev/null", &[("ls", None, None), ("tee >(rm x)", None, None), ("rm x", Some(PS), None)]),
    ("POL-UNIT-2", "cat < <(rm x)", &[("cat", None, None)]),
    ("POL-UNIT-2", "ls > $(rm x)", &[("ls", None, None)]),
    ("POL-UNIT-2", "ls 2>$(rm x) | cat", &[("ls", None, None), ("cat", None, None)]),
    ("POL-UNIT-4", "FOO=1 npm test", &[("npm test", None, None)]),
    ("POL-UNIT-4", "FOO=1", &[("FOO=1", None, None)]),
    ("POL-UNIT-4", "FOO=1 BAR=2", &[("FOO=1 BAR=2", None, None)]),
    ("POL-UNIT-4", "x= ls", &[("ls", None, None)]),
    ("POL-UNIT-4", "x=(a b) ls", &[("ls", None, None)]),
    ("POL-UNIT-4", "FOO=1 > out ls", &[("> out ls", None, None)]),
    ("POL-UNIT-4", "> out ls", &[("> out ls", None, None)]),
    ("POL-UNIT-4", "2>/dev/null ls", &[("2>/dev/null ls", None, None)]),
    ("POL-UNIT-4", "VAR=x 2>/dev/null rm y", &[("2>/dev/null rm y", None, None)]),
    ("POL-UNIT-4", "ls > out rm", &[("ls", None, None)]),
    ("POL-UNIT-4", "echo x >&2 rm", &[("echo x", None, None)]),
    ("POL-UNIT-4", "exec 3>&1", &[("exec", None, None)]),
    ("POL-UNIT-4", "FOO=1\u{00A0}rm -rf /", &[("-rf /", None, None)]),
    ("POL-UNIT-4", "x=1; y=2", &[("x=1", None, None), ("y=2", None, None)]),
    ("POL-UNIT-5", "echo $(rm x)", &[("echo $(rm x)", None, None), ("rm x", Some(CS), None)]),
    ("POL-UNIT-5", "echo `rm x`", &[("echo `rm x`", None, None), ("rm x", Some(CS), None)]),
    ("POL-UNIT-5", "echo \"$(rm x)\"", &[("echo \"$(rm x)\"", None, None), ("rm x", Some(CS), None)]),
    ("POL-UNIT-5", "echo '$(rm x)'", &[("echo '$(rm x)'", None, None)]),
    ("POL-UNIT-5", "cat <(rm x)", &[("cat <(rm x)", None, None), ("rm x", Some(PS), None)]),
    ("POL-UNIT-5", "tee >(rm x)", &[("tee >(rm x)", None, None), ("rm x", Some(PS), None)]),
    ("POL-UNIT-5", "$(rm x)", &[("$(rm x)", None, None), ("rm x", Some(CS), None)]),
    ("POL-UNIT-5", "$(rm x) arg", &[("$(rm x) arg", None, None), ("rm x", Some(CS), None)]),
    ("POL-UNIT-5", "A=$(rm x) ls", &[("ls", None, None), ("rm x", Some(CS), None)]),
    ("POL-UNIT-5", "x=$(y) z=`w` cmd $(v)", &[("cmd $(v)", None, None), ("y", Some(CS), None), ("w", Some(CS), None), ("v", Some(CS), None)]),
    ("POL-UNIT-5", "echo $(echo $(echo $(rm x)))", &[("echo $(echo $(echo $(rm x)))", None, None), ("echo $(echo $(rm x))", Some(CS), None), ("echo $(rm x)", Some(CS), None), ("rm x", Some(CS), None)]),
    ("POL-UNIT-5", "echo $(a | b && c)", &[("echo $(a | b && c)", None, None), ("a", Some(CS), None), ("b", Some(CS), None), ("c", Some(CS), None)]),
    ("POL-UNIT-5", "cat <(cat <(rm x))", &[("cat <(cat <(rm x))", None, None), ("cat <(rm x)", Some(PS), None), ("rm x", Some(PS), None)]),
    ("POL-UNIT-5", "echo $(cat <(rm x))", &[("echo $(cat <(rm x))", None, None), ("cat <(rm x)", Some(CS), None), ("rm x", Some(PS), None)]),
    ("POL-UNIT-5", "echo ${x:-$(rm y)}", &[("echo ${x:-$(rm y)}", None, None), ("rm y", Some(CS), None)]),
    ("POL-UNIT-5", "cat <<< $(rm x)", &[("cat <<< $(rm x)", None, None), ("rm x", Some(CS), None)]),
    ("POL-UNIT-5", "sudo $(rm x)", &[("sudo $(rm x)", None, Some(INDIR)), ("rm x", Some(CS), None)]),
    ("POL-UNIT-5", "time (rm x)", &[("time (rm x)", None, Some(INDIR))]),
    ("POL-UNIT-5", "echo $((1 + $(rm x)))", &[("echo $((1 + $(rm x)))", None, None), ("rm x", Some(CS), None)]),
    ("POL-UNIT-6", "(rm x)", &[("(rm x)", None, None), ("rm x", Some(SUB), None)]),
    ("POL-UNIT-6", "( cd /; rm -rf x ) && ls", &[("( cd /; rm -rf x )", None, None), ("cd /", Some(SUB), None), ("rm -rf x", Some(SUB), None), ("ls", None, None)]),
    ("POL-UNIT-6", "(a; (b; $(c)))", &[("(a; (b; $(c)))", None, None), ("a", Some(SUB), None), ("(b; $(c))", Some(SUB), None), ("b", Some(SUB), None), ("$(c)", Some(SUB), None), ("c", Some(CS), None)]),
    ("POL-UNIT-6", "echo $( (rm x) )", &[("echo $( (rm x) )", None, None), ("(rm x)", Some(CS), None), ("rm x", Some(SUB), None)]),
    ("POL-UNIT-6", "( $(rm x) )", &[("( $(rm x) )", None, None), ("$(rm x)", Some(SUB), None), ("rm x", Some(CS), None)]),
    ("POL-UNIT-6", "echo $( ( $(rm x) ) )", &[("echo $( ( $(rm x) ) )", None, None), ("( $(rm x) )", Some(CS), None), ("$(rm x)", Some(SUB), None), ("rm x", Some(CS), None)]),
    ("POL-UNIT-6", "cat <((rm x))", &[("cat <((rm x))", None, None), ("(rm x)", Some(PS), None), ("rm x", Some(SUB), None)]),
    ("POL-UNIT-7", "{ rm -rf x; }", &[("{ rm -rf x; }", None, None)]),
    ("POL-UNIT-7", "if true; then rm x; fi", &[("if true; then rm x; fi", None, None)]),
    ("POL-UNIT-7", "for i in 1; do rm $i; done", &[("for i in 1; do rm $i; done", None, None)]),
    ("POL-UNIT-7", "while rm x; do :; done", &[("while rm x; do :; done", None, None)]),
    ("POL-UNIT-7", "case x in y) rm z;; esac", &[("case x in y) rm z;; esac", None, None)]),
    ("POL-UNIT-7", "f() { rm x; }", &[("f() { rm x; }", None, None)]),
    ("POL-UNIT-7", "function f { rm x; }", &[("function f { rm x; }", None, None)]),
    ("POL-UNIT-7", "[[ -f x ]] && rm x", &[("[[ -f x ]]", None, None), ("rm x", None, None)]),
    ("POL-UNIT-7", "[ -f x ] && rm x", &[("[ -f x ]", None, None), ("rm x", None, None)]),
    ("POL-UNIT-7", "((x++))", &[("((x++))", None, None)]),
    ("POL-UNIT-7", "A=$(rm x)", &[("A=$(rm x)", None, None)]),
    ("POL-UNIT-7", "declare x=$(rm y)", &[("declare x=$(rm y)", None, None)]),
    ("POL-UNIT-7", "export A=$(rm x)", &[("export A=$(rm x)", None, None)]),
    ("POL-UNIT-7", "local a=1", &[("local a=1", None, None)]),
    ("POL-UNIT-7", "! rm x", &[("! rm x", None, None)]),
    ("POL-UNIT-7", "coproc rm x", &[("coproc rm x", None, None)]),
    ("POL-UNIT-7", "echo $({ rm x; })", &[("echo $({ rm x; })", None, None), ("{ rm x; }", Some(CS), None)]),
    ("POL-UNIT-8", "(", &[("(", None, None)]),
    ("POL-UNIT-8", ")", &[(")", None, None)]),
    ("POL-UNIT-8", "((", &[("((", None, None)]),
    ("POL-UNIT-8", "$(", &[("$(", None, None)]),
    ("POL-UNIT-8", "`", &[("`", None, None)]),
    ("POL-UNIT-8", "'", &[("'", None, None)]),
    ("POL-UNIT-8", "\"", &[("\"", None, None)]),
    ("POL-UNIT-8", "{", &[("{", None, None)]),
    ("POL-UNIT-8", "if", &[("if", None, None)]),
    ("POL-UNIT-8", "ls &&", &[("ls", None, None), ("", None, None)]),
    ("POL-UNIT-8", "ls |", &[("ls", None, None), ("", None, None)]),
    ("POL-UNIT-8", "| ls", &[("|", None, None), ("ls", None, None)]),
    ("POL-UNIT-8", "&& ls", &[("&&", None, None), ("ls", None, None)]),
    ("POL-UNIT-8", "ls; ; rm", &[("ls", None, None), (" ;", None, None), ("rm", None, None)]),
    ("POL-UNIT-8", "(ls", &[("(ls", None, None), ("ls", Some(SUB), None)]),
    ("POL-UNIT-8", "$(ls", &[("$(ls", None, None), ("ls", Some(CS), None)]),
    ("POL-UNIT-8", "ls )", &[("ls", None, None), (")", None, None)]),
    ("POL-UNIT-8", "bash -c y (ls)", &[("bash -c y", None, Some(OPAQUE)), ("(ls)", None, None), ("ls", Some(SUB), None)]),
    ("POL-UNIT-9", "ls\0rm", &[("ls\0rm", None, None)]),
    ("POL-UNIT-9", "\0", &[("\0", None, None)]),
    ("POL-UNIT-9", "a\0\nb", &[("a\0", None, None), ("b", None, None)]),
    ("POL-UNIT-9", "\u{FEFF}ls", &[("ls", None, None)]),
    ("POL-UNIT-9", "ls\rrm -rf /", &[("ls\rrm -rf /", None, None)]),
    ("POL-UNIT-9", "ls\r\nrm x", &[("ls", None, None), ("rm x", None, None)]),
    ("POL-UNIT-9", "rm\t-rf /", &[("rm\t-rf /", None, None)]),
    ("POL-UNIT-9", "rm\\\n -rf /", &[("rm\\\n -rf /", None, None)]),
    ("POL-UNIT-9", "ls\u{000B}rm", &[("ls\u{000B}rm", None, None)]),
    ("POL-UNIT-9", "ls\u{000C}rm", &[("ls\u{000C}rm", None, None)]),
    ("POL-UNIT-9", "a\u{00A0}b", &[("a\u{00A0}b", None, None)]),
    ("POL-UNIT-9", "echo 😀; rm 😀", &[("echo 😀", None, None), ("rm 😀", None, None)]),
    ("POL-UNIT-9", "ls\\\nrm", &[("ls\\\nrm", None, None)]),
    ("POL-UNIT-9", "  \t ls \t ", &[("ls", None, None)]),
    ("POL-UNIT-9", "ls\u{1680}rm", &[("ls\u{1680}rm", None, None)]),
    ("POL-UNIT-9", "ls\u{202F}rm", &[("ls\u{202F}rm", None, None)]),
    ("POL-UNIT-9", "ls;\u{FEFF}rm", &[("ls", None, None), ("\u{FEFF}rm", None, None)]),
    ("POL-UNIT-9", "ls\u{FEFF}; rm", &[("ls\u{FEFF}", None, None), ("rm", None, None)]),
    ("POL-UNIT-9", "echo `rm \\`id\\``", &[("echo `rm \\`id\\``", None, None), ("rm \\`id\\`", Some(CS), None)]),
    ("POL-UNIT-10", "", &[]),
    ("POL-UNIT-10", " ", &[]),
    ("POL-UNIT-10", "\t", &[]),
    ("POL-UNIT-10", "\n", &[]),
    ("POL-UNIT-10", "# c", &[]),
    ("POL-UNIT-10", "  # c\n# d", &[]),
    ("POL-UNIT-10", "> out.txt", &[]),
    ("POL-UNIT-10", "< in", &[]),
    ("POL-UNIT-10", "2>&1", &[]),
    ("POL-UNIT-10", "\u{FEFF}", &[]),
    ("POL-UNIT-10", "\r", &[]),
];

fn units_of(command: &str) -> Vec<(String, Option<UnitContext>, Option<WrapperKind>)> {
    enumerate(command)
        .unwrap_or_else(|e| panic!("{command:?}: {e}"))
        .into_iter()
        .map(|u| (u.text, u.context, u.wrapper_kind))
        .collect()
}

/// POL-UNIT-1, POL-UNIT-2, POL-UNIT-3, POL-UNIT-4, POL-UNIT-5, POL-UNIT-6,
/// POL-UNIT-7, POL-UNIT-8, POL-UNIT-9, POL-UNIT-10: units, their text, order and
/// context agree with the package on every row.
#[test]
fn pol_unit_rows_agree_with_the_package() {
    let mut failures = Vec::new();
    for (clause, command, want) in ROWS {
        let got = units_of(command);
        let want: Vec<_> = want
            .iter()
            .map(|(t, c, w)| ((*t).to_owned(), *c, *w))
            .collect();
        if got != want {
            failures.push(format!(
                "{clause} {command:?}\n  got  {got:?}\n  want {want:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// POL-UNIT-1: a reused parser gives the same units as a fresh one, call after call.
#[test]
fn pol_unit_1_parser_reuse_is_stateless() {
    let mut parser = UnitParser::new().unwrap();
    for _ in 0..2 {
        for (_, command, _) in ROWS {
            let reused: Vec<_> = parser
                .enumerate(command)
                .unwrap()
                .into_iter()
                .map(|u| (u.text, u.context, u.wrapper_kind))
                .collect();
            assert_eq!(reused, units_of(command), "{command:?}");
        }
    }
}

/// POL-UNIT-1: the scanner classifies characters as the deployed wasm's musl
/// does, whatever the process locale: a non-ASCII letter starts an assignment
/// name, and U+0085, U+2000–U+2006, U+2008–U+200A, U+2028, U+2029, U+205F and
/// U+3000 are spaces where the scanner looks (U+00A0, U+1680, U+2007, U+200B
/// and U+202F are not).
#[test]
fn pol_unit_1_scanner_classes_are_the_wasm_ones() {
    let rows = [
        ("é=1 ls", vec!["ls"]),
        ("e=1 ls", vec!["ls"]),
        ("\u{3000}A=", vec!["A="]),
        ("\u{2000}A=", vec!["A="]),
        ("\u{205F}A=", vec!["A="]),
        ("\u{00A0}A=", vec!["\u{00A0}A="]),
        ("\u{2007}A=", vec!["\u{2007}A="]),
        ("\"\"&X=\"\"\u{85}", vec!["\"\"", "\u{85}"]),
    ];
    for (command, want) in rows {
        let texts: Vec<String> = enumerate(command)
            .unwrap()
            .into_iter()
            .map(|u| u.text)
            .collect();
        assert_eq!(texts, want, "{command:?}");
    }
}
