//! Tests of [`super`] (`values.rs`), kept apart to keep the module short; the
//! parent declares this module under #[cfg(test)].

use super::*;
use crate::hardened::contract::tree::{named_children, slice};

/// The spelled value of the first `echo` command of `command`, with home
/// `/h`, rendered with `<*>` for any text, `<s>` a segment, `<n>` a
/// number, `(…)+` a repeat.
fn spelled(command: &str, tilde: bool) -> String {
    let mut parser = crate::policy::units::bash_parser().unwrap();
    let tree = parser.parse(command, None).unwrap();
    let mut stack = vec![tree.root_node()];
    let node = loop {
        let node = stack.pop().unwrap();
        if node.kind() == "command" && slice(command, node).starts_with("echo") {
            break node;
        }
        stack.extend(named_children(node).into_iter().rev());
    };
    let args: Vec<Word> = named_children(node)
        .into_iter()
        .skip(1)
        .flat_map(|w| spell_word(command, w))
        .collect();
    let words: Vec<Word> = std::iter::once(Word::literal("echo")).chain(args).collect();
    join(&words, "/h", tilde, false)
        .0
        .iter()
        .map(|p| match p {
            Part::Lit(t) => t.clone(),
            Part::Any => "<*>".to_owned(),
            Part::Segment => "<s>".to_owned(),
            Part::Number => "<n>".to_owned(),
            Part::Mark => "(".to_owned(),
            Part::Repeat => ")+".to_owned(),
        })
        .collect()
}

/// HARD-VALUE-3: brace expansion of literal words, as bash 5.2 prints them.
#[test]
fn hard_value_3_braces() {
    let rows = [
        ("echo {a,b}{1..3}", "echo a1 a2 a3 b1 b2 b3"),
        ("echo x{,-rf}", "echo x x-rf"),
        ("echo {a..e..2}", "echo a c e"),
        ("echo {3..1}", "echo 3 2 1"),
        ("echo a{b{c,d},e}", "echo abc abd ae"),
        ("echo {a}", "echo {a}"),
        ("echo '{a,b}'", "echo {a,b}"),
        ("echo {'a,b',c}", "echo a,b c"),
    ];
    for (command, want) in rows {
        assert_eq!(spelled(command, false), want, "{command:?}");
    }
    assert_eq!(spelled("echo {1..999}", false), "echo<*>", "past the bound");
    assert_eq!(
        spelled("echo {01..3}", false),
        "echo<*>",
        "padded: not modelled"
    );
}

/// HARD-VALUE-2, HARD-VALUE-4: home, working directory, numbers, globs,
/// unknown and vanishing words.
#[test]
fn hard_value_4_wildcards() {
    let rows = [
        ("echo ~/.ssh $HOME/x \"${HOME}\"", true, "echo ~/.ssh ~/x ~"),
        (
            "echo ~/.ssh a=~:~/b --o=~",
            false,
            "echo /h/.ssh a=/h:/h/b --o=~",
        ),
        ("echo '~'/x ~nobody/x", false, "echo ~/x <*>/x"),
        // HARD-VALUE-7: unquoted, the working directory is split by bash.
        ("echo \"$PWD\"/x $(pwd)", false, "echo ./x <*>"),
        ("echo \"$(pwd)\"", false, "echo ."),
        ("echo $? \"$((1+2))\"", false, "echo <n> <n>"),
        ("echo src/*.rs", false, "echo (src/<s>.rs)+"),
        ("echo a[bc]d", false, "echo (a<*>d)+"),
        ("echo a[b", false, "echo (a<*>b)+"),
        ("echo x$y", false, "echo x<*>"),
        ("echo $y z", false, "echo<*> z"),
        ("echo \"\" z", false, "echo  z"),
        ("HOME=/etc; echo ~/x", false, "echo <*>/x"),
        (
            "for f in src/*.rs; do echo \"$f\"; done",
            false,
            "echo src/<s>.rs",
        ),
        ("for f in a b; do echo \"$f\"; done", false, "echo<*>"),
        ("for f in x; do f=/etc; echo \"$f\"; done", false, "echo<*>"),
    ];
    for (command, tilde, want) in rows {
        assert_eq!(spelled(command, tilde), want, "{command:?}");
    }
}
