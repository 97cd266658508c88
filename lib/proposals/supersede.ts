import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError, usageError } from "../core/errors.js";
import { sha256Hex, type HistoryEntry } from "../store/history.js";
import { writeEntry } from "../records/adopt-first.js";
import type { CardChange } from "../records/intent-file.js";
import { findCardFile } from "../records/card-find.js";
import { setFrontmatterFieldsBytes } from "../core/frontmatter-edit.js";
import type { Also, WriteContext } from "../records/save.js";

// Supersede: an accepted card replaces an older one. The older card stays (its file, its index line, its
// history) but its frontmatter says `status: superseded` and `superseded_by: <name>` — two blocks edited in
// place, every other byte kept — so ranking sinks it below its successor and review stops matching it.
// The edit is a second change in the accept's one write-ahead intent: both cards change, or neither.

export interface Superseded {
  file: string;
  superseded_by: string;
  rev: number | null;
}

/** The card files named by `names` (comma lists allowed), checked: each exists and is not the card being written. */
export function supersedeTargets(memoryDir: string, names: readonly string[], writing: string | undefined): string[] {
  const files: string[] = [];
  for (const name of names
    .flatMap((n) => n.split(","))
    .map((n) => n.trim())
    .filter(Boolean)) {
    const file = findCardFile(memoryDir, name);
    if (file === undefined) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `--supersede ${name}: no such card; name an existing card (memctl list)`, { name });
    if (file === writing) throw usageError(`--supersede ${name}: that is the card this proposal writes; a card cannot supersede itself`);
    if (!files.includes(file)) files.push(file);
  }
  return files;
}

/** The change that marks `file` superseded by `byName`, with its history entry; null when it already says so. */
export function supersedeChange(memoryDir: string, file: string, byName: string, actor: string, now: Date, history: readonly HistoryEntry[]): CardChange | null {
  const before = fs.readFileSync(path.join(memoryDir, file));
  const next = setFrontmatterFieldsBytes(before, { status: "superseded", superseded_by: byName });
  if (next.equals(before)) return null;
  // A text no revision holds is adopted first by the commit (lib/records/adopt-first.ts), so the mark can be undone.
  return { card: file, before: sha256Hex(before), previous: before, content: next, entry: writeEntry(history, file, "update", { actor, now }, next, before) };
}

/**
 * Under the records lock, before a save of card `name`: the cards `names` it supersedes, checked, and the save's
 * other changes marking them (a text no revision holds is adopted by the commit itself); `out` collects what was
 * marked. accept --supersede and the owner's save --supersede alike.
 */
export function supersedingChanges(ctx: WriteContext, name: string, names: readonly string[], out: Superseded[]): Also {
  const replaced = supersedeTargets(ctx.memoryDir, names, findCardFile(ctx.memoryDir, name));
  return ({ name: byName, history }) =>
    replaced.flatMap((old) => {
      const change = supersedeChange(ctx.memoryDir, old, byName, ctx.actor, ctx.now, history());
      out.push({ file: old, superseded_by: byName, rev: change?.entry?.rev ?? null });
      return change ? [change] : [];
    });
}
