import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  viewMemory
} from "./records-file-view.mjs";
import {
  inertBlock
} from "./core-sanitize-block.mjs";
import "./store-safe-open.mjs";
import {
  JSON_FLAG,
  STORE_FLAGS,
  requireStore
} from "./cli-store-access.mjs";
import "./config-agent-env.mjs";
import "./records-guardrails.mjs";
import "./store-history.mjs";
import "./store-read.mjs";
import "./core-index-file.mjs";
import "./core-card.mjs";
import "./core-card-types.mjs";
import "./store-lock.mjs";
import {
  printJson
} from "./cli-output.mjs";
import {
  bool,
  commandSummary,
  parseArgs,
  str
} from "./cli-args.mjs";
import "./config-project.mjs";
import "./config-git.mjs";
import "./core-sanitize.mjs";
import "./config-config-keys.mjs";
import "./core-closest.mjs";
import "./core-sha256.mjs";
import "./store-paths.mjs";
import "./core-bytes.mjs";
import {
  usageError
} from "./core-errors.mjs";
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";

// lib/cli/view.ts
var spec = {
  name: "view",
  summary: commandSummary("view"),
  positionals: [{ name: "path", description: "relative to the memory directory, or under /memories/ (default: the root)" }],
  flags: {
    range: { type: "string", valueName: "A:B", description: "only lines A to B (1-based, inclusive; B = -1 or empty for the end)" },
    ...STORE_FLAGS,
    ...JSON_FLAG
  },
  exitCodes: { 0: "shown", 1: "no such path, a path that escapes the store (.., absolute, NUL, symlink), or no store", 2: "usage error", 3: "invalid explicit memory selection" },
  examples: ["memctl view", "memctl view feedback_run-tests.md --range 1:5", "memctl view /memories/notes"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const requested = args.positionals[0] ?? "/memories";
  const range = parseRange(str(args, "range"));
  const { memoryDir } = requireStore(args, io);
  const text = viewMemory(memoryDir, requested, range);
  if (bool(args, "json")) printJson(io, { path: requested, text });
  else io.stdout.write(inertBlock(text) + "\n");
  return 0;
}
function parseRange(raw) {
  if (raw === void 0) return void 0;
  const m = /^(\d+):(-1|\d*)$/.exec(raw);
  if (!m) throw usageError(`--range ${raw} must look like A:B (e.g. 3:10, or 3: for "to the end")`);
  return [Number(m[1]), m[2] === "" ? -1 : Number(m[2])];
}
export {
  run,
  spec
};
