import { assertMayWrite } from "../records/actor.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { withStoreLock } from "../store/lock.js";
import { readHold } from "../store/hold.js";
import { cardSummaries, currentScopeSuggestion, groupKey } from "./review.js";
import { saveInputOf } from "./accept-preview.js";
import { relatedByContent } from "./content-match.js";
import { supersedeTargets, supersedingChanges, type Superseded } from "./supersede.js";
import { archiveProposal, currentSha, findPending, proposalCardProblem, proposalMark, type Proposal } from "./propose.js";
import { withRecordsLock } from "../records/commit.js";
import { findCardFile } from "../records/card-find.js";
import { saveCardLocked, type SaveResult, type WriteContext } from "../records/save.js";
import type { CardProvenance } from "../records/card-input.js";

// The owner's side of the boundary: accept promotes a proposal through the one save path (so the card gets
// its provenance, a history revision and an index line); reject archives it with the reason. Agents are
// refused both with E_READ_ONLY before anything is read.

export interface AcceptOptions {
  /** Replace the proposed description (the 200-character rule still applies). */
  description?: string;
  topics?: string[];
  /** Set the card's scope (replaces the proposed one): the owner's --scope, or review's suggestion (--suggested-scope). */
  scope?: string[];
  /** Apply the scope review suggests (refused when there is none: the owner asked for something specific). */
  suggestedScope?: boolean;
  /** Accept even though the card changed since the proposal was made. */
  force?: boolean;
  /** Cards this one replaces: each is marked `status: superseded`, `superseded_by: <name>` in the same write. */
  supersede?: string[];
  /** Keep the new card live beside similar cards under other names (the owner's explicit decision). */
  keepBoth?: boolean;
  /** proposalMark of the proposal the owner was shown: one rewritten since (a sync merged a teammate's edit) is refused. */
  shown?: string;
}

export interface AcceptResult {
  proposal: Proposal;
  save: SaveResult;
  forced: boolean;
  /** The provenance written into the card (the sources of merged duplicates included). */
  provenance: CardProvenance;
  superseded: Superseded[];
}

export async function acceptProposal(ctx: WriteContext, id: string, options: AcceptOptions = {}): Promise<AcceptResult> {
  assertMayWrite(ctx.actor, "accept proposals");
  // One hold of the lock, after finishing any write a killed accept left: the card, its history entry, its
  // index line and the proposal's archive are one write (lib/records/commit.ts), so a retry never finds a
  // half-accepted proposal that now looks stale.
  return withRecordsLock(ctx, async () => {
    const proposal = findPending(ctx.memoryDir, id);
    if (options.shown !== undefined && options.shown !== proposalMark(proposal))
      throw new MemctlError(
        ERROR_CODES.E_PROPOSAL_CHANGED,
        `proposal ${proposal.id} changed since the page showed it (a sync or another decision rewrote it), so nothing was accepted; reload the review page and decide on what it says now`,
        { id: proposal.id },
      );
    // The staged file may have been edited since it was proposed: what it names now must still be a card.
    const notACard = proposalCardProblem(proposal.card.name, proposal.target) ?? proposalCardProblem(proposal.card.name, findCardFile(ctx.memoryDir, proposal.card.name) ?? null);
    if (notACard) throw usageError(`proposal ${proposal.id} cannot be accepted: ${notACard}. Reject it: memctl reject ${proposal.id} --reason "not a card"`, { id: proposal.id });
    const current = currentSha(ctx.memoryDir, proposal);
    const stale = current !== proposal.base_sha256;
    if (stale && !options.force) {
      throw new MemctlError(
        ERROR_CODES.E_STALE_BASE,
        `proposal ${proposal.id} is stale: card "${proposal.card.name}" ${proposal.base_sha256 === null ? "was created" : current === null ? "was removed" : "changed"} after it was proposed, so accepting it could overwrite what was learned since. See the difference with "memctl review ${proposal.id}", then accept with --force or reject it.`,
        { id: proposal.id, card: proposal.target, expected_sha256: proposal.base_sha256, current_sha256: current },
      );
    }
    const writing = findCardFile(ctx.memoryDir, proposal.card.name);
    const replaced = supersedeTargets(ctx.memoryDir, options.supersede ?? [], writing);
    if (!options.keepBoth) await refuseSimilar(ctx.memoryDir, proposal, writing, replaced);
    const suggested = options.suggestedScope ? currentScopeSuggestion(ctx.memoryDir, proposal) : undefined;
    if (suggested === null)
      throw usageError(
        `proposal ${proposal.id} has no scope to suggest (its sources and the card's repo_refs name no one subtree, or a scope is already set); give one with --scope`,
        { id: proposal.id },
      );
    const superseded: Superseded[] = [];
    const also = supersedingChanges(ctx, proposal.card.name, options.supersede ?? [], superseded);
    const input = saveInputOf(proposal, { ...options, ...(suggested ? { scope: suggested } : {}) });
    let decided = proposal;
    const save = await saveCardLocked(
      ctx,
      { ...input, expectSha256: options.force ? undefined : proposal.base_sha256 },
      ({ file, op, rev }) => {
        decided = { ...proposal, status: "accepted", decided_at: ctx.now.toISOString(), decided_by: ctx.actor, card_file: file, ...(rev !== null ? { rev } : {}) };
        return {
          proposal: decided,
          event: { actor: ctx.actor, at: decided.decided_at, card: file, rev, op, forced: stale, ...(replaced.length ? { superseded: replaced } : {}) },
        };
      },
      also,
    );
    return { proposal: decided, save, forced: stale, provenance: input.provenance!, superseded };
  });
}

