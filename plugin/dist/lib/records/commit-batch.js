// lib/records/commit-batch.ts
import path from "node:path";
import { appendLine, historyPath, latestByCard } from "../store/history.js";
import { readLatestHistory } from "../store/history-latest.js";
import { keepRevisionsBatch } from "../store/revisions.js";
import { adoptionsFor, recordAdopted } from "./adopt-first.js";
import { commitStaged, stageFiles } from "../store/write.js";
import { indexStamp, journalChange } from "../store/write-journal.js";
import { shaOf, writeIntent } from "./commit.js";
import { clearIntent } from "./intent-file.js";
import { refuseHeldWrites } from "./commit-write.js";
async function commitRewritesBatch(ctx, intent, history) {
  if (intent.archive || intent.changes.some((c) => c.content === null || c.index)) throw new Error("commitRewritesBatch takes card rewrites only");
  refuseHeldWrites(ctx, intent);
  const memoryDir = ctx.memoryDir;
  const cards = intent.changes.map((c) => c.card);
  const recorded = latestByCard(history ?? readLatestHistory(memoryDir, cards).entries);
  const adopted = adoptionsFor(ctx, intent.changes, recorded);
  await recordAdopted(ctx, adopted);
  for (const a of adopted) recorded.set(a.entry.card, a.entry);
  await keepRevisionsBatch(memoryDir, intent.changes);
  await writeIntent(memoryDir, intent);
  const indexBefore = indexStamp(memoryDir);
  let temps = [];
  const todo = intent.changes.filter((c) => shaOf(path.join(memoryDir, c.card)) === c.before);
  const targets = todo.map((c) => ({ file: path.join(memoryDir, c.card), content: c.content }));
  try {
    temps = await stageFiles(targets);
  } catch (err) {
    clearIntent(memoryDir);
    throw err;
  }
  commitStaged(temps.map((temp, i) => ({ temp, file: targets[i].file })));
  journalChange(
    memoryDir,
    { stamp: indexBefore },
    todo.map((c) => c.card)
  );
  const lines = todo.filter((c) => c.entry && !((recorded.get(c.card)?.rev ?? 0) >= c.entry.rev)).map((c) => JSON.stringify(c.entry) + "\n").join("");
  if (lines) appendLine(historyPath(memoryDir), lines);
  clearIntent(memoryDir);
}
export {
  commitRewritesBatch
};
