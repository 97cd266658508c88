import { assertMayWrite } from "../records/actor.js";
import { pastedWord } from "../core/shell-quote.js";
import { runJob } from "../store/job-run.js";
import type { JobState } from "../store/jobs.js";
import { withStoreLock } from "../store/lock.js";
import { withRecordsLock } from "../records/commit.js";
import { acceptProposal } from "./decide.js";
import { groupKey } from "./review.js";
import { reviewQueue, type QueuedProposal } from "./review-queue.js";
import { archiveProposal, rewritePending, type Proposal } from "./propose.js";
import type { WriteContext } from "../records/save.js";
import type { Related } from "./content-match.js";
import { OWNER_ACTOR } from "./trust.js";
import { validRestatements } from "../records/proposal-restated.js";
import { PROPOSALS_DIR } from "../records/proposal-files.js";
import { listPendingNames, PENDING_PAGE, readPendingNames } from "../records/proposal-read.js";
import { readHold } from "../store/hold.js";

// One owner's consolidation pass (seed 002): fold duplicate proposals for a card into the earliest one,
// flag conflicts (different content for one card) and contradictions (a proposal made against an older
// version of a card that now says something else), and — only with --accept-facts — promote proposals that
// are facts with a source and nothing against them, from the owner or with a source memctl can check
// (lib/proposals/trust.ts). Everything else stays pending for `memctl review`.
// A real pass runs as a job in the ledger; a dry run writes nothing at all.

export interface ConsolidateOptions {
  dryRun?: boolean;
  acceptFacts?: boolean;
  leaseMs?: number;
  /** The ledger's clock (lease renewals must see time pass); defaults to the write context's fixed instant. */
  clock?: () => Date;
  /** True when a proposal's source can be checked (lib/proposals/trust.ts repoSourceChecker); default: none can. */
  verifiedSource?: (source: string) => boolean;
}

export interface ConsolidatePlan {
  pending_before: number;
  merged: { into: string; ids: string[]; card: string }[];
  conflicts: { card: string; ids: string[] }[];
  contradictions: { id: string; card: string }[];
  /** Content matches across names (lib/proposals/content-match.ts): each holds its proposal for the owner. */
  content_matches: { id: string; relation: "near_duplicate" | "contradiction"; card: string; proposal: string | null }[];
  stale: string[];
  /** Scopes review suggests (lib/proposals/scope-suggest.ts): printed for the owner, never applied by the pass. */
  scope_suggestions: { id: string; card: string; scope: string[] }[];
  /** Facts promoted (or, in a dry run, that would be). */
  accepted: { id: string; card: string; rev: number | null }[];
  /** Facts left pending, each with why. */
  held: { id: string; card: string; why: string }[];
  left_pending: number;
}

export interface ConsolidateReport extends ConsolidatePlan {
  dry_run: boolean;
  accept_facts: boolean;
  job: JobState | null;
  retried: boolean;
}