/**
 * Refuses a proposal that nearly duplicates or contradicts a live card under another name, unless that card is
 * being superseded: two live cards saying the same (or opposite) thing is the drift consolidation exists to stop.
 */
async function refuseSimilar(memoryDir: string, proposal: Proposal, writing: string | undefined, replaced: readonly string[]): Promise<void> {
  // A card a sync holds is not in memory yet: a teammate's pending card saying the same does not refuse the owner.
  const hold = readHold(memoryDir);
  const cards = (await cardSummaries(memoryDir)).filter((c) => !hold?.held(c.file));
  const related = relatedByContent([proposal], cards, { targetOf: () => writing, groupOf: groupKey }).get(proposal.id) ?? [];
  const open = related.filter((r) => !replaced.includes(r.card_file));
  if (open.length === 0) return;
  const what = open.map((r) => `${r.relation === "near_duplicate" ? "nearly duplicates" : "contradicts"} ${r.card_file} ("${r.description}")`).join("; ");
  const names = open.map((r) => r.card_file.replace(/\.md$/, ""));
  throw new MemctlError(
    ERROR_CODES.E_SIMILAR_CARD,
    `proposal ${proposal.id} ${what}; nothing was written. Decide: memctl accept ${proposal.id} --supersede ${[...new Set(names)].join(",")} (the new card replaces it; it is kept, marked superseded), memctl accept ${proposal.id} --keep-both, or memctl reject ${proposal.id} --reason "…"`,
    { id: proposal.id, related: open.map((r) => ({ relation: r.relation, card_file: r.card_file, similarity: r.similarity })) },
  );
}

export async function rejectProposal(ctx: WriteContext, id: string, reason: string): Promise<Proposal> {
  assertMayWrite(ctx.actor, "reject proposals");
  if (reason.trim() === "") throw usageError("--reason is empty: say why the proposal is rejected (it is archived with the reason)");
  return withStoreLock(
    ctx.memoryDir,
    async () => {
      const proposal = findPending(ctx.memoryDir, id);
      const decided: Proposal = { ...proposal, status: "rejected", decided_at: ctx.now.toISOString(), decided_by: ctx.actor, reason: reason.trim() };
      await archiveProposal(ctx.memoryDir, decided, { actor: ctx.actor, at: decided.decided_at, reason: decided.reason });
      return decided;
    },
    { timeoutMs: ctx.lockTimeoutMs },
  );
}
