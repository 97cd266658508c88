// lib/records/card-files.ts
import fs from "node:fs";
import path from "node:path";
import { assertCardText, isCardFile } from "../core/card-rules.js";
import { sha256Hex } from "../store/history.js";
import { commitWrite } from "./commit-write.js";
import { currentIndexTitle } from "./card-find.js";
import { parseCard } from "../core/card.js";
import { renderIndexLine } from "../core/index-file.js";
import { writeEntry } from "./adopt-first.js";
import { keepRemovedLine, removedLineOf } from "./removed-titles.js";
import { INDEX_FILE } from "../store/paths.js";
import { readRegularMemo } from "../store/checked-fs.js";
async function writeCardFile(ctx, history, rel, content) {
  const previous = readOrNull(ctx.memoryDir, rel);
  assertCardText(rel, content.toString("utf8"), previous?.toString("utf8"));
  const entry = writeEntry(history, rel, previous === null ? "create" : "update", ctx, content, previous ?? void 0);
  await commit(ctx, history, [
    { card: rel, before: shaOrNull(previous), previous: previous ?? void 0, content, index: { line: indexLine(ctx.memoryDir, rel, rel, content) }, entry }
  ]);
}
async function removeCardFile(ctx, history, rel, trash) {
  const previous = readOrNull(ctx.memoryDir, rel);
  const fallback = previous === null ? void 0 : parseCard(previous.toString("utf8")).meta.name;
  const line = removedLineOf(indexBytes(ctx.memoryDir), rel, fallback);
  const entry = writeEntry(history, rel, "delete", ctx, null, previous ?? void 0);
  await commit(ctx, history, [{ card: rel, before: shaOrNull(previous), previous: previous ?? void 0, content: null, trash, index: { line: null }, entry }]);
  await keepRemovedLine(ctx.memoryDir, rel, line);
}
async function renameCardFile(ctx, history, from, to) {
  const content = fs.readFileSync(path.join(ctx.memoryDir, from));
  const text = content.toString("utf8");
  if (isCardFile(to)) assertCardText(to, text, isCardFile(from) ? text : void 0);
  const created = writeEntry(history, to, "create", ctx, content, void 0);
  const deleted = writeEntry(history, from, "delete", ctx, null, content);
  const toIndex = isCardFile(to) ? { line: indexLine(ctx.memoryDir, from, to, content), ...isCardFile(from) ? { from } : {} } : void 0;
  await commit(ctx, history, [
    { card: to, before: null, content, index: toIndex, entry: created },
    { card: from, before: sha256Hex(content), previous: content, content: null, index: isCardFile(from) && !isCardFile(to) ? { line: null } : void 0, entry: deleted }
  ]);
}
async function commit(ctx, history, changes) {
  const adopted = await commitWrite(ctx, { changes }, history);
  history.push(...adopted);
  for (const c of changes) if (c.entry) history.push(c.entry);
}
function indexLine(memoryDir, titleOf, rel, content) {
  const meta = parseCard(content.toString("utf8")).meta;
  const title = currentIndexTitle(memoryDir, titleOf) ?? meta.name ?? rel.replace(/\.md$/, "");
  return renderIndexLine({ title, file: rel, hook: meta.description ?? "" });
}
function indexBytes(memoryDir) {
  try {
    return readRegularMemo(path.join(memoryDir, INDEX_FILE));
  } catch {
    return void 0;
  }
}
function readOrNull(memoryDir, rel) {
  try {
    return fs.readFileSync(path.join(memoryDir, rel));
  } catch {
    return null;
  }
}
function shaOrNull(content) {
  return content === null ? null : sha256Hex(content);
}
export {
  removeCardFile,
  renameCardFile,
  writeCardFile
};