/** Pure: what one pass does with the reviewed pending proposals (the whole queue, ./review-queue.ts). */
export function planConsolidation(
  reviewed: readonly QueuedProposal[],
  acceptFacts: boolean,
  verifiedSource: (source: string) => boolean = () => false,
  arrived: (id: string) => boolean = () => false,
): ConsolidatePlan {
  const plan: ConsolidatePlan = {
    pending_before: reviewed.length,
    merged: [],
    conflicts: [],
    contradictions: [],
    content_matches: [],
    stale: [],
    scope_suggestions: [],
    accepted: [],
    held: [],
    left_pending: 0,
  };
  const groups = new Map<string, QueuedProposal[]>();
  for (const r of reviewed) groups.set(groupKey(r.proposal), [...(groups.get(groupKey(r.proposal)) ?? []), r]);
  // The same content under another name folds into the earliest proposal that says it (seed 002: dedupe).
  const firstByContent = new Map<string, QueuedProposal>();
  const order = new Map(reviewed.map((r, i) => [r.proposal.id, i])); // oldest first (readPending's order)
  const gone = new Set<string>();
  for (const group of groups.values()) {
    const buckets = new Map<string, QueuedProposal[]>();
    for (const r of group) buckets.set(r.content_key, [...(buckets.get(r.content_key) ?? []), r]);
    for (const bucket of buckets.values()) {
      if (bucket.length > 1) plan.merged.push({ into: bucket[0]!.proposal.id, ids: bucket.slice(1).map((r) => r.proposal.id), card: bucket[0]!.card_file });
    }
    const primaries = [...buckets.values()].map((b) => b[0]!).filter((r) => !foldAcrossNames(plan, firstByContent, r, gone));
    const conflict = primaries.length > 1;
    if (conflict) plan.conflicts.push({ card: primaries[0]!.card_file, ids: primaries.map((r) => r.proposal.id) });
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

/** Folds `r` into an earlier proposal for another card with the same content; true when it was folded. */
function foldAcrossNames(plan: ConsolidatePlan, first: Map<string, QueuedProposal>, r: QueuedProposal, gone: Set<string>): boolean {
  const key = r.across_types_key; // the type aside: one fact under two types is still one fact
  const earlier = first.get(key);
  if (!earlier) {
    first.set(key, r);
    return false;
  }
  const entry = plan.merged.find((m) => m.into === earlier.proposal.id);
  const folded = [r.proposal.id, ...(plan.merged.find((m) => m.into === r.proposal.id)?.ids ?? [])];
  plan.merged = plan.merged.filter((m) => m.into !== r.proposal.id);
  if (entry) entry.ids.push(...folded);
  else plan.merged.push({ into: earlier.proposal.id, ids: folded, card: earlier.card_file });
  gone.add(r.proposal.id);
  return true;
}

/**
 * The content matches that hold a proposal: every live card under another name, every contradicting proposal,
 * and a near-duplicate proposal only when it is the earlier one (the earliest of near-duplicates goes first).
 */
function contentMatches(r: QueuedProposal, gone: Set<string>, order: Map<string, number>): Related[] {
  const before = (id: string) => (order.get(id) ?? Infinity) < (order.get(r.proposal.id) ?? Infinity);
  return [...r.flags.near_duplicates, ...r.flags.contradictions].filter(
    (m) => m.proposal === null || (!gone.has(m.proposal) && (m.relation === "contradiction" || before(m.proposal))),
  );
}

function holdReason(
  r: QueuedProposal,
  conflict: boolean,
  matches: readonly Related[],
  verifiedSource: (source: string) => boolean,
  arrived: (id: string) => boolean,
): string | undefined {
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
    const decide = m.proposal
      ? "decide with memctl review"
      : `decide with memctl accept ${r.proposal.id} --supersede ${pastedWord(m.card_file.replace(/\.md$/, ""))} or --keep-both`;
    return `${m.relation === "near_duplicate" ? "nearly duplicates" : "contradicts"} ${other}; ${decide}`;
  }
  // Last, so a conflict or a near-duplicate is what the owner is told first: those need a decision anyway.
  // From a shared remote the proposer is the pushing machine's word ("human" there is the teammate), and so is its source.
  if (arrived(p.id)) return `it arrived by memctl sync from a shared remote: "${p.proposer}" is the other machine's label; decide with memctl accept ${p.id}`;
  if (p.proposer !== OWNER_ACTOR && !verifiedSource(p.source))
    return `kind fact is ${p.proposer}'s own label and its source (${p.source}) names no file in the repository; decide with memctl accept ${p.id}`;
  return undefined;
}

/** Runs one pass (or plans it, with dryRun). Owner only: agents get E_READ_ONLY. */
export async function consolidate(ctx: WriteContext, options: ConsolidateOptions = {}): Promise<ConsolidateReport> {
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
      // A pass killed mid-accept left its write committed but unapplied: finish it first, so its proposal is
      // archived as accepted instead of being held here as stale.
      await withRecordsLock(ctx, () => undefined);
      const plan = planConsolidation((await reviewQueue(ctx.memoryDir)).pending, acceptFacts, options.verifiedSource, arrivedFrom(ctx.memoryDir));
      await applyMerges(ctx, plan);
      for (const a of plan.accepted) {
        const done = await acceptProposal(ctx, a.id);
        a.card = done.save.file;
        a.rev = done.save.entry?.rev ?? null;
      }
      return plan;
    },
    { exclusive: true, leaseMs: options.leaseMs },
  );
  return { dry_run: false, accept_facts: acceptFacts, job: run.job, retried: run.retried, ...run.result };
}

/**
 * Whether a pending proposal is one a sync from a shared remote brought and holds (lib/sync/arrivals.ts), waiting
 * or rejected: an owner's "no" to the arrival is no word for the proposal, so the teammate's label still decides nothing.
 */
function arrivedFrom(memoryDir: string): (id: string) => boolean {
  const hold = readHold(memoryDir);
  return (id) => hold?.held(`${PROPOSALS_DIR}/${id}.json`) !== undefined;
}

/**
 * Folds each merged proposal into its primary: the primary records who else proposed it, the rest are archived. Only
 * the proposals folded are read, a page at a time (an agent's loop may have staged one fact 2,000 times).
 */
async function applyMerges(ctx: WriteContext, plan: ConsolidatePlan): Promise<void> {
  if (plan.merged.length === 0) return;
  await withStoreLock(
    ctx.memoryDir,
    async () => {
      const listed = new Set(listPendingNames(ctx.memoryDir).names); // listed once: each merge reads only its files
      const read = (ids: readonly string[]) => {
        const at = new Map(ids.map((id, i) => [id, i]));
        const names = ids.map((id) => `${id}.json`).filter((n) => listed.has(n));
        return readPendingNames(ctx.memoryDir, names).proposals.sort((a, b) => at.get(a.id)! - at.get(b.id)!); // the plan's order
      };
      for (const m of plan.merged) {
        const primary = read([m.into])[0];
        if (!primary) continue;
        const pages: string[][] = [];
        for (let at = 0; at < m.ids.length; at += PENDING_PAGE) pages.push(m.ids.slice(at, at + PENDING_PAGE));
        const folded: Pick<Proposal, "id" | "proposer" | "source" | "created_at" | "restated">[] = [];
        for (const page of pages) for (const p of read(page)) folded.push({ id: p.id, proposer: p.proposer, source: p.source, created_at: p.created_at, restated: p.restated });
        primary.merged = [...(primary.merged ?? []), ...folded.map((p) => ({ id: p.id, proposer: p.proposer, source: p.source, created_at: p.created_at }))];
        // Where the folded ones were said again stays in view too, within the same bound a capture keeps.
        const restated = validRestatements([...(primary.restated ?? []), ...folded.flatMap((p) => p.restated ?? [])]);
        if (restated.length > 0) primary.restated = restated;
        await rewritePending(ctx.memoryDir, primary);
        for (const page of pages)
          for (const p of read(page)) {
            const decided: Proposal = { ...p, status: "merged", merged_into: primary.id, decided_at: ctx.now.toISOString(), decided_by: ctx.actor };
            await archiveProposal(ctx.memoryDir, decided, { actor: ctx.actor, at: decided.decided_at, into: primary.id });
          }
      }
    },
    { timeoutMs: ctx.lockTimeoutMs },
  );
}
