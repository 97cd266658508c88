import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
