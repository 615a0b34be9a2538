//! INV-GROUND-2: a wrapper's stub reads its options as the real program
//! does, so it runs its inner command exactly when the real one would. A
//! stub stricter than the program would hide what the program runs (it
//! did: `timeout --sig=KILL 5 rm -rf x` ran nothing in the oracle).

use std::path::Path;
use std::process::{Command, Stdio};

use super::run;

/// Wrapper invocations, each followed by the command `echo ZQX9` (a marker no help or version text holds).
const ROWS: &[&[&str]] = &[
    &["timeout", "5"],
    &["timeout", "-k", "1", "5"],
    &["timeout", "-k1", "5"],
    &["timeout", "-vs", "KILL", "5"],
    &["timeout", "-vsKILL", "5"],
    &["timeout", "--sig=KILL", "5"],
    &["timeout", "--sig", "KILL", "5"],
    &["timeout", "--kill=1", "5"],
    &["timeout", "--pre", "5"],
    &["timeout", "--fore", "--verb", "5"],
    &["timeout", "--", "5"],
    &["timeout", "--v", "5"],
    &["timeout", "--help"],
    &["timeout", "--preserve-status=1", "5"],
    &["timeout", "-x", "5"],
    &["timeout", "-s"],
    &["nice"],
    &["nice", "-n", "5"],
    &["nice", "-n5"],
    &["nice", "--adj=5"],
    &["nice", "--adjustment", "5"],
    &["nice", "-5"],
    &["nice", "--ver"],
    &["nice", "-n", "3", "-5"],
    &["nice", "--5", "-n", "2"],
    &["nice", "-+5"],
    &["nice", "-5x"],
    &["nohup"],
    &["nohup", "--"],
    &["nohup", "--h"],
    &["stdbuf", "-oL"],
    &["stdbuf", "-o", "L", "-e0"],
    &["stdbuf", "--out=L"],
    &["stdbuf", "--in", "0"],
    &["stdbuf", "-q"],
    &["setsid"],
    &["setsid", "-f"],
    &["setsid", "--wait"],
    &["setsid", "-fw"],
    &["setsid", "--w"],
    &["/usr/bin/time", "-p"],
    &["/usr/bin/time", "-f", "%e"],
    &["/usr/bin/time", "--format=%e", "-a", "-o", "t.out"],
    &["/usr/bin/time", "--out", "t.out"],
    &["/usr/bin/time", "--po"],
    &["/usr/bin/time", "-x"],
];

/// Whether the real program runs `echo ZQX9` after `words`; `None` when the
/// program is not installed here.
fn real_runs(words: &[&str]) -> Option<bool> {
    let program = words.first()?;
    let path = if program.starts_with('/') {
        Path::new(program).to_path_buf()
    } else {
        which(program)?
    };
    if !path.is_file() {
        return None;
    }
    let dir = std::env::temp_dir().join(format!("inner-cmd-wrappers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let output = Command::new(path)
        .args(&words[1..])
        .args(["echo", "ZQX9"])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&output.stdout).contains("ZQX9"))
}

fn which(name: &str) -> Option<std::path::PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(name))
        .find(|path| path.is_file())
}

/// INV-GROUND-2: the oracle records the inner `echo ZQX9` exactly when the
/// real wrapper runs it (rows whose program this machine lacks are
/// reported and skipped; every row of coreutils runs).
#[test]
fn inv_ground_2_wrapper_stubs_read_options_as_the_programs_do() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for words in ROWS {
        let Some(real) = real_runs(words) else {
            eprintln!("skipped (not installed here): {words:?}");
            continue;
        };
        checked += 1;
        let command = format!("{} echo ZQX9", words.join(" "));
        let execution = run(&command);
        let recorded = execution.commands.iter().any(|c| {
            c.argv.as_ref().is_some_and(|argv| {
                argv.len() == 2 && argv[0].ends_with("/echo") && argv[1] == "ZQX9"
            })
        });
        if recorded != real {
            wrong.push(format!(
                "{command:?}: the program runs it: {real}, the oracle records it: {recorded}"
            ));
        }
    }
    assert!(checked >= 30, "only {checked} rows checked");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
