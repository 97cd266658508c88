import fs from "node:fs";
import path from "node:path";
import { sha256Hex } from "../lib/core/sha256.js";
import { memctlStateHome } from "../lib/store/paths.js";
import { commitFile } from "../lib/store/write.js";
import { findBackup, keepBackup, moveLegacyBackup, readText, removeEmptyDirs, type FileChange } from "./apply.js";
import type { PlannedEdit } from "./context.js";

// What install did to one file, kept in <state>/installs/<hash of its path>.json until uninstall: whether the
// file existed before, the folders memctl's write created for it, and the hash of what memctl last wrote. A file
// still holding exactly those bytes was not changed since, so uninstall gives back the pre-install bytes (or
// absence) instead of re-parsing it; created folders are removed again, and no folder memctl did not create.

export interface InstallRecord {
  file: string;
  /** The file did not exist before this install: uninstall deletes it. */
  created: boolean;
  /** The folders memctl created for the file, outermost first. */
  dirs: string[];
  /** sha256 (hex) of the text memctl last wrote; "" once someone else changed the file between two installs. */
  wrote: string;
}

/** The folder of install records, beside the backups: <state>/installs. */
export function recordsDir(io: { env: Record<string, string | undefined>; home: string }): string {
  return path.join(memctlStateHome(io), "installs");
}

function recordPath(file: string, records: string): string {
  return path.join(records, `${sha256Hex(path.resolve(file)).slice(0, 16)}.json`);
}

/** The record of a file's install; null when there is none (never installed, uninstalled, or an older memctl's install). */
export function readRecord(file: string, records: string): InstallRecord | null {
  let text: string | null;
  try {
    text = readText(recordPath(file, records));
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    const r = JSON.parse(text) as Partial<InstallRecord>;
    const valid = r.file === path.resolve(file) && typeof r.created === "boolean" && typeof r.wrote === "string" && Array.isArray(r.dirs);
    return valid && r.dirs!.every((d) => typeof d === "string" && path.isAbsolute(d)) ? (r as InstallRecord) : null;
  } catch {
    return null; // a damaged record: uninstall falls back to removing memctl's entries only
  }
}

export async function writeRecord(record: InstallRecord, records: string): Promise<void> {
  fs.mkdirSync(records, { recursive: true });
  await commitFile(recordPath(record.file, records), JSON.stringify(record) + "\n");
}

export function dropRecord(file: string, records: string): void {
  fs.rmSync(recordPath(file, records), { force: true });
}

export function hashOf(text: string): string {
  return sha256Hex(text);
}

