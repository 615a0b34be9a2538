//! The execution oracle against a naive loop, side by side in one run
//! (`src/ground`, feature `ground`; issue 28).
//!
//! `cargo bench --features ground --bench ground`
//!
//! Both run the agent commands of `spec/corpus/agent-commands.jsonl` (every
//! `base` and `whole` command, once each per iteration); throughput is in
//! commands (elements/s):
//! - `ground/batch`: `trace::batch`, what `inner-cmd ground --batch`
//!   does — the pipeline's decision, the command run in a fresh bash in the
//!   sandbox with compiled stubs, the records read and judged — with one
//!   session per core. Every answer must be an execution, or the bench
//!   fails: a fast wrong answer must not look like speed.
//! - `ground/bash-loop`: the naive alternative, one bash reading the
//!   commands and running each with `bash -c`, one after the other, with a
//!   `/bin/sh` script (`exit 0`) on `PATH` for every program name: no
//!   sandbox, no records, no judging.
//!
//! Outside the timing on both sides: one-time setup. The oracle's
//! (`Oracle::new`: the stub from its cache or the compiler, the control
//! directory, a first sandbox; the sandboxes stay resident across
//! iterations, as `inner-cmd ground --batch` keeps them across its input)
//! and the loop's stub directory. `BENCHMARKS.md` also has the two as whole
//! processes, setup included.
use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use inner_cmd_spec::ground::{Config, Oracle};
use inner_cmd_spec::policy::{config, Policy};
use inner_cmd_spec::trace;
use serde_json::Value;

fn agent_commands() -> Vec<String> {
    let corpus = include_str!("../spec/corpus/agent-commands.jsonl");
    corpus
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter_map(|value| {
            let command = value.get("base").or_else(|| value.get("whole"))?;
            command.as_str().map(str::to_owned)
        })
        .collect()
}

/// A directory with a `/bin/sh` stub for every program name of the
/// standard `bin` directories, and a scratch directory to run in.
fn loop_directories() -> (std::path::PathBuf, std::path::PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let root = std::env::temp_dir().join(format!("ground-bench-loop-{}", std::process::id()));
    let stubs = root.join("stubs");
    let work = root.join("work");
    std::fs::create_dir_all(&stubs).expect("the stub directory");
    std::fs::create_dir_all(&work).expect("the scratch directory");
    let stub = root.join("stub");
    std::fs::write(&stub, "#!/bin/sh\nexit 0\n").expect("the stub");
    std::fs::set_permissions(&stub, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    for dir in ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"] {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let _ = std::os::unix::fs::symlink(&stub, stubs.join(entry.file_name()));
        }
    }
    for name in ["bash", "sh"] {
        let _ = std::fs::remove_file(stubs.join(name));
    }
    (stubs, work)
}

/// The naive loop: one bash, `bash -c` per command, stubs on `PATH`.
fn bash_loop(commands: &[String], stubs: &std::path::Path, work: &std::path::Path) {
    let input: String = commands.iter().map(|c| format!("{c}\0")).collect();
    let list = work.join("commands");
    std::fs::write(&list, input).expect("the command list");
    let status = Command::new("/bin/bash")
        .args([
            "--norc",
            "-c",
            "while IFS= read -r -d '' c; do /bin/bash -c \"$c\" </dev/null >/dev/null 2>&1; done <\"$1\"",
            "loop",
        ])
        .arg(&list)
        .current_dir(work)
        .env_clear()
        .env("PATH", stubs)
        .env("HOME", work)
        .stdin(Stdio::null())
        .status()
        .expect("bash");
    assert!(status.success());
}

fn bench(c: &mut Criterion) {
    let commands = agent_commands();
    let input: String = commands
        .iter()
        .map(|command| format!("{}\n", serde_json::json!({ "command": command })))
        .collect();
    let oracle = Oracle::new(Config::default()).unwrap_or_else(|error| panic!("{error}"));
    let loaded = config::example_policy().expect("the example policy");
    let policy = Policy::from_config(loaded, "/home/agent");
    let jobs = std::thread::available_parallelism().map_or(1, usize::from);
    let (stubs, work) = loop_directories();
    let mut group = c.benchmark_group("ground");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(15))
        .throughput(Throughput::Elements(commands.len() as u64));
    group.bench_function("batch", |b| {
        b.iter(|| {
            let reports = trace::batch(
                &oracle,
                &policy,
                inner_cmd_spec::hardened::Profile::Deployed,
                &input,
                jobs,
            );
            let unknown = reports
                .iter()
                .filter(|r| r.get("unknown").is_some())
                .count();
            assert_eq!(unknown, 0, "unknown answers in the batch");
            reports
        });
    });
    group.bench_function("bash-loop", |b| {
        b.iter(|| bash_loop(&commands, &stubs, &work))
    });
    group.finish();
    let _ = std::fs::remove_dir_all(stubs.parent().unwrap_or(&stubs));
}

criterion_group!(benches, bench);
criterion_main!(benches);
