import fs from "node:fs";
import path from "node:path";
import { typeFromFileName } from "../core/card-types.js";
import { appendHistory, latestByCard, makeEntry, readHistory, sha256Hex } from "../store/history.js";
import { logEvent, newProposalId, PROPOSALS_DIR, type Proposal } from "../records/proposal-files.js";
import { nextSeq, readNewest } from "../records/proposal-read.js";
import { parseCard } from "../core/card.js";
import { realDir } from "../store/safe-write.js";
import { readMerged } from "./merged-read.js";
import { commitFile } from "../store/write.js";
import { readIncoming, type IncomingCard } from "./merge-driver.js";

// After a merge, under the store lock: the cards that lost a conflict become pending proposals (the owner
// sees both texts in `memctl review`), and the write history is brought in line with the merged files so
// doctor finds no drift. Both steps are idempotent: a sync killed half way redoes them.

export const SYNC_SOURCE = "memctl sync";

/** Stages every parked card as a pending proposal; returns the proposals written. */
export async function stageIncoming(memoryDir: string, now: Date): Promise<Proposal[]> {
  const staged: Proposal[] = [];
  const history = readHistory(memoryDir).entries;
  for (const { file, card } of readIncoming(memoryDir)) {
    const proposal = toProposal(memoryDir, card, history, now);
    if (proposal && !alreadyStaged(memoryDir, card)) {
      realDir(memoryDir, ...PROPOSALS_DIR.split("/"));
      await commitFile(path.join(memoryDir, PROPOSALS_DIR, `${proposal.id}.json`), JSON.stringify(proposal, null, 2) + "\n");
      logEvent(memoryDir, { event: "proposed", id: proposal.id, actor: "system", at: proposal.created_at, card: card.path, source: proposal.source, kind: "fact" });
      staged.push(proposal);
    }
    fs.rmSync(file, { force: true });
  }
  return staged;
}

/**
 * A sync killed after writing the proposal but before removing the parked file must not stage it twice. That proposal
 * is among the newest staged (the next sync resumes it), so only they are read, not a queue of thousands.
 */
function alreadyStaged(memoryDir: string, card: IncomingCard): boolean {
  return readNewest(memoryDir).some((p) => (p as Proposal & { conflict?: { sha256?: string } }).conflict?.sha256 === card.sha256);
}

function toProposal(memoryDir: string, card: IncomingCard, history: ReturnType<typeof readHistory>["entries"], now: Date): Proposal | undefined {
  const type = typeFromFileName(card.path);
  if (!type) return undefined;
  const parsed = parseCard(card.text);
  const stem = card.path.slice(type.length + 1, -".md".length);
  const name = typeof parsed.meta.name === "string" && parsed.meta.name !== "" ? parsed.meta.name : stem;
  const author = [...history].reverse().find((e) => e.card === card.path && e.sha256 === card.sha256)?.actor ?? "system";
  // This machine's file at a merged path: through the checked reader, as anything a merge names (no link, no FIFO).
  const here = readMerged(path.join(memoryDir, card.path));
  const exists = here !== null && here !== undefined;
  const why =
    card.reason === "edited-both"
      ? `edited on two machines; the other edit is the card now, this one (by ${author}) waits for review`
      : `removed on one machine and edited on another (by ${author}); the removal stands, accept this to revive the card`;
  const source = `${SYNC_SOURCE}: ${card.path} ${why}`;
  const proposal: Proposal & { conflict: Record<string, unknown> } = {
    id: newProposalId(now),
    seq: nextSeq(memoryDir),
    status: "pending",
    proposer: author,
    created_at: now.toISOString(),
    source,
    provenance: { kind: "fact", source },
    card: {
      name,
      type,
      ...(typeof parsed.meta.description === "string" ? { description: parsed.meta.description } : {}),
      body: parsed.body,
      ...(parsed.meta.topics.length > 0 ? { topics: parsed.meta.topics } : {}),
    },
    target: exists ? card.path : null,
    base_sha256: here ? sha256Hex(here) : null,
    conflict: { reason: card.reason, card: card.path, sha256: card.sha256, kept_sha256: card.kept_sha256, text: card.text },
  };
  return proposal;
}

/**
 * Appends a `system` history entry for each of `cards` whose file no longer matches its latest entry (the merge
 * kept one side, or took a removal): an adopt with the file's hash, or a delete.
 */
export function reconcileHistory(memoryDir: string, cards: readonly string[], now: Date): number {
  const entries = readHistory(memoryDir).entries;
  const latest = latestByCard(entries);
  let appended = 0;
  for (const card of new Set(cards)) {
    if (!typeFromFileName(card) || card.includes("/")) continue;
    const last = latest.get(card);
    // A link, FIFO or device is no card memctl reads (undefined): the arrivals hold it.
    const content = readMerged(path.join(memoryDir, card));
    if (content === undefined) continue;
    if (content === null ? last === undefined || last.sha256 === null : last !== undefined && last.sha256 === sha256Hex(content)) continue;
    if (content !== null && last === undefined) continue; // never in history: a hand-made card doctor reports as it is
    const entry = makeEntry(entries, card, content === null ? "delete" : "adopt", "system", now, content);
    appendHistory(memoryDir, entry);
    entries.push(entry);
    appended++;
  }
  return appended;
}
