// An audit adapter (spec chapter 13) for a layer written in JavaScript:
// import its decision function and answer one line per request.
//
//   inner-cmd audit --impl 'node docs/audit-adapters/in-process.mjs ./my-layer.mjs'
//
// The module named on the command line must export
// `async function approve(command): boolean` and may export `version`.
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const modulePath = process.argv[2];
if (!modulePath) {
  console.error('usage: in-process.mjs LAYER-MODULE');
  process.exit(2);
}
const layer = await import(pathToFileURL(path.resolve(modulePath)).href);
const write = (value) => process.stdout.write(JSON.stringify(value) + '\n');

write({ audit: 1, layer: path.basename(modulePath), version: String(layer.version ?? 'unknown') });
for await (const line of readline.createInterface({ input: process.stdin })) {
  const request = JSON.parse(line);
  try {
    write({ id: request.id, approved: (await layer.approve(request.command)) === true });
  } catch (error) {
    // The layer cannot say: unknown, never an approval (AUDIT-PROTO-3).
    write({ id: request.id, error: String(error) });
  }
}
