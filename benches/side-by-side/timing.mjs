// Node timing harness for the side-by-side benchmark (see README.md here).
//
// Times the npm package `@gotgenes/pi-permission-system` in its own loop,
// rebar-style: one process, workloads read once from stdin, each timed with
// the same warm-up / sampling rule as the Rust side, so process start-up and
// pipe costs are never counted. Every iteration also returns a result count
// (a checksum of the answers); the runner compares it with the crate's, so a
// wrong answer cannot look fast.
//
// Run from the adapter's directory, reusing its loader and runtime stub:
//   cd conformance/adapters/pi-permission-system
//   node --import tsx --import ./register-hooks.mjs ../../../benches/side-by-side/timing.mjs < workloads.json
// The package functions are imported by file path exactly as the adapter does.
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const adapterDir = resolve(process.env.ADAPTER_DIR ?? process.cwd());
const packageSrc = join(adapterDir, "node_modules/@gotgenes/pi-permission-system/src");
const load = (file) => import(pathToFileURL(join(packageSrc, file)).href);

const { evaluate } = await load("rule.ts");
const { compileWildcardPatternEntries, findCompiledWildcardMatch } = await load("wildcard-matcher.ts");
const { posixPathFlavor } = await load("path/path-flavor.ts");
const { BashProgram } = await load("access-intent/bash/program.ts");
const { getWarmBashParser, warmBashParser } = await load("access-intent/bash/parser.ts");
const { resolveShellInvocation } = await load("access-intent/tool-kind.ts");
const { resolveBashCommandCheck } = await load("handlers/gates/bash-command.ts");
const { PathNormalizer } = await load("path-normalizer.ts");
const { PermissionManager } = await load("permission-manager.ts");
const { inMemoryLoader } = await import(pathToFileURL(join(adapterDir, "in-memory-loader.ts")).href);
const { PermissionResolver } = await load("permission-resolver.ts");
const { LocalPermissionsService } = await load("permissions-service.ts");
const { ToolAccessExtractorRegistry } = await load("tool-access-extractor-registry.ts");
const { ToolInputFormatterRegistry } = await load("tool-input-formatter-registry.ts");

// ---- result codes (identical definitions in benches/side-by-side/workload.rs) ----

const STATE_RANK = { allow: 1, ask: 2, deny: 3 };
const VERDICT_RANK = { none: 0, allow: 1, deny: 2, defer: 3 };
const SENTINELS = [
  "<opaque-bash-wrapper>",
  "<indirection-bash-wrapper>",
  "<unparseable-bash-command>",
];

/** stateRank * 1e6 + (rule index + 1, or 0 for none, or 900001+k for sentinel k). */
function checkCode(result, patternIndex) {
  const pattern = result.matchedPattern;
  let code = 0;
  if (pattern !== undefined && pattern !== null) {
    const index = patternIndex.get(pattern);
    if (index !== undefined) code = index + 1;
    else {
      const sentinel = SENTINELS.indexOf(pattern);
      code = sentinel >= 0 ? 900001 + sentinel : 999999;
    }
  }
  return (STATE_RANK[result.state] ?? 9) * 1_000_000 + code;
}

// ---- the package's policy, built once per workload from the request's rules ----

function resolverFor(rules) {
  const bash = {};
  for (const { pattern, action } of rules) bash[pattern] = action;
  const manager = new PermissionManager({
    policyLoader: inMemoryLoader({ permission: { bash } }),
  });
  return new PermissionResolver(manager, { getRuleset: () => [] });
}

const normalizer = new PathNormalizer(posixPathFlavor, tmpdir());

// ---- the de-wrapping the authorizer does (upstream.md section 4) ----

const TIMEOUT = /^timeout[ \t]+([1-9][0-9]*(?:\.[0-9]+)?[smhd]?)[ \t]+(.+)$/;
const TIME = /^time[ \t]+(?![-\s])(.+)$/;

/** The de-wrapped full command, or null when the authorizer would defer without a query. */
function dewrap(unit, full) {
  const m = TIMEOUT.exec(unit) ?? TIME.exec(unit);
  if (m === null) return null;
  const inner = m[m.length - 1];
  if (TIMEOUT.test(inner) || TIME.test(inner)) return null;
  const first = full.indexOf(unit);
  if (first < 0 || full.indexOf(unit, first + unit.length) >= 0) return null;
  return full.slice(0, first) + inner + full.slice(first + unit.length);
}

// ---- workloads: each returns one iteration's body; its return value is the count ----

function matchWorkload(w) {
  // The package's own policy evaluation: rules as its Ruleset, last match wins.
  const rules = w.rules.map(({ pattern, action }) => ({
    surface: "bash",
    pattern,
    action,
    layer: "config",
    origin: "global",
  }));
  const index = new Map(rules.map((r, i) => [r, i]));
  return () => {
    let count = 0;
    for (const value of w.values) {
      const rule = evaluate("bash", value, rules, posixPathFlavor);
      count += (index.get(rule) ?? -1) + 1;
    }
    return count;
  };
}