/** The folders a write of `file` would create (its missing ancestors), outermost first. */
export function missingDirs(file: string): string[] {
  const missing: string[] = [];
  let dir = path.dirname(path.resolve(file));
  while (!fs.existsSync(dir)) {
    missing.unshift(dir);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return missing;
}

/** Removes the given folders that are empty, deepest first (a folder emptied by removing its child goes too). */
export function removeCreatedDirs(dirs: Iterable<string>): void {
  for (const dir of [...new Set(dirs)].sort((a, b) => b.length - a.length)) {
    try {
      fs.rmdirSync(dir);
    } catch {
      // not empty (someone else's file is in it) or already gone: it stays or stays gone
    }
  }
}

/**
 * The text a file had before this install (null: it did not exist): the backup, unless the record says the
 * file was created (a backup left from an earlier install of a file since deleted does not count).
 */
export function originalText(file: string, backups: string, record: InstallRecord | null): string | null {
  if (record?.created) return null;
  const found = findBackup(file, backups);
  return found ? readText(found.path) : null;
}

/** One file of a run: its edit, its record as the run found it, and the change planned for it. */
export interface PlannedChange {
  edit: PlannedEdit;
  record: InstallRecord | null;
  change: FileChange;
}

/**
 * What uninstall leaves of a file: the exact pre-install text (or absence) when the file still holds what memctl
 * last wrote; otherwise the file with memctl's entries taken out, as the edit does it, keeping a missing final
 * newline missing.
 */
export function undoText(edit: PlannedEdit, before: string | null, backups: string, record: InstallRecord | null): string | null {
  const original = originalText(edit.file, backups, record);
  const structural = edit.uninstall(before, original);
  if (before === null || structural === before) return structural;
  if (record && !edit.owned && hashOf(before) === record.wrote) {
    if (record.created) return null;
    if (original !== null) return original;
  }
  const eolAdded = original !== null && structural !== null && !original.endsWith("\n") && (structural === `${original}\n` || structural === `${original}\r\n`);
  return eolAdded ? original : structural;
}

/**
 * Writes one planned change. An install keeps a backup of a file that existed (once per install: a copy left by an
 * install since undone is replaced) and records what it wrote and the folders it created, before writing.
 */
export async function commitPlanned(planned: PlannedChange, mode: "install" | "uninstall", dirs: { backups: string; records: string }): Promise<FileChange> {
  const { edit, record, change } = planned;
  const { file, before, after } = change;
  if (!change.changed) return change;
  const kept = moveLegacyBackup(file, dirs.backups);
  if (mode === "install" && after !== null) {
    let backup: string | undefined;
    if (record === null && before !== null && !edit.owned && (kept === null || !holdsMemctl(edit, before, kept))) {
      backup = keepBackup(file, file, dirs.backups, { replace: kept !== null });
    }
    const created = missingDirs(file);
    // Someone else changed the file since memctl's last write: its pre-install bytes no longer undo this install
    // (they would drop that change), so from now on uninstall takes out memctl's entries only.
    const foreign = record !== null && before !== null && hashOf(before) !== record.wrote;
    const next: InstallRecord = record
      ? { ...record, dirs: [...new Set([...record.dirs, ...created])], wrote: foreign ? "" : hashOf(after) }
      : { file: path.resolve(file), created: before === null, dirs: created, wrote: hashOf(after) };
    await writeRecord(next, dirs.records);
    await commitFile(file, after, { followLink: true });
    return { ...change, ...(backup ? { backup } : {}) };
  }
  if (after === null) {
    fs.rmSync(file, { force: true });
    // No record of the folders (an older memctl's install, or its rendered file this install only rewrote): the old rule.
    if (record === null || (edit.owned && !record.created)) removeEmptyDirs(path.dirname(file), edit.root);
  } else await commitFile(file, after, { followLink: true });
  return change;
}

/** A file with memctl's entries in it and a backup already: an older memctl's install, whose backup is the original. */
function holdsMemctl(edit: PlannedEdit, before: string, backup: string): boolean {
  try {
    return edit.uninstall(before, readText(backup)) !== before;
  } catch {
    return true;
  }
}

/** After a run: the records of the files it is done with go, and the folders they created are removed if empty. */
export function closeRecords(done: PlannedChange[], records: string): void {
  const dirs: string[] = [];
  for (const { edit, record } of done) {
    if (!record) continue;
    dirs.push(...record.dirs);
    dropRecord(edit.file, records);
  }
  // The records folder is memctl's own (writeRecord made it): the last uninstall takes it too, when nothing is left in it.
  removeCreatedDirs([...dirs, records]);
}

/**
 * After an uninstall that left files another scope still holds: the folders the closed records created that hold
 * such a file are that file's record's now, so the other scope's uninstall removes them.
 */
export async function handOverDirs(closed: PlannedChange[], kept: PlannedChange[], records: string): Promise<void> {
  const dirs = closed.flatMap((p) => p.record?.dirs ?? []).filter((d) => fs.existsSync(d));
  for (const { edit } of kept) {
    const record = readRecord(edit.file, records);
    const inside = dirs.filter((d) => record !== null && record.file.startsWith(d + path.sep) && !record.dirs.includes(d));
    if (record && inside.length > 0) await writeRecord({ ...record, dirs: [...record.dirs, ...inside].sort((a, b) => a.length - b.length) }, records);
  }
}

/** Files uninstall put back as they were before install that still hold memctl's entries (an older memctl's wiring install had healed). */
export function restoredWithOlderWiring(done: PlannedChange[]): string[] {
  return done
    .filter(({ edit, change }) => {
      if (!change.changed || change.after === null) return false;
      try {
        return edit.uninstall(change.after, change.after) !== change.after;
      } catch {
        return false;
      }
    })
    .map((p) => p.edit.file);
}
