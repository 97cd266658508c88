// lib/records/admin.ts
import fs from "node:fs";
import path from "node:path";
import { assertMayWrite } from "./actor.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { latestByCard, makeEntry, readHistory, sha256Hex } from "../store/history.js";
import { readLatestHistory } from "../store/history-latest.js";
import { withRecordsLock } from "./commit.js";
import { commitWrite } from "./commit-write.js";
import { findNamedCard } from "./card-links.js";
import { parseCard } from "../core/card.js";
import { keepRemovedLine, removedLineOf } from "./removed-titles.js";
import { removeIndexLinesBytes } from "../core/index-edit.js";
import { parseIndexLine } from "../core/index-file.js";
import { cardPathKey } from "../core/link-key.js";
import { INDEX_FILE, listCardFiles } from "../store/read.js";
import { STATE_DIR } from "../store/paths.js";
import { realDir } from "../store/safe-write.js";
import { readIfFile, recordAdopted, unrecordedEntry, writeEntry } from "./adopt-first.js";
import { readHold } from "../store/hold.js";
async function removeCard(ctx, name) {
  assertMayWrite(ctx.actor, "remove memory cards");
  return withRecordsLock(ctx, async () => {
    const file = await findNamedCard(ctx.memoryDir, name);
    if (!file) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no card named "${name}"; see "memctl list"`, { name });
    const history = readLatestHistory(ctx.memoryDir, [file]).entries;
    const bytes = fs.readFileSync(path.join(ctx.memoryDir, file));
    const entry = writeEntry(history, file, "delete", ctx, null, bytes);
    const trashDir = realDir(ctx.memoryDir, STATE_DIR, "trash");
    const trash = path.join(trashDir, `${file.replace(/\//g, "__")}@rev${entry.rev}`);
    const index = readIfFile(path.join(ctx.memoryDir, INDEX_FILE));
    const removed = index ? removeIndexLinesBytes(index, file).removed : 0;
    const before = sha256Hex(bytes);
    const line = removedLineOf(index, file, parseCard(bytes.toString("utf8")).meta.name);
    const change = { card: file, before, previous: bytes, content: null, trash: path.relative(ctx.memoryDir, trash), index: { line: null }, entry };
    await commitWrite(ctx, { changes: [change] }, history);
    await keepRemovedLine(ctx.memoryDir, file, line);
    return { file, entry, indexLinesRemoved: removed, trash };
  });
}
async function relinkCard(ctx, file, line) {
  assertMayWrite(ctx.actor, "edit the memory index");
  const entry = parseIndexLine(line, 1);
  if (/[\r\n]/.test(line) || entry === void 0 || "reason" in entry || cardPathKey(entry.file) !== cardPathKey(file))
    throw new MemctlError(ERROR_CODES.E_INVALID_LINE, `the kept line does not link ${file}; nothing was written`, { file });
  await withRecordsLock(ctx, async () => {
    const bytes = readIfFile(path.join(ctx.memoryDir, file));
    if (bytes === void 0) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `${file} is gone; nothing was written`, { file });
    const sha = sha256Hex(bytes);
    await commitWrite(ctx, { changes: [{ card: file, before: sha, previous: bytes, content: bytes, index: { line }, entry: null }] });
  });
}
async function adoptCards(ctx, name) {
  assertMayWrite(ctx.actor, "adopt memory cards");
  return withRecordsLock(ctx, async () => {
    const history = readHistory(ctx.memoryDir);
    if (history.error) throw new MemctlError(ERROR_CODES.E_IO, `${history.error}; nothing was adopted`);
    const latest = latestByCard(history.entries);
    const hold = readHold(ctx.memoryDir);
    let files;
    if (name !== void 0) {
      const file = await findNamedCard(ctx.memoryDir, name) ?? (latest.has(name) ? name : void 0);
      if (!file) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no card named "${name}"; see "memctl list"`, { name });
      const item = hold?.held(file);
      if (item)
        throw new MemctlError(
          ERROR_CODES.E_HELD,
          `${file} is what a sync brought (${item.id}, ${item.state}), not your edit; adopt records only your own: read it with memctl review ${item.id}, then memctl accept ${item.id} makes it yours`,
          { path: file, id: item.id }
        );
      files = [file];
    } else {
      files = [.../* @__PURE__ */ new Set([...await listCardFiles(ctx.memoryDir), ...latest.keys()])].filter((f) => f.endsWith(".md") && !hold?.held(f)).sort();
    }
    const adopted = [];
    for (const file of files) {
      const content = readIfFile(path.join(ctx.memoryDir, file));
      const last = latest.get(file);
      if (content === void 0) {
        if (last && last.op !== "delete") adopted.push({ entry: makeEntry([last], file, "delete", ctx.actor, ctx.now, null), content: null });
        continue;
      }
      const entry = unrecordedEntry(ctx, last, file, content);
      if (entry) adopted.push({ entry, content });
    }
    await recordAdopted(ctx, adopted);
    return adopted.map((a) => a.entry);
  });
}
export {
  adoptCards,
  relinkCard,
  removeCard
};
