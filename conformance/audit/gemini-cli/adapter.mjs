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
write({ audit: 1, layer: 'gemini-cli-core policy engine', version });
const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const request = JSON.parse(line);
  try {
    const result = await engine.check({ name: 'run_shell_command', args: { command: request.command } }, undefined);
    write({ id: request.id, approved: result.decision === 'allow' });
  } catch (error) {
    write({ id: request.id, error: String(error) });
  }
}
