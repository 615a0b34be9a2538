//! The execution oracle's real mode against its stub mode and against a
//! naive loop running the real programs, side by side in one run
//! (`src/ground`, `INV-GROUND-10`; issue 34).
//!
//! `cargo bench --features ground --bench ground_real`
//!
//! All three run the same fixed list of harmless agent commands (reads of
//! a project, its tests, its build: nothing writes outside the project),
//! once each per iteration, one after the other (one session); throughput
//! is in commands (elements/s):
//! - `ground-real/real`: `Oracle::attempt_batch` with `Config::real`: per
//!   command a fresh workspace made in the sandbox (git repository with a
//!   remote, package.json, Makefile, Cargo project, HOME), the command's
//!   bash under the ptrace recorder with the machine's programs, the trace
//!   and the trap's record read. Every answer must be an execution.
//! - `ground-real/stub`: the same through the stub mode (programs replaced
//!   by the compiled stubs; nothing real runs).
//! - `ground-real/bash-loop`: the naive alternative, one bash running each
//!   command with `bash -c` and the real programs, in a project made once
//!   by the bench in a scratch directory (not fresh per command), no
//!   sandbox, no records. Only because the list is fixed and harmless does
//!   the bench run it outside a sandbox; the oracle never does.
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use inner_cmd_spec::ground::{Config, Oracle};

/// Harmless commands an agent runs in a project: reads, its tests, its build.
const COMMANDS: [&str; 12] = [
    "git status --short",
    "git log --oneline -3",
    "git diff --stat",
    "git branch",
    "ls -la",
    "cat README.md",
    "grep -rn console --include='*.js' .",
    "wc -l package.json Makefile",
    "head -3 Makefile",
    "make",
    "npm test",
    "echo done && pwd",
];

/// The loop's project, made once: what the workspace script makes, minus
/// HOME's secrets.
fn loop_project() -> PathBuf {
    let root = std::env::temp_dir().join(format!("ground-real-bench-{}", std::process::id()));
    let project = root.join("project");
    std::fs::create_dir_all(&project).expect("the scratch project");
    let script = r#"set -e
printf '{"name":"p","version":"1.0.0","private":true,"scripts":{"test":"node test.js"}}\n' >package.json
echo "console.log('test');" >test.js
printf 'all:\n\t@echo built\n' >Makefile
echo '# project' >README.md
git init -q && git add -A
git -c user.name=b -c user.email=b@invalid commit -qm first
echo change >>README.md && git add README.md"#;
    let status = Command::new("/bin/bash")
        .args(["--norc", "-c", script])
        .current_dir(&project)
        .env("HOME", &root)
        .stdout(Stdio::null())
        .status()
        .expect("bash");
    assert!(status.success(), "the scratch project");
    project
}

fn bash_loop(project: &Path) {
    let input: String = COMMANDS.iter().map(|c| format!("{c}\0")).collect();
    let list = project.parent().unwrap_or(project).join("commands");
    std::fs::write(&list, input).expect("the command list");
    let status = Command::new("/bin/bash")
        .args([
            "--norc",
            "-c",
            "while IFS= read -r -d '' c; do /bin/bash -c \"$c\" </dev/null >/dev/null 2>&1; done <\"$1\"",
            "loop",
        ])
        .arg(&list)
        .current_dir(project)
        .env("HOME", project.parent().unwrap_or(project))
        .stdin(Stdio::null())
        .status()
        .expect("bash");
    assert!(status.success());
}

fn oracle(real: bool) -> Oracle {
    let mut config = Config::default();
    config.real = real;
    config.time_limit = Duration::from_secs(30);
    Oracle::new(config).unwrap_or_else(|error| panic!("{error}"))
}

fn bench(c: &mut Criterion) {
    let real = oracle(true);
    let stub = oracle(false);
    let project = loop_project();
    let mut group = c.benchmark_group("ground-real");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(20))
        .throughput(Throughput::Elements(COMMANDS.len() as u64));
    for (name, oracle) in [("real", &real), ("stub", &stub)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let attempts = oracle.attempt_batch(&COMMANDS);
                let unknown = attempts.iter().filter(|a| a.result.is_err()).count();
                assert_eq!(unknown, 0, "unknown answers in the {name} mode");
                attempts
            });
        });
    }
    group.bench_function("bash-loop", |b| b.iter(|| bash_loop(&project)));
    group.finish();
    let _ = std::fs::remove_dir_all(project.parent().unwrap_or(&project));
}

criterion_group!(benches, bench);
criterion_main!(benches);
