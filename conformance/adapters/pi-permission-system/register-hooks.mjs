// Registers resolve-hooks.mjs. Load it after tsx
// (`node --import tsx --import ./register-hooks.mjs adapter.ts`): hooks
// registered later run first, so the runtime stub wins before tsx resolves.
import { register } from "node:module";

register("./resolve-hooks.mjs", import.meta.url);
