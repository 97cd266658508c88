// lib/cli/fix-fields.ts
import { inertText } from "../core/sanitize.js";
import { fillMissingFields, planMissingFields } from "../records/fill-fields.js";
import { bool, parseArgs } from "./args.js";
import { commandSummary } from "./command-summary.js";
import { colorsFor, printJson } from "./output.js";
import { ACTOR_FLAGS, JSON_FLAG, requireStore, STORE_FLAGS, writeContext } from "./store-access.js";
var spec = {
  name: "fix-fields",
  summary: commandSummary("fix-fields"),
  flags: {
    "dry-run": { type: "boolean", description: "list the cards and the fields each would get; write nothing" },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG
  },
  exitCodes: {
    0: "fixed (or nothing to fix); a card that cannot be edited safely is listed and left as it is",
    1: "no store, lock timeout, or a caller that may not write cards (an agent, or a host not opted in)",
    2: "usage error",
    3: "invalid explicit memory selection"
  },
  notes: [
    "For the cards doctor lists under missing fields (hand-written or imported cards): adds topics: [], priority: normal,",
    "status: active, updated_at (the date of the card's last recorded revision, else of its file) and repo_refs: [],",
    "only the ones a card lacks. Only those lines are added: every other byte of the card stays, its legacy metadata: block",
    "included. One write under the store lock, one history revision per card; a second run finds nothing to do."
  ].join("\n"),
  examples: ["memctl fix-fields --dry-run", "memctl fix-fields", "memctl fix-fields --json"]
};
var LISTED = 20;
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const { memoryDir } = requireStore(args, io);
  const dryRun = bool(args, "dry-run");
  const result = dryRun ? await planMissingFields(memoryDir) : await fillMissingFields(writeContext(args, io, memoryDir));
  if (bool(args, "json")) {
    printJson(io, { memory_dir: memoryDir, dry_run: dryRun, fixed: result.fixes, skipped: result.skipped });
    return 0;
  }
  io.stdout.write(render(result, dryRun, io));
  return 0;
}
function render(result, dryRun, io) {
  const c = colorsFor(io);
  const out = [];
  const line = (f) => `  ${inertText(f.card)}: ${Object.keys(f.added).join(", ")}${f.entry ? c.dim(` (rev ${f.entry.rev})`) : ""}`;
  out.push(...result.fixes.slice(0, LISTED).map(line));
  if (result.fixes.length > LISTED) out.push(c.dim(`  \u2026 and ${result.fixes.length - LISTED} more (--json lists them all)`));
  for (const s of result.skipped) out.push(`${c.yellow("!")} skipped ${inertText(s.card)}: ${inertText(s.reason)}`);
  const n = result.fixes.length;
  const cards = `${n} card${n === 1 ? "" : "s"}`;
  if (n === 0) out.push(`${c.dim("nothing to fix:")} every card has the standard fields${result.skipped.length > 0 ? " (except the skipped ones above)" : ""}`);
  else if (dryRun) out.push(`would add the missing fields to ${cards}; run memctl fix-fields to write them`);
  else out.push(`${c.green("\u2713")} added the missing fields to ${cards}, one history revision each`);
  return out.join("\n") + "\n";
}
export {
  run,
  spec
};
