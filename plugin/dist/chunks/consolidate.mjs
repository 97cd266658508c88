import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  acceptProposal
} from "./proposals-decide.mjs";
import {
  OWNER_ACTOR,
  contentKey,
  groupKey,
  repoSourceChecker,
  reviewPending
} from "./proposals-content-match.mjs";
import "./records-save.mjs";
import "./records-interrupted.mjs";
import "./core-line-diff.mjs";
import {
  runJob
} from "./store-jobs.mjs";
import {
  rewritePending
} from "./proposals-propose.mjs";
import "./records-card-find.mjs";
import "./records-adopt-first.mjs";
import {
  withRecordsLock
} from "./records-commit.mjs";
import {
  archiveProposal,
  readPending,
  validRestatements
} from "./records-proposal-files.mjs";
import "./core-frontmatter-edit.mjs";
import "./store-safe-open.mjs";
import "./rank-stem.mjs";
import "./rank-stop-words-data.mjs";
import "./core-frecency.mjs";
import "./store-revisions.mjs";
import "./core-card-rules.mjs";
import "./store-write-journal.mjs";
import "./core-index-edit.mjs";
import {
  ACTOR_FLAGS,
  JSON_FLAG,
  STORE_FLAGS,
  requireStore,
  writeContext
} from "./cli-store-access.mjs";
import {
  assertMayWrite
} from "./config-agent-env.mjs";
import "./records-guardrails.mjs";
import "./store-history.mjs";
import "./store-read.mjs";
import "./core-index-file.mjs";
import "./core-card.mjs";
import "./core-card-types.mjs";
import {
  withStoreLock
} from "./store-lock.mjs";
import {
  colorsFor,
  printJson
} from "./cli-output.mjs";
import {
  bool,
  commandSummary,
  parseArgs
} from "./cli-args.mjs";
import "./config-project.mjs";
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
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";

