// The audit protocol (spec chapter 13) for cc-safety-net, in process:
// `checkCommand` of its library entry point, with the working directory
// (the project) as cwd. Approved exactly when it answers `allow`.
import readline from 'node:readline';
import { createRequire } from 'node:module';
import { checkCommand } from 'cc-safety-net/api';

const { version } = createRequire(import.meta.url)('cc-safety-net/package.json');
const write = (value) => process.stdout.write(JSON.stringify(value) + '\n');
write({ audit: 1, layer: 'cc-safety-net', version });
const cwd = process.cwd();
for await (const line of readline.createInterface({ input: process.stdin })) {
  const request = JSON.parse(line);
  try {
    write({ id: request.id, approved: checkCommand({ command: request.command, cwd }).kind === 'allow' });
  } catch (error) {
    // The layer cannot say: unknown, never an approval (AUDIT-PROTO-3).
    write({ id: request.id, error: String(error) });
  }
}
