// JSON Lines oracle adapter for @gotgenes/pi-permission-system@20.7.3.
//
// Reads one JSON request per line on stdin and writes one JSON response per
// line on stdout (after a handshake line). Every answer comes from the
// package's own functions; this file only builds their inputs (an in-memory
// policy, the home directory) and reshapes their outputs into the crate's
// oracle protocol. See README.md for the mapping.
import { tmpdir } from "node:os";

import { BashProgram } from "./node_modules/@gotgenes/pi-permission-system/src/access-intent/bash/program.ts";
import {
  getWarmBashParser,
  warmBashParser,
} from "./node_modules/@gotgenes/pi-permission-system/src/access-intent/bash/parser.ts";
import { parseBashCommandsSync } from "./node_modules/@gotgenes/pi-permission-system/src/access-intent/bash/sync-commands.ts";
import { resolveShellInvocation } from "./node_modules/@gotgenes/pi-permission-system/src/access-intent/tool-kind.ts";
import { resolveBashCommandCheck } from "./node_modules/@gotgenes/pi-permission-system/src/handlers/gates/bash-command.ts";
import { posixPathFlavor } from "./node_modules/@gotgenes/pi-permission-system/src/path/path-flavor.ts";
import { PathNormalizer } from "./node_modules/@gotgenes/pi-permission-system/src/path-normalizer.ts";
import { PermissionManager } from "./node_modules/@gotgenes/pi-permission-system/src/permission-manager.ts";
import { PermissionResolver } from "./node_modules/@gotgenes/pi-permission-system/src/permission-resolver.ts";
import { LocalPermissionsService } from "./node_modules/@gotgenes/pi-permission-system/src/permissions-service.ts";
import { ToolAccessExtractorRegistry } from "./node_modules/@gotgenes/pi-permission-system/src/tool-access-extractor-registry.ts";
import { ToolInputFormatterRegistry } from "./node_modules/@gotgenes/pi-permission-system/src/tool-input-formatter-registry.ts";
import { wildcardMatch } from "./node_modules/@gotgenes/pi-permission-system/src/wildcard-matcher.ts";
import { inMemoryLoader } from "./in-memory-loader.ts";

const HANDSHAKE = {
  protocol: 1,
  spec: "0.1.0",
  implementation: "@gotgenes/pi-permission-system@20.7.3 (adapter)",
};

const STATES = new Set(["allow", "ask", "deny"]);