function matchPrecompiledWorkload(w) {
  // Not the deployed path: every rule's RegExp compiled once, then the
  // package's own last-match search over them. Shows how much of the
  // package's cost is recompiling per call rather than matching.
  const patterns = compileWildcardPatternEntries(w.rules.map((r) => [r.pattern, r.action]));
  const index = new Map(w.rules.map((r, i) => [r.pattern, i]));
  return () => {
    let count = 0;
    for (const value of w.values) {
      const match = findCompiledWildcardMatch(patterns, value);
      count += match === null ? 0 : (index.get(match.matchedPattern) ?? -1) + 1;
    }
    return count;
  };
}

function advisoryWorkload(w) {
  const service = new LocalPermissionsService(
    resolverFor(w.rules),
    { getPathNormalizer: () => normalizer },
    new ToolInputFormatterRegistry(),
    new ToolAccessExtractorRegistry(),
  );
  const patternIndex = new Map(w.rules.map((r, i) => [r.pattern, i]));
  return () => {
    let count = 0;
    for (const command of w.commands) {
      count += checkCode(service.checkPermission("bash", command), patternIndex);
    }
    return count;
  };
}

function decideWorkload(w) {
  // Gate (trim, parse once, resolve units) then, on ask, the advisory
  // re-query of the de-wrapped full command: the work the crate's decide does.
  const resolver = resolverFor(w.rules);
  const service = new LocalPermissionsService(
    resolver,
    { getPathNormalizer: () => normalizer },
    new ToolInputFormatterRegistry(),
    new ToolAccessExtractorRegistry(),
  );
  const patternIndex = new Map(w.rules.map((r, i) => [r.pattern, i]));
  return async () => {
    let count = 0;
    for (const command of w.commands) {
      const shell = resolveShellInvocation("bash", { command }, undefined);
      const program = await BashProgram.parse(shell.command, normalizer);
      const gate = resolveBashCommandCheck(
        program.commandText(),
        program.commands(),
        undefined,
        resolver,
      );
      let verdict = "none";
      if (gate.state === "ask") {
        const dewrapped = gate.command ? dewrap(gate.command, command) : null;
        if (dewrapped === null) verdict = "defer";
        else {
          const state = service.checkPermission("bash", dewrapped).state;
          verdict = state === "allow" ? "allow" : state === "deny" ? "deny" : "defer";
        }
      }
      count += VERDICT_RANK[verdict] * 10_000_000 + checkCode(gate, patternIndex);
    }
    return count;
  };
}

const BUILDERS = {
  match: matchWorkload,
  "match-precompiled": matchPrecompiledWorkload,
  advisory: advisoryWorkload,
  decide: decideWorkload,
};

// ---- timing (same rule as time_workload in workload.rs) ----

async function timeWorkload(body, plan) {
  let expected;
  const run = async () => {
    const count = await body();
    if (expected === undefined) expected = count;
    else if (count !== expected) throw new Error(`count changed between iterations: ${expected} then ${count}`);
  };
  if (plan.quick) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < plan.quickIterations; i++) await run();
    const ns = Number(process.hrtime.bigint() - start) / plan.quickIterations;
    return { count: expected, iterations: plan.quickIterations, samples: 1, medianNs: ns, minNs: ns };
  }
  // Warm up, then size batches so one sample lasts about sampleMs.
  let warm = 0;
  const warmStart = process.hrtime.bigint();
  while (warm < 1 || Number(process.hrtime.bigint() - warmStart) < plan.warmupMs * 1e6) {
    await run();
    warm++;
  }
  const perIter = Number(process.hrtime.bigint() - warmStart) / warm;
  const batch = Math.max(1, Math.round((plan.sampleMs * 1e6) / perIter));
  const samples = [];
  let iterations = 0;
  const measureStart = process.hrtime.bigint();
  while (
    samples.length < plan.minSamples ||
    (samples.length < plan.maxSamples &&
      Number(process.hrtime.bigint() - measureStart) < plan.measureMs * 1e6)
  ) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) await run();
    samples.push(Number(process.hrtime.bigint() - start) / batch);
    iterations += batch;
  }
  samples.sort((a, b) => a - b);
  return {
    count: expected,
    iterations,
    samples: samples.length,
    medianNs: samples[Math.floor(samples.length / 2)],
    minNs: samples[0],
  };
}

async function readStdin() {
  process.stdin.setEncoding("utf8");
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return JSON.parse(text);
}

async function main() {
  const request = await readStdin();
  // The advisory path only decomposes with a warm parser, as in the extension
  // after before_agent_start.
  await warmBashParser();
  if (getWarmBashParser() === null) throw new Error("tree-sitter-bash parser failed to warm");
  // The package expands ~ and $HOME with os.homedir(), which reads HOME.
  process.env.HOME = request.home;
  for (const workload of request.workloads) {
    const build = BUILDERS[workload.op];
    if (build === undefined) throw new Error(`unknown op ${workload.op}`);
    const result = await timeWorkload(build(workload), request.plan);
    process.stdout.write(`${JSON.stringify({ name: workload.name, ...result })}\n`);
  }
}

main().catch((e) => {
  process.stderr.write(`timing harness failed: ${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
