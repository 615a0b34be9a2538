//! Side by side with the real npm package, in one run (see `side-by-side/README.md`).
//!
//! `cargo bench --bench side_by_side [-- --quick] [-- --adapter DIR] [-- --json FILE]`
//!
//! Sends every workload to the Node timing harness (`side-by-side/timing.mjs`,
//! which loads `@gotgenes/pi-permission-system` through the conformance
//! adapter's loader), then times the same workloads in-process here with the
//! same warm-up/sampling rule, and prints ns per operation and the ratio.
//! Both sides report a result count (a checksum of their answers); a
//! disagreement fails the run, so a wrong answer cannot look fast.
//! `--quick` runs each workload for a few iterations only: a smoke test that
//! the harness works and that the answers agree. Run by `cargo test
//! --benches` (no `--bench` argument) it behaves as `--quick`, and skips with
//! a message when the npm package is not installed.
use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};

use serde_json::{json, Value};

#[path = "side-by-side/workload.rs"]
mod workload;

#[path = "side-by-side/crate_side.rs"]
mod crate_side;

#[path = "side-by-side/anchors.rs"]
mod anchors;

use crate_side::{Plan, Timing, Workload};

struct Args {
    quick: bool,
    /// Run by `cargo test --benches` (no `--bench` argument): smoke mode, and
    /// a missing npm package skips instead of failing.
    test_mode: bool,
    adapter: PathBuf,
    json: Option<PathBuf>,
}

fn parse_args() -> Result<Args, String> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut args = Args {
        quick: false,
        test_mode: true,
        adapter: manifest.join("conformance/adapters/pi-permission-system"),
        json: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--quick" => args.quick = true,
            "--adapter" => args.adapter = it.next().ok_or("--adapter needs a directory")?.into(),
            "--json" => args.json = Some(it.next().ok_or("--json needs a file")?.into()),
            // cargo bench passes --bench; criterion-style filters are not supported.
            "--bench" => args.test_mode = false,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    args.quick |= args.test_mode;
    Ok(args)
}

fn package_installed(args: &Args) -> bool {
    args.adapter
        .join("node_modules/@gotgenes/pi-permission-system")
        .is_dir()
}

fn run_node(args: &Args, workloads: &[Workload], plan: &Plan) -> Result<Vec<Timing>, String> {
    let timing_script =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/side-by-side/timing.mjs");
    if !package_installed(args) {
        return Err(format!(
            "the npm package is not installed: run `npm ci` in {}",
            args.adapter.display()
        ));
    }
    let request = json!({
        "home": workload::HOME,
        "plan": plan.to_json(),
        "workloads": workloads.iter().map(Workload::to_json).collect::<Vec<_>>(),
    });
    let mut child = Command::new("node")
        .args(["--import", "tsx", "--import", "./register-hooks.mjs"])
        .arg(&timing_script)
        .current_dir(&args.adapter)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot start node: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    stdin
        .write_all(request.to_string().as_bytes())
        .map_err(|e| format!("cannot write to node: {e}"))?;
    drop(stdin);
    let output = child
        .wait_with_output()
        .map_err(|e| format!("node failed: {e}"))?;
    if !output.status.success() {
        return Err(format!("node timing harness exited with {}", output.status));
    }
    let text = String::from_utf8(output.stdout).map_err(|e| e.to_string())?;
    let timings: Vec<Timing> = text
        .lines()
        .map(|line| {
            serde_json::from_str::<Value>(line)
                .map_err(|e| e.to_string())
                .and_then(|v| Timing::from_json(&v))
        })
        .collect::<Result<_, _>>()?;
    if timings.len() != workloads.len() {
        return Err(format!(
            "node answered {} workloads of {}",
            timings.len(),
            workloads.len()
        ));
    }
    Ok(timings)
}

