import { assertMayWrite } from "../records/actor.js";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { withStoreLock } from "../store/lock.js";
import { saveInputOf } from "./review.js";
import { archiveProposal, currentSha, findPending, proposalCardProblem, type Proposal } from "./propose.js";
import { withRecordsLock } from "../records/commit.js";
import { findCardFile, saveCardLocked, type CardProvenance, type SaveResult, type WriteContext } from "../records/save.js";

// The owner's side of the boundary: accept promotes a proposal through the one save path (so the card gets
// its provenance, a history revision and an index line); reject archives it with the reason. Agents are
// refused both with E_READ_ONLY before anything is read.

export interface AcceptOptions {
  /** Replace the proposed description (the 200-character rule still applies). */
  description?: string;
  topics?: string[];
  /** Accept even though the card changed since the proposal was made. */
  force?: boolean;
}

export interface AcceptResult {
  proposal: Proposal;
  save: SaveResult;
  forced: boolean;
  /** The provenance written into the card (the sources of merged duplicates included). */
  provenance: CardProvenance;
}

export async function acceptProposal(ctx: WriteContext, id: string, options: AcceptOptions = {}): Promise<AcceptResult> {
  assertMayWrite(ctx.actor, "accept proposals");
  // One hold of the lock, after finishing any write a killed accept left: the card, its history entry, its
  // index line and the proposal's archive are one write (lib/records/commit.ts), so a retry never finds a
  // half-accepted proposal that now looks stale.
  return withRecordsLock(ctx, async () => {
    const proposal = findPending(ctx.memoryDir, id);
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
    const input = saveInputOf(proposal, options);
    let decided = proposal;
    const save = await saveCardLocked(ctx, { ...input, expectSha256: options.force ? undefined : proposal.base_sha256 }, ({ file, op, rev }) => {
      decided = { ...proposal, status: "accepted", decided_at: ctx.now.toISOString(), decided_by: ctx.actor, card_file: file, ...(rev !== null ? { rev } : {}) };
      return { proposal: decided, event: { actor: ctx.actor, at: decided.decided_at, card: file, rev, op, forced: stale } };
    });
    return { proposal: decided, save, forced: stale, provenance: input.provenance! };
  });
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