/** A request the adapter rejects with a protocol error code. */
class RequestError extends Error {
  constructor(
    readonly code: "bad_request" | "unknown_op",
    message: string,
  ) {
    super(message);
  }
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Request = Record<string, unknown>;

function requireString(req: Request, field: string): string {
  const value = req[field];
  if (typeof value !== "string") {
    throw new RequestError("bad_request", `"${field}" must be a string`);
  }
  return value;
}

/** `home` is optional: absent (or null) keeps the process's own HOME. */
function optionalHome(req: Request): string | undefined {
  const home = req.home;
  if (home === undefined || home === null) return undefined;
  if (typeof home !== "string") {
    throw new RequestError("bad_request", '"home" must be a string');
  }
  return home;
}

// The package expands `~`/`$HOME` with `os.homedir()` at every match, and on
// POSIX `os.homedir()` returns `process.env.HOME` when it is set. Setting it
// around a request is therefore exactly "the home directory the package sees".
function withHome<T>(home: string | undefined, run: () => Promise<T>): Promise<T> {
  if (home === undefined) return run();
  const saved = process.env.HOME;
  process.env.HOME = home;
  return run().finally(() => {
    if (saved === undefined) delete process.env.HOME;
    else process.env.HOME = saved;
  });
}

/**
 * The policy as the package's config shape. `rules` (ordered pattern/action
 * pairs) become the `bash` surface map in order; a `policy` is passed as is.
 */
function policyConfig(req: Request): Record<string, unknown> {
  if (req.rules !== undefined && req.policy !== undefined) {
    throw new RequestError("bad_request", 'give "rules" or "policy", not both');
  }
  if (req.policy !== undefined) {
    const policy = req.policy;
    if (typeof policy !== "object" || policy === null || Array.isArray(policy)) {
      throw new RequestError("bad_request", '"policy" must be an object');
    }
    return policy as Record<string, unknown>;
  }
  if (!Array.isArray(req.rules)) {
    throw new RequestError("bad_request", '"rules" (array) or "policy" (object) is required');
  }
  const bash: Record<string, string> = {};
  for (const rule of req.rules as unknown[]) {
    const { pattern, action } = (rule ?? {}) as Record<string, unknown>;
    if (typeof pattern !== "string" || typeof action !== "string" || !STATES.has(action)) {
      throw new RequestError(
        "bad_request",
        'each rule must be {"pattern": string, "action": "allow"|"ask"|"deny"}',
      );
    }
    // The package's policy is a JSON object: a pattern can occur only once.
    if (Object.hasOwn(bash, pattern)) {
      throw new RequestError("bad_request", `duplicate rule pattern ${JSON.stringify(pattern)}`);
    }
    bash[pattern] = action;
  }
  return { permission: { bash } };
}

/** The resolver the gate and the permissions service share, with no session rules. */
function resolverFor(req: Request): PermissionResolver {
  // A fresh manager per request: its resolved-rules cache must not leak
  // between requests carrying different policies.
  const manager = new PermissionManager({
    policyLoader: inMemoryLoader(policyConfig(req)) as never,
  });
  return new PermissionResolver(manager, { getRuleset: () => [] });
}

type BashCommand = { text: string; context?: string; wrapperKind?: string };

function unitsJson(commands: readonly BashCommand[]): Json[] {
  return commands.map((c) => ({
    text: c.text,
    context: c.context ?? null,
    wrapperKind: c.wrapperKind ?? null,
  }));
}

type CheckResult = {
  state: string;
  matchedPattern?: string;
  command?: string;
  commandContext?: string;
};

function checkJson(result: CheckResult, units: readonly BashCommand[]): Record<string, Json> {
  return {
    state: result.state,
    matchedPattern: result.matchedPattern ?? null,
    command: result.command ?? null,
    commandContext: result.commandContext ?? null,
    units: unitsJson(units),
  };
}

const normalizer = new PathNormalizer(posixPathFlavor, tmpdir());

/**
 * The tool-call gate's bash-command decision, as the package's
 * ToolCallGatePipeline computes it for the `bash` tool: the command is read
 * with resolveShellInvocation (which trims), parsed once into a BashProgram,
 * and resolved by resolveBashCommandCheck; an empty trimmed command is
 * resolved whole on the `bash` surface.
 */
async function gate(req: Request): Promise<Record<string, Json>> {
  const command = requireString(req, "command");
  const resolver = resolverFor(req);
  const shell = resolveShellInvocation("bash", { command }, undefined);
  if (shell === null || !shell.command) {
    const whole = resolver.resolve({
      kind: "tool",
      surface: "bash",
      input: { command: shell?.command ?? "" },
      agentName: undefined,
    });
    return checkJson(whole, []);
  }
  const program = await BashProgram.parse(shell.command, normalizer);
  const result = resolveBashCommandCheck(
    program.commandText(),
    program.commands(),
    undefined,
    resolver,
  );
  return checkJson(result, program.commands());
}

/**
 * The advisory answer the authorizer's re-query gets: the published
 * PermissionsService's checkPermission("bash", value), value as given.
 */
function advisory(req: Request): Record<string, Json> {
  const command = requireString(req, "command");
  const resolver = resolverFor(req);
  const service = new LocalPermissionsService(
    resolver,
    { getPathNormalizer: () => normalizer },
    new ToolInputFormatterRegistry(),
    new ToolAccessExtractorRegistry(),
  );
  const result = service.checkPermission("bash", command);
  // The service does not return its units; the same enumeration it ran is
  // deterministic, so asking for it again reports exactly what it matched.
  return checkJson(result, parseBashCommandsSync(command) ?? []);
}

async function answer(req: Request): Promise<Record<string, Json>> {
  switch (req.op) {
    case "match": {
      const pattern = requireString(req, "pattern");
      const value = requireString(req, "value");
      return withHome(optionalHome(req), async () => ({
        matched: wildcardMatch(pattern, value),
      }));
    }
    case "units": {
      const command = requireString(req, "command");
      return { units: unitsJson(parseBashCommandsSync(command) ?? []) };
    }
    case "check":
      return withHome(optionalHome(req), () => gate(req));
    case "advisory":
      return withHome(optionalHome(req), async () => advisory(req));
    default:
      throw new RequestError(
        "unknown_op",
        typeof req.op === "string" ? `unknown op ${JSON.stringify(req.op)}` : '"op" must be a string',
      );
  }
}

async function respond(line: string): Promise<Record<string, Json>> {
  let req: unknown;
  try {
    req = JSON.parse(line);
  } catch (e) {
    return { id: null, ok: false, error: { code: "bad_json", message: String(e) } };
  }
  if (typeof req !== "object" || req === null || Array.isArray(req)) {
    return { id: null, ok: false, error: { code: "bad_request", message: "a request must be a JSON object" } };
  }
  const id = ((req as Request).id ?? null) as Json;
  try {
    return { id, ok: true, ...(await answer(req as Request)) };
  } catch (e) {
    const code = e instanceof RequestError ? e.code : "internal";
    const message = e instanceof Error ? e.message : String(e);
    return { id, ok: false, error: { code, message } };
  }
}

async function main(): Promise<void> {
  // Warm the parser as the extension does at before_agent_start, so the
  // advisory path decomposes (a cold parser would match the whole string).
  await warmBashParser();
  if (getWarmBashParser() === null) {
    throw new Error("tree-sitter-bash parser failed to warm");
  }
  process.stdout.write(`${JSON.stringify(HANDSHAKE)}\n`);

  // Split on "\n" only: readline would also split on a bare "\r", which a
  // JSON text may legitimately not contain raw, but splitting here keeps the
  // framing exactly "one line = one request".
  process.stdin.setEncoding("utf8");
  let pending = "";
  for await (const chunk of process.stdin) {
    pending += chunk as string;
    const out: string[] = [];
    let start = 0;
    for (let end = pending.indexOf("\n"); end !== -1; end = pending.indexOf("\n", start)) {
      const line = pending.slice(start, end);
      start = end + 1;
      if (line.trim() !== "") out.push(JSON.stringify(await respond(line)));
    }
    pending = pending.slice(start);
    if (out.length > 0) process.stdout.write(`${out.join("\n")}\n`);
  }
  if (pending.trim() !== "") {
    process.stdout.write(`${JSON.stringify(await respond(pending))}\n`);
  }
}

main().catch((e) => {
  process.stderr.write(`adapter failed to start: ${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
