// lib/cli/doctor.ts
import { usageError } from "../core/errors.js";
import { HOST_NAMES, isHostName } from "../../hosts/index.js";
import { runDoctor } from "../reports/run-doctor.js";
import { WARNING_KINDS } from "../reports/doctor-warnings.js";
import { bool, parseArgs, PROJECT_FLAGS, projectFrom, str } from "./args.js";
import { renderDoctor } from "./doctor-render.js";
import { printJson, progressLine } from "./output.js";
import { commandSummary } from "./command-summary.js";
var spec = {
  name: "doctor",
  summary: commandSummary("doctor"),
  flags: {
    ...PROJECT_FLAGS,
    host: { type: "string", valueName: "HOST", description: "whose per-prompt budget to measure against: claude, codex, generic, grok, opencode (default generic)" },
    json: { type: "boolean", description: "print one JSON object (schema_version 1)" }
  },
  exitCodes: { 0: "healthy (warnings alone never fail)", 1: "issues found (including an invalid or missing memory selection)", 2: "usage error" },
  notes: [
    "Issues: dead links, orphan cards, duplicate hooks, stale repo_refs, cards missing required fields, unparsed index",
    "lines, unreadable cards, expired cards, resolution problems. Every problem is printed with the one line that fixes",
    "it. Nothing is written. Warnings:",
    ...Object.values(WARNING_KINDS).map((w) => `  - ${w.help}`)
  ].join("\n"),
  examples: ["memctl doctor", "memctl doctor --host claude", "memctl doctor --json --repo-root ~/src/app"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const host = str(args, "host");
  if (host !== void 0 && !isHostName(host)) throw usageError(`unknown host "${host}" for --host; use one of ${HOST_NAMES.join(", ")}`);
  const progress = progressLine(io, { afterMs: 500 });
  const onStep = progress.update && ((step) => progress.update(`memctl doctor: ${step}\u2026`, true));
  const report = await runDoctor({ ...projectFrom(args), host, onStep }, io).finally(progress.done);
  if (bool(args, "json")) printJson(io, report);
  else io.stdout.write(renderDoctor(report, io));
  return report.issues_count > 0 ? 1 : 0;
}
export {
  run,
  spec
};
