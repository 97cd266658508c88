// lib/records/commit-write.ts
import { latestByCard } from "../store/history.js";
import { readLatestHistory } from "../store/history-latest.js";
import { keepRevisions } from "../store/revisions.js";
import { adoptionsFor, recordAdopted } from "./adopt-first.js";
import { withDefaults } from "./guardrails.js";
import { commitIntentReported } from "./interrupted.js";
async function commitWrite(ctx, intent, history) {
  const cards = intent.changes.map((c) => c.card);
  const latest = latestByCard(history ?? readLatestHistory(ctx.memoryDir, cards).entries);
  const adopted = adoptionsFor(ctx, intent.changes, latest);
  await recordAdopted(ctx, adopted);
  for (const a of adopted) latest.set(a.entry.card, a.entry);
  await keepRevisions(ctx.memoryDir, intent.changes, withDefaults(ctx.guardrails));
  await commitIntentReported(ctx.memoryDir, intent, ctx.commit, [...latest.values()]);
  return adopted.map((a) => a.entry);
}
export {
  commitWrite
};
