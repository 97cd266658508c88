// How every memory file tool mutates the store: past the agent gate, inside the one store lock, with an
// attributed history entry for each file it changes.
import { assertMayWrite } from "./actor.js";
import { withRecordsLock } from "./commit.js";
import type { WriteContext } from "./save.js";
import { warmSecretScan } from "./secrets.js";
import { appendHistory, makeEntry, readHistory, type HistoryEntry, type HistoryOp } from "../store/history.js";

/** Agent gate, then the store lock; `history` is the list entries are appended to (for revision numbers). */
export async function mutateFiles(ctx: WriteContext, what: string, fn: (history: HistoryEntry[]) => Promise<string>): Promise<string> {
  assertMayWrite(ctx.actor, what);
  await warmSecretScan();
  return withRecordsLock(ctx, () => fn(readHistory(ctx.memoryDir).entries));
}

export function recordChange(ctx: WriteContext, history: HistoryEntry[], rel: string, op: HistoryOp, content: string | Buffer | null): void {
  const entry = makeEntry(history, rel, op, ctx.actor, ctx.now, content);
  appendHistory(ctx.memoryDir, entry);
  history.push(entry);
}
