import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  colorsFor,
  printJson
} from "./cli-output.mjs";
import {
  PROJECT_FLAGS,
  bool,
  commandSummary,
  parseArgs,
  projectFrom
} from "./cli-args.mjs";
import {
  RESOLUTION_EXIT,
  resolveMemory
} from "./config-project.mjs";
import "./config-git.mjs";
import {
  inertText
} from "./core-sanitize.mjs";
import "./config-config-keys.mjs";
import "./core-closest.mjs";
import "./core-sha256.mjs";
import "./store-paths.mjs";
import "./core-bytes.mjs";
import "./core-errors.mjs";
import "./runtime.mjs";

// lib/cli/resolve.ts
var spec = {
  name: "resolve",
  summary: commandSummary("resolve"),
  flags: {
    ...PROJECT_FLAGS,
    json: { type: "boolean", description: "print one JSON object (schema_version 1)" }
  },
  exitCodes: {
    0: "resolved",
    1: "unavailable (no store selected or found)",
    2: "usage error (including a non-git directory without --allow-non-git)",
    3: "invalid explicit selection (env or project config points at an unusable directory)"
  },
  notes: 'Precedence: MEMCTL_MEMORY_DIR (alias PM_MEMORY_DIR) \u2192 [projects."<key>"] in the user config \u2192 <CLAUDE_CONFIG_DIR or ~/.claude>/projects/<slug>/memory/.',
  examples: ["memctl resolve", "memctl resolve --repo-root ~/src/app --json"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const resolution = resolveMemory(projectFrom(args), io);
  if (bool(args, "json")) printJson(io, resolution);
  else io.stdout.write(renderResolution(resolution, io));
  return RESOLUTION_EXIT[resolution.status];
}
function renderResolution(r, io) {
  const c = colorsFor(io);
  const statusColor = r.status === "resolved" ? c.green : r.status === "unavailable" ? c.yellow : c.red;
  const rows = [
    ["status", statusColor(r.status)],
    ["source", r.resolution_source],
    ["memory dir", r.memory_dir ? inertText(r.memory_dir) : c.dim("(none)")],
    ["project key", r.project_key],
    ["repository", inertText(r.canonical_repo)]
  ];
  if (r.repo_root !== r.canonical_repo) rows.push(["worktree", inertText(r.repo_root)]);
  rows.push(["reason", inertText(r.reason)]);
  return rows.map(([k, v]) => `${c.bold(k.padEnd(12))} ${v}`).join("\n") + "\n";
}
export {
  renderResolution,
  run,
  spec
};
