import { listPendingNames, PENDING_PAGE, readPendingNames, stagingOrder, type ProposalsRead } from "../records/proposal-read.js";
import { readHold } from "../store/hold.js";
import { relatedAmong } from "./content-match.js";
import type { Proposal } from "./propose.js";
import { cardSummaries, contentKey, keyDigest, pairFlags, weigh, type ReviewedProposal } from "./review.js";

// The whole pending queue weighed for consolidation (./consolidate.ts), which compares every proposal with every other.
// Read whole, a full queue (2,000 of ~95 KB) held every body at once (past 400 MB); it is read a page at a time and
// each proposal keeps what the comparison needs: its fields but the body, the terms of what it says, and a digest of
// what contentKey compares. The flags and pairs are review's own (./review.ts), over the whole queue.

/** A pending proposal without its body (card.body left out). */
export type WeighedProposal = Omit<Proposal, "card"> & { card: Omit<Proposal["card"], "body"> };

export interface QueuedProposal extends Omit<ReviewedProposal, "proposal"> {
  proposal: WeighedProposal;
  /** sha256 of contentKey(proposal): equal for two proposals exactly when their keys are. */
  content_key: string;
  /** The same with the card type left out: one fact under two types is still one fact. */
  across_types_key: string;
}

export interface QueueReview {
  pending: QueuedProposal[];
  unreadable: ProposalsRead["unreadable"];
}

/** Every pending proposal in staging order (readPending's), with review's flags; related items carry no proposal body or shared terms. */
export async function reviewQueue(memoryDir: string): Promise<QueueReview> {
  const cards = await cardSummaries(memoryDir);
  const hold = readHold(memoryDir);
  const listed = listPendingNames(memoryDir);
  const unreadable = [...listed.unreadable];
  const weighed: { p: WeighedProposal; w: ReturnType<typeof weigh>; key: string; across: string }[] = [];
  for (let at = 0; at < listed.names.length; at += PENDING_PAGE) {
    const read = readPendingNames(memoryDir, listed.names.slice(at, at + PENDING_PAGE));
    unreadable.push(...read.unreadable);
    for (const p of read.proposals) {
      const w = weigh(memoryDir, p, cards, hold);
      w.match.statement.body = ""; // the terms are kept (prepared); the text is let go
      const { body: _body, ...card } = p.card;
      const key = contentKey(p);
      weighed.push({ p: { ...p, card }, w, key: keyDigest(key), across: keyDigest(key.replace(/^\[[^,]*,/, "[")) });
    }
  }
  weighed.sort((a, b) => stagingOrder(a.p, b.p));
  // Every pair of the queue is weighed: the terms two share are not listed (the plan names only the relation).
  const related = relatedAmong(
    weighed.map((x) => x.w.match),
    cards,
    false,
  );
  const pending = weighed.map(({ p, w, key, across }) => ({
    proposal: p,
    content_key: key,
    across_types_key: across,
    card_file: w.card_file,
    flags: { ...w.flags, ...pairFlags(p.id, w.match.group, key, weighed, related) },
    suggested_scope: w.suggested_scope,
  }));
  return { pending, unreadable };
}
