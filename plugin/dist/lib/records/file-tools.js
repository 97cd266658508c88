// lib/records/file-tools.ts
import { writeCardFile } from "./card-files.js";
import { isCardFile } from "../core/card-rules.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { checkPathShape, checkWrite, withDefaults } from "./guardrails.js";
import { deleteMemory, renameMemory } from "./file-move.js";
import { mutateFiles, recordChange } from "./file-mutate.js";
import { assertPortable, resolveMemoryPath } from "../store/safe-path.js";
import { assertNoSecrets } from "./secrets.js";
import { assertEntry, guarded, notFoundError, openParent, readEntry } from "../store/safe-open.js";
import { commitFile } from "../store/write.js";
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
  return mutateFiles(ctx, "create files", async (history) => {
    const target = resolveMemoryPath(ctx.memoryDir, requested);
    if (target.rel === "") throw isDirectory(requested);
    if (target.kind !== "missing") throw new MemctlError(ERROR_CODES.E_EXISTS, `Error: File ${requested} already exists`, { path: requested });
    assertPortable(requested, target.rel);
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
      recordChange(ctx, history, target.rel, "create", text);
    }
    return `File created successfully at: ${requested}`;
  });
}
async function strReplaceMemory(ctx, requested, oldStr, newStr) {
  return mutateFiles(ctx, "edit files", async (history) => {
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
  return mutateFiles(ctx, "edit files", async (history) => {
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
  recordChange(ctx, history, target.rel, "update", bytes);
}
function existingFile(memoryDir, requested) {
  const target = resolveMemoryPath(memoryDir, requested);
  if (target.kind === "missing" || target.kind === "other") throw notFound(requested);
  if (target.kind === "directory") throw isDirectory(requested);
  return target;
}
function notFound(requested) {
  return notFoundError(requested);
}
function isDirectory(requested) {
  return new MemctlError(ERROR_CODES.E_IS_DIRECTORY, `Error: ${requested} is a directory; this command needs a file`, { path: requested });
}
export {
  createMemoryFile,
  insertMemory,
  runMemoryCommand,
  strReplaceMemory
};
