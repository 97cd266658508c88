import { usageError } from "../core/errors.js";
import type { Io } from "../store/io.js";
import { HOST_NAMES, isHostName } from "../../hosts/index.js";
import { runStats } from "../reports/run-stats.js";
import { bool, num, parseArgs, PROJECT_FLAGS, projectFrom, str, type CommandSpec } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { inert } from "./report-format.js";
import { renderStats } from "./stats-render.js";
import { commandSummary } from "./command-summary.js";

export const spec: CommandSpec = {
  name: "stats",
  summary: commandSummary("stats"),
  flags: {
    ...PROJECT_FLAGS,
    host: { type: "string", valueName: "HOST", description: "whose per-prompt budget to report: claude, codex, generic, grok, opencode (default generic)" },
    "hit-limit": { type: "number", valueName: "N", description: "most-hit cards to list (default 20, 0 = all); totals are never capped" },
    "never-hit-limit": { type: "number", valueName: "N", description: "never-hit cards to list (default 20, 0 = all); the count is never capped" },
    json: { type: "boolean", description: "print one JSON object (schema_version 1)" },
  },
  exitCodes: { 0: "report emitted (an unhealthy number is never an error)", 1: "the canonical memory selection is invalid or missing", 2: "usage error" },
  notes:
    'Numbers come from MEMORY.md, the usage sidecar the hook writes, and episodes.jsonl. usage_store "error" means the\nsidecar exists but cannot be read: hit counts are unknown (null), not zero.',
  examples: ["memctl stats", "memctl stats --json --hit-limit 0", "memctl stats --host claude --never-hit-limit 50"],
};

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(spec, argv);
  const host = str(args, "host");
  if (host !== undefined && !isHostName(host)) throw usageError(`unknown host "${host}" for --host; use one of ${HOST_NAMES.join(", ")}`);
  const outcome = await runStats({ ...projectFrom(args), host, hitLimit: num(args, "hit-limit") ?? 20, neverHitLimit: num(args, "never-hit-limit") ?? 20 }, io);
  const json = bool(args, "json");
  if (!outcome.ok) {
    if (json) printJson(io, { memory_dir: null, resolution_issues: outcome.resolution_issues });
    else {
      const c = colorsFor(io);
      for (const issue of outcome.resolution_issues)
        io.stdout.write(
          `${c.red("✗")} no report: ${issue.source}: ${inert(issue.reason)}\n  ${c.dim("fix:")} ${inert(issue.fix ?? "memctl resolve shows the selection; memctl doctor lists what else is wrong")}\n`,
        );
    }
    return 1;
  }
  if (json) printJson(io, outcome.report);
  else io.stdout.write(renderStats(outcome.report, io));
  return 0;
}
