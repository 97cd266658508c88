// lib/records/file-tools.ts
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { assertMayWrite } from "./actor.js";
import { removeCardFile, renameCardFile, writeCardFile } from "./card-files.js";
import { isCardFile } from "../core/card-rules.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { checkPathShape, checkWrite, withDefaults } from "./guardrails.js";
import { appendHistory, makeEntry, readHistory } from "../store/history.js";
import { withRecordsLock } from "./commit.js";
import { resolveMemoryPath, VIRTUAL_ROOT } from "../store/safe-path.js";
import { assertNoSecrets, warmSecretScan } from "./secrets.js";
import { INDEX_FILE, STATE_DIR } from "../store/paths.js";
import { realDir } from "../store/safe-write.js";
import { assertEntry, guarded, hardLinkRefusal, notFoundError, openParent, readEntry, readNoFollow } from "../store/safe-open.js";
import { commitFile, syncDirectory } from "../store/write.js";
import { fromView, lineOf, occurrences, toView } from "./file-text.js";
import { checkHeldEdit, heldViewOf, numbered, viewMemory } from "./file-view.js";
async function runMemoryCommand(ctx, cmd) {
  switch (cmd.command) {
    case "view":
      return viewMemory(ctx.memoryDir, cmd.path, cmd.view_range, heldViewOf(ctx.actor));
    case "create":
      return createMemoryFile(ctx, cmd.path, cmd.file_text);
    case "str_replace":
      return strReplaceMemory(ctx, cmd.path, cmd.old_str, cmd.new_str);
    case "insert":
      return insertMemory(ctx, cmd.path, cmd.insert_line, cmd.insert_text);
    case "delete":
      return deleteMemory(ctx, cmd.path);
    case "rename":
      return renameMemory(ctx, cmd.old_path, cmd.new_path);
    default:
      throw new MemctlError(
        ERROR_CODES.E_USAGE,
        `Error: unknown command ${JSON.stringify(cmd.command)}; use view, create, str_replace, insert, delete or rename`
      );
  }
}
async function createMemoryFile(ctx, requested, text) {
  return mutate(ctx, "create files", async (history) => {
    const target = resolveMemoryPath(ctx.memoryDir, requested);
    if (target.rel === "") throw isDirectory(requested);
    if (target.kind !== "missing") throw new MemctlError(ERROR_CODES.E_EXISTS, `Error: File ${requested} already exists`, { path: requested });
    const limits = withDefaults(ctx.guardrails);
    checkPathShape(target.segments, limits, requested);
    checkWrite(target.base, requested, void 0, Buffer.byteLength(text), limits);
    await assertNoSecrets(text, ctx.secrets, requested);
    if (isCardFile(target.rel)) await writeCardFile(ctx, history, target.rel, Buffer.from(text, "utf8"));
    else {
      const opened = openParent(target, requested, { create: true });
      try {
        await guarded(opened, () => commitFile(opened.entry, text, { ...ctx.commit, exclusive: true }));
      } finally {
        opened.close();
      }
      record(ctx, history, target.rel, "create", text);
    }
    return `File created successfully at: ${requested}`;
  });
}
async function strReplaceMemory(ctx, requested, oldStr, newStr) {
  return mutate(ctx, "edit files", async (history) => {
    const target = existingFile(ctx.memoryDir, requested);
    const opened = openParent(target, requested);
    try {
      const { bytes, id } = readEntry(opened);
      const content = bytes.toString("latin1");
      if (oldStr === "")
        throw new MemctlError(ERROR_CODES.E_NO_MATCH, `No replacement was performed: old_str is empty. Give the exact text to replace in ${requested}.`, { path: requested });
      const at = occurrences(content, toView(oldStr));
      const spans = at.map((i) => [lineOf(content, i), lineOf(content, i + toView(oldStr).length)]);
      const shown = checkHeldEdit(ctx.memoryDir, target.rel, ctx.actor, () => fromView(content), spans);
      if (at.length === 0)
        throw new MemctlError(ERROR_CODES.E_NO_MATCH, `No replacement was performed, old_str \`${oldStr}\` did not appear verbatim in ${requested}.`, { path: requested });
      if (at.length > 1) {
        const lineNumbers = [...new Set(at.map((i) => lineOf(content, i)))];
        throw new MemctlError(
          ERROR_CODES.E_MULTIPLE_MATCHES,
          `No replacement was performed. Multiple occurrences of old_str \`${oldStr}\` in lines: ${lineNumbers.join(", ")}. Please ensure it is unique`,
          { path: requested, lines: lineNumbers }
        );
      }
      const next = content.slice(0, at[0]) + toView(newStr) + content.slice(at[0] + toView(oldStr).length);
      await writeExisting(ctx, target, opened, id, content, next, history);
      const first = lineOf(next, at[0]);
      const lines = shown(fromView(next));
      const from = Math.max(1, first - 4);
      const to = Math.min(lines.length, first + newStr.split("\n").length + 3);
      return `The memory file has been edited. Here's a snippet of ${requested} with line numbers:
${numbered(lines.slice(from - 1, to), from)}`;
    } finally {
      opened.close();
    }
  });
}
async function insertMemory(ctx, requested, insertLine, insertText) {
  return mutate(ctx, "edit files", async (history) => {
    const target = existingFile(ctx.memoryDir, requested);
    checkHeldEdit(ctx.memoryDir, target.rel, ctx.actor, () => "");
    const opened = openParent(target, requested);
    try {
      const { bytes, id } = readEntry(opened);
      const content = bytes.toString("latin1");
      const lines = content.split("\n");
      if (!Number.isInteger(insertLine) || insertLine < 0 || insertLine > lines.length) {
        throw new MemctlError(
          ERROR_CODES.E_INVALID_LINE,
          `Error: Invalid \`insert_line\` parameter: ${insertLine}. It should be within the range of lines of the file: [0, ${lines.length}]`,
          { path: requested }
        );
      }
      lines.splice(insertLine, 0, toView(insertText.replace(/\n$/, "")));
      await writeExisting(ctx, target, opened, id, content, lines.join("\n"), history);
      return `The file ${requested} has been edited.`;
    } finally {
      opened.close();
    }
  });
}
function indexReserved(command, requested) {
  return new MemctlError(
    ERROR_CODES.E_PATH_RESERVED,
    `Error: Cannot ${command} ${requested}: MEMORY.md is this store's index (every prompt reads it). Edit its lines with str_replace or insert; to drop a card, delete the card's file (its line goes with it)`,
    { path: requested }
  );
}
async function deleteMemory(ctx, requested) {
  return mutate(ctx, "delete files", async (history) => {
    const target = resolveMemoryPath(ctx.memoryDir, requested);
    if (target.rel === "") throw new MemctlError(ERROR_CODES.E_PATH_RESERVED, `Error: Cannot delete the ${VIRTUAL_ROOT} directory itself`, { path: requested });
    if (target.rel === INDEX_FILE) throw indexReserved("delete", requested);
    if (target.kind === "missing") throw notFound(requested);
    if (target.kind === "file") checkHeldEdit(ctx.memoryDir, target.rel, ctx.actor, () => "");
    if (target.kind === "file" && isCardFile(target.rel)) {
      const trash = path.join(realDir(ctx.memoryDir, STATE_DIR, "trash"), `${target.rel.replace(/\//g, "__")}@${ctx.now.getTime()}-${randomBytes(3).toString("hex")}`);
      await removeCardFile(ctx, history, target.rel, path.relative(ctx.memoryDir, trash));
      return `Successfully deleted ${requested}`;
    }
    const opened = openParent(target, requested);
    let files;
    try {
      files = filesUnder(target, opened.entry);
      const trashDir = realDir(ctx.memoryDir, STATE_DIR, "trash");
      await guarded(opened, () => fs.renameSync(opened.entry, path.join(trashDir, `${target.rel.replace(/\//g, "__")}@${ctx.now.getTime()}-${randomBytes(3).toString("hex")}`)));
      syncDirectory(opened.dir);
    } finally {
      opened.close();
    }
    for (const rel of files) record(ctx, history, rel, "delete", null);
    return `Successfully deleted ${requested}`;
  });
}
async function renameMemory(ctx, oldRequested, newRequested) {
  return mutate(ctx, "rename files", async (history) => {
    const from = resolveMemoryPath(ctx.memoryDir, oldRequested);
    const to = resolveMemoryPath(ctx.memoryDir, newRequested);
    if (from.rel === "" || to.rel === "") throw new MemctlError(ERROR_CODES.E_PATH_RESERVED, `Error: Cannot rename the ${VIRTUAL_ROOT} directory itself`);
    if (from.rel === INDEX_FILE) throw indexReserved("rename", oldRequested);
    if (from.kind === "missing") throw notFound(oldRequested);
    if (from.kind === "file") checkHeldEdit(ctx.memoryDir, from.rel, ctx.actor, () => "");
    if (to.kind !== "missing") throw new MemctlError(ERROR_CODES.E_EXISTS, `Error: The destination ${newRequested} already exists`, { path: newRequested });
    if (to.rel.startsWith(`${from.rel}/`)) throw new MemctlError(ERROR_CODES.E_USAGE, `Error: Cannot move ${oldRequested} inside itself`);
    if (from.kind === "file" && (isCardFile(from.rel) || isCardFile(to.rel))) {
      checkPathShape(to.segments, withDefaults(ctx.guardrails), newRequested);
      openParent(to, newRequested, { create: true }).close();
      await renameCardFile(ctx, history, from.rel, to.rel);
      return `Successfully renamed ${oldRequested} to ${newRequested}`;
    }
    const source = openParent(from, oldRequested);
    let moved;
    try {
      const files = filesUnder(from, source.entry);
      const limits = withDefaults(ctx.guardrails);
      for (const rel of files.length ? files : [from.rel]) checkPathShape([...to.segments, ...rel.split("/").slice(from.segments.length)], limits, newRequested);
      const destination = openParent(to, newRequested, { create: true });
      try {
        moved = await guarded(destination, () => moveEntry(from, source, destination, files));
        syncDirectory(destination.dir);
      } finally {
        destination.close();
      }
    } finally {
      source.close();
    }
    for (const { rel, content } of moved) {
      record(ctx, history, rel, "delete", null);
      record(ctx, history, `${to.rel}${rel.slice(from.rel.length)}`, "create", content);
    }
    return `Successfully renamed ${oldRequested} to ${newRequested}`;
  });
}
async function mutate(ctx, what, fn) {
  assertMayWrite(ctx.actor, what);
  await warmSecretScan();
  return withRecordsLock(ctx, () => fn(readHistory(ctx.memoryDir).entries));
}
function record(ctx, history, rel, op, content) {
  const entry = makeEntry(history, rel, op, ctx.actor, ctx.now, content);
  appendHistory(ctx.memoryDir, entry);
  history.push(entry);
}
async function writeExisting(ctx, target, opened, read, before, next, history) {
  if (next === before) return;
  const bytes = Buffer.from(next, "latin1");
  checkWrite(target.base, opened.requested, before.length, bytes.length, withDefaults(ctx.guardrails));
  await assertNoSecrets(fromView(next), ctx.secrets, opened.requested);
  if (isCardFile(target.rel)) {
    assertEntry(opened, read);
    return writeCardFile(ctx, history, target.rel, bytes);
  }
  await guarded(opened, () => {
    assertEntry(opened, read);
    return commitFile(opened.entry, bytes, ctx.commit);
  });
  record(ctx, history, target.rel, "update", bytes);
}
function moveEntry(from, source, destination, files) {
  if (from.kind !== "file") {
    fs.renameSync(source.entry, destination.entry);
    source.verify();
    return files.map((rel) => ({ rel, content: readNoFollow(`${destination.entry}${rel.slice(from.rel.length)}`) }));
  }
  const { bytes, id } = readEntry(source);
  fs.linkSync(source.entry, destination.entry);
  try {
    assertEntry(destination, id);
    source.verify();
  } catch (err) {
    fs.unlinkSync(destination.entry);
    throw err;
  }
  fs.unlinkSync(source.entry);
  return [{ rel: from.rel, content: bytes }];
}
function existingFile(memoryDir, requested) {
  const target = resolveMemoryPath(memoryDir, requested);
  if (target.kind === "missing" || target.kind === "other") throw notFound(requested);
  if (target.kind === "directory") throw isDirectory(requested);
  return target;
}
function filesUnder(target, at) {
  if (target.kind === "file") return [target.rel];
  if (target.kind !== "directory") return [];
  const out = [];
  const walk = (abs, rel) => {
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(abs, e.name), `${rel}/${e.name}`);
      else if (e.isFile()) {
        const links = fs.lstatSync(path.join(abs, e.name)).nlink;
        if (links > 1) throw hardLinkRefusal(`${rel}/${e.name}`, links);
        out.push(`${rel}/${e.name}`);
      }
    }
  };
  walk(at, target.rel);
  return out.sort();
}
function notFound(requested) {
  return notFoundError(requested);
}
function isDirectory(requested) {
  return new MemctlError(ERROR_CODES.E_IS_DIRECTORY, `Error: ${requested} is a directory; this command needs a file`, { path: requested });
}
export {
  createMemoryFile,
  deleteMemory,
  insertMemory,
  renameMemory,
  runMemoryCommand,
  strReplaceMemory
};
