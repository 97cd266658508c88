// lib/proposals/review-queue.ts
import { listPendingNames, PENDING_PAGE, readPendingNames, stagingOrder } from "../records/proposal-read.js";
import { readHold } from "../store/hold.js";
import { relatedAmong } from "./content-match.js";
import { cardSummaries, contentKey, keyDigest, pairFlags, weigh } from "./review.js";
async function reviewQueue(memoryDir) {
  const cards = await cardSummaries(memoryDir);
  const hold = readHold(memoryDir);
  const listed = listPendingNames(memoryDir);
  const unreadable = [...listed.unreadable];
  const weighed = [];
  for (let at = 0; at < listed.names.length; at += PENDING_PAGE) {
    const read = readPendingNames(memoryDir, listed.names.slice(at, at + PENDING_PAGE));
    unreadable.push(...read.unreadable);
    for (const p of read.proposals) {
      const w = weigh(memoryDir, p, cards, hold);
      w.match.statement.body = "";
      const { body: _body, ...card } = p.card;
      const key = contentKey(p);
      weighed.push({ p: { ...p, card }, w, key: keyDigest(key), across: keyDigest(key.replace(/^\[[^,]*,/, "[")) });
    }
  }
  weighed.sort((a, b) => stagingOrder(a.p, b.p));
  const related = relatedAmong(
    weighed.map((x) => x.w.match),
    cards,
    false
  );
  const pending = weighed.map(({ p, w, key, across }) => ({
    proposal: p,
    content_key: key,
    across_types_key: across,
    card_file: w.card_file,
    flags: { ...w.flags, ...pairFlags(p.id, w.match.group, key, weighed, related) },
    suggested_scope: w.suggested_scope
  }));
  return { pending, unreadable };
}
export {
  reviewQueue
};
