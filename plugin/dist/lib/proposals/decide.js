// lib/proposals/decide.ts
import { assertMayWrite } from "../records/actor.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { withStoreLock } from "../store/lock.js";
import { readHold } from "../store/hold.js";
import { cardSummaries, currentScopeSuggestion, groupKey } from "./review.js";
import { saveInputOf } from "./accept-preview.js";
import { relatedByContent } from "./content-match.js";
import { supersedeTargets, supersedingChanges } from "./supersede.js";
import { archiveProposal, currentSha, findPending, proposalCardProblem, proposalMark } from "./propose.js";
import { withRecordsLock } from "../records/commit.js";
import { findCardFile } from "../records/card-find.js";
import { saveCardLocked } from "../records/save.js";
async function acceptProposal(ctx, id, options = {}) {
  assertMayWrite(ctx.actor, "accept proposals");
  return withRecordsLock(ctx, async () => {
    const proposal = findPending(ctx.memoryDir, id);
    if (options.shown !== void 0 && options.shown !== proposalMark(proposal))
      throw new MemctlError(
        ERROR_CODES.E_PROPOSAL_CHANGED,
        `proposal ${proposal.id} changed since the page showed it (a sync or another decision rewrote it), so nothing was accepted; reload the review page and decide on what it says now`,
        { id: proposal.id }
      );
    const notACard = proposalCardProblem(proposal.card.name, proposal.target) ?? proposalCardProblem(proposal.card.name, findCardFile(ctx.memoryDir, proposal.card.name) ?? null);
    if (notACard) throw usageError(`proposal ${proposal.id} cannot be accepted: ${notACard}. Reject it: memctl reject ${proposal.id} --reason "not a card"`, { id: proposal.id });
    const current = currentSha(ctx.memoryDir, proposal);
    const stale = current !== proposal.base_sha256;
    if (stale && !options.force) {
      throw new MemctlError(
        ERROR_CODES.E_STALE_BASE,
        `proposal ${proposal.id} is stale: card "${proposal.card.name}" ${proposal.base_sha256 === null ? "was created" : current === null ? "was removed" : "changed"} after it was proposed, so accepting it could overwrite what was learned since. See the difference with "memctl review ${proposal.id}", then accept with --force or reject it.`,
        { id: proposal.id, card: proposal.target, expected_sha256: proposal.base_sha256, current_sha256: current }
      );
    }
    const writing = findCardFile(ctx.memoryDir, proposal.card.name);
    const replaced = supersedeTargets(ctx.memoryDir, options.supersede ?? [], writing);
    if (!options.keepBoth) await refuseSimilar(ctx.memoryDir, proposal, writing, replaced);
    const suggested = options.suggestedScope ? currentScopeSuggestion(ctx.memoryDir, proposal) : void 0;
    if (suggested === null)
      throw usageError(
        `proposal ${proposal.id} has no scope to suggest (its sources and the card's repo_refs name no one subtree, or a scope is already set); give one with --scope`,
        { id: proposal.id }
      );
    const superseded = [];
    const also = supersedingChanges(ctx, proposal.card.name, options.supersede ?? [], superseded);
    const input = saveInputOf(proposal, { ...options, ...suggested ? { scope: suggested } : {} });
    let decided = proposal;
    const save = await saveCardLocked(
      ctx,
      { ...input, expectSha256: options.force ? void 0 : proposal.base_sha256 },
      ({ file, op, rev }) => {
        decided = { ...proposal, status: "accepted", decided_at: ctx.now.toISOString(), decided_by: ctx.actor, card_file: file, ...rev !== null ? { rev } : {} };
        return {
          proposal: decided,
          event: { actor: ctx.actor, at: decided.decided_at, card: file, rev, op, forced: stale, ...replaced.length ? { superseded: replaced } : {} }
        };
      },
      also
    );
    return { proposal: decided, save, forced: stale, provenance: input.provenance, superseded };
  });
}
async function refuseSimilar(memoryDir, proposal, writing, replaced) {
  const hold = readHold(memoryDir);
  const cards = (await cardSummaries(memoryDir)).filter((c) => !hold?.held(c.file));
  const related = relatedByContent([proposal], cards, { targetOf: () => writing, groupOf: groupKey }).get(proposal.id) ?? [];
  const open = related.filter((r) => !replaced.includes(r.card_file));
  if (open.length === 0) return;
  const what = open.map((r) => `${r.relation === "near_duplicate" ? "nearly duplicates" : "contradicts"} ${r.card_file} ("${r.description}")`).join("; ");
  const names = open.map((r) => r.card_file.replace(/\.md$/, ""));
  throw new MemctlError(
    ERROR_CODES.E_SIMILAR_CARD,
    `proposal ${proposal.id} ${what}; nothing was written. Decide: memctl accept ${proposal.id} --supersede ${[...new Set(names)].join(",")} (the new card replaces it; it is kept, marked superseded), memctl accept ${proposal.id} --keep-both, or memctl reject ${proposal.id} --reason "\u2026"`,
    { id: proposal.id, related: open.map((r) => ({ relation: r.relation, card_file: r.card_file, similarity: r.similarity })) }
  );
}
async function rejectProposal(ctx, id, reason) {
  assertMayWrite(ctx.actor, "reject proposals");
  if (reason.trim() === "") throw usageError("--reason is empty: say why the proposal is rejected (it is archived with the reason)");
  return withStoreLock(
    ctx.memoryDir,
    async () => {
      const proposal = findPending(ctx.memoryDir, id);
      const decided = { ...proposal, status: "rejected", decided_at: ctx.now.toISOString(), decided_by: ctx.actor, reason: reason.trim() };
      await archiveProposal(ctx.memoryDir, decided, { actor: ctx.actor, at: decided.decided_at, reason: decided.reason });
      return decided;
    },
    { timeoutMs: ctx.lockTimeoutMs }
  );
}
export {
  acceptProposal,
  rejectProposal
};
