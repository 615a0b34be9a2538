// Gemini CLI's policy engine (npm @google/gemini-cli-core, pinned by
// package-lock.json) as a layer of the audit protocol (spec chapter 13).
// Driven in-process the way the CLI builds it: the default policies, the
// default approval mode, no user settings (HOME is an empty directory, set
// by ./run), a trusted folder; a command is approved when `check` of a
// `run_shell_command` call answers `allow` without asking the user.
import { createRequire } from 'node:module';
import readline from 'node:readline';

const core = '@google/gemini-cli-core/dist/src';
const { createPolicyEngineConfig, DEFAULT_CORE_POLICIES_DIR } = await import(`${core}/policy/config.js`);
const { PolicyEngine } = await import(`${core}/policy/policy-engine.js`);
const { ApprovalMode } = await import(`${core}/policy/types.js`);
const { NoopSandboxManager } = await import(`${core}/services/sandboxManager.js`);
const version = createRequire(import.meta.url)('@google/gemini-cli-core/package.json').version;

const workspace = process.cwd();
const config = await createPolicyEngineConfig({}, ApprovalMode.DEFAULT, DEFAULT_CORE_POLICIES_DIR, true);
const engine = new PolicyEngine({
  ...config,
  approvalMode: ApprovalMode.DEFAULT,
  sandboxManager: new NoopSandboxManager({ workspace }),
  isTrustedFolder: () => true,
});

// The package's debug logger writes to stdout; protocol lines go to the real fd 1.
const write = (value) => process.stdout.write(JSON.stringify(value) + '\n');
console.log = console.info = console.debug = console.warn = () => {};
const decide = async (command) =>
  (await engine.check({ name: 'run_shell_command', args: { command } }, undefined)).decision === 'allow';

// `--time FILE ROUNDS`: the cost of a decision, for BENCHMARKS.md's peers row:
// every command of FILE (one JSON string a line) decided ROUNDS times after
// one warm-up round; prints {"nsPerDecision", "approved"}.
if (process.argv[2] === '--time') {
  const { readFileSync } = await import('node:fs');
  const commands = readFileSync(process.argv[3], 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const rounds = Number(process.argv[4] ?? 1);
  let approved = 0;
  for (const command of commands) approved += (await decide(command)) ? 1 : 0;
  const started = process.hrtime.bigint();
  for (let round = 0; round < rounds; round++) for (const command of commands) await decide(command);
  const decisions = commands.length * Math.max(rounds, 1);
  write({ nsPerDecision: Number(process.hrtime.bigint() - started) / decisions, approved, decisions });
  process.exit(0);
}
write({ audit: 1, layer: 'gemini-cli-core policy engine', version });
const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const request = JSON.parse(line);
  try {
    write({ id: request.id, approved: await decide(request.command) });
  } catch (error) {
    write({ id: request.id, error: String(error) });
  }
}
