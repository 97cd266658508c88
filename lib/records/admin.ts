import fs from "node:fs";
import path from "node:path";
import { assertMayWrite } from "./actor.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { latestByCard, makeEntry, readHistory, sha256Hex, type HistoryEntry } from "../store/history.js";
import { readLatestHistory } from "../store/history-latest.js";
import { withRecordsLock } from "./commit.js";
import { commitWrite } from "./commit-write.js";
import { findNamedCard } from "./card-links.js";
import { parseCard } from "../core/card.js";
import { keepRemovedLine, removedLineOf } from "./removed-titles.js";
import type { WriteContext } from "./save.js";
import { removeIndexLinesBytes } from "../core/index-edit.js";
import { parseIndexLine } from "../core/index-file.js";
import { cardPathKey } from "../core/link-key.js";
import { INDEX_FILE, listCardFiles } from "../store/read.js";
import { STATE_DIR } from "../store/paths.js";
import { realDir } from "../store/safe-write.js";
import { readIfFile, recordAdopted, unrecordedEntry, writeEntry } from "./adopt-first.js";
import { readHold } from "../store/hold.js";

export interface RemoveResult {
  file: string;
  entry: HistoryEntry;
  indexLinesRemoved: number;
  /** Where the removed card's last content is kept (inside .memctl/), so a tombstone loses nothing. */
  trash: string;
}

/**
 * Tombstones a card: its index line(s) go, its file moves to .memctl/trash/, a `delete` revision is
 * appended. History stays; a later save under the same name revives it as a new revision.
 */
export async function removeCard(ctx: WriteContext, name: string): Promise<RemoveResult> {
  assertMayWrite(ctx.actor, "remove memory cards");
  return withRecordsLock(ctx, async () => {
    const file = await findNamedCard(ctx.memoryDir, name);
    if (!file) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no card named "${name}"; see "memctl list"`, { name });
    const history = readLatestHistory(ctx.memoryDir, [file]).entries;
    const bytes = fs.readFileSync(path.join(ctx.memoryDir, file));
    // A card no revision holds (never written by memctl, or edited by hand since) is adopted first by the commit
    // (adopt-first.ts), so the tombstone can be revived; the delete is numbered after that adopt.
    const entry = writeEntry(history, file, "delete", ctx, null, bytes);
    // A real directory: a link here would move the card out of the store.
    const trashDir = realDir(ctx.memoryDir, STATE_DIR, "trash");
    const trash = path.join(trashDir, `${file.replace(/\//g, "__")}@rev${entry.rev}`);
    const index = readIfFile(path.join(ctx.memoryDir, INDEX_FILE));
    const removed = index ? removeIndexLinesBytes(index, file).removed : 0;
    const before = sha256Hex(bytes);
    const line = removedLineOf(index, file, parseCard(bytes.toString("utf8")).meta.name); // a revival gets its title and place back
    const change = { card: file, before, previous: bytes, content: null, trash: path.relative(ctx.memoryDir, trash), index: { line: null }, entry };
    await commitWrite(ctx, { changes: [change] }, history);
    await keepRemovedLine(ctx.memoryDir, file, line);
    return { file, entry, indexLinesRemoved: removed, trash };
  });
}

/**
 * Puts back a card's index line (a removal a sync brought, rejected by the owner): the card's bytes stay as they are,
 * the line replaces any line linking it or is appended. E_NOT_FOUND when the card file is gone, E_INVALID_LINE when
 * `line` is not one index line linking `file`; nothing is written then.
 */
export async function relinkCard(ctx: WriteContext, file: string, line: string): Promise<void> {
  assertMayWrite(ctx.actor, "edit the memory index");
  const entry = parseIndexLine(line, 1);
  if (/[\r\n]/.test(line) || entry === undefined || "reason" in entry || cardPathKey(entry.file) !== cardPathKey(file))
    throw new MemctlError(ERROR_CODES.E_INVALID_LINE, `the kept line does not link ${file}; nothing was written`, { file });
  await withRecordsLock(ctx, async () => {
    const bytes = readIfFile(path.join(ctx.memoryDir, file));
    if (bytes === undefined) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `${file} is gone; nothing was written`, { file });
    const sha = sha256Hex(bytes);
    await commitWrite(ctx, { changes: [{ card: file, before: sha, previous: bytes, content: bytes, index: { line }, entry: null }] });
  });
}

/**
 * Records hand edits into history: every card (or just `name`) whose bytes differ from its latest revision
 * gets an `adopt` revision; a card history says is live but whose file is gone gets a `delete`.
 */
export async function adoptCards(ctx: WriteContext, name?: string): Promise<HistoryEntry[]> {
  assertMayWrite(ctx.actor, "adopt memory cards");
  return withRecordsLock(ctx, async () => {
    const history = readHistory(ctx.memoryDir);
    if (history.error) throw new MemctlError(ERROR_CODES.E_IO, `${history.error}; nothing was adopted`);
    const latest = latestByCard(history.entries);
    // What a sync holds is a teammate's until reviewed: adopting it recorded their text as the owner's revision
    // (history then named the owner, and restore took it back unasked). Left to review / accept.
    const hold = readHold(ctx.memoryDir);
    let files: string[];
    if (name !== undefined) {
      const file = (await findNamedCard(ctx.memoryDir, name)) ?? (latest.has(name) ? name : undefined);
      if (!file) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no card named "${name}"; see "memctl list"`, { name });
      const item = hold?.held(file);
      if (item)
        throw new MemctlError(
          ERROR_CODES.E_HELD,
          `${file} is what a sync brought (${item.id}, ${item.state}), not your edit; adopt records only your own: read it with memctl review ${item.id}, then memctl accept ${item.id} makes it yours`,
          { path: file, id: item.id },
        );
      files = [file];
    } else {
      files = [...new Set([...(await listCardFiles(ctx.memoryDir)), ...latest.keys()])].filter((f) => f.endsWith(".md") && !hold?.held(f)).sort();
    }
    const adopted: { entry: HistoryEntry; content: Buffer | null }[] = [];
    for (const file of files) {
      const content = readIfFile(path.join(ctx.memoryDir, file));
      const last = latest.get(file);
      if (content === undefined) {
        if (last && last.op !== "delete") adopted.push({ entry: makeEntry([last], file, "delete", ctx.actor, ctx.now, null), content: null });
        continue;
      }
      const entry = unrecordedEntry(ctx, last, file, content); // the one adopt a write's commit records too
      if (entry) adopted.push({ entry, content });
    }
    await recordAdopted(ctx, adopted);
    return adopted.map((a) => a.entry);
  });
}
