// lib/proposals/consolidate.ts
import { assertMayWrite } from "../records/actor.js";
import { pastedWord } from "../core/shell-quote.js";
import { runJob } from "../store/job-run.js";
import { withStoreLock } from "../store/lock.js";
import { withRecordsLock } from "../records/commit.js";
import { acceptProposal } from "./decide.js";
import { groupKey } from "./review.js";
import { reviewQueue } from "./review-queue.js";
import { archiveProposal, rewritePending } from "./propose.js";
import { OWNER_ACTOR } from "./trust.js";
import { validRestatements } from "../records/proposal-restated.js";
import { PROPOSALS_DIR } from "../records/proposal-files.js";
import { listPendingNames, PENDING_PAGE, readPendingNames } from "../records/proposal-read.js";
import { readHold } from "../store/hold.js";
function planConsolidation(reviewed, acceptFacts, verifiedSource = () => false, arrived = () => false) {
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
    for (const r of group) buckets.set(r.content_key, [...buckets.get(r.content_key) ?? [], r]);
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
      const why = holdReason(r, conflict, matches, verifiedSource, arrived);
      if (why) plan.held.push({ id: r.proposal.id, card: r.card_file, why });
      else plan.accepted.push({ id: r.proposal.id, card: r.card_file, rev: null });
    }
  }
  const mergedAway = plan.merged.reduce((n, m) => n + m.ids.length, 0);
  plan.left_pending = reviewed.length - mergedAway - plan.accepted.length;
  return plan;
}
function foldAcrossNames(plan, first, r, gone) {
  const key = r.across_types_key;
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
function holdReason(r, conflict, matches, verifiedSource, arrived) {
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
    const decide = m.proposal ? "decide with memctl review" : `decide with memctl accept ${r.proposal.id} --supersede ${pastedWord(m.card_file.replace(/\.md$/, ""))} or --keep-both`;
    return `${m.relation === "near_duplicate" ? "nearly duplicates" : "contradicts"} ${other}; ${decide}`;
  }
  if (arrived(p.id)) return `it arrived by memctl sync from a shared remote: "${p.proposer}" is the other machine's label; decide with memctl accept ${p.id}`;
  if (p.proposer !== OWNER_ACTOR && !verifiedSource(p.source))
    return `kind fact is ${p.proposer}'s own label and its source (${p.source}) names no file in the repository; decide with memctl accept ${p.id}`;
  return void 0;
}
async function consolidate(ctx, options = {}) {
  assertMayWrite(ctx.actor, "consolidate proposals");
  const acceptFacts = options.acceptFacts === true;
  if (options.dryRun) {
    const plan = planConsolidation((await reviewQueue(ctx.memoryDir)).pending, acceptFacts, options.verifiedSource, arrivedFrom(ctx.memoryDir));
    return { dry_run: true, accept_facts: acceptFacts, job: null, retried: false, ...plan };
  }
  const ledger = { memoryDir: ctx.memoryDir, now: options.clock ?? (() => ctx.now), lockTimeoutMs: ctx.lockTimeoutMs };
  const run = await runJob(
    ledger,
    "consolidate",
    async () => {
      await withRecordsLock(ctx, () => void 0);
      const plan = planConsolidation((await reviewQueue(ctx.memoryDir)).pending, acceptFacts, options.verifiedSource, arrivedFrom(ctx.memoryDir));
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
  return { dry_run: false, accept_facts: acceptFacts, job: run.job, retried: run.retried, ...run.result };
}
function arrivedFrom(memoryDir) {
  const hold = readHold(memoryDir);
  return (id) => hold?.held(`${PROPOSALS_DIR}/${id}.json`) !== void 0;
}
async function applyMerges(ctx, plan) {
  if (plan.merged.length === 0) return;
  await withStoreLock(
    ctx.memoryDir,
    async () => {
      const listed = new Set(listPendingNames(ctx.memoryDir).names);
      const read = (ids) => {
        const at = new Map(ids.map((id, i) => [id, i]));
        const names = ids.map((id) => `${id}.json`).filter((n) => listed.has(n));
        return readPendingNames(ctx.memoryDir, names).proposals.sort((a, b) => at.get(a.id) - at.get(b.id));
      };
      for (const m of plan.merged) {
        const primary = read([m.into])[0];
        if (!primary) continue;
        const pages = [];
        for (let at = 0; at < m.ids.length; at += PENDING_PAGE) pages.push(m.ids.slice(at, at + PENDING_PAGE));
        const folded = [];
        for (const page of pages) for (const p of read(page)) folded.push({ id: p.id, proposer: p.proposer, source: p.source, created_at: p.created_at, restated: p.restated });
        primary.merged = [...primary.merged ?? [], ...folded.map((p) => ({ id: p.id, proposer: p.proposer, source: p.source, created_at: p.created_at }))];
        const restated = validRestatements([...primary.restated ?? [], ...folded.flatMap((p) => p.restated ?? [])]);
        if (restated.length > 0) primary.restated = restated;
        await rewritePending(ctx.memoryDir, primary);
        for (const page of pages)
          for (const p of read(page)) {
            const decided = { ...p, status: "merged", merged_into: primary.id, decided_at: ctx.now.toISOString(), decided_by: ctx.actor };
            await archiveProposal(ctx.memoryDir, decided, { actor: ctx.actor, at: decided.decided_at, into: primary.id });
          }
      }
    },
    { timeoutMs: ctx.lockTimeoutMs }
  );
}
export {
  consolidate,
  planConsolidation
};
