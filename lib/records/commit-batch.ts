import path from "node:path";
import { appendLine, historyPath, latestByCard, readHistory } from "../store/history.js";
import { commitStaged, stageFiles } from "../store/write.js";
import { indexStamp, journalChange } from "../store/write-journal.js";
import { clearIntent, type Intent, shaOf, writeIntent } from "./commit.js";

// commitIntent applies an intent card by card, each with its own fsynced rename and history append: right for a
// save, about 25 ms a card on a plain disk, so a 2,000-card rewrite took 48 s. This applies the same intent with
// the cards staged together (fsyncs in flight at once), renamed in intent order and made durable with one fsync per
// directory, then one history append. The crash rules are commitIntent's: the intent is on disk first, the first
// card's rename is the commit point, and the next writer's recoverIntent finishes (or drops) it the usual way.

/** commitIntent for an intent that only rewrites existing cards (no removals, index edits or archive). The caller holds the lock. */
export async function commitRewritesBatch(memoryDir: string, intent: Intent): Promise<void> {
  if (intent.archive || intent.changes.some((c) => c.content === null || c.index)) throw new Error("commitRewritesBatch takes card rewrites only");
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
  const recorded = latestByCard(readHistory(memoryDir).entries);
  const lines = todo
    .filter((c) => c.entry && !((recorded.get(c.card)?.rev ?? 0) >= c.entry.rev))
    .map((c) => JSON.stringify(c.entry) + "\n")
    .join("");
  if (lines) appendLine(historyPath(memoryDir), lines);
  clearIntent(memoryDir);
}
