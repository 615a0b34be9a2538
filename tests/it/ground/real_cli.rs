//! INV-GROUND-10, INV-GROUND-11, INV-GROUND-12: `inner-cmd ground --real
//! --json --policy F CMD`, for the commands whose programs run what their
//! words say, shows the record of what they ran, with its parent chain, and
//! judges it; and `--batch` runs the same mode.

use serde_json::Value;

/// A policy file F: everything allowed but `rm` and `.ssh` paths, written
/// as a deployed profile's user writes one.
fn policy_file() -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("real-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("F.json");
    std::fs::write(
        &file,
        r#"{"permission": {"bash": {"*": "allow", "rm *": "deny", "*/.ssh/*": "deny"}}}"#,
    )
    .unwrap();
    file
}

fn report(command: &str) -> Value {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_inner-cmd"))
        .args(["ground", "--real", "--json", "--policy"])
        .arg(policy_file())
        .arg(command)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

/// The one program record whose argv is `argv`, and the argvs above it
/// (the program its process replaced first, then its parents).
fn program<'a>(report: &'a Value, argv: &[&str]) -> (&'a Value, Vec<Vec<String>>) {
    let programs = report["programs"].as_array().expect("programs");
    let found: Vec<&Value> = programs
        .iter()
        .filter(|p| p["argv"] == serde_json::json!(argv))
        .collect();
    assert_eq!(found.len(), 1, "{argv:?} in {programs:?}");
    let record = found[0];
    let as_argv = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_str().unwrap().to_owned())
            .collect()
    };
    let mut chain: Vec<Vec<String>> = record["replaced"]
        .as_array()
        .map(|_| as_argv(&record["replaced"]))
        .into_iter()
        .collect();
    chain.extend(
        record["parents"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| as_argv(&p["argv"])),
    );
    (record, chain)
}

fn violated_by(report: &Value, text: &str) {
    assert_eq!(report["outcome"], "allow", "{report}");
    assert_eq!(report["invGround"], "violated");
    let traced = report["tracedViolations"].as_array().unwrap();
    assert!(
        traced
            .iter()
            .any(|v| v["text"] == text && v["state"] == "deny"),
        "{traced:?}"
    );
}

#[test]
fn inv_ground_10_cli_real_shows_what_programs_ran_with_their_parents() {
    let git = report("git -C . -c alias.x='!rm -rf x' x");
    let (rm, chain) = program(&git, &["rm", "-rf", "x"]);
    assert_eq!(rm["state"], "deny");
    assert!(
        chain
            .iter()
            .any(|argv| argv.first().is_some_and(|a| a == "git")),
        "{chain:?}"
    );
    violated_by(&git, "rm -rf x");

    let awk = report(r#"awk 'BEGIN { print /#/; system("rm -rf x") }'"#);
    let (_, chain) = program(&awk, &["rm", "-rf", "x"]);
    assert_eq!(chain[0], ["sh", "-c", "rm -rf x"]);
    assert_eq!(chain[1][0], "awk");
    violated_by(&awk, "rm -rf x");

    // Under GBK, bash reads 0xAD 0x5C (the end of 中 in UTF-8) as one
    // character: the backslash escapes nothing.
    let gbk = report("LC_ALL=zh_CN.GBK\necho 中\\; rm -rf x");
    let (_, chain) = program(&gbk, &["rm", "-rf", "x"]);
    assert!(chain[0][0].ends_with("bash"), "{chain:?}");
    violated_by(&gbk, "rm -rf x");

    let npm = report("npm test --script-shell=rm");
    let (_, chain) = program(&npm, &["rm", "-c", "node test.js"]);
    assert_eq!(chain[0][1], "/usr/bin/npm", "run by npm: {chain:?}");
    violated_by(&npm, "rm -c 'node test.js'");
}

#[test]
fn inv_ground_11_cli_real_shows_the_opened_key() {
    let ssh = report("cd ~/.ssh && cat id_rsa");
    let opened = ssh["opened"].as_array().unwrap();
    assert!(
        opened
            .iter()
            .any(|o| o["path"] == "/home/agent/.ssh/id_rsa" && o["write"] == false),
        "{opened:?}"
    );
    violated_by(&ssh, "cat id_rsa /home/agent/.ssh/id_rsa");
}

/// `--batch` in the real mode: each line in a fresh workspace (a file one
/// command makes is not there for the next).
#[test]
fn inv_ground_10_cli_real_batch_gives_each_command_a_fresh_workspace() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("real-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("batch.jsonl");
    std::fs::write(
        &file,
        "{\"command\": \"touch made && rm -f ~/.ssh/id_rsa\"}\n{\"command\": \"test ! -e made && test -e ~/.ssh/id_rsa\"}\n",
    )
    .unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_inner-cmd"))
        .args(["ground", "--real", "--jobs", "1", "--policy"])
        .arg(policy_file())
        .arg("--batch")
        .arg(&file)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["status"], 0, "{}", lines[1]);
    assert!(lines[0]["programs"]
        .as_array()
        .is_some_and(|p| p.len() >= 3));
}
