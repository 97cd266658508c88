import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
var e=["claude","codex","opencode","grok","generic"];export{e as a};
