// The memory tool's delete and rename: they move an entry (a file or a whole directory) to the trash or to a new
// name, through checked parent directories, never overwriting, and record every file moved in history.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { removeCardFile, renameCardFile } from "./card-files.js";
import { isCardFile } from "../core/card-rules.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { mutateFiles, recordChange } from "./file-mutate.js";
import { checkHeldEdit } from "./file-view.js";
import { checkPathShape, withDefaults } from "./guardrails.js";
import type { WriteContext } from "./save.js";
import { INDEX_FILE, STATE_DIR } from "../store/paths.js";
import { assertPortable, resolveMemoryPath, VIRTUAL_ROOT, type SafePath } from "../store/safe-path.js";
import { realDir } from "../store/safe-write.js";
import { assertEntry, guarded, hardLinkRefusal, notFoundError, openParent, readEntry, readNoFollow, type OpenedParent } from "../store/safe-open.js";
import { syncDirectory } from "../store/write.js";

/** Without its MEMORY.md every prompt says the index is unavailable and nothing is injected: edit it, never remove it. */
function indexReserved(command: "delete" | "rename", requested: string): MemctlError {
  return new MemctlError(
    ERROR_CODES.E_PATH_RESERVED,
    `Error: Cannot ${command} ${requested}: MEMORY.md is this store's index (every prompt reads it). Edit its lines with str_replace or insert; to drop a card, delete the card's file (its line goes with it)`,
    { path: requested },
  );
}

/** Deletes a file or a directory (recursively). The content moves to .memctl/trash/, so nothing is lost. */
export async function deleteMemory(ctx: WriteContext, requested: string): Promise<string> {
  return mutateFiles(ctx, "delete files", async (history) => {
    const target = resolveMemoryPath(ctx.memoryDir, requested);
    if (target.rel === "") throw new MemctlError(ERROR_CODES.E_PATH_RESERVED, `Error: Cannot delete the ${VIRTUAL_ROOT} directory itself`, { path: requested });
    if (target.rel === INDEX_FILE) throw indexReserved("delete", requested);
    if (target.kind === "missing") throw notFoundError(requested);
    if (target.kind === "file") checkHeldEdit(ctx.memoryDir, target.rel, ctx.actor, () => "");
    if (target.kind === "file" && isCardFile(target.rel)) {
      const trash = path.join(realDir(ctx.memoryDir, STATE_DIR, "trash"), `${target.rel.replace(/\//g, "__")}@${ctx.now.getTime()}-${randomBytes(3).toString("hex")}`);
      await removeCardFile(ctx, history, target.rel, path.relative(ctx.memoryDir, trash));
      return `Successfully deleted ${requested}`;
    }
    const opened = openParent(target, requested);
    let files: string[];
    try {
      files = filesUnder(target, opened.entry);
      const trashDir = realDir(ctx.memoryDir, STATE_DIR, "trash"); // a link here would move the file out of the store
      // rename moves the entry itself (a symlink swapped in is moved, never followed) out of the checked directory
      await guarded(opened, () => fs.renameSync(opened.entry, path.join(trashDir, `${target.rel.replace(/\//g, "__")}@${ctx.now.getTime()}-${randomBytes(3).toString("hex")}`)));
      syncDirectory(opened.dir);
    } finally {
      opened.close();
    }
    for (const rel of files) recordChange(ctx, history, rel, "delete", null);
    return `Successfully deleted ${requested}`;
  });
}

/** Renames a file or directory; never overwrites an existing destination. */
export async function renameMemory(ctx: WriteContext, oldRequested: string, newRequested: string): Promise<string> {
  return mutateFiles(ctx, "rename files", async (history) => {
    const from = resolveMemoryPath(ctx.memoryDir, oldRequested);
    const to = resolveMemoryPath(ctx.memoryDir, newRequested);
    if (from.rel === "" || to.rel === "") throw new MemctlError(ERROR_CODES.E_PATH_RESERVED, `Error: Cannot rename the ${VIRTUAL_ROOT} directory itself`);
    if (from.rel === INDEX_FILE) throw indexReserved("rename", oldRequested);
    assertPortable(newRequested, to.rel);
    if (from.kind === "missing") throw notFoundError(oldRequested);
    if (from.kind === "file") checkHeldEdit(ctx.memoryDir, from.rel, ctx.actor, () => "");
    if (to.kind !== "missing") throw new MemctlError(ERROR_CODES.E_EXISTS, `Error: The destination ${newRequested} already exists`, { path: newRequested });
    if (to.rel.startsWith(`${from.rel}/`)) throw new MemctlError(ERROR_CODES.E_USAGE, `Error: Cannot move ${oldRequested} inside itself`);
    if (from.kind === "file" && (isCardFile(from.rel) || isCardFile(to.rel))) {
      checkPathShape(to.segments, withDefaults(ctx.guardrails), newRequested);
      openParent(to, newRequested, { create: true }).close(); // the destination's directory, checked like any other
      await renameCardFile(ctx, history, from.rel, to.rel);
      return `Successfully renamed ${oldRequested} to ${newRequested}`;
    }
    const source = openParent(from, oldRequested);
    let moved: { rel: string; content: Buffer }[];
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
      recordChange(ctx, history, rel, "delete", null);
      recordChange(ctx, history, `${to.rel}${rel.slice(from.rel.length)}`, "create", content);
    }
    return `Successfully renamed ${oldRequested} to ${newRequested}`;
  });
}

/** Moves the checked source entry into the checked destination directory; the moved files' contents, for history. */
function moveEntry(from: SafePath, source: OpenedParent, destination: OpenedParent, files: string[]): { rel: string; content: Buffer }[] {
  if (from.kind !== "file") {
    fs.renameSync(source.entry, destination.entry); // moves the entry itself; a symlink swapped in is never followed
    source.verify();
    return files.map((rel) => ({ rel, content: readNoFollow(`${destination.entry}${rel.slice(from.rel.length)}`) }));
  }
  const { bytes, id } = readEntry(source);
  fs.linkSync(source.entry, destination.entry); // link fails with EEXIST instead of replacing: no overwrite even in a race
  try {
    assertEntry(destination, id); // the name made is the file that was read, not something swapped in since
    source.verify();
  } catch (err) {
    fs.unlinkSync(destination.entry);
    throw err;
  }
  fs.unlinkSync(source.entry);
  return [{ rel: from.rel, content: bytes }];
}

/** Store-relative paths of the regular files at or under a resolved path (`at`: its checked lookup path). */
function filesUnder(target: SafePath, at: string): string[] {
  if (target.kind === "file") return [target.rel];
  if (target.kind !== "directory") return [];
  const out: string[] = [];
  const walk = (abs: string, rel: string) => {
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(abs, e.name), `${rel}/${e.name}`);
      else if (e.isFile()) {
        const links = fs.lstatSync(path.join(abs, e.name)).nlink;
        if (links > 1) throw hardLinkRefusal(`${rel}/${e.name}`, links); // its history content would be another file's
        out.push(`${rel}/${e.name}`);
      }
    }
  };
  walk(at, target.rel);
  return out.sort();
}
