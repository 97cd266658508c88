// lib/records/admin.ts
import fs from "node:fs";
import path from "node:path";
import { assertMayWrite } from "./actor.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { appendHistory, latestByCard, makeEntry, readHistory, sha256Hex } from "../store/history.js";
import { withRecordsLock } from "./commit.js";
import { commitIntentReported } from "./interrupted.js";
import { findCardFile } from "./card-find.js";
import { findIndexLine } from "../core/index-find.js";
import { parseCard } from "../core/card.js";
import { keepRemovedTitle } from "./removed-titles.js";
import { removeIndexLinesBytes } from "../core/index-edit.js";
import { INDEX_FILE, listCardFiles } from "../store/read.js";
import { STATE_DIR } from "../store/paths.js";
import { realDir } from "../store/safe-write.js";
import { keepRevisions } from "../store/revisions.js";
import { withDefaults } from "./guardrails.js";
import { adoptUnrecorded } from "./adopt-first.js";
async function removeCard(ctx, name) {
  assertMayWrite(ctx.actor, "remove memory cards");
  return withRecordsLock(ctx, async () => {
    const file = findCardFile(ctx.memoryDir, name);
    if (!file) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no card named "${name}"; see "memctl list"`, { name });
    const history = readHistory(ctx.memoryDir);
    const bytes = fs.readFileSync(path.join(ctx.memoryDir, file));
    await adoptUnrecorded(ctx, history.entries, file, bytes);
    const entry = makeEntry(history.entries, file, "delete", ctx.actor, ctx.now, null);
    const trashDir = realDir(ctx.memoryDir, STATE_DIR, "trash");
    const trash = path.join(trashDir, `${file.replace(/\//g, "__")}@rev${entry.rev}`);
    const index = readOrUndefined(path.join(ctx.memoryDir, INDEX_FILE));
    const removed = index ? removeIndexLinesBytes(index, file).removed : 0;
    const before = sha256Hex(bytes);
    const title = index ? findIndexLine(index, file)?.entry.title : void 0;
    await keepRemovedTitle(ctx.memoryDir, file, title, parseCard(bytes.toString("utf8")).meta.name);
    const change = { card: file, before, content: null, trash: path.relative(ctx.memoryDir, trash), index: { line: null }, entry };
    await commitIntentReported(ctx.memoryDir, { changes: [change] }, ctx.commit);
    return { file, entry, indexLinesRemoved: removed, trash };
  });
}
async function adoptCards(ctx, name) {
  assertMayWrite(ctx.actor, "adopt memory cards");
  return withRecordsLock(ctx, async () => {
    const history = readHistory(ctx.memoryDir);
    if (history.error) throw new MemctlError(ERROR_CODES.E_IO, `${history.error}; nothing was adopted`);
    const latest = latestByCard(history.entries);
    let files;
    if (name !== void 0) {
      const file = findCardFile(ctx.memoryDir, name) ?? (latest.has(name) ? name : void 0);
      if (!file) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no card named "${name}"; see "memctl list"`, { name });
      files = [file];
    } else {
      files = [.../* @__PURE__ */ new Set([...await listCardFiles(ctx.memoryDir), ...latest.keys()])].filter((f) => f.endsWith(".md")).sort();
    }
    const adopted = [];
    const entries = [...history.entries];
    for (const file of files) {
      const content = readOrUndefined(path.join(ctx.memoryDir, file));
      const last = latest.get(file);
      let entry;
      if (content === void 0) {
        if (last && last.op !== "delete") entry = makeEntry(entries, file, "delete", ctx.actor, ctx.now, null);
      } else if (!last || last.sha256 !== sha256Hex(content)) {
        entry = makeEntry(entries, file, "adopt", ctx.actor, ctx.now, content);
      }
      if (!entry) continue;
      await keepRevisions(ctx.memoryDir, [{ entry, content: content ?? null }], withDefaults(ctx.guardrails));
      appendHistory(ctx.memoryDir, entry);
      entries.push(entry);
      adopted.push(entry);
    }
    return adopted;
  });
}
function readOrUndefined(file) {
  try {
    const stat = fs.lstatSync(file);
    return stat.isFile() ? fs.readFileSync(file) : void 0;
  } catch {
    return void 0;
  }
}
export {
  adoptCards,
  removeCard
};
