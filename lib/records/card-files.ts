import fs from "node:fs";
import path from "node:path";
import { assertCardText, isCardFile } from "../core/card-rules.js";
import { sha256Hex, type HistoryEntry } from "../store/history.js";
import type { CardChange } from "./intent-file.js";
import { commitWrite } from "./commit-write.js";
import { currentIndexTitle } from "./card-find.js";
import type { WriteContext } from "./save.js";
import { parseCard } from "../core/card.js";
import { renderIndexLine } from "../core/index-file.js";
import { writeEntry } from "./adopt-first.js";
import { keepRemovedLine, removedLineOf } from "./removed-titles.js";
import { INDEX_FILE } from "../store/paths.js";
import { readRegularMemo } from "../store/checked-fs.js";

// The file tools (CLI manage, MCP memory_manage) write a file named like a card through here: the text
// passes save's rules, the index line follows the description, and card, index and history are one write
// (lib/records/commit.ts). The caller holds the lock through withRecordsLock and passes the history it
// numbers revisions from; entries written here are pushed onto it.

/** Creates or replaces the root card `rel` with `content`. */
export async function writeCardFile(ctx: WriteContext, history: HistoryEntry[], rel: string, content: Buffer): Promise<void> {
  const previous = readOrNull(ctx.memoryDir, rel);
  assertCardText(rel, content.toString("utf8"), previous?.toString("utf8"));
  const entry = writeEntry(history, rel, previous === null ? "create" : "update", ctx, content, previous ?? undefined);
  await commit(ctx, history, [
    { card: rel, before: shaOrNull(previous), previous: previous ?? undefined, content, index: { line: indexLine(ctx.memoryDir, rel, rel, content) }, entry },
  ]);
}

/** Removes the root card `rel` to `trash` (store-relative) with its index line. */
export async function removeCardFile(ctx: WriteContext, history: HistoryEntry[], rel: string, trash: string): Promise<void> {
  const previous = readOrNull(ctx.memoryDir, rel);
  const fallback = previous === null ? undefined : parseCard(previous.toString("utf8")).meta.name;
  const line = removedLineOf(indexBytes(ctx.memoryDir), rel, fallback); // a revival gets its title and place back
  const entry = writeEntry(history, rel, "delete", ctx, null, previous ?? undefined);
  await commit(ctx, history, [{ card: rel, before: shaOrNull(previous), previous: previous ?? undefined, content: null, trash, index: { line: null }, entry }]);
  await keepRemovedLine(ctx.memoryDir, rel, line);
}

/** Renames a file from or to a card name: a card's index line moves with it (or goes, when it becomes a note). */
export async function renameCardFile(ctx: WriteContext, history: HistoryEntry[], from: string, to: string): Promise<void> {
  const content = fs.readFileSync(path.join(ctx.memoryDir, from));
  // A card renamed keeps its text: only what a note must become to be a card is judged.
  const text = content.toString("utf8");
  if (isCardFile(to)) assertCardText(to, text, isCardFile(from) ? text : undefined);
  const created = writeEntry(history, to, "create", ctx, content, undefined);
  const deleted = writeEntry(history, from, "delete", ctx, null, content);
  const toIndex = isCardFile(to) ? { line: indexLine(ctx.memoryDir, from, to, content), ...(isCardFile(from) ? { from } : {}) } : undefined;
  await commit(ctx, history, [
    { card: to, before: null, content, index: toIndex, entry: created },
    { card: from, before: sha256Hex(content), previous: content, content: null, index: isCardFile(from) && !isCardFile(to) ? { line: null } : undefined, entry: deleted },
  ]);
}

/** The one records commit (commit-write.ts: adopts what no revision holds first); every entry it wrote joins `history`. */
async function commit(ctx: WriteContext, history: HistoryEntry[], changes: CardChange[]): Promise<void> {
  const adopted = await commitWrite(ctx, { changes }, history);
  history.push(...adopted);
  for (const c of changes) if (c.entry) history.push(c.entry);
}

/** The card's index line: the title the owner chose (on the line of `titleOf`) is kept; the hook is the description. */
function indexLine(memoryDir: string, titleOf: string, rel: string, content: Buffer): string {
  const meta = parseCard(content.toString("utf8")).meta;
  const title = currentIndexTitle(memoryDir, titleOf) ?? meta.name ?? rel.replace(/\.md$/, "");
  return renderIndexLine({ title, file: rel, hook: meta.description ?? "" });
}

function indexBytes(memoryDir: string): Buffer | undefined {
  try {
    return readRegularMemo(path.join(memoryDir, INDEX_FILE));
  } catch {
    return undefined; // none (or not a file): no title or place to keep
  }
}

function readOrNull(memoryDir: string, rel: string): Buffer | null {
  try {
    return fs.readFileSync(path.join(memoryDir, rel));
  } catch {
    return null;
  }
}

function shaOrNull(content: Buffer | null): string | null {
  return content === null ? null : sha256Hex(content);
}
