// lib/cli/resolve.ts
import { RESOLUTION_EXIT, resolveMemory } from "../config/resolve.js";
import { inertText } from "../core/sanitize.js";
import { bool, parseArgs, PROJECT_FLAGS, projectFrom } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { commandSummary } from "./command-summary.js";
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
