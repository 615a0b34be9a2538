//! INV-GROUND-1: `inner-cmd ground --batch FILE` answers each JSON line
//! with one JSON report, in order, sessions in parallel; the stub status
//! and the time limit are options.

use serde_json::Value;

#[test]
fn inv_ground_1_batch_answers_each_line_in_order() {
    let dir = std::env::temp_dir().join(format!("ground-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("commands.jsonl");
    let commands = [
        "git status || rm x",
        "while :; do :; done",
        "ls -la",
        "echo a; git push",
    ];
    let mut input: Vec<String> = commands
        .iter()
        .map(|c| serde_json::json!({ "command": c }).to_string())
        .collect();
    input.insert(2, "{\"cmd\": 1}".to_owned());
    std::fs::write(&file, input.join("\n")).unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_inner-cmd"))
        .args([
            "ground",
            "--jobs",
            "2",
            "--stub-status",
            "1",
            "--time-limit-ms",
            "300",
            "--batch",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5);
    // Every stub fails (status 1): the `||` branch runs.
    let texts = |line: &Value| -> Vec<String> {
        line["executed"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["text"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(lines[0]["command"], commands[0]);
    assert_eq!(texts(&lines[0]), ["git status", "rm x"]);
    assert_eq!(lines[1]["invGround"], "unknown");
    assert_eq!(lines[2]["line"], 3);
    assert_eq!(texts(&lines[3]), ["ls -la"]);
    assert_eq!(lines[3]["status"], 1);
    assert_eq!(texts(&lines[4]), ["echo a", "git push"]);
    let _ = std::fs::remove_dir_all(&dir);
}
