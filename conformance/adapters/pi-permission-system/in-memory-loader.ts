// The package's PolicyLoader interface, answered from memory (one scope).
//
// Shared by the adapter (adapter.ts) and the side-by-side timing harness
// (benches/side-by-side/timing.mjs), so both hand the package the same
// policy the same way and neither ever reads a policy file.
export function inMemoryLoader(config: Record<string, unknown>) {
  return {
    loadGlobalConfig: () => config,
    loadProjectConfig: () => ({}),
    loadAgentConfig: () => ({}),
    loadProjectAgentConfig: () => ({}),
    getConfiguredMcpServerNames: () => [],
    getCacheStamp: () => "in-memory",
    getConfigIssues: () => [],
    getResolvedPolicyPaths: () => ({}),
  };
}
