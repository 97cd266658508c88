// lib/records/commit-write.ts
import { latestByCard } from "../store/history.js";
import { readLatestHistory } from "../store/history-latest.js";
import { keepRevisions } from "../store/revisions.js";
import { adoptionsFor, recordAdopted } from "./adopt-first.js";
import { withDefaults } from "./guardrails.js";
import { commitIntentReported } from "./interrupted.js";
import { refuseHeld } from "./file-view.js";
async function commitWrite(ctx, intent, history) {
  refuseHeldWrites(ctx, intent);
  const cards = intent.changes.map((c) => c.card);
  const latest = latestByCard(history ?? readLatestHistory(ctx.memoryDir, cards).entries);
  const adopted = adoptionsFor(ctx, intent.changes, latest);
  await recordAdopted(ctx, adopted);
  for (const a of adopted) latest.set(a.entry.card, a.entry);
  await keepRevisions(ctx.memoryDir, intent.changes, withDefaults(ctx.guardrails));
  await commitIntentReported(ctx.memoryDir, intent, ctx.commit, [...latest.values()]);
  return adopted.map((a) => a.entry);
}
function refuseHeldWrites(ctx, intent) {
  if (ctx.actor === "human" || ctx.actor === "system") return;
  for (const c of intent.changes) refuseHeld(ctx.memoryDir, c.card, "every");
}
export {
  commitWrite,
  refuseHeldWrites
};
