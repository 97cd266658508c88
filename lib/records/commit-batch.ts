import path from "node:path";
import { appendLine, historyPath, latestByCard, type HistoryEntry } from "../store/history.js";
import { readLatestHistory } from "../store/history-latest.js";
import { keepRevisionsBatch } from "../store/revisions.js";
import { adoptionsFor, recordAdopted } from "./adopt-first.js";
import type { WriteContext } from "./save.js";
import { commitStaged, stageFiles } from "../store/write.js";
import { indexStamp, journalChange } from "../store/write-journal.js";
import { shaOf, writeIntent } from "./commit.js";
import { clearIntent, type Intent } from "./intent-file.js";
import { refuseHeldWrites } from "./commit-write.js";

// commitIntent applies an intent card by card, each with its own fsynced rename and history append: right for a
// save, about 25 ms a card on a plain disk, so a 2,000-card rewrite took 48 s. This applies the same intent with
// the cards staged together (fsyncs in flight at once), renamed in intent order and made durable with one fsync per
// directory, then one history append. The crash rules are commitIntent's: the intent is on disk first, the first
// card's rename is the commit point, and the next writer's recoverIntent finishes (or drops) it the usual way.

/**
 * commitIntent for an intent that only rewrites existing cards (no removals, index edits or archive). The caller
 * holds the lock; `history` is as commitWrite's (the latest entry of each card, else read here). Bytes no revision
 * holds are adopted first (adopt-first.ts) and every text is kept before the intent names it, as commitWrite does.
 */
export async function commitRewritesBatch(ctx: WriteContext, intent: Intent, history?: readonly HistoryEntry[]): Promise<void> {
  if (intent.archive || intent.changes.some((c) => c.content === null || c.index)) throw new Error("commitRewritesBatch takes card rewrites only");
  refuseHeldWrites(ctx, intent);
  const memoryDir = ctx.memoryDir;
  const cards = intent.changes.map((c) => c.card);
  const recorded = latestByCard(history ?? readLatestHistory(memoryDir, cards).entries);
  const adopted = adoptionsFor(ctx, intent.changes, recorded);
  await recordAdopted(ctx, adopted);
  for (const a of adopted) recorded.set(a.entry.card, a.entry);
  // Kept before the intent, as a save keeps them; the next write prunes past the limits.
  await keepRevisionsBatch(memoryDir, intent.changes);
  await writeIntent(memoryDir, intent);
  const indexBefore = indexStamp(memoryDir);
  let temps: string[] = [];
  // A card changed by hand since the write was planned is left alone, as applyIntent leaves it.
  const todo = intent.changes.filter((c) => shaOf(path.join(memoryDir, c.card)) === c.before);
  const targets = todo.map((c) => ({ file: path.join(memoryDir, c.card), content: c.content! }));
  try {
    temps = await stageFiles(targets);
  } catch (err) {
    clearIntent(memoryDir); // before the commit point: nothing happened
    throw err;
  }
  commitStaged(temps.map((temp, i) => ({ temp, file: targets[i]!.file })));
  // Journaled like a save (lib/store/write-journal.ts): MEMORY.md is not edited, so its stamp alone is compared.
  journalChange(
    memoryDir,
    { stamp: indexBefore },
    todo.map((c) => c.card),
  );
  const lines = todo
    .filter((c) => c.entry && !((recorded.get(c.card)?.rev ?? 0) >= c.entry.rev))
    .map((c) => JSON.stringify(c.entry) + "\n")
    .join("");
  if (lines) appendLine(historyPath(memoryDir), lines);
  clearIntent(memoryDir);
}
