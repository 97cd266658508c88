// lib/cli/consolidate.ts
import { consolidate } from "../proposals/consolidate.js";
import { inertText } from "../core/sanitize.js";
import { bool, parseArgs } from "./args.js";
import { colorsFor, printJson } from "./output.js";
import { ACTOR_FLAGS, JSON_FLAG, requireStore, STORE_FLAGS, writeContext } from "./store-access.js";
import { commandSummary } from "./command-summary.js";
import { repoSourceChecker } from "../proposals/trust.js";
var spec = {
  name: "consolidate",
  summary: commandSummary("consolidate"),
  flags: {
    "dry-run": { type: "boolean", description: "report what the pass would do; write nothing (not even the job ledger)" },
    "accept-facts": {
      type: "boolean",
      description: "also accept proposals of kind fact with nothing against them, from the owner or with a source naming a repository file"
    },
    ...ACTOR_FLAGS,
    ...STORE_FLAGS,
    ...JSON_FLAG
  },
  exitCodes: {
    0: "pass done (conflicts, if any, are left pending and reported)",
    1: "refused: agent caller (E_READ_ONLY), another pass running (E_JOB_LEASED), lock timeout, no store",
    2: "usage error",
    3: "invalid explicit memory selection"
  },
  notes: "Accepts nothing unless --accept-facts. A real pass runs as a job in .memctl/jobs.jsonl (memctl jobs): a pass whose holder died is retried by the next one.",
  examples: ["memctl consolidate --dry-run", "memctl consolidate", "memctl consolidate --accept-facts --json"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const { memoryDir, resolution } = requireStore(args, io);
  const report = await consolidate(writeContext(args, io, memoryDir), {
    dryRun: bool(args, "dry-run"),
    acceptFacts: bool(args, "accept-facts"),
    clock: () => io.now(),
    verifiedSource: repoSourceChecker(resolution.repo_root)
  });
  if (bool(args, "json")) printJson(io, { memory_dir: memoryDir, ...report });
  else io.stdout.write(render(report, io));
  return 0;
}
function render(r, io) {
  const c = colorsFor(io);
  const would = r.dry_run ? "would " : "";
  const lines = [
    `${r.dry_run ? c.dim("dry run: ") : ""}${r.pending_before} pending proposal${r.pending_before === 1 ? "" : "s"}${r.job ? ` (job ${r.job.id}, attempt ${r.job.attempts}${r.retried ? ", a retry" : ""})` : ""}`
  ];
  for (const m of r.merged)
    lines.push(`  ${c.green(r.dry_run ? "merge " : "merged")}      ${m.ids.join(", ")} ${would ? "would fold" : "folded"} into ${m.into} (${inertText(m.card)})`);
  for (const x of r.conflicts) lines.push(`  ${c.red("conflict")}    ${inertText(x.card)}: ${x.ids.join(" vs ")} say different things \u2014 decide with memctl review`);
  for (const x of r.contradictions) lines.push(`  ${c.red("contradicts")} ${x.id}: ${inertText(x.card)} changed since it was proposed and now says something else`);
  for (const a of r.accepted) lines.push(`  ${c.green(r.dry_run ? "accept  " : "accepted")}    ${a.id} \u2192 ${inertText(a.card)}${a.rev !== null ? ` (rev ${a.rev})` : ""}`);
  for (const h of r.held) lines.push(`  ${c.dim("held")}        ${h.id}: ${inertText(h.why)}`);
  for (const s of r.scope_suggestions) lines.push(`  ${c.dim("scope?")}      ${s.id}: ${s.scope.map(inertText).join(", ")} (memctl accept ${s.id} --suggested-scope)`);
  if (r.merged.length + r.conflicts.length + r.contradictions.length + r.accepted.length + r.held.length === 0) lines.push(c.dim("  nothing to merge or flag"));
  lines.push(`${r.left_pending} ${would ? "would stay" : "left"} pending${r.accept_facts ? "" : " (nothing is accepted without --accept-facts)"}; memctl review lists them`);
  return lines.join("\n") + "\n";
}
export {
  run,
  spec
};
