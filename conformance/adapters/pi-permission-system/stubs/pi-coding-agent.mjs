// Stand-in for the agent runtime `@earendil-works/pi-coding-agent`.
//
// The package's `src/policy-loader.ts` imports `getAgentDir` from the runtime to
// find policy files on disk. The adapter never loads policy files: it hands the
// package an in-memory policy loader, so reaching this function means the
// package tried to read the user's real configuration. Fail loudly instead.
export function getAgentDir() {
  throw new Error(
    "pi-permission-system adapter: the agent runtime is stubbed; " +
      "policy comes from the request, not from ~/.pi",
  );
}