// lib/proposals/consolidate.ts
function planConsolidation(reviewed, acceptFacts, verifiedSource = () => false) {
  const plan = {
    pending_before: reviewed.length,
    merged: [],
    conflicts: [],
    contradictions: [],
    content_matches: [],
    stale: [],
    scope_suggestions: [],
    accepted: [],
    held: [],
    left_pending: 0
  };
  const groups = /* @__PURE__ */ new Map();
  for (const r of reviewed) groups.set(groupKey(r.proposal), [...groups.get(groupKey(r.proposal)) ?? [], r]);
  const firstByContent = /* @__PURE__ */ new Map();
  const order = new Map(reviewed.map((r, i) => [r.proposal.id, i]));
  const gone = /* @__PURE__ */ new Set();
  for (const group of groups.values()) {
    const buckets = /* @__PURE__ */ new Map();
    for (const r of group) buckets.set(contentKey(r.proposal), [...buckets.get(contentKey(r.proposal)) ?? [], r]);
    for (const bucket of buckets.values()) {
      if (bucket.length > 1) plan.merged.push({ into: bucket[0].proposal.id, ids: bucket.slice(1).map((r) => r.proposal.id), card: bucket[0].card_file });
    }
    const primaries = [...buckets.values()].map((b) => b[0]).filter((r) => !foldAcrossNames(plan, firstByContent, r, gone));
    const conflict = primaries.length > 1;
    if (conflict) plan.conflicts.push({ card: primaries[0].card_file, ids: primaries.map((r) => r.proposal.id) });
    for (const r of primaries) {
      if (r.flags.stale) plan.stale.push(r.proposal.id);
      if (r.suggested_scope) plan.scope_suggestions.push({ id: r.proposal.id, card: r.card_file, scope: r.suggested_scope });
      if (r.flags.contradicts_card) plan.contradictions.push({ id: r.proposal.id, card: r.card_file });
      const matches = contentMatches(r, gone, order);
      for (const m of matches) plan.content_matches.push({ id: r.proposal.id, relation: m.relation, card: m.card_file, proposal: m.proposal });
      if (!acceptFacts) continue;
      const why = holdReason(r, conflict, matches, verifiedSource);
      if (why) plan.held.push({ id: r.proposal.id, card: r.card_file, why });
      else plan.accepted.push({ id: r.proposal.id, card: r.card_file, rev: null });
    }
  }
  const mergedAway = plan.merged.reduce((n, m) => n + m.ids.length, 0);
  plan.left_pending = reviewed.length - mergedAway - plan.accepted.length;
  return plan;
}
function foldAcrossNames(plan, first, r, gone) {
  const key = contentKey(r.proposal).replace(/^\[[^,]*,/, "[");
  const earlier = first.get(key);
  if (!earlier) {
    first.set(key, r);
    return false;
  }
  const entry = plan.merged.find((m) => m.into === earlier.proposal.id);
  const folded = [r.proposal.id, ...plan.merged.find((m) => m.into === r.proposal.id)?.ids ?? []];
  plan.merged = plan.merged.filter((m) => m.into !== r.proposal.id);
  if (entry) entry.ids.push(...folded);
  else plan.merged.push({ into: earlier.proposal.id, ids: folded, card: earlier.card_file });
  gone.add(r.proposal.id);
  return true;
}
function contentMatches(r, gone, order) {
  const before = (id) => (order.get(id) ?? Infinity) < (order.get(r.proposal.id) ?? Infinity);
  return [...r.flags.near_duplicates, ...r.flags.contradictions].filter(
    (m) => m.proposal === null || !gone.has(m.proposal) && (m.relation === "contradiction" || before(m.proposal))
  );
}
function holdReason(r, conflict, matches, verifiedSource) {
  const p = r.proposal;
  if (r.flags.not_a_card) return `not a card: ${r.flags.not_a_card}`;
  if (p.provenance.kind !== "fact") return `kind ${p.provenance.kind}, not fact`;
  if (!p.source || p.source.trim() === "") return "no source";
  if (conflict) return "conflicts with another proposal for this card";
  if (r.flags.contradicts_card) return "contradicts the card as it is now";
  if (r.flags.stale) return "the card changed since it was proposed";
  if (r.flags.duplicate_of_card) return `${r.flags.duplicate_of_card} already says this`;
  const m = matches[0];
  if (m) {
    const other = m.proposal ? `proposal ${m.proposal} (${m.card_file})` : m.card_file;
    const decide = m.proposal ? "decide with memctl review" : `decide with memctl accept ${r.proposal.id} --supersede ${m.card_file.replace(/\.md$/, "")} or --keep-both`;
    return `${m.relation === "near_duplicate" ? "nearly duplicates" : "contradicts"} ${other}; ${decide}`;
  }
  if (p.proposer !== OWNER_ACTOR && !verifiedSource(p.source))
    return `kind fact is ${p.proposer}'s own label and its source (${p.source}) names no file in the repository; decide with memctl accept ${p.id}`;
  return void 0;
}
async function consolidate(ctx, options = {}) {
  assertMayWrite(ctx.actor, "consolidate proposals");
  const acceptFacts = options.acceptFacts === true;
  if (options.dryRun) {
    const plan = planConsolidation((await reviewPending(ctx.memoryDir)).pending, acceptFacts, options.verifiedSource);
    return { dry_run: true, accept_facts: acceptFacts, job: null, retried: false, ...plan };
  }
  const ledger = { memoryDir: ctx.memoryDir, now: options.clock ?? (() => ctx.now), lockTimeoutMs: ctx.lockTimeoutMs };
  const run2 = await runJob(
    ledger,
    "consolidate",
    async () => {
      await withRecordsLock(ctx, () => void 0);
      const plan = planConsolidation((await reviewPending(ctx.memoryDir)).pending, acceptFacts, options.verifiedSource);
      await applyMerges(ctx, plan);
      for (const a of plan.accepted) {
        const done = await acceptProposal(ctx, a.id);
        a.card = done.save.file;
        a.rev = done.save.entry?.rev ?? null;
      }
      return plan;
    },
    { exclusive: true, leaseMs: options.leaseMs }
  );
  return { dry_run: false, accept_facts: acceptFacts, job: run2.job, retried: run2.retried, ...run2.result };
}
async function applyMerges(ctx, plan) {
  if (plan.merged.length === 0) return;
  await withStoreLock(
    ctx.memoryDir,
    async () => {
      const byId = new Map(readPending(ctx.memoryDir).proposals.map((p) => [p.id, p]));
      for (const m of plan.merged) {
        const primary = byId.get(m.into);
        if (!primary) continue;
        const folded = m.ids.map((id) => byId.get(id)).filter((p) => p !== void 0);
        primary.merged = [...primary.merged ?? [], ...folded.map((p) => ({ id: p.id, proposer: p.proposer, source: p.source, created_at: p.created_at }))];
        const restated = validRestatements([...primary.restated ?? [], ...folded.flatMap((p) => p.restated ?? [])]);
        if (restated.length > 0) primary.restated = restated;
        await rewritePending(ctx.memoryDir, primary);
        for (const p of folded) {
          const decided = { ...p, status: "merged", merged_into: primary.id, decided_at: ctx.now.toISOString(), decided_by: ctx.actor };
          await archiveProposal(ctx.memoryDir, decided, { actor: ctx.actor, at: decided.decided_at, into: primary.id });
        }
      }
    },
    { timeoutMs: ctx.lockTimeoutMs }
  );
}

// lib/cli/consolidate.ts
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
