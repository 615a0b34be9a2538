// Module-resolution hook (registered by register-hooks.mjs).
//
// Redirects the one agent-runtime import the policy code needs
// (`@earendil-works/pi-coding-agent`, imported by the package's
// `src/policy-loader.ts`) to a local stub. Everything else resolves normally.
const RUNTIME_SPECIFIER = "@earendil-works/pi-coding-agent";
const STUB_URL = new URL("./stubs/pi-coding-agent.mjs", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === RUNTIME_SPECIFIER) {
    return { url: STUB_URL, format: "module", shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