fn format_ns(ns: f64) -> String {
    if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{ns:.0} ns")
    }
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("side_by_side: {e}");
            return ExitCode::from(2);
        }
    };
    if args.test_mode && !package_installed(&args) {
        println!(
            "side_by_side: skipped under `cargo test`: the npm package is not installed in {}",
            args.adapter.display()
        );
        return ExitCode::SUCCESS;
    }
    let plan = if args.quick {
        Plan::quick()
    } else {
        Plan::full()
    };
    let workloads = crate_side::workloads();
    let node = match run_node(&args, &workloads, &plan) {
        Ok(node) => node,
        Err(e) => {
            eprintln!("side_by_side: {e}");
            return ExitCode::FAILURE;
        }
    };
    let rust: Vec<Timing> = workloads
        .iter()
        .map(|w| crate_side::time(w, &plan))
        .collect();

    println!(
        "{:<38} {:>5} {:>14} {:>14} {:>10}  counts",
        "workload", "ops", "npm / op", "crate / op", "ratio"
    );
    let mut agree = true;
    let mut rows = Vec::new();
    for ((w, n), r) in workloads.iter().zip(&node).zip(&rust) {
        let ops = w.ops() as f64;
        let ratio = n.median_ns / r.median_ns;
        let same = n.count == r.count;
        agree &= same;
        println!(
            "{:<38} {:>5} {:>14} {:>14} {:>9.1}×  {} {}",
            w.name,
            w.ops(),
            format_ns(n.median_ns / ops),
            format_ns(r.median_ns / ops),
            ratio,
            if same { "agree" } else { "DISAGREE" },
            if same {
                format!("{}", r.count)
            } else {
                format!("npm {} crate {}", n.count, r.count)
            },
        );
        rows.push(json!({
            "workload": w.name, "op": w.op.name(), "opsPerIteration": w.ops(),
            "npm": n.to_json(), "crate": r.to_json(), "ratio": ratio, "countsAgree": same,
        }));
    }
    // Rust anchors of the matcher row, same run (crate side only).
    let matcher_rules = workload::realistic_rules(1_000, 7);
    let anchor_rows = anchors::anchors(
        &plan,
        "matcher 1000 rules x 40 B",
        &matcher_rules,
        &crate_side::matcher_values(),
    );
    println!(
        "\n{:<50} {:>14} {:>14} {:>10}  vs",
        "Rust anchors (same values)", "engine / op", "other / op", "speed-up"
    );
    for a in &anchor_rows {
        let ops = a.ops as f64;
        println!(
            "{:<50} {:>14} {:>14} {:>9.1}×  {}",
            a.name,
            format_ns(a.engine.median_ns / ops),
            format_ns(a.baseline.median_ns / ops),
            a.baseline.median_ns / a.engine.median_ns,
            a.other
        );
    }
    let builds = if args.quick { 1 } else { 15 };
    let build_rows: Vec<(usize, (f64, Option<f64>))> = [1_000usize, 10_000]
        .iter()
        .map(|&n| {
            (
                n,
                anchors::build_ns(&workload::realistic_rules(n, 7), builds),
            )
        })
        .collect();
    for (n, (wall, cpu)) in &build_rows {
        println!(
            "RuleSet::new, {n} realistic rules: {} wall (median of {builds}), {} on CPU (mean)",
            format_ns(*wall),
            cpu.map_or("n/a".to_owned(), format_ns)
        );
    }
    if let Some(path) = &args.json {
        let anchors_json: Vec<Value> = anchor_rows.iter().map(anchors::Anchor::to_json).collect();
        let builds_json: Vec<Value> = build_rows
            .iter()
            .map(|(n, (wall, cpu))| json!({"rules": n, "medianNs": wall, "meanOnCpuNs": cpu}))
            .collect();
        let doc = json!({ "quick": args.quick, "plan": plan.to_json(), "results": rows,
                          "anchors": anchors_json, "builds": builds_json });
        if let Err(e) = std::fs::write(path, format!("{doc:#}\n")) {
            eprintln!("side_by_side: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    if !agree {
        eprintln!(
            "side_by_side: result counts disagree: an implementation gives different answers"
        );
        return ExitCode::FAILURE;
    }
    if args.quick {
        println!("side-by-side smoke: {} passed, 0 failed", workloads.len());
    }
    ExitCode::SUCCESS
}
