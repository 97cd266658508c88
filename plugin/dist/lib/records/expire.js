// lib/records/expire.ts
import { assertMayWrite } from "./actor.js";
import { isExpired } from "../core/card.js";
import { readStore } from "../store/read.js";
import { removeCard } from "./admin.js";
async function expiredCards(memoryDir, today) {
  const store = await readStore(memoryDir);
  const out = [];
  for (const [file, cf] of store.cards) {
    const card = cf.card;
    if (!card || card.errors.length > 0 || !isExpired(card.meta, today)) continue;
    out.push({ file, name: card.meta.name ?? file, expires_at: card.meta.expires_at });
  }
  return out;
}
async function sweepExpired(ctx, today, onCard) {
  assertMayWrite(ctx.actor, "expire memory cards");
  const swept = [];
  for (const card of await expiredCards(ctx.memoryDir, today)) {
    const removed = await removeCard(ctx, card.file);
    const done = { ...card, rev: removed.entry.rev, restore_rev: removed.entry.rev - 1, trash: removed.trash };
    swept.push(done);
    onCard?.(done);
  }
  return swept;
}
export {
  expiredCards,
  sweepExpired
};
