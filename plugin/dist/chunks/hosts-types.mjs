import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);

// hosts/types.ts
var HOST_NAMES = ["claude", "codex", "opencode", "grok", "generic"];

export {
  HOST_NAMES
};
